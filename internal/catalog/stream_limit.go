package catalog

import (
	"context"
	"net/http"

	"efir/internal/httpx"
)

// Streams is what catalog needs of the streams area (package streams): a
// stream handed out takes the device's place among the subscriber's streams
// at once, and may stop the oldest stream of another device.
type Streams interface {
	StartStream(ctx context.Context, sess *httpx.Session, statID, kind string, itemID int64, lang string) error
}

// startStream registers a film or episode stream. Trailers are not
// counted: short, open to everybody, and a viewer may look at one beside
// the channel playing.
func (s *Service) startStream(r *http.Request, v *viewer, statID string, contentID int64) error {
	if s.cfg.Streams == nil {
		return nil
	}
	return s.cfg.Streams.StartStream(r.Context(), httpx.SessionFrom(r.Context()), statID, "vod", contentID, v.lang)
}
