package server

import (
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
)

const testIndex = `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="UTF-8" />
    <title>Efir</title>
    <link rel="modulepreload" href="/assets/chunk.js">
    <link rel="stylesheet" href="/assets/app.css">
  </head>
  <body><div id="root"></div><script type="module" src="/assets/app.js"></script></body>
</html>`

func metaHandler(meta PageMetaFunc) http.Handler {
	return Handler(Options{
		Web:      fstest.MapFS{"index.html": {Data: []byte(testIndex)}, "assets/app.js": {Data: []byte("1")}},
		PageMeta: meta,
	})
}

func TestPageMetaInTheServedHead(t *testing.T) {
	h := metaHandler(func(r *http.Request) PageMeta {
		switch r.URL.Path {
		case "/contents/matrica-snov-12":
			return PageMeta{Lang: "en", Title: `Matrix "of" <Dreams> & co`, Description: "A film </title><script>alert(1)</script>",
				Canonical: "https://tv.example/contents/matrica-snov-12", Image: "https://tv.example/p.svg?a=1&b=2",
				Type: "video.movie", SiteName: "Efir"}
		case "/contents/404":
			return PageMeta{Status: http.StatusNotFound, Title: "Not found", NoIndex: true}
		}
		return PageMeta{}
	})
	w := do(h, "GET", "/contents/matrica-snov-12", nil)
	body := w.Body.String()
	if w.Code != 200 {
		t.Fatalf("status %d", w.Code)
	}
	for _, want := range []string{
		`<html lang="en">`,
		`<title>Matrix &#34;of&#34; &lt;Dreams&gt; &amp; co</title>`,
		`<meta name="description" content="A film &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />`,
		`<link rel="canonical" href="https://tv.example/contents/matrica-snov-12" />`,
		`<meta property="og:title" content="Matrix &#34;of&#34; &lt;Dreams&gt; &amp; co" />`,
		`<meta property="og:type" content="video.movie" />`,
		`<meta property="og:url" content="https://tv.example/contents/matrica-snov-12" />`,
		`<meta property="og:image" content="https://tv.example/p.svg?a=1&amp;b=2" />`,
		`<meta property="og:site_name" content="Efir" />`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("no %s in\n%s", want, body)
		}
	}
	if strings.Contains(body, "<script>alert") || strings.Contains(body, "robots") {
		t.Errorf("unescaped text or a robots rule:\n%s", body)
	}
	if strings.Index(body, `og:title`) > strings.Index(body, "</head>") {
		t.Error("tags after </head>")
	}
	if csp := w.Header().Get("Content-Security-Policy"); csp != contentSecurityPolicy {
		t.Errorf("CSP changed: %q", csp)
	}
	if !strings.Contains(w.Header().Get("Vary"), "Accept-Language") {
		t.Error("no Vary: Accept-Language")
	}

	w = do(h, "GET", "/contents/404", nil)
	if w.Code != 404 || !strings.Contains(w.Body.String(), `<meta name="robots" content="noindex" />`) ||
		!strings.Contains(w.Body.String(), `<div id="root">`) {
		t.Errorf("unknown item: %d %s", w.Code, w.Body.String())
	}

	// Nothing known: the page as built.
	w = do(h, "GET", "/somewhere", nil)
	if w.Code != 200 || w.Body.String() != testIndex {
		t.Errorf("plain page changed: %d %s", w.Code, w.Body.String())
	}
	// Files are not pages.
	if w = do(h, "GET", "/assets/app.js", nil); w.Body.String() != "1" {
		t.Errorf("asset: %q", w.Body.String())
	}
	// HEAD has the status and no body.
	if w = do(h, "HEAD", "/contents/404", nil); w.Code != 404 || w.Body.Len() != 0 {
		t.Errorf("HEAD: %d %d bytes", w.Code, w.Body.Len())
	}
}

func TestWithoutPageMetaTheIndexIsAsBuilt(t *testing.T) {
	w := do(metaHandler(nil), "GET", "/contents/matrica-snov-12", nil)
	if w.Code != 200 || w.Body.String() != testIndex {
		t.Errorf("%d %s", w.Code, w.Body.String())
	}
}

func TestFirstScreenBeforeTheRoot(t *testing.T) {
	h := metaHandler(func(r *http.Request) PageMeta {
		if r.URL.Path == "/" {
			return PageMeta{Title: "Home", FirstScreen: `<div id="first-screen">posters</div>`}
		}
		return PageMeta{}
	})
	body := do(h, "GET", "/", nil).Body.String()
	// The client's stylesheet and preloads follow the screen: it paints without them.
	if !strings.Contains(body, `<body><div id="first-screen">posters</div><link rel="modulepreload" href="/assets/chunk.js">
<link rel="stylesheet" href="/assets/app.css">
<div id="root"></div>`) || strings.Count(body, "app.css") != 1 || !strings.Contains(body, `<title>Home</title>`) {
		t.Errorf("first screen not right before #root:\n%s", body)
	}
	if body := do(h, "GET", "/channels", nil).Body.String(); strings.Contains(body, "first-screen") {
		t.Errorf("a first screen on another page:\n%s", body)
	}
}
