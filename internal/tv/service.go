package tv

import (
	"context"
	"net/http"
	"time"
	_ "time/tzdata" // the provider time zone must load on hosts without tzdata

	"efir/internal/httpx"
	"efir/internal/media"
	"efir/internal/store"
)

// Origin is what tv needs of the media origin (package media): signing a
// grant into a URL (and its thumbnails' index) and knowing the loop assets.
type Origin interface {
	Sign(media.Grant) string
	Thumbnails(media.Grant) (string, []int64)
	Assets() []string
	LoopLength(asset string) (time.Duration, bool)
}

// Parental is what tv needs of the parental PIN (package identity): whether
// the session may take a protected action now (nil), or must prove the PIN
// first (403 parental_code_required).
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
	// MediaBaseURL prefixes the signed media paths ("" = relative URLs,
	// which hls.js resolves against the page).
	MediaBaseURL string
	// Location is the time zone of schedule dates (default Europe/Moscow).
	Location *time.Location
	Now      func() time.Time
}

// Service is the live TV area.
type Service struct {
	db     *store.DB
	origin Origin
	cfg    Config
	now    func() time.Time
	cache  *cache
	// schedules is the per-channel schedule cache (schedule_cache.go).
	schedules *scheduleCache
	// guides keeps the /guide grids per window (guide_cache.go).
	guides *guideCache
	// targets checks content and person favourites (favorites.go).
	targets FavoriteTargets
}

// New makes the service; origin may be nil (streams then answer 403).
func New(db *store.DB, origin Origin, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Location == nil {
		cfg.Location = defaultLocation()
	}
	s := &Service{db: db, origin: origin, cfg: cfg, now: cfg.Now, cache: newCache(db, cfg.Now), schedules: newScheduleCache(),
		guides: newGuideCache()}
	s.cache.onChange = func() {
		s.schedules.clear()
		s.guides.clear()
	}
	return s
}

func defaultLocation() *time.Location {
	if loc, err := time.LoadLocation("Europe/Moscow"); err == nil {
		return loc
	}
	return time.FixedZone("MSK", 3*3600)
}

// Invalidate drops the cached line-up and programmes on air (after a change
// made by this process; other processes see the version setting).
func (s *Service) Invalidate() {
	s.cache.Invalidate()
	s.schedules.clear()
	s.guides.clear()
}

// Register adds the TV routes.
func (s *Service) Register(mux *http.ServeMux) {
	h := func(pattern string, fn httpx.Handler) { mux.Handle(pattern, fn) }
	h("GET /v2/channels/category_list", s.handleCategories)
	h("GET /v2/channels/channel_list", s.handleChannelList)
	h("GET /v2/users/self/channel_list", s.handleUserChannelList)
	h("GET /v2/channels/free_list", s.handleFreeList)
	h("GET /v2/channels/guide", s.handleGuide)
	h("GET /v2/channels/{id}", s.handleChannel)
	h("GET /v2/channels/{id}/logo.svg", s.handleLogo)
	h("GET /v2/channels/{id}/config", s.handleConfig)
	h("GET /v2/channels/{id}/packets", s.handlePackets)
	h("GET /v2/channels/{id}/content_schedule", s.handleContentSchedule)
	h("GET /v2/channels/{id}/schedule", s.handleSchedule)
	h("GET /v2/channels/{id}/stream", s.handleStream)
	h("GET /v2/programs/{id}", s.handleProgram)
	h("GET /v2/programs/{id}/schedule", s.handleProgramSchedule)
	h("GET /v2/users/self/favorites", s.handleFavorites)
	h("POST /v2/users/self/favorites", s.handleAddFavorite)
	h("DELETE /v2/users/self/favorites/{id}", s.handleDeleteFavorite)
}
