package catalog

import (
	"bytes"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"efir/internal/artwork"
	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/server"
)

// The first screen of the home page, drawn by the server into the served
// index.html: the header's logo, the first banner and the first row of
// posters, as plain HTML and CSS. A viewer sees the posters as soon as the
// page and its pictures arrive, while the client's script is still loading
// and starting; the client draws the same page and removes this one when its
// own rows are on screen (web/src/shared/lib/firstScreen.ts). It is drawn
// for the viewer the page's session cookie names (a child profile gets its
// own rows), else for a new guest.

// firstScreenTiles bounds the posters drawn: a wide screen shows about 7.
const firstScreenTiles = 10

// firstScreenRowsets are the paths drawn this way and the rowset each shows.
var firstScreenRowsets = map[string]string{"/": "startpage", "/startpage": "startpage"}

type firstScreenData struct {
	Brand   string
	Initial string
	Logo    string
	H1      string
	Banner  *firstScreenBanner
	Row     *firstScreenRow
}

type firstScreenBanner struct {
	Image, Title, Meta, Description, Color string
	// Logo is the graphic title the client's slide shows instead of the
	// title's text (PromoSliderSlide's graphicTitle): the same address and
	// size in points (0: none given), so the picture does not move or load
	// again when the app's slide replaces this one.
	Logo                  string
	LogoWidth, LogoHeight int
}

type firstScreenRow struct {
	Template, Title, Href, Shape string
	Tiles                        []firstScreenTile
}

type firstScreenTile struct {
	Href, Image, Title string
	Width, Height      int
	// Srcset and Sizes are the client's TileImage's for the same picture
	// (artworkSrcset, `${width}px`): with the same candidates and sizes the
	// browser picks the same file for both, and the app's tiles find it in
	// the cache when they replace these. None for an operator's picture.
	Srcset, Sizes string
}

// firstScreen draws the first screen of path for v, "" when path has none
// or the viewer's rowset has nothing to draw.
func (s *Service) firstScreen(r *http.Request, v *viewer, path string) (string, error) {
	ref, ok := firstScreenRowsets[path]
	if !ok {
		return "", nil
	}
	rs, err := s.rowsetPage(r, v, ref)
	if err != nil || rs == nil {
		return "", err
	}
	d := firstScreenData{H1: rs.SEO.H1}
	if p := provider.FromContext(r.Context()); p != nil {
		d.Brand, d.Logo = p.Name, p.LogoURL
	}
	if d.Brand == "" {
		d.Brand = "Efir"
	}
	d.Initial = string([]rune(d.Brand)[:1])
	for i, row := range rs.Rows {
		if i == 0 && row.Template == "promo-bg" && len(row.Promotions) > 0 {
			d.Banner = bannerOf(&row.Promotions[0])
			continue
		}
		if shape := firstScreenShape(row.Template); shape != "" && len(row.Contents) > 0 {
			d.Row = firstRowOf(row, shape)
			break
		}
		if i >= 2 {
			break // the first row of posters is further down than a first screen
		}
	}
	if d.Row == nil {
		return "", nil
	}
	var b bytes.Buffer
	if err := firstScreenPage.Execute(&b, d); err != nil {
		return "", err
	}
	return b.String(), nil
}

// firstScreenShape is the tile shape of a row of contents, "" for others.
func firstScreenShape(template string) string {
	switch template {
	case "content-v":
		return "poster"
	case "content-h":
		return "cover"
	}
	return ""
}

func bannerOf(p *PromoJSON) *firstScreenBanner {
	b := &firstScreenBanner{Title: p.Title, Description: p.Description, Color: p.Cover.ColorBg, Meta: promoMeta(p)}
	if b.Title == "" {
		b.Title = p.Name
	}
	for _, img := range p.Images {
		if img.IType == "cover" && img.Src != "" {
			b.Image = img.Src
			break
		}
	}
	if b.Image == "" {
		b.Image = p.Cover.Bg
	}
	if !safeCSSColor(b.Color) {
		b.Color = ""
	}
	if g := p.GraphicTitle; g != nil {
		b.Logo = pick(g.TVx2, pick(g.TVx1, g.MobileX2))
		b.LogoWidth, b.LogoHeight = g.TVWidthPt, g.TVHeightPt
	}
	return b
}

// promoMeta is the banner's line under its title, as the client writes it:
// year · genres · picture quality · age.
func promoMeta(p *PromoJSON) string {
	var parts []string
	if p.Year > 0 {
		parts = append(parts, strconv.Itoa(p.Year))
	}
	var genres []string
	for i, g := range p.Genres {
		if i == 2 {
			break
		}
		genres = append(genres, g.Name)
	}
	if len(genres) > 0 {
		parts = append(parts, strings.Join(genres, ", "))
	}
	switch { // the client's promoQuality: 4K before HD
	case p.Is4K:
		parts = append(parts, "4K")
	case p.IsHD:
		parts = append(parts, "HD")
	}
	if p.Age > 0 {
		parts = append(parts, strconv.Itoa(p.Age)+"+")
	}
	return strings.Join(parts, " · ")
}

func firstRowOf(row *RowJSON, shape string) *firstScreenRow {
	out := &firstScreenRow{Template: row.Template, Title: row.Title, Shape: shape}
	if row.Slug != "" {
		out.Href = "/row/" + row.Slug
	} else {
		out.Href = "/row/" + strconv.FormatInt(row.ID, 10)
	}
	for i := range row.Contents {
		if len(out.Tiles) == firstScreenTiles {
			break
		}
		c := &row.Contents[i]
		// the sizes of the client's ContentTile (its SIZE): the width is its sizes
		t := firstScreenTile{Href: contentHref(c, row.LibraryID), Title: c.Title, Width: 282, Height: 423}
		if shape == "poster" {
			t.Image = c.Cover.Src2x3
		} else {
			t.Image, t.Width, t.Height = c.Cover.Src16x9, 332, 187
		}
		if t.Srcset = artwork.Srcset(t.Image); t.Srcset != "" {
			t.Sizes = strconv.Itoa(t.Width) + "px"
		}
		out.Tiles = append(out.Tiles, t)
	}
	return out
}

// contentHref is where a content tile leads (the client's contentTilePath):
// episodes play, the rest open their page, with the row's library.
func contentHref(c *ContentJSON, libraryID *int64) string {
	ref := c.Slug
	if ref == "" {
		ref = strconv.FormatInt(c.ID, 10)
	}
	if c.ContentType == "episode" {
		return "/watch/" + ref
	}
	href := "/contents/" + ref
	if libraryID != nil {
		href += "?library_id=" + strconv.FormatInt(*libraryID, 10)
	}
	return href
}

// safeCSSColor: a #hex colour, the only kind written into a style.
func safeCSSColor(c string) bool {
	if len(c) != 4 && len(c) != 7 || !strings.HasPrefix(c, "#") {
		return false
	}
	for _, r := range c[1:] {
		if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return false
		}
	}
	return true
}

// firstScreenPage mirrors the client's layout (header, promo slider, row
// track, with the sizes of web/src/shared/ui/tokens.css at each width). The
// banner keeps the room of the slide's More button (.fs-more, empty: its
// words are the client's), so the banner's title stays put when the slide
// replaces it. Its
// rules are its own: the page paints it before the client's stylesheet is in. The pictures are the
// tiles' own addresses, srcsets and sizes, so the client's tiles find them in the cache. The
// banner's picture has no srcset because the client's slider (PromoSliderSlide) has none: a
// srcset on one side only would load the picture twice. Its main is as wide
// as the client's (--content-max-width in tokens.css, 1680 px), and its narrow
// layout follows the client's NARROW_QUERY.
var firstScreenPage = template.Must(template.New("first").Parse(`<div id="first-screen">
<style>
#first-screen{--fs-pad:120px;--fs-head:72px;--fs-tile:184px;--fs-cover:332px;--fs-gap:16px;min-height:100vh;font:16px/1.5 Inter,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans","Noto Sans Georgian",sans-serif;color:#f2f3f7;-webkit-font-smoothing:antialiased}
@media (max-width:1280px){#first-screen{--fs-pad:100px}}
@media (max-width:1023px),(max-width:1281px) and (hover:none) and (pointer:coarse){#first-screen{--fs-pad:80px;--fs-head:60px;--fs-tile:128px;--fs-cover:240px;--fs-gap:12px}}
@media (max-width:932px){#first-screen{--fs-pad:60px}}
@media (max-width:480px){#first-screen{--fs-pad:24px}}
#first-screen main{max-width:1680px;margin:0 auto}
#first-screen~#root{position:absolute;top:0;left:0;right:0;visibility:hidden}
.fs-vh{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.fs-header{display:flex;align-items:center;height:var(--fs-head);padding:0 var(--fs-pad);border-bottom:1px solid #2e3240;box-sizing:border-box}
.fs-logo{display:flex;align-items:center;gap:8px;color:inherit;font-size:1.25rem;font-weight:800;letter-spacing:.02em;text-decoration:none}
.fs-logo img{display:block;max-height:32px}
.fs-mark{display:inline-grid;place-items:center;width:32px;height:32px;border-radius:8px;background:#d23c1a;color:#fff;font-size:1rem}
.fs-banner{position:relative;display:flex;align-items:flex-end;height:clamp(320px,40vw,600px);overflow:hidden;background:#171922}
.fs-banner>img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;object-position:center right}
.fs-shade{position:absolute;inset:0;background:linear-gradient(90deg,rgba(14,15,20,.92) 0%,rgba(14,15,20,.55) 38%,transparent 70%),linear-gradient(0deg,#0e0f14 0%,transparent 35%)}
.fs-text{position:relative;display:flex;flex-direction:column;align-items:flex-start;gap:12px;max-width:min(620px,60%);padding:0 var(--fs-pad) 64px}
.fs-text h2{margin:0;font-size:clamp(1.75rem,3.2vw,3rem);font-weight:800;line-height:1.05;letter-spacing:-.02em}
.fs-text .fs-gt-h{line-height:0}
.fs-gt{height:auto;max-width:min(420px,100%);max-height:140px;object-fit:contain;object-position:left bottom}
.fs-text p{display:-webkit-box;overflow:hidden;margin:0;color:#d6d9e2;-webkit-line-clamp:3;-webkit-box-orient:vertical}
.fs-text .fs-meta{display:block;color:#a3a8b8;font-size:.875rem;font-weight:600}
.fs-row{padding:24px var(--fs-pad) 0}
.fs-banner+.fs-row{padding-top:32px}
.fs-row h2{margin:0 0 12px;font-size:1.25rem;font-weight:700;line-height:1.2}
.fs-row h2 a{color:inherit;text-decoration:none}
.fs-track{display:grid;grid-auto-flow:column;grid-auto-columns:var(--fs-tile);gap:var(--fs-gap);margin:0 calc(-1*var(--fs-pad));padding:4px var(--fs-pad) 8px;overflow:hidden;list-style:none}
.fs-cover{grid-auto-columns:var(--fs-cover)}
.fs-track a{display:flex;flex-direction:column;gap:2px;color:inherit;text-decoration:none}
.fs-media{display:block;overflow:hidden;aspect-ratio:2/3;margin-bottom:8px;border-radius:10px;background:#1f222d}
.fs-cover .fs-media{aspect-ratio:16/9}
.fs-media img{display:block;width:100%;height:100%;object-fit:cover}
.fs-title{display:-webkit-box;overflow:hidden;font-weight:600;font-size:.875rem;line-height:1.3;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.fs-more{display:block;height:48px;margin-top:8px}
@media (max-width:1023px){.fs-row h2{font-size:1rem}}
@media (max-width:932px){.fs-banner{height:440px}.fs-banner>img{object-position:center}.fs-shade{background:linear-gradient(0deg,#0e0f14 5%,rgba(14,15,20,.75) 45%,transparent 75%)}.fs-text{max-width:100%}.fs-text p{-webkit-line-clamp:2}.fs-gt{max-width:min(240px,100%);max-height:96px}}
</style>
<header class="fs-header"><a class="fs-logo" href="/" aria-label="{{.Brand}}">{{if .Logo}}<img src="{{.Logo}}" alt="">{{else}}<span class="fs-mark" aria-hidden="true">{{.Initial}}</span><span aria-hidden="true">{{.Brand}}</span>{{end}}</a></header>
<main>
{{if .H1}}<h1 class="fs-vh">{{.H1}}</h1>{{end}}
{{with .Banner}}<section class="fs-banner" data-template="promo-bg"{{if .Color}} style="background:{{.Color}}"{{end}}>{{if .Image}}<img src="{{.Image}}" alt="" width="1920" height="800" fetchpriority="high">{{end}}<div class="fs-shade"></div><div class="fs-text">{{if .Logo}}<h2 class="fs-gt-h"><img class="fs-gt" src="{{.Logo}}" alt="{{.Title}}"{{if .LogoWidth}} width="{{.LogoWidth}}"{{end}}{{if .LogoHeight}} height="{{.LogoHeight}}"{{end}} decoding="async" draggable="false"></h2>{{else}}<h2>{{.Title}}</h2>{{end}}{{if .Meta}}<p class="fs-meta">{{.Meta}}</p>{{end}}{{if .Description}}<p>{{.Description}}</p>{{end}}<span class="fs-more"></span></div></section>{{end}}
{{with .Row}}<section class="fs-row" data-template="{{.Template}}" aria-label="{{.Title}}"><h2><a href="{{.Href}}">{{.Title}}</a></h2><ul class="fs-track fs-{{.Shape}}">{{range .Tiles}}<li><a href="{{.Href}}"><span class="fs-media">{{if .Image}}<img src="{{.Image}}"{{if .Srcset}} srcset="{{.Srcset}}" sizes="{{.Sizes}}"{{end}} alt="" width="{{.Width}}" height="{{.Height}}" fetchpriority="high" elementtiming="tile">{{end}}</span><span class="fs-title">{{.Title}}</span></a></li>{{end}}</ul></section>{{end}}
</main>
</div>
`))

// firstScreenOf is the first screen of the page r asks for. A visitor with
// no session gets the new guest's, kept for a while per operator, language
// and path like page meta; a session's is drawn for it each time (its rows
// may be its own: history, favourites, a child's limits).
func (s *Service) firstScreenOf(r *http.Request) (string, error) {
	if _, ok := firstScreenRowsets[r.URL.Path]; !ok {
		return "", nil
	}
	v, err := s.viewerOf(r)
	if err != nil {
		return "", err
	}
	if httpx.SessionFrom(r.Context()) != nil {
		return s.firstScreen(r, v, r.URL.Path)
	}
	key := "first|" + strconv.FormatInt(v.providerID, 10) + "|" + v.lang + "|" + r.URL.Path
	if m, ok := s.seoCacheOf().get(key); ok {
		return m.FirstScreen, nil
	}
	html, err := s.firstScreen(r, v, r.URL.Path)
	if err != nil {
		return "", err
	}
	s.seoCacheOf().put(key, server.PageMeta{FirstScreen: html})
	return html, nil
}
