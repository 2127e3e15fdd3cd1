package catalog

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/server"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// seoMeta asks the page-meta hook about path as an anonymous visitor (a
// crawler) of provider 1 named "Efir Demo", or as who.
func (f *fixture) seoMeta(path, lang string, who ...as) server.PageMeta {
	f.t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	ctx := provider.WithProvider(req.Context(), &provider.Provider{ID: 1, Name: "Efir Demo"})
	if len(who) > 0 && who[0].user != "" {
		ctx = httpx.WithSession(ctx, &httpx.Session{UserID: f.users[who[0].user], DeviceID: 1, ProfileID: 2, ProviderID: 1,
			ChildMode: who[0].child})
	}
	return f.svc.PageMeta("https://tv.example/")(req.WithContext(ctx))
}

func seoExtras(t *testing.T, f *fixture) {
	t.Helper()
	ctx := context.Background()
	for _, q := range []string{
		"INSERT INTO rowsets (provider_id, slug, template, title, description, menu_sort) VALUES (1, 'startpage', 'startpage', 'Главная', '', 1)",
		"INSERT INTO rowsets (provider_id, slug, template, title, description, menu_sort) VALUES (1, 'kino', 'contents', 'Кино', 'Все фильмы', 2)",
		"INSERT INTO news (provider_id, slug, title, lead, published_at) VALUES (1, 'new-season', 'Новый сезон', 'Второй сезон уже здесь', 1)",
		"INSERT INTO news (provider_id, slug, title, lead, published_at, is_hidden) VALUES (1, 'draft', 'Черновик', '', 1, TRUE)",
		"INSERT INTO categories (provider_id, id, slug, name) VALUES (1, 7, 'sport', 'Спорт')",
		"UPDATE contents SET description = 'Сон внутри сна. <script>alert(1)</script>' WHERE slug = 'matrica-snov'",
	} {
		if _, err := f.db.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, name := range []string{"news:new-season", "news:draft"} {
		var id int64
		if err := store.Get(ctx, f.db, "SELECT id FROM news WHERE slug = ?", []any{strings.TrimPrefix(name, "news:")}, &id); err != nil {
			t.Fatal(err)
		}
		f.id[name] = id
	}
}

func TestPageMetaOfEachPageType(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		seoExtras(t, f)
		matrix := f.path("matrica-snov-%d", "matrix")

		// A film by its slug: the mask's title, its own description, the
		// poster, canonical, indexable.
		m := f.seoMeta("/contents/"+matrix, "")
		if m.Status != 0 || m.Title != "Матрица снов — смотреть онлайн в Efir Demo" || m.NoIndex ||
			m.Canonical != "https://tv.example/contents/"+matrix || m.Type != "video.movie" ||
			m.Image != f.path("https://tv.example/v2/artwork/poster/%d.jpg", "matrix") || m.SiteName != "Efir Demo" || m.Lang != "ru" {
			t.Errorf("film: %+v", m)
		}
		if m.Description != "Сон внутри сна. <script>alert(1)</script>" {
			t.Errorf("film description (the server escapes it when writing): %q", m.Description)
		}
		// The same film by its bare id: noindex, canonical is the slug form;
		// in English the English mask.
		m = f.seoMeta(f.path("/contents/%d", "matrix"), "en")
		if !m.NoIndex || m.Canonical != "https://tv.example/contents/"+matrix || m.Title != "Матрица снов — watch online on Efir Demo" {
			t.Errorf("film by id: %+v", m)
		}
		// An episode under its series: named with season and number, the
		// series' poster (an episode has no artwork of its own), canonical
		// with both slugs.
		ep := f.path("/contents/severnyj-veter-%d", "wind") + f.path("/wind-s2e3-%d", "wind:s2e3")
		m = f.seoMeta(ep, "en")
		if m.Title != "Северный ветер — season 2, episode 3 — watch online on Efir Demo" || m.Type != "video.episode" ||
			m.Image != f.path("https://tv.example/v2/artwork/poster/%d.jpg", "wind") || m.NoIndex {
			t.Errorf("episode: %+v", m)
		}
		if m.Canonical != "https://tv.example/contents/"+f.path("severnyj-veter-%d", "wind")+f.path("/wind:s2e3-%d", "wind:s2e3") {
			t.Errorf("episode canonical: %q", m.Canonical)
		}
		if m = f.seoMeta(f.path("/contents/severnyj-veter-%d", "wind"), ""); m.Type != "video.tv_show" {
			t.Errorf("series: %+v", m)
		}
		// Lost: noindex but served (status 0); unknown: 404, noindex.
		for _, p := range []string{f.path("/contents/lost-%d", "lost"), "/contents/nothing-999999", "/contents/abc",
			f.path("/contents/alien-%d", "alien")} {
			if m = f.seoMeta(p, ""); (p != f.path("/contents/lost-%d", "lost") && m.Status != http.StatusNotFound) || !m.NoIndex {
				t.Errorf("%s: %+v", p, m)
			}
		}
		if m = f.seoMeta(f.path("/contents/lost-%d", "lost"), ""); m.Status != 0 {
			t.Errorf("lost: %+v", m)
		}
		// A child profile does not get an 18+ film's title.
		if m = f.seoMeta(f.path("/contents/club-%d", "club"), "", kid); m.Status != http.StatusNotFound || strings.Contains(m.Title, "Ночной") {
			t.Errorf("child: %+v", m)
		}
		// The playback modal is never indexed.
		if m = f.seoMeta(f.path("/watch/matrica-snov-%d", "matrix"), ""); !m.NoIndex || m.Canonical != "https://tv.example/contents/"+matrix {
			t.Errorf("watch: %+v", m)
		}

		// Persons: anna has the film and the series (2 contents), boris one.
		anna := f.path("anna-%d", "person:anna")
		m = f.seoMeta("/persons/"+anna, "")
		if m.NoIndex || m.Type != "profile" || m.Title != "Анна — фильмы и сериалы онлайн в Efir Demo" || m.Description != "Режиссёр" ||
			m.Canonical != "https://tv.example/persons/"+anna || !strings.Contains(m.Image, "/v2/artwork/person/") {
			t.Errorf("person: %+v", m)
		}
		if m = f.seoMeta(f.path("/persons/boris-%d", "person:boris"), ""); !m.NoIndex {
			t.Errorf("person with one content: %+v", m)
		}
		if m = f.seoMeta(f.path("/persons/%d", "person:anna"), ""); !m.NoIndex {
			t.Errorf("person by id: %+v", m)
		}
		if m = f.seoMeta("/persons/nobody-424242", ""); m.Status != http.StatusNotFound {
			t.Errorf("unknown person: %+v", m)
		}

		// Rows and rowsets.
		if m = f.seoMeta("/row/drama-row", ""); m.Title != "Drama — смотреть онлайн в Efir Demo" || m.NoIndex ||
			m.Canonical != "https://tv.example/row/drama-row" {
			t.Errorf("row: %+v", m)
		}
		if m = f.seoMeta(f.path("/row/%d", "row:drama"), ""); !m.NoIndex || m.Canonical != "https://tv.example/row/drama-row" {
			t.Errorf("row by id: %+v", m)
		}
		if m = f.seoMeta("/row/no-such-row", ""); m.Status != http.StatusNotFound {
			t.Errorf("unknown row: %+v", m)
		}
		if m = f.seoMeta("/kino", ""); m.Title != "Кино — Efir Demo" || m.Description != "Все фильмы" || m.Canonical != "https://tv.example/kino" {
			t.Errorf("rowset by slug: %+v", m)
		}
		if m = f.seoMeta("/rowset/kino", ""); m.Canonical != "https://tv.example/kino" || m.NoIndex {
			t.Errorf("rowset page: %+v", m)
		}
		if m = f.seoMeta("/rowset/nothing", ""); m.Status != http.StatusNotFound {
			t.Errorf("unknown rowset: %+v", m)
		}
		// A client page that is no rowset: no meta, no 404.
		if m = f.seoMeta("/settings", ""); m != (server.PageMeta{}) {
			t.Errorf("client page: %+v", m)
		}
		if m = f.seoMeta("/", ""); m.Title != "Efir Demo — онлайн-ТВ, фильмы и сериалы" || m.Canonical != "https://tv.example/" {
			t.Errorf("home: %+v", m)
		}

		// Fixed pages.
		if m = f.seoMeta("/movies", "en"); m.Title != "Films online — Efir Demo" || m.NoIndex {
			t.Errorf("movies: %+v", m)
		}
		if m = f.seoMeta("/series", ""); m.Title != "Сериалы онлайн — Efir Demo" {
			t.Errorf("series: %+v", m)
		}
		if m = f.seoMeta("/my", ""); !m.NoIndex || m.Title != "Избранное — Efir Demo" {
			t.Errorf("my: %+v", m)
		}
		if m = f.seoMeta("/search", ""); !m.NoIndex {
			t.Errorf("search: %+v", m)
		}

		// News.
		news := f.path("new-season-%d", "news:new-season")
		if m = f.seoMeta("/news/"+news, ""); m.Title != "Новый сезон — новости Efir Demo" || m.Description != "Второй сезон уже здесь" ||
			m.Type != "article" || m.Canonical != "https://tv.example/news/"+news {
			t.Errorf("news: %+v", m)
		}
		if m = f.seoMeta(f.path("/news/%d", "news:draft"), ""); m.Status != http.StatusNotFound {
			t.Errorf("hidden news: %+v", m)
		}

		// Channels: by slug, with a category, by id (noindex), archive time;
		// a category; unknown.
		if m = f.seoMeta("/channels/ch1", ""); m.Title != "Телеканалы: Первый — Efir Demo" || m.NoIndex ||
			m.Canonical != "https://tv.example/channels/ch1" || !strings.Contains(m.Image, "/logo.svg") {
			t.Errorf("channel: %+v", m)
		}
		if m = f.seoMeta("/channels/sport/ch1/1800000000", ""); m.Canonical != "https://tv.example/channels/sport/ch1" || m.NoIndex {
			t.Errorf("channel in category at a time: %+v", m)
		}
		if m = f.seoMeta(f.path("/channels/sport/%d", "channel:ch1"), ""); !m.NoIndex {
			t.Errorf("channel by id: %+v", m)
		}
		if m = f.seoMeta("/channels/sport", ""); m.Title != "Телеканалы: Спорт — Efir Demo" || m.NoIndex {
			t.Errorf("category: %+v", m)
		}
		if m = f.seoMeta("/channels/sport/nope", ""); m.Status != http.StatusNotFound {
			t.Errorf("unknown channel: %+v", m)
		}
	})
}

func TestClipText(t *testing.T) {
	long := strings.Repeat("слово ", 60)
	got := clipText(long, 50)
	if len([]rune(got)) > 51 || !strings.HasSuffix(got, "слово…") {
		t.Errorf("%q", got)
	}
	if got := clipText("две\n\nстроки", 50); got != "две строки" {
		t.Errorf("%q", got)
	}
}
