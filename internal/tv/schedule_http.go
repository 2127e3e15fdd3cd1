package tv

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"efir/internal/httpx"
	"efir/internal/store"
)

const (
	day = int64(24 * 3600)
	// scheduleAhead and scheduleBack are the spec's default window (259200 s).
	scheduleAhead = 3 * day
	scheduleBack  = 3 * day
	maxScheduleN  = 5000
	maxGuideSpan  = 26 * 3600
)

// earliest is how far back a channel's schedule may be read: the default
// 72 h, or the channel's archive when that is longer.
func earliest(c *channel, now int64) int64 {
	return now - max(scheduleBack, int64(c.archiveDays())*day)
}

func (s *Service) entryView(e *entry) entryJSON {
	j := entryJSON{ID: e.ID, Timestamp: e.Start, RealTimestamp: e.RealStart, Duration: e.Duration, RealDuration: e.RealDuration,
		ChannelID: e.ChannelID, Program: e.ProgramID, ContentID: e.ContentID, IsCatchupAvailable: e.CatchupAvailable,
		IsContents: e.ContentID != nil, IsAnnouncement: e.IsAnnouncement,
		Date:  time.Unix(e.Start, 0).In(s.cfg.Location).Format(time.DateOnly),
		Title: e.Title, Description: e.Description, Age: e.Age, MotionRating: motionJSON{Text: e.MotionRating},
		Image: e.Image, Categories: jsonList(e.Categories)}
	if e.Season > 0 || e.Series > 0 || e.EpisodeTitle != "" {
		j.Episode = &episodeJSON{Season: e.Season, Series: e.Series, Title: e.EpisodeTitle}
	}
	return j
}

// queryInt reads an optional integer parameter.
func queryInt(r *http.Request, name string) (int64, bool, error) {
	raw := r.URL.Query().Get(name)
	if raw == "" {
		return 0, false, nil
	}
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || n < 0 {
		return 0, false, httpx.Invalid(name, "error_wrong_number")
	}
	return n, true, nil
}

// window reads limit (default all up to maxScheduleN) and offset.
func window(r *http.Request, def int) (limit, offset int, err error) {
	l, ok, err := queryInt(r, "limit")
	if err != nil {
		return 0, 0, err
	}
	limit = def
	if ok {
		if l < 1 {
			return 0, 0, httpx.Invalid("limit", "error_wrong_number")
		}
		limit = int(min(l, int64(def)))
	}
	o, _, err := queryInt(r, "offset")
	if err != nil || o > maxScheduleN*10 {
		return 0, 0, httpx.Invalid("offset", "error_wrong_number")
	}
	return limit, int(o), nil
}

// scheduleWindow applies the spec's window rules to start, end and date.
func (s *Service) scheduleWindow(r *http.Request, c *channel, now int64) (from, to int64, err error) {
	from, to = earliest(c, now), now+scheduleAhead
	if d := r.URL.Query().Get("date"); d != "" {
		t, perr := time.ParseInLocation(time.DateOnly, d, s.cfg.Location)
		if perr != nil {
			return 0, 0, httpx.Invalid("date", "error_wrong_date")
		}
		from, to = t.Unix(), t.AddDate(0, 0, 1).Unix()
	}
	if v, ok, err := queryInt(r, "start"); err != nil {
		return 0, 0, err
	} else if ok {
		from = v
	}
	if v, ok, err := queryInt(r, "end"); err != nil {
		return 0, 0, err
	} else if ok {
		to = v
	}
	// Never further back than the archive, nor further ahead than the
	// guide's 72 h: an end past it is cut there.
	from, to = max(from, earliest(c, now)), min(to, now+scheduleAhead)
	return from, to, nil
}

func (s *Service) handleContentSchedule(w http.ResponseWriter, r *http.Request) error {
	v, _, c, err := s.viewerChannel(r, false)
	if err != nil {
		return err
	}
	now := s.now().Unix()
	from, to, err := s.scheduleWindow(r, c, now)
	if err != nil {
		return err
	}
	limit, offset, err := window(r, maxScheduleN)
	if err != nil {
		return err
	}
	list := []*entry{}
	if to > from {
		if list, err = s.window(r.Context(), c, from, to, now); err != nil {
			return err
		}
	}
	s.writeEntries(w, v, list, offset, limit)
	return nil
}

// handleSchedule: the programme on air and the next ones.
func (s *Service) handleSchedule(w http.ResponseWriter, r *http.Request) error {
	v, _, c, err := s.viewerChannel(r, false)
	if err != nil {
		return err
	}
	limit, _, err := window(r, 50)
	if err != nil {
		return err
	}
	if r.URL.Query().Get("limit") == "" {
		limit = 5
	}
	now := s.now().Unix()
	list, err := s.window(r.Context(), c, now, now+2*day, now)
	if err != nil {
		return err
	}
	s.writeEntries(w, v, list, 0, limit)
	return nil
}

type programJSON struct {
	ID          int64    `json:"id"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Genres      []string `json:"genres"`
	// GenreRows are the genres the operator has too, each with the row
	// that lists it: a guide genre links there, never to a guess.
	GenreRows []genreRow `json:"genre_rows"`
	Countries []string   `json:"countries"`
	Year      int        `json:"year"`
	Age       int        `json:"age"`
	Image     string     `json:"image"`
	ContentID *int64     `json:"content_id"`
}

func (s *Service) findProgram(r *http.Request, v *viewer) (*programJSON, error) {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return nil, err
	}
	p := &programJSON{ID: id}
	var genres, countries string
	var content *int64
	err = store.Get(r.Context(), s.db, `SELECT title, description, genres, countries, year, age, image_url, content_id
		FROM programs WHERE id = ? AND provider_id = ?`, []any{id, v.providerID},
		&p.Title, &p.Description, &genres, &countries, &p.Year, &p.Age, &p.Image, &content)
	if err != nil {
		return nil, err
	}
	if v.child && p.Age > childMaxAge {
		return nil, httpx.NotFound()
	}
	p.Genres, p.Countries, p.ContentID = jsonList(genres), jsonList(countries), content
	if p.GenreRows, err = genreRows(r.Context(), s.db, v.providerID, p.Genres); err != nil {
		return nil, err
	}
	return p, nil
}

func (s *Service) handleProgram(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r, false)
	if err != nil {
		return err
	}
	p, err := s.findProgram(r, v)
	if err != nil {
		return err
	}
	httpx.OK(w, p)
	return nil
}

// handleProgramSchedule: the programme's airings on the channels the viewer
// sees, each inside its channel's window.
func (s *Service) handleProgramSchedule(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r, false)
	if err != nil {
		return err
	}
	p, err := s.findProgram(r, v)
	if err != nil {
		return err
	}
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	l, err := s.cache.lineup(r.Context(), v.providerID)
	if err != nil {
		return err
	}
	now := s.now().Unix()
	back := scheduleBack
	for _, c := range l.channels {
		back = max(back, int64(c.archiveDays())*day)
	}
	list, err := queryEntries(r.Context(), s.db, `SELECT `+entryColumns+` FROM schedule s WHERE s.program_id = ?
		AND s.start_at >= ? AND s.start_at < ? ORDER BY s.start_at, s.channel_id`, p.ID, now-back, now+scheduleAhead)
	if err != nil {
		return err
	}
	kept := list[:0]
	for _, e := range list {
		if c := l.byID[e.ChannelID]; c != nil && v.sees(c) && e.Start >= earliest(c, now) {
			kept = append(kept, e)
		}
	}
	s.writeEntries(w, v, kept, offset, limit)
	return nil
}

// handleGuide answers the whole grid of /guide. The grid of a window is
// the same for every viewer of an operator but for the channels they see
// (and the ages on child profiles), so it is read in two queries and, for
// the windows the client asks, kept for guideTTL seconds (guide_cache.go).
func (s *Service) handleGuide(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r, false)
	if err != nil {
		return err
	}
	now := s.now().Unix()
	start := guideStart(now)
	end := start + 24*3600
	if n, ok, err := queryInt(r, "start"); err != nil {
		return err
	} else if ok {
		start = n
		end = start + 24*3600
	}
	if n, ok, err := queryInt(r, "end"); err != nil {
		return err
	} else if ok {
		end = n
	}
	if end <= start || end-start > maxGuideSpan {
		return httpx.Invalid("end", "error_guide_window")
	}
	l, err := s.cache.lineup(r.Context(), v.providerID)
	if err != nil {
		return err
	}
	grid, err := s.guideGrid(r.Context(), v.providerID, start, end, now)
	if err != nil {
		return err
	}
	size := 2
	for _, row := range grid {
		size += len(row.raw) + 40
	}
	buf := make([]byte, 0, size)
	buf = append(buf, '[')
	n := 0
	for _, c := range l.channels {
		if !v.sees(c) {
			continue
		}
		if n > 0 {
			buf = append(buf, ',')
		}
		n++
		buf = append(buf, `{"channel_id":`...)
		buf = strconv.AppendInt(buf, c.ID, 10)
		buf = append(buf, `,"schedule":`...)
		row := grid[c.ID]
		switch {
		case row == nil:
			buf = append(buf, "[]"...)
		case v.child:
			kept := []guideItem{}
			for _, g := range row.items {
				if g.Age <= childMaxAge {
					kept = append(kept, g)
				}
			}
			raw, _ := json.Marshal(kept)
			buf = append(buf, raw...)
		default:
			buf = append(buf, row.raw...)
		}
		buf = append(buf, '}')
	}
	buf = append(buf, ']', '\n')
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf)
	return nil
}
