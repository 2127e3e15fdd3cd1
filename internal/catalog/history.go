package catalog

import (
	"context"
	"net/http"

	"efir/internal/artwork"
	"efir/internal/httpx"
)

const (
	// A position this close to the end counts as watched to the end:
	// the last 30 s (credits) or the last 2 %.
	finishSeconds = 30
	finishShare   = 50 // 1/50 = 2 %
	// historyScan bounds the records read for one history list.
	historyScan = 2000
)

// HistoryJSON is one item of the viewer's watch history (schema
// CatalogHistory): a movie, or a series with its latest episode.
type HistoryJSON struct {
	Content         ContentJSON  `json:"content"`
	ContentEpisode  *ContentJSON `json:"content_episode"`
	Screenshot      string       `json:"screenshot"`
	WatchPercentage int          `json:"watch_percentage"`
	Seconds         int          `json:"seconds"`
	UpdatedAt       int64        `json:"updated_at"`
}

type historyBody struct {
	Seconds  *int `json:"seconds"`
	Duration int  `json:"duration"`
}

// historyRecordJSON is the answer of PUT: what was stored.
type historyRecordJSON struct {
	ContentID       int64 `json:"content_id"`
	SeriesID        int64 `json:"series_id"`
	Seconds         int   `json:"seconds"`
	Duration        int   `json:"duration"`
	WatchPercentage int   `json:"watch_percentage"`
	UpdatedAt       int64 `json:"updated_at"`
}

// historyOwner: anybody with a session (guests are users and resume too).
func historyOwner(v *viewer) error {
	if !v.hasUser() {
		return httpx.Unauthorized()
	}
	return nil
}

// watchPercentage: 100 within the last 30 s or 2 %, else the share
// watched, rounded down.
func watchPercentage(seconds, duration int) int {
	if duration <= 0 {
		return 0
	}
	left := duration - seconds
	if left <= finishSeconds || left*finishShare <= duration {
		return 100
	}
	return min(100, max(0, seconds*100/duration))
}

// PUT /v2/users/self/history/{content_id} {seconds, duration}: the player
// saves the position (after 10 s watched, then now and then). duration,
// when the player knows it, wins over the catalogue's.
func (s *Service) handlePutHistory(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	if err := historyOwner(v); err != nil {
		return err
	}
	c, err := s.findLive(r, v, "content_id")
	if err != nil {
		return err
	}
	switch c.Type {
	case typeMovie, typeEpisode, typeProgram:
	default:
		return httpx.Invalid("content_id", "catalog_error_history_type")
	}
	var body historyBody
	if err := httpx.Decode(r, &body); err != nil {
		return err
	}
	if body.Seconds == nil {
		return httpx.Invalid("seconds", "error_required")
	}
	if *body.Seconds < 0 || *body.Seconds > 7*24*3600 {
		return httpx.Invalid("seconds", "error_wrong_number")
	}
	if body.Duration < 0 {
		return httpx.Invalid("duration", "error_wrong_number")
	}
	rec := historyRecordJSON{ContentID: c.ID, SeriesID: c.RootID, Seconds: *body.Seconds, Duration: body.Duration,
		UpdatedAt: s.now().Unix()}
	if rec.Duration == 0 {
		rec.Duration = c.Duration
	}
	if rec.Duration > 0 {
		rec.Seconds = min(rec.Seconds, rec.Duration)
	}
	rec.WatchPercentage = watchPercentage(rec.Seconds, rec.Duration)
	_, err = s.db.Exec(r.Context(), `INSERT INTO watch_history (user_id, profile_id, content_id, series_id, seconds, duration,
		watch_percentage, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id, profile_id, content_id) DO UPDATE SET series_id = excluded.series_id, seconds = excluded.seconds,
		duration = excluded.duration, watch_percentage = excluded.watch_percentage, updated_at = excluded.updated_at`,
		v.userID, v.profileID, rec.ContentID, rec.SeriesID, rec.Seconds, rec.Duration, rec.WatchPercentage, rec.UpdatedAt)
	if err != nil {
		return err
	}
	httpx.OK(w, rec)
	return nil
}

// DELETE /v2/users/self/history/{content_id}: forgets the content; for a
// series (or a season), every episode of it.
func (s *Service) handleDeleteHistory(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	if err := historyOwner(v); err != nil {
		return err
	}
	id, ok := parseRef(r.PathValue("content_id"))
	if !ok {
		return httpx.NotFound()
	}
	ctx := r.Context()
	q := "DELETE FROM watch_history WHERE user_id = ? AND profile_id = ? AND (content_id = ? OR series_id = ?)"
	args := []any{v.userID, v.profileID, id, id}
	if c, err := contentByID(ctx, s.db, v.providerID, id); err == nil && c.Type == typeSeason {
		q = "DELETE FROM watch_history WHERE user_id = ? AND profile_id = ? AND (content_id = ? OR content_id IN (SELECT id FROM contents WHERE parent_id = ?))"
	}
	if _, err := s.db.Exec(ctx, q, args...); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

// GET /v2/users/self/history?limit=&offset=: newest first, one item per
// series (its latest episode), what the viewer may see.
func (s *Service) handleHistory(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	if err := historyOwner(v); err != nil {
		return err
	}
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	out, err := s.historyItems(r.Context(), v, limit, offset, false)
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

type historyRec struct {
	content, series   int64
	seconds, pct      int
	updated, duration int64
}

// historyItems is the viewer's history, newest first, one item per series
// (its latest episode); unfinished keeps only what is left to watch (the
// continue-watching rows). Rows call it for source "history".
func (s *Service) historyItems(ctx context.Context, v *viewer, limit, offset int, unfinished bool) ([]HistoryJSON, error) {
	out := []HistoryJSON{}
	if !v.hasUser() {
		return out, nil
	}
	var recs []historyRec
	seen := map[int64]bool{}
	err := each(ctx, s.db, `SELECT content_id, series_id, seconds, watch_percentage, updated_at, duration FROM watch_history
		WHERE user_id = ? AND profile_id = ? ORDER BY updated_at DESC, content_id DESC LIMIT ?`,
		[]any{v.userID, v.profileID, historyScan}, func(sc scanner) error {
			var h historyRec
			if err := sc.Scan(&h.content, &h.series, &h.seconds, &h.pct, &h.updated, &h.duration); err != nil {
				return err
			}
			if !seen[h.series] {
				seen[h.series] = true
				recs = append(recs, h)
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, 2*len(recs))
	for _, h := range recs {
		ids = append(ids, h.content, h.series)
	}
	byID, err := contentsByID(ctx, s.db, v.providerID, ids)
	if err != nil {
		return nil, err
	}
	var keep []historyRec
	var list []*content
	for _, h := range recs {
		c, top := byID[h.content], byID[h.series]
		if c == nil || top == nil || !v.sees(c) || !v.sees(top) || (unfinished && h.pct >= 100) {
			continue
		}
		keep = append(keep, h)
	}
	keep = cutPage(keep, offset, limit, true)
	for _, h := range keep {
		list = append(list, byID[h.series])
		if h.content != h.series {
			list = append(list, byID[h.content])
		}
	}
	cards, err := s.renderContents(ctx, v, list)
	if err != nil {
		return nil, err
	}
	cardOf := make(map[int64]ContentJSON, len(cards))
	for _, c := range cards {
		cardOf[c.ID] = c
	}
	for _, h := range keep {
		item := HistoryJSON{Content: cardOf[h.series], WatchPercentage: h.pct, Seconds: h.seconds, UpdatedAt: h.updated}
		shot := byID[h.content]
		if h.content != h.series {
			ep := cardOf[h.content]
			item.ContentEpisode = &ep
		}
		item.Screenshot = pick(shot.CoverURL, artwork.URL(artwork.Cover, shot.ID))
		out = append(out, item)
	}
	return out, nil
}
