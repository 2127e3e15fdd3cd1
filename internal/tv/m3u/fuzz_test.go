package m3u

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzM3U: the parser never panics, every entry has a URL and lower-case
// attribute names. testdata/*.m3u is the seed corpus, run with every go test.
func FuzzM3U(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.m3u")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("#EXTM3U\n#EXTINF:-1 a=\"b\" c='d' e=f,Name\nhttp://x\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		err := Parse(strings.NewReader(string(b)), Handler{Entry: func(e *Entry) error {
			if e.URL == "" || strings.HasPrefix(e.URL, "#") {
				t.Fatalf("entry without url: %+v", e)
			}
			for k := range e.Attrs {
				if k != strings.ToLower(k) {
					t.Fatalf("attribute %q not lower case", k)
				}
			}
			return nil
		}})
		if err != nil {
			t.Fatal(err)
		}
	})
}
