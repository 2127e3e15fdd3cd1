package media

import (
	mediafiles "efir/media"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

func TestPrepareDirUsesTheConfiguredDir(t *testing.T) {
	dir := t.TempDir()
	if got, err := PrepareDir("/nonexistent", dir); err != nil || got != dir {
		t.Fatalf("%q %v", got, err)
	}
	if _, err := PrepareDir(t.TempDir(), filepath.Join(dir, "missing")); err == nil {
		t.Fatal("a missing EFIR_MEDIA_DIR was accepted")
	}
}

func TestPrepareDirExtractsTheEmbeddedMedia(t *testing.T) {
	data := t.TempDir()
	dir, err := PrepareDir(data, "")
	if err != nil || dir != filepath.Join(data, "media") {
		t.Fatalf("%q %v", dir, err)
	}
	if _, err := os.Stat(filepath.Join(dir, hashMarker)); err != nil {
		t.Fatal(err)
	}
	// Every embedded file is there (whatever helper media the build holds).
	err = fs.WalkDir(mediafiles.FS, "demo", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		_, err = os.Stat(filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(p, "demo/"))))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestExtractOnlyWhenChanged(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "media")
	v1 := fstest.MapFS{"a/asset.json": {Data: []byte("1")}, "a/x/0.ts": {Data: []byte("ts")}}
	if _, err := extract(v1, dir); err != nil {
		t.Fatal(err)
	}
	// A file of the viewer's own in the directory shows whether it was
	// extracted again.
	probe := filepath.Join(dir, "probe")
	if err := os.WriteFile(probe, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := extract(v1, dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(probe); err != nil {
		t.Fatal("same content was extracted again")
	}
	v2 := fstest.MapFS{"a/asset.json": {Data: []byte("2")}, "a/x/0.ts": {Data: []byte("ts")}}
	if _, err := extract(v2, dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(probe); !os.IsNotExist(err) {
		t.Fatal("changed content was not extracted")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a/asset.json")); string(b) != "2" {
		t.Fatalf("asset.json %q", b)
	}
	if left, _ := filepath.Glob(dir + ".tmp-*"); len(left) != 0 {
		t.Fatalf("temporary directories left: %v", left)
	}
}
