// Package catalogadmin is the catalogue section of the operator console:
// films, series with their seasons and episodes, persons, genres,
// libraries, trailers, uploaded artwork, video sources and imports. The
// catalogue's tables belong to package catalog; this package writes them
// for the console's staff, scoped to the operator the session works on,
// with an audit entry in every change's transaction, and tells every copy
// of efir that the catalogue moved (catalog.Bump), so viewers see a change
// within seconds. The search index follows by itself (its triggers).
package catalogadmin

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"efir/internal/catalog"
	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// Section is the console's catalogue section.
type Section struct {
	staff *operator.Service
	vod   *catalog.Service
	db    *store.DB
}

// New makes the section.
func New(staff *operator.Service, vod *catalog.Service) *Section {
	return &Section{staff: staff, vod: vod, db: staff.DB()}
}

// Register adds the section's calls and the public address of uploaded
// artwork.
func (s *Section) Register(mux *http.ServeMux) {
	w := func(pattern string, h httpx.Handler) { mux.Handle(pattern, s.staff.Guard(operator.PermCatalogW, h)) }
	w("GET /v2/operator/catalog/contents", s.handleContents)
	w("POST /v2/operator/catalog/contents", s.handleCreate)
	w("GET /v2/operator/catalog/contents/{id}", s.handleContent)
	w("PATCH /v2/operator/catalog/contents/{id}", s.handlePatch)
	w("DELETE /v2/operator/catalog/contents/{id}", s.handleDelete)
	w("POST /v2/operator/catalog/contents/{id}/artwork/{kind}", s.handleUpload)
	w("DELETE /v2/operator/catalog/contents/{id}/artwork/{kind}", s.handleDropArtwork)
	w("GET /v2/operator/catalog/persons", s.handlePersons)
	w("POST /v2/operator/catalog/persons", s.handlePersonCreate)
	w("PATCH /v2/operator/catalog/persons/{id}", s.handlePersonPatch)
	w("POST /v2/operator/catalog/persons/{id}/picture", s.handlePersonPicture)
	w("DELETE /v2/operator/catalog/persons/{id}/picture", s.handlePersonPictureDrop)
	w("GET /v2/operator/catalog/genres", s.handleGenres)
	w("POST /v2/operator/catalog/genres", s.handleGenreCreate)
	w("PATCH /v2/operator/catalog/genres/{id}", s.handleGenrePatch)
	w("GET /v2/operator/catalog/libraries", s.handleLibraries)
	w("POST /v2/operator/catalog/libraries", s.handleLibraryCreate)
	w("PATCH /v2/operator/catalog/libraries/{id}", s.handleLibraryPatch)
	w("GET /v2/operator/catalog/assets", s.handleAssets)
	w("POST /v2/operator/catalog/import", s.handleImport)
	mux.Handle("GET /v2/catalog_images/{name}", httpx.Handler(s.handleImage))
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

// decodeLarge reads a JSON body of up to limit bytes (uploads and imports
// are larger than the API's usual bodies).
func decodeLarge(r *http.Request, dst any, limit int64) error {
	body := http.MaxBytesReader(nil, r.Body, limit)
	dec := json.NewDecoder(body)
	if err := dec.Decode(dst); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return httpx.New(http.StatusRequestEntityTooLarge, httpx.TypeValidation, "console_catalog_too_large")
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return httpx.Invalid(te.Field, "error_wrong_type")
		}
		if errors.Is(err, io.EOF) {
			return httpx.BadRequest("error_bad_body")
		}
		return httpx.BadRequest("error_bad_body")
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return httpx.BadRequest("error_bad_body")
	}
	return nil
}
