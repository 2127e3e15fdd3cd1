package fastconn

import (
	"bufio"
	"bytes"
	"net/http"
	"net/textproto"
	"strings"
	"testing"
)

const seg = "/media/AQIEY2gwMQ.sig_-x/video-720p/0.m4s"

func TestParseHead(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     verdict
		check    func(t *testing.T, h head)
	}{
		{"plain GET", "GET " + seg + " HTTP/1.1\r\nHost: a\r\n\r\n", serve, func(t *testing.T, h head) {
			if h.head || h.close || h.rng != nil || string(h.path) != seg {
				t.Errorf("%+v", h)
			}
		}},
		{"HEAD with query", "HEAD " + seg + "?x=1 HTTP/1.1\r\nHost: a\r\n\r\n", serve, func(t *testing.T, h head) {
			if !h.head || string(h.path) != seg {
				t.Errorf("%+v", h)
			}
		}},
		{"range and close", "GET " + seg + " HTTP/1.1\r\nhost: a:1\r\nRANGE: bytes=0-9\r\nConnection: Close\r\nUser-Agent: x\r\n\r\n", serve,
			func(t *testing.T, h head) {
				if !h.close || string(h.rng) != "bytes=0-9" {
					t.Errorf("%+v", h)
				}
			}},
		{"HTTP/1.0 closes", "GET " + seg + " HTTP/1.0\r\n\r\n", serve, func(t *testing.T, h head) {
			if !h.close || !h.http10 {
				t.Errorf("%+v", h)
			}
		}},
		{"content-length 0", "GET " + seg + " HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n", serve, nil},
		{"keep-alive 1.1", "GET " + seg + " HTTP/1.1\r\nHost: a\r\nConnection: keep-alive\r\n\r\n", serve, nil},
		{"pipelined: one head", "GET " + seg + " HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\r\n", serve, func(t *testing.T, h head) {
			if h.length != len("GET "+seg+" HTTP/1.1\r\nHost: a\r\n\r\n") {
				t.Errorf("length %d", h.length)
			}
		}},

		{"partial line", "GET /med", needMore, nil},
		{"partial head", "GET " + seg + " HTTP/1.1\r\nHost: a\r\n", needMore, nil},
		{"empty", "", needMore, nil},

		{"API", "GET /v2/channels HTTP/1.1\r\n", handOff, nil},
		{"API prefix alone", "POST", handOff, nil},
		{"h2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", handOff, nil},
		{"playlist is the origin's call, not ours", "GET /media/x/master.m3u8 HTTP/1.1\r\nHost: a\r\n\r\n", serve, nil},
		{"escape", "GET /media/a%2Fb/x HTTP/1.1\r\nHost: a\r\n\r\n", handOff, nil},
		{"no host", "GET " + seg + " HTTP/1.1\r\n\r\n", handOff, nil},
		{"two hosts", "GET " + seg + " HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", handOff, nil},
		{"odd host", "GET " + seg + " HTTP/1.1\r\nHost: a/b\r\n\r\n", handOff, nil},
		{"1.0 keep-alive", "GET " + seg + " HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", handOff, nil},
		{"upgrade", "GET " + seg + " HTTP/1.1\r\nHost: a\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n", handOff, nil},
		{"conditional", "GET " + seg + " HTTP/1.1\r\nHost: a\r\nIf-None-Match: \"x\"\r\n\r\n", handOff, nil},
		{"if-range", "GET " + seg + " HTTP/1.1\r\nHost: a\r\nRange: bytes=0-1\r\nIf-Range: x\r\n\r\n", handOff, nil},
		{"body", "GET " + seg + " HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc", handOff, nil},
		{"chunked", "GET " + seg + " HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n", handOff, nil},
		{"two ranges headers", "GET " + seg + " HTTP/1.1\r\nHost: a\r\nRange: bytes=0-1\r\nRange: bytes=2-3\r\n\r\n", handOff, nil},
		{"bare LF", "GET " + seg + " HTTP/1.1\nHost: a\n\n", handOff, nil},
		{"bare LF in headers", "GET " + seg + " HTTP/1.1\r\nHost: a\n", handOff, nil},
		{"folded header", "GET " + seg + " HTTP/1.1\r\nHost: a\r\nX: 1\r\n 2\r\n\r\n", handOff, nil},
		{"space before colon", "GET " + seg + " HTTP/1.1\r\nHost : a\r\n\r\n", handOff, nil},
		{"control byte", "GET " + seg + " HTTP/1.1\r\nHost: a\r\nX: a\x01b\r\n\r\n", handOff, nil},
		{"HTTP/1.2", "GET " + seg + " HTTP/1.2\r\nHost: a\r\n\r\n", handOff, nil},
		{"lower-case method", "get " + seg + " HTTP/1.1\r\nHost: a\r\n\r\n", handOff, nil},
		{"absolute form", "GET http://a/media/x HTTP/1.1\r\nHost: a\r\n\r\n", handOff, nil},
		{"two spaces", "GET  " + seg + " HTTP/1.1\r\nHost: a\r\n\r\n", handOff, nil},
		{"too long", "GET " + seg + " HTTP/1.1\r\nHost: a\r\nCookie: " + strings.Repeat("c", maxHead) + "\r\n\r\n", handOff, nil},
		{"too long, unfinished", "GET " + seg + " HTTP/1.1\r\nHost: a\r\nCookie: " + strings.Repeat("c", maxHead), handOff, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var h head
			if got := parseHead([]byte(tc.in), &h); got != tc.want {
				t.Fatalf("verdict %d, want %d", got, tc.want)
			}
			if tc.check != nil {
				tc.check(t, h)
			}
		})
	}
}

// FuzzParseHead: no input panics, and a head the fast path answers is one
// net/http reads the same way (method, path, Range, whether the connection
// stays open), with nothing of a body, so answering it here changes nothing
// for the client. Any prefix of a servable head is needMore or servable
// later, never a handoff (a slow client is not pushed off the fast path).
func FuzzParseHead(f *testing.F) {
	for _, s := range []string{
		"GET " + seg + " HTTP/1.1\r\nHost: a\r\n\r\n",
		"HEAD " + seg + "?a=b HTTP/1.0\r\nRange: bytes=-5\r\n\r\n",
		"GET " + seg + " HTTP/1.1\r\nHost: [::1]:80\r\nConnection: keep-alive, close\r\nRange: bytes=1-\r\n\r\nGET",
		"GET " + seg + " HTTP/1.1\r\nHost: a\r\nX-Y: \t v \t\r\nContent-Length: 0\r\n\r\n",
		"GET /v2/x HTTP/1.1\r\nHost: a\r\n\r\n",
		"GET /media/. HTTP/1.1\r\nHost: a\r\n\r\n",
		"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var h head
		v := parseHead(b, &h)
		for i := range len(b) {
			var hp head
			if parseHead(b[:i], &hp) == handOff && v == serve {
				t.Fatalf("prefix %q handed off, the whole %q is served", b[:i], b)
			}
		}
		if v != serve {
			return
		}
		if h.length <= 0 || h.length > len(b) || !bytes.HasSuffix(b[:h.length], []byte("\r\n\r\n")) {
			t.Fatalf("length %d of %q", h.length, b)
		}
		r, err := http.ReadRequest(bufio.NewReader(bytes.NewReader(b[:h.length])))
		if err != nil {
			t.Fatalf("served %q, which net/http refuses: %v", b, err)
		}
		if want := map[bool]string{false: "GET", true: "HEAD"}[h.head]; r.Method != want {
			t.Fatalf("method %q, net/http %q", want, r.Method)
		}
		if r.URL.Path != string(h.path) || r.URL.RawPath != "" {
			t.Fatalf("path %q, net/http %q (raw %q)", h.path, r.URL.Path, r.URL.RawPath)
		}
		if got := r.Header.Get("Range"); h.rng == nil && len(r.Header["Range"]) > 0 || h.rng != nil && got != string(h.rng) {
			t.Fatalf("range %q, net/http %q", h.rng, got)
		}
		if r.Close != h.close {
			t.Fatalf("close %v, net/http %v for %q", h.close, r.Close, b)
		}
		if r.ContentLength > 0 || len(r.TransferEncoding) > 0 {
			t.Fatalf("served %q, which has a body", b)
		}
		// ReadRequest drops Host from the header; the server counts it.
		_, fields, _ := bytes.Cut(b[:h.length], []byte("\r\n"))
		mh, err := textproto.NewReader(bufio.NewReader(bytes.NewReader(fields))).ReadMIMEHeader()
		if err != nil || r.ProtoMinor == 1 && len(mh["Host"]) != 1 || len(mh["Host"]) > 1 || r.Header.Get("Upgrade") != "" {
			t.Fatalf("served %q: hosts %q (%v)", b, mh["Host"], err)
		}
	})
}
