package tv

import (
	"context"
	"net/http"

	"efir/internal/httpx"
)

// Streams is what tv needs of the streams area (package streams): a stream
// handed out takes the device's place among the subscriber's streams at
// once, and may stop the oldest stream of another device.
type Streams interface {
	StartStream(ctx context.Context, sess *httpx.Session, statID, kind string, itemID int64, lang string) error
}

// startStream registers a live or catch-up stream of a channel. The caller
// leaves out previews: muted tiles that send no watch reports.
func (s *Service) startStream(r *http.Request, v *viewer, statID, kind string, channelID int64) error {
	if s.cfg.Streams == nil {
		return nil
	}
	return s.cfg.Streams.StartStream(r.Context(), httpx.SessionFrom(r.Context()), statID, kind, channelID, v.lang)
}
