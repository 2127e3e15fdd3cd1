package httpx

import (
	"testing"
	"testing/fstest"
)

func TestRegisterFS(t *testing.T) {
	RegisterFS(fstest.MapFS{
		"t/kk.json":       {Data: []byte(`{"test_fs_key": "Сәлем, %s"}`)},
		"t/topic.lv.json": {Data: []byte(`{"test_fs_key": "Sveiki, %s"}`)},
		"t/notes.txt":     {Data: []byte(`not a texts file`)},
		"other/ru.json":   {Data: []byte(`{"test_fs_other": "x"}`)},
		"t/sub/ro.json":   {Data: []byte(`{"test_fs_sub": "x"}`)},
	}, "t")
	if got := T("kk", "test_fs_key", "Алма"); got != "Сәлем, Алма" {
		t.Fatalf("kk: %q", got)
	}
	if got := T("lv", "test_fs_key", "Alma"); got != "Sveiki, Alma" {
		t.Fatalf("lv (topic file): %q", got)
	}
	if Has("ru", "test_fs_other") || Has("ro", "test_fs_sub") {
		t.Fatal("files outside the directory were registered")
	}
}

// TestRegisterFSPanicsOnBadFiles: the texts files are embedded, so a broken
// one must stop the binary (and every test) at once, not show bare keys.
func TestRegisterFSPanicsOnBadFiles(t *testing.T) {
	for name, fsys := range map[string]fstest.MapFS{
		"no files":       {"t/notes.txt": {Data: []byte(`x`)}},
		"not a language": {"t/de.json": {Data: []byte(`{"k": "v"}`)}},
		"broken JSON":    {"t/ru.json": {Data: []byte(`{"k": "v",}`)}},
		"not flat":       {"t/ru.json": {Data: []byte(`{"k": {"v": "w"}}`)}},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatal("no panic")
				}
			}()
			RegisterFS(fsys, "t")
		})
	}
}
