// Package channels is the console's channels section: the operator's
// line-up (channels, their order, categories, logos, sources, catch-up,
// archive days and blackouts), the M3U import with its preview, and the
// guide sources (XMLTV by address, fetched on a schedule) with the report of
// their last import and the matching of guide channels to the line-up.
//
// Every call needs channels.write and works on the session's operator only;
// every change writes an audit entry in its own transaction and moves the
// line-up version, so viewers see it within seconds (internal/tv caches).
package channels

import (
	"context"
	"embed"
	"net/http"
	"net/netip"
	"time"

	"efir/internal/httpx"
	"efir/internal/netguard"
	"efir/internal/operator"
	"efir/internal/store"
	"efir/internal/tv"
	"efir/internal/tv/epgimport"
)

// textFiles are the section's server texts: texts/channels.{lang}.json.
//
//go:embed texts/*.json
var textFiles embed.FS

func init() { httpx.RegisterFS(textFiles, "texts") }

// Caches is what the section needs of the live TV service: dropping its
// caches after a change made by this process.
type Caches interface {
	Invalidate()
}

// Section is the channels section of the console.
type Section struct {
	staff *operator.Service
	db    *store.DB
	tv    Caches
	now   func() time.Time
	// guard keeps guide fetches off the server's own machine and networks
	// (staff choose the addresses); guides download with fetcher.
	guard   *netguard.Guard
	fetcher *http.Client
}

// New makes the section; tv may be nil (tests of the store alone).
// fetchAllow are the local or private networks guide sources may still be
// fetched from (EFIR_FETCH_ALLOW_NETWORKS).
func New(staff *operator.Service, db *store.DB, lineup Caches, now func() time.Time, fetchAllow []netip.Prefix) *Section {
	if now == nil {
		now = time.Now
	}
	guard := netguard.New(fetchAllow)
	return &Section{staff: staff, db: db, tv: lineup, now: now, guard: guard, fetcher: guard.Client(epgimport.NewTransport())}
}

var _ Caches = (*tv.Service)(nil)

// Register mounts the section's calls.
func (s *Section) Register(mux *http.ServeMux) {
	g := func(pattern string, h httpx.Handler) { mux.Handle(pattern, s.staff.Guard(operator.PermChannelsW, h)) }
	g("GET /v2/operator/lineup", s.handleLineup)
	g("POST /v2/operator/lineup/order", s.handleOrder)
	g("POST /v2/operator/lineup/category_order", s.handleCategoryOrder)
	g("POST /v2/operator/lineup/m3u_preview", s.handleM3UPreview)
	g("POST /v2/operator/lineup/m3u_apply", s.handleM3UApply)
	g("POST /v2/operator/channels", s.handleCreate)
	g("PATCH /v2/operator/channels/{id}", s.handleUpdate)
	g("POST /v2/operator/channels/{id}/logo", s.handleLogoUpload)
	g("DELETE /v2/operator/channels/{id}/logo", s.handleLogoDelete)
	g("GET /v2/operator/channels/{id}/blackouts", s.handleBlackouts)
	g("POST /v2/operator/channels/{id}/blackouts", s.handleAddBlackout)
	g("DELETE /v2/operator/channels/{id}/blackouts/{blackout}", s.handleDeleteBlackout)
	g("POST /v2/operator/channel_categories", s.handleCreateCategory)
	g("PATCH /v2/operator/channel_categories/{id}", s.handleUpdateCategory)
	g("GET /v2/operator/guide_sources", s.handleGuideSources)
	g("POST /v2/operator/guide_sources", s.handleAddGuideSource)
	g("PATCH /v2/operator/guide_sources/{id}", s.handleUpdateGuideSource)
	g("DELETE /v2/operator/guide_sources/{id}", s.handleDeleteGuideSource)
	g("POST /v2/operator/guide_sources/{id}/fetch", s.handleFetchNow)
	g("GET /v2/operator/guide_sources/{id}/unmatched", s.handleUnmatched)
	g("POST /v2/operator/guide_sources/{id}/mappings", s.handleMapping)
	// the uploaded logos, for viewers
	mux.Handle("GET /v2/channels/{id}/logo", httpx.Handler(s.handleLogo))
}

// changed moves the line-up version inside the change's transaction (every
// copy of efir reloads) and drops this process's caches at once.
func (s *Section) changed(ctx context.Context, tx store.Querier) error {
	return tv.BumpLineup(ctx, tx)
}

// invalidate drops this process's caches after a committed change.
func (s *Section) invalidate() {
	if s.tv != nil {
		s.tv.Invalidate()
	}
}
