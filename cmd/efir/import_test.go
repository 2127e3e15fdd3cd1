package main

import (
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportCommand runs "efir import m3u" then "efir import xmltv" (gzip)
// against a fresh data directory; a missing source is the fatal case.
func TestImportCommand(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("EFIR_DATA_DIR", dir)
	t.Setenv("EFIR_DATABASE_URL", "")
	ctx := context.Background()
	m3u := filepath.Join(dir, "lineup.m3u")
	os.WriteFile(m3u, []byte("#EXTM3U\n#EXTINF:-1 tvg-id=\"a\" group-title=\"Новости\",Канал А\nhttp://cdn/a/index.m3u8\n"), 0o644)
	if err := run(ctx, "import", []string{"m3u", m3u}); err != nil {
		t.Fatal(err)
	}
	guide := filepath.Join(dir, "guide.xml.gz")
	f, _ := os.Create(guide)
	zw := gzip.NewWriter(f)
	zw.Write([]byte(`<tv><programme start="20261122000000 +0300" stop="20261122010000 +0300" channel="a"><title>Новости</title></programme>
<programme start="20261122000000" stop="20261122010000" channel="missing"><title>x</title></programme></tv>`))
	zw.Close()
	f.Close()
	if err := run(ctx, "import", []string{"xmltv", "-tz", "Europe/Moscow", "-provider", "1", guide}); err != nil {
		t.Fatal(err)
	}
	if err := run(ctx, "import", []string{"xmltv", filepath.Join(dir, "nope.xml")}); err == nil {
		t.Fatal("a missing file must fail")
	}
	notXML := filepath.Join(dir, "page.html")
	os.WriteFile(notXML, []byte("<html><body>&&<<</body>"), 0o644)
	if err := run(ctx, "import", []string{"xmltv", notXML}); err == nil || !strings.Contains(err.Error(), "not a readable") {
		t.Fatalf("broken document: %v", err)
	}
	if err := run(ctx, "import", []string{"csv", m3u}); err == nil {
		t.Fatal("an unknown kind must fail")
	}
}
