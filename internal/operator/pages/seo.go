package pagesadmin

import (
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/provider"
	"efir/internal/store"
)

// maxSEOText bounds one SEO text.
const maxSEOText = 500

// seoText is one text of a page type in a language: the operator's own
// value ("" when it keeps the built-in one) beside the built-in text. %s in
// a text stands for the operator's name, {name} for the page's item.
type seoText struct {
	PageType string `json:"page_type"`
	TextType string `json:"text_type"`
	Value    string `json:"value"`
	Builtin  string `json:"builtin"`
}

type seoAnswer struct {
	Lang      string    `json:"lang"`
	Languages []string  `json:"languages"`
	Texts     []seoText `json:"texts"`
}

func seoLang(lang string) (string, error) {
	if lang == "" {
		return "ru", nil
	}
	if !slices.Contains(httpx.Languages, lang) {
		return "", httpx.Invalid("lang", "console_pages_lang_invalid")
	}
	return lang, nil
}

func (s *Section) seoTexts(r *http.Request, lang string) (seoAnswer, error) {
	own, err := provider.OwnSEOTexts(r.Context(), s.db, operator.ProviderOf(r), lang)
	if err != nil {
		return seoAnswer{}, err
	}
	out := seoAnswer{Lang: lang, Languages: httpx.Languages, Texts: []seoText{}}
	for _, page := range provider.SEOPages() {
		builtin, _ := provider.SEOMaskFor(lang, "%s", page)
		for _, text := range provider.SEOTextTypes {
			t := seoText{PageType: page, TextType: text, Value: own[page+"|"+text]}
			switch text {
			case "title":
				t.Builtin = builtin.Title
			case "description":
				t.Builtin = builtin.Description
			default:
				t.Builtin = builtin.H1
			}
			out.Texts = append(out.Texts, t)
		}
	}
	return out, nil
}

// GET /seo?lang=: every text of every page type in lang (default ru).
func (s *Section) handleSEO(w http.ResponseWriter, r *http.Request) error {
	lang, err := seoLang(r.URL.Query().Get("lang"))
	if err != nil {
		return err
	}
	out, err := s.seoTexts(r, lang)
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

type seoBody struct {
	Lang  string `json:"lang"`
	Texts []struct {
		PageType string `json:"page_type"`
		TextType string `json:"text_type"`
		Value    string `json:"value"`
	} `json:"texts"`
}

// PATCH /seo {lang, texts}: the operator's own texts of lang that are sent
// (an empty value goes back to the built-in text); others stay.
func (s *Section) handleSEOSave(w http.ResponseWriter, r *http.Request) error {
	var b seoBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	lang, err := seoLang(b.Lang)
	if err != nil {
		return err
	}
	pages := provider.SEOPages()
	if len(b.Texts) > len(pages)*len(provider.SEOTextTypes) {
		return httpx.Invalid("texts", "console_pages_too_many")
	}
	for i := range b.Texts {
		t := &b.Texts[i]
		t.Value = strings.TrimSpace(t.Value)
		if !slices.Contains(pages, t.PageType) {
			return httpx.Invalid("texts", "console_pages_seo_page_invalid")
		}
		if !slices.Contains(provider.SEOTextTypes, t.TextType) {
			return httpx.Invalid("texts", "console_pages_seo_page_invalid")
		}
		if utf8.RuneCountInString(t.Value) > maxSEOText || strings.ContainsAny(t.Value, "\r\n<>") {
			return httpx.Invalid("texts", "console_pages_text_long")
		}
	}
	ctx, prov := r.Context(), operator.ProviderOf(r)
	before, err := provider.OwnSEOTexts(ctx, s.db, prov, lang)
	if err != nil {
		return err
	}
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		changedBefore, changedAfter := map[string]string{}, map[string]string{}
		for _, t := range b.Texts {
			key := t.PageType + "|" + t.TextType
			if before[key] == t.Value {
				continue
			}
			changedBefore[key], changedAfter[key] = before[key], t.Value
			if err := provider.SaveSEOText(ctx, tx, prov, lang, t.PageType, t.TextType, t.Value, s.staff.Now()); err != nil {
				return err
			}
		}
		if len(changedAfter) == 0 {
			return nil
		}
		return s.staff.Audit(ctx, tx, r, "pages.seo.update", "seo", lang, changedBefore, changedAfter)
	})
	provider.ForgetSEOMasks(prov)
	if err != nil {
		return err
	}
	out, err := s.seoTexts(r, lang)
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}
