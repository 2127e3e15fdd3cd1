package providerapi

import (
	"context"
	"net/http"
	"time"

	"efir/internal/httpx"
)

// logKeep is how long the log of calls is kept.
const logKeep = 30 * 24 * time.Hour

// logCall writes one row of the operator's log of calls. The query string is
// never written: it carries the token.
func (s *Service) logCall(r *http.Request, c *caller, status int, took time.Duration) error {
	if status == 0 {
		status = http.StatusOK
	}
	path := r.URL.Path
	if len(path) > 300 {
		path = path[:300]
	}
	_, err := s.db.Exec(context.WithoutCancel(r.Context()), `INSERT INTO provider_api_log (provider_id, token_id, at, method,
		path, status, duration_ms, ip) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, c.ProviderID, c.TokenID, s.now().Unix(), r.Method,
		path, status, took.Milliseconds(), httpx.ClientIP(r).String())
	return err
}

// Prune drops the log's rows older than 30 days.
func (s *Service) Prune(ctx context.Context) error {
	_, err := s.db.Exec(ctx, "DELETE FROM provider_api_log WHERE at < ?", s.now().Add(-logKeep).Unix())
	return err
}

// statusWriter remembers the status of the answer for the log.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
