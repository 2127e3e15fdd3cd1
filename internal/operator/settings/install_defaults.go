package settings

import (
	"embed"
	"io/fs"
	"net/http"
	"slices"
	"strings"

	"efir/internal/httpx"
)

// The built-in install instructions and their pictures: what a device shows
// until the operator writes its own text. Texts are install/{device}.{lang}.md
// (Russian and English); pictures are small SVG drawings made here, served at
// /v2/install/pictures/default-{name}.svg.
//
//go:embed install/*.md install/*.svg
var installFiles embed.FS

func defaultInstallText(device, lang string) (string, bool) {
	b, err := fs.ReadFile(installFiles, "install/"+device+"."+lang+".md")
	if err != nil {
		return "", false
	}
	return string(b), true
}

// DefaultText is a built-in text as the console shows it.
type DefaultText struct {
	Lang     string `json:"lang"`
	Markdown string `json:"markdown"`
}

func defaultInstallTexts(device string) []DefaultText {
	out := []DefaultText{}
	for _, lang := range httpx.Languages {
		if text, ok := defaultInstallText(device, lang); ok {
			out = append(out, DefaultText{Lang: lang, Markdown: text})
		}
	}
	return out
}

const defaultPicturePrefix = "default-"

// serveDefaultPicture answers a built-in drawing; ok is false when name is
// none of them.
func serveDefaultPicture(w http.ResponseWriter, name string) bool {
	base, found := strings.CutPrefix(name, defaultPicturePrefix)
	if !found || !strings.HasSuffix(base, ".svg") || strings.ContainsAny(base, "/\\") {
		return false
	}
	names, _ := fs.Glob(installFiles, "install/*.svg")
	if !slices.Contains(names, "install/"+base) {
		return false
	}
	data, err := fs.ReadFile(installFiles, "install/"+base)
	if err != nil {
		return false
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	// Our own drawings, but opened on their own they run nothing either.
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	// Built-in: they change only with a new release.
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, _ = w.Write(data)
	return true
}
