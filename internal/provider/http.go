package provider

import (
	"net/http"
	"strings"

	"efir/internal/httpx"
)

// Register adds the platform routes; none of them needs a token.
func (s *Service) Register(mux *http.ServeMux) {
	mux.Handle("GET /v2/users/self/network", httpx.Handler(s.handleNetwork))
	mux.Handle("GET /v2/platform/configuration", httpx.Handler(s.handleConfiguration))
	mux.Handle("GET /v2/platform/resources", httpx.Handler(s.handleResources))
	mux.Handle("GET /v2/platform/images/{file}", httpx.Handler(s.handleImage))
	mux.Handle("GET /v2/ab_tests/tests", httpx.Handler(s.handleABTests))
	mux.Handle("GET /v2/seo/masks", httpx.Handler(s.handleSEOMasks))
	mux.Handle("GET /v2/countries", httpx.Handler(s.handleCountries))
	mux.Handle("GET /v2/providers/{id}/info", httpx.Handler(s.handleProviderInfo))
	mux.Handle("GET /v2/texts/agreement", httpx.Handler(s.handleText("agreement")))
	mux.Handle("GET /v2/texts/privacy", httpx.Handler(s.handleText("privacy")))
}

func (s *Service) handleNetwork(w http.ResponseWriter, r *http.Request) error {
	httpx.OK(w, s.networkInfo(r, s.providerOf(r)))
	return nil
}

func (s *Service) handleProviderInfo(w http.ResponseWriter, r *http.Request) error {
	p, err := s.byRef(r.Context(), r.PathValue("id"))
	if err != nil {
		return httpx.NotFound()
	}
	httpx.OK(w, s.info(p))
	return nil
}

func (s *Service) handleCountries(w http.ResponseWriter, r *http.Request) error {
	httpx.OK(w, countriesIn(httpx.Lang(r)))
	return nil
}

// handleText answers a legal text as plain text. The operator is the one of
// the request, or the one named by ?provider= (the addresses in network info
// carry it when the operator is not the default).
func (s *Service) handleText(kind string) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		p := s.providerOf(r)
		if ref := r.URL.Query().Get("provider"); ref != "" {
			named, err := s.byRef(r.Context(), ref)
			if err != nil {
				return httpx.NotFound()
			}
			p = named
		}
		text := legalText(kind, httpx.Lang(r), p, s.cfg.PublicURL)
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=300")
		_, _ = w.Write([]byte(text))
		return nil
	}
}

func (s *Service) handleImage(w http.ResponseWriter, r *http.Request) error {
	name, ok := strings.CutSuffix(r.PathValue("file"), ".svg")
	if !ok {
		return httpx.NotFound()
	}
	svg, ok := images[name]
	if !ok {
		return httpx.NotFound()
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, _ = w.Write([]byte(svg))
	return nil
}
