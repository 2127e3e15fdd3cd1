package main

import (
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"efir/internal/store"
)

// TestImportCommand runs "efir import m3u" then "efir import xmltv" (gzip)
// against a fresh data directory and reads back the channel and programmes
// they wrote; a missing source is the fatal case.
func TestImportCommand(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("EFIR_DATA_DIR", dir)
	t.Setenv("EFIR_DATABASE_URL", "")
	ctx := context.Background()
	m3u := filepath.Join(dir, "lineup.m3u")
	writeFile(t, m3u, "#EXTM3U\n#EXTINF:-1 tvg-id=\"a\" group-title=\"Новости\",Канал А\nhttp://cdn/a/index.m3u8\n")
	if err := run(ctx, "import", []string{"m3u", m3u}); err != nil {
		t.Fatal(err)
	}
	db := openData(t, dir)
	var ch struct {
		id                int64
		name, typ, source string
	}
	if err := store.Get(ctx, db, "SELECT id, name, source_type, source_url FROM channels WHERE epg_id = 'a'", nil,
		&ch.id, &ch.name, &ch.typ, &ch.source); err != nil {
		t.Fatalf("the imported channel: %v", err)
	}
	if ch.name != "Канал А" || ch.typ != "hls" || ch.source != "http://cdn/a/index.m3u8" {
		t.Fatalf("imported channel %+v", ch)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM channel_categories cc JOIN categories c ON c.id = cc.category_id AND c.provider_id = cc.provider_id
		WHERE cc.channel_id = ? AND c.name = 'Новости'`, ch.id); n != 1 {
		t.Fatalf("the channel is in %d categories named by its group-title, want 1", n)
	}
	// Importing the same line-up again updates the channel, never doubles it.
	if err := run(ctx, "import", []string{"m3u", m3u}); err != nil {
		t.Fatal(err)
	}
	if n := count(t, db, "SELECT COUNT(*) FROM channels"); n != 1 {
		t.Fatalf("%d channels after importing one twice", n)
	}

	// Times with an offset keep it; times without one are read in -tz. The
	// programme of an unknown channel is skipped.
	guide := filepath.Join(dir, "guide.xml.gz")
	f, err := os.Create(guide)
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	zw.Write([]byte(`<tv><programme start="20261122000000 +0300" stop="20261122010000 +0300" channel="a"><title>Новости</title></programme>
<programme start="20261122010000" stop="20261122013000" channel="a"><title>Погода</title></programme>
<programme start="20261122000000" stop="20261122010000" channel="missing"><title>x</title></programme></tv>`))
	zw.Close()
	f.Close()
	if err := run(ctx, "import", []string{"xmltv", "-tz", "Europe/Moscow", "-provider", "1", guide}); err != nil {
		t.Fatal(err)
	}
	msk := time.FixedZone("MSK", 3*3600)
	want := []struct {
		title    string
		start    int64
		duration int64
	}{
		{"Новости", time.Date(2026, 11, 22, 0, 0, 0, 0, msk).Unix(), 3600},
		{"Погода", time.Date(2026, 11, 22, 1, 0, 0, 0, msk).Unix(), 1800},
	}
	rows, err := db.Query(ctx, "SELECT channel_id, title, start_at, duration FROM schedule ORDER BY start_at")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i := 0; rows.Next(); i++ {
		var channel, start, duration int64
		var title string
		if err := rows.Scan(&channel, &title, &start, &duration); err != nil {
			t.Fatal(err)
		}
		if i >= len(want) || channel != ch.id || title != want[i].title || start != want[i].start || duration != want[i].duration {
			t.Errorf("schedule entry %d: channel %d %q at %d for %d s", i, channel, title, start, duration)
		}
		got = append(got, title)
	}
	rows.Close()
	if len(got) != len(want) {
		t.Fatalf("schedule %v, want %d entries", got, len(want))
	}

	if err := run(ctx, "import", []string{"xmltv", filepath.Join(dir, "nope.xml")}); err == nil {
		t.Fatal("a missing file must fail")
	}
	notXML := filepath.Join(dir, "page.html")
	writeFile(t, notXML, "<html><body>&&<<</body>")
	if err := run(ctx, "import", []string{"xmltv", notXML}); err == nil || !strings.Contains(err.Error(), "not a readable") {
		t.Fatalf("broken document: %v", err)
	}
	if err := run(ctx, "import", []string{"csv", m3u}); err == nil {
		t.Fatal("an unknown kind must fail")
	}
	if n := count(t, db, "SELECT COUNT(*) FROM schedule"); n != int64(len(want)) {
		t.Fatalf("%d schedule entries after the failed imports, want %d", n, len(want))
	}
}

func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestImportCommandSources: "efir import m3u" makes the entries of one
// tvg-id one channel with several sources, keeps the address that is not
// HLS as a source never streamed, says so in its summary, and a second
// import replaces the sources rather than adding to them.
func TestImportCommandSources(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("EFIR_DATA_DIR", dir)
	t.Setenv("EFIR_DATABASE_URL", "")
	lineup := filepath.Join(dir, "lineup.m3u")
	writeFile(t, lineup, `#EXTM3U
#EXTINF:-1 tvg-id="a",Канал А
http://cdn1/a/index.m3u8
#EXTINF:-1 tvg-id="b",Канал Б
rtmp://live/app/b
#EXTINF:-1 tvg-id="a",Канал А (резерв)
http://cdn2/a/index.m3u8
`)
	for i := 0; i < 2; i++ {
		out, err := runOutput(t, "import", "m3u", lineup)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "without a playable address 1") || !strings.Contains(out, "problems 1 (not hls 1)") {
			t.Fatalf("summary: %s", out)
		}
	}
	db := openData(t, dir)
	if n := count(t, db, "SELECT COUNT(*) FROM channels"); n != 2 {
		t.Fatalf("%d channels, want 2", n)
	}
	var a int64
	var source string
	if err := store.Get(context.Background(), db, "SELECT id, source_url FROM channels WHERE epg_id = 'a'", nil, &a, &source); err != nil ||
		source != "http://cdn1/a/index.m3u8" {
		t.Fatalf("channel a: %q %v", source, err)
	}
	if n := count(t, db, "SELECT COUNT(*) FROM channel_sources WHERE channel_id = ? AND playable = TRUE", a); n != 2 {
		t.Fatalf("channel a has %d playable sources, want 2", n)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM channel_sources s JOIN channels c ON c.id = s.channel_id
		WHERE c.epg_id = 'b' AND c.is_hidden = TRUE AND c.source_url = '' AND s.playable = FALSE AND s.problem = 'rtmp'`); n != 1 {
		t.Fatalf("channel b: %d hidden rtmp sources, want 1", n)
	}
	if n := count(t, db, "SELECT COUNT(*) FROM channel_sources"); n != 3 {
		t.Fatalf("%d sources after two imports, want 3", n)
	}
}
