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
}

// Handler builds the whole HTTP handler.
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
	// The API and media live on mux; everything else is the web client, so
	// that an unknown /v2 path or method is an API 404/405 (rewritten into the
	// error shape by apiErrors), never the SPA's index page.
	var root http.Handler = mux
	if o.Web != nil {
		spa := spaHandler(o.Web)
		root = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			p := r.URL.Path
			if p == "/healthz" || strings.HasPrefix(p, "/v2/") || strings.HasPrefix(p, "/media/") {
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
	return h
}

// Serve listens on addr until ctx ends, then drains open requests for up to
// 15 seconds.
func Serve(ctx context.Context, addr string, h http.Handler, log *slog.Logger) error {
	srv := &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	log.Info("efir listening", "addr", ln.Addr().String())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return err
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
