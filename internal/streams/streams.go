// Package streams counts the streams a subscriber watches at once. Every
// live, catch-up, film or episode stream handed out is a row kept alive by
// its player's watch reports; the operator's stream_limit says how many
// devices may stream together. The newest stream always starts, the oldest
// other device stops, and its viewer is told on the player's next report
// (409 stream_stopped) and in their messages.
package streams

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
)

const (
	// aliveWindow: a stream counts while handed out or reported within it.
	// Players report every 30 s (web/src/features/player/usePlayback.ts),
	// so a report lost now and then does not free the place.
	aliveWindow = 90 * time.Second
	// keepFor: rows stay this long after their last report, so that a
	// player paused for hours still learns on resuming that it was stopped.
	keepFor = 24 * time.Hour
	// reasonLimit: stopped because another device started past the limit.
	reasonLimit = "limit"
	// TypeStreamStopped is the error type of a report for a stopped stream.
	TypeStreamStopped = "stream_stopped"
)

// Operators finds an operator's settings (the provider service).
type Operators interface {
	ByID(ctx context.Context, id int64) (*provider.Provider, error)
}

// Messenger posts a message to a viewer's messages (identity).
type Messenger interface {
	PostMessage(ctx context.Context, userID int64, title, text string) (int64, error)
}

// Config wires the service; Now defaults to time.Now.
type Config struct {
	Now       func() time.Time
	Operators Operators
	Messenger Messenger
}

// Service is the streams area.
type Service struct {
	db  *store.DB
	cfg Config
}

// New makes the service.
func New(db *store.DB, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{db: db, cfg: cfg}
}

// limitOf is the operator's streams at once (0: no limit). An operator
// that is gone limits nothing: its viewers' tokens are refused anyway.
func (s *Service) limitOf(ctx context.Context, providerID int64) int {
	if s.cfg.Operators == nil {
		return 0
	}
	p, err := s.cfg.Operators.ByID(ctx, providerID)
	if err != nil {
		return 0
	}
	return max(p.StreamLimit, 0)
}

// stoppedError answers a report for a stream stopped by the limit.
func stoppedError(limit int) *httpx.Error {
	return httpx.New(http.StatusConflict, TypeStreamStopped, "error_stream_stopped", limit)
}

// tell posts the viewer's message about a stop. A failure is logged: the
// stop itself stands and the player still shows why.
func (s *Service) tell(ctx context.Context, userID int64, lang string, limit int) {
	if s.cfg.Messenger == nil {
		return
	}
	title, text := httpx.T(lang, "stream_stopped_title"), httpx.T(lang, "stream_stopped_text", limit)
	if _, err := s.cfg.Messenger.PostMessage(ctx, userID, title, text); err != nil {
		slog.WarnContext(ctx, "message about a stopped stream failed", "user", userID, "err", err)
	}
}
