package catalog

import (
	"context"
	"database/sql"
	"strconv"
	"strings"

	"efir/internal/store"
)

// Content types.
const (
	typeMovie   = "movie"
	typeProgram = "program"
	typeSeries  = "series"
	typeSeason  = "season"
	typeEpisode = "episode"
)

// content is one row of contents with what its tree gives it: an episode
// or a season takes the strictest age, the hidden and lost flags and the
// library of its ancestors, so a child never reaches a 16+ series through
// an episode left at age 0.
type content struct {
	ID             int64
	ProviderID     int64
	LibraryID      int64 // 0: none
	ParentID       int64 // 0: none
	Type           string
	Slug           string
	Title          string
	Original       string
	Description    string
	Year           int
	Age            int
	MotionRating   string
	Duration       int
	Season         int
	Series         int
	Sort           int
	MainGenreID    int64
	RatingIMDB     float64
	RatingKP       float64
	IsAdult        bool
	IsCartoon      bool
	IsAnnouncement bool
	IsHidden       bool
	IsLost         bool
	Asset          string
	PosterURL      string
	CoverURL       string
	BackgroundURL  string
	ProgramID      int64
	Popularity     int
	// RootID is the top of the tree (the series of an episode; itself for
	// a movie), RootType its type.
	RootID   int64
	RootType string
}

// contentColumns read a content with its parent (p) and grandparent (pp).
const contentColumns = `c.id, c.provider_id, c.library_id, p.library_id, pp.library_id, c.parent_id, c.content_type, c.slug,
	c.title, c.original_title, c.description, c.year, c.age, c.motion_rating, c.duration, c.season, c.series, c.sort,
	c.main_genre_id, c.rating_imdb, c.rating_kinopoisk, c.is_adult, c.is_cartoon, c.is_announcement, c.is_hidden, c.is_lost,
	c.asset, c.poster_url, c.cover_url, c.background_url, c.program_id, c.popularity,
	p.id, p.content_type, p.age, p.is_hidden, p.is_lost, p.is_adult,
	pp.id, pp.content_type, pp.age, pp.is_hidden, pp.is_lost, pp.is_adult`

const contentFrom = ` FROM contents c LEFT JOIN contents p ON p.id = c.parent_id LEFT JOIN contents pp ON pp.id = p.parent_id`

func scanContent(sc scanner) (*content, error) {
	c := &content{}
	var lib, plib, pplib, parent, mainGenre, program sql.NullInt64
	var pid, ppid sql.NullInt64
	var ptype, pptype sql.NullString
	var page, ppage sql.NullInt64
	var phidden, plost, padult, pphidden, pplost, ppadult sql.NullBool
	err := sc.Scan(&c.ID, &c.ProviderID, &lib, &plib, &pplib, &parent, &c.Type, &c.Slug,
		&c.Title, &c.Original, &c.Description, &c.Year, &c.Age, &c.MotionRating, &c.Duration, &c.Season, &c.Series, &c.Sort,
		&mainGenre, &c.RatingIMDB, &c.RatingKP, &c.IsAdult, &c.IsCartoon, &c.IsAnnouncement, &c.IsHidden, &c.IsLost,
		&c.Asset, &c.PosterURL, &c.CoverURL, &c.BackgroundURL, &program, &c.Popularity,
		&pid, &ptype, &page, &phidden, &plost, &padult,
		&ppid, &pptype, &ppage, &pphidden, &pplost, &ppadult)
	if err != nil {
		return nil, err
	}
	c.ParentID, c.MainGenreID, c.ProgramID = parent.Int64, mainGenre.Int64, program.Int64
	c.LibraryID = firstSet(lib, plib, pplib)
	c.RootID, c.RootType = c.ID, c.Type
	inherit := func(id sql.NullInt64, typ sql.NullString, age sql.NullInt64, hidden, lost, adult sql.NullBool) {
		if !id.Valid {
			return
		}
		c.RootID, c.RootType = id.Int64, typ.String
		c.Age = max(c.Age, int(age.Int64))
		c.IsHidden = c.IsHidden || hidden.Bool
		c.IsLost = c.IsLost || lost.Bool
		c.IsAdult = c.IsAdult || adult.Bool
	}
	inherit(pid, ptype, page, phidden, plost, padult)
	inherit(ppid, pptype, ppage, pphidden, pplost, ppadult)
	if c.Age >= adultAge {
		c.IsAdult = true
	}
	return c, nil
}

func firstSet(vals ...sql.NullInt64) int64 {
	for _, v := range vals {
		if v.Valid {
			return v.Int64
		}
	}
	return 0
}

// loadContents reads the contents matching where (which may end with an
// ORDER BY and LIMIT), in the query's order.
func loadContents(ctx context.Context, db store.Querier, where string, args ...any) ([]*content, error) {
	var out []*content
	err := each(ctx, db, "SELECT "+contentColumns+contentFrom+" WHERE "+where, args, func(sc scanner) error {
		c, err := scanContent(sc)
		if err != nil {
			return err
		}
		out = append(out, c)
		return nil
	})
	return out, err
}

// contentsByID reads contents of a provider by id (absent ids are left out).
func contentsByID(ctx context.Context, db store.Querier, providerID int64, ids []int64) (map[int64]*content, error) {
	out := make(map[int64]*content, len(ids))
	for _, chunk := range chunks(uniqueIDs(ids), 500) {
		list, err := loadContents(ctx, db, "c.provider_id = ? AND c.id IN ("+inList(chunk)+")", providerID)
		if err != nil {
			return nil, err
		}
		for _, c := range list {
			out[c.ID] = c
		}
	}
	return out, nil
}

// contentByID reads one content of a provider; store.ErrNotFound when absent.
func contentByID(ctx context.Context, db store.Querier, providerID, id int64) (*content, error) {
	list, err := loadContents(ctx, db, "c.provider_id = ? AND c.id = ?", providerID, id)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, store.ErrNotFound
	}
	return list[0], nil
}

// inList renders ids for an IN (...) clause; they are integers, never text
// from outside.
func inList(ids []int64) string {
	if len(ids) == 0 {
		return "NULL"
	}
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(id, 10))
	}
	return b.String()
}

func uniqueIDs(ids []int64) []int64 {
	seen := make(map[int64]bool, len(ids))
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func chunks(ids []int64, n int) [][]int64 {
	var out [][]int64
	for len(ids) > n {
		out = append(out, ids[:n])
		ids = ids[n:]
	}
	if len(ids) > 0 {
		out = append(out, ids)
	}
	return out
}

// idLists reads (owner id, item id) pairs into lists per owner, in the
// query's order.
func idLists(ctx context.Context, db store.Querier, q string, args ...any) (map[int64][]int64, error) {
	out := map[int64][]int64{}
	err := each(ctx, db, q, args, func(sc scanner) error {
		var owner, item int64
		if err := sc.Scan(&owner, &item); err != nil {
			return err
		}
		out[owner] = append(out[owner], item)
		return nil
	})
	return out, err
}
