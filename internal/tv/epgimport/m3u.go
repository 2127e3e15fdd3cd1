package epgimport

import (
	"context"
	"fmt"
	"io"
	"slices"
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
	// channels holds every channel of the playlist read so far by its
	// key, so an entry far down the playlist still joins its channel.
	channels map[string]*m3uChannel
	batch    []*m3uChannel // channels with sources waiting to be written
	pending  int           // entries waiting: the batch's size
}

// m3uChannel is one channel of the playlist: the entries with one tvg-id
// (else one name). The first entry names it and gives its attributes;
// every entry's address is one of its sources, in playlist order.
type m3uChannel struct {
	line                int
	name, epg, logo     string
	groups              []string
	catchup, catchupSrc string
	days, number        int
	hasNumber           bool
	sources             []m3uSource // read, not written yet

	id      int64  // 0 until its first batch is written
	written int    // sources written: the sort of the next one
	primary string // the first playable address, "" while none
	hidden  bool   // created hidden for want of a playable address
}

// m3uSource is the address of one entry.
type m3uSource struct {
	line    int
	url     string
	problem string // m3u.Unplayable: "" when viewers can play it
}

// ImportM3U reads a playlist and creates or updates the provider's
// channels, the rules of the console's M3U import: entries with one tvg-id
// (else one name) are one channel whose sources are all their addresses;
// addresses that are not HLS are reported and kept as sources never handed
// out; the channel's stream is its first playable source. Channels are
// matched by tvg-id (epg_id) first, then by the slug of the name.
func ImportM3U(ctx context.Context, db *store.DB, r io.Reader, opt Options) (*Report, error) {
	if err := opt.defaults(ctx, db); err != nil {
		return nil, err
	}
	x := &m3uImport{ctx: ctx, db: db, opt: opt, rep: newReport("m3u", opt), categories: map[string]int64{},
		channels: map[string]*m3uChannel{}}
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
	x.reportUnplayable()
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
	src := m3uSource{line: e.Line, url: strings.TrimSpace(e.URL)}
	if src.problem = m3u.Unplayable(src.url); src.problem != "" {
		x.rep.skip(e.Line, 0, "not hls", src.url+" ("+src.problem+")")
	}
	key := "epg:" + epg
	if epg == "" {
		key = "slug:" + Slug(name)
	}
	c := x.channels[key]
	if c == nil {
		c = x.newChannel(e, name, epg)
		x.channels[key] = c
	}
	if len(c.sources) == 0 {
		x.batch = append(x.batch, c)
	}
	c.sources = append(c.sources, src)
	x.pending++
	if x.pending >= x.opt.BatchSize {
		return x.flush()
	}
	return nil
}

// newChannel takes the attributes of a channel's first entry.
func (x *m3uImport) newChannel(e *m3u.Entry, name, epg string) *m3uChannel {
	c := &m3uChannel{line: e.Line, name: name, epg: epg, logo: e.Get("tvg-logo"),
		catchup:    firstOf(e.Get("catchup"), e.Get("catchup-type"), x.header.Get("catchup")),
		catchupSrc: firstOf(e.Get("catchup-source"), x.header.Get("catchup-source"))}
	for _, g := range strings.Split(e.Group, ";") {
		if g = strings.TrimSpace(g); g != "" && len(c.groups) < 16 {
			c.groups = append(c.groups, g)
		}
	}
	hasDays := false
	for _, k := range []string{"catchup-days", "tvg-rec", "timeshift"} {
		if n, ok := e.Int(k); ok && n >= 0 {
			c.days, hasDays = min(n, 365), true
			break
		}
	}
	if !hasDays {
		if n, ok := (&m3u.Entry{Attrs: x.header.Attrs}).Int("catchup-days"); ok && n >= 0 {
			c.days = min(n, 365)
		}
	}
	if n, ok := e.Int("tvg-chno"); ok && n > 0 {
		c.number, c.hasNumber = n, true
	}
	return c
}

func firstOf(vs ...string) string {
	for _, v := range vs {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// reportUnplayable lists, in playlist order, the channels the playlist
// gives no playable address: stored (a new one hidden), never streamed
// from the playlist.
func (x *m3uImport) reportUnplayable() {
	var none []*m3uChannel
	for _, c := range x.channels {
		if c.id != 0 && c.primary == "" {
			none = append(none, c)
		}
	}
	slices.SortFunc(none, func(a, b *m3uChannel) int { return a.line - b.line })
	for _, c := range none {
		x.rep.Unplayable++
		detail := c.name
		if c.hidden {
			detail += " (created hidden)"
		}
		x.rep.note(c.line, 0, "no playable address", detail)
	}
}

func (x *m3uImport) flush() error {
	if len(x.batch) == 0 {
		return nil
	}
	err := x.db.Tx(x.ctx, func(tx *store.Tx) error {
		for _, c := range x.batch {
			if err := x.save(tx, c); err != nil {
				return fmt.Errorf("line %d: %w", c.sources[0].line, err)
			}
		}
		return nil
	})
	for _, c := range x.batch {
		c.sources = nil
	}
	x.batch, x.pending = x.batch[:0], 0
	return err
}
