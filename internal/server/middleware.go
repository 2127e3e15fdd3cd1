package server

import (
	"io"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"efir/internal/httpx"
)

// contentSecurityPolicy is what the built client needs: its own scripts only,
// media and workers from blob: (hls.js feeds MediaSource through blob URLs),
// media from data: too (hls.js gives each subtitle track an empty data:
// WebVTT source),
// images from anywhere secure (operators' logos and posters). Telegram's
// web-app script (loaded only when Telegram opens the site as a mini app)
// and Telegram's web client, which frames mini apps, are let in too.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' https://telegram.org; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob: https:; media-src 'self' blob: data: https:; connect-src 'self' https:; " +
	"font-src 'self' data:; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; " +
	"form-action 'self'; frame-ancestors 'self' https://web.telegram.org"

func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		if strings.HasPrefix(r.URL.Path, "/media/") {
			// Playlists and segments are not documents: the page
			// policies mean nothing there and cost every segment hit.
			next.ServeHTTP(w, r)
			return
		}
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if frameable(r.URL.Path) {
			// Embedded players are meant to be framed by operators' sites.
			h.Set("Content-Security-Policy", strings.Replace(contentSecurityPolicy, "frame-ancestors 'self'", "frame-ancestors *", 1))
		} else {
			h.Set("Content-Security-Policy", contentSecurityPolicy)
			h.Set("X-Frame-Options", "SAMEORIGIN")
		}
		next.ServeHTTP(w, r)
	})
}

// embedRoutes are the pages other sites may frame: the players alone.
var embedRoutes = []string{"/channel_embed/", "/content_embed/"}

// frameable tells an embed page by its route, not by a substring anywhere in
// the path: /settings/x_embed/ is a page of the site like any other, and
// framing it would open it to clickjacking.
func frameable(path string) bool {
	for _, p := range embedRoutes {
		if strings.HasPrefix(path, p) && len(path) > len(p) {
			return true
		}
	}
	return false
}

type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// ReadFrom keeps sendfile(2) for files copied through the log wrapper (the
// media origin's segments): the copy reaches the connection's ReadFrom.
func (w *statusWriter) ReadFrom(r io.Reader) (int64, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := io.Copy(w.ResponseWriter, r)
	w.bytes += n
	return n, err
}

// logRequests writes one line per request. The query string is left out on
// purpose: it may carry access_token.
func logRequests(log *slog.Logger, next http.Handler) http.Handler {
	if log == nil {
		log = slog.Default()
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		if sw.status == 0 {
			sw.status = http.StatusOK
			if r.Context().Err() != nil {
				// Nothing written and the client gone (httpx.WriteError
				// writes nothing then): a request the client closed, not
				// a failure, and not a 200 either.
				sw.status = httpx.StatusClientClosed
			}
		}
		level := slog.LevelInfo
		path := r.URL.Path
		if rest, ok := strings.CutPrefix(path, "/media/"); ok {
			// A media path carries a signed grant that works until it
			// expires: keep it out of the logs like access tokens. Playlist
			// and segment hits are many per viewer, so they log at debug,
			// and so do the ones a player gave up on (zapping, seeking).
			_, file, _ := strings.Cut(rest, "/")
			path = "/media/…/" + file
			if sw.status < 400 || sw.status == httpx.StatusClientClosed {
				level = slog.LevelDebug
			}
		}
		if sw.status >= 500 {
			level = slog.LevelError
		}
		log.LogAttrs(r.Context(), level, "http",
			slog.String("method", r.Method), slog.String("path", path),
			slog.Int("status", sw.status), slog.Int64("bytes", sw.bytes),
			slog.Duration("took", time.Since(start)), slog.String("ip", httpx.ClientIP(r).String()))
	})
}

func recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				slog.Error("panic", "path", r.URL.Path, "value", v, "stack", string(debug.Stack()))
				httpx.WriteError(w, r, httpx.New(http.StatusInternalServerError, httpx.TypeInternal, "error_internal"))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// apiErrors rewrites the mux's own plain-text 404 and 405 answers under /v2
// into the API error shape. Handlers of ours always set a JSON content type,
// so a text/plain 404/405 can only come from the mux.
func apiErrors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/v2/") {
			next.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(&apiErrorWriter{ResponseWriter: w, r: r}, r)
	})
}

type apiErrorWriter struct {
	http.ResponseWriter
	r        *http.Request
	swallow  bool
	answered bool
}

func (w *apiErrorWriter) WriteHeader(code int) {
	if w.answered {
		return
	}
	w.answered = true
	if (code == http.StatusNotFound || code == http.StatusMethodNotAllowed) &&
		strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		w.swallow = true
		w.Header().Del("X-Content-Type-Options")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		e := httpx.NotFound()
		if code == http.StatusMethodNotAllowed {
			e = httpx.New(code, httpx.TypeMethodNotAllowed, "error_method_not_allowed")
		}
		httpx.WriteError(w.ResponseWriter, w.r, e)
		return
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *apiErrorWriter) Write(b []byte) (int, error) {
	if !w.answered {
		w.WriteHeader(http.StatusOK)
	}
	if w.swallow {
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

func (w *apiErrorWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
