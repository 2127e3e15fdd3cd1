package app

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"efir/internal/config"
	"efir/internal/httpx"
	"efir/internal/media"
	"efir/internal/server/fastconn"
	"efir/internal/store"
)

// lazyOrigin is the media origin made on first use: preparing it copies the
// embedded demo media and loads every asset, which most API tests never
// need. `efir serve` warms it at start (Options.WarmMedia) so a broken
// asset still stops the start.
type lazyOrigin struct {
	once   sync.Once
	init   func() (*media.Origin, error)
	origin *media.Origin
	mux    *http.ServeMux
	err    error
	ready  atomic.Pointer[media.Origin] // set once the origin is up
}

func newLazyOrigin(cfg config.Config, db *store.DB, now func() time.Time) *lazyOrigin {
	return &lazyOrigin{init: func() (*media.Origin, error) {
		dir, err := media.PrepareDir(cfg.DataDir, cfg.MediaDir)
		if err != nil {
			return nil, err
		}
		secret, err := media.LoadSecret(context.Background(), db, cfg.MediaSecret)
		if err != nil {
			return nil, err
		}
		return media.NewOrigin(media.OriginConfig{Dir: dir, Secret: secret, Now: now, TTL: cfg.MediaURLTTL})
	}}
}

func (l *lazyOrigin) get() (*media.Origin, error) {
	l.once.Do(func() {
		if l.origin, l.err = l.init(); l.err == nil {
			l.mux = http.NewServeMux()
			l.origin.Register(l.mux)
			l.ready.Store(l.origin)
		}
	})
	return l.origin, l.err
}

// Register routes every /media/ request to the origin's own routes.
func (l *lazyOrigin) Register(mux *http.ServeMux) { mux.Handle("/media/", l) }

func (l *lazyOrigin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if _, err := l.get(); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	l.mux.ServeHTTP(w, r)
}

var _ fastconn.Source = (*lazyOrigin)(nil)

// Segment feeds the server's connection fast path. It never starts the
// origin: until something else has, every request goes to the handler,
// which does.
func (l *lazyOrigin) Segment(target string, now time.Time) (media.SegmentFile, bool) {
	o := l.ready.Load()
	if o == nil {
		return media.SegmentFile{}, false
	}
	return o.Segment(target, now)
}

func (l *lazyOrigin) Sign(g media.Grant) string {
	o, err := l.get()
	if err != nil {
		return ""
	}
	return o.Sign(g)
}

func (l *lazyOrigin) Thumbnails(g media.Grant) (string, []int64) {
	o, err := l.get()
	if err != nil {
		return "", nil
	}
	return o.Thumbnails(g)
}

// Assets is empty when the origin could not start: streams then answer
// "unavailable" instead of a broken URL.
func (l *lazyOrigin) Assets() []string {
	o, err := l.get()
	if err != nil {
		return nil
	}
	return o.Assets()
}

func (l *lazyOrigin) LoopLength(asset string) (time.Duration, bool) {
	o, err := l.get()
	if err != nil {
		return 0, false
	}
	return o.LoopLength(asset)
}
