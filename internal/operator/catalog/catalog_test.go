package catalogadmin_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The demo's staff (internal/demo/staff.go).
const (
	ownerEmail   = "admin@efir.example"
	ownerPass    = "efir24-admin"
	supportEmail = "support@efir.example"
	editorEmail  = "editor@efir.example"
	financeEmail = "finance@efir.example"
	staffPass    = "efir24-staff"
	almaEmail    = "alma-editor@alma.example"
)

const base = "/v2/operator/catalog"

func must(t *testing.T, res *apitest.Response, want int) *apitest.Response {
	t.Helper()
	if res.Status != want {
		t.Fatalf("status %d, want %d: %s", res.Status, want, res.Body)
	}
	return res
}

// almaEditor adds a content editor of Alma Demo (operator 2) and signs in.
func almaEditor(t *testing.T, srv *apitest.Server, db *store.DB) *apitest.Staff {
	t.Helper()
	if _, err := db.Exec(t.Context(), `INSERT INTO staff (provider_id, email, role, password_hash, created_at)
		SELECT 2, ?, 'content', password_hash, 0 FROM staff WHERE email = ?`, almaEmail, editorEmail); err != nil {
		t.Fatal(err)
	}
	return srv.SignInStaff(t, almaEmail, staffPass)
}

func call(st *apitest.Staff, method, path string, body any) *apitest.Response {
	return st.Do(apitest.Request{Method: method, Path: path, Body: body})
}

type content struct {
	ID        int64  `json:"id"`
	Title     string `json:"title"`
	Status    string `json:"status"`
	Source    string `json:"source"`
	PosterURL string `json:"poster_url"`
	Poster    string `json:"poster"`
	Trailers  []struct {
		ID     int64  `json:"id"`
		Source string `json:"source"`
	} `json:"trailers"`
	Persons []struct {
		PersonID int64  `json:"person_id"`
		Name     string `json:"name"`
		Role     string `json:"role"`
	} `json:"persons"`
	Children []struct {
		ID int64 `json:"id"`
	} `json:"children"`
}

func pngOf(t *testing.T, w, h int) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		for y := range h {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

func id(v int64) string { return strconv.FormatInt(v, 10) }

// A film made in the console, with an uploaded poster and an upstream HLS
// source, is what a viewer opens, streams and finds; an edit shows at once;
// a withdrawn film answers lost_content. Every change is audited.
func TestFilmFromTheConsoleReachesViewers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		editor := srv.SignInStaff(t, editorEmail, staffPass)
		viewer := srv.Guest(t, "catalog-viewer")

		var lib struct {
			ID int64 `json:"id"`
		}
		must(t, call(editor, "POST", base+"/libraries", map[string]any{"name": "Открытая полка", "is_free": true}), 201).JSON(t, &lib)
		var person struct {
			ID int64 `json:"id"`
		}
		must(t, call(editor, "POST", base+"/persons", map[string]any{"name": "Ирина Квасцова"}), 201).JSON(t, &person)
		var genre struct {
			ID int64 `json:"id"`
		}
		must(t, call(editor, "POST", base+"/genres", map[string]any{"name": "Роуд-муви", "name_en": "Road movie"}), 201).JSON(t, &genre)
		const hls = "https://cdn.example.net/films/kvas/master.m3u8"
		var film content
		must(t, call(editor, "POST", base+"/contents", map[string]any{
			"type": "movie", "title": "Квасной путь", "description": "Дорожное кино.", "year": 2024, "age": 12,
			"duration": 5400, "library_id": lib.ID, "countries": []string{"ru", "KZ"}, "genre_ids": []int64{genre.ID},
			"persons": []map[string]any{{"person_id": person.ID, "role": "director"}}, "source": hls,
			"trailers": []map[string]any{{"title": "Трейлер", "source": "https://cdn.example.net/films/kvas/trailer.m3u8", "duration": 90}},
		}), 201).JSON(t, &film)
		if film.Source != hls || len(film.Persons) != 1 || film.Persons[0].Name != "Ирина Квасцова" || len(film.Trailers) != 1 ||
			film.PosterURL != "" || !strings.HasPrefix(film.Poster, "/v2/artwork/poster/") {
			t.Fatalf("created: %+v", film)
		}

		// A picture that is not one, and one too small, are refused.
		must(t, call(editor, "POST", base+"/contents/"+id(film.ID)+"/artwork/poster", map[string]string{"data": base64.StdEncoding.EncodeToString([]byte("not a picture"))}), 400)
		must(t, call(editor, "POST", base+"/contents/"+id(film.ID)+"/artwork/poster", map[string]string{"data": pngOf(t, 20, 30)}), 400)
		must(t, call(editor, "POST", base+"/contents/"+id(film.ID)+"/artwork/poster", map[string]string{"data": pngOf(t, 200, 300)}), 200).JSON(t, &film)
		if !strings.HasPrefix(film.PosterURL, "/v2/catalog_images/") || film.Poster != film.PosterURL {
			t.Fatalf("poster: %+v", film)
		}
		img := srv.Do(apitest.Request{Method: "GET", Path: film.PosterURL})
		if img.Status != 200 || img.Header.Get("Content-Type") != "image/png" || !strings.Contains(img.Header.Get("Cache-Control"), "immutable") {
			t.Fatalf("poster served: %d %v", img.Status, img.Header)
		}
		if res := srv.Do(apitest.Request{Method: "GET", Path: strings.Replace(film.PosterURL, "-", "-0", 1)}); res.Status != 404 {
			t.Errorf("a wrong digest: %d", res.Status)
		}

		// A person's picture: uploaded, shown to viewers, replaced (the old
		// one is gone), removed (the generated portrait again).
		var pic struct {
			ImageURL string `json:"image_url"`
		}
		personPic := base + "/persons/" + id(person.ID) + "/picture"
		must(t, call(editor, "POST", personPic, map[string]string{"data": pngOf(t, 20, 20)}), 400)
		must(t, call(editor, "POST", personPic, map[string]string{"data": pngOf(t, 300, 400)}), 200).JSON(t, &pic)
		first := pic.ImageURL
		if !strings.HasPrefix(first, "/v2/catalog_images/") {
			t.Fatalf("person picture %q", first)
		}
		var seen struct {
			ImageURL string `json:"image_url"`
		}
		must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/persons/" + id(person.ID)}), 200).JSON(t, &seen)
		if seen.ImageURL != first {
			t.Fatalf("the viewer's person picture %q, want %q", seen.ImageURL, first)
		}
		must(t, call(editor, "POST", personPic, map[string]string{"data": pngOf(t, 400, 400)}), 200).JSON(t, &pic)
		if pic.ImageURL == first || srv.Do(apitest.Request{Method: "GET", Path: first}).Status != 404 {
			t.Fatalf("replaced picture %q (old %q still served?)", pic.ImageURL, first)
		}
		second := pic.ImageURL
		must(t, call(editor, "DELETE", personPic, nil), 200).JSON(t, &pic)
		if pic.ImageURL != "" || srv.Do(apitest.Request{Method: "GET", Path: second}).Status != 404 {
			t.Fatalf("removed picture %q", pic.ImageURL)
		}
		must(t, call(editor, "POST", base+"/persons/999999/picture", map[string]string{"data": pngOf(t, 300, 400)}), 404)

		var page struct {
			Title  string `json:"title"`
			Images []struct {
				Type string `json:"type"`
				Src  string `json:"src"`
			} `json:"images"`
		}
		must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/contents/" + id(film.ID), Token: viewer}), 200).JSON(t, &page)
		poster := ""
		for _, im := range page.Images {
			if im.Type == "poster" {
				poster = im.Src
			}
		}
		if page.Title != "Квасной путь" || poster != film.PosterURL {
			t.Fatalf("viewer's page: %+v", page)
		}
		var stream struct {
			HLS string `json:"hls"`
		}
		must(t, srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/libraries/%d/contents/%d/stream", lib.ID, film.ID), Token: viewer}), 200).JSON(t, &stream)
		if stream.HLS != hls {
			t.Errorf("stream: %q", stream.HLS)
		}
		must(t, srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/trailers/%d/stream", film.Trailers[0].ID), Token: viewer}), 200).JSON(t, &stream)
		if stream.HLS != "https://cdn.example.net/films/kvas/trailer.m3u8" {
			t.Errorf("trailer stream: %q", stream.HLS)
		}

		// Search finds it once the index caught up (in the background).
		found := func(text string) bool {
			deadline := time.Now().Add(10 * time.Second)
			for {
				var hits []struct {
					Kind string `json:"kind"`
					ID   int64  `json:"id"`
				}
				must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/search/suggest?text=" + url.QueryEscape(text), Token: viewer}), 200).JSON(t, &hits)
				for _, h := range hits {
					if h.Kind == "content" && h.ID == film.ID {
						return true
					}
				}
				if time.Now().After(deadline) {
					return false
				}
				time.Sleep(200 * time.Millisecond)
			}
		}
		if !found("Квасной путь") {
			t.Error("search does not find the new film")
		}

		// An edit shows to the viewer at once, and in search.
		must(t, call(editor, "PATCH", base+"/contents/"+id(film.ID), map[string]any{"title": "Квасной путь: возвращение"}), 200)
		must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/contents/" + id(film.ID), Token: viewer}), 200).JSON(t, &page)
		if page.Title != "Квасной путь: возвращение" {
			t.Errorf("edited title: %q", page.Title)
		}
		if !found("возвращение") {
			t.Error("search does not find the edited title")
		}

		// Withdrawn: lost_content.
		must(t, call(editor, "PATCH", base+"/contents/"+id(film.ID), map[string]any{"status": "withdrawn"}), 200)
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/contents/" + id(film.ID), Token: viewer})
		if res.ErrorType() != "lost_content" {
			t.Errorf("withdrawn: %d %s", res.Status, res.Body)
		}

		var n int
		// 7 of the film, 3 of the person's picture
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM audit_log WHERE action LIKE 'catalog.%'`, nil, &n); err != nil || n != 10 {
			t.Errorf("%d audit entries (%v), want 10", n, err)
		}

		// Deleting drops the uploaded picture too.
		must(t, call(editor, "DELETE", base+"/contents/"+id(film.ID), nil), 204)
		must(t, srv.Do(apitest.Request{Method: "GET", Path: film.PosterURL}), 404)
		must(t, call(editor, "GET", base+"/contents/"+id(film.ID), nil), 404)
	})
}

// Deleting a content: not while a viewer holds a licence of it or of one of
// its episodes, nor while a banner leads to it; then it leaves no rows,
// favourites, offers or guide links behind.
func TestContentDeleteLeavesNothingBehind(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		editor := srv.SignInStaff(t, editorEmail, staffPass)
		var series, season, episode content
		must(t, call(editor, "POST", base+"/contents", map[string]any{"type": "series", "title": "Долгий сериал"}), 201).JSON(t, &series)
		must(t, call(editor, "POST", base+"/contents", map[string]any{"type": "season", "title": "Сезон 1", "season": 1, "parent_id": series.ID}), 201).JSON(t, &season)
		must(t, call(editor, "POST", base+"/contents", map[string]any{"type": "episode", "title": "Серия 1", "season": 1, "episode": 1,
			"parent_id": season.ID, "source": "demo-asset"}), 201).JSON(t, &episode)
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.Exec(t.Context(), q, args...); err != nil {
				t.Fatal(err)
			}
		}
		count := func(q string, args ...any) int {
			t.Helper()
			var n int
			if err := store.Get(t.Context(), db, q, args, &n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		var user int64
		row, err := store.InsertID(t.Context(), db, `INSERT INTO rows (provider_id, slug, title, template) VALUES (1, 'delete-test',
			'Ряд', 'content-v') RETURNING id`)
		if err != nil {
			t.Fatal(err)
		}
		srv.Guest(t, "delete-test-viewer")
		if err := store.Get(t.Context(), db, `SELECT MAX(id) FROM users`, nil, &user); err != nil {
			t.Fatal(err)
		}
		exec(`INSERT INTO row_items (row_id, kind, object_id, sort) VALUES (?, 'content', ?, 99)`, row, series.ID)
		exec(`INSERT INTO favorites (user_id, profile_id, kind, object_id, created_at) VALUES (?, 0, 'content', ?, 0)`, user, series.ID)
		exec(`INSERT INTO content_offers (provider_id, content_id, kind, amount, currency) VALUES (1, ?, 'buy', 19900, 'RUB')`, episode.ID)
		exec(`INSERT INTO licences (user_id, offer_id, content_id, kind, amount, currency, start_at, end_at, idem_key, created_at)
			VALUES (?, 0, ?, 'buy', 19900, 'RUB', 0, 0, 'delete-test', 0)`, user, episode.ID)
		var banner struct {
			ID int64 `json:"id"`
		}
		must(t, call(editor, "POST", "/v2/operator/pages/promotions", map[string]any{"title": "Смотрите", "dest_type": "content",
			"dest_id": series.ID}), 201).JSON(t, &banner)

		path := base + "/contents/" + id(series.ID)
		must(t, call(editor, "DELETE", path, nil), 409) // the episode is bought
		exec(`DELETE FROM licences WHERE idem_key = 'delete-test'`)
		must(t, call(editor, "DELETE", path, nil), 409) // the banner
		must(t, call(editor, "PATCH", "/v2/operator/pages/promotions/"+id(banner.ID), map[string]any{"dest_type": "text"}), 200)
		must(t, call(editor, "DELETE", path, nil), 204)

		tree := []any{series.ID, season.ID, episode.ID}
		for what, n := range map[string]int{
			"contents":  count(`SELECT COUNT(*) FROM contents WHERE id IN (?, ?, ?)`, tree...),
			"row items": count(`SELECT COUNT(*) FROM row_items WHERE kind = 'content' AND object_id IN (?, ?, ?)`, tree...),
			"favorites": count(`SELECT COUNT(*) FROM favorites WHERE kind = 'content' AND object_id IN (?, ?, ?)`, tree...),
			"offers":    count(`SELECT COUNT(*) FROM content_offers WHERE content_id IN (?, ?, ?)`, tree...),
		} {
			if n != 0 {
				t.Errorf("%s left behind: %d", what, n)
			}
		}
	})
}

// A series' episode list, cached by the catalogue, shows an episode added
// in the console at once.
func TestNewEpisodeShowsAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		editor := srv.SignInStaff(t, editorEmail, staffPass)
		viewer := srv.Guest(t, "episodes-viewer")
		var series, season content
		must(t, call(editor, "POST", base+"/contents", map[string]any{"type": "series", "title": "Тихая гавань"}), 201).JSON(t, &series)
		must(t, call(editor, "POST", base+"/contents", map[string]any{"type": "season", "title": "Сезон 1", "season": 1, "parent_id": series.ID}), 201).JSON(t, &season)
		must(t, call(editor, "POST", base+"/contents", map[string]any{"type": "episode", "title": "Серия 1", "season": 1, "episode": 1,
			"parent_id": season.ID, "source": "demo-asset"}), 201)
		// A season under a film, an episode without a parent, a source on a series: refused.
		must(t, call(editor, "POST", base+"/contents", map[string]any{"type": "episode", "title": "Сирота"}), 400)
		must(t, call(editor, "PATCH", base+"/contents/"+id(series.ID), map[string]any{"source": "https://x.example/a.m3u8"}), 400)
		must(t, call(editor, "PATCH", base+"/contents/"+id(series.ID), map[string]any{"source": "rtmp://x.example/live"}), 400)

		episodes := func() int {
			var list struct {
				Items []any `json:"items"`
			}
			res := must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/contents/" + id(season.ID) + "/episodes", Token: viewer}), 200)
			if err := json.Unmarshal(res.Body, &list); err != nil || list.Items == nil {
				var arr []any
				res.JSON(t, &arr)
				return len(arr)
			}
			return len(list.Items)
		}
		if n := episodes(); n != 1 {
			t.Fatalf("%d episodes", n)
		}
		must(t, call(editor, "POST", base+"/contents", map[string]any{"type": "episode", "title": "Серия 2", "season": 1, "episode": 2,
			"parent_id": season.ID}), 201)
		if n := episodes(); n != 2 {
			t.Errorf("%d episodes after adding one", n)
		}
		must(t, call(editor, "GET", base+"/contents/"+id(season.ID), nil), 200).JSON(t, &season)
		if len(season.Children) != 2 {
			t.Errorf("season's children in the console: %+v", season.Children)
		}
	})
}

type report struct {
	Applied bool `json:"applied"`
	Created int  `json:"created"`
	Updated int  `json:"updated"`
	Failed  int  `json:"failed"`
	Rows    []struct {
		Line   int    `json:"line"`
		Status string `json:"status"`
		ID     int64  `json:"id"`
		Field  string `json:"field"`
		Reason string `json:"reason"`
	} `json:"rows"`
}

// An import with a bad row writes nothing and says which line and why;
// fixed, it writes every row; a JSON import updates by id.
func TestImportAllOrNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		editor := srv.SignInStaff(t, ownerEmail, ownerPass)
		count := func() int {
			var n int
			if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM contents WHERE title LIKE 'Импорт%'", nil, &n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		csv := "type,title,year,age,countries,status,source\n" +
			"movie,Импорт один,2020,12,RU|KZ,published,https://cdn.example.net/1.m3u8\n" +
			"movie,\"Импорт, два\",1700,0,,hidden,\n" +
			"series,Импорт три,2021,16,,published,\n"
		var rep report
		imp := func(body map[string]any) {
			t.Helper()
			rep = report{}
			must(t, call(editor, "POST", base+"/import", body), 200).JSON(t, &rep)
		}
		imp(map[string]any{"format": "csv", "data": csv, "apply": true})
		if rep.Applied || rep.Failed != 1 || rep.Created != 2 || len(rep.Rows) != 3 || rep.Rows[1].Line != 3 ||
			rep.Rows[1].Status != "failed" || rep.Rows[1].Field != "year" || rep.Rows[1].Reason == "" {
			t.Fatalf("report: %+v", rep)
		}
		if n := count(); n != 0 {
			t.Fatalf("%d rows written by a failed import", n)
		}
		csv = strings.Replace(csv, "1700", "1970", 1)
		imp(map[string]any{"format": "csv", "data": csv})
		if rep.Applied || rep.Failed != 0 || rep.Created != 3 || count() != 0 {
			t.Fatalf("preview: %+v", rep)
		}
		imp(map[string]any{"format": "csv", "data": csv, "apply": true})
		if !rep.Applied || rep.Created != 3 || count() != 3 || rep.Rows[0].ID == 0 {
			t.Fatalf("applied: %+v", rep)
		}
		data := fmt.Sprintf("[\n  {\"id\": %d, \"title\": \"Импорт первый\", \"countries\": [\"GE\"]},\n  {\"id\": 999999999, \"title\": \"Импорт чужой\"}\n]", rep.Rows[0].ID)
		imp(map[string]any{"format": "json", "data": data, "apply": true})
		if rep.Applied || rep.Failed != 1 || rep.Updated != 1 || rep.Rows[1].Line != 3 || rep.Rows[1].Field != "id" {
			t.Fatalf("json: %+v", rep)
		}
		must(t, call(editor, "POST", base+"/import", map[string]any{"format": "csv", "data": "nonsense,title\nx,y\n"}), 400)
		var n int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM audit_log WHERE action = 'catalog.content.import'`, nil, &n); err != nil || n != 3 {
			t.Errorf("%d import audit entries (%v)", n, err)
		}
	})
}

// Who may call what: the content editor, owner (and admin, who has the
// same permissions) may; support and finance may not; nobody gets 401.
// Staff of another operator never reach this operator's catalogue.
func TestCatalogCallers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		owner := srv.SignInStaff(t, ownerEmail, ownerPass)
		var film, genre, person, lib struct {
			ID int64 `json:"id"`
		}
		must(t, call(owner, "POST", base+"/contents", map[string]any{"type": "movie", "title": "Своё кино"}), 201).JSON(t, &film)
		must(t, call(owner, "POST", base+"/genres", map[string]any{"name": "Свой жанр"}), 201).JSON(t, &genre)
		must(t, call(owner, "POST", base+"/persons", map[string]any{"name": "Свой человек"}), 201).JSON(t, &person)
		must(t, call(owner, "POST", base+"/libraries", map[string]any{"name": "Своя полка"}), 201).JSON(t, &lib)
		f, g, p, l := id(film.ID), id(genre.ID), id(person.ID), id(lib.ID)
		calls := []struct {
			method, path string
			body         any
		}{
			{"GET", base + "/contents", nil},
			{"POST", base + "/contents", map[string]any{"type": "movie", "title": "Ещё"}},
			{"GET", base + "/contents/" + f, nil},
			{"PATCH", base + "/contents/" + f, map[string]any{"year": 2001}},
			{"POST", base + "/contents/" + f + "/artwork/cover", map[string]any{"data": pngOf(t, 320, 180)}},
			{"DELETE", base + "/contents/" + f + "/artwork/cover", nil},
			{"GET", base + "/persons", nil},
			{"POST", base + "/persons", map[string]any{"name": "Ещё человек"}},
			{"PATCH", base + "/persons/" + p, map[string]any{"bio": "Био"}},
			{"POST", base + "/persons/" + p + "/picture", map[string]any{"data": pngOf(t, 300, 400)}},
			{"DELETE", base + "/persons/" + p + "/picture", nil},
			{"GET", base + "/genres", nil},
			{"POST", base + "/genres", map[string]any{"name": "Ещё жанр"}},
			{"PATCH", base + "/genres/" + g, map[string]any{"name_en": "Own"}},
			{"GET", base + "/libraries", nil},
			{"POST", base + "/libraries", map[string]any{"name": "Ещё полка"}},
			{"PATCH", base + "/libraries/" + l, map[string]any{"sort": 3}},
			{"GET", base + "/assets", nil},
			{"POST", base + "/import", map[string]any{"format": "csv", "data": "title\nПроба\n"}},
			{"DELETE", base + "/contents/" + f, nil},
		}
		as := map[string]*apitest.Staff{
			"nobody":  {},
			"support": srv.SignInStaff(t, supportEmail, staffPass),
			"finance": srv.SignInStaff(t, financeEmail, staffPass),
			"content": srv.SignInStaff(t, editorEmail, staffPass),
			"alma":    almaEditor(t, srv, db),
		}
		nobody := func(c struct {
			method, path string
			body         any
		}) *apitest.Response {
			return srv.Do(apitest.Request{Method: c.method, Path: c.path, Body: c.body})
		}
		for _, c := range calls {
			if res := nobody(c); res.Status != http.StatusUnauthorized {
				t.Errorf("%s %s without a session: %d", c.method, c.path, res.Status)
			}
			for _, who := range []string{"support", "finance"} {
				if res := call(as[who], c.method, c.path, c.body); res.Status != http.StatusForbidden {
					t.Errorf("%s %s as %s: %d", c.method, c.path, who, res.Status)
				}
			}
			// Another operator's editor: lists without this operator's
			// things, the things themselves not found.
			res := call(as["alma"], c.method, c.path, c.body)
			own := strings.Contains(c.path, "/"+f) || strings.Contains(c.path, "/"+g) || strings.Contains(c.path, "/"+p) || strings.Contains(c.path, "/"+l)
			switch {
			case own && res.Status != http.StatusNotFound:
				t.Errorf("%s %s as another operator's editor: %d %s", c.method, c.path, res.Status, res.Body)
			case !own && res.Status >= 300:
				t.Errorf("%s %s as another operator's editor: %d %s", c.method, c.path, res.Status, res.Body)
			case c.method == "GET" && bytes.Contains(res.Body, []byte("Сво")):
				t.Errorf("%s %s shows another operator's things: %s", c.method, c.path, res.Body)
			}
		}
		// Another operator's genre, person or library cannot be used.
		for _, body := range []map[string]any{
			{"type": "movie", "title": "Чужое", "genre_ids": []int64{genre.ID}},
			{"type": "movie", "title": "Чужое", "library_id": lib.ID},
			{"type": "movie", "title": "Чужое", "persons": []map[string]any{{"person_id": person.ID, "role": "actor"}}},
			{"type": "season", "title": "Чужое", "parent_id": film.ID},
		} {
			if res := call(as["alma"], "POST", base+"/contents", body); res.Status != 400 {
				t.Errorf("another operator's reference %v: %d", body, res.Status)
			}
		}
		for _, c := range calls {
			for _, who := range []string{"content"} {
				res := call(as[who], c.method, c.path, c.body)
				if res.Status == 401 || res.Status == 403 || res.Status >= 500 {
					t.Errorf("%s %s as %s: %d %s", c.method, c.path, who, res.Status, res.Body)
				}
			}
			if c.method == "DELETE" && strings.HasSuffix(c.path, "/"+f) {
				continue
			}
			if res := call(owner, c.method, c.path, c.body); res.Status == 401 || res.Status == 403 || res.Status >= 500 {
				t.Errorf("%s %s as owner: %d %s", c.method, c.path, res.Status, res.Body)
			}
		}
	})
}
