package pagesadmin_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/app"
	"efir/internal/catalog"
	"efir/internal/demo"
	"efir/internal/provider"
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
)

func newServer(t *testing.T, db *store.DB) *apitest.Server {
	now := time.Unix(1_800_000_000, 0)
	srv := apitest.NewWithOptions(t, db, app.Options{Now: func() time.Time { return now }})
	if err := demo.EnsureGuide(t.Context(), db, now); err != nil {
		t.Fatal(err)
	}
	if err := demo.EnsureCatalog(t.Context(), db); err != nil {
		t.Fatal(err)
	}
	return srv
}

func must(t *testing.T, res *apitest.Response, want int) *apitest.Response {
	t.Helper()
	if res.Status != want {
		t.Fatalf("status %d, want %d: %s", res.Status, want, res.Body)
	}
	return res
}

type rowset struct {
	ID       int64  `json:"id"`
	Slug     string `json:"slug"`
	Template string `json:"template"`
	Title    string `json:"title"`
	MenuSort int    `json:"menu_sort"`
	Rows     []row  `json:"rows"`
}

type item struct {
	Kind  string `json:"kind"`
	ID    int64  `json:"id"`
	Title string `json:"title"`
}

type row struct {
	ID       int64  `json:"id"`
	Title    string `json:"title"`
	Template string `json:"template"`
	Source   string `json:"source"`
	Items    []item `json:"items"`
}

// viewerRowset is the rowset as an anonymous visitor gets it.
type viewerRowset struct {
	Rows []struct {
		ID       int64  `json:"id"`
		Title    string `json:"title"`
		Contents []struct {
			ID int64 `json:"id"`
		} `json:"contents"`
		Promotions []struct {
			ID    int64  `json:"id"`
			Title string `json:"title"`
		} `json:"promotions"`
	} `json:"rows"`
}

func home(t *testing.T, st *apitest.Staff) rowset {
	t.Helper()
	var list []rowset
	must(t, st.Do(apitest.Request{Method: "GET", Path: "/v2/operator/pages/rowsets"}), 200).JSON(t, &list)
	for _, rs := range list {
		if rs.Template == "startpage" && rs.Slug == "startpage" {
			return rs
		}
	}
	t.Fatalf("no home page among %+v", list)
	return rowset{}
}

func auditCount(t *testing.T, db *store.DB, action string) int {
	t.Helper()
	var n int
	if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM audit_log WHERE action = ? AND provider_id = 1", []any{action}, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A content put in a new row of the home page shows on the viewer's home
// page at once; moving the row first puts it first; both are audited.
func TestHomeRowReachesViewers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		st := srv.SignInStaff(t, editorEmail, staffPass)
		hp := home(t, st)
		path := fmt.Sprintf("/v2/operator/pages/rowsets/%d", hp.ID)
		// The viewer's page is read (and cached) before the change.
		var before viewerRowset
		must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/rowsets/startpage"}), 200).JSON(t, &before)

		var found []item
		must(t, st.Do(apitest.Request{Method: "GET", Path: "/v2/operator/pages/items?kind=content"}), 200).JSON(t, &found)
		if len(found) == 0 {
			t.Fatal("no contents to pick")
		}
		pick := found[len(found)-1]
		// The picker finds it by a word of its title typed in lower case.
		word := strings.ToLower(strings.Fields(pick.Title)[0])
		var byWord []item
		must(t, st.Do(apitest.Request{Method: "GET", Path: "/v2/operator/pages/items?kind=content&q=" + url.QueryEscape(word)}), 200).JSON(t, &byWord)
		if !hasItem(byWord, pick.ID) {
			t.Fatalf("%q does not find %q: %+v", word, pick.Title, byWord)
		}

		var created row
		must(t, st.Do(apitest.Request{Method: "POST", Path: path + "/rows", Body: map[string]any{
			"title": "Выбор редакции", "template": "content-h",
			"items": []map[string]any{{"kind": "content", "id": pick.ID}}}}), 201).JSON(t, &created)
		if len(created.Items) != 1 || created.Items[0].Title != pick.Title || created.Source != "items" {
			t.Fatalf("created row: %+v", created)
		}
		var full rowset
		must(t, st.Do(apitest.Request{Method: "GET", Path: path}), 200).JSON(t, &full)
		ids := []int64{created.ID}
		for _, r := range full.Rows {
			if r.ID != created.ID {
				ids = append(ids, r.ID)
			}
		}
		if full.Rows[len(full.Rows)-1].ID != created.ID {
			t.Fatalf("a new row goes last: %+v", full.Rows)
		}
		must(t, st.Do(apitest.Request{Method: "PATCH", Path: path, Body: map[string]any{"row_ids": ids}}), 200).JSON(t, &full)
		if full.Rows[0].ID != created.ID {
			t.Fatalf("reordered: first row %d, want %d", full.Rows[0].ID, created.ID)
		}

		var after viewerRowset
		must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/rowsets/startpage"}), 200).JSON(t, &after)
		if len(after.Rows) == 0 || after.Rows[0].ID != created.ID {
			t.Fatalf("the viewer's first row is not the new one: %+v", after.Rows)
		}
		if len(after.Rows[0].Contents) != 1 || after.Rows[0].Contents[0].ID != pick.ID {
			t.Fatalf("the viewer's new row: %+v", after.Rows[0])
		}

		// An edit of the row's items shows too; a wrong kind is refused.
		must(t, st.Do(apitest.Request{Method: "PATCH", Path: fmt.Sprintf("/v2/operator/pages/rows/%d", created.ID),
			Body: map[string]any{"items": []map[string]any{{"kind": "channel", "id": 1}}}}), 400)
		must(t, st.Do(apitest.Request{Method: "PATCH", Path: fmt.Sprintf("/v2/operator/pages/rows/%d", created.ID),
			Body: map[string]any{"items": []map[string]any{{"kind": "content", "id": found[0].ID}, {"kind": "content", "id": pick.ID}}}}), 200)
		must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/rowsets/startpage"}), 200).JSON(t, &after)
		if c := after.Rows[0].Contents; len(c) != 2 || c[0].ID != found[0].ID {
			t.Fatalf("the viewer's edited row: %+v", after.Rows[0])
		}

		// A filter row (an automatic one) lists what its filter finds.
		rowPath := fmt.Sprintf("/v2/operator/pages/rows/%d", created.ID)
		must(t, st.Do(apitest.Request{Method: "PATCH", Path: rowPath, Body: map[string]any{"source": "query", "query": map[string]any{"colour": "red"}}}), 400)
		var auto row
		must(t, st.Do(apitest.Request{Method: "PATCH", Path: rowPath, Body: map[string]any{"source": "query",
			"query": map[string]any{"content_type": "series", "order": "new"}}}), 200).JSON(t, &auto)
		if auto.Source != "query" || len(auto.Items) != 0 {
			t.Fatalf("filter row: %+v", auto)
		}
		must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/rowsets/startpage"}), 200).JSON(t, &after)
		if after.Rows[0].ID != created.ID || len(after.Rows[0].Contents) == 0 {
			t.Fatalf("the viewer's filter row: %+v", after.Rows[0])
		}

		for a, n := range map[string]int{"pages.row.create": 1, "pages.rowset.rows": 1, "pages.row.update": 2} {
			if auditCount(t, db, a) != n {
				t.Errorf("audit entries of %s: %d, want %d", a, auditCount(t, db, a), n)
			}
		}

		// Deleting the row: not while a banner leads to it, then from every
		// page, the viewer's too.
		var banner struct {
			ID int64 `json:"id"`
		}
		must(t, st.Do(apitest.Request{Method: "POST", Path: "/v2/operator/pages/promotions",
			Body: map[string]any{"title": "К ряду", "dest_type": "row", "dest_id": created.ID}}), 201).JSON(t, &banner)
		must(t, st.Do(apitest.Request{Method: "DELETE", Path: rowPath}), 409)
		must(t, st.Do(apitest.Request{Method: "PATCH", Path: fmt.Sprintf("/v2/operator/pages/promotions/%d", banner.ID),
			Body: map[string]any{"dest_type": "text"}}), 200)
		must(t, st.Do(apitest.Request{Method: "DELETE", Path: rowPath}), 204)
		must(t, st.Do(apitest.Request{Method: "DELETE", Path: rowPath}), 404)
		must(t, st.Do(apitest.Request{Method: "GET", Path: rowPath}), 404)
		must(t, st.Do(apitest.Request{Method: "GET", Path: path}), 200).JSON(t, &full)
		must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/rowsets/startpage"}), 200).JSON(t, &after)
		for _, r := range full.Rows {
			if r.ID == created.ID {
				t.Fatalf("the deleted row is still on the page: %+v", full.Rows)
			}
		}
		for _, r := range after.Rows {
			if r.ID == created.ID {
				t.Fatalf("the viewer still sees the deleted row: %+v", after.Rows)
			}
		}
		if auditCount(t, db, "pages.row.delete") != 1 {
			t.Error("the row's deletion is not in the audit log")
		}
	})
}

func hasItem(list []item, id int64) bool {
	for _, it := range list {
		if it.ID == id {
			return true
		}
	}
	return false
}

// A banner made in the console and put in a promo row shows on the home
// page; deleting it takes it out of the row.
func TestBannerOnHomePage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		st := srv.SignInStaff(t, ownerEmail, ownerPass)
		hp := home(t, st)
		must(t, st.Do(apitest.Request{Method: "POST", Path: "/v2/operator/pages/promotions",
			Body: map[string]any{"title": "Весь сезон", "dest_type": "open_url", "dest_url": "ftp://x"}}), 400)
		must(t, st.Do(apitest.Request{Method: "POST", Path: "/v2/operator/pages/promotions",
			Body: map[string]any{"title": "Весь сезон", "dest_type": "rowset", "dest_id": 999999}}), 400)
		var promo struct {
			ID       int64  `json:"id"`
			DestType string `json:"dest_type"`
			DestID   *int64 `json:"dest_id"`
		}
		must(t, st.Do(apitest.Request{Method: "POST", Path: "/v2/operator/pages/promotions",
			Body: map[string]any{"title": "Весь сезон", "short": "Акция", "color_bg": "#123456", "dest_type": "rowset", "dest_id": hp.ID}}), 201).JSON(t, &promo)
		if promo.DestID == nil || *promo.DestID != hp.ID {
			t.Fatalf("promotion: %+v", promo)
		}
		var created row
		path := fmt.Sprintf("/v2/operator/pages/rowsets/%d", hp.ID)
		must(t, st.Do(apitest.Request{Method: "POST", Path: path + "/rows", Body: map[string]any{
			"title": "Баннеры", "template": "promo-bg", "items": []map[string]any{{"kind": "promotion", "id": promo.ID}}}}), 201).JSON(t, &created)
		var full rowset
		must(t, st.Do(apitest.Request{Method: "GET", Path: path}), 200).JSON(t, &full)
		ids := []int64{created.ID}
		for _, r := range full.Rows[:len(full.Rows)-1] {
			ids = append(ids, r.ID)
		}
		must(t, st.Do(apitest.Request{Method: "PATCH", Path: path, Body: map[string]any{"row_ids": ids}}), 200)
		var page viewerRowset
		must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/rowsets/startpage"}), 200).JSON(t, &page)
		if len(page.Rows[0].Promotions) != 1 || page.Rows[0].Promotions[0].Title != "Весь сезон" {
			t.Fatalf("the viewer's banner row: %+v", page.Rows[0])
		}
		// An uploaded picture replaces the generated one for viewers;
		// dropping it brings the generated one back.
		img := fmt.Sprintf("/v2/operator/pages/promotions/%d/image", promo.ID)
		must(t, st.Do(apitest.Request{Method: "POST", Path: img, Body: map[string]string{"data": "bm90IGFuIGltYWdl"}}), 400)
		var uploaded struct {
			Image string `json:"image"`
		}
		must(t, st.Do(apitest.Request{Method: "POST", Path: img, Body: map[string]string{"data": pngOf(t, 320, 180)}}), 200).JSON(t, &uploaded)
		if !strings.HasPrefix(uploaded.Image, "/v2/catalog_images/") {
			t.Fatalf("uploaded picture address: %q", uploaded.Image)
		}
		var withImage struct {
			Rows []struct {
				Promotions []struct {
					Cover struct {
						Bg string `json:"bg"`
					} `json:"cover"`
				} `json:"promotions"`
			} `json:"rows"`
		}
		must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/rowsets/startpage"}), 200).JSON(t, &withImage)
		if got := withImage.Rows[0].Promotions[0].Cover.Bg; got != uploaded.Image {
			t.Fatalf("the viewer's banner picture %q, want %q", got, uploaded.Image)
		}
		must(t, st.Do(apitest.Request{Method: "DELETE", Path: img}), 200).JSON(t, &uploaded)
		if uploaded.Image != "" {
			t.Fatalf("dropped picture: %q", uploaded.Image)
		}
		must(t, st.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/v2/operator/pages/promotions/%d", promo.ID)}), 204)
		var r row
		must(t, st.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/operator/pages/rows/%d", created.ID)}), 200).JSON(t, &r)
		if len(r.Items) != 0 {
			t.Fatalf("a deleted promotion stays in its row: %+v", r.Items)
		}
		if auditCount(t, db, "pages.promotion.create") != 1 || auditCount(t, db, "pages.promotion.delete") != 1 {
			t.Error("promotion changes not audited")
		}
	})
}

// The menu's pages follow the console's order; a page left out leaves the
// menu.
func TestMenuOrder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		st := srv.SignInStaff(t, editorEmail, staffPass)
		var list []rowset
		must(t, st.Do(apitest.Request{Method: "GET", Path: "/v2/operator/pages/rowsets"}), 200).JSON(t, &list)
		var menu []int64
		for _, rs := range list {
			if rs.MenuSort > 0 {
				menu = append(menu, rs.ID)
			}
		}
		if len(menu) < 3 {
			t.Fatalf("menu of the demo: %+v", list)
		}
		// The last two swap, the first leaves.
		next := append([]int64{}, menu[1:]...)
		next[len(next)-1], next[len(next)-2] = next[len(next)-2], next[len(next)-1]
		must(t, st.Do(apitest.Request{Method: "PATCH", Path: "/v2/operator/pages/menu", Body: map[string]any{"rowset_ids": next}}), 200)
		var pages []struct {
			ID     int64 `json:"id"`
			IsMenu bool  `json:"is_menu"`
		}
		must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/rowsets"}), 200).JSON(t, &pages)
		var got []int64
		for _, p := range pages {
			if p.IsMenu {
				got = append(got, p.ID)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(next) {
			t.Fatalf("viewer's menu %v, want %v", got, next)
		}
		must(t, st.Do(apitest.Request{Method: "PATCH", Path: "/v2/operator/pages/menu", Body: map[string]any{"rowset_ids": []int64{next[0], next[0]}}}), 400)
		if auditCount(t, db, "pages.menu.update") != 1 {
			t.Error("menu change not audited")
		}
	})
}

// News written in the console reach the viewer's news when published and
// leave when hidden.
func TestNewsReachViewers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		st := srv.SignInStaff(t, editorEmail, staffPass)
		must(t, st.Do(apitest.Request{Method: "POST", Path: "/v2/operator/pages/news", Body: map[string]any{"title": " "}}), 400)
		var n struct {
			ID          int64  `json:"id"`
			Slug        string `json:"slug"`
			PublishedAt int64  `json:"published_at"`
			Hidden      bool   `json:"hidden"`
		}
		must(t, st.Do(apitest.Request{Method: "POST", Path: "/v2/operator/pages/news",
			Body: map[string]any{"title": "Новый канал в эфире", "lead": "Смотрите уже сегодня", "body": "Текст"}}), 201).JSON(t, &n)
		if n.PublishedAt != 1_800_000_000 || n.Hidden || !strings.HasPrefix(n.Slug, "novyy-kanal-v-efire-") {
			t.Fatalf("news item: %+v", n)
		}
		viewerHas := func() bool {
			var list []struct {
				ID int64 `json:"id"`
			}
			must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/news?limit=100"}), 200).JSON(t, &list)
			for _, x := range list {
				if x.ID == n.ID {
					return true
				}
			}
			return false
		}
		if !viewerHas() {
			t.Fatal("the published item is not in the viewer's news")
		}
		item := fmt.Sprintf("/v2/operator/pages/news/%d", n.ID)
		must(t, st.Do(apitest.Request{Method: "PATCH", Path: item, Body: map[string]any{"hidden": true}}), 200)
		if viewerHas() {
			t.Fatal("a hidden item is in the viewer's news")
		}
		must(t, st.Do(apitest.Request{Method: "PATCH", Path: item, Body: map[string]any{"hidden": false, "published_at": 1_900_000_000}}), 200)
		if viewerHas() {
			t.Fatal("an item of the future is in the viewer's news")
		}
		must(t, st.Do(apitest.Request{Method: "DELETE", Path: item}), 204)
		must(t, st.Do(apitest.Request{Method: "DELETE", Path: item}), 404)
		if auditCount(t, db, "pages.news.create") != 1 || auditCount(t, db, "pages.news.update") != 2 || auditCount(t, db, "pages.news.delete") != 1 {
			t.Error("news changes not audited")
		}
	})
}

// An operator's own SEO mask replaces the built-in one in the page meta and
// in GET /v2/seo/masks; an empty value brings the built-in one back.
func TestSEOMask(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		st := srv.SignInStaff(t, editorEmail, staffPass)
		save := func(value string) {
			must(t, st.Do(apitest.Request{Method: "PATCH", Path: "/v2/operator/pages/seo", Body: map[string]any{"lang": "ru",
				"texts": []map[string]string{{"page_type": "/contents/*", "text_type": "title", "value": value}}}}), 200)
		}
		must(t, st.Do(apitest.Request{Method: "PATCH", Path: "/v2/operator/pages/seo", Body: map[string]any{"lang": "xx", "texts": []any{}}}), 400)
		must(t, st.Do(apitest.Request{Method: "PATCH", Path: "/v2/operator/pages/seo", Body: map[string]any{"lang": "ru",
			"texts": []map[string]string{{"page_type": "/nowhere", "text_type": "title", "value": "x"}}}}), 400)
		save("Смотреть {name} на %s")
		var answer struct {
			Texts []struct {
				PageType string `json:"page_type"`
				TextType string `json:"text_type"`
				Value    string `json:"value"`
				Builtin  string `json:"builtin"`
			} `json:"texts"`
		}
		must(t, st.Do(apitest.Request{Method: "GET", Path: "/v2/operator/pages/seo?lang=ru"}), 200).JSON(t, &answer)
		ok := false
		for _, x := range answer.Texts {
			if x.PageType == "/contents/*" && x.TextType == "title" {
				ok = x.Value == "Смотреть {name} на %s" && x.Builtin != ""
			}
		}
		if !ok {
			t.Fatalf("console texts: %+v", answer.Texts)
		}
		masks := func() string {
			var list []struct {
				PageType string `json:"page_type"`
				TextType string `json:"text_type"`
				Value    string `json:"value"`
			}
			must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/seo/masks", Header: http.Header{"Accept-Language": {"ru"}}}), 200).JSON(t, &list)
			for _, m := range list {
				if m.PageType == "/contents/*" && m.TextType == "title" {
					return m.Value
				}
			}
			return ""
		}
		if got := masks(); !strings.HasPrefix(got, "Смотреть {name} на ") || strings.Contains(got, "%s") {
			t.Fatalf("viewer's mask: %q", got)
		}
		// The page meta of a content page reads it too.
		var slug string
		var id int64
		if err := store.Get(t.Context(), db, `SELECT id, slug FROM contents WHERE provider_id = 1 AND parent_id IS NULL
			AND is_hidden = ? AND is_lost = ? AND content_type = 'movie' ORDER BY id LIMIT 1`, []any{false, false}, &id, &slug); err != nil {
			t.Fatal(err)
		}
		vod := catalog.New(db, nil, catalog.Config{})
		req := httptest.NewRequest("GET", fmt.Sprintf("/contents/%s-%d", slug, id), nil)
		req.Header.Set("Accept-Language", "ru")
		req = req.WithContext(provider.WithProvider(req.Context(), &provider.Provider{ID: 1, Name: "Efir Demo"}))
		if m := vod.PageMeta("https://tv.example")(req); !strings.HasPrefix(m.Title, "Смотреть ") || !strings.HasSuffix(m.Title, " на Efir Demo") {
			t.Fatalf("page meta title: %q", m.Title)
		}
		save("")
		if got := masks(); strings.HasPrefix(got, "Смотреть") {
			t.Fatalf("the built-in mask is not back: %q", got)
		}
		if auditCount(t, db, "pages.seo.update") != 2 {
			t.Errorf("SEO changes audited %d times", auditCount(t, db, "pages.seo.update"))
		}
	})
}

// pngOf is a w x h picture in base64.
func pngOf(t *testing.T, w, h int) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, x%h, color.RGBA{R: 200, A: 255})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(buf.Bytes())
}

func rowIDs(rs rowset) []int64 {
	out := []int64{}
	for _, r := range rs.Rows {
		out = append(out, r.ID)
	}
	return out
}
