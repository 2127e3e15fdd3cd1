package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
)

// MaxBody is the largest request body the API reads.
const MaxBody = 1 << 20

// WriteJSON writes v as JSON with status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// OK writes v with 200.
func OK(w http.ResponseWriter, v any) { WriteJSON(w, http.StatusOK, v) }

// NoContent answers 204.
func NoContent(w http.ResponseWriter) { w.WriteHeader(http.StatusNoContent) }

// Decode reads a JSON or form-encoded body into dst. Form fields are mapped
// onto JSON field names, with "true"/"false" and numbers converted, so one
// struct with json tags serves both encodings.
func Decode(r *http.Request, dst any) error {
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	body := http.MaxBytesReader(nil, r.Body, MaxBody)
	switch ct {
	case "application/x-www-form-urlencoded", "multipart/form-data":
		r.Body = body
		parse := r.ParseForm
		if ct == "multipart/form-data" {
			// ParseForm leaves multipart bodies alone; files are not
			// wanted, so they may not exceed the body limit either.
			parse = func() error { return r.ParseMultipartForm(MaxBody) }
		}
		if err := parse(); err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				return New(http.StatusRequestEntityTooLarge, TypeValidation, "error_body_too_large")
			}
			return BadRequest("error_bad_body")
		}
		m := map[string]any{}
		for k, vs := range r.PostForm {
			if len(vs) == 0 {
				continue
			}
			m[k] = formValue(vs[0])
		}
		raw, _ := json.Marshal(m)
		return decodeJSON(strings.NewReader(string(raw)), dst)
	default:
		return decodeJSON(body, dst)
	}
}

func formValue(s string) any {
	switch s {
	case "true":
		return true
	case "false":
		return false
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil && len(s) < 16 && !strings.HasPrefix(s, "0") {
		return n
	}
	return s
}

func decodeJSON(r io.Reader, dst any) error {
	dec := json.NewDecoder(r)
	if err := dec.Decode(dst); err != nil {
		if errors.Is(err, io.EOF) {
			return nil // an empty body is an empty object
		}
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return New(http.StatusRequestEntityTooLarge, TypeValidation, "error_body_too_large")
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return Invalid(te.Field, "error_wrong_type")
		}
		return BadRequest("error_bad_body")
	}
	// One JSON value per body: anything after it is a broken request, not
	// something to ignore.
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return BadRequest("error_bad_body")
	}
	return nil
}

// Handler is the one handler shape of the API: it returns an error that is
// written in the error shape.
type Handler func(w http.ResponseWriter, r *http.Request) error

func (h Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := h(w, r); err != nil {
		WriteError(w, r, err)
	}
}

// Paging reads limit (default 20, max 100) and offset.
func Paging(r *http.Request) (limit, offset int, err error) {
	limit, offset = 20, 0
	q := r.URL.Query()
	if s := q.Get("limit"); s != "" {
		n, e := strconv.Atoi(s)
		if e != nil || n < 1 {
			return 0, 0, Invalid("limit", "error_wrong_number")
		}
		limit = min(n, 100)
	}
	if s := q.Get("offset"); s != "" {
		n, e := strconv.Atoi(s)
		if e != nil || n < 0 {
			return 0, 0, Invalid("offset", "error_wrong_number")
		}
		offset = n
	}
	return limit, offset, nil
}

// PathID reads a positive integer path value.
func PathID(r *http.Request, name string) (int64, error) {
	n, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || n <= 0 {
		return 0, NotFound()
	}
	return n, nil
}
