package artwork_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/artwork"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// A picture shows its item's title, so it is found only where the API finds
// the item: the viewer's provider, published news, and for a child profile
// nothing rated above 12, pictures already drawn and kept in memory included.
func TestArtworkFollowsVisibility(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		insert := inserter(t, db)
		own := insert("INSERT INTO contents (provider_id, content_type, slug, title, age) VALUES (1, 'movie', 'v-own', 'Своё', 6) RETURNING id")
		adult := insert("INSERT INTO contents (provider_id, content_type, slug, title, age) VALUES (1, 'movie', 'v-18', 'Взрослое', 18) RETURNING id")
		foreign := insert("INSERT INTO contents (provider_id, content_type, slug, title) VALUES (2, 'movie', 'v-x', 'Чужое') RETURNING id")
		later := time.Now().Add(24 * time.Hour).Unix()
		news := insert("INSERT INTO news (provider_id, slug, title, published_at) VALUES (1, 'v-n', 'Вышла', 1) RETURNING id")
		hidden := insert("INSERT INTO news (provider_id, slug, title, published_at, is_hidden) VALUES (1, 'v-h', 'Скрыта', 1, ?) RETURNING id", true)
		future := insert("INSERT INTO news (provider_id, slug, title, published_at) VALUES (1, 'v-f', 'Завтра', ?) RETURNING id", later)
		foreignNews := insert("INSERT INTO news (provider_id, slug, title, published_at) VALUES (2, 'v-xn', 'Чужая', 1) RETURNING id")
		foreignPerson := insert("INSERT INTO persons (provider_id, slug, name) VALUES (2, 'v-p', 'Чужой') RETURNING id")
		adultPromo := insert(`INSERT INTO promotions (provider_id, title, dest_type, dest_id) VALUES (1, 'Премьера', 'content', ?)
			RETURNING id`, adult)
		foreignPromo := insert("INSERT INTO promotions (provider_id, title, dest_type) VALUES (2, 'Чужая', 'rowset') RETURNING id")

		get := func(token, path string) int {
			t.Helper()
			return srv.Do(apitest.Request{Method: "GET", Path: path, Token: token}).Status
		}
		svg := func(kind string, id int64) string { return fmt.Sprintf("/v2/artwork/%s/%d.svg", kind, id) }
		for path, want := range map[string]int{
			svg(artwork.Poster, own):            200,
			artwork.URL(artwork.Poster, own):    200,
			svg(artwork.Poster, foreign):        404,
			artwork.URL(artwork.Cover, foreign): 404,
			svg(artwork.Background, foreign):    404,
			svg(artwork.News, news):             200,
			svg(artwork.News, hidden):           404,
			svg(artwork.News, future):           404,
			svg(artwork.News, foreignNews):      404,
			svg(artwork.Person, foreignPerson):  404,
			svg(artwork.Promo, foreignPromo):    404,
			artwork.TitleURL(foreignPromo):      404,
			svg(artwork.Poster, adult):          200, // no session: no child rule
		} {
			if got := get("", path); got != want {
				t.Errorf("%s: %d, want %d", path, got, want)
			}
		}

		// Hidden after it was drawn: the kept picture is not answered.
		if _, err := db.Exec(context.Background(), "UPDATE news SET is_hidden = ? WHERE id = ?", true, news); err != nil {
			t.Fatal(err)
		}
		if got := get("", svg(artwork.News, news)); got != 404 {
			t.Errorf("news hidden after drawing: %d", got)
		}

		adultPaths := []string{svg(artwork.Poster, adult), svg(artwork.Cover, adult), artwork.URL(artwork.Background, adult),
			artwork.TitleURL(adultPromo), svg(artwork.Promo, adultPromo)}
		grown := sessionToken(t, srv, false)
		for _, path := range adultPaths {
			if got := get(grown, path); got != 200 {
				t.Errorf("adult profile %s: %d", path, got)
			}
		}
		// The same pictures, in memory now, for a child profile.
		kid := sessionToken(t, srv, true)
		for _, path := range adultPaths {
			if got := get(kid, path); got != 404 {
				t.Errorf("child profile %s: %d, want 404", path, got)
			}
		}
		if got := get(kid, svg(artwork.Poster, own)); got != 200 {
			t.Errorf("child profile, a 6+ poster: %d", got)
		}
		if got := get(kid, svg(artwork.Poster, foreign)); got != 404 {
			t.Errorf("child profile, another provider's poster: %d", got)
		}
	})
}

// sessionToken signs the demo user in on a new device, switched to a new
// child profile when child.
func sessionToken(t *testing.T, srv *apitest.Server, child bool) string {
	t.Helper()
	tok := srv.SignIn(t, "demo", "efir24", fmt.Sprint("artwork-test-", child, time.Now().UnixNano()))
	if child {
		srv.ChildProfile(t, tok, "Kid")
	}
	return tok
}
