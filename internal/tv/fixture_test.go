package tv

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

// The fixture line-up of the package tests (provider 1 unless said):
//
//	free     free by itself, age 0, archive 7, kids + all
//	base     base packet, age 12, archive 3, news + all
//	adult    adult packet, age 18, adult category (tag is_adult)
//	uhd      base packet, 4K
//	hidden   free, hidden
//	upstream hls source in the free packet, catch-up template, archive 2
//	noarch   base packet, no archive
//	teen     base packet, age 16
//	other    provider 2, free
//
// Users: base (active base packet), expired (base packet ended), future
// (adult packet starting tomorrow), night (adult + base), plain (none).
const fixNow = int64(1_800_000_000 + 1800) // half past an hour

type fixture struct {
	t        *testing.T
	db       *store.DB
	svc      *Service
	h        http.Handler
	ch       map[string]int64
	users    map[string]int64
	origin   *fakeOrigin
	parental *fakeParental
	now      int64
	entryAge map[int64]int // schedule entries with age > 0
}

// fakeParental stands for identity's PIN proof: the actions in locked need
// a proof the caller has not given (as an account with a PIN and no pass).
type fakeParental struct {
	locked map[string]bool
	asked  []string
}

func (p *fakeParental) ParentalProof(_ context.Context, sess *httpx.Session, action string) error {
	p.asked = append(p.asked, action)
	if sess == nil {
		return httpx.Unauthorized()
	}
	if p.locked[action] {
		return httpx.ParentalCodeRequired()
	}
	return nil
}

type fakeOrigin struct{ signed []media.Grant }

func (f *fakeOrigin) Sign(g media.Grant) string {
	f.signed = append(f.signed, g)
	return fmt.Sprintf("/media/%s-%s-%d-%d-%d/master.m3u8", g.Kind, g.Asset, g.Start, g.UserID, g.DeviceID)
}
func (f *fakeOrigin) Assets() []string { return []string{"a1", "a2"} }

// Thumbnails: archives have an index every 10 s of their first minute.
func (f *fakeOrigin) Thumbnails(g media.Grant) (string, []int64) {
	if g.Kind == media.KindLive {
		return "", nil
	}
	return fmt.Sprintf("/media/%s-%s-%d/thumbs.vtt", g.Kind, g.Asset, g.Start), []int64{0, 10, 20, 30, 40, 50}
}
func (f *fakeOrigin) LoopLength(string) (time.Duration, bool) {
	return 600 * time.Second, true
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{t: t, db: db, ch: map[string]int64{}, users: map[string]int64{}, origin: &fakeOrigin{}, parental: &fakeParental{locked: map[string]bool{}}, now: fixNow}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := db.Exec(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	id := func(q string, args ...any) int64 {
		t.Helper()
		n, err := store.InsertID(ctx, db, q+" RETURNING id", args...)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
	for _, k := range []struct {
		id    int64
		slug  string
		all   bool
		adult bool
	}{{32, "all", true, false}, {22, "kids", false, false}, {1, "news", false, false}, {7, "4k", false, false}, {18, "adult", false, true}} {
		exec("INSERT INTO categories (provider_id, id, slug, name, sort, tag_all_channels, tag_is_adult) VALUES (1, ?, ?, ?, ?, ?, ?)",
			k.id, k.slug, strings.ToUpper(k.slug), k.id, k.all, k.adult)
	}
	packets := map[string]int64{}
	for i, p := range []string{"free", "base", "adult"} {
		packets[p] = id("INSERT INTO packets (provider_id, name, price, currency, is_base, is_free, sort) VALUES (1, ?, ?, 'RUB', ?, ?, ?)",
			p, int64(i)*10000, p == "base", p == "free", i)
	}
	type chDef struct {
		slug, packet, srcType, src, tpl string
		age, archive                    int
		free, hidden, uhd               bool
		cats                            []int64
		provider                        int64
	}
	defs := []chDef{
		{slug: "free", age: 0, archive: 7, free: true, cats: []int64{32, 22}},
		{slug: "base", packet: "base", age: 12, archive: 3, cats: []int64{32, 1}},
		{slug: "adult", packet: "adult", age: 18, archive: 7, cats: []int64{32, 18}},
		{slug: "uhd", packet: "base", archive: 7, uhd: true, cats: []int64{32, 7}},
		{slug: "hidden", free: true, hidden: true, archive: 7, cats: []int64{32}},
		{slug: "upstream", packet: "free", srcType: "hls", src: "http://up.example/live/index.m3u8",
			tpl: "{url}?utc={start}&dur={duration}&off={offset}", archive: 2, age: 6, cats: []int64{32, 1}},
		{slug: "noarch", packet: "base", archive: 0, cats: []int64{32}},
		{slug: "teen", packet: "base", age: 16, archive: 7, cats: []int64{32}},
		{slug: "other", free: true, archive: 7, provider: 2},
	}
	for i, d := range defs {
		if d.srcType == "" {
			d.srcType, d.src = "loop", "a1"
		}
		if d.provider == 0 {
			d.provider = 1
		}
		c := id(`INSERT INTO channels (provider_id, slug, name, number, age, is_free, is_hidden, is_4k, source_type, source_url,
			catchup_template, archived_days) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			d.provider, d.slug, "Channel "+d.slug, i+1, d.age, d.free, d.hidden, d.uhd, d.srcType, d.src, d.tpl, d.archive)
		f.ch[d.slug] = c
		if d.packet != "" {
			exec("INSERT INTO packet_channels (packet_id, channel_id) VALUES (?, ?)", packets[d.packet], c)
		}
		for _, k := range d.cats {
			exec("INSERT INTO channel_categories (provider_id, category_id, channel_id) VALUES (1, ?, ?)", k, c)
		}
	}
	for _, u := range []struct {
		name       string
		packets    []string
		start, end int64
	}{
		{"base", []string{"base"}, fixNow - 100*day, 0},
		{"expired", []string{"base"}, fixNow - 100*day, fixNow - day},
		{"future", []string{"adult"}, fixNow + day, 0},
		{"night", []string{"adult", "base"}, fixNow - day, fixNow + 30*day},
		{"plain", nil, 0, 0},
	} {
		uid := id("INSERT INTO users (provider_id, username, date_joined) VALUES (1, ?, 0)", u.name)
		f.users[u.name] = uid
		for _, p := range u.packets {
			exec("INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, created_at) VALUES (?, ?, ?, ?, 0)",
				uid, packets[p], u.start, u.end)
		}
	}
	// Hourly entries from 10 days back to 4 days ahead on free, base,
	// upstream and noarch. Every 24th hour has no catch-up; every 5th is 16+.
	f.entryAge = map[int64]int{}
	hour := fixNow - fixNow%3600
	for _, slug := range []string{"free", "base", "upstream", "noarch"} {
		var q strings.Builder
		var args []any
		q.WriteString(`INSERT INTO schedule (channel_id, title, start_at, duration, real_start_at, real_duration, age, season, series,
			is_catchup_available) VALUES `)
		for h := int64(-240); h < 96; h++ {
			start := hour + h*3600
			age := 0
			if h%5 == 0 {
				age = 16
			}
			if h > -240 {
				q.WriteString(",")
			}
			q.WriteString("(?, ?, ?, 3600, ?, 3600, ?, ?, ?, ?)")
			args = append(args, f.ch[slug], fmt.Sprintf("%s %d", slug, h), start, start, age, 1, h+300, h%24 != 7 && h%24 != -17)
		}
		exec(q.String(), args...)
	}
	f.svc = New(db, f.origin, Config{Now: func() time.Time { return time.Unix(f.now, 0) }, Parental: f.parental})
	mux := http.NewServeMux()
	f.svc.Register(mux)
	f.h = mux
	return f
}

// as is a caller: "" anonymous, "guest", or a fixture user name, with
// options child/profile.
type as struct {
	user    string
	child   bool
	profile int64
	guest   bool
}

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

func (f *fixture) do(who as, method, path string, body string) result {
	f.t.Helper()
	var rdr *strings.Reader
	if body != "" {
		rdr = strings.NewReader(body)
	} else {
		rdr = strings.NewReader("")
	}
	req := httptest.NewRequest(method, path, rdr)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", "en")
	ctx := provider.WithProvider(req.Context(), &provider.Provider{ID: 1})
	if who.user != "" || who.guest {
		uid := f.users[who.user]
		if who.guest {
			uid = f.users["plain"]
		}
		profile := who.profile
		if profile == 0 {
			profile = 1
		}
		ctx = httpx.WithSession(ctx, &httpx.Session{UserID: uid, DeviceID: 77, ProfileID: profile, ProviderID: 1,
			IsGuest: who.guest, ChildMode: who.child})
	}
	rec := httptest.NewRecorder()
	f.h.ServeHTTP(rec, req.WithContext(ctx))
	return result{status: rec.Code, body: rec.Body.Bytes()}
}

func (f *fixture) channels(who as, path string) map[string]channelJSON {
	f.t.Helper()
	res := f.do(who, "GET", path, "")
	if res.status != 200 {
		f.t.Fatalf("%s: %d %s", path, res.status, res.body)
	}
	var list []channelJSON
	res.decode(f.t, &list)
	out := map[string]channelJSON{}
	for _, c := range list {
		out[c.Slug] = c
	}
	return out
}

func itoa(n int64) string { return fmt.Sprint(n) }
