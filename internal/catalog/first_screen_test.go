package catalog_test

import (
	"context"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/artwork"
	"efir/internal/catalog"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The served home page carries its first screen, drawn for the viewer the
// page's session cookie names; API calls never take the cookie.
func TestFirstScreenOfHome(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newRowsFixture(t, db)
		page := func(path, cookie string) string { t.Helper(); return servedPage(t, f, path, cookie) }
		screen := func(html string) string { t.Helper(); return firstScreenIn(t, html) }

		// A new visitor: the first row with tiles is the picks (the history
		// row is empty), its films as poster links; the hidden one is left out.
		anon := screen(page("/", ""))
		if !strings.Contains(anon, `data-template="content-v"`) || !strings.Contains(anon, "Матрица снов") ||
			!strings.Contains(anon, `href="/contents/film-0`) || !strings.Contains(anon, `src="/v2/artwork/poster/`) ||
			strings.Contains(anon, "Скрытый фильм") {
			t.Errorf("anonymous first screen:\n%s", anon)
		}
		firstScreenSrcsets(t, anon)
		if s := screen(page("/startpage", "")); !strings.Contains(s, "Матрица снов") {
			t.Errorf("/startpage has no first screen:\n%s", s)
		}
		// Nothing executable: a first screen has no script and no handler.
		if strings.Contains(anon, "<script") || strings.Contains(anon, " onerror=") || strings.Contains(anon, " onload=") {
			t.Errorf("first screen runs something:\n%s", anon)
		}

		// A child profile's cookie: its own rows, nothing above 12.
		kid := childToken(t, f.srv)
		child := screen(page("/", kid))
		if strings.Contains(child, "Матрица снов") || !strings.Contains(child, "Лисёнок Тим") {
			t.Errorf("child's first screen:\n%s", child)
		}
		// The same cookie on an API call is not a session: the answer is an
		// anonymous visitor's (the 16+ film is there).
		res := f.srv.Do(apitest.Request{Method: "GET", Path: "/v2/rowsets/startpage?type=web",
			Header: http.Header{"Cookie": {"accessToken=" + url.QueryEscape(kid)}}})
		if res.Status != 200 || !strings.Contains(string(res.Body), "Матрица снов") {
			t.Errorf("API call took the cookie: %d %s", res.Status, res.Body)
		}
		// A stale or foreign cookie is a new visitor.
		if s := screen(page("/", "not-a-token")); !strings.Contains(s, "Матрица снов") {
			t.Errorf("bad cookie:\n%s", s)
		}

		// Other pages have none.
		if html := page("/channels", ""); strings.Contains(html, "first-screen") {
			t.Error("/channels has a first screen")
		}
	})
}

// servedPage is the page at path as a browser gets it, with the session
// cookie when given.
func servedPage(t *testing.T, f *rowsFixture, path, cookie string) string {
	t.Helper()
	// Pages are not API calls (no contract): straight to the handler.
	r := httptest.NewRequest("GET", "http://efir.test"+path, nil)
	r.RemoteAddr = f.srv.RemoteAddr
	r.Header.Set("Accept", "text/html")
	if cookie != "" {
		r.Header.Set("Cookie", "accessToken="+url.QueryEscape(cookie))
	}
	w := httptest.NewRecorder()
	f.srv.Handler.ServeHTTP(w, r)
	if w.Code != 200 {
		t.Fatalf("%s: %d", path, w.Code)
	}
	return w.Body.String()
}

// firstScreenIn is the first screen of a served page.
func firstScreenIn(t *testing.T, html string) string {
	t.Helper()
	i, j := strings.Index(html, `<div id="first-screen">`), strings.Index(html, `<div id="root">`)
	if i < 0 || j < i {
		t.Fatalf("no first screen before #root:\n%s", html)
	}
	return html[i:j]
}

// A first banner with a graphic title shows it as the client's slide does
// (PromoSliderSlide: <h2><img alt=title src=tv_x2 width height></h2>), so
// nothing moves or loads twice when the app's slide replaces it; without
// one, the title's text.
func TestFirstScreenGraphicTitle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newRowsFixture(t, db)
		ctx := context.Background()
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.Exec(ctx, q, args...); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			if err := catalog.Bump(ctx, db); err != nil {
				t.Fatal(err)
			}
		}
		slider, err := store.InsertID(ctx, db, `INSERT INTO rows (provider_id, slug, title, template, source, query)
			VALUES (1, 'slider', 'Slider', 'promo-bg', 'items', '{}') RETURNING id`)
		if err != nil {
			t.Fatal(err)
		}
		exec("INSERT INTO row_items (row_id, kind, object_id, sort) VALUES (?, 'promotion', ?, 0), (?, 'promotion', ?, 1)",
			slider, f.promo["matrix"], slider, f.promo["link"])
		exec("UPDATE rowset_rows SET sort = sort + 1 WHERE rowset_id = ?", f.rowset["startpage"])
		exec("INSERT INTO rowset_rows (rowset_id, row_id, sort) VALUES (?, ?, 0)", f.rowset["startpage"], slider)
		// A session's first screen is drawn each time: no cache between the two.
		tok := demoToken(t, f.srv)
		banner := func() string {
			t.Helper()
			s := firstScreenIn(t, servedPage(t, f, "/", tok))
			m := regexp.MustCompile(`(?s)<section class="fs-banner".*?</section>`).FindString(s)
			if m == "" {
				t.Fatalf("no banner:\n%s", s)
			}
			return m
		}
		if b := banner(); !strings.Contains(b, "<h2>Promo matrix</h2>") || strings.Contains(b, "fs-gt") {
			t.Errorf("a banner without a graphic title:\n%s", b)
		}

		logo := artwork.TitleURL(f.promo["matrix"])
		exec(`UPDATE promotions SET graphic_title = ?, graphic_title_width = 317, graphic_title_height = 122 WHERE id = ?`,
			logo, f.promo["matrix"])
		want := `<h2 class="fs-gt-h"><img class="fs-gt" src="` + logo + `" alt="Promo matrix" width="317" height="122"`
		if b := banner(); !strings.Contains(b, want) || strings.Contains(b, "<h2>Promo matrix</h2>") {
			t.Errorf("a banner with a graphic title, want %s:\n%s", want, b)
		}
		// The client's slide this mirrors: the same picture, alt and size,
		// and the same box (PromoSlider.module.css .logo).
		slide, err := os.ReadFile(filepath.Join("..", "..", "web", "src", "features", "rows", "PromoSliderSlide.tsx"))
		if err == nil {
			for _, s := range []string{"g?.tv_x2 || g?.tv_x1 || g?.mobile_x2", "width: g?.tv_width_pt", "height: g?.tv_height_pt",
				"src={logo.src} alt={title} width={logo.width} height={logo.height}"} {
				if !strings.Contains(string(slide), s) {
					t.Errorf("PromoSliderSlide no longer has %q: change bannerOf's graphic title with it", s)
				}
			}
		}
		css, err := os.ReadFile(filepath.Join("..", "..", "web", "src", "features", "rows", "PromoSlider.module.css"))
		page := servedPage(t, f, "/", tok)
		if err == nil && (!strings.Contains(string(css), "max-width: min(420px, 100%);\n  max-height: 140px;") ||
			!strings.Contains(page, ".fs-gt{height:auto;max-width:min(420px,100%);max-height:140px;")) {
			t.Error("the first screen's .fs-gt and the client's .logo differ")
		}
	})
}

// firstScreenSrcsets: every generated poster of the first screen carries the
// srcset and sizes the client's tile gives the same picture (artworkSrcset,
// the tile's CSS width), so the browser picks one file for both and the app
// does not load the row again when it replaces the first screen.
func firstScreenSrcsets(t *testing.T, screen string) {
	t.Helper()
	imgs := regexp.MustCompile(`<img src="(/v2/artwork/poster/[^"]+)"([^>]*)>`).FindAllStringSubmatch(screen, -1)
	if len(imgs) == 0 {
		t.Fatalf("no generated poster in the first screen:\n%s", screen)
	}
	attr := func(attrs, name string) string {
		m := regexp.MustCompile(` ` + name + `="([^"]*)"`).FindStringSubmatch(attrs)
		if m == nil {
			return ""
		}
		return html.UnescapeString(m[1])
	}
	for _, m := range imgs {
		src := html.UnescapeString(m[1])
		if got, want := attr(m[2], "srcset"), artwork.Srcset(src); want == "" || got != want {
			t.Errorf("%s: srcset %q, want %q", src, got, want)
		}
		if got := attr(m[2], "sizes"); got != "282px" || attr(m[2], "width") != "282" {
			t.Errorf("%s: sizes %q width %q, want the poster tile's 282", src, got, attr(m[2], "width"))
		}
	}
	// The client's tile sizes these mirror (ContentTile's SIZE).
	tile, err := os.ReadFile(filepath.Join("..", "..", "web", "src", "features", "rows", "tiles", "ContentTile.tsx"))
	if err == nil && !strings.Contains(string(tile), "{ poster: [282, 423], cover: [332, 187] }") {
		t.Error("ContentTile's SIZE changed: change firstRowOf's tile sizes with it")
	}
}
