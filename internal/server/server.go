// Package server wires the HTTP side of efir: one route table on the standard
// mux, the middleware chain, the embedded web client and graceful shutdown.
package server

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/server/fastconn"
)

// Module is a feature package's HTTP side: it adds its routes to the mux.
type Module interface {
	Register(mux *http.ServeMux)
}

// Pinger reports whether the database answers (for /healthz).
type Pinger interface {
	Ping(ctx context.Context) error
}

// Options are what New needs.
type Options struct {
	Modules []Module
	// Middleware runs inside the common chain (after logging, security
	// headers and client address), in order; the identity package's token
	// reader goes here.
	Middleware []func(http.Handler) http.Handler
	ClientIP   httpx.ClientIPResolver
	Web        fs.FS // the built client (index.html, assets/, locales/); nil serves none
	DB         Pinger
	Logger     *slog.Logger
	// PageMeta fills the head of the served index.html for page requests
	// (title, description, canonical, Open Graph, robots); nil serves it as built.
	PageMeta PageMetaFunc
}

// Handler builds the whole HTTP handler. Serve it with Serve or
// ServeListener, which add the media fast path.
func Handler(o Options) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if o.DB != nil {
			if err := o.DB.Ping(ctx); err != nil {
				httpx.WriteJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "database unavailable"})
				return
			}
		}
		httpx.OK(w, map[string]string{"status": "ok"})
	})
	for _, m := range o.Modules {
		m.Register(mux)
	}
	// The API, media and the payment gateway's hosted pages (/pay/) live on
	// mux; everything else is the web client, so
	// that an unknown /v2 path or method is an API 404/405 (rewritten into the
	// error shape by apiErrors), never the SPA's index page.
	var root http.Handler = mux
	if o.Web != nil {
		spa := spaHandler(o.Web, o.PageMeta)
		root = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			p := r.URL.Path
			if p == "/healthz" || strings.HasPrefix(p, "/v2/") || strings.HasPrefix(p, "/media/") || strings.HasPrefix(p, "/pay/") || strings.HasPrefix(p, "/provider-api/") {
				mux.ServeHTTP(w, r)
				return
			}
			spa.ServeHTTP(w, r)
		})
	}
	h := apiErrors(root)
	for i := len(o.Middleware) - 1; i >= 0; i-- {
		h = o.Middleware[i](h)
	}
	h = securityHeaders(h)
	h = logRequests(o.Logger, h)
	h = o.ClientIP.Middleware(h) // outside the log, so the log line has the client address
	h = recoverPanics(h)
	out := &handler{Handler: h, log: o.Logger}
	for _, m := range o.Modules {
		// The media origin can name the segments it serves: Serve then
		// answers those on its connection fast path.
		if src, ok := m.(fastconn.Source); ok {
			out.segments = src
		}
	}
	return out
}

// handler is what Handler returns: the whole chain, plus what Serve's
// connection fast path needs.
type handler struct {
	http.Handler
	segments fastconn.Source // nil: no fast path
	log      *slog.Logger
}

// Serve listens on addr until ctx ends, then drains open requests for up to
// 15 seconds.
func Serve(ctx context.Context, addr string, h http.Handler, log *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	log.Info("efir listening", "addr", ln.Addr().String())
	return ServeListener(ctx, ln, h, log)
}

// ServeListener is Serve on a listener of the caller's (tests, benchmarks).
//
// When h comes from Handler with the media origin among its modules, every
// connection first meets the media fast path (package fastconn): it answers
// whole and ranged GET/HEAD of segment files itself, at several times
// net/http's rate, and hands anything else, with the bytes it read, to the
// http.Server, which from then on owns the connection. Same port, same
// answers: the fast path writes what the handler would.
func ServeListener(ctx context.Context, ln net.Listener, h http.Handler, log *slog.Logger) error {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	var fast *fastconn.Server
	httpLn := ln
	if fh, ok := h.(*handler); ok && fh.segments != nil {
		fast = fastconn.New(fastconn.Config{
			Source:            fh.segments,
			ReadHeaderTimeout: srv.ReadHeaderTimeout,
			IdleTimeout:       srv.IdleTimeout,
			Log:               fh.log,
		})
		httpLn = fast.Listener()
	}
	errc := make(chan error, 2)
	go func() { errc <- srv.Serve(httpLn) }()
	running := 1
	if fast != nil {
		running++
		go func() { errc <- fast.Serve(ln) }()
	}
	select {
	case err := <-errc:
		// A listener failed: stop the other side too.
		srv.Close()
		if fast != nil {
			done, cancel := context.WithCancel(context.Background())
			cancel()
			_ = fast.Shutdown(done)
		}
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	// The fast path first: its busy connections may still hand a request
	// to net/http, which must be up to take it.
	if fast != nil {
		if err := fast.Shutdown(sctx); err != nil {
			srv.Close()
			return err
		}
	}
	if err := srv.Shutdown(sctx); err != nil {
		return err
	}
	for range running {
		if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	}
	return nil
}
