package catalog

import (
	"net/http"

	"efir/internal/httpx"
)

// registerRows adds the rows calls: rows and rowsets (the pages and the
// header menu), the filter page's options and the news.
func (s *Service) registerRows(mux *http.ServeMux) {
	mux.Handle("GET /v2/rowsets", httpx.Handler(s.handleRowsets))
	mux.Handle("GET /v2/rowsets/{id}", httpx.Handler(s.handleRowset))
	mux.Handle("GET /v2/rows/{id}", httpx.Handler(s.handleRow))
	mux.Handle("GET /v2/filters", httpx.Handler(s.handleFilters))
	mux.Handle("GET /v2/news", httpx.Handler(s.handleNewsList))
	mux.Handle("GET /v2/news/{id}", httpx.Handler(s.handleNews))
}
