package provider

import (
	"embed"
	"strings"
)

//go:embed texts/*.txt
var textFiles embed.FS

// legalText gives the agreement or privacy text for p in lang: the operator's
// own text when its config has one for lang, else the built-in text naming
// the operator and its contacts. The built-in legal documents exist in
// Russian and English only (long legal texts want a lawyer's translation, not
// a catalogue entry): every other interface language falls back to Russian,
// the language of the operators' contracts, and English readers get English.
// An operator may give its own text in any language in its config.
func legalText(kind, lang string, p *Provider, site string) string {
	own := p.Texts.Agreement
	if kind == "privacy" {
		own = p.Texts.Privacy
	}
	if t := own[lang]; t != "" {
		return t
	}
	if lang != "en" {
		lang = "ru"
		if t := own[lang]; t != "" {
			return t
		}
	}
	raw, err := textFiles.ReadFile("texts/" + kind + "." + lang + ".txt")
	if err != nil {
		return "" // cannot happen: kind and lang are ours
	}
	return strings.NewReplacer(
		"{provider}", p.Name,
		"{site}", site,
		"{support}", supportLine(p.Support, lang),
	).Replace(string(raw))
}

func supportLine(s Support, lang string) string {
	var parts []string
	for _, v := range []string{s.Phone, s.Email, s.URL} {
		if v != "" {
			parts = append(parts, v)
		}
	}
	if len(parts) == 0 {
		if lang == "en" {
			return "through the Help section of the service"
		}
		return "через раздел «Помощь» в сервисе"
	}
	return strings.Join(parts, ", ")
}
