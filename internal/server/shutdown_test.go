package server

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"efir/internal/httpx"
)

// TestRequestLogLeavesOutTheQuery: the access_token query parameter (and any
// other query) never reaches the log; the path, status and address do.
func TestRequestLogLeavesOutTheQuery(t *testing.T) {
	var buf bytes.Buffer
	h := Handler(Options{
		Modules: []Module{pingModule{}},
		Logger:  slog.New(slog.NewTextHandler(&buf, nil)),
	})
	do(h, "GET", "/v2/ping?access_token=SeCrEtToKeN123&x=1", map[string]string{"Authorization": "Token OtHeRsEcReT"})
	do(h, "GET", "/v2/nothing?access_token=SeCrEtToKeN123", nil)
	log := buf.String()
	for _, secret := range []string{"SeCrEtToKeN123", "OtHeRsEcReT", "access_token"} {
		if strings.Contains(log, secret) {
			t.Fatalf("the log holds %q: %s", secret, log)
		}
	}
	for _, want := range []string{"path=/v2/ping", "status=200", "path=/v2/nothing", "status=404", "ip=192.0.2.10"} {
		if !strings.Contains(log, want) {
			t.Fatalf("the log lacks %q: %s", want, log)
		}
	}
}

// TestRequestLogLeavesOutMediaGrants: a media path's signed grant works until
// it expires, so the log keeps only the file part; failures still log at info.
func TestRequestLogLeavesOutMediaGrants(t *testing.T) {
	var buf bytes.Buffer
	h := Handler(Options{
		Modules: []Module{pingModule{}},
		Logger:  slog.New(slog.NewTextHandler(&buf, nil)),
	})
	do(h, "GET", "/media/GrAnTsIgNaTuRe.abc/master.m3u8", nil)
	log := buf.String()
	if strings.Contains(log, "GrAnTsIgNaTuRe") {
		t.Fatalf("the log holds the grant: %s", log)
	}
	if !strings.Contains(log, "master.m3u8") || !strings.Contains(log, "status=404") {
		t.Fatalf("the failed media request is not logged: %s", log)
	}
}

// TestServeDrainsOnShutdown: when the context ends (SIGTERM in efir serve), a
// request in flight is completed, new connections are refused and Serve
// returns cleanly.
func TestServeDrainsOnShutdown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()

	entered, release := make(chan struct{}), make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		<-release
		if r.Context().Err() != nil {
			t.Error("the request context was cancelled by the shutdown")
		}
		httpx.OK(w, map[string]string{"status": "done"})
	})
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- Serve(ctx, addr, h, slog.New(slog.NewTextHandler(io.Discard, nil))) }()

	type answer struct {
		body string
		err  error
	}
	got := make(chan answer, 1)
	go func() {
		var res *http.Response
		var err error
		for i := 0; i < 100; i++ { // until the listener is up
			if res, err = http.Get("http://" + addr + "/slow"); err == nil {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err != nil {
			got <- answer{err: err}
			return
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		got <- answer{string(b), err}
	}()
	select {
	case <-entered:
	case a := <-got:
		t.Fatalf("request ended before reaching the handler: %+v", a)
	case <-time.After(5 * time.Second):
		t.Fatal("the request never reached the handler")
	}
	cancel()
	time.Sleep(100 * time.Millisecond) // Shutdown has closed the listener by now
	if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		c.Close()
		t.Error("new connections are still accepted while draining")
	}
	select {
	case err := <-served:
		t.Fatalf("Serve returned before the request finished: %v", err)
	default:
	}
	close(release)
	a := <-got
	if a.err != nil || !strings.Contains(a.body, "done") {
		t.Fatalf("in-flight request: %q %v", a.body, a.err)
	}
	select {
	case err := <-served:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after draining")
	}
}
