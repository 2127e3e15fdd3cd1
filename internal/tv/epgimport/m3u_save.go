package epgimport

import (
	"errors"
	"fmt"
	"strings"

	"efir/internal/store"
)

// save writes a channel's waiting sources: the first time with the
// channel itself (its previous sources replaced), later (entries of it
// further down the playlist) as more sources.
func (x *m3uImport) save(tx *store.Tx, c *m3uChannel) error {
	if c.id == 0 {
		if err := x.saveChannel(tx, c); err != nil {
			return err
		}
	} else if c.primary == "" {
		if primary := firstPlayable(c.sources); primary != "" {
			// the first playable address comes late: the channel streams it
			// now, and one created hidden for want of it shows
			template, days := x.catchupOf(c, primary)
			if _, err := tx.Exec(x.ctx, `UPDATE channels SET source_type = 'hls', source_url = ?, catchup_template = ?,
				archived_days = ?, is_hidden = CASE WHEN ? THEN FALSE ELSE is_hidden END WHERE id = ?`,
				primary, template, days, c.hidden, c.id); err != nil {
				return err
			}
			c.primary, c.hidden = primary, false
		}
	}
	return x.saveSources(tx, c)
}

func firstPlayable(sources []m3uSource) string {
	for _, s := range sources {
		if s.problem == "" {
			return s.url
		}
	}
	return ""
}

// catchupOf is the catch-up template and archive depth of the channel
// streaming primary (no archive without a template).
func (x *m3uImport) catchupOf(c *m3uChannel, primary string) (string, int) {
	template := CatchupTemplate(c.catchup, c.catchupSrc, primary)
	if template == "" {
		return "", 0 // without a catch-up address the source keeps no archive for us
	}
	return template, c.days
}

// saveChannel creates or updates the channel of its first batch. Its stream
// is its first playable address; without one a new channel is created
// hidden and an existing one keeps the stream it has.
func (x *m3uImport) saveChannel(tx *store.Tx, c *m3uChannel) error {
	slug := Slug(c.name)
	id, err := x.findChannel(tx, c.epg, slug)
	if err != nil {
		return err
	}
	primary := firstPlayable(c.sources)
	template, days := "", 0
	if primary != "" {
		template, days = x.catchupOf(c, primary)
	}
	if id == 0 {
		if slug, err = freeSlug(x.ctx, tx, x.opt.ProviderID, slug); err != nil {
			return err
		}
		number := c.number
		if !c.hasNumber {
			number = x.nextNumber
		}
		x.nextNumber = max(x.nextNumber, number+1)
		// a new channel takes what its name and groups say about it
		age := 0
		for _, g := range c.groups {
			if adultGroup(g) {
				age = 18
			}
		}
		hd, uhd := qualityOf(c.name)
		id, err = store.InsertID(x.ctx, tx, `INSERT INTO channels (provider_id, slug, name, number, age, is_hd, is_4k, is_hidden,
			source_type, source_url, catchup_template, archived_days, epg_id, logo_url, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'hls', ?, ?, ?, ?, ?, ?) RETURNING id`,
			x.opt.ProviderID, slug, c.name, number, age, hd, uhd, primary == "", primary, template, days, c.epg, c.logo,
			x.opt.Now().Unix())
		if err != nil {
			return err
		}
		c.hidden = primary == ""
		x.rep.ChannelsCreated++
	} else {
		// Missing attributes keep what the channel has; an uploaded logo
		// stays; the stream changes only for a playable address.
		keep := primary == ""
		_, err = tx.Exec(x.ctx, `UPDATE channels SET name = ?,
			source_type = CASE WHEN ? THEN source_type ELSE 'hls' END,
			source_url = CASE WHEN ? THEN source_url ELSE ? END,
			catchup_template = CASE WHEN ? THEN catchup_template ELSE ? END,
			archived_days = CASE WHEN ? THEN archived_days ELSE ? END,
			epg_id = CASE WHEN ? = '' THEN epg_id ELSE ? END,
			logo_url = CASE WHEN ? = '' OR logo_url LIKE '/v2/channels/%' THEN logo_url ELSE ? END,
			number = CASE WHEN ? THEN ? ELSE number END
			WHERE id = ?`,
			c.name, keep, keep, primary, keep, template, keep, days, c.epg, c.epg, c.logo, c.logo, c.hasNumber, c.number, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(x.ctx, "DELETE FROM channel_sources WHERE channel_id = ?", id); err != nil {
			return err
		}
		x.rep.ChannelsUpdated++
	}
	c.id, c.primary = id, primary
	err = x.saveCategories(tx, id, c.line, c.groups)
	c.groups, c.logo = nil, "" // written: only the sources are to come
	return err
}

// sourcesPerInsert bounds the rows of one INSERT (7 parameters each).
const sourcesPerInsert = 200

// saveSources appends the channel's waiting sources after those written.
func (x *m3uImport) saveSources(tx *store.Tx, c *m3uChannel) error {
	now := x.opt.Now().Unix()
	for rest := c.sources; len(rest) > 0; {
		part := rest[:min(len(rest), sourcesPerInsert)]
		rest = rest[len(part):]
		args := make([]any, 0, 7*len(part))
		for _, s := range part {
			args = append(args, x.opt.ProviderID, c.id, s.url, s.problem == "", s.problem, c.written, now)
			c.written++
		}
		if _, err := tx.Exec(x.ctx, `INSERT INTO channel_sources (provider_id, channel_id, url, playable, problem, sort, created_at)
			VALUES `+strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?), ", len(part)), ", "), args...); err != nil {
			return err
		}
	}
	return nil
}

// findChannel matches by epg_id, then by slug.
func (x *m3uImport) findChannel(tx *store.Tx, epg, slug string) (int64, error) {
	var id int64
	if epg != "" {
		err := store.Get(x.ctx, tx, "SELECT id FROM channels WHERE provider_id = ? AND epg_id = ? ORDER BY id LIMIT 1",
			[]any{x.opt.ProviderID, epg}, &id)
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
