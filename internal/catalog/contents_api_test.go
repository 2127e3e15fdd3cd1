package catalog_test

// The contents calls through the whole app (on the demo operator plus a
// small catalogue of the test's own, at ids far from the demo's): every
// answer is checked against api/openapi.yaml by apitest.

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/catalog"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// Ids of the test's catalogue.
const (
	libFree, libPaid               = 900001, 900002
	packetPaid                     = 900001
	genreS1                        = 900001
	filmFree, filmPaid, filmLost   = 900001, 900002, 900003
	series, season1, episode1, ep2 = 900010, 900011, 900012, 900013
	personS1, trailerS1, unknownID = 900001, 900001, 999999
	filmTeen                       = 900004
)

func seedContents(t *testing.T, db *store.DB) {
	t.Helper()
	ctx := context.Background()
	for _, q := range []string{
		fmt.Sprintf("INSERT INTO libraries (id, provider_id, slug, name, is_free) VALUES (%d, 1, 's1-free', 'S1 free', TRUE), (%d, 1, 's1-paid', 'S1 paid', FALSE)", libFree, libPaid),
		fmt.Sprintf("INSERT INTO packets (id, provider_id, name, price, currency) VALUES (%d, 1, 'S1 cinema', 39900, 'RUB')", packetPaid),
		fmt.Sprintf("INSERT INTO packet_libraries (packet_id, library_id) VALUES (%d, %d)", packetPaid, libPaid),
		fmt.Sprintf("INSERT INTO genres (id, provider_id, slug, name, name_en) VALUES (%d, 1, 's1-genre', 'Жанр S1', 'S1 genre')", genreS1),
		fmt.Sprintf(`INSERT INTO contents (id, provider_id, library_id, parent_id, content_type, slug, title, year, age, duration, season,
			series, is_lost, asset, main_genre_id, rating_imdb) VALUES
			(%d, 1, %d, NULL, 'movie', 's1-free-film', 'S1 бесплатный фильм', 2020, 0, 3600, 0, 0, FALSE, 'no-such-asset', %d, 7.1),
			(%d, 1, %d, NULL, 'movie', 's1-paid-film', 'S1 платный фильм', 2021, 6, 5400, 0, 0, FALSE, 'no-such-asset', %d, 0),
			(%d, 1, %d, NULL, 'movie', 's1-lost-film', 'S1 снятый фильм', 2000, 0, 5400, 0, 0, TRUE, 'no-such-asset', %d, 0),
			(%d, 1, %d, NULL, 'movie', 's1-teen-film', 'S1 фильм 16+', 2022, 16, 5400, 0, 0, FALSE, 'no-such-asset', %d, 0),
			(%d, 1, %d, NULL, 'series', 's1-series', 'S1 сериал', 2023, 0, 0, 0, 0, FALSE, '', %d, 0)`,
			filmFree, libFree, genreS1, filmPaid, libPaid, genreS1, filmLost, libPaid, genreS1, filmTeen, libPaid, genreS1, series, libFree, genreS1),
		fmt.Sprintf(`INSERT INTO contents (id, provider_id, parent_id, content_type, slug, title, season, series, duration, asset) VALUES
			(%d, 1, %d, 'season', 's1-season', 'Сезон 1', 1, 0, 0, ''),
			(%d, 1, %d, 'episode', 's1-ep1', 'Серия 1', 1, 1, 1200, 'no-such-asset'),
			(%d, 1, %d, 'episode', 's1-ep2', 'Серия 2', 1, 2, 1200, 'no-such-asset')`, season1, series, episode1, season1, ep2, season1),
		fmt.Sprintf("INSERT INTO content_genres (content_id, genre_id) VALUES (%d, %d), (%d, %d), (%d, %d), (%d, %d)",
			filmFree, genreS1, filmPaid, genreS1, filmTeen, genreS1, series, genreS1),
		fmt.Sprintf("INSERT INTO content_countries (content_id, country_id) VALUES (%d, 643)", filmFree),
		fmt.Sprintf("INSERT INTO persons (id, provider_id, slug, name) VALUES (%d, 1, 's1-person', 'Персона S1')", personS1),
		fmt.Sprintf("INSERT INTO content_persons (content_id, person_id, role) VALUES (%d, %d, 'director'), (%d, %d, 'actor')",
			filmFree, personS1, episode1, personS1),
		fmt.Sprintf("INSERT INTO trailers (id, content_id, asset, duration) VALUES (%d, %d, 'no-such-asset', 60)", trailerS1, filmPaid),
	} {
		if _, err := db.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := catalog.Bump(ctx, db); err != nil {
		t.Fatal(err)
	}
}

func must(t *testing.T, res *apitest.Response, status int) {
	t.Helper()
	if res.Status != status {
		t.Fatalf("status %d, want %d: %.400s", res.Status, status, res.Body)
	}
}

// token signs the demo user in on a new device.
func token(t *testing.T, srv *apitest.Server, serial string) string {
	t.Helper()
	var login struct {
		AccessToken string `json:"access_token"`
	}
	res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "demo", "password": "efir24"}})
	must(t, res, 200)
	res.JSON(t, &login)
	res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/devices", Token: login.AccessToken,
		Body: map[string]string{"serial": serial, "device_type": "pc"}})
	must(t, res, 201)
	var d struct {
		ID int64 `json:"id"`
	}
	res.JSON(t, &d)
	res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: login.AccessToken, Body: map[string]any{"device_id": d.ID}})
	must(t, res, 200)
	res.JSON(t, &login)
	return login.AccessToken
}

func TestContentsThroughTheAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		seedContents(t, db)
		get := func(tok, path string, status int) *apitest.Response {
			t.Helper()
			res := srv.Do(apitest.Request{Method: "GET", Path: path, Token: tok, Header: http.Header{"Accept-Language": {"en"}}})
			must(t, res, status)
			return res
		}
		// Anonymous: the content calls, meta, persons, taxonomy (streams are
		// for devices: a guest's below).
		for _, path := range []string{
			fmt.Sprintf("/v2/contents/%d", filmFree), fmt.Sprintf("/v2/contents/s1-free-film-%d?library=1&action=x&isPromo=1", filmFree),
			fmt.Sprintf("/v2/contents/%d", series), fmt.Sprintf("/v2/contents/%d", season1), fmt.Sprintf("/v2/contents/%d", episode1),
			fmt.Sprintf("/v2/contents/%d/episodes", series), fmt.Sprintf("/v2/contents/%d/episodes?season=1&limit=1&offset=1", series),
			fmt.Sprintf("/v2/contents/%d/sources", filmFree), fmt.Sprintf("/v2/contents/%d/similar", filmFree),
			fmt.Sprintf("/v2/users/self/content_metadata/%d", filmFree), fmt.Sprintf("/v2/users/self/content_metadata/%d", filmPaid),
			fmt.Sprintf("/v2/users/self/content_metadata/%d", series), fmt.Sprintf("/v2/users/self/content_metadata/%d", filmLost),
			"/v2/libraries", fmt.Sprintf("/v2/persons/s1-person-%d", personS1),
			fmt.Sprintf("/v2/rows/filmography?person_id=%d", personS1), "/v2/internal_genres",
		} {
			get("", path, 200)
		}
		var meta catalog.MetaJSON
		get("", fmt.Sprintf("/v2/users/self/content_metadata/%d", filmPaid), 200).JSON(t, &meta)
		if meta.IsPurchased || !meta.IsAvailable || meta.MinPrice == nil || meta.MinPrice.Amount != 39900 || meta.Buttons[0].ButtonType != "pay" {
			t.Errorf("paid meta %+v", meta)
		}
		for _, path := range []string{
			fmt.Sprintf("/v2/libraries/%d/contents/%d/stream?seconds=30", libFree, filmFree), fmt.Sprintf("/v2/trailers/%d/stream", trailerS1),
		} {
			if res := get("", path, 401); res.ErrorType() != "authentication_failed" {
				t.Errorf("%s without a device: %s", path, res.Body)
			}
		}
		guest := guestToken(t, srv)
		get(guest, fmt.Sprintf("/v2/libraries/%d/contents/%d/stream?seconds=30", libFree, filmFree), 200)
		get(guest, fmt.Sprintf("/v2/trailers/%d/stream", trailerS1), 200)
		res := get(guest, fmt.Sprintf("/v2/libraries/%d/contents/%d/stream", libPaid, filmPaid), 403)
		if res.ErrorType() != "permission_denied" {
			t.Errorf("paid stream %s", res.Body)
		}
		var stream catalog.StreamJSON
		get(guest, fmt.Sprintf("/v2/libraries/%d/contents/%d/stream", libFree, episode1), 200).JSON(t, &stream)
		if !strings.HasPrefix(stream.HLS, "/media/") || stream.StreamInfo.Kind != "vod" {
			t.Errorf("episode stream %+v", stream)
		}
		// A film whose video is not there yet is being prepared; a series plays through its episodes.
		if _, err := db.Exec(t.Context(), `UPDATE contents SET asset = '' WHERE id = ?`, filmFree); err != nil {
			t.Fatal(err)
		}
		res = get(guest, fmt.Sprintf("/v2/libraries/%d/contents/%d/stream", libFree, filmFree), 403)
		if !strings.Contains(string(res.Body), "still being prepared") {
			t.Errorf("a film without its video: %s", res.Body)
		}
		res = get(guest, fmt.Sprintf("/v2/libraries/%d/contents/%d/stream", libFree, series), 403)
		if !strings.Contains(string(res.Body), "choose an episode") {
			t.Errorf("a series: %s", res.Body)
		}
		// Errors in the contract's shapes.
		res = get("", fmt.Sprintf("/v2/contents/%d", filmLost), 404)
		if res.ErrorType() != "lost_content" || !strings.Contains(string(res.Body), `"lost_content":{`) {
			t.Errorf("lost %s", res.Body)
		}
		get("", fmt.Sprintf("/v2/contents/%d/similar", filmLost), 404)
		for _, path := range []string{fmt.Sprintf("/v2/contents/%d", unknownID), fmt.Sprintf("/v2/persons/%d", unknownID),
			fmt.Sprintf("/v2/users/self/content_metadata/%d", unknownID), fmt.Sprintf("/v2/rows/filmography?person_id=%d", unknownID)} {
			get("", path, 404)
		}
		for _, path := range []string{fmt.Sprintf("/v2/libraries/%d/contents/%d/stream", libPaid, filmFree),
			fmt.Sprintf("/v2/trailers/%d/stream", unknownID)} {
			get(guest, path, 404)
		}
		get("", fmt.Sprintf("/v2/contents/%d/episodes?season=x", series), 400)
		for _, q := range []string{"library=x", "library=0", "isPromo=maybe", "action=%3Cscript%3E"} {
			if res := get("", fmt.Sprintf("/v2/contents/%d?%s", filmFree, q), 400); res.ErrorType() != "validation_error" {
				t.Errorf("%s: %s", q, res.Body)
			}
		}
		get("", "/v2/rows/filmography", 400)
		for _, path := range []string{"/v2/users/self/history", "/v2/users/self/favorites/contents", "/v2/users/self/favorites/persons"} {
			get("", path, 401)
		}
		res = srv.Do(apitest.Request{Method: "PUT", Path: fmt.Sprintf("/v2/users/self/history/%d", filmFree), Body: map[string]any{"seconds": 5}})
		must(t, res, 401)

		// The demo user: history, favourites.
		adult := token(t, srv, "s1-adult")
		res = srv.Do(apitest.Request{Method: "PUT", Path: fmt.Sprintf("/v2/users/self/history/%d", episode1), Token: adult,
			Body: map[string]any{"seconds": 300, "duration": 1200}})
		must(t, res, 200)
		res = srv.Do(apitest.Request{Method: "PUT", Path: fmt.Sprintf("/v2/users/self/history/%d", filmFree), Token: adult, Form: true,
			Body: map[string]string{"seconds": "3590"}})
		must(t, res, 200)
		res = srv.Do(apitest.Request{Method: "PUT", Path: fmt.Sprintf("/v2/users/self/history/%d", series), Token: adult,
			Body: map[string]any{"seconds": 3}})
		must(t, res, 400)
		res = srv.Do(apitest.Request{Method: "PUT", Path: fmt.Sprintf("/v2/users/self/history/%d", filmLost), Token: adult,
			Body: map[string]any{"seconds": 3}})
		must(t, res, 404)
		var hist []catalog.HistoryJSON
		get(adult, "/v2/users/self/history?limit=10", 200).JSON(t, &hist)
		// Both saved in the same second: the order between them is by id.
		if len(hist) != 2 || hist[1].Content.ID != filmFree || hist[1].WatchPercentage != 100 || hist[0].ContentEpisode == nil ||
			hist[0].ContentEpisode.ID != episode1 || hist[0].Seconds != 300 {
			t.Errorf("history %+v", hist)
		}
		get(adult, fmt.Sprintf("/v2/users/self/content_metadata/%d", series), 200).JSON(t, &meta)
		if !meta.IsContinuation || meta.History == nil || meta.History.Seconds != 300 {
			t.Errorf("series meta %+v", meta)
		}
		res = srv.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/users/self/history/%d", series), Token: adult})
		must(t, res, 204)

		for _, c := range []struct {
			body   map[string]any
			status int
		}{
			{map[string]any{"content_id": filmFree}, 201}, {map[string]any{"content_id": unknownID}, 404},
			{map[string]any{"content_id": filmLost}, 404}, {map[string]any{"person_id": personS1}, 201},
			{map[string]any{"person_id": unknownID}, 404},
		} {
			res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/favorites", Token: adult, Body: c.body})
			if res.Status != c.status {
				t.Errorf("favourite %v: %d %s", c.body, res.Status, res.Body)
			}
		}
		var favs []catalog.ContentJSON
		get(adult, "/v2/users/self/favorites/contents", 200).JSON(t, &favs)
		if len(favs) != 1 || favs[0].ID != filmFree {
			t.Errorf("favourite contents %+v", favs)
		}
		var persons []catalog.PersonJSON
		get(adult, "/v2/users/self/favorites/persons", 200).JSON(t, &persons)
		if len(persons) != 1 || persons[0].ID != personS1 || !persons[0].IsFavorite {
			t.Errorf("favourite persons %+v", persons)
		}
		get(adult, fmt.Sprintf("/v2/users/self/content_metadata/%d", filmFree), 200).JSON(t, &meta)
		if !meta.Favorite {
			t.Error("meta favorite")
		}

		// A child profile of the same user.
		kid := token(t, srv, "s1-kid")
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/profiles", Token: kid, Body: map[string]any{"name": "Kid", "role": "child"}})
		must(t, res, 201)
		var prof struct {
			ID int64 `json:"id"`
		}
		res.JSON(t, &prof)
		must(t, srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/profile", Token: kid, Body: map[string]any{"profile_id": prof.ID}}), 200)
		get(kid, fmt.Sprintf("/v2/contents/%d", filmTeen), 404)
		get(kid, fmt.Sprintf("/v2/contents/%d", filmFree), 200)
		if res := get(kid, fmt.Sprintf("/v2/libraries/%d/contents/%d/stream", libPaid, filmTeen), 403); res.ErrorType() != "permission_denied" {
			t.Errorf("child stream %s", res.Body)
		}
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/favorites", Token: kid, Body: map[string]any{"content_id": filmTeen}})
		must(t, res, 404)
		var sim []catalog.ContentJSON
		get(kid, fmt.Sprintf("/v2/contents/%d/similar", filmFree), 200).JSON(t, &sim)
		for _, c := range sim {
			if c.Age > 12 {
				t.Errorf("child similar %s (%d+)", c.Title, c.Age)
			}
		}
	})
}

// TestCountryCodesMatchThePlatform: the catalogue names the countries of
// the platform's list (GET /v2/countries), by the same codes.
func TestCountryCodesMatchThePlatform(t *testing.T) {
	db := storetest.SQLite(t)
	srv := apitest.New(t, db)
	var list []struct {
		ID   int64  `json:"id"`
		Code string `json:"code"`
	}
	res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/countries"})
	must(t, res, 200)
	res.JSON(t, &list)
	if len(list) != len(catalog.CountryCodes) {
		t.Errorf("platform %d countries, catalogue %d", len(list), len(catalog.CountryCodes))
	}
	for _, c := range list {
		if catalog.CountryCodes[c.ID] != c.Code {
			t.Errorf("country %d: platform %s, catalogue %s", c.ID, c.Code, catalog.CountryCodes[c.ID])
		}
	}
}
