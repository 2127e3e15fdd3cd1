package catalog

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"efir/internal/httpx"
	"efir/internal/media"
	"efir/internal/provider"
	"efir/internal/store"
)

// The fixture catalogue of the contents tests (provider 1 unless said):
//
//	libraries  free (free), cinema (sold by packets cheap 199 and dear 299,
//	           and a hidden one), unsold (no packet)
//	matrix     movie 16+, cinema, sci-fi (main) + drama, US, trailer,
//	           director anna, actor boris
//	fox        cartoon 0+, free, drama
//	club       movie 18+, cinema, drama
//	lost       movie, withdrawn;  hidden  movie, hidden;  unsold  movie
//	soon       announcement;  alien  provider 2
//	wind       series 12+ (season 1: 3 episodes, season 2: 8), cinema;
//	           anna plays in its first episode
//	dark       series 16+, one season of 2 episodes left at age 0
//	show       programme (free) with catch-up on channel ch1 (archive 3 days)
//
// Users: sub (cheap packet running), expired (cheap packet ended), plain.
const fixNow = int64(1_800_000_000)

type fixture struct {
	t       *testing.T
	db      *store.DB
	svc     *Service
	h       http.Handler
	origin  *fakeOrigin
	pin     *fakeParental
	id      map[string]int64 // contents, persons, genres, libraries, packets, channels by name
	users   map[string]int64
	now     int64
	entries map[string]int64
}

type fakeOrigin struct{ signed []media.Grant }

// fakeParental stands for identity's PIN proof: while locked, the caller has
// not proved the PIN (an account with a PIN and no pass).
type fakeParental struct{ locked bool }

func (p *fakeParental) ParentalProof(_ context.Context, sess *httpx.Session, _ string) error {
	if sess == nil {
		return httpx.Unauthorized()
	}
	if p.locked {
		return httpx.ParentalCodeRequired()
	}
	return nil
}

func (f *fakeOrigin) Sign(g media.Grant) string {
	f.signed = append(f.signed, g)
	return fmt.Sprintf("/media/%s-%s-%d-%d/master.m3u8", g.Kind, g.Asset, g.UserID, g.DeviceID)
}
func (f *fakeOrigin) Assets() []string { return []string{"a1", "a2"} }

// Thumbnails: a VOD has an index every 10 s of its minute.
func (f *fakeOrigin) Thumbnails(g media.Grant) (string, []int64) {
	return fmt.Sprintf("/media/%s-%s/thumbs.vtt", g.Kind, g.Asset), []int64{0, 10, 20, 30, 40, 50}
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{t: t, db: db, origin: &fakeOrigin{}, id: map[string]int64{}, users: map[string]int64{}, now: fixNow,
		entries: map[string]int64{}}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := db.Exec(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	ins := func(name, q string, args ...any) int64 {
		t.Helper()
		n, err := store.InsertID(ctx, db, q+" RETURNING id", args...)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if name != "" {
			f.id[name] = n
		}
		return n
	}
	ins("lib:free", "INSERT INTO libraries (provider_id, slug, name, is_free, sort) VALUES (1, 'free', 'Free', TRUE, 1)")
	ins("lib:cinema", "INSERT INTO libraries (provider_id, slug, name, sort) VALUES (1, 'cinema', 'Cinema', 2)")
	ins("lib:unsold", "INSERT INTO libraries (provider_id, slug, name, sort) VALUES (1, 'unsold', 'Unsold', 3)")
	for _, p := range []struct {
		name   string
		price  int64
		hidden bool
	}{{"dear", 29900, false}, {"cheap", 19900, false}, {"secret", 100, true}} {
		pid := ins("packet:"+p.name, "INSERT INTO packets (provider_id, name, price, currency, is_hidden) VALUES (1, ?, ?, 'RUB', ?)",
			p.name, p.price, p.hidden)
		exec("INSERT INTO packet_libraries (packet_id, library_id) VALUES (?, ?)", pid, f.id["lib:cinema"])
	}
	exec("INSERT INTO rows (provider_id, slug, title, template, source) VALUES (1, 'drama-row', 'Drama', 'content-v', 'query')")
	var dramaRow int64
	if err := store.Get(ctx, db, "SELECT id FROM rows WHERE slug = 'drama-row'", nil, &dramaRow); err != nil {
		t.Fatal(err)
	}
	f.id["row:drama"] = dramaRow
	ins("genre:drama", "INSERT INTO genres (provider_id, slug, name, name_en, row_id, sort) VALUES (1, 'drama', 'Драма', 'Drama', ?, 1)", dramaRow)
	ins("genre:scifi", "INSERT INTO genres (provider_id, slug, name, name_en, sort) VALUES (1, 'scifi', 'Фантастика', 'Sci-fi', 2)")
	ins("genre:cartoon", "INSERT INTO genres (provider_id, slug, name, name_en, sort) VALUES (1, 'cartoon', 'Мультфильм', 'Cartoon', 3)")

	type def struct {
		name, typ, slug, title, lib, asset, parent string
		age, season, series, duration, popularity  int
		cartoon, lost, hidden, announce            bool
		provider                                   int64
		genres                                     []string
	}
	content := func(d def) int64 {
		t.Helper()
		if d.provider == 0 {
			d.provider = 1
		}
		var lib, parent, mainGenre any
		if d.lib != "" {
			lib = f.id["lib:"+d.lib]
		}
		if d.parent != "" {
			parent = f.id[d.parent]
		}
		if len(d.genres) > 0 {
			mainGenre = f.id["genre:"+d.genres[0]]
		}
		if d.slug == "" {
			d.slug = d.name
		}
		id := ins(d.name, `INSERT INTO contents (provider_id, library_id, parent_id, content_type, slug, title, original_title,
			year, age, duration, season, series, sort, main_genre_id, rating_imdb, is_cartoon, is_announcement, is_hidden,
			is_lost, asset, popularity) VALUES (?, ?, ?, ?, ?, ?, ?, 2019, ?, ?, ?, ?, ?, ?, 7.5, ?, ?, ?, ?, ?, ?)`,
			d.provider, lib, parent, d.typ, d.slug, d.title, strings.ToUpper(d.name), d.age, d.duration, d.season, d.series,
			d.series, mainGenre, d.cartoon, d.announce, d.hidden, d.lost, d.asset, d.popularity)
		for i, g := range d.genres {
			exec("INSERT INTO content_genres (content_id, genre_id, sort) VALUES (?, ?, ?)", id, f.id["genre:"+g], i)
		}
		return id
	}
	content(def{name: "matrix", typ: typeMovie, slug: "matrica-snov", title: "Матрица снов", lib: "cinema", asset: "a1", age: 16,
		duration: 6000, popularity: 90, genres: []string{"scifi", "drama"}})
	exec("INSERT INTO content_countries (content_id, country_id) VALUES (?, 840)", f.id["matrix"])
	ins("trailer:matrix", "INSERT INTO trailers (content_id, title, asset, duration) VALUES (?, 'Trailer', 'a2', 90)", f.id["matrix"])
	content(def{name: "fox", typ: typeMovie, title: "Лисёнок Тим", lib: "free", asset: "a2", duration: 3000, cartoon: true,
		popularity: 50, genres: []string{"drama", "cartoon"}})
	content(def{name: "club", typ: typeMovie, title: "Ночной клуб", lib: "cinema", asset: "a1", age: 18, duration: 5000,
		popularity: 70, genres: []string{"drama"}})
	content(def{name: "lost", typ: typeMovie, title: "Пропавший", lib: "cinema", asset: "a1", lost: true, popularity: 99,
		genres: []string{"drama"}})
	content(def{name: "hidden", typ: typeMovie, title: "Скрытый", lib: "cinema", asset: "a1", hidden: true, popularity: 98,
		genres: []string{"drama"}})
	content(def{name: "unsold", typ: typeMovie, title: "Непродаваемый", lib: "unsold", asset: "a1", popularity: 1})
	content(def{name: "soon", typ: typeMovie, title: "Скоро", lib: "cinema", asset: "a1", announce: true})
	content(def{name: "alien", typ: typeMovie, title: "Чужой", asset: "a1", provider: 2, genres: []string{"drama"}})
	content(def{name: "wind", typ: typeSeries, slug: "severnyj-veter", title: "Северный ветер", lib: "cinema", age: 12,
		popularity: 80, genres: []string{"drama"}})
	for s, n := range []int{3, 8} {
		season := fmt.Sprintf("wind:s%d", s+1)
		content(def{name: season, typ: typeSeason, title: fmt.Sprintf("Сезон %d", s+1), parent: "wind", season: s + 1})
		for e := 1; e <= n; e++ {
			content(def{name: fmt.Sprintf("wind:s%de%d", s+1, e), typ: typeEpisode, title: fmt.Sprintf("Серия %d", e),
				parent: season, season: s + 1, series: e, asset: "a1", duration: 1200})
		}
	}
	content(def{name: "dark", typ: typeSeries, title: "Тёмная вода", lib: "cinema", age: 16, genres: []string{"drama"}})
	content(def{name: "dark:s1", typ: typeSeason, title: "Сезон 1", parent: "dark", season: 1})
	for e := 1; e <= 2; e++ {
		content(def{name: fmt.Sprintf("dark:s1e%d", e), typ: typeEpisode, title: "Серия", parent: "dark:s1", season: 1,
			series: e, asset: "a1", duration: 1200})
	}
	prog := ins("program:show", "INSERT INTO programs (provider_id, title) VALUES (1, 'Утреннее шоу')")
	content(def{name: "show", typ: typeProgram, title: "Утреннее шоу", lib: "free", asset: "a2", duration: 3600})
	exec("UPDATE contents SET program_id = ? WHERE id = ?", prog, f.id["show"])

	ins("person:anna", "INSERT INTO persons (provider_id, slug, name, bio) VALUES (1, 'anna', 'Анна', 'Режиссёр')")
	ins("person:boris", "INSERT INTO persons (provider_id, slug, name) VALUES (1, 'boris', 'Борис')")
	ins("person:alien", "INSERT INTO persons (provider_id, slug, name) VALUES (2, 'alien', 'Чужой')")
	exec("INSERT INTO content_persons (content_id, person_id, role, sort) VALUES (?, ?, 'director', 0), (?, ?, 'actor', 1), (?, ?, 'actor', 0)",
		f.id["matrix"], f.id["person:anna"], f.id["matrix"], f.id["person:boris"], f.id["wind:s1e1"], f.id["person:anna"])

	ins("channel:ch1", "INSERT INTO channels (provider_id, slug, name, archived_days) VALUES (1, 'ch1', 'Первый', 3)")
	ins("channel:secret", "INSERT INTO channels (provider_id, slug, name, archived_days, is_hidden) VALUES (1, 'secret', 'Secret', 3, TRUE)")
	for _, e := range []struct {
		name, ch string
		ago      int64
		catchup  bool
	}{
		{"recent", "ch1", 2 * 3600, true}, {"yesterday", "ch1", 86400, true}, {"old", "ch1", 5 * 86400, true},
		{"future", "ch1", -3600, true}, {"banned", "ch1", 3 * 3600, false}, {"secret", "secret", 3600, true},
	} {
		start := f.now - e.ago
		f.entries[e.name] = ins("", `INSERT INTO schedule (channel_id, program_id, title, start_at, duration, real_start_at,
			real_duration, is_catchup_available) VALUES (?, ?, 'Утреннее шоу', ?, 1800, ?, 1800, ?)`,
			f.id["channel:"+e.ch], prog, start, start, e.catchup)
	}

	for _, u := range []struct {
		name       string
		start, end int64
		packet     string
	}{{"sub", fixNow - 86400, 0, "cheap"}, {"expired", fixNow - 90*86400, fixNow - 86400, "cheap"}, {"plain", 0, 0, ""}} {
		uid := ins("", "INSERT INTO users (provider_id, username, date_joined) VALUES (1, ?, 0)", u.name)
		f.users[u.name] = uid
		if u.packet != "" {
			exec("INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, created_at) VALUES (?, ?, ?, ?, 0)",
				uid, f.id["packet:"+u.packet], u.start, u.end)
		}
	}
	f.pin = &fakeParental{}
	f.svc = New(db, f.origin, Config{Now: func() time.Time { return time.Unix(f.now, 0) }, Parental: f.pin})
	mux := http.NewServeMux()
	f.svc.Register(mux)
	f.h = mux
	return f
}

// as is a caller: "" anonymous, or a fixture user, maybe a guest, a child
// profile or another profile.
type as struct {
	user    string
	guest   bool
	child   bool
	profile int64
}

var (
	anon  = as{}
	sub   = as{user: "sub"}
	plain = as{user: "plain"}
	kid   = as{user: "sub", child: true, profile: 2}
)

type result struct {
	status int
	body   []byte
}

func (r result) decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("decode %s: %v", r.body, err)
	}
}

func (r result) errorType() string {
	var e struct {
		Error struct{ Type string } `json:"error"`
	}
	_ = json.Unmarshal(r.body, &e)
	return e.Error.Type
}

func (f *fixture) do(who as, method, path, body string) result {
	f.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", "en")
	ctx := provider.WithProvider(req.Context(), &provider.Provider{ID: 1})
	if who.user != "" {
		profile := who.profile
		if profile == 0 {
			profile = 1
		}
		ctx = httpx.WithSession(ctx, &httpx.Session{UserID: f.users[who.user], DeviceID: 77, ProfileID: profile, ProviderID: 1,
			IsGuest: who.guest, ChildMode: who.child})
	}
	rec := httptest.NewRecorder()
	f.h.ServeHTTP(rec, req.WithContext(ctx))
	return result{status: rec.Code, body: rec.Body.Bytes()}
}

// get calls GET path and decodes a 200 answer into v.
func (f *fixture) get(who as, path string, v any) {
	f.t.Helper()
	res := f.do(who, "GET", path, "")
	if res.status != 200 {
		f.t.Fatalf("GET %s: %d %s", path, res.status, res.body)
	}
	res.decode(f.t, v)
}

func (f *fixture) path(format, name string) string { return fmt.Sprintf(format, f.id[name]) }

func ids(list []ContentJSON) []int64 {
	out := make([]int64, len(list))
	for i, c := range list {
		out[i] = c.ID
	}
	return out
}

func (f *fixture) names(list []ContentJSON) []string {
	back := map[int64]string{}
	for k, v := range f.id {
		if !strings.Contains(k, ":") || strings.HasPrefix(k, "wind:") || strings.HasPrefix(k, "dark:") {
			back[v] = k
		}
	}
	out := make([]string, len(list))
	for i, c := range list {
		out[i] = back[c.ID]
	}
	return out
}
