package server

import (
	"bytes"
	"html"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"efir/internal/httpx"
)

// PageMeta is what the served index.html says about a page in its head, so
// that crawlers and link previews see the page's title, description,
// canonical address, Open Graph card and robots rule without running the
// client. The zero value changes nothing.
type PageMeta struct {
	// Status is the answer's status: 0 means 200; 404 when the page names
	// an item that does not exist (the client is served all the same and
	// shows its not-found page).
	Status      int
	Lang        string // <html lang>; "" keeps the built one
	Title       string
	Description string
	Canonical   string // absolute address of the page's canonical form
	Image       string // absolute address of the og:image
	Type        string // og:type: website, video.movie, video.tv_show, video.episode, profile, article
	SiteName    string // og:site_name
	NoIndex     bool
	// FirstScreen is HTML drawn before the client's root element: the
	// page's first screen while the client starts (it removes it). The
	// caller builds it escaped; it must hold nothing executable.
	FirstScreen string
}

// PageMetaFunc gives the meta of a page request (a path the client routes).
type PageMetaFunc func(r *http.Request) PageMeta

// spaHandler serves the built client: real files as they are (hashed assets
// cached for a year), every other path gets index.html so the client's router
// decides (unknown paths show the home view), with the page's meta when meta
// is set.
func spaHandler(dist fs.FS, meta PageMetaFunc) http.Handler {
	files := http.FileServerFS(dist)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(dist, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "no-cache")
				}
				files.ServeHTTP(w, r)
				return
			}
			// A missing asset is a 404, not the page; so is a missing
			// service worker script (the browser marks its fetch), which
			// makes the client unregister the worker it has.
			if strings.HasPrefix(name, "assets/") || strings.HasPrefix(name, "locales/") ||
				r.Header.Get("Service-Worker") == "script" {
				http.NotFound(w, r)
				return
			}
		}
		if name == "operator" || strings.HasPrefix(name, "operator/") {
			serveConsole(w, r, dist)
			return
		}
		serveIndex(w, r, dist, meta)
	})
}

// serveConsole answers every /operator path with the operator console's own
// page (a separate bundle): staff pages are never indexed or cached.
func serveConsole(w http.ResponseWriter, r *http.Request, dist fs.FS) {
	body, err := fs.ReadFile(dist, "operator.html")
	if err != nil {
		http.Error(w, "operator console not built", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Robots-Tag", "noindex")
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}

func serveIndex(w http.ResponseWriter, r *http.Request, dist fs.FS, meta PageMetaFunc) {
	body, err := fs.ReadFile(dist, "index.html")
	if err != nil {
		http.Error(w, "web client not built", http.StatusServiceUnavailable)
		return
	}
	status := http.StatusOK
	if meta != nil {
		m := meta(r)
		if m.Status != 0 {
			status = m.Status
		}
		body = injectMeta(body, m)
		// The texts follow Accept-Language; the first screen and meta follow
		// the viewer of the accessToken cookie (a child's rows).
		w.Header().Add("Vary", "Accept-Language")
		w.Header().Add("Vary", "Cookie")
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if personal(r) {
		// drawn for one viewer: no shared cache may keep it for another
		w.Header().Set("Cache-Control", "private, no-cache")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	w.WriteHeader(status)
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}

// personal: the page may be drawn for the viewer of the request's session
// (the accessToken cookie the identity middleware reads on pages).
func personal(r *http.Request) bool {
	if httpx.AccountSession(r.Context()) != nil {
		return true
	}
	c, err := r.Cookie("accessToken")
	return err == nil && c.Value != ""
}

// injectMeta writes m into the head of page: the <title> text, <html lang>,
// and the description, canonical, robots and Open Graph tags before </head>.
// Every value is escaped; nothing executable is added, so the page's Content
// Security Policy stays as it is.
func injectMeta(page []byte, m PageMeta) []byte {
	if m == (PageMeta{Status: m.Status}) {
		return page
	}
	out := page
	if m.Title != "" {
		out = replaceBetween(out, "<title>", "</title>", html.EscapeString(m.Title))
	}
	if m.Lang != "" {
		if i := bytes.Index(out, []byte("<html lang=\"")); i >= 0 {
			start := i + len("<html lang=\"")
			if end := bytes.IndexByte(out[start:], '"'); end >= 0 {
				out = splice(out, start, start+end, html.EscapeString(m.Lang))
			}
		}
	}
	var tags strings.Builder
	metaTag := func(attr, key, value string) {
		if value == "" {
			return
		}
		tags.WriteString("    <meta " + attr + "=\"" + key + "\" content=\"" + html.EscapeString(value) + "\" />\n")
	}
	metaTag("name", "description", m.Description)
	if m.NoIndex {
		metaTag("name", "robots", "noindex")
	}
	if m.Canonical != "" {
		tags.WriteString("    <link rel=\"canonical\" href=\"" + html.EscapeString(m.Canonical) + "\" />\n")
	}
	metaTag("property", "og:title", m.Title)
	metaTag("property", "og:description", m.Description)
	metaTag("property", "og:type", m.Type)
	metaTag("property", "og:url", m.Canonical)
	metaTag("property", "og:image", m.Image)
	metaTag("property", "og:site_name", m.SiteName)
	if m.Image != "" {
		metaTag("name", "twitter:card", "summary_large_image")
	}
	if m.FirstScreen != "" {
		out = withFirstScreen(out, m.FirstScreen)
	}
	if tags.Len() == 0 {
		return out
	}
	i := bytes.Index(out, []byte("</head>"))
	if i < 0 {
		return out
	}
	// At the start of the </head> line, so the tags keep the page's indentation.
	for i > 0 && (out[i-1] == ' ' || out[i-1] == '\t') {
		i--
	}
	return splice(out, i, i, tags.String())
}

// withFirstScreen puts screen right before the client's root element and
// moves the client's stylesheets and module preloads from the head to after
// it: the screen (styled by its own inline rules) is painted as soon as it
// and its pictures arrive, without waiting for the client's files, which the
// browser still fetches at once and applies to the client before its script
// runs.
func withFirstScreen(page []byte, screen string) []byte {
	root := bytes.Index(page, []byte(`<div id="root">`))
	head := bytes.Index(page, []byte("</head>"))
	if root < 0 || head < 0 || head > root {
		return page
	}
	var kept, moved []byte
	for _, line := range bytes.SplitAfter(page[:head], []byte("\n")) {
		t := bytes.TrimSpace(line)
		if bytes.HasPrefix(t, []byte(`<link rel="stylesheet"`)) || bytes.HasPrefix(t, []byte(`<link rel="modulepreload"`)) {
			moved = append(append(moved, t...), '\n')
			continue
		}
		kept = append(kept, line...)
	}
	out := make([]byte, 0, len(page)+len(screen))
	out = append(out, kept...)
	out = append(out, page[head:root]...)
	out = append(out, screen...)
	out = append(out, moved...)
	return append(out, page[root:]...)
}

// replaceBetween replaces the text between the first open and the close
// after it.
func replaceBetween(page []byte, open, close, text string) []byte {
	i := bytes.Index(page, []byte(open))
	if i < 0 {
		return page
	}
	start := i + len(open)
	end := bytes.Index(page[start:], []byte(close))
	if end < 0 {
		return page
	}
	return splice(page, start, start+end, text)
}

// splice is page with page[from:to] replaced by text, in a new slice.
func splice(page []byte, from, to int, text string) []byte {
	out := make([]byte, 0, len(page)-(to-from)+len(text))
	out = append(out, page[:from]...)
	out = append(out, text...)
	return append(out, page[to:]...)
}
