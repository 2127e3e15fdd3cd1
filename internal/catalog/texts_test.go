package catalog

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"efir/internal/httpx"
)

// TestCatalogTextsInEveryLanguage: every catalog_ text key the package's
// source names has a text in each interface language, with the same
// placeholders as the Russian one.
func TestCatalogTextsInEveryLanguage(t *testing.T) {
	key := regexp.MustCompile(`"(catalog_[a-z0-9_]+)"`)
	verbs := regexp.MustCompile(`%[a-z]`)
	files, _ := filepath.Glob("*.go")
	seen := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range key.FindAllStringSubmatch(string(src), -1) {
			if m[1] == VersionSetting {
				continue
			}
			seen++
			want := strings.Join(verbs.FindAllString(httpx.T("ru", m[1]), -1), "")
			for _, lang := range httpx.Languages {
				if !httpx.Has(lang, m[1]) {
					t.Errorf("%s: %q has no %s text", name, m[1], lang)
					continue
				}
				if got := strings.Join(verbs.FindAllString(httpx.T(lang, m[1]), -1), ""); got != want {
					t.Errorf("%q in %s has placeholders %q, ru %q", m[1], lang, got, want)
				}
			}
		}
	}
	if seen < 15 {
		t.Fatalf("found only %d keys", seen)
	}
}
