package artwork

import (
	"context"
	"database/sql"
	"fmt"
	"hash/fnv"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/singleflight"

	"efir/internal/httpx"
	"efir/internal/store"
)

const (
	// cacheControl: a picture changes only when its title does, which is
	// rare; a week bounds how long an edited title shows the old text,
	// and the ETag makes the check after that a 304.
	cacheControl = "public, max-age=604800, stale-while-revalidate=86400"
	// svgPolicy: opened as a document, a picture may run nothing and load
	// nothing (it has no scripts or links; this keeps it so).
	svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
	// memoTTL, memoMax and memoBytes bound the in-memory copies of drawn
	// pictures: lists ask for the same posters again and again, and a
	// JPEG is ten times an SVG.
	memoTTL   = 10 * time.Minute
	memoMax   = 4096
	memoBytes = 48 << 20
	// DefaultDrawsPerMinute: a cold page of posters at once, then four a
	// second, for every client address; cached pictures do not count.
	DefaultDrawsPerMinute = 240
)

// formats: the file extensions served, how each is drawn (width in pixels,
// 0 for the default) and its type. An SVG scales itself: it has no width.
var formats = map[string]struct {
	draw  func(s Subject, width int) []byte
	ctype string
}{
	".jpg": {DrawJPEGAt, "image/jpeg"},
	".svg": {func(s Subject, _ int) []byte { return Draw(s) }, "image/svg+xml"},
}

// Service serves GET /v2/artwork/{kind}/{id}.jpg (and .svg): the picture
// of a content (poster, cover, background), a person, a promotion or a news
// item, drawn from the id and the title it looks up, and a promotion's
// graphic title (/v2/artwork/title/{id}.svg, SVG only). Only items the API
// would open for the viewer are drawn (access.go). ?w= asks for a JPEG
// that many pixels wide, snapped up the kind's ladder (widths.go) so the
// client's srcset and any cache in between see a few sizes per picture.
type Service struct {
	db  *store.DB
	now func() time.Time

	memo   *memo
	flight singleflight.Group
	draws  *drawLimit
}

// Options tune the service; zero fields take the defaults.
type Options struct {
	// DrawsPerMinute is how many pictures not in memory one client
	// address may have drawn a minute, all at once at most
	// (DefaultDrawsPerMinute); past it the answer is 429 until the next.
	DrawsPerMinute int
	// MemoBytes bounds the memory the drawn pictures kept take (48 MB).
	MemoBytes int
}

// New makes the service.
func New(db *store.DB, o Options) *Service {
	if o.DrawsPerMinute <= 0 {
		o.DrawsPerMinute = DefaultDrawsPerMinute
	}
	if o.MemoBytes <= 0 {
		o.MemoBytes = memoBytes
	}
	return &Service{db: db, now: time.Now, memo: newMemo(memoMax, o.MemoBytes, memoTTL), draws: newDrawLimit(o.DrawsPerMinute)}
}

// Register adds the route.
func (s *Service) Register(mux *http.ServeMux) {
	mux.Handle("GET /v2/artwork/{kind}/{file}", httpx.Handler(s.handle))
}

func (s *Service) handle(w http.ResponseWriter, r *http.Request) error {
	kind, file := r.PathValue("kind"), r.PathValue("file")
	dot := strings.LastIndexByte(file, '.')
	if dot < 0 {
		return httpx.NotFound()
	}
	digits, ext := file[:dot], file[dot:]
	format, known := formats[ext]
	id, err := strconv.ParseInt(digits, 10, 64)
	if !known || err != nil || id <= 0 || !(Valid(kind) || kind == Title) || digits != strconv.FormatInt(id, 10) {
		return httpx.NotFound()
	}
	if kind == Title && ext != ".svg" {
		return httpx.NotFound() // a graphic title is transparent: JPEG cannot be
	}
	width := 0
	if q := r.URL.Query(); q.Has("w") {
		w, ok := parseWidth(kind, q.Get("w"))
		if !ok {
			return httpx.Invalid("w", "error_wrong_number")
		}
		if ext == ".jpg" {
			width = w
		}
	}
	// before the memo: a picture drawn for one viewer is kept for all
	if err := s.visible(r.Context(), viewerOf(r.Context()), kind, id); err != nil {
		return err
	}
	e, err := s.picture(r.Context(), clientKey(httpx.ClientIP(r)), kind, id, ext, width)
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Cache-Control", cacheControl)
	h.Set("ETag", e.etag)
	if ext == ".svg" {
		h.Set("Content-Security-Policy", svgPolicy)
	}
	if match := r.Header.Get("If-None-Match"); match != "" && etagMatches(match, e.etag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	h.Set("Content-Type", format.ctype)
	h.Set("Content-Length", strconv.Itoa(len(e.body)))
	_, _ = w.Write(e.body)
	return nil
}

func etagMatches(header, etag string) bool {
	for _, part := range strings.Split(header, ",") {
		part = strings.TrimPrefix(strings.TrimSpace(part), "W/")
		if part == etag || part == "*" {
			return true
		}
	}
	return false
}

// picture draws (or remembers) one picture, width pixels wide (0: the
// default). Requests for a picture being drawn wait for it rather than draw
// it again: a cold row asks for the same posters from every open page at
// once. The default width and a w that snaps to it share one key. A
// picture not in memory takes one of client's drawings (drawLimit), even
// when it joins a drawing under way: telling the two apart is not worth it.
func (s *Service) picture(ctx context.Context, client, kind string, id int64, ext string, width int) (memoEntry, error) {
	if width == pixelSizes[kind][0] {
		width = 0
	}
	key := kind + "/" + strconv.FormatInt(id, 10) + ext
	if width > 0 {
		key += "?w=" + strconv.Itoa(width)
	}
	now := s.now()
	if e, ok := s.memo.get(key, now); ok {
		return e, nil
	}
	if wait, ok := s.draws.take(client, now); !ok {
		return memoEntry{}, httpx.RateLimited(int((wait + time.Second - 1) / time.Second))
	}
	v, err, _ := s.flight.Do(key, func() (any, error) {
		// one caller going away does not fail the others
		subject, err := s.subject(context.WithoutCancel(ctx), kind, id)
		if err != nil {
			return memoEntry{}, err
		}
		body := formats[ext].draw(subject, width)
		h := fnv.New64a()
		h.Write(body)
		e := memoEntry{body: body, etag: fmt.Sprintf(`"%016x"`, h.Sum64()), at: s.now()}
		s.memo.put(key, e)
		return e, nil
	})
	if err != nil {
		return memoEntry{}, err
	}
	return v.(memoEntry), nil
}

// subject reads what the picture shows; an unknown id is store.ErrNotFound.
func (s *Service) subject(ctx context.Context, kind string, id int64) (Subject, error) {
	sub := Subject{Kind: kind, ID: id}
	switch kind {
	case Person:
		return sub, store.Get(ctx, s.db, "SELECT name FROM persons WHERE id = ?", []any{id}, &sub.Title)
	case News:
		return sub, store.Get(ctx, s.db, "SELECT title FROM news WHERE id = ?", []any{id}, &sub.Title)
	case Promo, Title:
		var destType string
		var destID sql.NullInt64
		var name string
		if err := store.Get(ctx, s.db, "SELECT title, name, color_bg, dest_type, dest_id FROM promotions WHERE id = ?", []any{id},
			&sub.Title, &name, &sub.Color, &destType, &destID); err != nil {
			return sub, err
		}
		if destType == "content" && destID.Valid {
			// a content's banner takes the content's genre motif
			var genre string
			if err := store.Get(ctx, s.db, `SELECT COALESCE(g.slug, '') FROM contents c LEFT JOIN genres g ON g.id = c.main_genre_id
				WHERE c.id = ?`, []any{destID.Int64}, &genre); err == nil {
				sub.Genre = genre
			}
		}
		if kind == Title && destType == "content" && destID.Valid {
			// a content's banner says a tagline; its logo is the content's name
			if c, err := s.contentSubject(ctx, Subject{ID: destID.Int64}); err == nil && c.Title != "" {
				sub.Title = c.Title
			}
		}
		if sub.Title == "" {
			sub.Title = name
		}
		return sub, nil
	}
	return s.contentSubject(ctx, sub)
}

// contentSubject: seasons and episodes show their series' title with the
// season and episode numbers as the label.
func (s *Service) contentSubject(ctx context.Context, sub Subject) (Subject, error) {
	var typ, genreName, parentTitle, parentType, topTitle string
	var year, season, series int
	err := store.Get(ctx, s.db, `SELECT c.title, c.content_type, c.year, c.season, c.series, COALESCE(g.slug, ''),
		COALESCE(g.name, ''), COALESCE(p.title, ''), COALESCE(p.content_type, ''), COALESCE(pp.title, '')
		FROM contents c LEFT JOIN genres g ON g.id = c.main_genre_id LEFT JOIN contents p ON p.id = c.parent_id
		LEFT JOIN contents pp ON pp.id = p.parent_id WHERE c.id = ?`, []any{sub.ID},
		&sub.Title, &typ, &year, &season, &series, &sub.Genre, &genreName, &parentTitle, &parentType, &topTitle)
	if err != nil {
		return sub, err
	}
	switch typ {
	case "season":
		sub.Title, sub.Label = parentTitle, fmt.Sprintf("Сезон %d", season)
	case "episode":
		sub.Label = fmt.Sprintf("Серия %d", series)
		if season > 0 {
			sub.Label = fmt.Sprintf("Сезон %d · Серия %d", season, series)
		}
		sub.Title = parentTitle
		if parentType == "season" && topTitle != "" {
			sub.Title = topTitle
		}
	case "series":
		sub.Label = "Сериал"
		if year > 0 {
			sub.Label += " · " + strconv.Itoa(year)
		}
	default:
		var parts []string
		if year > 0 {
			parts = append(parts, strconv.Itoa(year))
		}
		if genreName != "" {
			parts = append(parts, genreName)
		}
		sub.Label = strings.Join(parts, " · ")
	}
	return sub, nil
}
