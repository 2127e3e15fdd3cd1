package catalog

import (
	"context"
	"database/sql"
	"net/http"
	"sort"
	"strings"

	"efir/internal/httpx"
	"efir/internal/store"
)

// taxonomy is a provider's genres, countries and libraries with the
// packets that sell each library; the cache keeps it per provider.
type taxonomy struct {
	genres         map[int64]*genre
	genreOrder     []int64
	libraries      map[int64]*library
	libraryOrder   []int64
	libraryPackets map[int64][]*packet
}

type genre struct {
	ID      int64
	Slug    string
	Name    string
	NameEN  string
	RowID   int64 // 0: no row lists it
	RowSlug string
	Sort    int
}

type library struct {
	ID          int64
	Slug        string
	Name        string
	Description string
	IsFree      bool
	Sort        int
}

// packet is what the pay button offers (commerce owns packets; the
// catalogue reads the few fields it shows).
type packet struct {
	ID         int64
	Name       string
	Short      string
	Price      int64
	Currency   string
	PeriodDays int
	IsFree     bool
	IsHidden   bool
	Sort       int
}

// localName: Russian names for Russian, the English name (when there is
// one) for every other interface language.
func localName(lang, ru, en string) string {
	if lang != "ru" && en != "" {
		return en
	}
	return ru
}

func loadTaxonomy(ctx context.Context, db *store.DB, providerID int64) (*taxonomy, error) {
	t := &taxonomy{genres: map[int64]*genre{}, libraries: map[int64]*library{},
		libraryPackets: map[int64][]*packet{}}
	err := each(ctx, db, `SELECT g.id, g.slug, g.name, g.name_en, g.row_id, r.slug, g.sort FROM genres g
		LEFT JOIN rows r ON r.id = g.row_id WHERE g.provider_id = ? ORDER BY g.sort, g.name, g.id`, []any{providerID},
		func(sc scanner) error {
			g := &genre{}
			var rowID sql.NullInt64
			var rowSlug sql.NullString
			if err := sc.Scan(&g.ID, &g.Slug, &g.Name, &g.NameEN, &rowID, &rowSlug, &g.Sort); err != nil {
				return err
			}
			if rowID.Valid && rowSlug.Valid {
				g.RowID, g.RowSlug = rowID.Int64, rowSlug.String
			}
			t.genres[g.ID] = g
			t.genreOrder = append(t.genreOrder, g.ID)
			return nil
		})
	if err != nil {
		return nil, err
	}
	err = each(ctx, db, "SELECT id, slug, name, description, is_free, sort FROM libraries WHERE provider_id = ? ORDER BY sort, id",
		[]any{providerID}, func(sc scanner) error {
			l := &library{}
			if err := sc.Scan(&l.ID, &l.Slug, &l.Name, &l.Description, &l.IsFree, &l.Sort); err != nil {
				return err
			}
			t.libraries[l.ID] = l
			t.libraryOrder = append(t.libraryOrder, l.ID)
			return nil
		})
	if err != nil {
		return nil, err
	}
	err = each(ctx, db, `SELECT pl.library_id, p.id, p.name, p.short, p.price, p.currency, p.period_days, p.is_free, p.is_hidden, p.sort
		FROM packet_libraries pl JOIN packets p ON p.id = pl.packet_id WHERE p.provider_id = ? ORDER BY p.sort, p.price, p.id`,
		[]any{providerID}, func(sc scanner) error {
			var lib int64
			p := &packet{}
			if err := sc.Scan(&lib, &p.ID, &p.Name, &p.Short, &p.Price, &p.Currency, &p.PeriodDays, &p.IsFree, &p.IsHidden, &p.Sort); err != nil {
				return err
			}
			t.libraryPackets[lib] = append(t.libraryPackets[lib], p)
			return nil
		})
	if err != nil {
		return nil, err
	}
	return t, nil
}

type scanner = store.Scanner

// each runs a query and calls fn per row.
var each = store.Each

// GenreJSON is a genre tag of a content: the tag links to the genre's row.
type GenreJSON struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Slug    string `json:"slug"`
	RowSlug string `json:"row_slug"` // "" when no row lists it
	RowID   *int64 `json:"row_id"`
}

// CountryJSON is a country of a content: id is the ISO 3166-1 numeric code.
type CountryJSON struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Code string `json:"code"`
}

type libraryJSON struct {
	ID          int64  `json:"id"`
	Slug        string `json:"slug"`
	Name        string `json:"name"`
	Description string `json:"description"`
	IsFree      bool   `json:"is_free"`
}

func (t *taxonomy) genreJSON(lang string, id int64) (GenreJSON, bool) {
	g := t.genres[id]
	if g == nil {
		return GenreJSON{}, false
	}
	out := GenreJSON{ID: g.ID, Name: localName(lang, g.Name, g.NameEN), Slug: g.Slug}
	if g.RowID != 0 {
		row := g.RowID
		out.RowSlug, out.RowID = g.RowSlug, &row
	}
	return out, true
}

// countryJSON names a country by its ISO 3166-1 numeric code; the names
// are the platform's (texts country_XX of package provider, which also
// answers GET /v2/countries).
func (t *taxonomy) countryJSON(lang string, id int64) (CountryJSON, bool) {
	code := countryCodes[id]
	if code == "" {
		return CountryJSON{}, false
	}
	return CountryJSON{ID: id, Name: httpx.T(lang, "country_"+code), Code: code}, true
}

// GET /v2/internal_genres: the provider's genres, sorted by name in the
// viewer's language (the filters list them so).
func (s *Service) handleGenres(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	t, err := s.taxonomy(r.Context(), v.providerID)
	if err != nil {
		return err
	}
	out := make([]GenreJSON, 0, len(t.genreOrder))
	for _, id := range t.genreOrder {
		g, _ := t.genreJSON(v.lang, id)
		out = append(out, g)
	}
	sort.SliceStable(out, func(i, j int) bool { return strings.ToLower(out[i].Name) < strings.ToLower(out[j].Name) })
	httpx.OK(w, out)
	return nil
}

// GET /v2/libraries: the provider's libraries in their order.
func (s *Service) handleLibraries(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	t, err := s.taxonomy(r.Context(), v.providerID)
	if err != nil {
		return err
	}
	out := make([]libraryJSON, 0, len(t.libraryOrder))
	for _, id := range t.libraryOrder {
		l := t.libraries[id]
		out = append(out, libraryJSON{ID: l.ID, Slug: l.Slug, Name: l.Name, Description: l.Description, IsFree: l.IsFree})
	}
	httpx.OK(w, out)
	return nil
}
