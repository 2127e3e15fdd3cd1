package catalog

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"efir/internal/artwork"
	"efir/internal/httpx"
	"efir/internal/store"
)

// lostError answers a withdrawn content: 404 in the error shape plus the
// lost_content payload (the content with is_lost true), which the client
// shows as the lost-content page.
type lostError struct{ content ContentJSON }

func (e *lostError) Error() string { return "lost content " + strconv.FormatInt(e.content.ID, 10) }

type lostBody struct {
	Error struct {
		Type    string            `json:"type"`
		Message string            `json:"message"`
		Detail  map[string]string `json:"detail,omitempty"`
	} `json:"error"`
	LostContent ContentJSON `json:"lost_content"`
}

// contentHandler is the catalogue's handler shape: httpx's, plus the lost_content
// answer.
func contentHandler(fn httpx.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		err := fn(w, r)
		if err == nil {
			return
		}
		var lost *lostError
		if errors.As(err, &lost) {
			var b lostBody
			b.Error.Type = httpx.TypeLostContent
			b.Error.Message = httpx.T(httpx.Lang(r), "catalog_error_lost")
			b.Error.Detail = map[string]string{"content_id": strconv.FormatInt(lost.content.ID, 10)}
			b.LostContent = lost.content
			httpx.WriteJSON(w, http.StatusNotFound, b)
			return
		}
		httpx.WriteError(w, r, err)
	})
}

// findContent resolves the path value name (an id or a slug ending in the
// id) among the contents v may open: unknown ids, another provider's and
// over-age ones for a child are 404 not_found. Lost ones are returned: the
// caller decides (most answer lostContent).
func (s *Service) findContent(r *http.Request, v *viewer, name string) (*content, error) {
	id, ok := parseRef(r.PathValue(name))
	if !ok {
		return nil, httpx.NotFound()
	}
	c, err := contentByID(r.Context(), s.db, v.providerID, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, err
	}
	if !v.findable(c) {
		return nil, httpx.NotFound()
	}
	return c, nil
}

// findLive is findContent where a lost content answers lost_content.
func (s *Service) findLive(r *http.Request, v *viewer, name string) (*content, error) {
	c, err := s.findContent(r, v, name)
	if err != nil {
		return nil, err
	}
	if c.IsLost {
		return nil, s.lostContent(r.Context(), v, c)
	}
	return c, nil
}

// lostContent builds the lost_content answer of c.
func (s *Service) lostContent(ctx context.Context, v *viewer, c *content) error {
	list, err := s.renderContents(ctx, v, []*content{c})
	if err != nil {
		return err
	}
	return &lostError{content: list[0]}
}

// GET /v2/contents/{id}?library=&action=&isPromo=: the three say where the
// viewer came from (a library's page, a button, a promotion). A content has
// one library here, so the answer does not depend on them, but they are
// checked: a malformed one is a client bug worth a clear 400. A library that
// is not the content's still answers the content (an old link loses nobody).
func (s *Service) handleContent(w http.ResponseWriter, r *http.Request) error {
	if err := checkContentHints(r); err != nil {
		return err
	}
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	c, err := s.findLive(r, v, "id")
	if err != nil {
		return err
	}
	j, err := s.contentPage(r.Context(), v, c)
	if err != nil {
		return err
	}
	httpx.OK(w, j)
	return nil
}

// contentPage is the full content: description, credits, children (the
// seasons of a series, the episodes of a season), next_to_play and the
// channels it was last shown on. An episode without credits or tags of its
// own shows its series'.
func (s *Service) contentPage(ctx context.Context, v *viewer, c *content) (ContentJSON, error) {
	list, err := s.renderContents(ctx, v, []*content{c})
	if err != nil {
		return ContentJSON{}, err
	}
	j := list[0]
	desc := c.Description
	persons, err := s.creditsOf(ctx, c.ID)
	if err != nil {
		return j, err
	}
	if c.RootID != c.ID && (len(persons) == 0 || len(j.Genres) == 0 || desc == "") {
		root, err := contentByID(ctx, s.db, v.providerID, c.RootID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return j, err
		}
		if root != nil {
			if len(persons) == 0 {
				if persons, err = s.creditsOf(ctx, root.ID); err != nil {
					return j, err
				}
			}
			if desc == "" {
				desc = root.Description
			}
			if len(j.Genres) == 0 || len(j.Countries) == 0 {
				rl, err := s.renderContents(ctx, v, []*content{root})
				if err != nil {
					return j, err
				}
				if len(j.Genres) == 0 {
					j.Genres = rl[0].Genres
				}
				if len(j.Countries) == 0 {
					j.Countries = rl[0].Countries
				}
			}
		}
	}
	j.Description = &desc
	j.Persons = persons
	kids, err := s.visibleChildren(ctx, v, c.ID)
	if err != nil {
		return j, err
	}
	if j.Contents, err = s.renderContents(ctx, v, kids); err != nil {
		return j, err
	}
	if j.NextToPlay, err = s.nextToPlayJSON(ctx, v, c); err != nil {
		return j, err
	}
	if j.LastSeenChannelIDs, err = s.lastSeenChannels(ctx, v, c); err != nil {
		return j, err
	}
	return j, nil
}

// creditsOf are the persons of a content with their roles, in credit order.
func (s *Service) creditsOf(ctx context.Context, contentID int64) ([]PersonRefJSON, error) {
	out := []PersonRefJSON{}
	err := each(ctx, s.db, `SELECT p.id, p.slug, p.name, p.image_url, cp.role FROM content_persons cp
		JOIN persons p ON p.id = cp.person_id WHERE cp.content_id = ? ORDER BY cp.sort, p.id, cp.role`, []any{contentID},
		func(sc scanner) error {
			var p PersonRefJSON
			var slug, image string
			if err := sc.Scan(&p.ID, &slug, &p.Name, &image, &p.Role); err != nil {
				return err
			}
			p.Slug = wireSlug(slug, p.ID)
			p.Image = pick(image, artwork.URL(artwork.Person, p.ID))
			out = append(out, p)
			return nil
		})
	return out, err
}

// visibleChildren are the children v may see in a list, in order.
func (s *Service) visibleChildren(ctx context.Context, v *viewer, parentID int64) ([]*content, error) {
	all, err := s.childrenOf(ctx, parentID)
	if err != nil {
		return nil, err
	}
	out := make([]*content, 0, len(all))
	for _, k := range all {
		if v.sees(k) {
			out = append(out, k)
		}
	}
	return out, nil
}

// episodesOf flattens a series (its seasons' episodes, or its own), a
// season or a programme into its episodes in viewing order, as v sees them.
func (s *Service) episodesOf(ctx context.Context, v *viewer, c *content) ([]*content, error) {
	switch c.Type {
	case typeSeries, typeProgram, typeSeason:
	default:
		return nil, nil
	}
	kids, err := s.visibleChildren(ctx, v, c.ID)
	if err != nil {
		return nil, err
	}
	var out []*content
	for _, k := range kids {
		switch k.Type {
		case typeEpisode:
			out = append(out, k)
		case typeSeason:
			eps, err := s.visibleChildren(ctx, v, k.ID)
			if err != nil {
				return nil, err
			}
			for _, e := range eps {
				if e.Type == typeEpisode {
					out = append(out, e)
				}
			}
		}
	}
	return out, nil
}

// nextToPlay: for a series, a season or a programme with episodes, the
// episode the viewer goes on with (the last one watched when unfinished,
// else the one after it; the first one for a newcomer or after the last);
// for an episode, the one after it (nil after the last); nil otherwise.
func (s *Service) nextToPlay(ctx context.Context, v *viewer, c *content) (*content, error) {
	if c.Type == typeEpisode {
		root, err := contentByID(ctx, s.db, v.providerID, c.RootID)
		if errors.Is(err, store.ErrNotFound) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		eps, err := s.episodesOf(ctx, v, root)
		if err != nil {
			return nil, err
		}
		for i, e := range eps {
			if e.ID == c.ID && i+1 < len(eps) {
				return eps[i+1], nil
			}
		}
		return nil, nil
	}
	eps, err := s.episodesOf(ctx, v, c)
	if err != nil || len(eps) == 0 {
		return nil, err
	}
	if !v.hasUser() {
		return eps[0], nil
	}
	ids := make([]int64, len(eps))
	for i, e := range eps {
		ids[i] = e.ID
	}
	var last int64
	var pct int
	err = store.Get(ctx, s.db, `SELECT content_id, watch_percentage FROM watch_history WHERE user_id = ? AND profile_id = ?
		AND content_id IN (`+inList(ids)+`) ORDER BY updated_at DESC, content_id DESC LIMIT 1`, []any{v.userID, v.profileID}, &last, &pct)
	if errors.Is(err, store.ErrNotFound) {
		return eps[0], nil
	}
	if err != nil {
		return nil, err
	}
	for i, e := range eps {
		if e.ID != last {
			continue
		}
		if pct < 100 {
			return e, nil
		}
		if i+1 < len(eps) {
			return eps[i+1], nil
		}
	}
	return eps[0], nil
}

func (s *Service) nextToPlayJSON(ctx context.Context, v *viewer, c *content) (*ContentJSON, error) {
	n, err := s.nextToPlay(ctx, v, c)
	if err != nil || n == nil {
		return nil, err
	}
	list, err := s.renderContents(ctx, v, []*content{n})
	if err != nil {
		return nil, err
	}
	return &list[0], nil
}

// GET /v2/contents/{id}/episodes?season=&limit=&offset=: the episodes of a
// series, a season or a programme by season and number. Without limit the
// whole list comes (a long series has hundreds; the client pages it).
func (s *Service) handleEpisodes(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	c, err := s.findLive(r, v, "id")
	if err != nil {
		return err
	}
	season, hasSeason, err := intParam(r, "season")
	if err != nil {
		return err
	}
	limit, hasLimit, err := intParam(r, "limit")
	if err != nil {
		return err
	}
	offset, _, err := intParam(r, "offset")
	if err != nil {
		return err
	}
	eps, err := s.episodesOf(r.Context(), v, c)
	if err != nil {
		return err
	}
	if hasSeason {
		kept := eps[:0:0]
		for _, e := range eps {
			if int64(e.Season) == season {
				kept = append(kept, e)
			}
		}
		eps = kept
	}
	eps = cutPage(eps, int(offset), int(limit), hasLimit)
	out, err := s.renderContents(r.Context(), v, eps)
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// cutPage cuts a list by offset and limit (limit only when given, at most 100).
func cutPage[T any](list []T, offset, limit int, hasLimit bool) []T {
	if offset >= len(list) {
		return list[:0]
	}
	list = list[offset:]
	if hasLimit {
		limit = min(max(limit, 1), 100)
		if limit < len(list) {
			list = list[:limit]
		}
	}
	return list
}

// maxActionLen bounds the action hint of a content request ("play", "buy").
const maxActionLen = 32

// checkContentHints validates the optional hints of GET /v2/contents/{id}.
func checkContentHints(r *http.Request) error {
	q := r.URL.Query()
	if raw := q.Get("library"); raw != "" {
		if n, err := strconv.ParseInt(raw, 10, 64); err != nil || n <= 0 {
			return httpx.Invalid("library", "error_wrong_number")
		}
	}
	switch q.Get("isPromo") {
	case "", "0", "1", "true", "false":
	default:
		return httpx.Invalid("isPromo", "error_wrong_value")
	}
	if a := q.Get("action"); len(a) > maxActionLen || strings.ContainsFunc(a, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-')
	}) {
		return httpx.Invalid("action", "error_wrong_value")
	}
	return nil
}

// intParam reads an optional non-negative integer parameter.
func intParam(r *http.Request, name string) (int64, bool, error) {
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
