package analytics

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/ratelimit"
)

// Register adds the viewer's calls. Both take a session when there is one
// (the token may come as access_token in the query: navigator.sendBeacon
// sends no headers) and work without one.
func (s *Service) Register(mux *http.ServeMux) {
	mux.Handle("POST /v2/analytics/events", httpx.Handler(s.handleEvents))
	mux.Handle("POST /v2/client_errors", httpx.Handler(s.handleClientError))
}

// eventsBody is POST /v2/analytics/events.
type eventsBody struct {
	Events []Event `json:"events"`
}

// Accepted answers a stored batch.
type Accepted struct {
	Accepted int `json:"accepted"`
}

func (s *Service) handleEvents(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	v := viewerOf(r)
	if err := s.pace(ctx, r, s.events, s.eventsIP); err != nil {
		return err
	}
	var in eventsBody
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	n, err := s.Ingest(ctx, v, in.Events)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusAccepted, Accepted{Accepted: n})
	return nil
}

// viewerOf is the request's operator and signed-in viewer.
func viewerOf(r *http.Request) Viewer {
	var v Viewer
	if p := provider.FromContext(r.Context()); p != nil {
		v.ProviderID = p.ID
	}
	if sess := httpx.SessionFrom(r.Context()); sess != nil {
		v.UserID, v.IsGuest = sess.UserID, sess.IsGuest
		v.ProviderID = sess.ProviderID
	}
	return v
}

// pace takes one call of the device (a session's) or of the address
// (without one), or answers 429.
func (s *Service) pace(ctx context.Context, r *http.Request, device, address ratelimit.Limiter) error {
	lim, key := address, "ip:"+httpx.ClientIP(r).String()
	if sess := httpx.SessionFrom(ctx); sess != nil {
		lim, key = device, "device:"+strconv.FormatInt(sess.DeviceID, 10)
	}
	if lim == nil {
		return nil
	}
	wait, err := lim.Take(ctx, key, s.cfg.Now())
	if err != nil {
		return err
	}
	if wait > 0 {
		return httpx.RateLimited(int((wait + time.Second - 1) / time.Second))
	}
	return nil
}
