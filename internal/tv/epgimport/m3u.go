package epgimport

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"

	"efir/internal/store"
	"efir/internal/tv/m3u"
)

// Category ids the import uses: the spec's "all channels" category gets
// every channel; categories made from group-title start at 1001 so they
// never collide with the spec's fixed numbers.
const (
	CategoryAll         = 32
	firstImportCategory = 1001
)

type m3uImport struct {
	ctx        context.Context
	db         *store.DB
	opt        Options
	rep        *Report
	header     m3u.Header
	categories map[string]int64 // lower-case name -> id
	nextCat    int64
	hasAll     bool
	nextNumber int
	batch      []m3uEntry
}

// m3uEntry is a copy of a playlist entry (the parser reuses its own).
type m3uEntry struct {
	line                 int
	name, url, epg, logo string
	groups               []string
	catchup, catchupSrc  string
	days, number         int
	hasDays, hasNumber   bool
}

// ImportM3U reads a playlist and creates or updates the provider's
// channels: matched by tvg-id (epg_id) first, then by the slug of the name.
func ImportM3U(ctx context.Context, db *store.DB, r io.Reader, opt Options) (*Report, error) {
	if err := opt.defaults(ctx, db); err != nil {
		return nil, err
	}
	x := &m3uImport{ctx: ctx, db: db, opt: opt, rep: newReport("m3u", opt), categories: map[string]int64{}}
	if err := x.loadCategories(); err != nil {
		return nil, err
	}
	if err := store.Get(ctx, db, "SELECT COALESCE(MAX(number), 0) + 1 FROM channels WHERE provider_id = ?",
		[]any{opt.ProviderID}, &x.nextNumber); err != nil {
		return nil, err
	}
	err := m3u.Parse(r, m3u.Handler{
		Header: func(h m3u.Header) error {
			x.header = h
			x.rep.GuideURL = h.GuideURL()
			return nil
		},
		Entry: x.entry,
		Problem: func(p m3u.Problem) {
			x.rep.skip(p.Line, 0, p.Reason, p.Detail)
		},
	})
	if err != nil {
		return x.rep, err
	}
	if err := x.flush(); err != nil {
		return x.rep, err
	}
	if x.rep.Imported() {
		if err := BumpLineupVersion(ctx, db); err != nil {
			return x.rep, err
		}
	}
	return x.rep, nil
}

func (x *m3uImport) loadCategories() error {
	rows, err := x.db.Query(x.ctx, "SELECT id, name FROM categories WHERE provider_id = ?", x.opt.ProviderID)
	if err != nil {
		return err
	}
	defer rows.Close()
	x.nextCat = firstImportCategory
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return err
		}
		if id == CategoryAll {
			x.hasAll = true
		}
		if _, dup := x.categories[strings.ToLower(name)]; !dup {
			x.categories[strings.ToLower(name)] = id
		}
		x.nextCat = max(x.nextCat, id+1)
	}
	return rows.Err()
}

func (x *m3uImport) entry(e *m3u.Entry) error {
	name := strings.TrimSpace(e.Name)
	if name == "" {
		name = e.Get("tvg-name")
	}
	epg := e.Get("tvg-id")
	if name == "" && epg == "" {
		x.rep.skip(e.Line, 0, "no name", e.URL)
		return nil
	}
	if name == "" {
		name = epg
	}
	lower := strings.ToLower(e.URL)
	if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
		// the platform plays HLS over HTTP; udp/rtp multicast cannot reach a browser
		x.rep.skip(e.Line, 0, "unsupported url", e.URL)
		return nil
	}
	if u, err := url.Parse(e.URL); err != nil || u.Host == "" || strings.HasSuffix(strings.ToLower(u.Path), ".mpd") {
		// DASH (or no address at all): browsers get HLS only
		x.rep.skip(e.Line, 0, "unsupported url", e.URL)
		return nil
	}
	en := m3uEntry{line: e.Line, name: name, url: e.URL, epg: epg, logo: e.Get("tvg-logo"),
		catchup:    firstOf(e.Get("catchup"), e.Get("catchup-type"), x.header.Get("catchup")),
		catchupSrc: firstOf(e.Get("catchup-source"), x.header.Get("catchup-source"))}
	for _, g := range strings.Split(e.Group, ";") {
		if g = strings.TrimSpace(g); g != "" && len(en.groups) < 16 {
			en.groups = append(en.groups, g)
		}
	}
	for _, k := range []string{"catchup-days", "tvg-rec", "timeshift"} {
		if n, ok := e.Int(k); ok && n >= 0 {
			en.days, en.hasDays = min(n, 365), true
			break
		}
	}
	if !en.hasDays {
		if n, ok := (&m3u.Entry{Attrs: x.header.Attrs}).Int("catchup-days"); ok && n >= 0 {
			en.days, en.hasDays = min(n, 365), true
		}
	}
	if n, ok := e.Int("tvg-chno"); ok && n > 0 {
		en.number, en.hasNumber = n, true
	}
	x.batch = append(x.batch, en)
	if len(x.batch) >= x.opt.BatchSize {
		return x.flush()
	}
	return nil
}

func firstOf(vs ...string) string {
	for _, v := range vs {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

func (x *m3uImport) flush() error {
	if len(x.batch) == 0 {
		return nil
	}
	err := x.db.Tx(x.ctx, func(tx *store.Tx) error {
		for i := range x.batch {
			if err := x.save(tx, &x.batch[i]); err != nil {
				return fmt.Errorf("line %d: %w", x.batch[i].line, err)
			}
		}
		return nil
	})
	x.batch = x.batch[:0]
	return err
}

// findChannel matches by epg_id, then by slug.
func (x *m3uImport) findChannel(tx *store.Tx, en *m3uEntry, slug string) (int64, error) {
	var id int64
	if en.epg != "" {
		err := store.Get(x.ctx, tx, "SELECT id FROM channels WHERE provider_id = ? AND epg_id = ? ORDER BY id LIMIT 1",
			[]any{x.opt.ProviderID, en.epg}, &id)
		if !errors.Is(err, store.ErrNotFound) {
			return id, err
		}
	}
	if slug == "" {
		return 0, nil
	}
	err := store.Get(x.ctx, tx, "SELECT id FROM channels WHERE provider_id = ? AND slug = ?",
		[]any{x.opt.ProviderID, slug}, &id)
	if errors.Is(err, store.ErrNotFound) {
		return 0, nil
	}
	return id, err
}

func (x *m3uImport) save(tx *store.Tx, en *m3uEntry) error {
	slug := Slug(en.name)
	id, err := x.findChannel(tx, en, slug)
	if err != nil {
		return err
	}
	template := CatchupTemplate(en.catchup, en.catchupSrc, en.url)
	days := en.days
	if template == "" {
		days = 0 // without a catch-up address the source keeps no archive for us
	}
	if id == 0 {
		if slug, err = freeSlug(x.ctx, tx, x.opt.ProviderID, slug); err != nil {
			return err
		}
		number := en.number
		if !en.hasNumber {
			number = x.nextNumber
		}
		x.nextNumber = max(x.nextNumber, number+1)
		// a new channel takes what its name and groups say about it
		age := 0
		for _, g := range en.groups {
			if adultGroup(g) {
				age = 18
			}
		}
		hd, uhd := qualityOf(en.name)
		id, err = store.InsertID(x.ctx, tx, `INSERT INTO channels (provider_id, slug, name, number, age, is_hd, is_4k,
			source_type, source_url, catchup_template, archived_days, epg_id, logo_url, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, 'hls', ?, ?, ?, ?, ?, ?) RETURNING id`,
			x.opt.ProviderID, slug, en.name, number, age, hd, uhd, en.url, template, days, en.epg, en.logo, x.opt.Now().Unix())
		if err != nil {
			return err
		}
		x.rep.ChannelsCreated++
	} else {
		// Missing attributes keep what the channel has; the stream is replaced.
		_, err = tx.Exec(x.ctx, `UPDATE channels SET name = ?, source_type = 'hls', source_url = ?,
			catchup_template = ?, archived_days = ?,
			epg_id = CASE WHEN ? = '' THEN epg_id ELSE ? END,
			logo_url = CASE WHEN ? = '' THEN logo_url ELSE ? END,
			number = CASE WHEN ? THEN ? ELSE number END
			WHERE id = ?`,
			en.name, en.url, template, days, en.epg, en.epg, en.logo, en.logo, en.hasNumber, en.number, id)
		if err != nil {
			return err
		}
		x.rep.ChannelsUpdated++
	}
	return x.saveCategories(tx, id, en.line, en.groups)
}

// saveCategories puts the channel into its groups (creating categories as
// needed) and into "all channels"; memberships of imported categories
// (ids >= 1001) the playlist no longer names are removed. The position in
// the playlist orders the channels inside a category.
func (x *m3uImport) saveCategories(tx *store.Tx, channel int64, sort int, groups []string) error {
	ids := make([]any, 0, len(groups)+1)
	for _, g := range groups {
		id, ok := x.categories[strings.ToLower(g)]
		if !ok {
			id = x.nextCat
			x.nextCat++
			base := Slug(g)
			if base == "" {
				base = "group"
			}
			if _, err := tx.Exec(x.ctx, `INSERT INTO categories (provider_id, id, slug, name, sort, tag_is_adult) VALUES (?, ?, ?, ?, ?, ?)`,
				x.opt.ProviderID, id, fmt.Sprintf("%s-%d", base, id), g, id, adultGroup(g)); err != nil {
				return err
			}
			x.categories[strings.ToLower(g)] = id
			x.rep.CategoriesAdded++
		}
		ids = append(ids, id)
	}
	if x.hasAll {
		ids = append(ids, int64(CategoryAll))
	}
	del := `DELETE FROM channel_categories WHERE provider_id = ? AND channel_id = ? AND category_id >= ?`
	args := []any{x.opt.ProviderID, channel, int64(firstImportCategory)}
	if len(ids) > 0 {
		del += " AND category_id NOT IN (" + strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ") + ")"
		args = append(args, ids...)
	}
	if _, err := tx.Exec(x.ctx, del, args...); err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := tx.Exec(x.ctx, `INSERT INTO channel_categories (provider_id, category_id, channel_id, sort)
			VALUES (?, ?, ?, ?) ON CONFLICT (provider_id, category_id, channel_id) DO NOTHING`,
			x.opt.ProviderID, id, channel, sort); err != nil {
			return err
		}
	}
	return nil
}

var adultWords = []string{"18+", "adult", "xxx", "взросл", "эрот"}

// adultGroup tells a group of adult channels by its name: its category
// gets the is_adult tag (the PIN rules) and new channels in it age 18.
func adultGroup(name string) bool {
	n := strings.ToLower(name)
	for _, w := range adultWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// qualityOf reads "HD" and "4K"/"UHD" words of a channel name.
func qualityOf(name string) (hd, uhd bool) {
	for _, w := range strings.FieldsFunc(strings.ToUpper(name), func(r rune) bool { return r == ' ' || r == '(' || r == ')' || r == '-' || r == '[' || r == ']' }) {
		switch w {
		case "HD", "FHD", "FULLHD":
			hd = true
		case "4K", "UHD", "2160P":
			uhd, hd = true, true
		}
	}
	return hd, uhd
}
