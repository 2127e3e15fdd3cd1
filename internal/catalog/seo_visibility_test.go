package catalog_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// pageAs is the page at path as a browser with the session cookie (none
// when "") gets it: its status and HTML.
func pageAs(t *testing.T, srv *apitest.Server, path, cookie string) (int, string) {
	t.Helper()
	r := httptest.NewRequest("GET", "http://efir.test"+path, nil)
	r.RemoteAddr = srv.RemoteAddr
	r.Header.Set("Accept", "text/html")
	if cookie != "" {
		r.Header.Set("Cookie", "accessToken="+url.QueryEscape(cookie))
	}
	w := httptest.NewRecorder()
	srv.Handler.ServeHTTP(w, r)
	return w.Code, w.Body.String()
}

// The meta of a page is the API's answer in the head of the HTML: a
// channel, a category or a news item the viewer may not open through the
// API is a missing page, with none of its texts. Viewers: a child profile,
// an adult profile, a guest and an anonymous visitor.
func TestPageMetaFollowsTheAPIsVisibility(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		ctx := context.Background()
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.Exec(ctx, q, args...); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		for _, c := range []struct {
			slug, name string
			age        int
			uhd        bool
		}{
			{"seo-night", "Полночный канал", 18, false},
			{"seo-teen", "Подростковый канал", 16, false},
			{"seo-uhd", "Сверхчёткий канал", 0, true},
			{"seo-kids", "Детский канал", 0, false},
		} {
			exec(`INSERT INTO channels (provider_id, slug, name, description, age, is_4k, number) VALUES (1, ?, ?, ?, ?, ?, 900)`,
				c.slug, c.name, "Описание: "+c.name, c.age, c.uhd)
		}
		exec("INSERT INTO categories (provider_id, id, slug, name) VALUES (1, 9901, 'seo-late', 'Поздний вечер')")
		exec("INSERT INTO categories (provider_id, id, slug, name) VALUES (1, 9902, 'seo-family', 'Семейные')")
		exec(`INSERT INTO channel_categories (provider_id, category_id, channel_id) SELECT 1, 9901, id FROM channels WHERE slug = 'seo-night'`)
		exec(`INSERT INTO channel_categories (provider_id, category_id, channel_id) SELECT 1, 9902, id FROM channels
			WHERE slug IN ('seo-night', 'seo-kids')`)
		var newsID int64
		err := store.Get(ctx, db, `INSERT INTO news (provider_id, slug, title, lead, published_at) VALUES (1, 'seo-soon', 'Завтрашняя новость', '', ?)
			RETURNING id`, []any{time.Now().Add(24 * time.Hour).Unix()}, &newsID)
		if err != nil {
			t.Fatal(err)
		}

		soon := fmt.Sprintf("/news/seo-soon-%d", newsID)
		filmID, err := store.InsertID(ctx, db, `INSERT INTO contents (provider_id, content_type, slug, title, age)
			VALUES (1, 'movie', 'seo-late-film', 'Полуночный фильм', 18) RETURNING id`)
		if err != nil {
			t.Fatal(err)
		}
		film := fmt.Sprintf("/contents/seo-late-film-%d", filmID)
		adult, child, guest := demoToken(t, srv), childToken(t, srv), guestToken(t, srv)
		viewers := []struct {
			name, cookie, token string
		}{{"anonymous", "", ""}, {"guest", guest, guest}, {"child", child, child}, {"adult", adult, adult}}
		// Who may open what, as the API says.
		opens := map[string]map[string]bool{
			"/channels/seo-late/seo-night": {"adult": true, "guest": true, "anonymous": true},
			"/channels/seo-night":          {"adult": true, "guest": true, "anonymous": true},
			"/channels/seo-teen":           {"adult": true, "guest": true, "anonymous": true},
			"/channels/seo-uhd":            {"adult": true, "child": true},
			"/channels/seo-kids":           {"adult": true, "child": true, "guest": true, "anonymous": true},
			"/channels/seo-late":           {"adult": true, "guest": true, "anonymous": true},
			"/channels/seo-family":         {"adult": true, "child": true, "guest": true, "anonymous": true},
			soon:                           {},
			film:                           {"adult": true, "guest": true, "anonymous": true},
		}
		titles := map[string]string{
			"/channels/seo-late/seo-night": "Полночный канал", "/channels/seo-night": "Полночный канал",
			"/channels/seo-teen": "Подростковый канал", "/channels/seo-uhd": "Сверхчёткий канал",
			"/channels/seo-kids": "Детский канал", "/channels/seo-late": "Поздний вечер", "/channels/seo-family": "Семейные",
			soon: "Завтрашняя новость", film: "Полуночный фильм",
		}
		for path, who := range opens {
			for _, v := range viewers {
				// Twice: the second answer comes from the cache, which must
				// keep viewers of different kinds apart.
				for range 2 {
					status, html := pageAs(t, srv, path, v.cookie)
					if who[v.name] {
						if status != http.StatusOK || !strings.Contains(html, titles[path]) {
							t.Errorf("%s as %s: %d, want 200 with %q", path, v.name, status, titles[path])
						}
						continue
					}
					if status != http.StatusNotFound || strings.Contains(html, titles[path]) || strings.Contains(html, "Описание:") ||
						!strings.Contains(html, `name="robots" content="noindex"`) {
						t.Errorf("%s as %s: %d, want a 404 page without its texts:\n%s", path, v.name, status, head(html))
					}
				}
			}
		}
		// The API agrees on the channels.
		for _, v := range viewers {
			for _, slug := range []string{"seo-night", "seo-teen", "seo-uhd", "seo-kids"} {
				res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/channels/" + slug, Token: v.token})
				want := http.StatusNotFound
				if opens["/channels/"+slug][v.name] {
					want = http.StatusOK
				}
				if res.Status != want {
					t.Errorf("API %s as %s: %d, want %d", slug, v.name, res.Status, want)
				}
			}
		}
	})
}

// head is the head of a page, for failure messages.
func head(html string) string {
	if i := strings.Index(html, "</head>"); i > 0 {
		return html[:i]
	}
	return html
}
