// Package catalog is the video-on-demand area: contents (movies, programmes,
// series, seasons, episodes), persons, genres, countries, libraries, rows and
// rowsets, news, SEO masks, search, favourites of contents and persons, and
// watch history with resume.
package catalog

import (
	"context"
	"net/http"
	"time"

	"efir/internal/httpx"
	"efir/internal/media"
	"efir/internal/store"
)

// Origin is what the catalogue needs of the media origin: signing a grant
// into a playable URL (and its thumbnails' index) and knowing the local
// assets.
type Origin interface {
	Sign(media.Grant) string
	Thumbnails(media.Grant) (string, []int64)
	Assets() []string
}

// Parental is what the catalogue needs of the parental PIN (package
// identity): whether the session may take a protected action now (nil), or
// must prove the PIN first (403 parental_code_required).
type Parental interface {
	ParentalProof(ctx context.Context, sess *httpx.Session, action string) error
}

// Config tunes the service; zero values take the defaults.
type Config struct {
	// Parental checks the PIN proof of 18+ streams; nil refuses them all.
	Parental Parental
	// Streams counts the streams a subscriber watches at once; nil counts
	// nothing.
	Streams Streams
	Now     func() time.Time
}

// Service is the catalogue area.
type Service struct {
	db     *store.DB
	origin Origin
	cfg    Config
	now    func() time.Time
	// The caches of the content tree, the rows and the page meta
	// (contents_cache.go, rows_model.go, seo_pages.go).
	contents *contentCache
	rows     *rowsState
	seo      *seoCache
}

// New makes the service; origin may be nil (streams then answer 403).
func New(db *store.DB, origin Origin, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{db: db, origin: origin, cfg: cfg, now: cfg.Now,
		contents: &contentCache{db: db, tax: map[int64]*taxonomy{}, children: map[int64][]*content{}},
		rows:     &rowsState{defs: map[int64]*rowDefs{}, lists: map[int64]*listSlot{}, tiles: map[tileKey]ContentJSON{}},
		seo:      &seoCache{entries: map[string]seoEntry{}}}
}

// Register adds the catalogue routes, by topic.
func (s *Service) Register(mux *http.ServeMux) {
	s.registerContents(mux)
	s.registerRows(mux)
	s.registerSearch(mux)
}
