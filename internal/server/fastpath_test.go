package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"efir/internal/media"
)

// origin is the media fixture behind two servers built alike, one with the
// connection fast path (as efir serve runs) and one without, so a test can
// compare their answers byte for byte.
type origin struct {
	o          *media.Origin
	fast, slow string // addresses
	seg        string // a segment URL path
	log        *lockedLog
	cancel     context.CancelFunc
	fastDone   chan struct{} // closed when the fast server's Serve returned fastErr
	fastErr    error
}

type lockedLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// fastAnswers counts the answers the fast path logged.
func (l *lockedLog) fastAnswers() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Count(l.b.String(), "fast=true")
}

// fastSince is how many answers the fast path logged since it had logged
// before, waiting a little for want: a line is written just after its answer.
func (l *lockedLog) fastSince(before, want int) int {
	deadline := time.Now().Add(2 * time.Second)
	for l.fastAnswers()-before < want && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	return l.fastAnswers() - before
}

func listen(t *testing.T) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return ln
}

func startOrigin(t *testing.T, extra ...Module) *origin {
	t.Helper()
	o, err := media.NewOrigin(media.OriginConfig{Dir: "../media/testdata", Secret: []byte(strings.Repeat("s", 32)), TTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	s := &origin{o: o, log: &lockedLog{}, fastDone: make(chan struct{})}
	s.seg = strings.TrimSuffix(o.Sign(media.Grant{Kind: media.KindVOD, Asset: "fix"}), "master.m3u8") + "video-180p/1.ts"
	log := slog.New(slog.NewTextHandler(s.log, &slog.HandlerOptions{Level: slog.LevelDebug}))
	h := Handler(Options{Modules: append([]Module{o}, extra...), Logger: log})
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	fast, slow := listen(t), listen(t)
	s.fast, s.slow = fast.Addr().String(), slow.Addr().String()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	slowDone := make(chan struct{})
	go func() {
		s.fastErr = ServeListener(ctx, fast, h, quiet)
		close(s.fastDone)
	}()
	go func() {
		ServeListener(ctx, slow, http.HandlerFunc(h.ServeHTTP), quiet)
		close(slowDone)
	}()
	t.Cleanup(func() {
		cancel()
		<-s.fastDone
		<-slowDone
	})
	return s
}

// exchange sends raw (one or more requests) on a new connection to addr and
// reads n answers; methods[i] is the method of the i-th request.
func exchange(t *testing.T, addr, raw string, methods ...string) []*answer {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, raw); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(c)
	var out []*answer
	for _, m := range methods {
		res, err := http.ReadResponse(br, &http.Request{Method: m})
		if err != nil {
			t.Fatalf("answer %d: %v", len(out)+1, err)
		}
		body, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, &answer{res, body})
	}
	return out
}

type answer struct {
	*http.Response
	body []byte
}

// same reports how a and b differ, Date aside (and a multipart boundary,
// which is random).
func same(a, b *answer) string {
	ha, hb := a.Header.Clone(), b.Header.Clone()
	ha.Del("Date")
	hb.Del("Date")
	multipart := strings.HasPrefix(ha.Get("Content-Type"), "multipart/")
	if multipart {
		ha.Del("Content-Type")
		hb.Del("Content-Type")
	}
	var diff []string
	if a.Status != b.Status || a.Proto != b.Proto || a.Close != b.Close {
		diff = append(diff, a.Proto+" "+a.Status+" / "+b.Proto+" "+b.Status)
	}
	keys := slices.Sorted(maps.Keys(ha))
	if k2 := slices.Sorted(maps.Keys(hb)); !slices.Equal(keys, k2) {
		diff = append(diff, "fields "+strings.Join(keys, ",")+" / "+strings.Join(k2, ","))
	}
	for _, k := range keys {
		if !slices.Equal(ha[k], hb[k]) {
			diff = append(diff, k+": "+strings.Join(ha[k], ",")+" / "+strings.Join(hb[k], ","))
		}
	}
	if !multipart && !bytes.Equal(a.body, b.body) {
		diff = append(diff, "body")
	}
	return strings.Join(diff, "; ")
}

// TestFastPathAnswersAsTheHandler: for segment requests of every kind the
// fast path takes or declines, the answer is the one the handler gives
// without it (Date aside), and the fast path answered the ones it should.
func TestFastPathAnswersAsTheHandler(t *testing.T) {
	s := startOrigin(t)
	lm := exchange(t, s.slow, "HEAD "+s.seg+" HTTP/1.1\r\nHost: t\r\n\r\n", "HEAD")[0].Header.Get("Last-Modified")
	audio := strings.Replace(s.seg, "video-180p/1.ts", "audio-ru/0.ts", 1)
	for _, tc := range []struct {
		name, method, target, headers string
		fast                          bool
	}{
		{"whole segment", "GET", s.seg, "", true},
		{"another track", "GET", audio, "", true},
		{"HEAD", "HEAD", s.seg, "", true},
		{"range", "GET", s.seg, "Range: bytes=100-299\r\n", true},
		{"open range", "GET", s.seg, "Range: bytes=1000-\r\n", true},
		{"suffix range", "GET", s.seg, "Range: bytes=-188\r\n", true},
		{"HEAD range", "HEAD", s.seg, "Range: bytes=0-0\r\n", true},
		{"close", "GET", s.seg, "Connection: close\r\n", true},
		{"HTTP/1.0", "GET", s.seg, "HTTP/1.0", true},
		{"query", "GET", s.seg + "?_HLS_msn=1", "", true},
		{"two ranges", "GET", s.seg, "Range: bytes=0-1,5-6\r\n", false},
		{"two distant ranges", "GET", s.seg, "Range: bytes=0-99,5000-5099\r\n", false},
		{"overlapping ranges", "GET", s.seg, "Range: bytes=" + overlappingRanges + "\r\n", false},
		{"many ranges", "GET", s.seg, "Range: bytes=" + manyRanges + "\r\n", false},
		{"one range in a list", "GET", s.seg, "Range: bytes=100-299,\r\n", false},
		{"no overlap", "GET", s.seg, "Range: bytes=99999999-\r\n", false},
		{"if-modified-since: 304", "GET", s.seg, "If-Modified-Since: " + lm + "\r\n", false},
		{"if-none-match", "GET", s.seg, "If-None-Match: \"x\"\r\n", false},
		{"if-range", "GET", s.seg, "Range: bytes=0-9\r\nIf-Range: Mon, 02 Jan 2006 15:04:05 GMT\r\n", false},
		{"playlist", "GET", strings.Replace(s.seg, "video-180p/1.ts", "video-180p.m3u8", 1), "", false},
		{"master", "GET", strings.Replace(s.seg, "video-180p/1.ts", "master.m3u8", 1), "", false},
		{"unknown segment", "GET", strings.Replace(s.seg, "/1.ts", "/9.ts", 1), "", false},
		{"bad token", "GET", strings.Replace(s.seg, "/media/A", "/media/B", 1), "", false},
		{"escaped", "GET", strings.Replace(s.seg, "video-180p/", "video-180p%2F", 1), "", false},
		{"POST", "POST", s.seg, "Content-Length: 0\r\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			proto, headers := "HTTP/1.1", "Host: t\r\n"+tc.headers
			if tc.headers == "HTTP/1.0" {
				proto, headers = "HTTP/1.0", ""
			}
			raw := tc.method + " " + tc.target + " " + proto + "\r\n" + headers + "\r\n"
			before := s.log.fastAnswers()
			fast := exchange(t, s.fast, raw, tc.method)[0]
			slow := exchange(t, s.slow, raw, tc.method)[0]
			if d := same(fast, slow); d != "" {
				t.Fatalf("answers differ: %s\nfast %v\nslow %v", d, fast.Header, slow.Header)
			}
			if got, want := s.log.fastSince(before, map[bool]int{true: 1}[tc.fast]), map[bool]int{true: 1}[tc.fast]; got != want {
				t.Fatalf("fast path answered %d (status %s)", got, fast.Status)
			}
			if tc.name == "if-modified-since: 304" && fast.StatusCode != http.StatusNotModified {
				t.Fatalf("conditional: %s", fast.Status)
			}
		})
	}
}

// overlappingRanges: 300 ranges of 20 bytes, each one byte on from the
// last, which once made a multipart answer twice the segment's size;
// manyRanges: 30 one-byte ranges far apart.
var overlappingRanges, manyRanges = func() (string, string) {
	var o, m []string
	for i := range 300 {
		o = append(o, strconv.Itoa(i)+"-"+strconv.Itoa(i+19))
	}
	for i := range 30 {
		m = append(m, strconv.Itoa(i*500)+"-"+strconv.Itoa(i*500))
	}
	return strings.Join(o, ","), strings.Join(m, ",")
}()

// TestManyRangesAnswerStaysSmall: many or overlapping ranges of a segment
// are answered, on the fast path's port as without it, with no more bytes
// than the segment has: the overlapping ones as one range, the many as the
// whole segment.
func TestManyRangesAnswerStaysSmall(t *testing.T) {
	s := startOrigin(t)
	size := len(exchange(t, s.slow, "GET "+s.seg+" HTTP/1.1\r\nHost: t\r\n\r\n", "GET")[0].body)
	for _, tc := range []struct {
		ranges string
		status int
		length int
	}{
		{overlappingRanges, http.StatusPartialContent, 319},
		{manyRanges, http.StatusOK, size},
	} {
		raw := "GET " + s.seg + " HTTP/1.1\r\nHost: t\r\nRange: bytes=" + tc.ranges + "\r\n\r\n"
		for _, addr := range []string{s.fast, s.slow} {
			a := exchange(t, addr, raw, "GET")[0]
			if a.StatusCode != tc.status || len(a.body) != tc.length || len(a.body) > size {
				t.Fatalf("%.40s... on %s: %s, %d bytes of a %d byte segment", tc.ranges, addr, a.Status, len(a.body), size)
			}
		}
	}
}

// TestBadTokenReachesTheHandler: a refused grant is handed off and answered
// in the API's error shape.
func TestBadTokenReachesTheHandler(t *testing.T) {
	s := startOrigin(t)
	a := exchange(t, s.fast, "GET "+strings.Replace(s.seg, "/media/A", "/media/B", 1)+" HTTP/1.1\r\nHost: t\r\n\r\n", "GET")[0]
	var body struct {
		Error struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(a.body, &body); err != nil || a.StatusCode != 403 || body.Error.Type != "permission_denied" ||
		body.Error.Message == "" || !strings.HasPrefix(a.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("%s %v %s", a.Status, a.Header, a.body)
	}
}

// TestKeepAliveAndPipelining: one connection carries segments, then an API
// call (handed off there), then more; pipelined requests keep their order.
func TestKeepAliveAndPipelining(t *testing.T) {
	s := startOrigin(t)
	seg := "GET " + s.seg + " HTTP/1.1\r\nHost: t\r\n\r\n"
	api := "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"
	want := exchange(t, s.slow, seg, "GET")[0].body
	before := s.log.fastAnswers()
	got := exchange(t, s.fast, seg+seg+"HEAD "+s.seg+" HTTP/1.1\r\nHost: t\r\n\r\n"+api+seg, "GET", "GET", "HEAD", "GET", "GET")
	for i, a := range got {
		switch i {
		case 0, 1, 4:
			if a.StatusCode != 200 || !bytes.Equal(a.body, want) {
				t.Fatalf("answer %d: %s %d bytes", i+1, a.Status, len(a.body))
			}
		case 2:
			if a.StatusCode != 200 || len(a.body) != 0 || a.ContentLength != int64(len(want)) {
				t.Fatalf("HEAD: %s %d", a.Status, a.ContentLength)
			}
		case 3:
			if a.StatusCode != 200 || !strings.Contains(string(a.body), `"ok"`) {
				t.Fatalf("API: %s %s", a.Status, a.body)
			}
		}
	}
	if n := s.log.fastSince(before, 3); n != 3 {
		t.Fatalf("fast path answered %d, want the 3 before the API call", n)
	}
}

// TestServeShutdownWithFastPath: on shutdown an idle fast-path connection is
// closed, a request in net/http's hands completes, and Serve returns.
func TestServeShutdownWithFastPath(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	s := startOrigin(t, blockModule{entered, release})
	idle, err := net.Dial("tcp", s.fast)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	io.WriteString(idle, "GET "+s.seg+" HTTP/1.1\r\nHost: t\r\n\r\n")
	br := bufio.NewReader(idle)
	res, err := http.ReadResponse(br, nil)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("%v %v", res, err)
	}
	io.Copy(io.Discard, res.Body)

	busy := make(chan error, 1)
	go func() {
		res, err := http.Get("http://" + s.fast + "/v2/block")
		if err == nil {
			res.Body.Close()
			if res.StatusCode != 200 {
				err = errors.New(res.Status)
			}
		}
		busy <- err
	}()
	<-entered
	s.cancel()
	idle.SetReadDeadline(time.Now().Add(3 * time.Second))
	if _, err := br.ReadByte(); err == nil || strings.Contains(err.Error(), "timeout") {
		t.Fatalf("the idle connection is still open: %v", err)
	}
	if c, err := net.DialTimeout("tcp", s.fast, time.Second); err == nil {
		c.Close()
		t.Error("new connections are still accepted while draining")
	}
	select {
	case <-s.fastDone:
		t.Fatalf("Serve returned with a request in flight: %v", s.fastErr)
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	if err := <-busy; err != nil {
		t.Fatalf("in-flight request: %v", err)
	}
	select {
	case <-s.fastDone:
		if s.fastErr != nil {
			t.Fatal(s.fastErr)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return")
	}
}

type blockModule struct{ entered, release chan struct{} }

func (m blockModule) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET /v2/block", func(w http.ResponseWriter, r *http.Request) {
		close(m.entered)
		<-m.release
		io.WriteString(w, "{}")
	})
}
