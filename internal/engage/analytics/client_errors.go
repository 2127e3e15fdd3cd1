package analytics

import (
	"net/http"
	"unicode/utf8"

	"efir/internal/httpx"
)

// Client errors: what the viewer's pages report of their own failures (an
// uncaught error, a rejected promise, a failed request), after the client's
// ignore list and sampling (web/src/shared/analytics/errors.ts).

const (
	maxErrorMessage = 1000
	maxErrorStack   = 8000
	maxAppVersion   = 32
)

var clientErrorKinds = map[string]bool{"error": true, "rejection": true, "request": true}

// ClientError is POST /v2/client_errors.
type ClientError struct {
	Kind       string `json:"kind"`
	Message    string `json:"message"`
	Page       string `json:"page"`
	Status     int    `json:"status"` // a failed request's HTTP status; 0 otherwise
	Stack      string `json:"stack"`
	AppVersion string `json:"app_version"`
}

func (c *ClientError) validate() error {
	bad := func(field, key string) error { return httpx.Invalid(field, key) }
	switch {
	case !clientErrorKinds[c.Kind]:
		return bad("kind", "analytics_type_unknown")
	case c.Message == "":
		return bad("message", "analytics_field_required")
	case !utf8.ValidString(c.Message) || utf8.RuneCountInString(c.Message) > maxErrorMessage:
		return bad("message", "analytics_text_too_long")
	case c.Page != "" && (c.Page[0] != '/' || text(c.Page, maxPage) != ""):
		return bad("page", "analytics_page_invalid")
	case c.Status < 0 || c.Status > 599:
		return bad("status", "analytics_value_invalid")
	case !utf8.ValidString(c.Stack) || utf8.RuneCountInString(c.Stack) > maxErrorStack:
		return bad("stack", "analytics_text_too_long")
	case text(c.AppVersion, maxAppVersion) != "":
		return bad("app_version", "analytics_text_too_long")
	}
	return nil
}

func (s *Service) handleClientError(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.pace(ctx, r, s.errs, s.errsIP); err != nil {
		return err
	}
	var in ClientError
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if err := in.validate(); err != nil {
		return err
	}
	v := viewerOf(r)
	if _, err := s.db.Exec(ctx, `INSERT INTO client_errors (provider_id, user_id, created_at, kind, message, page, status,
		stack, app_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, v.ProviderID, v.UserID, s.cfg.Now().Unix(), in.Kind,
		in.Message, in.Page, in.Status, in.Stack, in.AppVersion); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}
