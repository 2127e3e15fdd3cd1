// Package pagesadmin is the pages section of the operator console: the
// rowsets (the home page and the other pages of rows), their rows with
// their templates and items, the header menu, promotions (banners and
// buttons), news and the operator's SEO masks. The tables belong to package
// catalog (and the SEO masks to package provider); this package writes them
// for the console's staff, scoped to the operator the session works on,
// with an audit entry in every change's transaction, and moves the
// catalogue's version (catalog.Bump), so viewers see a change at once in
// this process and within seconds in the others.
package pagesadmin

import (
	"context"
	"embed"
	"errors"
	"net/http"

	"efir/internal/catalog"
	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// textFiles are the section's server texts: texts/pages.{lang}.json.
//
//go:embed texts/*.json
var textFiles embed.FS

func init() { httpx.RegisterFS(textFiles, "texts") }

// Section is the console's pages section.
type Section struct {
	staff *operator.Service
	vod   *catalog.Service
	db    *store.DB
}

// New makes the section; vod may be nil (then only other processes' version
// checks see a change).
func New(staff *operator.Service, vod *catalog.Service) *Section {
	return &Section{staff: staff, vod: vod, db: staff.DB()}
}

// Register adds the section's calls (permission catalog.write, reading
// too: the pages are the catalogue's shop window).
func (s *Section) Register(mux *http.ServeMux) {
	w := func(pattern string, h httpx.Handler) { mux.Handle(pattern, s.staff.Guard(operator.PermCatalogW, h)) }
	w("GET /v2/operator/pages/rowsets", s.handleRowsets)
	w("GET /v2/operator/pages/rowsets/{id}", s.handleRowset)
	w("PATCH /v2/operator/pages/rowsets/{id}", s.handleRowsetPatch)
	w("POST /v2/operator/pages/rowsets/{id}/rows", s.handleRowCreate)
	w("PATCH /v2/operator/pages/menu", s.handleMenu)
	w("GET /v2/operator/pages/rows/{id}", s.handleRow)
	w("PATCH /v2/operator/pages/rows/{id}", s.handleRowPatch)
	w("DELETE /v2/operator/pages/rows/{id}", s.handleRowDelete)
	w("GET /v2/operator/pages/items", s.handleItems)
	w("GET /v2/operator/pages/vocabulary", s.handleVocabulary)
	w("GET /v2/operator/pages/promotions", s.handlePromotions)
	w("POST /v2/operator/pages/promotions", s.handlePromotionCreate)
	w("PATCH /v2/operator/pages/promotions/{id}", s.handlePromotionPatch)
	w("DELETE /v2/operator/pages/promotions/{id}", s.handlePromotionDelete)
	w("POST /v2/operator/pages/promotions/{id}/image", s.handlePromotionImage)
	w("DELETE /v2/operator/pages/promotions/{id}/image", s.handlePromotionImageDrop)
	w("GET /v2/operator/pages/news", s.handleNewsList)
	w("POST /v2/operator/pages/news", s.handleNewsCreate)
	w("PATCH /v2/operator/pages/news/{id}", s.handleNewsPatch)
	w("DELETE /v2/operator/pages/news/{id}", s.handleNewsDelete)
	w("GET /v2/operator/pages/seo", s.handleSEO)
	w("PATCH /v2/operator/pages/seo", s.handleSEOSave)
}

// change runs fn in one transaction and moves the catalogue's version in
// it; after the commit this process drops its caches at once (the others
// see the version within a second).
func (s *Section) change(ctx context.Context, fn func(tx *store.Tx) error) error {
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := fn(tx); err != nil {
			return err
		}
		return catalog.Bump(ctx, tx)
	})
	if err == nil && s.vod != nil {
		s.vod.Invalidate()
	}
	return err
}

// unknown turns "one of the ids is not the operator's" into a field error.
func unknown(err error, field string) error {
	if errors.Is(err, store.ErrNotFound) {
		return httpx.Invalid(field, "console_pages_unknown")
	}
	return err
}
