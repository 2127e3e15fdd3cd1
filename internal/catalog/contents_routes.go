package catalog

import "net/http"

// registerContents adds the contents calls: contents and their tree,
// catch-up sources and similar, the viewer's meta, streams, persons,
// genres and libraries, watch history, the favourite lists of /my and the
// viewer's ratings.
func (s *Service) registerContents(mux *http.ServeMux) {
	h := func(pattern string, fn func(http.ResponseWriter, *http.Request) error) {
		mux.Handle(pattern, contentHandler(fn))
	}
	h("GET /v2/contents/{id}", s.handleContent)
	h("GET /v2/contents/{id}/episodes", s.handleEpisodes)
	h("GET /v2/contents/{id}/sources", s.handleSources)
	h("GET /v2/contents/{id}/similar", s.handleSimilar)
	h("GET /v2/users/self/content_metadata/{id}", s.handleMeta)
	h("GET /v2/libraries", s.handleLibraries)
	h("GET /v2/libraries/{lib}/contents/{id}/stream", s.handleContentStream)
	h("GET /v2/trailers/{id}/stream", s.handleTrailerStream)
	h("GET /v2/persons/{id}", s.handlePerson)
	h("GET /v2/persons/{id}/favorite", s.handlePersonFavorite)
	h("GET /v2/rows/filmography", s.handleFilmography)
	h("GET /v2/internal_genres", s.handleGenres)
	h("GET /v2/users/self/history", s.handleHistory)
	h("PUT /v2/users/self/history/{content_id}", s.handlePutHistory)
	h("DELETE /v2/users/self/history/{content_id}", s.handleDeleteHistory)
	h("GET /v2/users/self/favorites/contents", s.handleFavoriteContents)
	h("GET /v2/users/self/favorites/persons", s.handleFavoritePersons)
	h("PUT /v2/users/self/ratings/{content_id}", s.handlePutRating)
	h("DELETE /v2/users/self/ratings/{content_id}", s.handleDeleteRating)
}
