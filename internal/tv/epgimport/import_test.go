package epgimport

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"strings"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

var ctx = context.Background()

func addChannel(t *testing.T, db *store.DB, slug, epg string) int64 {
	t.Helper()
	id, err := store.InsertID(ctx, db, `INSERT INTO channels (provider_id, slug, name, epg_id, source_type, source_url)
		VALUES (1, ?, ?, ?, 'loop', 'ch01') RETURNING id`, slug, slug, epg)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

type entry struct {
	Start, Duration int64
	Title           string
	Program         *int64
	Season, Series  int
	Age             int
	Rating, Cats    string
	Episode, Image  string
}

func schedule(t *testing.T, db *store.DB, channel int64) []entry {
	t.Helper()
	rows, err := db.Query(ctx, `SELECT start_at, duration, title, program_id, season, series, age, motion_rating,
		categories, episode_title, image_url FROM schedule WHERE channel_id = ? ORDER BY start_at`, channel)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []entry
	for rows.Next() {
		var e entry
		if err := rows.Scan(&e.Start, &e.Duration, &e.Title, &e.Program, &e.Season, &e.Series, &e.Age, &e.Rating,
			&e.Cats, &e.Episode, &e.Image); err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

func titles(es []entry) string {
	var s []string
	for _, e := range es {
		s = append(s, e.Title)
	}
	return strings.Join(s, ",")
}

const base = 1795305600 // 2026-11-22 00:00 UTC

func prog(channel, start, stop, title string) string {
	return `<programme start="` + start + `" stop="` + stop + `" channel="` + channel + `"><title>` + title + `</title></programme>`
}

func TestImportXMLTV(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		one := addChannel(t, db, "one", "one.ru")
		two := addChannel(t, db, "two", "two.ru")
		doc := `<?xml version="1.0"?><tv>
<channel id="one.ru"><display-name>One</display-name></channel>
<programme start="20261122000000 +0000" stop="20261122010000 +0000" channel="one.ru">
 <title lang="en">News</title><title lang="ru">Новости</title><sub-title>Утро</sub-title>
 <desc>Итоги</desc><category lang="ru">Новости</category><category lang="ru">Политика</category>
 <episode-num system="xmltv_ns">0.1.</episode-num><rating system="RARS"><value>16+</value></rating>
 <icon src="http://x/i.jpg"/></programme>
<programme start="20261122040000 +0300" stop="20261122020000 +0000" channel="one.ru"><title>Фильм</title></programme>
<programme start="20261122020000 +0000" channel="one.ru"><title>Open</title></programme>
<programme start="20261122030000 +0000" stop="20261122040000 +0000" channel="one.ru"><title>Новости</title></programme>
<programme start="20261122000000 +0000" stop="20261122020000 +0000" channel="two.ru"><title>Сериал</title></programme>
<programme start="20261122000000 +0000" stop="20261122020000 +0000" channel="nobody"><title>Lost</title></programme>
<programme start="20261122020000 +0000" stop="20261122010000 +0000" channel="two.ru"><title>Back</title></programme>
</tv>`
		var problems bytes.Buffer
		rep, err := ImportXMLTV(ctx, db, strings.NewReader(doc), Options{BatchSize: 2, Problems: &problems})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Programmes != 5 || rep.ChannelsInGuide != 2 || rep.Skipped["unknown channel"] != 1 || rep.Skipped["stop before start"] != 1 {
			t.Fatalf("report: %+v", rep)
		}
		if !strings.Contains(problems.String(), `unknown channel: nobody`) || !strings.Contains(problems.String(), "line ") {
			t.Errorf("problems printed: %q", problems.String())
		}
		if !strings.Contains(rep.Summary(), "programmes imported 5") {
			t.Errorf("summary: %s", rep.Summary())
		}
		got := schedule(t, db, one)
		if titles(got) != "Новости,Фильм,Open,Новости" {
			t.Fatalf("schedule: %+v", got)
		}
		n := got[0]
		if n.Start != base || n.Duration != 3600 || n.Season != 1 || n.Series != 2 || n.Age != 16 || n.Rating != "16+" ||
			n.Cats != `["Новости","Политика"]` || n.Episode != "Утро" || n.Image != "http://x/i.jpg" || n.Program == nil {
			t.Errorf("first entry: %+v", n)
		}
		// an entry without stop ends where the next one starts
		if got[2].Duration != 3600 {
			t.Errorf("open entry: %+v", got[2])
		}
		// the same title on the same channel is one programme
		if got[3].Program == nil || *got[3].Program != *n.Program {
			t.Errorf("programme not shared: %v %v", got[3].Program, n.Program)
		}
		var desc, genres string
		if err := store.Get(ctx, db, "SELECT description, genres FROM programs WHERE id = ?", []any{*n.Program}, &desc, &genres); err != nil || desc != "Итоги" || genres != `["Новости","Политика"]` {
			t.Errorf("programme: %q %q %v", desc, genres, err)
		}
		if len(schedule(t, db, two)) != 1 {
			t.Errorf("two: %+v", schedule(t, db, two))
		}
		var version string
		if err := store.Get(ctx, db, "SELECT value FROM settings WHERE name = ?", []any{LineupVersionKey}, &version); err != nil || version != "1" {
			t.Errorf("line-up version: %q %v", version, err)
		}
		if _, err := ImportXMLTV(ctx, db, strings.NewReader(doc), Options{}); err != nil {
			t.Fatal(err)
		}
		if err := store.Get(ctx, db, "SELECT value FROM settings WHERE name = ?", []any{LineupVersionKey}, &version); err != nil || version != "2" {
			t.Errorf("line-up version after the second import: %q %v", version, err)
		}
	})
}

func TestReimportReplacesRange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		one := addChannel(t, db, "one", "one.ru")
		other := addChannel(t, db, "other", "other.ru")
		first := "<tv>" +
			prog("one.ru", "20261121220000", "20261122000000", "Вчера") +
			prog("one.ru", "20261122000000", "20261122010000", "A") +
			prog("one.ru", "20261122010000", "20261122020000", "B") +
			prog("one.ru", "20261122020000", "20261122030000", "C") +
			prog("one.ru", "20261122100000", "20261122110000", "Later") +
			prog("other.ru", "20261122000000", "20261122030000", "Other") + "</tv>"
		if _, err := ImportXMLTV(ctx, db, strings.NewReader(first), Options{}); err != nil {
			t.Fatal(err)
		}
		before := schedule(t, db, one)
		// the new guide covers 00:30-02:00: A and B overlap it and go, the
		// rest stays; the other channel is not in the guide and keeps all
		second := "<tv>" +
			prog("one.ru", "20261122003000", "20261122013000", "A2") +
			prog("one.ru", "20261122013000", "20261122020000", "B") + "</tv>"
		rep, err := ImportXMLTV(ctx, db, strings.NewReader(second), Options{BatchSize: 1})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Programmes != 2 || rep.ProgramsCreated != 1 {
			t.Errorf("report: %+v", rep)
		}
		after := schedule(t, db, one)
		if titles(after) != "Вчера,A2,B,C,Later" {
			t.Fatalf("after re-import: %s", titles(after))
		}
		if *after[2].Program != *before[2].Program {
			t.Errorf("B should keep its programme")
		}
		if titles(schedule(t, db, other)) != "Other" {
			t.Errorf("other channel touched")
		}
		// the same guide again changes nothing
		if _, err := ImportXMLTV(ctx, db, strings.NewReader(second), Options{}); err != nil {
			t.Fatal(err)
		}
		if titles(schedule(t, db, one)) != "Вчера,A2,B,C,Later" {
			t.Fatalf("idempotent: %s", titles(schedule(t, db, one)))
		}
		// a duplicate start inside one import: the later entry wins
		dup := "<tv>" + prog("one.ru", "20261122100000", "20261122110000", "X") + prog("one.ru", "20261122100000", "20261122103000", "Y") + "</tv>"
		if _, err := ImportXMLTV(ctx, db, strings.NewReader(dup), Options{}); err != nil {
			t.Fatal(err)
		}
		last := schedule(t, db, one)
		if l := last[len(last)-1]; l.Title != "Y" || l.Duration != 1800 {
			t.Errorf("duplicate: %+v", l)
		}
	})
}

func TestCreateChannels(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		doc := `<tv><channel id="new.ru"><display-name lang="ru">Новый канал</display-name><icon src="http://x/n.png"/></channel>` +
			prog("new.ru", "20261122000000", "20261122010000", "Hello") + "</tv>"
		rep, err := ImportXMLTV(ctx, db, strings.NewReader(doc), Options{})
		if err != nil || rep.ChannelsCreated != 0 || rep.Skipped["unknown channel"] != 1 || rep.Imported() {
			t.Fatalf("without the flag: %+v %v", rep, err)
		}
		rep, err = ImportXMLTV(ctx, db, strings.NewReader(doc), Options{CreateChannels: true})
		if err != nil || rep.ChannelsCreated != 1 || rep.Programmes != 1 {
			t.Fatalf("with the flag: %+v %v", rep, err)
		}
		var slug, logo string
		var hidden bool
		if err := store.Get(ctx, db, "SELECT slug, logo_url, is_hidden FROM channels WHERE epg_id = 'new.ru'", nil, &slug, &logo, &hidden); err != nil {
			t.Fatal(err)
		}
		if slug != "novyy-kanal" || logo != "http://x/n.png" || !hidden {
			t.Errorf("created: %q %q %v", slug, logo, hidden)
		}
	})
}

func TestImportM3U(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		if _, err := db.Exec(ctx, `INSERT INTO categories (provider_id, id, slug, name, tag_all_channels) VALUES (1, 32, 'all', 'Все', TRUE), (1, 5, 'news', 'Новости', FALSE)`); err != nil {
			t.Fatal(err)
		}
		old := addChannel(t, db, "match-tv", "")
		playlist := `#EXTM3U url-tvg="http://epg/guide.xml.gz"
#EXTINF:-1 tvg-id="one.ru" tvg-logo="http://x/1.png" group-title="Новости;Эфирные" catchup="default" catchup-days="7" catchup-source="http://cdn/one/index-${start}-{duration}.m3u8",Первый канал
http://cdn/one/index.m3u8
#EXTGRP:Спорт
#EXTINF:-1 catchup="shift" catchup-days="3",Матч ТВ
http://cdn/match/index.m3u8?token=1
#EXTINF:-1 tvg-id="fl" catchup="flussonic" catchup-days="2",Flussonic
http://fl/ch/index.m3u8
#EXTINF:-1 tvg-id="mc" catchup-days="5",Multicast
udp://@239.1.1.1:1234
#EXTINF:-1 tvg-id="nocatch" catchup-days="5",No catchup
http://nc/ch.m3u8
`
		rep, err := ImportM3U(ctx, db, strings.NewReader(playlist), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.ChannelsCreated != 4 || rep.ChannelsUpdated != 1 || rep.Skipped["not hls"] != 1 || rep.Unplayable != 1 || rep.CategoriesAdded != 2 ||
			rep.GuideURL != "http://epg/guide.xml.gz" {
			t.Fatalf("report: %+v", rep)
		}
		type ch struct {
			id                                   int64
			slug, typ, url, tpl, epg, logo, name string
			days                                 int
		}
		get := func(where string, args ...any) ch {
			var c ch
			if err := store.Get(ctx, db, `SELECT id, slug, source_type, source_url, catchup_template, epg_id, logo_url, name, archived_days
				FROM channels WHERE `+where, args, &c.id, &c.slug, &c.typ, &c.url, &c.tpl, &c.epg, &c.logo, &c.name, &c.days); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			return c
		}
		one := get("epg_id = 'one.ru'")
		if one.slug != "pervyy-kanal" || one.typ != "hls" || one.tpl != "http://cdn/one/index-{start}-{duration}.m3u8" || one.days != 7 || one.logo != "http://x/1.png" {
			t.Errorf("one: %+v", one)
		}
		match := get("id = ?", old)
		if match.url != "http://cdn/match/index.m3u8?token=1" || match.tpl != "{url}&utc={start}&lutc={now}" || match.days != 3 || match.name != "Матч ТВ" {
			t.Errorf("matched by slug: %+v", match)
		}
		if fl := get("epg_id = 'fl'"); fl.tpl != "http://fl/ch/index-{start}-{duration}.m3u8" {
			t.Errorf("flussonic: %+v", fl)
		}
		if nc := get("epg_id = 'nocatch'"); nc.tpl != "" || nc.days != 0 {
			t.Errorf("no catch-up: %+v", nc)
		}
		cats := func(channel int64) string {
			rows, err := db.Query(ctx, `SELECT c.name FROM channel_categories cc JOIN categories c ON c.provider_id = cc.provider_id AND c.id = cc.category_id
				WHERE cc.channel_id = ? ORDER BY c.id`, channel)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var names []string
			for rows.Next() {
				var n string
				rows.Scan(&n)
				names = append(names, n)
			}
			return strings.Join(names, ",")
		}
		if got := cats(one.id); got != "Новости,Все,Эфирные" {
			t.Errorf("one's categories: %s", got)
		}
		if got := cats(old); got != "Все,Спорт" {
			t.Errorf("match categories: %s", got)
		}
		var sportID int64
		if err := store.Get(ctx, db, "SELECT id FROM categories WHERE provider_id = 1 AND name = 'Спорт'", nil, &sportID); err != nil || sportID < 1001 {
			t.Errorf("new category id %d %v", sportID, err)
		}
		// re-import: the channel changes group and stream; nothing is duplicated
		again := "#EXTM3U\n#EXTINF:-1 tvg-id=\"one.ru\" group-title=\"Кино\",Первый канал\nhttp://cdn/one2/index.m3u8\n"
		rep, err = ImportM3U(ctx, db, strings.NewReader(again), Options{})
		if err != nil || rep.ChannelsUpdated != 1 || rep.ChannelsCreated != 0 {
			t.Fatalf("again: %+v %v", rep, err)
		}
		if got := cats(one.id); got != "Новости,Все,Кино" {
			t.Errorf("after re-import: %s", got)
		}
		if c := get("id = ?", one.id); c.url != "http://cdn/one2/index.m3u8" || c.logo != "http://x/1.png" {
			t.Errorf("updated: %+v", c)
		}
	})
}

func TestCatchupTemplate(t *testing.T) {
	cases := []struct{ kind, src, url, want string }{
		{"default", "http://a/b-{utc}-{duration}.m3u8", "http://a/b.m3u8", "http://a/b-{start}-{duration}.m3u8"},
		{"", "http://a/b?from=${start}&to=${end}", "http://a/b.m3u8", "http://a/b?from={start}&to={end}"},
		{"append", "?utc={utc}&lutc={lutc}", "http://a/b.m3u8", "{url}?utc={start}&lutc={now}"},
		{"append", "", "http://a/b.m3u8", ""},
		{"shift", "", "http://a/b.m3u8", "{url}?utc={start}&lutc={now}"},
		{"timeshift", "", "http://a/b.m3u8?t=1", "{url}&utc={start}&lutc={now}"},
		{"flussonic", "", "http://f/ch/index.m3u8", "http://f/ch/index-{start}-{duration}.m3u8"},
		{"fs", "", "http://f/ch/mono.m3u8?token=x", "http://f/ch/mono-{start}-{duration}.m3u8?token=x"},
		{"flussonic", "", "http://f/ch/mpegts", "http://f/ch/timeshift_abs-{start}.ts"},
		{"flussonic", "", "http://f/ch/", "http://f/ch/index-{start}-{duration}.m3u8"},
		{"xc", "", "http://a/b.ts", ""},
		{"", "", "http://a/b.m3u8", ""},
	}
	for _, c := range cases {
		if got := CatchupTemplate(c.kind, c.src, c.url); got != c.want {
			t.Errorf("%s %q %q = %q; want %q", c.kind, c.src, c.url, got, c.want)
		}
	}
}

func TestSlug(t *testing.T) {
	cases := map[string]string{"Первый канал HD": "pervyy-kanal-hd", "Матч! ТВ": "match-tv", "  CNN  International ": "cnn-international",
		"Канал+": "kanalplus", "Қазақстан": "kazakstan", "!!!": ""}
	for in, want := range cases {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestDecompress(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	io.WriteString(zw, "<tv/>")
	zw.Close()
	for _, in := range []io.Reader{&buf, strings.NewReader("<tv/>")} {
		r, err := Decompress(in)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(r)
		if string(b) != "<tv/>" {
			t.Errorf("got %q", b)
		}
	}
	if r, err := Decompress(strings.NewReader("")); err != nil || r == nil {
		t.Errorf("empty input: %v", err)
	}
}

// TestOpenEndedProgrammes: a programme without stop ends at the next one of
// its channel, unless the next is more than 12 hours away or there is none.
func TestOpenEndedProgrammes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		one := addChannel(t, db, "one", "one.ru")
		doc := `<tv><programme start="20261122000000" channel="one.ru"><title>A</title></programme>
<programme start="20261122013000" channel="one.ru"><title>B</title></programme>
<programme start="20261123000000" stop="20261123010000" channel="one.ru"><title>C</title></programme>
<programme start="20261123010000" channel="one.ru"><title>Last</title></programme></tv>`
		rep, err := ImportXMLTV(ctx, db, strings.NewReader(doc), Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := schedule(t, db, one)
		if titles(got) != "A,C" || got[0].Duration != 5400 || rep.Skipped["missing stop"] != 2 {
			t.Fatalf("%+v %+v", got, rep.Skipped)
		}
	})
}
