// Package apitest drives the real efir HTTP handler (every module wired as in
// production) on a real database, and checks every response against
// api/openapi.yaml: an endpoint or a field the contract does not describe fails
// the test.
package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"efir/api"
	"efir/internal/app"
	"efir/internal/config"
	"efir/internal/demo"
	"efir/internal/store"
)

var (
	specOnce   sync.Once
	specRouter routers.Router
	specErr    error
)

func contract() (routers.Router, error) {
	specOnce.Do(func() {
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromData(api.Spec)
		if err != nil {
			specErr = fmt.Errorf("load openapi.yaml: %w", err)
			return
		}
		if err := doc.Validate(context.Background()); err != nil {
			specErr = fmt.Errorf("openapi.yaml is invalid: %w", err)
			return
		}
		doc.Servers = openapi3.Servers{{URL: "http://efir.test"}}
		specRouter, specErr = gorillamux.NewRouter(doc)
	})
	return specRouter, specErr
}

// Server is the efir handler under test.
type Server struct {
	t       testing.TB
	DB      *store.DB
	Handler http.Handler
	// RemoteAddr is the client address requests come from (default 10.0.0.1:5000).
	RemoteAddr string
}

// New builds the handler on db, with the demo operator seeded. cfg tweaks
// start from the defaults of config.Load with an empty environment.
func New(t testing.TB, db *store.DB, tweak ...func(*config.Config)) *Server {
	t.Helper()
	return NewWithOptions(t, db, app.Options{}, tweak...)
}

// NewWithOptions is New with the hooks of app.Options, such as a clock the
// test moves:
//
//	now := time.Unix(1_800_000_000, 0)
//	srv := apitest.NewWithOptions(t, db, app.Options{Now: func() time.Time { return now }})
func NewWithOptions(t testing.TB, db *store.DB, opts app.Options, tweak ...func(*config.Config)) *Server {
	t.Helper()
	cfg := config.Config{Addr: ":0", DataDir: t.TempDir(), PublicURL: "http://efir.test", OTPSender: "outbox",
		Demo: true, Dev: true, TelegramAPIURL: "https://api.telegram.org"}
	for _, f := range tweak {
		f(&cfg)
	}
	quietLogs()
	ctx := context.Background()
	if cfg.Demo {
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatalf("demo seed: %v", err)
		}
		if err := demo.EnsureCommerce(ctx, db); err != nil {
			t.Fatalf("demo shop: %v", err)
		}
		if err := demo.EnsureStaff(ctx, db); err != nil {
			t.Fatalf("demo staff: %v", err)
		}
	}
	h, err := app.Handler(ctx, cfg, db, opts)
	if err != nil {
		t.Fatalf("build handler: %v", err)
	}
	return &Server{t: t, DB: db, Handler: h, RemoteAddr: "10.0.0.1:5000"}
}

var quietOnce sync.Once

// quietLogs drops request and info logs in tests unless EFIR_TEST_LOG is set,
// so a failing test's output is its own.
func quietLogs() {
	quietOnce.Do(func() {
		if os.Getenv("EFIR_TEST_LOG") == "" {
			slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
		}
	})
}

// Request is one call.
type Request struct {
	Method string
	Path   string // with query
	Body   any    // marshalled as JSON unless it is a string (sent as is) or nil
	Token  string
	Header http.Header
	// Form sends Body (a map[string]string) form-encoded.
	Form bool
}

// Response is what came back.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v, failing the test on bad JSON.
func (r *Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// ErrorType is the error.type of an error answer ("" otherwise).
func (r *Response) ErrorType() string {
	var e struct {
		Error struct {
			Type string `json:"type"`
		} `json:"error"`
	}
	_ = json.Unmarshal(r.Body, &e)
	return e.Error.Type
}

// Do runs req through the handler and validates the answer against the
// contract.
func (s *Server) Do(req Request) *Response {
	s.t.Helper()
	r, raw, res := s.send(req)
	if err := validate(contract, r, raw, res); err != nil {
		s.t.Errorf("%s %s -> %d violates api/openapi.yaml: %v\nbody: %.600s", req.Method, req.Path, res.Status, err, res.Body)
	}
	return res
}

// send runs req through the handler: the request as sent, its body and the
// answer.
func (s *Server) send(req Request) (*http.Request, []byte, *Response) {
	s.t.Helper()
	var body io.Reader
	var raw []byte
	ct := ""
	switch b := req.Body.(type) {
	case nil:
	case string:
		raw = []byte(b)
		ct = "application/json"
	case map[string]string:
		if req.Form {
			vals := make([]string, 0, len(b))
			for k, v := range b {
				vals = append(vals, k+"="+v)
			}
			raw = []byte(strings.Join(vals, "&"))
			ct = "application/x-www-form-urlencoded"
			break
		}
		raw, _ = json.Marshal(b)
		ct = "application/json"
	default:
		var err error
		if raw, err = json.Marshal(b); err != nil {
			s.t.Fatalf("marshal body: %v", err)
		}
		ct = "application/json"
	}
	if raw != nil {
		body = bytes.NewReader(raw)
	}
	r := httptest.NewRequest(req.Method, "http://efir.test"+req.Path, body)
	r.RemoteAddr = s.RemoteAddr
	if ct != "" {
		r.Header.Set("Content-Type", ct)
	}
	for k, vs := range req.Header {
		for _, v := range vs {
			r.Header.Add(k, v)
		}
	}
	if req.Token != "" {
		r.Header.Set("Authorization", "Token "+req.Token)
	}
	w := httptest.NewRecorder()
	s.Handler.ServeHTTP(w, r)
	return r, raw, &Response{Status: w.Code, Header: w.Header(), Body: w.Body.Bytes()}
}

// validate checks that the route exists in the contract and the answer (status,
// content type, body) matches it.
func validate(contract func() (routers.Router, error), r *http.Request, reqBody []byte, res *Response) error {
	router, err := contract()
	if err != nil {
		return err
	}
	vr := r.Clone(context.Background())
	if reqBody != nil {
		vr.Body = io.NopCloser(bytes.NewReader(reqBody))
	}
	route, params, err := router.FindRoute(vr)
	if err != nil {
		if res.Status == http.StatusNotFound || res.Status == http.StatusMethodNotAllowed {
			return nil // unknown paths answer the error shape; nothing to match
		}
		return fmt.Errorf("route not described: %w", err)
	}
	opts := &openapi3filter.Options{
		AuthenticationFunc:    openapi3filter.NoopAuthenticationFunc,
		IncludeResponseStatus: true,
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request: vr, PathParams: params, Route: route, Options: opts,
		},
		Status:  res.Status,
		Header:  res.Header,
		Body:    io.NopCloser(bytes.NewReader(res.Body)),
		Options: opts,
	}
	return openapi3filter.ValidateResponse(context.Background(), in)
}
