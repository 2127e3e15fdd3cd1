// Package media is the HLS origin of efir: it turns local loop assets (a
// folder of HLS segments with asset.json) into live, archive and VOD
// playlists on the wall clock, and serves them behind signed, expiring URLs
// that it checks without the database.
package media

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"efir/internal/httpx"
)

// OriginConfig is what NewOrigin needs.
type OriginConfig struct {
	Dir    string           // the media directory (PrepareDir), one asset per sub-directory
	Secret []byte           // signing secret (LoadSecret), at least 32 bytes
	Now    func() time.Time // clock of playlists and expiry; default time.Now
	TTL    time.Duration    // life of a signed URL when a grant has no Expires; default 6h
}

// Origin serves /media/{token}/...; it is immutable after NewOrigin (but for
// a concurrent cache of checked tokens), so requests share it without locks.
type Origin struct {
	cfg    OriginConfig
	assets map[string]*asset
	names  []string
	grants grantCache // the only mutable part: safe for concurrent use
}

// DefaultTTL is the life of a signed media URL when none is configured.
const DefaultTTL = 6 * time.Hour

// NewOrigin loads and validates every asset of cfg.Dir: a broken asset stops
// the start rather than failing viewers later.
func NewOrigin(cfg OriginConfig) (*Origin, error) {
	if len(cfg.Secret) < minSecret {
		return nil, fmt.Errorf("media: secret of %d bytes, want at least %d", len(cfg.Secret), minSecret)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.TTL <= 0 {
		cfg.TTL = DefaultTTL
	}
	o := &Origin{cfg: cfg, assets: map[string]*asset{}}
	entries, err := os.ReadDir(cfg.Dir)
	if err != nil {
		return nil, fmt.Errorf("media: %w", err)
	}
	for _, e := range entries {
		dir := filepath.Join(cfg.Dir, e.Name())
		if !e.IsDir() {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, "asset.json")); errors.Is(err, os.ErrNotExist) {
			continue // not an asset (for example a leftover of an extraction)
		}
		a, err := loadAsset(dir)
		if err != nil {
			return nil, fmt.Errorf("media: %w", err)
		}
		o.assets[a.name] = a
		o.names = append(o.names, a.name)
	}
	slices.Sort(o.names)
	return o, nil
}

// Assets lists the names of the loop assets, sorted.
func (o *Origin) Assets() []string { return slices.Clone(o.names) }

// LoopLength is the length of one cycle of an asset.
func (o *Origin) LoopLength(name string) (time.Duration, bool) {
	a, ok := o.assets[name]
	if !ok {
		return 0, false
	}
	return time.Duration(a.loopMS) * time.Millisecond, true
}

// Sign returns the path of the master playlist the grant allows. Expires
// defaults to now + TTL.
func (o *Origin) Sign(g Grant) string {
	if g.Expires == 0 {
		g.Expires = o.cfg.Now().Add(o.cfg.TTL).Unix()
	}
	if !slices.Contains(kindCodes, g.Kind) || !validAssetName(g.Asset) {
		// The URL will be refused with 403; say why where a developer looks.
		slog.Error("media: signing an invalid grant", "kind", g.Kind, "asset", g.Asset)
	}
	return "/media/" + encodeToken(g, o.cfg.Secret) + "/master.m3u8"
}

// Register adds the media route (GET, so HEAD too).
func (o *Origin) Register(mux *http.ServeMux) {
	mux.Handle("GET /media/{token}/{file...}", httpx.Handler(o.serve))
}

func (o *Origin) serve(w http.ResponseWriter, r *http.Request) error {
	// Players on partners' pages fetch media cross-origin; the token, not the
	// origin of the page, is what grants access.
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Expose-Headers", "Content-Length, Content-Range")
	now := o.cfg.Now()
	l, err := o.locate(r.PathValue("token"), r.PathValue("file"), now)
	if err != nil {
		return err
	}
	switch l.path.what {
	case pathMaster:
		return servePlaylist(w, l.asset.master)
	case pathPlaylist:
		return servePlaylist(w, l.asset.mediaPlaylist(l.track, l.grant, now))
	case pathThumbIndex:
		body := l.asset.thumbnailIndex(l.grant, now)
		if body == nil {
			return httpx.NotFound()
		}
		// A recording archive's index grows, as its playlist does.
		w.Header().Set("Content-Type", "text/vtt; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(body)
		return nil
	default:
		return serveFile(w, r, l.file.Path, l.file.ContentType)
	}
}

func servePlaylist(w http.ResponseWriter, body []byte) error {
	h := w.Header()
	h.Set("Content-Type", "application/vnd.apple.mpegurl")
	h.Set("Cache-Control", "no-cache")
	_, _ = w.Write(body)
	return nil
}

// serveFile answers a segment from its file: http.ServeContent on an
// *os.File copies with sendfile(2) (checked with strace) as long as every
// ResponseWriter wrapper on the way passes io.ReaderFrom through, and it
// handles Range and conditional requests. Segments never change under a
// name within a build of the media, so they are cached for a year; the
// token's expiry bounds their use anyway. Under efir serve most segment
// requests never get here: the server's connection fast path
// (internal/server/fastconn) answers them from Segment with the same
// header fields, and this is what it hands the rest to.
func serveFile(w http.ResponseWriter, r *http.Request, name, ctype string) error {
	f, err := os.Open(name)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return httpx.NotFound()
		}
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	if r.Method != http.MethodGet || r.Header.Get("Range") != "" || r.Header.Get("If-Modified-Since") != "" ||
		r.Header.Get("If-None-Match") != "" || r.Header.Get("If-Range") != "" {
		serveContent(w, r, st.Size(), ctype, st.ModTime(), f)
		return nil
	}
	// The common case, a whole segment: the size is known, so skip
	// ServeContent's seeks and go straight to the copy, which the
	// connection turns into sendfile(2). Accept-Ranges as ServeContent
	// sends it (and HEAD does): players learn they may ask for ranges.
	h.Set("Accept-Ranges", "bytes")
	h.Set("Last-Modified", st.ModTime().UTC().Format(http.TimeFormat))
	h.Set("Content-Length", strconv.FormatInt(st.Size(), 10))
	w.WriteHeader(http.StatusOK)
	// A viewer who zaps away mid-segment is not an error of ours.
	_, _ = io.Copy(w, f)
	return nil
}

// serveContent is http.ServeContent with the Range header tidied first
// (tidyRange): many, overlapping or nearby ranges are coalesced or answered
// with the whole file, never with a multipart body larger than the file.
func serveContent(w http.ResponseWriter, r *http.Request, size int64, ctype string, modtime time.Time, content io.ReadSeeker) {
	w.Header().Set("Content-Type", ctype) // what the part headers are measured with
	if v := r.Header.Get("Range"); v != "" {
		if tidy := tidyRange(v, size, ctype); tidy != v {
			r = r.Clone(r.Context())
			if tidy == "" {
				r.Header.Del("Range")
			} else {
				r.Header.Set("Range", tidy)
			}
		}
	}
	http.ServeContent(w, r, "", modtime, content)
}
