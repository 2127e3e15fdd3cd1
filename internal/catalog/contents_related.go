package catalog

import (
	"context"
	"net/http"

	"efir/internal/httpx"
)

// similarCount is the spec's similar list size.
const similarCount = 12

// SourceJSON is a catch-up source of a content: a schedule entry of a
// channel that showed it and still keeps it in its archive (schema
// CatalogSource).
type SourceJSON struct {
	ID                 int64  `json:"id"`
	ChannelID          int64  `json:"channel_id"`
	StartAt            int64  `json:"start_at"`
	Duration           int    `json:"duration"`
	Title              string `json:"title"`
	ChannelName        string `json:"channel_name"`
	IsCatchupAvailable bool   `json:"is_catchup_available"`
}

// sourcesOf are the catch-up sources of c, newest first: entries whose
// content is c, or whose programme is c's (by contents.program_id or by
// programs.content_id), that started and are inside their channel's
// archive, on channels v may open.
func (s *Service) sourcesOf(ctx context.Context, v *viewer, c *content, limit, offset int) ([]SourceJSON, error) {
	now := s.now().Unix()
	// The programmes first, so the entries are two index look-ups (by
	// content, by programme) rather than a walk through every channel's
	// archive.
	var programs []int64
	if c.ProgramID != 0 {
		programs = append(programs, c.ProgramID)
	}
	err := each(ctx, s.db, "SELECT id FROM programs WHERE content_id = ? AND provider_id = ?", []any{c.ID, v.providerID},
		func(sc scanner) error {
			var id int64
			err := sc.Scan(&id)
			programs = append(programs, id)
			return err
		})
	if err != nil {
		return nil, err
	}
	match := "s.content_id = ?"
	if len(programs) > 0 {
		match = "(s.content_id = ? OR s.program_id IN (" + inList(uniqueIDs(programs)) + "))"
	}
	q := `SELECT s.id, s.channel_id, s.start_at, s.duration, s.title, ch.name, s.is_catchup_available
		FROM schedule s JOIN channels ch ON ch.id = s.channel_id
		WHERE ` + match + ` AND ch.provider_id = ? AND ch.is_hidden = ? AND ch.archived_days > 0 AND s.is_catchup_available = ?
		AND s.start_at <= ? AND s.start_at + ch.archived_days * 86400 >= ?`
	args := []any{c.ID, v.providerID, false, true, now, now}
	if v.child {
		q += " AND ch.age <= ? AND s.age <= ?"
		args = append(args, childMaxAge, childMaxAge)
	}
	if v.guest {
		q += " AND ch.is_4k = ?"
		args = append(args, false)
	}
	q += " ORDER BY s.start_at DESC, s.id DESC LIMIT ? OFFSET ?"
	args = append(args, limit, offset)
	out := []SourceJSON{}
	err = each(ctx, s.db, q, args, func(sc scanner) error {
		var j SourceJSON
		if err := sc.Scan(&j.ID, &j.ChannelID, &j.StartAt, &j.Duration, &j.Title, &j.ChannelName, &j.IsCatchupAvailable); err != nil {
			return err
		}
		out = append(out, j)
		return nil
	})
	return out, err
}

// lastSeenChannels are the channels of c's newest catch-up sources, newest
// first, each once.
func (s *Service) lastSeenChannels(ctx context.Context, v *viewer, c *content) ([]int64, error) {
	src, err := s.sourcesOf(ctx, v, c, 50, 0)
	if err != nil {
		return nil, err
	}
	out := []int64{}
	seen := map[int64]bool{}
	for _, e := range src {
		if !seen[e.ChannelID] {
			seen[e.ChannelID] = true
			out = append(out, e.ChannelID)
		}
	}
	return out, nil
}

// GET /v2/contents/{id}/sources?limit=&offset=
func (s *Service) handleSources(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	c, err := s.findLive(r, v, "id")
	if err != nil {
		return err
	}
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	out, err := s.sourcesOf(r.Context(), v, c, limit, offset)
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// GET /v2/contents/{id}/similar: up to 12 contents of the same type and
// kind of story: those of the content's main genre first, then those
// sharing any of its genres, then the most popular, each by popularity;
// the content itself (and the series of a season or an episode) left out.
func (s *Service) handleSimilar(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	c, err := s.findLive(r, v, "id")
	if err != nil {
		return err
	}
	ids, err := s.similarIDs(r.Context(), v, c)
	if err != nil {
		return err
	}
	out, err := s.contentCards(r.Context(), v, ids)
	if err != nil {
		return err
	}
	if len(out) > similarCount {
		out = out[:similarCount]
	}
	httpx.OK(w, out)
	return nil
}

// similarIDs walks the contents of the base's type in popularity order
// (the contents_provider_type index) and keeps the ones in the wanted
// genres, so it stops after a few rows instead of ranking a 100,000-title
// catalogue; a second and third pass widen the genres when the first is
// short.
func (s *Service) similarIDs(ctx context.Context, v *viewer, c *content) ([]int64, error) {
	// Seasons and episodes are compared by their series.
	base := c
	if c.RootID != c.ID {
		root, err := contentByID(ctx, s.db, v.providerID, c.RootID)
		if err != nil {
			return nil, err
		}
		base = root
	}
	filter := `c.provider_id = ? AND c.content_type = ? AND c.is_hidden = ? AND c.is_lost = ? AND c.id <> ?`
	fargs := []any{v.providerID, base.Type, false, false, base.ID}
	if v.child {
		filter += " AND c.age <= ?"
		fargs = append(fargs, childMaxAge)
	}
	// A few more than needed: contentCards may still drop some (a child's
	// view of a series whose tree is rated higher).
	want := similarCount + 8
	var ids []int64
	seen := map[int64]bool{}
	pass := func(extra string, args ...any) error {
		if len(ids) >= want {
			return nil
		}
		return each(ctx, s.db, "SELECT c.id FROM contents c WHERE "+filter+extra+" ORDER BY c.popularity DESC, c.id LIMIT ?",
			append(append(append([]any{}, fargs...), args...), want), func(sc scanner) error {
				var id int64
				if err := sc.Scan(&id); err != nil {
					return err
				}
				if !seen[id] && len(ids) < want {
					seen[id] = true
					ids = append(ids, id)
				}
				return nil
			})
	}
	if base.MainGenreID != 0 {
		if err := pass(" AND EXISTS (SELECT 1 FROM content_genres cg WHERE cg.content_id = c.id AND cg.genre_id = ?)", base.MainGenreID); err != nil {
			return nil, err
		}
	}
	err := pass(` AND EXISTS (SELECT 1 FROM content_genres cg WHERE cg.content_id = c.id AND cg.genre_id IN
		(SELECT genre_id FROM content_genres WHERE content_id = ?))`, base.ID)
	if err != nil {
		return nil, err
	}
	return ids, pass("")
}
