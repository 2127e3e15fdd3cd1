package catalog

import (
	"net/http"

	"efir/internal/catalog/search"
	"efir/internal/httpx"
)

// registerSearch adds the search calls. The index lives in the handlers
// (search_http.go), so service.go, shared by the catalogue's authors, stays
// small.
func (s *Service) registerSearch(mux *http.ServeMux) {
	api := &searchAPI{s: s, index: search.New(s.db)}
	mux.Handle("GET /v2/search/suggest", httpx.Handler(api.handleSuggest))
	mux.Handle("POST /v2/search/found", httpx.Handler(api.handleFound))
	mux.Handle("GET /v2/search", httpx.Handler(api.handleSearch))
}
