package artwork_test

import (
	"net/http"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/artwork"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// A promotion's graphic title is served as SVG only, named after the
// content a content promotion leads to, cached like the other pictures.
func TestGraphicTitleHandler(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		insert := inserter(t, db)
		movie := insert(`INSERT INTO contents (provider_id, content_type, slug, title) VALUES (1, 'movie', 'gt', 'Ночной <поезд>')
			RETURNING id`)
		content := insert(`INSERT INTO promotions (provider_id, title, color_bg, dest_type, dest_id)
			VALUES (1, 'Премьера недели', '#2b1a5e', 'content', ?) RETURNING id`, movie)
		named := insert(`INSERT INTO promotions (provider_id, name, title, dest_type) VALUES (1, 'kids & co', '', 'rowset') RETURNING id`)
		get := func(path string, header http.Header) *apitest.Response {
			return srv.Do(apitest.Request{Method: "GET", Path: path, Header: header})
		}
		for id, want := range map[int64]string{content: `aria-label="Ночной &lt;поезд&gt;"`, named: `aria-label="kids &amp; co"`} {
			path := artwork.TitleURL(id)
			res := get(path, nil)
			h := res.Header
			if res.Status != 200 || h.Get("Content-Type") != "image/svg+xml" || h.Get("ETag") == "" ||
				!strings.Contains(h.Get("Content-Security-Policy"), "default-src 'none'") ||
				!strings.Contains(h.Get("Cache-Control"), "max-age=604800") {
				t.Fatalf("%s: %d %v", path, res.Status, h)
			}
			body := string(res.Body)
			if !strings.Contains(body, want) || strings.Contains(body, "<text") || strings.Contains(body, "Премьера") {
				t.Errorf("%s: %s", path, body)
			}
			if again := get(path+"?w=600", http.Header{"If-None-Match": {h.Get("ETag")}}); again.Status != http.StatusNotModified {
				t.Errorf("%s with its ETag: %d", path, again.Status)
			}
		}
		for _, path := range []string{
			strings.TrimSuffix(artwork.TitleURL(content), ".svg") + ".jpg", // no transparency in JPEG
			artwork.TitleURL(999999), "/v2/artwork/title/0" + strings.TrimPrefix(artwork.TitleURL(content), "/v2/artwork/title/"),
		} {
			if res := get(path, nil); res.Status != 404 || res.ErrorType() != "not_found" {
				t.Errorf("%s: %d %s", path, res.Status, res.Body)
			}
		}
	})
}
