package httpx

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// captureDefaultLog sends the default logger to a buffer for the test.
func captureDefaultLog(t *testing.T) *bytes.Buffer {
	t.Helper()
	var b bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&b, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { slog.SetDefault(old) })
	return &b
}

// TestWriteErrorClientGone: an error of a request whose client went away
// is no answer and no logged failure; the same error with the client still
// there, or a cancellation of the server's own, is a 500 as before.
func TestWriteErrorClientGone(t *testing.T) {
	log := captureDefaultLog(t)
	canceled := fmt.Errorf("list rows: %w", context.Canceled)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	gone := httptest.NewRequest("GET", "/v2/rows", nil).WithContext(ctx)
	w := httptest.NewRecorder()
	WriteError(w, gone, canceled)
	if w.Body.Len() != 0 || w.Header().Get("Content-Type") != "" || w.Code == http.StatusInternalServerError {
		t.Fatalf("answered a gone client: %d %v %s", w.Code, w.Header(), w.Body)
	}
	// A driver's own error for the canceled query counts the same.
	w = httptest.NewRecorder()
	WriteError(w, gone, fmt.Errorf("sqlite: interrupted (9)"))
	if w.Body.Len() != 0 {
		t.Fatalf("answered a gone client: %d %s", w.Code, w.Body)
	}
	if strings.Contains(log.String(), "level=ERROR") || !strings.Contains(log.String(), "canceled by its client") {
		t.Fatalf("log:\n%s", log)
	}
	// Answers that are not failures are still written (no one reads them).
	w = httptest.NewRecorder()
	WriteError(w, gone, NotFound())
	if w.Code != http.StatusNotFound {
		t.Fatalf("404 to a gone client: %d", w.Code)
	}

	log.Reset()
	live := httptest.NewRequest("GET", "/v2/rows", nil)
	w = httptest.NewRecorder()
	WriteError(w, live, canceled)
	if w.Code != http.StatusInternalServerError || !strings.Contains(w.Body.String(), TypeInternal) ||
		!strings.Contains(log.String(), "level=ERROR") {
		t.Fatalf("the server's own cancellation: %d %s\n%s", w.Code, w.Body, log)
	}
}
