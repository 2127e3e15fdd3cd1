package epgimport

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"

	"efir/internal/store"
	"efir/internal/tv/xmltv"
)

// The longest programme the range clean-up looks back for: an old entry
// starting more than this before the imported range is left alone.
const maxProgramme = 7 * 24 * 3600

// maxOpenEnd: a programme without a stop ends where the next one of its
// channel starts, unless that is further away than this (a hole in the
// guide, not one programme).
const maxOpenEnd = 12 * 3600

// maxProgramCache bounds the title -> programme id cache; past it the cache
// starts over (a lookup query per batch is the fallback).
const maxProgramCache = 200_000

// scheduleRow is one schedule entry on its way to the database.
type scheduleRow struct {
	channelID    int64
	programKey   string
	programID    int64
	title, desc  string
	start        int64
	duration     int64
	season       int
	series       int
	episodeTitle string
	age          int
	rating       string
	categories   string // JSON array
	countries    string // JSON array
	year         int
	image        string
}

type xmltvImport struct {
	// The parser side (callbacks) fills batches; a writer goroutine writes
	// them, so parsing and the database work overlap. The writer alone
	// touches covered, programs and the report's write counters.
	work     chan []scheduleRow
	free     chan []scheduleRow
	failed   atomic.Bool
	ctx      context.Context
	db       *store.DB
	opt      Options
	rep      *Report
	channels map[string][]int64 // XMLTV id -> channel ids of the provider
	// a programme without a stop waits for the next one of its channel
	pending   map[string]*pendingRow
	batch     []scheduleRow // filled by the parser side
	writing   []scheduleRow // being written by the writer
	watermark int64         // schedule ids up to this one existed before the import
	covered   map[int64][2]int64
	programs  map[string]int64
	inGuide   map[int64]bool
}

type pendingRow struct {
	epg  string
	line int
	row  scheduleRow
}

// ImportXMLTV reads an XMLTV guide from r and replaces, channel by channel,
// the schedule inside the time range the guide covers. Problems with single
// entries are counted in the report; the error is for fatal ones (reading,
// database).
func ImportXMLTV(ctx context.Context, db *store.DB, r io.Reader, opt Options) (*Report, error) {
	if err := opt.defaults(ctx, db); err != nil {
		return nil, err
	}
	x := &xmltvImport{ctx: ctx, db: db, opt: opt, rep: newReport("xmltv", opt),
		pending: map[string]*pendingRow{}, covered: map[int64][2]int64{},
		programs: map[string]int64{}, inGuide: map[int64]bool{}}
	var err error
	if x.channels, err = x.loadChannels(); err != nil {
		return nil, err
	}
	if err := store.Get(ctx, db, "SELECT COALESCE(MAX(id), 0) FROM schedule", nil, &x.watermark); err != nil {
		return nil, err
	}
	x.work, x.free = make(chan []scheduleRow, 2), make(chan []scheduleRow, 4)
	written := make(chan error, 1)
	go func() { written <- x.writer() }()
	err = xmltv.Parse(r, xmltv.Options{Langs: opt.Langs, Zone: opt.Zone, Workers: opt.Workers}, xmltv.Handler{
		Channel:   x.channel,
		Programme: x.programme,
		Problem: func(p xmltv.Problem) {
			x.rep.skip(p.Line, p.Offset, p.Reason, p.Detail)
		},
	})
	if err == nil {
		for _, p := range x.pending {
			x.rep.skip(p.line, 0, "missing stop", p.epg+" "+p.row.title)
		}
		if len(x.batch) > 0 {
			x.work <- x.batch
		}
	}
	close(x.work)
	if werr := <-written; werr != nil {
		return x.rep, werr
	}
	if err != nil && err != errWriterFailed {
		return x.rep, err
	}
	x.rep.ChannelsInGuide = len(x.inGuide)
	if x.rep.Imported() {
		if err := BumpLineupVersion(ctx, db); err != nil {
			return x.rep, err
		}
	}
	return x.rep, nil
}

func (x *xmltvImport) loadChannels() (map[string][]int64, error) {
	rows, err := x.db.Query(x.ctx, "SELECT id, epg_id FROM channels WHERE provider_id = ? AND epg_id <> '' ORDER BY id", x.opt.ProviderID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	m := map[string][]int64{}
	for rows.Next() {
		var id int64
		var epg string
		if err := rows.Scan(&id, &epg); err != nil {
			return nil, err
		}
		m[epg] = append(m[epg], id)
	}
	return m, rows.Err()
}

// channel creates a missing channel when asked to; known ones are left as
// they are (the line-up belongs to the operator or the M3U import).
func (x *xmltvImport) channel(c *xmltv.Channel) error {
	if x.opt.OnChannel != nil {
		x.opt.OnChannel(c.ID, c.Name, c.Line)
	}
	if !x.opt.CreateChannels || len(x.channels[c.ID]) > 0 {
		return nil
	}
	name := c.Name
	if name == "" {
		name = c.ID
	}
	slug, err := freeSlug(x.ctx, x.db, x.opt.ProviderID, Slug(name))
	if err != nil {
		return err
	}
	var number int
	if err := store.Get(x.ctx, x.db, "SELECT COALESCE(MAX(number), 0) + 1 FROM channels WHERE provider_id = ?", []any{x.opt.ProviderID}, &number); err != nil {
		return err
	}
	// Hidden: the channel has a guide but no stream until the operator (or
	// an M3U import) gives it one.
	id, err := store.InsertID(x.ctx, x.db, `INSERT INTO channels (provider_id, slug, name, number, is_hidden,
		source_type, epg_id, logo_url, created_at) VALUES (?, ?, ?, ?, TRUE, 'hls', ?, ?, ?) RETURNING id`,
		x.opt.ProviderID, slug, name, number, c.ID, c.Icon, x.opt.Now().Unix())
	if err != nil {
		return err
	}
	x.channels[c.ID] = []int64{id}
	x.rep.ChannelsCreated++
	return nil
}

func (x *xmltvImport) programme(p *xmltv.Programme) error {
	ids := x.channels[p.Channel]
	if len(ids) == 0 {
		x.rep.skip(p.Line, p.Offset, "unknown channel", p.Channel)
		return nil
	}
	row := scheduleRow{
		programKey:   p.Channel + "|" + p.Title,
		title:        p.Title,
		desc:         p.Desc,
		start:        p.Start.Unix(),
		season:       p.Season,
		series:       p.Episode,
		episodeTitle: p.SubTitle,
		age:          p.Age,
		rating:       p.Rating,
		categories:   jsonList(p.Categories),
		countries:    jsonList(p.Countries),
		year:         p.Year,
		image:        p.Icon,
	}
	// a programme before this one that had no stop ends where this starts
	if prev := x.pending[p.Channel]; prev != nil {
		delete(x.pending, p.Channel)
		if gap := row.start - prev.row.start; gap > 0 && gap <= maxOpenEnd {
			prev.row.duration = row.start - prev.row.start
			if err := x.add(prev.epg, prev.row); err != nil {
				return err
			}
		} else {
			x.rep.skip(prev.line, 0, "missing stop", prev.epg+" "+prev.row.title)
		}
	}
	if p.Stop.IsZero() {
		x.pending[p.Channel] = &pendingRow{epg: p.Channel, line: p.Line, row: row}
		return nil
	}
	row.duration = p.Stop.Unix() - row.start
	return x.add(p.Channel, row)
}

var errWriterFailed = errors.New("writer failed")

func (x *xmltvImport) add(epg string, row scheduleRow) error {
	if x.failed.Load() {
		return errWriterFailed // the writer's own error is the one reported
	}
	for _, id := range x.channels[epg] {
		row.channelID = id
		x.batch = append(x.batch, row)
		x.inGuide[id] = true
	}
	if len(x.batch) >= x.opt.BatchSize {
		x.work <- x.batch
		select {
		case x.batch = <-x.free:
		default:
			x.batch = make([]scheduleRow, 0, x.opt.BatchSize+4)
		}
	}
	return nil
}

// writer writes the batches in arrival order; after an error it drains the
// queue so the parser side never blocks.
func (x *xmltvImport) writer() error {
	var err error
	for b := range x.work {
		if err == nil {
			x.writing = b
			if err = x.flush(); err != nil {
				x.failed.Store(true)
			}
		}
		select {
		case x.free <- b[:0]:
		default:
		}
	}
	return err
}

func jsonList(items []string) string {
	if len(items) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(items)
	return string(b)
}

// flush writes the batch in one transaction: programmes first (so entries
// can link them), then the clean-up of the covered range, then the entries.
func (x *xmltvImport) flush() error {
	if len(x.writing) == 0 {
		return nil
	}
	err := x.db.Tx(x.ctx, func(tx *store.Tx) error {
		if err := x.resolvePrograms(tx); err != nil {
			return fmt.Errorf("programmes: %w", err)
		}
		if err := x.clearRanges(tx); err != nil {
			return fmt.Errorf("schedule clean-up: %w", err)
		}
		if err := x.insertSchedule(tx); err != nil {
			return fmt.Errorf("schedule: %w", err)
		}
		return nil
	})
	return err
}

// placeholders gives "(?, ?, ?), (?, ?, ?)" for rows x cols.
func placeholders(rows, cols int) string {
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")"
	return strings.TrimSuffix(strings.Repeat(one+", ", rows), ", ")
}

// resolvePrograms finds or creates the programme of every distinct title in
// the batch (keyed by XMLTV channel + title) and fills programID.
func (x *xmltvImport) resolvePrograms(tx *store.Tx) error {
	if len(x.programs) > maxProgramCache {
		clear(x.programs)
	}
	first := map[string]int{} // key -> first row with it
	var missing []string
	for i := range x.writing {
		k := x.writing[i].programKey
		if _, ok := x.programs[k]; ok {
			continue
		}
		if _, ok := first[k]; !ok {
			first[k] = i
			missing = append(missing, k)
		}
	}
	const chunk = 400
	var create []string
	for start := 0; start < len(missing); start += chunk {
		keys := missing[start:min(start+chunk, len(missing))]
		args := []any{x.opt.ProviderID}
		for _, k := range keys {
			args = append(args, k)
		}
		rows, err := tx.Query(x.ctx, "SELECT id, epg_key FROM programs WHERE provider_id = ? AND epg_key IN ("+
			strings.TrimSuffix(strings.Repeat("?, ", len(keys)), ", ")+") ORDER BY id DESC", args...)
		if err != nil {
			return err
		}
		found := map[string]int64{}
		for rows.Next() {
			var id int64
			var k string
			if err := rows.Scan(&id, &k); err != nil {
				rows.Close()
				return err
			}
			found[k] = id // descending: the oldest row wins
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, k := range keys {
			id, ok := found[k]
			if !ok {
				create = append(create, k)
				continue
			}
			x.programs[k] = id
			// refresh what the guide says now, once per import
			r := &x.writing[first[k]]
			if _, err := tx.Exec(x.ctx, `UPDATE programs SET
				description = CASE WHEN description = '' THEN ? ELSE description END,
				genres = ?, countries = ?, year = ?, age = ?,
				image_url = CASE WHEN ? = '' THEN image_url ELSE ? END WHERE id = ?`,
				r.desc, r.categories, r.countries, r.year, r.age, r.image, r.image, id); err != nil {
				return err
			}
		}
	}
	const cols = 9
	for start := 0; start < len(create); start += chunk {
		keys := create[start:min(start+chunk, len(create))]
		args := make([]any, 0, len(keys)*cols)
		for _, k := range keys {
			r := &x.writing[first[k]]
			args = append(args, x.opt.ProviderID, r.title, r.desc, r.categories, r.countries, r.year, r.age, r.image, k)
		}
		rows, err := tx.Query(x.ctx, `INSERT INTO programs (provider_id, title, description, genres, countries,
			year, age, image_url, epg_key) VALUES `+placeholders(len(keys), cols)+` RETURNING id, epg_key`, args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			var k string
			if err := rows.Scan(&id, &k); err != nil {
				rows.Close()
				return err
			}
			x.programs[k] = id
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		x.rep.ProgramsCreated += len(keys)
	}
	for i := range x.writing {
		x.writing[i].programID = x.programs[x.writing[i].programKey]
	}
	return nil
}

// clearRanges deletes, for every channel of the batch, the entries from
// before the import that overlap the range the import now covers. The
// covered range only grows, so after the last batch every old entry inside
// [first start, last stop] of the channel is gone.
func (x *xmltvImport) clearRanges(tx *store.Tx) error {
	type span struct{ lo, hi int64 }
	spans := map[int64]span{}
	for _, r := range x.writing {
		s, ok := spans[r.channelID]
		if !ok {
			s = span{r.start, r.start + r.duration}
		}
		s.lo, s.hi = min(s.lo, r.start), max(s.hi, r.start+r.duration)
		spans[r.channelID] = s
	}
	for ch, s := range spans {
		cov, ok := x.covered[ch]
		if ok && s.lo >= cov[0] && s.hi <= cov[1] {
			continue
		}
		if ok {
			s.lo, s.hi = min(s.lo, cov[0]), max(s.hi, cov[1])
		}
		x.covered[ch] = [2]int64{s.lo, s.hi}
		if _, err := tx.Exec(x.ctx, `DELETE FROM schedule WHERE channel_id = ? AND id <= ?
			AND start_at < ? AND start_at > ? AND start_at + duration > ?`,
			ch, x.watermark, s.hi, s.lo-maxProgramme, s.lo); err != nil {
			return err
		}
	}
	return nil
}

const scheduleCols = 16

// insertSchedule writes the batch with multi-row INSERTs; an entry at the
// same channel and start as one written earlier in this import replaces it.
func (x *xmltvImport) insertSchedule(tx *store.Tx) error {
	type key struct{ ch, start int64 }
	last := make(map[key]int, len(x.writing))
	for i, r := range x.writing {
		last[key{r.channelID, r.start}] = i
	}
	args := make([]any, 0, len(last)*scheduleCols)
	n := 0
	for i := range x.writing {
		r := &x.writing[i]
		if last[key{r.channelID, r.start}] != i {
			continue // a later duplicate in the batch wins (PostgreSQL refuses both in one INSERT)
		}
		var program any
		if r.programID != 0 {
			program = r.programID
		}
		args = append(args, r.channelID, program, r.title, r.desc, r.start, r.duration, r.start, r.duration,
			r.season, r.series, r.episodeTitle, r.age, r.rating, r.categories, r.image, true)
		n++
	}
	_, err := tx.Exec(x.ctx, `INSERT INTO schedule (channel_id, program_id, title, description, start_at, duration,
		real_start_at, real_duration, season, series, episode_title, age, motion_rating, categories, image_url,
		is_catchup_available) VALUES `+placeholders(n, scheduleCols)+`
		ON CONFLICT (channel_id, start_at) DO UPDATE SET program_id = excluded.program_id, title = excluded.title,
		description = excluded.description, duration = excluded.duration, real_start_at = excluded.real_start_at,
		real_duration = excluded.real_duration, season = excluded.season, series = excluded.series,
		episode_title = excluded.episode_title, age = excluded.age, motion_rating = excluded.motion_rating,
		categories = excluded.categories, image_url = excluded.image_url`, args...)
	if err != nil {
		return err
	}
	x.rep.Programmes += n
	return nil
}
