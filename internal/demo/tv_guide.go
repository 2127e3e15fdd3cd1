package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"log/slog"
	"math/rand/v2"
	"strings"
	"time"

	"efir/internal/store"
	"efir/internal/tv"
)

// The demo guide: from guideBack days before now to guideAhead days after,
// generated per (channel, broadcast day) from a seed of the two, so the same
// slot has the same programme on every machine and at every run. A
// broadcast day starts at 05:00 Moscow time.
const (
	guideBack     = 7
	guideAhead    = 3
	dayStartHour  = 5
	guideEpochDay = "2024-01-01"
	insertBatch   = 100
)

var guideZone = func() *time.Location {
	if loc, err := time.LoadLocation("Europe/Moscow"); err == nil {
		return loc
	}
	return time.FixedZone("MSK", 3*3600)
}()

type guideChannel struct {
	id, providerID int64
	slug, genre    string
}

type guideEntry struct {
	start           int64
	duration        int
	show            *show
	season, episode int
}

// EnsureGuide fills the demo channels' guide around now. It only adds what
// is missing, so it is cheap to run every hour.
func EnsureGuide(ctx context.Context, db *store.DB, now time.Time) error {
	channels, err := demoGuideChannels(ctx, db)
	if err != nil {
		return err
	}
	programs := map[int64]map[string]int64{}
	for _, c := range channels {
		if programs[c.providerID] == nil {
			if programs[c.providerID], err = ensurePrograms(ctx, db, c.providerID); err != nil {
				return err
			}
		}
		if err := ensureChannelGuide(ctx, db, c, programs[c.providerID], now); err != nil {
			return fmt.Errorf("guide of %s: %w", c.slug, err)
		}
	}
	return nil
}

// KeepGuide extends the demo guide and drops entries older than every
// archive, every interval until ctx ends.
func KeepGuide(ctx context.Context, db *store.DB, every time.Duration, demo bool) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		now := time.Now()
		if demo {
			if err := EnsureGuide(ctx, db, now); err != nil && ctx.Err() == nil {
				slog.Error("demo guide", "err", err)
			}
			// new entries of the catalogue's programmes get their content
			if err := EnsureCatalog(ctx, db); err != nil && ctx.Err() == nil {
				slog.Error("demo catalogue", "err", err)
			}
		}
		if _, err := tv.PruneSchedule(ctx, db, now); err != nil && ctx.Err() == nil {
			slog.Error("prune schedule", "err", err)
		}
	}
}

func demoGuideChannels(ctx context.Context, db *store.DB) ([]guideChannel, error) {
	rows, err := db.Query(ctx, "SELECT id, provider_id, slug, epg_id FROM channels WHERE epg_id LIKE 'demo.%' ORDER BY id")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []guideChannel
	for rows.Next() {
		var c guideChannel
		var epg string
		if err := rows.Scan(&c.id, &c.providerID, &c.slug, &epg); err != nil {
			return nil, err
		}
		if g, ok := genreOf(epg); ok && pools[g] != nil {
			c.genre = g
			out = append(out, c)
		}
	}
	return out, rows.Err()
}

func programKey(title string) string { return "demo:" + title }

// ensurePrograms makes one programme row per show of every pool and gives
// their ids by key.
func ensurePrograms(ctx context.Context, db *store.DB, providerID int64) (map[string]int64, error) {
	ids := map[string]int64{}
	rows, err := db.Query(ctx, "SELECT id, epg_key FROM programs WHERE provider_id = ? AND epg_key LIKE 'demo:%'", providerID)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id int64
		var key string
		if err := rows.Scan(&id, &key); err != nil {
			rows.Close()
			return nil, err
		}
		ids[key] = id
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	all := []*show{&blackoutShow}
	for _, g := range sortedGenres() {
		for i := range pools[g] {
			all = append(all, &pools[g][i])
		}
	}
	for _, sh := range all {
		key := programKey(sh.title)
		if _, ok := ids[key]; ok {
			continue
		}
		genres, _ := json.Marshal(sh.categories)
		id, err := store.InsertID(ctx, db, `INSERT INTO programs (provider_id, title, description, genres, countries, year, age, epg_key)
			VALUES (?, ?, ?, ?, '["Россия"]', 2024, ?, ?) RETURNING id`, providerID, sh.title, sh.description, string(genres), sh.age, key)
		if err != nil {
			return nil, err
		}
		ids[key] = id
	}
	return ids, nil
}

func sortedGenres() []string {
	return []string{"adult", "docs", "films", "fun", "general", "kids", "lifestyle", "music", "news", "series", "sport", "weather"}
}

func ensureChannelGuide(ctx context.Context, db *store.DB, c guideChannel, programs map[string]int64, now time.Time) error {
	var lo, hi *int64
	if err := store.Get(ctx, db, "SELECT MIN(start_at), MAX(start_at) FROM schedule WHERE channel_id = ?", []any{c.id}, &lo, &hi); err != nil {
		return err
	}
	first := broadcastDay(now) - guideBack
	var missing []guideEntry
	for d := first; d <= first+guideBack+guideAhead; d++ {
		for _, e := range dayEntries(c, d) {
			// The stored guide is contiguous, so what lies inside its
			// span is there already.
			if lo != nil && hi != nil && e.start >= *lo && e.start <= *hi {
				continue
			}
			missing = append(missing, e)
		}
	}
	for len(missing) > 0 {
		n := min(len(missing), insertBatch)
		if err := insertEntries(ctx, db, c.id, programs, missing[:n]); err != nil {
			return err
		}
		missing = missing[n:]
	}
	return nil
}

func insertEntries(ctx context.Context, db *store.DB, channelID int64, programs map[string]int64, list []guideEntry) error {
	var b strings.Builder
	b.WriteString(`INSERT INTO schedule (channel_id, program_id, title, description, start_at, duration, real_start_at, real_duration,
		season, series, episode_title, age, motion_rating, categories, is_catchup_available) VALUES `)
	args := make([]any, 0, len(list)*15)
	for i, e := range list {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
		cats, _ := json.Marshal(e.show.categories)
		episodeTitle := ""
		if e.episode > 0 {
			episodeTitle = fmt.Sprintf("Серия %d", e.episode)
		}
		args = append(args, channelID, programs[programKey(e.show.title)], e.show.title, e.show.description, e.start, e.duration,
			e.start, e.duration, e.season, e.episode, episodeTitle, e.show.age, motionRating(e.show), string(cats), !e.show.noCatchup)
	}
	b.WriteString(" ON CONFLICT (channel_id, start_at) DO NOTHING")
	_, err := db.Exec(ctx, b.String(), args...)
	return err
}

func motionRating(sh *show) string {
	switch c := sh.categories[0]; c {
	case "Драма", "Боевик", "Мелодрама", "Комедия", "Детектив", "Фантастика", "Триллер", "Эротика":
		switch {
		case sh.age >= 18:
			return "NC-17"
		case sh.age >= 16:
			return "R"
		case sh.age >= 12:
			return "PG-13"
		case sh.age >= 6:
			return "PG"
		}
		return "G"
	}
	return ""
}

var guideEpoch = func() time.Time {
	t, _ := time.ParseInLocation(time.DateOnly, guideEpochDay, guideZone)
	return t.Add(dayStartHour * time.Hour)
}()

// broadcastDay numbers the broadcast day containing t since guideEpoch.
func broadcastDay(t time.Time) int {
	local := t.In(guideZone).Add(-dayStartHour * time.Hour)
	y, m, d := local.Date()
	day := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	e := time.Date(guideEpoch.Year(), guideEpoch.Month(), guideEpoch.Day(), 0, 0, 0, 0, time.UTC)
	return int(day.Sub(e).Hours() / 24)
}

func dayStart(day int) time.Time {
	y, m, d := guideEpoch.Date()
	return time.Date(y, m, d+day, dayStartHour, 0, 0, 0, guideZone)
}

// dayEntries are the programmes of channel c on broadcast day d.
func dayEntries(c guideChannel, d int) []guideEntry {
	h := fnv.New64a()
	h.Write([]byte(c.slug))
	rng := rand.New(rand.NewPCG(h.Sum64(), uint64(d)))
	pool := pools[c.genre]
	from, to := dayStart(d), dayStart(d+1)
	var out []guideEntry
	counts := map[string]int{}
	fill := func(a, b int64) {
		t := a
		for t < b {
			sh := &pool[rng.IntN(len(pool))]
			dur := int64(sh.minutes[rng.IntN(len(sh.minutes))]) * 60
			dur = min(dur, b-t)
			e := guideEntry{start: t, duration: int(dur), show: sh}
			if sh.series {
				counts[sh.title]++
				e.season = 1 + (d/60)%5
				e.episode = 1 + (d*2+counts[sh.title])%40
			}
			out = append(out, e)
			t += dur
		}
	}
	if c.slug == "sport-arena" {
		match := time.Date(from.Year(), from.Month(), from.Day(), 19, 0, 0, 0, guideZone).Unix()
		fill(from.Unix(), match)
		out = append(out, guideEntry{start: match, duration: 7200, show: &blackoutShow})
		fill(match+7200, to.Unix())
		return out
	}
	fill(from.Unix(), to.Unix())
	return out
}
