package catalog

import (
	"context"

	"efir/internal/artwork"
	"efir/internal/httpx"
)

// Spec category ids of contents (section 3: id 2 means series).
const (
	categoryMovies   = 1
	categorySeries   = 2
	categoryPrograms = 3
)

// ContentJSON is a content on the wire (schema CatalogContent): the full
// answer of /v2/contents/{id}, and the tile of rows, search, similar,
// persons, history and favourites. Tiles leave out the heavy fields
// (description, persons, contents: omitted when nil); next_to_play is only
// computed for the content page and the meta.
type ContentJSON struct {
	ID                 int64             `json:"id"`
	Slug               string            `json:"slug"`
	Title              string            `json:"title"`
	Name               string            `json:"name"`
	Original           string            `json:"original"`
	Year               int               `json:"year"`
	Description        *string           `json:"description,omitempty"`
	ContentType        string            `json:"content_type"`
	Age                int               `json:"age"`
	IsAdult            bool              `json:"is_adult"`
	IsCartoon          bool              `json:"is_cartoon"`
	IsAnnouncement     bool              `json:"is_announcement"`
	IsLost             bool              `json:"is_lost"`
	Duration           int               `json:"duration"`
	Season             *int              `json:"season"`
	Series             *int              `json:"series"`
	ParentID           *int64            `json:"parent_id"`
	LibraryID          *int64            `json:"library_id"`
	Category           CategoryJSON      `json:"category"`
	Genres             []GenreJSON       `json:"genres"`
	Countries          []CountryJSON     `json:"countries"`
	Images             []ImageJSON       `json:"images"`
	Cover              CoverJSON         `json:"cover"`
	Background         BackgroundJSON    `json:"background"`
	Persons            []PersonRefJSON   `json:"persons,omitzero"`
	Ratings            []RatingJSON      `json:"ratings"`
	RatingIMDB         *float64          `json:"rating_imdb"`
	RatingKinopoisk    *float64          `json:"rating_kinopoisk"`
	MotionRating       *MotionRatingJSON `json:"motion_rating"`
	Trailers           []TrailerRefJSON  `json:"trailers"`
	Contents           []ContentJSON     `json:"contents,omitzero"`
	LastSeenChannelIDs []int64           `json:"last_seen_channel_ids"`
	Histories          *HistoriesJSON    `json:"histories"`
	NextToPlay         *ContentJSON      `json:"next_to_play"`
}

// CategoryJSON is the section of a content: 1 movies, 2 series, 3 programs.
type CategoryJSON struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// ImageJSON is one picture of a content.
type ImageJSON struct {
	Type        string `json:"type"`
	AspectRatio string `json:"aspect_ratio"`
	Src         string `json:"src"`
}

// CoverJSON holds a content's covers by aspect ratio.
type CoverJSON struct {
	Src16x9 string `json:"src_16x9"`
	Src2x3  string `json:"src_2x3"`
}

// BackgroundJSON is the backdrop of the content page.
type BackgroundJSON struct {
	Web string `json:"web"`
}

// PersonRefJSON is a person in a content's credits.
type PersonRefJSON struct {
	ID    int64  `json:"id"`
	Slug  string `json:"slug"`
	Name  string `json:"name"`
	Image string `json:"image"`
	Role  string `json:"role"`
}

// RatingJSON is one rating (imdb, kinopoisk).
type RatingJSON struct {
	Type   string  `json:"type"`
	Rating float64 `json:"rating"`
}

// MotionRatingJSON is the motion picture rating label (MPAA and the like).
type MotionRatingJSON struct {
	Text string `json:"text"`
}

// TrailerRefJSON is a trailer of a content (played by /v2/trailers/{id}/stream).
type TrailerRefJSON struct {
	ID int64 `json:"id"`
}

// HistoriesJSON is how much of it the viewer has watched.
type HistoriesJSON struct {
	WatchPercentage int `json:"watch_percentage"`
}

// contentCards renders the contents of ids as tiles for v, in the order of
// ids, leaving out what the viewer may not see in a list (hidden, lost,
// over-age for a child, another provider's, unknown ids) and duplicates.
func (s *Service) contentCards(ctx context.Context, v *viewer, ids []int64) ([]ContentJSON, error) {
	byID, err := contentsByID(ctx, s.db, v.providerID, ids)
	if err != nil {
		return nil, err
	}
	list := make([]*content, 0, len(ids))
	seen := make(map[int64]bool, len(ids))
	for _, id := range ids {
		c := byID[id]
		if c == nil || seen[id] || !v.sees(c) {
			continue
		}
		seen[id] = true
		list = append(list, c)
	}
	return s.renderContents(ctx, v, list)
}

// renderContents renders contents as tiles, batching their genres,
// countries, trailers and the viewer's history.
func (s *Service) renderContents(ctx context.Context, v *viewer, list []*content) ([]ContentJSON, error) {
	out := make([]ContentJSON, 0, len(list))
	if len(list) == 0 {
		return out, nil
	}
	tax, err := s.taxonomy(ctx, v.providerID)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(list))
	for i, c := range list {
		ids[i] = c.ID
	}
	in := inList(uniqueIDs(ids))
	genres, err := idLists(ctx, s.db, "SELECT content_id, genre_id FROM content_genres WHERE content_id IN ("+in+") ORDER BY content_id, sort, genre_id")
	if err != nil {
		return nil, err
	}
	countries, err := idLists(ctx, s.db, "SELECT content_id, country_id FROM content_countries WHERE content_id IN ("+in+") ORDER BY content_id, sort, country_id")
	if err != nil {
		return nil, err
	}
	trailers, err := idLists(ctx, s.db, "SELECT content_id, id FROM trailers WHERE content_id IN ("+in+") ORDER BY content_id, id")
	if err != nil {
		return nil, err
	}
	hist, err := s.historyPercentages(ctx, v, list)
	if err != nil {
		return nil, err
	}
	for _, c := range list {
		j := baseJSON(v.lang, c)
		for _, g := range genres[c.ID] {
			if gj, ok := tax.genreJSON(v.lang, g); ok {
				j.Genres = append(j.Genres, gj)
			}
		}
		for _, k := range countries[c.ID] {
			if cj, ok := tax.countryJSON(v.lang, k); ok {
				j.Countries = append(j.Countries, cj)
			}
		}
		for _, t := range trailers[c.ID] {
			j.Trailers = append(j.Trailers, TrailerRefJSON{ID: t})
		}
		if p, ok := hist[c.ID]; ok {
			j.Histories = &HistoriesJSON{WatchPercentage: p}
		}
		out = append(out, j)
	}
	return out, nil
}

// baseJSON is what a content's own row gives.
func baseJSON(lang string, c *content) ContentJSON {
	j := ContentJSON{
		ID: c.ID, Slug: wireSlug(c.Slug, c.ID), Title: c.Title, Name: c.Title, Original: c.Original, Year: c.Year,
		ContentType: c.Type, Age: c.Age, IsAdult: c.IsAdult, IsCartoon: c.IsCartoon, IsAnnouncement: c.IsAnnouncement,
		IsLost: c.IsLost, Duration: c.Duration, Category: categoryOf(lang, c),
		Genres: []GenreJSON{}, Countries: []CountryJSON{}, Ratings: []RatingJSON{}, Trailers: []TrailerRefJSON{},
		LastSeenChannelIDs: []int64{},
	}
	switch c.Type {
	case typeSeason:
		j.Season = intPtr(c.Season)
	case typeEpisode:
		if c.Season > 0 {
			j.Season = intPtr(c.Season)
		}
		j.Series = intPtr(c.Series)
	}
	if c.ParentID != 0 {
		j.ParentID = int64Ptr(c.ParentID)
	}
	if c.LibraryID != 0 {
		j.LibraryID = int64Ptr(c.LibraryID)
	}
	poster := pick(c.PosterURL, artwork.URL(artwork.Poster, c.ID))
	cover := pick(c.CoverURL, artwork.URL(artwork.Cover, c.ID))
	background := pick(c.BackgroundURL, artwork.URL(artwork.Background, c.ID))
	j.Images = []ImageJSON{
		{Type: "poster", AspectRatio: "2:3", Src: poster},
		{Type: "cover", AspectRatio: "16:9", Src: cover},
		{Type: "wide", AspectRatio: "16:9", Src: background},
	}
	j.Cover = CoverJSON{Src16x9: cover, Src2x3: poster}
	j.Background = BackgroundJSON{Web: background}
	if c.RatingIMDB > 0 {
		r := c.RatingIMDB
		j.RatingIMDB = &r
		j.Ratings = append(j.Ratings, RatingJSON{Type: "imdb", Rating: r})
	}
	if c.RatingKP > 0 {
		r := c.RatingKP
		j.RatingKinopoisk = &r
		j.Ratings = append(j.Ratings, RatingJSON{Type: "kinopoisk", Rating: r})
	}
	if c.MotionRating != "" {
		j.MotionRating = &MotionRatingJSON{Text: c.MotionRating}
	}
	return j
}

// categoryOf: the section of the content's tree (an episode of a series is
// in series, an episode of a programme in programs).
func categoryOf(lang string, c *content) CategoryJSON {
	switch c.RootType {
	case typeMovie:
		return CategoryJSON{ID: categoryMovies, Name: httpx.T(lang, "catalog_category_movies")}
	case typeProgram:
		return CategoryJSON{ID: categoryPrograms, Name: httpx.T(lang, "catalog_category_programs")}
	}
	return CategoryJSON{ID: categorySeries, Name: httpx.T(lang, "catalog_category_series")}
}

// historyPercentages gives the viewer's watch percentage per content: its
// own record, or for a series (or season) the latest episode's.
func (s *Service) historyPercentages(ctx context.Context, v *viewer, list []*content) (map[int64]int, error) {
	out := map[int64]int{}
	if !v.hasUser() || len(list) == 0 {
		return out, nil
	}
	ids := make([]int64, 0, len(list))
	for _, c := range list {
		ids = append(ids, c.ID)
	}
	in := inList(uniqueIDs(ids))
	type rec struct {
		content, series int64
		pct             int
	}
	var recs []rec
	err := each(ctx, s.db, `SELECT content_id, series_id, watch_percentage FROM watch_history
		WHERE user_id = ? AND profile_id = ? AND (content_id IN (`+in+`) OR series_id IN (`+in+`))
		ORDER BY updated_at DESC, content_id DESC`, []any{v.userID, v.profileID}, func(sc scanner) error {
		var r rec
		if err := sc.Scan(&r.content, &r.series, &r.pct); err != nil {
			return err
		}
		recs = append(recs, r)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		out[r.content] = r.pct
	}
	// A series without its own record shows its latest episode's (recs are
	// newest first, so the first one per series wins).
	latest := map[int64]int{}
	for _, r := range recs {
		if _, ok := latest[r.series]; !ok && r.series != r.content {
			latest[r.series] = r.pct
		}
	}
	for _, c := range list {
		if _, own := out[c.ID]; own {
			continue
		}
		if p, ok := latest[c.ID]; ok {
			out[c.ID] = p
		}
	}
	return out, nil
}

func pick(stored, generated string) string {
	if stored != "" {
		return stored
	}
	return generated
}

func intPtr(n int) *int       { return &n }
func int64Ptr(n int64) *int64 { return &n }
