package catalog

import (
	"container/list"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"efir/internal/artwork"
	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/server"
	"efir/internal/store"
)

// The meta of page requests (the issue's SEO: "the server answers page
// requests with the right title, description, canonical, Open Graph tags and
// noindex inside the served HTML"). The page's item is read (a content, a
// person, a row, a rowset, a news item, a channel) and the provider's SEO
// masks give the texts; the rules of spec 5: an id with no letters makes the
// page noindex (the slug form is canonical), so do persons with fewer than 2
// contents and lost contents; an unknown item is a 404 (the client is still
// served and shows its not-found page).

const (
	// seoDescriptionMax: a description longer than this is cut at a word
	// (search engines show about 160 characters).
	seoDescriptionMax = 200
	// seoCacheTTL: page meta is cached this long per provider, language,
	// viewer kind (seoViewerKey), brand and page; a crawler walking the
	// catalogue costs one read per page and half-minute.
	seoCacheTTL = 30 * time.Second
	// seoCacheMax and seoCacheBytes bound the cache; the oldest entries go
	// first (they expire first too).
	seoCacheMax   = 4096
	seoCacheBytes = 8 << 20
	// minIndexedContents: a person with fewer contents is noindex (spec 2).
	minIndexedContents = 2
)

// PageMeta is the server's page-meta hook (server.Options.PageMeta).
// publicURL is how viewers reach the site: canonical and image addresses
// start with it.
func (s *Service) PageMeta(publicURL string) server.PageMetaFunc {
	publicURL = strings.TrimRight(publicURL, "/")
	return func(r *http.Request) server.PageMeta {
		m, err := s.pageMeta(r, publicURL)
		if err != nil {
			// The page is served as built: meta is never worth a failed page.
			slog.Default().WarnContext(r.Context(), "page meta", "path", r.URL.Path, "err", err)
			return server.PageMeta{}
		}
		if m.FirstScreen, err = s.firstScreenOf(r); err != nil {
			slog.Default().WarnContext(r.Context(), "first screen", "path", r.URL.Path, "err", err)
		}
		return m
	}
}

// page is what a path names, before the texts are filled in.
type page struct {
	found       bool   // false: the path is not one of ours (no meta)
	missing     bool   // the path names an item that does not exist
	mask        string // the SEO mask path ("/contents/*"); "" none
	name        string // {name} of the mask
	description string // the item's own text; "" takes the mask's
	image       string
	canonical   string // path of the canonical form
	ogType      string
	noindex     bool
	// echoes: the canonical repeats text of the path that no lookup
	// confirmed (a category before a channel); such a page is not cached.
	echoes bool
}

// seoCache keeps the meta of canonical pages only: one entry per item a
// viewer kind may open, however many paths name it, so requests for made-up
// paths neither grow it nor push out the pages viewers ask for.
type seoCache struct {
	mu      sync.Mutex
	entries map[string]seoEntry
	order   *list.List // of keys, newest first
	bytes   int
}

type seoEntry struct {
	meta server.PageMeta
	at   time.Time
	el   *list.Element
	size int
}

func (s *Service) seoCacheOf() *seoCache { return s.seo }

// get is the entry of key when it is younger than seoCacheTTL.
func (c *seoCache) get(key string) (server.PageMeta, bool) {
	c.mu.Lock()
	e, ok := c.entries[key]
	c.mu.Unlock()
	if !ok || time.Since(e.at) >= seoCacheTTL {
		return server.PageMeta{}, false
	}
	return e.meta, true
}

// put keeps m for key, dropping the oldest entries past the bounds.
func (c *seoCache) put(key string, m server.PageMeta) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.order == nil {
		c.order = list.New()
	}
	if old, ok := c.entries[key]; ok {
		c.drop(old.el)
	}
	size := 200 + len(key) + len(m.Lang) + len(m.Title) + len(m.Description) + len(m.Canonical) + len(m.Image) +
		len(m.Type) + len(m.SiteName) // with the map slot and list element
	c.entries[key] = seoEntry{meta: m, at: time.Now(), el: c.order.PushFront(key), size: size}
	c.bytes += size
	for len(c.entries) > seoCacheMax || c.bytes > seoCacheBytes {
		c.drop(c.order.Back())
	}
}

func (c *seoCache) drop(el *list.Element) {
	key := c.order.Remove(el).(string)
	c.bytes -= c.entries[key].size
	delete(c.entries, key)
}

func (s *Service) pageMeta(r *http.Request, publicURL string) (server.PageMeta, error) {
	v, err := s.viewerOf(r)
	if err != nil {
		return server.PageMeta{}, err
	}
	// The brand is the request's operator (its network), which a signed-in
	// viewer's provider need not be.
	brand := ""
	if p := provider.FromContext(r.Context()); p != nil {
		brand = p.Name
	}
	prefix := seoViewerKey(v) + "|" + brand + "|"
	if m, ok := s.seoCacheOf().get(prefix + r.URL.Path); ok {
		return m, nil
	}
	pg, err := s.resolvePage(r.Context(), v, r.URL.Path)
	if err != nil {
		return server.PageMeta{}, err
	}
	m := fillPage(pg, v.lang, brand, publicURL)
	s.ownSEOMask(r.Context(), v.providerID, v.lang, brand, pg, &m)
	// Only a page asked by its canonical path is kept, under that path
	// built from the item (a copy: the request's text is not kept).
	if pg.found && !pg.missing && !pg.echoes && pg.canonical == r.URL.Path {
		s.seoCacheOf().put(prefix+pg.canonical, m)
	}
	return m, nil
}

// seoViewerKey is every property of the viewer a page's meta depends on:
// the provider (its catalogue and line-up), the language, a child profile
// (nothing above 12) and a guest or anonymous caller (no 4K channels).
// Page meta is never personal beyond these: what a page says must not
// depend on a viewer's packets or history, or the cache would leak them.
func seoViewerKey(v *viewer) string {
	return strconv.FormatInt(v.providerID, 10) + "|" + v.lang + "|" + strconv.FormatBool(v.child) + "|" + strconv.FormatBool(v.guest)
}

// fillPage turns a resolved page into meta: the mask's texts with {name},
// absolute addresses, the not-found title.
func fillPage(pg page, lang, brand, publicURL string) server.PageMeta {
	if !pg.found {
		return server.PageMeta{}
	}
	m := server.PageMeta{Lang: lang, SiteName: brand, Type: "website", NoIndex: pg.noindex}
	if pg.missing {
		m.Status = http.StatusNotFound
		m.NoIndex = true
		m.Title = httpx.T(lang, "catalog_seo_not_found", brand)
		return m
	}
	if mask, ok := provider.SEOMaskFor(lang, brand, pg.mask); ok {
		m.Title = strings.ReplaceAll(mask.Title, "{name}", pg.name)
		m.Description = strings.ReplaceAll(mask.Description, "{name}", pg.name)
	} else if pg.name != "" {
		m.Title = pg.name + " — " + brand
	}
	if pg.description != "" {
		m.Description = clipText(pg.description, seoDescriptionMax)
	}
	if pg.ogType != "" {
		m.Type = pg.ogType
	}
	if pg.canonical != "" {
		m.Canonical = absoluteURL(publicURL, pg.canonical)
	}
	if pg.image != "" {
		m.Image = absoluteURL(publicURL, pg.image)
	}
	return m
}

// resolvePage reads what path names.
func (s *Service) resolvePage(ctx context.Context, v *viewer, path string) (page, error) {
	if len(path) > 4*maxRefLen {
		return page{}, nil
	}
	segs := strings.Split(strings.Trim(path, "/"), "/")
	if len(segs) == 1 && segs[0] == "" {
		segs = nil
	}
	fixed := func(mask, canonical string, noindex bool) (page, error) {
		return page{found: true, mask: mask, canonical: canonical, noindex: noindex}, nil
	}
	if len(segs) == 0 {
		return fixed("/", "/", false)
	}
	head, rest := segs[0], segs[1:]
	switch {
	case head == "startpage" && len(rest) == 0:
		return fixed("/", "/", false)
	case head == "channels":
		if len(rest) == 0 {
			return fixed("/channels", "/channels", false)
		}
		return s.seoChannelPage(ctx, v, rest)
	case (head == "contents" && (len(rest) == 1 || len(rest) == 2)) || ((head == "episodes" || head == "watch") && len(rest) == 1):
		return s.seoContentPage(ctx, v, head, rest)
	case head == "persons" && len(rest) == 1:
		return s.seoPersonPage(ctx, v, rest[0])
	case head == "row" && len(rest) == 1:
		return s.seoRowPage(ctx, v, rest[0])
	case (head == "rowset" || head == "catalog") && len(rest) == 1:
		return s.seoRowsetPage(ctx, v, head, rest[0], true)
	case head == "news" && len(rest) == 1:
		return s.seoNewsPage(ctx, v, rest[0])
	case len(rest) == 0:
		switch head {
		case "movies", "series", "news", "packets", "newyear":
			return fixed("/"+head, "/"+head, false)
		case "my", "search":
			// Personal and result pages are not for search engines.
			return fixed("/"+head, "/"+head, true)
		}
		// /{slug}: a rowset's page when a rowset has that slug. Other
		// single-segment paths are the client's own pages (settings,
		// guide, legal texts...): no meta, no 404.
		return s.seoRowsetPage(ctx, v, "", head, false)
	}
	return page{}, nil
}

// noLetters: the spec's rule "ids with no letters make the page noindex".
func noLetters(ref string) bool {
	for _, r := range ref {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// seoContentPage: /contents/{slug}[/{child slug}], /episodes/{slug}, /watch/{id}.
func (s *Service) seoContentPage(ctx context.Context, v *viewer, head string, refs []string) (page, error) {
	ref := refs[len(refs)-1]
	c, err := s.seoContent(ctx, v, ref)
	if err != nil || c == nil {
		return page{found: true, missing: c == nil}, err
	}
	pg := page{found: true, mask: "/contents/*", description: c.Description, ogType: ogTypeOf(c)}
	pg.noindex = c.IsLost || c.IsHidden || head == "watch"
	for _, r := range refs {
		pg.noindex = pg.noindex || noLetters(r)
	}
	pg.image = pick(c.PosterURL, artwork.URL(artwork.Poster, c.ID))
	pg.name = c.Title
	var parent *content
	if len(refs) == 2 {
		if parent, err = s.seoContent(ctx, v, refs[0]); err != nil {
			return page{}, err
		}
		if parent == nil {
			return page{found: true, missing: true}, nil
		}
	}
	if c.RootID != c.ID {
		root, err := s.seoContent(ctx, v, strconv.FormatInt(c.RootID, 10))
		if err != nil {
			return page{}, err
		}
		if root != nil {
			pg.name = childName(v.lang, root.Title, c)
			if pg.description == "" {
				pg.description = root.Description
			}
			if c.PosterURL == "" {
				pg.image = pick(root.PosterURL, artwork.URL(artwork.Poster, root.ID))
			}
		}
	}
	switch {
	case head == "episodes":
		pg.canonical = "/episodes/" + wireSlug(c.Slug, c.ID)
	case parent != nil:
		pg.canonical = "/contents/" + wireSlug(parent.Slug, parent.ID) + "/" + wireSlug(c.Slug, c.ID)
	default:
		pg.canonical = "/contents/" + wireSlug(c.Slug, c.ID)
	}
	return pg, nil
}

// seoContent is the content ref names as v may open it (nil: none).
func (s *Service) seoContent(ctx context.Context, v *viewer, ref string) (*content, error) {
	id, ok := parseRef(ref)
	if !ok {
		return nil, nil
	}
	c, err := contentByID(ctx, s.db, v.providerID, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !v.findable(c) {
		return nil, nil
	}
	return c, nil
}

// childName names a season or an episode with its series.
func childName(lang, series string, c *content) string {
	switch {
	case c.Type == typeSeason && c.Season > 0:
		return httpx.T(lang, "catalog_seo_season", series, c.Season)
	case c.Type == typeEpisode && c.Season > 0:
		return httpx.T(lang, "catalog_seo_episode", series, c.Season, c.Series)
	case c.Type == typeEpisode:
		return httpx.T(lang, "catalog_seo_episode_number", series, c.Series)
	}
	return series + ". " + c.Title
}

func ogTypeOf(c *content) string {
	switch c.Type {
	case typeMovie:
		return "video.movie"
	case typeEpisode:
		return "video.episode"
	}
	return "video.tv_show"
}

// seoPersonPage: /persons/{slug}. Noindex under 2 contents the viewer may see.
func (s *Service) seoPersonPage(ctx context.Context, v *viewer, ref string) (page, error) {
	p, err := s.findPerson(ctx, v, ref)
	var he *httpx.Error
	if errors.As(err, &he) && he.Status == http.StatusNotFound {
		return page{found: true, missing: true}, nil
	}
	if err != nil {
		return page{}, err
	}
	work, err := s.filmography(ctx, v, p.ID)
	if err != nil {
		return page{}, err
	}
	return page{found: true, mask: "/persons/*", name: p.Name, description: p.Bio, ogType: "profile",
		image: pick(p.ImageURL, artwork.URL(artwork.Person, p.ID)), canonical: "/persons/" + wireSlug(p.Slug, p.ID),
		noindex: noLetters(ref) || len(work) < minIndexedContents}, nil
}

// seoRowPage: /row/{slug or id}.
func (s *Service) seoRowPage(ctx context.Context, v *viewer, ref string) (page, error) {
	defs, err := s.rowDefsOf(ctx, v.providerID)
	if err != nil {
		return page{}, err
	}
	row := defs.row(ref)
	if row == nil {
		return page{found: true, missing: true}, nil
	}
	canonical := row.Slug
	if canonical == "" {
		canonical = strconv.FormatInt(row.ID, 10)
	}
	return page{found: true, mask: "/row/*", name: row.Title, description: row.Description,
		canonical: "/row/" + canonical, noindex: noLetters(ref)}, nil
}

// seoRowsetPage: /rowset/{slug or id}, /catalog/{id} and /{slug}. A rowset's
// canonical address is the one the header menu links: /{slug} (the start
// page's is /). strict: an unknown ref is a 404 (else not ours).
func (s *Service) seoRowsetPage(ctx context.Context, v *viewer, head, ref string, strict bool) (page, error) {
	defs, err := s.rowDefsOf(ctx, v.providerID)
	if err != nil {
		return page{}, err
	}
	var rs *rowsetDef
	if strict {
		rs = defs.rowset(ref)
	} else if !noLetters(ref) {
		rs = defs.rowsetBySlug[ref]
	}
	if rs == nil {
		return page{found: strict, missing: strict}, nil
	}
	pg := page{found: true, mask: "/rowset/*", name: rs.Title, description: rs.Description, noindex: noLetters(ref)}
	switch {
	case rs.Template == "startpage":
		pg.mask, pg.name, pg.description, pg.canonical = "/", "", "", "/"
	case head == "catalog":
		pg.canonical = "/catalog/" + ref
		pg.echoes = ref != strconv.FormatInt(rs.ID, 10) && ref != rs.Slug && ref != wireSlug(rs.Slug, rs.ID)
	case rs.Slug != "":
		pg.canonical = "/" + rs.Slug
	default:
		pg.canonical = "/rowset/" + strconv.FormatInt(rs.ID, 10)
	}
	return pg, nil
}

// seoNewsPage: /news/{slug or id}.
func (s *Service) seoNewsPage(ctx context.Context, v *viewer, ref string) (page, error) {
	id, ok := parseRef(ref)
	if !ok {
		return page{found: true, missing: true}, nil
	}
	var slug, title, lead, image string
	// The API's rule (handleNews): hidden or not yet published is not found.
	err := store.Get(ctx, s.db, `SELECT slug, title, lead, image_url FROM news WHERE id = ? AND provider_id = ? AND is_hidden = ?
		AND published_at <= ?`, []any{id, v.providerID, false, s.now().Unix()}, &slug, &title, &lead, &image)
	if errors.Is(err, store.ErrNotFound) {
		return page{found: true, missing: true}, nil
	}
	if err != nil {
		return page{}, err
	}
	return page{found: true, mask: "/news/*", name: title, description: lead, image: image, ogType: "article",
		canonical: "/news/" + wireSlug(slug, id), noindex: noLetters(ref)}, nil
}

// seoChannelPage: /channels/{category}, /channels/{channel}[/{ts}] and
// /channels/{category}/{channel}[/{ts}]. The line-up belongs to the TV area;
// its names are read here directly (read-only, two indexed lookups) rather
// than through the tv package, which the catalogue does not depend on. The
// TV area's rules of who may open what are mirrored (opensChannel): a
// channel the API answers 404 to is a missing page here too.
func (s *Service) seoChannelPage(ctx context.Context, v *viewer, refs []string) (page, error) {
	if len(refs) > 3 {
		return page{}, nil
	}
	if len(refs) > 1 && isTimestamp(refs[len(refs)-1]) {
		refs = refs[:len(refs)-1]
	}
	ref := refs[len(refs)-1]
	var id int64
	var slug, name, desc, logo string
	var age int
	var hidden, uhd bool
	q := `SELECT id, slug, name, description, logo_url, age, is_hidden, is_4k FROM channels WHERE provider_id = ? AND `
	var err error
	if noLetters(ref) {
		n, _ := strconv.ParseInt(ref, 10, 64)
		err = store.Get(ctx, s.db, q+"id = ?", []any{v.providerID, n}, &id, &slug, &name, &desc, &logo, &age, &hidden, &uhd)
	} else {
		err = store.Get(ctx, s.db, q+"slug = ?", []any{v.providerID, ref}, &id, &slug, &name, &desc, &logo, &age, &hidden, &uhd)
	}
	switch {
	case err == nil && !v.opensChannel(age, uhd):
		return page{found: true, missing: true}, nil
	case err == nil:
		canonical := "/channels/" + strings.Join(refs[:len(refs)-1], "/")
		if len(refs) == 1 {
			canonical = "/channels/"
		} else {
			canonical += "/"
		}
		if slug != "" {
			canonical += slug
		} else {
			canonical += strconv.FormatInt(id, 10)
		}
		if logo == "" {
			logo = "/v2/channels/" + strconv.FormatInt(id, 10) + "/logo.svg"
		}
		// A hidden channel opens by its address (an operator's test or
		// partner channel) but is listed nowhere: not for search engines.
		return page{found: true, mask: "/channels/*", name: name, description: desc, image: logo, canonical: canonical,
			ogType: "video.tv_show", noindex: hidden || anyNoLetters(refs), echoes: len(refs) > 1}, nil
	case !errors.Is(err, store.ErrNotFound):
		return page{}, err
	case len(refs) > 1:
		return page{found: true, missing: true}, nil
	}
	// One segment and no such channel: a category.
	q = `SELECT id, slug, name FROM categories WHERE provider_id = ? AND `
	if noLetters(ref) {
		n, _ := strconv.ParseInt(ref, 10, 64)
		err = store.Get(ctx, s.db, q+"id = ?", []any{v.providerID, n}, &id, &slug, &name)
	} else {
		err = store.Get(ctx, s.db, q+"slug = ?", []any{v.providerID, ref}, &id, &slug, &name)
	}
	if err == nil {
		err = s.seoCategoryListed(ctx, v, id)
	}
	if errors.Is(err, store.ErrNotFound) {
		return page{found: true, missing: true}, nil
	}
	if err != nil {
		return page{}, err
	}
	canonical := slug
	if canonical == "" {
		canonical = strconv.FormatInt(id, 10)
	}
	return page{found: true, mask: "/channels/*", name: name, canonical: "/channels/" + canonical, noindex: noLetters(ref)}, nil
}

// opensChannel is the TV area's findable (internal/tv/access.go): a child
// profile opens no channel rated above 12, a guest or an anonymous caller
// no 4K channel. A hidden channel still opens by its address.
func (v *viewer) opensChannel(age int, uhd bool) bool {
	return v.ageAllowed(age) && !(v.guest && uhd)
}

// seoCategoryListed is nil unless the category holds channels and the
// viewer sees none of them (store.ErrNotFound then): the TV area's category
// list leaves such a category out, an adult category for a child profile.
// The visibility is the list's (tv's sees): findable and not hidden.
func (s *Service) seoCategoryListed(ctx context.Context, v *viewer, categoryID int64) error {
	held, seen := 0, 0
	err := each(ctx, s.db, `SELECT c.age, c.is_hidden, c.is_4k FROM channel_categories cc JOIN channels c ON c.id = cc.channel_id
		WHERE cc.category_id = ? AND c.provider_id = ?`, []any{categoryID, v.providerID}, func(sc scanner) error {
		var age int
		var hidden, uhd bool
		if err := sc.Scan(&age, &hidden, &uhd); err != nil {
			return err
		}
		held++
		if !hidden && v.opensChannel(age, uhd) {
			seen++
		}
		return nil
	})
	if err != nil {
		return err
	}
	if held > 0 && seen == 0 {
		return store.ErrNotFound
	}
	return nil
}

func anyNoLetters(refs []string) bool {
	for _, r := range refs {
		if noLetters(r) {
			return true
		}
	}
	return false
}

// isTimestamp: a channel route's archive time (unix seconds).
func isTimestamp(ref string) bool {
	n, err := strconv.ParseInt(ref, 10, 64)
	return err == nil && n > 1_000_000_000
}

// clipText cuts text to at most max characters at a word, with an ellipsis,
// and folds its lines into one.
func clipText(text string, max int) string {
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) <= max {
		return text
	}
	runes := []rune(text)[:max]
	cut := string(runes)
	if i := strings.LastIndexByte(cut, ' '); i > max/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,.;:—-") + "…"
}

// absoluteURL makes a site path absolute; absolute addresses stay.
func absoluteURL(publicURL, p string) string {
	if strings.HasPrefix(p, "http://") || strings.HasPrefix(p, "https://") {
		return p
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return publicURL + p
}
