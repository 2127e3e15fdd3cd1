package settings

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// The operator's pages: terms of use, the privacy policy and the FAQ, in
// Markdown per interface language. Viewers get them as HTML made here:
// raw HTML in the Markdown is dropped, links keep only web, mail and phone
// addresses, and headings start one level below the page's own title.

// pageKinds are the pages an operator writes.
var pageKinds = []string{"terms", "privacy", "faq"}

// maxMarkdown bounds one page's text.
const maxMarkdown = 100_000

// Page is one page of the operator in one language.
type Page struct {
	Kind      string `json:"kind"`
	Lang      string `json:"lang"`
	Markdown  string `json:"markdown"`
	HTML      string `json:"html"`
	UpdatedAt int64  `json:"updated_at"`
}

// ViewerPage is GET /v2/pages/{kind}: the page as HTML in the language
// asked for, else in the first of the operator's languages it exists in.
type ViewerPage struct {
	Kind      string `json:"kind"`
	Lang      string `json:"lang"`
	HTML      string `json:"html"`
	UpdatedAt int64  `json:"updated_at"`
}

var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(safeLinks{}, 100))),
	// No html.WithUnsafe: raw HTML is left out and dangerous addresses
	// (javascript:, data: but pictures, ...) are dropped by the renderer.
)

// render makes the HTML of a page's Markdown.
func render(src string) (string, error) {
	var buf bytes.Buffer
	if err := markdown.Convert([]byte(src), &buf); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// safeLinks keeps links and pictures to addresses a page may point to and
// moves headings one level down (the page's title is its h1).
type safeLinks struct{}

func (safeLinks) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch x := n.(type) {
		case *ast.Heading:
			x.Level = min(x.Level+1, 6)
		case *ast.Link:
			if !linkAllowed(string(x.Destination)) {
				x.Destination = nil
			} else if external(string(x.Destination)) {
				x.SetAttributeString("rel", []byte("nofollow noopener noreferrer"))
			}
		case *ast.Image:
			if u := string(x.Destination); !webURL(u) && !strings.HasPrefix(u, "/") || strings.HasPrefix(u, "//") {
				x.Destination = nil
			}
		}
		return ast.WalkContinue, nil
	})
}

// linkAllowed: web, mail and phone addresses, and addresses on this site
// (a path, a query or an anchor).
func linkAllowed(dest string) bool {
	if dest == "" || strings.HasPrefix(dest, "//") {
		return false
	}
	u, err := url.Parse(dest)
	if err != nil {
		return false
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https", "mailto", "tel":
		return true
	case "":
		return !strings.Contains(strings.SplitN(dest, "/", 2)[0], ":")
	}
	return false
}

func external(dest string) bool {
	u, err := url.Parse(dest)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https")
}

func validKind(kind string) bool { return slices.Contains(pageKinds, kind) }

// pages lists the operator's stored pages.
func pages(ctx context.Context, q store.Querier, providerID int64) ([]Page, error) {
	out := []Page{}
	err := store.Each(ctx, q, `SELECT kind, lang, markdown, updated_at FROM operator_pages WHERE provider_id = ?
		ORDER BY kind, lang`, []any{providerID}, func(row store.Scanner) error {
		var p Page
		if err := row.Scan(&p.Kind, &p.Lang, &p.Markdown, &p.UpdatedAt); err != nil {
			return err
		}
		out = append(out, p)
		return nil
	})
	return out, err
}

func (m *Module) handlePages(w http.ResponseWriter, r *http.Request) error {
	list, err := pages(r.Context(), m.db, operator.ProviderOf(r))
	if err != nil {
		return err
	}
	for i := range list {
		if list[i].HTML, err = render(list[i].Markdown); err != nil {
			return err
		}
	}
	httpx.OK(w, list)
	return nil
}

type pageBody struct {
	Markdown string `json:"markdown"`
}

func readMarkdown(r *http.Request) (string, error) {
	var in pageBody
	if err := httpx.Decode(r, &in); err != nil {
		return "", err
	}
	if !utf8.ValidString(in.Markdown) {
		return "", httpx.Invalid("markdown", "console_settings_page_invalid")
	}
	if utf8.RuneCountInString(in.Markdown) > maxMarkdown {
		return "", httpx.Invalid("markdown", "console_settings_page_too_long")
	}
	return strings.ReplaceAll(in.Markdown, "\r\n", "\n"), nil
}

// readPageText reads a text in Markdown for one of the languages and answers
// it with its HTML.
func readPageText(r *http.Request, lang string) (src, html string, err error) {
	if !slices.Contains(httpx.Languages, lang) {
		return "", "", httpx.Invalid("lang", "console_settings_language_invalid")
	}
	if src, err = readMarkdown(r); err != nil {
		return "", "", err
	}
	if html, err = render(src); err != nil {
		return "", "", err
	}
	return src, html, nil
}

// handleWritePage writes a page in one language; an empty text removes it.
func (m *Module) handleWritePage(w http.ResponseWriter, r *http.Request) error {
	kind, lang := r.PathValue("kind"), r.PathValue("lang")
	if !validKind(kind) {
		return httpx.Invalid("kind", "console_settings_page_kind_invalid")
	}
	src, html, err := readPageText(r, lang)
	if err != nil {
		return err
	}
	ctx := r.Context()
	id := operator.ProviderOf(r)
	now := m.staff.Now()
	out := Page{Kind: kind, Lang: lang, Markdown: src, HTML: html, UpdatedAt: now}
	err = m.db.Tx(ctx, func(tx *store.Tx) error {
		var before *Page
		var old Page
		err := store.Get(ctx, tx, `SELECT markdown, updated_at FROM operator_pages WHERE provider_id = ? AND kind = ? AND lang = ?`,
			[]any{id, kind, lang}, &old.Markdown, &old.UpdatedAt)
		switch {
		case err == nil:
			old.Kind, old.Lang = kind, lang
			before = &old
		case !errors.Is(err, store.ErrNotFound):
			return err
		}
		var after *Page
		if strings.TrimSpace(src) == "" {
			if _, err := tx.Exec(ctx, `DELETE FROM operator_pages WHERE provider_id = ? AND kind = ? AND lang = ?`, id, kind, lang); err != nil {
				return err
			}
			out.Markdown, out.HTML = "", ""
		} else {
			if _, err := tx.Exec(ctx, `INSERT INTO operator_pages (provider_id, kind, lang, markdown, updated_at) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (provider_id, kind, lang) DO UPDATE SET markdown = excluded.markdown, updated_at = excluded.updated_at`,
				id, kind, lang, src, now); err != nil {
				return err
			}
			after = &Page{Kind: kind, Lang: lang, Markdown: src, UpdatedAt: now}
		}
		return m.staff.Audit(ctx, tx, r, "settings.page", "page", kind+"/"+lang, before, after)
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// preview is POST /v2/operator/settings/pages/preview's answer.
type preview struct {
	HTML string `json:"html"`
}

// handlePreview renders Markdown as viewers would get it, storing nothing.
func (m *Module) handlePreview(w http.ResponseWriter, r *http.Request) error {
	src, err := readMarkdown(r)
	if err != nil {
		return err
	}
	html, err := render(src)
	if err != nil {
		return err
	}
	httpx.OK(w, preview{HTML: html})
	return nil
}

// handlePage answers a page to viewers: in the request's language, else
// in the first of the operator's languages that has it, else in any.
func (m *Module) handlePage(w http.ResponseWriter, r *http.Request) error {
	kind := r.PathValue("kind")
	if !validKind(kind) {
		return httpx.NotFound()
	}
	p, err := m.viewerProvider(r)
	if err != nil {
		return httpx.NotFound()
	}
	found := map[string]Page{}
	err = store.Each(r.Context(), m.db, `SELECT lang, markdown, updated_at FROM operator_pages WHERE provider_id = ? AND kind = ?
		ORDER BY lang`, []any{p.ID, kind}, func(row store.Scanner) error {
		var pg Page
		if err := row.Scan(&pg.Lang, &pg.Markdown, &pg.UpdatedAt); err != nil {
			return err
		}
		found[pg.Lang] = pg
		return nil
	})
	if err != nil {
		return err
	}
	order := append([]string{httpx.Lang(r)}, p.Languages...)
	order = append(order, httpx.Languages...)
	for _, lang := range order {
		pg, ok := found[lang]
		if !ok {
			continue
		}
		html, err := render(pg.Markdown)
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", "private, max-age=60")
		w.Header().Add("Vary", "Accept-Language")
		httpx.OK(w, ViewerPage{Kind: kind, Lang: lang, HTML: html, UpdatedAt: pg.UpdatedAt})
		return nil
	}
	return httpx.NotFound()
}
