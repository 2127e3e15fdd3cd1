package server

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"efir/internal/httpx"
)

// canceledModule answers GET /v2/canceled (and any media path) with the
// error a store call makes of a canceled context.
type canceledModule struct{}

func (canceledModule) Register(mux *http.ServeMux) {
	canceled := httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
		return fmt.Errorf("list rows: %w", context.Canceled)
	})
	mux.Handle("GET /v2/canceled", canceled)
	mux.Handle("GET /media/{token}/{file...}", canceled)
}

// TestClientClosedRequestIsNoError: a request its client gave up on is
// logged as 499 at info level, with no 500 answer and no error line; the
// same error while the client waits is still a logged 500.
func TestClientClosedRequestIsNoError(t *testing.T) {
	var reqLog, appLog bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&appLog, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { slog.SetDefault(old) })
	h := Handler(Options{Modules: []Module{canceledModule{}},
		Logger: slog.New(slog.NewTextHandler(&reqLog, &slog.HandlerOptions{Level: slog.LevelDebug}))})

	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the client closed its connection
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/v2/canceled", nil).WithContext(ctx))
	if w.Code == http.StatusInternalServerError || w.Body.Len() != 0 {
		t.Fatalf("answer to a gone client: %d %s", w.Code, w.Body)
	}
	line := reqLog.String()
	if !strings.Contains(line, "status=499") || !strings.Contains(line, "level=INFO") || strings.Contains(line, "status=500") {
		t.Fatalf("request log: %s", line)
	}
	if strings.Contains(appLog.String(), "level=ERROR") {
		t.Fatalf("logged as an error: %s", appLog.String())
	}

	reqLog.Reset()
	w = httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/v2/canceled", nil))
	if w.Code != http.StatusInternalServerError || !strings.Contains(reqLog.String(), "status=500") ||
		!strings.Contains(reqLog.String(), "level=ERROR") {
		t.Fatalf("the server's own cancellation: %d, log %s", w.Code, reqLog.String())
	}
}

// TestClientClosedMediaRequest: a player giving up on a media request
// (zapping mid-segment) logs at debug, like the segments it got.
func TestClientClosedMediaRequest(t *testing.T) {
	var reqLog bytes.Buffer
	h := Handler(Options{Modules: []Module{canceledModule{}},
		Logger: slog.New(slog.NewTextHandler(&reqLog, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/media/grant/video-180p/1.ts", nil).WithContext(ctx))
	if line := reqLog.String(); !strings.Contains(line, "status=499") || !strings.Contains(line, "level=DEBUG") ||
		strings.Contains(line, "grant") {
		t.Fatalf("request log: %s", line)
	}
}
