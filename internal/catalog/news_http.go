package catalog

import (
	"net/http"
	"strings"

	"efir/internal/httpx"
	"efir/internal/store"
)

// NewsJSON is a news item (schema CatalogNews).
type NewsJSON struct {
	ID          int64  `json:"id"`
	Slug        string `json:"slug"`
	Title       string `json:"title"`
	Lead        string `json:"lead"`
	Body        string `json:"body"`
	Image       string `json:"image"`
	PublishedAt int64  `json:"published_at"`
}

const newsColumns = "id, slug, title, lead, body, image_url, published_at"

func scanNews(sc scanner) (NewsJSON, error) {
	var n NewsJSON
	var slug string
	err := sc.Scan(&n.ID, &slug, &n.Title, &n.Lead, &n.Body, &n.Image, &n.PublishedAt)
	n.Slug = wireSlug(slug, n.ID)
	n.Body = strings.ReplaceAll(n.Body, "\r\n", "\n")
	return n, err
}

// GET /v2/news?limit=&offset=: the provider's news, newest first; items
// published in the future wait for their time.
func (s *Service) handleNewsList(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	out := []NewsJSON{}
	err = each(r.Context(), s.db, "SELECT "+newsColumns+` FROM news WHERE provider_id = ? AND is_hidden = ? AND published_at <= ?
		ORDER BY published_at DESC, id DESC LIMIT ? OFFSET ?`, []any{v.providerID, false, s.now().Unix(), limit, offset},
		func(sc scanner) error {
			n, err := scanNews(sc)
			out = append(out, n)
			return err
		})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// GET /v2/news/{id}: one news item by id or "<slug>-<id>"; hidden or
// unpublished ones are not found.
func (s *Service) handleNews(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	id, ok := parseRef(r.PathValue("id"))
	if !ok {
		return httpx.NotFound()
	}
	var n NewsJSON
	err = each(r.Context(), s.db, "SELECT "+newsColumns+` FROM news WHERE id = ? AND provider_id = ? AND is_hidden = ?
		AND published_at <= ?`, []any{id, v.providerID, false, s.now().Unix()}, func(sc scanner) error {
		var err error
		n, err = scanNews(sc)
		return err
	})
	if err != nil {
		return err
	}
	if n.ID == 0 {
		return store.ErrNotFound
	}
	httpx.OK(w, n)
	return nil
}
