package fastconn

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"efir/internal/media"
)

// dirSource vouches for /media/ok/<name> as dir/<name>, whether or not the
// file exists (a missing one tests the fallback).
type dirSource string

func (d dirSource) Segment(target string, _ time.Time) (media.SegmentFile, bool) {
	name, ok := strings.CutPrefix(target, "/media/ok/")
	if !ok {
		return media.SegmentFile{}, false
	}
	return media.SegmentFile{Path: filepath.Join(string(d), name), ContentType: "video/mp2t"}, true
}

// rig is a fast path in front of an http.Server whose handler answers
// "slow <method> <path>", so a test sees which side answered.
type rig struct {
	addr  string
	dir   string
	small []byte // dir/small.ts: sent from memory
	big   []byte // dir/big.ts: sent by sendfile
	fast  *Server
	http  *http.Server
	done  chan error
}

func newRig(t *testing.T, cfg Config) *rig {
	t.Helper()
	r := &rig{dir: t.TempDir(), small: bytes.Repeat([]byte("s"), 1000), big: make([]byte, 200<<10)}
	for i := range r.big {
		r.big[i] = byte(i * 7)
	}
	for name, b := range map[string][]byte{"small.ts": r.small, "big.ts": r.big} {
		if err := os.WriteFile(filepath.Join(r.dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Source = dirSource(r.dir)
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	r.fast = New(cfg)
	r.http = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, q *http.Request) {
		io.WriteString(w, "slow "+q.Method+" "+q.URL.Path)
	}), ReadHeaderTimeout: 5 * time.Second}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r.addr = ln.Addr().String()
	r.done = make(chan error, 2)
	go func() { r.done <- r.fast.Serve(ln) }()
	go func() { r.done <- r.http.Serve(r.fast.Listener()) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		r.fast.Shutdown(ctx)
		r.http.Shutdown(ctx)
	})
	return r
}

// client is one raw connection.
type client struct {
	t  *testing.T
	c  net.Conn
	br *bufio.Reader
}

func (r *rig) dial(t *testing.T) *client {
	t.Helper()
	c, err := net.Dial("tcp", r.addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(10 * time.Second))
	return &client{t: t, c: c, br: bufio.NewReader(c)}
}

func (c *client) send(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.c, s); err != nil {
		c.t.Fatal(err)
	}
}

// answer reads one response (method tells a HEAD answer from a GET one).
func (c *client) answer(method string) (*http.Response, []byte) {
	c.t.Helper()
	res, err := http.ReadResponse(c.br, &http.Request{Method: method})
	if err != nil {
		c.t.Fatal(err)
	}
	b, err := io.ReadAll(res.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	return res, b
}

// closed reports whether the server closed the connection, waiting up to d.
func (c *client) closed(d time.Duration) bool {
	c.c.SetReadDeadline(time.Now().Add(d))
	_, err := c.br.ReadByte()
	return err != nil && !errors.Is(err, os.ErrDeadlineExceeded) // EOF or reset
}

func get(path string, extra ...string) string {
	return "GET " + path + " HTTP/1.1\r\nHost: t\r\n" + strings.Join(extra, "") + "\r\n"
}

func TestKeepAliveMediaThenAPI(t *testing.T) {
	r := newRig(t, Config{})
	c := r.dial(t)
	for _, name := range []string{"small.ts", "big.ts", "small.ts"} {
		c.send(get("/media/ok/" + name))
		res, body := c.answer("GET")
		want := map[string][]byte{"small.ts": r.small, "big.ts": r.big}[name]
		if res.StatusCode != 200 || !bytes.Equal(body, want) || res.Header.Get("Content-Type") != "video/mp2t" ||
			res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || res.Header.Get("Date") == "" {
			t.Fatalf("%s: %d %v (%d bytes)", name, res.StatusCode, res.Header, len(body))
		}
	}
	c.send(get("/v2/channels"))
	if _, body := c.answer("GET"); string(body) != "slow GET /v2/channels" {
		t.Fatalf("API call: %q", body)
	}
	// net/http owns the connection now, media included.
	c.send(get("/media/ok/small.ts"))
	if _, body := c.answer("GET"); string(body) != "slow GET /media/ok/small.ts" {
		t.Fatalf("after the handoff: %q", body)
	}
	if s := settledStats(r.fast, Stats{Served: 3, HandedOff: 1}); s.Served != 3 || s.HandedOff != 1 {
		t.Fatalf("stats %+v", s)
	}
}

func TestHeadAndRange(t *testing.T) {
	r := newRig(t, Config{})
	c := r.dial(t)
	for _, tc := range []struct {
		method, file, rng string
		status            int
		body              []byte
		contentRange      string
	}{
		{"HEAD", "small.ts", "", 200, nil, ""},
		{"HEAD", "big.ts", "", 200, nil, ""},
		{"GET", "small.ts", "bytes=10-19", 206, r.small[10:20], "bytes 10-19/1000"},
		{"GET", "big.ts", "bytes=-100", 206, r.big[len(r.big)-100:], "bytes 204700-204799/204800"},
		{"GET", "big.ts", "bytes=100000-", 206, r.big[100000:], "bytes 100000-204799/204800"},
		{"HEAD", "big.ts", "bytes=0-0", 206, nil, "bytes 0-0/204800"},
	} {
		hdr := ""
		if tc.rng != "" {
			hdr = "Range: " + tc.rng + "\r\n"
		}
		c.send(tc.method + " /media/ok/" + tc.file + " HTTP/1.1\r\nHost: t\r\n" + hdr + "\r\n")
		res, body := c.answer(tc.method)
		size := map[string]int{"small.ts": len(r.small), "big.ts": len(r.big)}[tc.file]
		wantLen := int64(size)
		if tc.status == 206 {
			wantLen = int64(len(tc.body))
			if tc.method == "HEAD" {
				wantLen = 1
			}
		}
		if res.StatusCode != tc.status || !bytes.Equal(body, tc.body) || res.ContentLength != wantLen ||
			res.Header.Get("Content-Range") != tc.contentRange || res.Header.Get("Accept-Ranges") != "bytes" {
			t.Fatalf("%s %s %q: %d len %d %v, %d bytes", tc.method, tc.file, tc.rng, res.StatusCode, res.ContentLength, res.Header, len(body))
		}
	}
	if s := settledStats(r.fast, Stats{Served: 6}); s.Served != 6 || s.HandedOff != 0 {
		t.Fatalf("stats %+v", s)
	}
}

// TestPipelined: requests sent in one write are answered in order, the fast
// ones here and, from the first it cannot answer on, by net/http.
func TestPipelined(t *testing.T) {
	r := newRig(t, Config{})
	c := r.dial(t)
	c.send(get("/media/ok/small.ts") + "HEAD /media/ok/big.ts HTTP/1.1\r\nHost: t\r\n\r\n" +
		get("/media/ok/big.ts", "Range: bytes=1-2\r\n") + get("/v2/x") + get("/media/ok/small.ts"))
	if _, b := c.answer("GET"); !bytes.Equal(b, r.small) {
		t.Fatal("1st")
	}
	if res, b := c.answer("HEAD"); len(b) != 0 || res.ContentLength != int64(len(r.big)) {
		t.Fatal("2nd")
	}
	if _, b := c.answer("GET"); !bytes.Equal(b, r.big[1:3]) {
		t.Fatalf("3rd %q", b)
	}
	if _, b := c.answer("GET"); string(b) != "slow GET /v2/x" {
		t.Fatalf("4th %q", b)
	}
	if _, b := c.answer("GET"); string(b) != "slow GET /media/ok/small.ts" {
		t.Fatalf("5th %q", b)
	}
}

// TestHandsOffWhatItDoesNotServe: whatever the fast path declines reaches
// net/http whole, from its first byte.
func TestHandsOffWhatItDoesNotServe(t *testing.T) {
	r := newRig(t, Config{})
	for _, tc := range []struct{ req, want string }{
		{get("/media/ok/missing.ts"), "slow GET /media/ok/missing.ts"},
		{get("/media/no/small.ts"), "slow GET /media/no/small.ts"},
		{get("/media/ok/small.ts", "If-None-Match: \"x\"\r\n"), "slow GET /media/ok/small.ts"},
		{get("/media/ok/small.ts", "Range: bytes=5000-\r\n"), "slow GET /media/ok/small.ts"},
		{get("/media/ok/small.ts", "Cookie: "+strings.Repeat("c", maxHead)+"\r\n"), "slow GET /media/ok/small.ts"},
		{"POST /media/ok/small.ts HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nhi", "slow POST /media/ok/small.ts"},
		{"GET /media/ok/small.ts HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", "slow GET /media/ok/small.ts"},
	} {
		c := r.dial(t)
		c.send(tc.req)
		if _, b := c.answer("GET"); string(b) != tc.want {
			t.Errorf("%.60q: %q", tc.req, b)
		}
	}
	// Past the fast path's 8 KiB, net/http's own limit (MaxHeaderBytes)
	// still holds: 431.
	c := r.dial(t)
	huge := get("/media/ok/small.ts", "Cookie: "+strings.Repeat("c", http.DefaultMaxHeaderBytes+8192)+"\r\n")
	go io.WriteString(c.c, huge) // the server may stop reading (and reset) before the end
	if res, _ := c.answer("GET"); res.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("huge head: %s", res.Status)
	}
	c = r.dial(t)
	c.send("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
	// net/http's answer, whatever it is (the handler's, as before the
	// fast path existed).
	if _, b := c.answer("GET"); string(b) != "slow PRI *" {
		t.Errorf("HTTP/2 preface: %q", b)
	}
	if s := settledStats(r.fast, Stats{HandedOff: 9}); s.Served != 0 || s.HandedOff != 9 {
		t.Fatalf("stats %+v", s)
	}
}

func TestConnectionClose(t *testing.T) {
	r := newRig(t, Config{})
	c := r.dial(t)
	c.send(get("/media/ok/small.ts", "Connection: close\r\n"))
	if res, _ := c.answer("GET"); !res.Close { // ReadResponse takes "Connection: close" out of the header
		t.Fatalf("%v", res.Header)
	}
	if !c.closed(2 * time.Second) {
		t.Fatal("still open after Connection: close")
	}
	c = r.dial(t)
	c.send("GET /media/ok/small.ts HTTP/1.0\r\n\r\n")
	if res, b := c.answer("GET"); res.ProtoMinor != 0 || !bytes.Equal(b, r.small) || !res.Close {
		t.Fatalf("HTTP/1.0: %s %v", res.Proto, res.Header)
	}
	if !c.closed(2 * time.Second) {
		t.Fatal("HTTP/1.0 connection still open")
	}
}

// TestSlowHeadAndIdleTimeouts: a head trickling in is cut at
// ReadHeaderTimeout (slowloris), an idle connection at IdleTimeout; a head
// arriving in pieces within the time is answered.
func TestSlowHeadAndIdleTimeouts(t *testing.T) {
	r := newRig(t, Config{ReadHeaderTimeout: 300 * time.Millisecond, IdleTimeout: 500 * time.Millisecond})

	c := r.dial(t)
	req := get("/media/ok/small.ts")
	c.send(req[:10])
	time.Sleep(100 * time.Millisecond)
	c.send(req[10:])
	if _, b := c.answer("GET"); !bytes.Equal(b, r.small) {
		t.Fatal("a head in two pieces was not answered")
	}

	slow := r.dial(t)
	start := time.Now()
	slow.send(req[:20])
	for range 3 {
		time.Sleep(50 * time.Millisecond)
		slow.send("x")
	}
	if !slow.closed(3 * time.Second) {
		t.Fatal("a slow head kept the connection")
	}
	if d := time.Since(start); d < 250*time.Millisecond || d > 2*time.Second {
		t.Fatalf("slow head cut after %v", d)
	}

	idle := r.dial(t)
	idle.send(req)
	idle.answer("GET")
	start = time.Now()
	if !idle.closed(3 * time.Second) {
		t.Fatal("an idle connection was kept")
	}
	if d := time.Since(start); d < 400*time.Millisecond || d > 2*time.Second {
		t.Fatalf("idle connection cut after %v", d)
	}
}

// TestShutdown: idle connections are closed at once, a request in progress
// is answered (with Connection: close) before Shutdown returns, and new
// connections are refused.
func TestShutdown(t *testing.T) {
	r := newRig(t, Config{})
	idle := r.dial(t)
	idle.send(get("/media/ok/small.ts"))
	idle.answer("GET")
	busy := r.dial(t)
	req := get("/media/ok/big.ts")
	busy.send(req[:15])
	time.Sleep(300 * time.Millisecond) // the fast path has read the piece (generous: CI machines are busy)

	shut := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		shut <- r.fast.Shutdown(ctx)
	}()
	if !idle.closed(2 * time.Second) {
		t.Fatal("the idle connection was not closed")
	}
	select {
	case err := <-shut:
		t.Fatalf("Shutdown returned with a request in progress: %v", err)
	case <-time.After(100 * time.Millisecond):
	}
	if c, err := net.DialTimeout("tcp", r.addr, time.Second); err == nil {
		c.Close()
		t.Fatal("new connections are still accepted")
	}
	busy.send(req[15:])
	res, b := busy.answer("GET")
	if !bytes.Equal(b, r.big) || !res.Close {
		t.Fatalf("the request in progress: close %v, %d bytes", res.Close, len(b))
	}
	select {
	case err := <-shut:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("Shutdown did not return")
	}
	if err := <-r.done; err != nil {
		t.Fatalf("Serve: %v", err)
	}
}

// TestDebugLogLeavesOutTheGrant: answers are logged at debug level, with the
// file part of the path only.
func TestDebugLogLeavesOutTheGrant(t *testing.T) {
	var buf lockedBuffer
	r := newRig(t, Config{Log: slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	c := r.dial(t)
	c.send(get("/media/ok/small.ts"))
	c.answer("GET")
	for deadline := time.Now().Add(2 * time.Second); !strings.Contains(buf.String(), "status=") && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond) // the line is written just after the answer
	}
	log := buf.String()
	if !strings.Contains(log, "path=/media/…/small.ts") || !strings.Contains(log, "status=200") ||
		!strings.Contains(log, "bytes=1000") || strings.Contains(log, "/ok/") {
		t.Fatalf("log: %s", log)
	}
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// settledStats reads the server's counts once they reach want, or after a
// second: an answer is counted right after it is written, so the client may
// read it a moment before the count moves.
func settledStats(s *Server, want Stats) Stats {
	deadline := time.Now().Add(time.Second)
	for {
		got := s.Stats()
		if got == want || time.Now().After(deadline) {
			return got
		}
		time.Sleep(time.Millisecond)
	}
}
