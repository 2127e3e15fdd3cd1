// Package httpx holds the API conventions every feature package shares: JSON in
// and out, the error shape {"error":{type,message,detail}}, the authenticated
// session in the request context, the client address and paging.
package httpx

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"

	"efir/internal/store"
)

// Error types the client reacts to (DESIGN section 3 and the spec's catalogue).
const (
	TypeAuthenticationFailed = "authentication_failed"
	TypeInvalidPhone         = "invalid_phone"
	TypePermissionDenied     = "permission_denied"
	TypeLostContent          = "lost_content"
	TypeTokenExpired         = "token_expired"
	TypeTooManyDevices       = "too_many_devices"
	TypeForbiddenCountry     = "forbidden_country"
	TypeRateLimited          = "rate_limited"
	TypeValidation           = "validation_error"
	TypeNotFound             = "not_found"
	TypeMethodNotAllowed     = "method_not_allowed"
	TypeConflict             = "conflict"
	TypeInternal             = "internal"
	// TypeParentalCodeRequired: the action needs the parental PIN (or its
	// pass); the client asks for it and tries again.
	TypeParentalCodeRequired = "parental_code_required"
)

// Error is a two-sided error: Cause is logged, the rest goes to the client.
// Key is a message key of the server catalogue (messages.go; the texts are
// in each package's texts/{lang}.json), translated by
// the request's Accept-Language; Message, when set, is used as is.
type Error struct {
	Status  int
	Type    string
	Key     string
	Args    []any
	Message string
	Detail  map[string]string
	Header  http.Header
	Cause   error
}

func (e *Error) Error() string {
	s := fmt.Sprintf("%d %s", e.Status, e.Type)
	if e.Cause != nil {
		s += ": " + e.Cause.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Cause }

// WithDetail adds a field message (a message key, translated on output).
func (e *Error) WithDetail(field, key string) *Error {
	if e.Detail == nil {
		e.Detail = map[string]string{}
	}
	e.Detail[field] = key
	return e
}

// New makes an error with a status, a type and a message key.
func New(status int, typ, key string, args ...any) *Error {
	return &Error{Status: status, Type: typ, Key: key, Args: args}
}

// Shorthands for the common cases.
func BadRequest(key string, args ...any) *Error {
	return New(http.StatusBadRequest, TypeValidation, key, args...)
}
func Invalid(field, key string) *Error {
	return New(http.StatusBadRequest, TypeValidation, "error_validation").WithDetail(field, key)
}
func NotFound() *Error { return New(http.StatusNotFound, TypeNotFound, "error_not_found") }
func Unauthorized() *Error {
	return New(http.StatusUnauthorized, TypeAuthenticationFailed, "error_authentication_failed")
}
func Forbidden(key string) *Error {
	return New(http.StatusForbidden, TypePermissionDenied, key)
}

// ParentalCodeRequired answers 403 for an action the parental PIN protects
// when neither a code nor the PIN's pass came with it.
func ParentalCodeRequired() *Error {
	return New(http.StatusForbidden, TypeParentalCodeRequired, "error_parental_code_required")
}

// RateLimited answers 429 with the wait in seconds (detail and Retry-After).
func RateLimited(waitSeconds int) *Error {
	if waitSeconds < 1 {
		waitSeconds = 1
	}
	w := strconv.Itoa(waitSeconds)
	e := New(http.StatusTooManyRequests, TypeRateLimited, "error_rate_limited", waitSeconds)
	e.Detail = map[string]string{"wait": w}
	e.Header = http.Header{"Retry-After": {w}}
	return e
}

type errorBody struct {
	Error errorPayload `json:"error"`
}

type errorPayload struct {
	Type    string            `json:"type"`
	Message string            `json:"message"`
	Detail  map[string]string `json:"detail,omitempty"`
}

// StatusClientClosed is the status a request is logged with when its
// client went away before the answer (nginx's 499): nothing is sent, and it
// is no failure of the server's.
const StatusClientClosed = 499

// WriteError answers err in the API error shape. Unknown errors become a 500
// whose cause is logged and never shown. A request whose client is gone
// gets no answer at all (see clientGone).
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var e *Error
	if !errors.As(err, &e) {
		switch {
		case errors.Is(err, store.ErrNotFound):
			e = NotFound()
		case errors.Is(err, store.ErrConflict):
			e = New(http.StatusConflict, TypeConflict, "error_conflict")
		default:
			e = New(http.StatusInternalServerError, TypeInternal, "error_internal")
			e.Cause = err
		}
	}
	if e.Status >= 500 && clientGone(r) {
		// The request's work was cut short by its own end (a query
		// canceled with it, whatever error the driver makes of that):
		// no one reads an answer, and error counts are for the server's
		// faults. The request log shows StatusClientClosed.
		slog.DebugContext(r.Context(), "request canceled by its client", "method", r.Method, "path", r.URL.Path, "err", err)
		return
	}
	if e.Status >= 500 {
		slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	lang := Lang(r)
	msg := e.Message
	if msg == "" {
		msg = T(lang, e.Key, e.Args...)
	}
	var detail map[string]string
	if len(e.Detail) > 0 {
		detail = make(map[string]string, len(e.Detail))
		for k, v := range e.Detail {
			detail[k] = T(lang, v)
		}
	}
	for k, vs := range e.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	WriteJSON(w, e.Status, errorBody{Error: errorPayload{Type: e.Type, Message: msg, Detail: detail}})
}

// clientGone reports whether r has ended before its answer: net/http
// cancels a request's context when its client closes the connection (and
// a deadline on it, context.DeadlineExceeded, ends it the same way).
// Contexts the server derives for its own work do not count: a
// context.Canceled from one of those, with the request still alive, is a
// fault of the server and answered 500.
func clientGone(r *http.Request) bool { return r.Context().Err() != nil }
