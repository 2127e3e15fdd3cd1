package catalog_test

// The search calls through the whole app (the demo operator plus a few
// contents of the test's own): every answer is checked against
// api/openapi.yaml by apitest.

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/catalog/search"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// Ids of the search test's catalogue (far from the demo's and the other
// tests').
const (
	srStarship, srStarships, srPatrol, srStargazer, srPatrolEpisode = 930001, 930002, 930003, 930004, 930005
	srPerson                                                        = 930001
)

func seedSearch(t *testing.T, db *store.DB) {
	t.Helper()
	ctx := context.Background()
	for _, q := range []string{
		fmt.Sprintf(`INSERT INTO contents (id, provider_id, parent_id, content_type, slug, title, original_title, year, age, popularity)
			VALUES (%d, 1, NULL, 'movie', 'zvezdolet-avrora', 'Звездолёт Аврора', 'Starship Aurora', 2020, 6, 1000000),
			(%d, 1, NULL, 'movie', 'zvezdolety', 'Звездолёты', '', 2021, 16, 999999),
			(%d, 1, NULL, 'series', 'zvyozdnyi-patrul', 'Звёздный патруль', '', 2022, 12, 999998),
			(%d, 1, NULL, 'movie', 'zvezdochet', 'Звездочёт', '', 2015, 18, 999997),
			(%d, 1, %d, 'episode', 'zvezdnaya-seriya', 'Звёздная серия', '', 2022, 12, 999996)`,
			srStarship, srStarships, srPatrol, srStargazer, srPatrolEpisode, srPatrol),
		fmt.Sprintf("INSERT INTO persons (id, provider_id, slug, name) VALUES (%d, 1, 'zinovii-zvezdin', 'Зиновий Звездин')", srPerson),
		fmt.Sprintf("INSERT INTO content_persons (content_id, person_id, role) VALUES (%d, %d, 'director'), (%d, %d, 'actor')",
			srStarship, srPerson, srPatrol, srPerson),
	} {
		if _, err := db.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := search.Reindex(ctx, db, 1); err != nil {
		t.Fatal(err)
	}
}

type suggestion struct {
	Text        string  `json:"text"`
	Kind        string  `json:"kind"`
	ID          int64   `json:"id"`
	Slug        string  `json:"slug"`
	ContentType *string `json:"content_type"`
	Year        *int    `json:"year"`
	Age         int     `json:"age"`
	Recent      bool    `json:"recent"`
}

func suggestIDs(list []suggestion, kind string) map[int64]bool {
	out := map[int64]bool{}
	for _, s := range list {
		if s.Kind == kind {
			out[s.ID] = true
		}
	}
	return out
}

func suggestTexts(list []suggestion) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = s.Kind + ":" + s.Text
	}
	return out
}

func TestSearchThroughTheAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		seedSearch(t, db)
		user := searchToken(t, srv, "search-user")
		child := searchChildToken(t, srv)
		suggest := func(token, text string) []suggestion {
			t.Helper()
			var out []suggestion
			res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/search/suggest?text=" + urlQuery(text), Token: token})
			must(t, res, 200)
			res.JSON(t, &out)
			if len(out) > 10 {
				t.Errorf("%q: %d suggestions", text, len(out))
			}
			return out
		}
		// Prefix, transliteration, the other layout, a typo, word forms.
		for _, text := range []string{"звездол", "Звездолёт", "звездолет", "zvezdolet", "Starship", "pdtpljk`n", "звездалёт",
			"звездолёта", "звездолетов"} {
			got := suggestIDs(suggest("", text), "content")
			if !got[srStarship] {
				t.Errorf("%q does not find Звездолёт Аврора: %q", text, suggestTexts(suggest("", text)))
			}
		}
		first := suggest("", "Звездолёт Аврора")
		if len(first) == 0 || first[0].ID != srStarship || first[0].Slug != fmt.Sprintf("zvezdolet-avrora-%d", srStarship) ||
			first[0].ContentType == nil || *first[0].ContentType != "movie" || first[0].Year == nil || *first[0].Year != 2020 {
			t.Errorf("exact title: %+v", first)
		}
		if got := suggestIDs(suggest("", "звезд"), "content"); got[srPatrolEpisode] {
			t.Error("an episode is suggested")
		}
		// Persons and channels; guests see no 4K channel, signed-in users do.
		if got := suggestIDs(suggest("", "звездин"), "person"); !got[srPerson] {
			t.Errorf("no person: %q", suggestTexts(suggest("", "звездин")))
		}
		if got := suggest("", "ретро кино"); len(got) == 0 || got[0].Kind != "channel" || got[0].Text != "Ретро Кино" || got[0].ContentType != nil {
			t.Errorf("channel: %q", suggestTexts(got))
		}
		for _, s := range suggest("", "эфир 4k") {
			if s.Text == "Эфир 4K" {
				t.Error("a guest is offered a 4K channel")
			}
		}
		found4K := false
		for _, s := range suggest(user, "эфир 4k") {
			found4K = found4K || s.Text == "Эфир 4K"
		}
		if !found4K {
			t.Errorf("a signed-in user is not offered the 4K channel: %q", suggestTexts(suggest(user, "эфир 4k")))
		}
		// Child profiles find nothing rated above 12, anywhere.
		for _, text := range []string{"звезд", "з", "zvezd", "ночной", "кино", "Звездочёт", ""} {
			for _, s := range suggest(child, text) {
				if s.Age > 12 {
					t.Errorf("child %q: %s (%d+)", text, s.Text, s.Age)
				}
			}
		}
		if got := suggestIDs(suggest(child, "звезд"), "content"); !got[srStarship] || !got[srPatrol] || got[srStarships] || got[srStargazer] {
			t.Errorf("child звезд: %q", suggestTexts(suggest(child, "звезд")))
		}

		// 255 characters at most.
		long := strings.Repeat("я", 256)
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/search/suggest?text=" + urlQuery(long)})
		if res.Status != 400 || !strings.Contains(string(res.Body), "validation_error") {
			t.Errorf("256 characters: %d %s", res.Status, res.Body)
		}
		suggest("", long[:len(long)-len("я")])
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/search?text=" + urlQuery(long)})
		if res.Status != 400 {
			t.Errorf("search 256 characters: %d", res.Status)
		}

		// Focus without text: popular titles, then the viewer's choices first.
		popular := suggest(user, "")
		if len(popular) < 4 || popular[0].ID != srStarship || popular[0].Recent {
			t.Errorf("popular: %q", suggestTexts(popular))
		}
		for _, body := range []map[string]any{
			{"text": "патр", "title": "Звёздный патруль", "content_type": "series", "object_id": srPatrol},
			{"text": "ретро", "title": "Ретро Кино", "content_type": "channel", "object_id": popularChannel(t, db, "retro")},
			{"text": "звездол", "title": "Звездолёт Аврора", "content_type": "content", "object_id": srStarship},
		} {
			res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/search/found", Token: user, Body: body})
			must(t, res, 204)
		}
		recent := suggest(user, "")
		if len(recent) < 4 || !recent[0].Recent || recent[0].ID != srStarship || recent[1].Text != "Ретро Кино" ||
			recent[2].ID != srPatrol || !recent[2].Recent || recent[3].Recent {
			t.Errorf("recent: %+v", recent[:3])
		}
		if got := suggest(child, ""); len(got) == 0 || got[0].Recent {
			t.Errorf("another profile sees the user's recent choices: %q", suggestTexts(got))
		}
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/search/found", Token: user, Body: map[string]any{"text": "x", "object_id": 0}})
		if res.Status != 400 {
			t.Errorf("found without object: %d", res.Status)
		}
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/search/found", Body: map[string]any{"text": "x", "object_id": 5}})
		must(t, res, 204)

		// The results page.
		type results struct {
			Contents []struct {
				ID          int64  `json:"id"`
				ContentType string `json:"content_type"`
				Age         int    `json:"age"`
			} `json:"contents"`
			Persons []struct {
				ID            int64 `json:"id"`
				ContentsCount int   `json:"contents_count"`
			} `json:"persons"`
			Channels []struct {
				Name string `json:"name"`
			} `json:"channels"`
		}
		get := func(token, query string) results {
			t.Helper()
			var out results
			res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/search?" + query, Token: token})
			must(t, res, 200)
			res.JSON(t, &out)
			return out
		}
		all := get("", "text="+urlQuery("звезд"))
		if len(all.Contents) < 4 || all.Contents[0].ID != srStarship || len(all.Persons) == 0 || all.Persons[0].ID != srPerson ||
			all.Persons[0].ContentsCount != 2 {
			t.Errorf("results: %+v", all)
		}
		if kids := get(child, "text="+urlQuery("звезд")); len(kids.Persons) == 0 || kids.Persons[0].ContentsCount != 2 {
			t.Errorf("child persons: %+v", kids.Persons)
		} else {
			for _, c := range kids.Contents {
				if c.Age > 12 {
					t.Errorf("child results: %+v", c)
				}
			}
		}
		series := get("", "text="+urlQuery("звезд")+"&content_type=series")
		if len(series.Contents) == 0 || len(series.Persons) != 0 || len(series.Channels) != 0 {
			t.Errorf("series only: %+v", series)
		}
		for _, c := range series.Contents {
			if c.ContentType != "series" {
				t.Errorf("series only: %+v", c)
			}
		}
		page := get("", "text="+urlQuery("звезд")+"&limit=1&offset=1")
		if len(page.Contents) != 1 || page.Contents[0].ID != all.Contents[1].ID || len(page.Persons) != 0 {
			t.Errorf("second page: %+v", page)
		}
		if ch := get("", "text="+urlQuery("кино")+"&content_type=channel"); len(ch.Channels) == 0 || len(ch.Contents) != 0 {
			t.Errorf("channels: %+v", ch)
		}
		if empty := get("", "text="); len(empty.Contents)+len(empty.Persons)+len(empty.Channels) != 0 {
			t.Errorf("empty text: %+v", empty)
		}
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/search?text=x&content_type=episodes"})
		if res.Status != 400 {
			t.Errorf("unknown content_type: %d", res.Status)
		}
	})
}

func urlQuery(s string) string {
	return strings.NewReplacer("%", "%25", "&", "%26", "+", "%2B", " ", "%20", "#", "%23", "`", "%60").Replace(s)
}

func popularChannel(t *testing.T, db *store.DB, slug string) int64 {
	t.Helper()
	var id int64
	if err := store.Get(context.Background(), db, "SELECT id FROM channels WHERE provider_id = 1 AND slug = ?", []any{slug}, &id); err != nil {
		t.Fatal(err)
	}
	return id
}

// searchToken signs the demo user in on a new device.
func searchToken(t *testing.T, srv *apitest.Server, serial string) string {
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

// searchChildToken is the demo user on another device, switched to a new
// child profile.
func searchChildToken(t *testing.T, srv *apitest.Server) string {
	t.Helper()
	tok := searchToken(t, srv, "search-child")
	var p struct {
		ID int64 `json:"id"`
	}
	res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/profiles", Token: tok,
		Body: map[string]string{"name": "Kid", "role": "child"}})
	must(t, res, 201)
	res.JSON(t, &p)
	res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/profile", Token: tok, Body: map[string]any{"profile_id": p.ID}})
	must(t, res, 200)
	return tok
}
