package tv

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"

	"efir/internal/store"
)

// loadLineup reads a provider's channels, categories and packets in three
// queries plus two for the links; the cache (lineup.go) keeps the result.
func loadLineup(ctx context.Context, db store.Querier, providerID int64) (*lineup, error) {
	l := &lineup{providerID: providerID, byID: map[int64]*channel{}, bySlug: map[string]*channel{},
		packetChannels: map[int64][]int64{}}
	rows, err := db.Query(ctx, `SELECT id, slug, name, description, number, age, is_free, is_hidden, is_fixed, is_4k, is_hd,
		source_type, source_url, catchup_template, archived_days, logo_url, bg_url, color_bg, overlay_icon
		FROM channels WHERE provider_id = ? ORDER BY number, id`, providerID)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		c := &channel{ProviderID: providerID}
		if err := rows.Scan(&c.ID, &c.Slug, &c.Name, &c.Description, &c.Number, &c.Age, &c.IsFree, &c.IsHidden, &c.IsFixed,
			&c.Is4K, &c.IsHD, &c.SourceType, &c.SourceURL, &c.CatchupTemplate, &c.ArchivedDays, &c.LogoURL, &c.BgURL,
			&c.ColorBg, &c.OverlayIcon); err != nil {
			rows.Close()
			return nil, err
		}
		c.IsAdult = c.Age >= adultAge
		l.channels = append(l.channels, c)
		l.byID[c.ID] = c
		l.bySlug[c.Slug] = c
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}

	rows, err = db.Query(ctx, `SELECT id, slug, name, short, sort, tag_all_channels, tag_startup, tag_is_adult
		FROM categories WHERE provider_id = ? ORDER BY sort, id`, providerID)
	if err != nil {
		return nil, err
	}
	catByID := map[int64]*category{}
	for rows.Next() {
		k := &category{}
		if err := rows.Scan(&k.ID, &k.Slug, &k.Name, &k.Short, &k.Sort, &k.AllChannels, &k.Startup, &k.IsAdult); err != nil {
			rows.Close()
			return nil, err
		}
		l.categories = append(l.categories, k)
		catByID[k.ID] = k
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}

	// Channel order inside a category is the line-up order, so channels
	// are read joined and ordered by number.
	rows, err = db.Query(ctx, `SELECT cc.category_id, cc.channel_id FROM channel_categories cc
		JOIN channels c ON c.id = cc.channel_id
		WHERE cc.provider_id = ? ORDER BY c.number, c.id, cc.sort, cc.category_id`, providerID)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var cat, ch int64
		if err := rows.Scan(&cat, &ch); err != nil {
			rows.Close()
			return nil, err
		}
		c, k := l.byID[ch], catByID[cat]
		if c == nil || k == nil {
			continue
		}
		k.Channels = append(k.Channels, ch)
		c.Categories = append(c.Categories, cat)
		if k.IsAdult {
			c.IsAdult = true
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}

	rows, err = db.Query(ctx, `SELECT id, name, short, description, price, currency, period_days, is_base, is_free, is_hidden
		FROM packets WHERE provider_id = ? ORDER BY sort, id`, providerID)
	if err != nil {
		return nil, err
	}
	l.packets = map[int64]*packet{}
	for rows.Next() {
		p := &packet{}
		if err := rows.Scan(&p.ID, &p.Name, &p.Short, &p.Description, &p.Price, &p.Currency, &p.PeriodDays, &p.IsBase,
			&p.IsFree, &p.IsHidden); err != nil {
			rows.Close()
			return nil, err
		}
		l.packets[p.ID] = p
		l.packetOrder = append(l.packetOrder, p.ID)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}

	rows, err = db.Query(ctx, `SELECT pc.packet_id, pc.channel_id FROM packet_channels pc
		JOIN packets p ON p.id = pc.packet_id WHERE p.provider_id = ?`, providerID)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var pid, ch int64
		if err := rows.Scan(&pid, &ch); err != nil {
			rows.Close()
			return nil, err
		}
		c, p := l.byID[ch], l.packets[pid]
		if c == nil || p == nil {
			continue
		}
		c.Packets = append(c.Packets, pid)
		l.packetChannels[pid] = append(l.packetChannels[pid], ch)
		p.Channels++
		if p.IsFree {
			c.IsFree = true
		}
	}
	rows.Close()
	return l, rows.Err()
}

// activePackets are the packet ids of the user's subscriptions running at now.
func activePackets(ctx context.Context, db store.Querier, userID, now int64) (map[int64]bool, error) {
	return idSet(ctx, db, `SELECT packet_id FROM subscriptions WHERE user_id = ? AND start_at <= ? AND (end_at = 0 OR end_at > ?)
		AND paused_at = 0 AND closed_at = 0
		UNION SELECT i.included_id FROM subscriptions s JOIN packet_includes i ON i.packet_id = s.packet_id
		WHERE s.user_id = ? AND s.start_at <= ? AND (s.end_at = 0 OR s.end_at > ?) AND s.paused_at = 0 AND s.closed_at = 0`,
		userID, now, now, userID, now, now)
}

// favoriteIDs are the object ids of one kind the profile has favoured.
func favoriteIDs(ctx context.Context, db store.Querier, userID, profileID int64, kind string) (map[int64]bool, error) {
	return idSet(ctx, db, "SELECT object_id FROM favorites WHERE user_id = ? AND profile_id = ? AND kind = ?", userID, profileID, kind)
}

// idSet reads a one-column query of ids into a set.
func idSet(ctx context.Context, db store.Querier, query string, args ...any) (map[int64]bool, error) {
	rows, err := db.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}

const entryColumns = `s.id, s.channel_id, s.program_id, s.title, s.description, s.start_at, s.duration, s.real_start_at,
	s.real_duration, s.season, s.series, s.episode_title, s.age, s.motion_rating, s.categories, s.image_url,
	s.is_catchup_available, s.is_announcement, s.content_id`

func scanEntry(rows interface{ Scan(...any) error }) (*entry, error) {
	e := &entry{}
	var prog, content sql.NullInt64
	err := rows.Scan(&e.ID, &e.ChannelID, &prog, &e.Title, &e.Description, &e.Start, &e.Duration, &e.RealStart,
		&e.RealDuration, &e.Season, &e.Series, &e.EpisodeTitle, &e.Age, &e.MotionRating, &e.Categories, &e.Image,
		&e.CatchupAvailable, &e.IsAnnouncement, &content)
	if prog.Valid {
		e.ProgramID = &prog.Int64
	}
	if content.Valid {
		e.ContentID = &content.Int64
	}
	return e, err
}

func queryEntries(ctx context.Context, db store.Querier, q string, args ...any) ([]*entry, error) {
	rows, err := db.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*entry
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// currentEntries gives, per channel of the provider, the entry that started
// last at or before t (the caller checks it has not ended). One index seek
// per channel through schedule_channel_start.
func currentEntries(ctx context.Context, db store.Querier, providerID, t int64) (map[int64]*entry, error) {
	list, err := queryEntries(ctx, db, `SELECT `+entryColumns+` FROM channels c JOIN schedule s ON s.id =
		(SELECT s2.id FROM schedule s2 WHERE s2.channel_id = c.id AND s2.start_at <= ? ORDER BY s2.start_at DESC LIMIT 1)
		WHERE c.provider_id = ?`, t, providerID)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]*entry, len(list))
	for _, e := range list {
		if e.end() > t {
			out[e.ChannelID] = e
		}
	}
	return out, nil
}

// entryAt is the channel's entry playing at t, or nil.
func entryAt(ctx context.Context, db store.Querier, channelID, t int64) (*entry, error) {
	list, err := queryEntries(ctx, db, `SELECT `+entryColumns+` FROM schedule s WHERE s.channel_id = ? AND s.start_at <= ?
		ORDER BY s.start_at DESC LIMIT 1`, channelID, t)
	if err != nil || len(list) == 0 || list[0].end() <= t {
		return nil, err
	}
	return list[0], nil
}

// channelEntries are the channel's entries starting in [from, to), plus the
// one running at from, by start.
func channelEntries(ctx context.Context, db store.Querier, channelID, from, to int64) ([]*entry, error) {
	first, err := entryAt(ctx, db, channelID, from)
	if err != nil {
		return nil, err
	}
	list, err := queryEntries(ctx, db, `SELECT `+entryColumns+` FROM schedule s WHERE s.channel_id = ? AND s.start_at >= ? AND s.start_at < ?
		ORDER BY s.start_at`, channelID, from, to)
	if err != nil {
		return nil, err
	}
	if first != nil && first.Start < from {
		list = append([]*entry{first}, list...)
	}
	return list, nil
}

// inList renders ids for an IN (...) clause; they are integers, never text
// from outside.
func inList(ids []int64) string {
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(id, 10))
	}
	return b.String()
}

// lineupVersion is the setting bumped by everything that changes channels,
// categories or packets (import, seed, operator tools): caches in every copy
// of efir reload when it moves.
const lineupVersionSetting = "tv_lineup_version"

// BumpLineup tells every efir process that the line-up changed.
func BumpLineup(ctx context.Context, q store.Querier) error {
	var v string
	err := store.Get(ctx, q, "SELECT value FROM settings WHERE name = ?", []any{lineupVersionSetting}, &v)
	if errors.Is(err, store.ErrNotFound) {
		_, err = q.Exec(ctx, "INSERT INTO settings (name, value) VALUES (?, '1')", lineupVersionSetting)
		return err
	}
	if err != nil {
		return err
	}
	n, _ := strconv.ParseInt(v, 10, 64)
	_, err = q.Exec(ctx, "UPDATE settings SET value = ? WHERE name = ?", strconv.FormatInt(n+1, 10), lineupVersionSetting)
	return err
}

func readLineupVersion(ctx context.Context, q store.Querier) (string, error) {
	var v string
	err := store.Get(ctx, q, "SELECT value FROM settings WHERE name = ?", []any{lineupVersionSetting}, &v)
	if errors.Is(err, store.ErrNotFound) {
		return "0", nil
	}
	return v, err
}
