package media

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Broken assets stop NewOrigin with a message naming the problem.
func TestAssetValidation(t *testing.T) {
	cases := map[string]struct {
		edit func(f *assetFile, dir string)
		want string
	}{
		"missing segment file":     {func(f *assetFile, dir string) { os.Remove(filepath.Join(dir, "a_ru/002.aac")) }, "a_ru/002.aac"},
		"more segments than files": {func(f *assetFile, dir string) { f.Segments = append(f.Segments, 2) }, "004"},
		"no segments":              {func(f *assetFile, dir string) { f.Segments = nil }, "no segments"},
		"zero duration":            {func(f *assetFile, dir string) { f.Segments[1] = 0 }, "segment 1"},
		"no video":                 {func(f *assetFile, dir string) { f.Video = nil }, "no video"},
		"files outside":            {func(f *assetFile, dir string) { f.Audio[0].Files = "../%03d.aac" }, "leaves the asset"},
		"absolute files":           {func(f *assetFile, dir string) { f.Audio[0].Files = "/etc/%03d.aac" }, "leaves the asset"},
		"two verbs":                {func(f *assetFile, dir string) { f.Audio[0].Files = "a_ru/%03d-%d.aac" }, "one %d"},
		"string verb":              {func(f *assetFile, dir string) { f.Audio[0].Files = "a_ru/%s.aac" }, "one %d"},
		"unknown type":             {func(f *assetFile, dir string) { f.Audio[0].Files = "a_ru/%03d.exe" }, "unknown segment type"},
		"bad track name":           {func(f *assetFile, dir string) { f.Audio[0].Name = "../ru" }, "track name"},
		"duplicate track":          {func(f *assetFile, dir string) { f.Video = append(f.Video, f.Video[0]) }, "twice"},
		"non-vtt subtitles":        {func(f *assetFile, dir string) { f.Subtitles[0].Files = "v720/%03d.ts" }, ".vtt"},
		"no bandwidth":             {func(f *assetFile, dir string) { f.Video[0].Bandwidth = 0 }, "bandwidth"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			writeAsset(t, root, "ch01", []float64{2, 2, 2, 2})
			dir := filepath.Join(root, "ch01")
			raw, _ := os.ReadFile(filepath.Join(dir, "asset.json"))
			var f assetFile
			_ = json.Unmarshal(raw, &f)
			tc.edit(&f, dir)
			raw, _ = json.Marshal(f)
			_ = os.WriteFile(filepath.Join(dir, "asset.json"), raw, 0o644)
			_, err := NewOrigin(OriginConfig{Dir: root, Secret: testSecret})
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "ch01") {
				t.Fatalf("error %v, want one naming ch01 and %q", err, tc.want)
			}
		})
	}
	t.Run("short secret", func(t *testing.T) {
		if _, err := NewOrigin(OriginConfig{Dir: t.TempDir(), Secret: []byte("x")}); err == nil {
			t.Fatal("accepted")
		}
	})
	t.Run("folders without asset.json are skipped", func(t *testing.T) {
		root := t.TempDir()
		_ = os.MkdirAll(filepath.Join(root, "media.tmp-1"), 0o755)
		o, err := NewOrigin(OriginConfig{Dir: root, Secret: testSecret})
		if err != nil || len(o.Assets()) != 0 {
			t.Fatalf("%v %v", o, err)
		}
	})
}
