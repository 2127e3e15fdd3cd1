package identity

import (
	"context"
	"net/http"

	"efir/internal/httpx"
)

// StreamKeeper is what identity needs of the streams area (package
// streams): a watch report keeps its stream alive, and a report for a
// stream stopped by the limit of streams at once is refused (409
// stream_stopped) so that the player stops and says why.
type StreamKeeper interface {
	StreamSeen(ctx context.Context, sess *httpx.Session, statID, lang string) error
}

// SetStreams sets the streams area (it is made after identity, which posts
// its messages).
func (s *Service) SetStreams(k StreamKeeper) { s.streams = k }

// streamSeen runs before the report's pace is counted: a stopped player
// must learn it at once, even from a report that would be refused as too
// early.
func (s *Service) streamSeen(r *http.Request, sess *httpx.Session, statID string) error {
	if s.streams == nil || sess == nil {
		return nil
	}
	return s.streams.StreamSeen(r.Context(), sess, statID, httpx.Lang(r))
}
