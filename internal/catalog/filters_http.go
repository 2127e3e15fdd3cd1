package catalog

import (
	"cmp"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"efir/internal/httpx"
)

// The filter page's options (spec: filters genre, country, year, rating).
const (
	// filterCountries: the first 30 countries by use are offered.
	filterCountries = 30
	// yearsSince: the "2020 to now" option.
	yearsSince = 2020
	// decadesFrom: the oldest decade offered on its own; older is "before".
	decadesFrom = 1980
)

var filterRatings = []float64{8, 7, 6}

// FiltersJSON are the options of the movies and series filter pages
// (schema CatalogFilters).
type FiltersJSON struct {
	Genres    []GenreJSON   `json:"genres"`
	Countries []CountryJSON `json:"countries"`
	Years     []yearOption  `json:"years"`
	Ratings   []float64     `json:"ratings"`
}

// yearOption is a year range: its id is what the client keeps in the
// address ("2024", "2010-2019", "-1979", "2020-").
type yearOption struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	YearFrom *int   `json:"year_from"`
	YearTo   *int   `json:"year_to"`
}

// GET /v2/filters?content_type=movie|series|program: the genres (by name)
// and countries (by use, the first 30) of the contents of that type the
// viewer may see, the year ranges and the rating steps.
func (s *Service) handleFilters(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	var f rowFilter
	if t := strings.TrimSpace(r.URL.Query().Get("content_type")); t != "" {
		if typeBits[t] == 0 {
			return httpx.Invalid("content_type", "error_validation")
		}
		f.types = []string{t}
	}
	x, err := s.listIndexOf(ctx, v.providerID)
	if err != nil {
		return err
	}
	tax, err := s.taxonomy(ctx, v.providerID)
	if err != nil {
		return err
	}
	genreUse, countryUse := x.usage(x.compile(&f, tax, v.child))
	out := FiltersJSON{Genres: []GenreJSON{}, Countries: []CountryJSON{}, Years: yearOptions(v.lang, s.now().Year()),
		Ratings: filterRatings}
	for _, id := range tax.genreOrder {
		if genreUse[id] == 0 {
			continue
		}
		if g, ok := tax.genreJSON(v.lang, id); ok {
			out.Genres = append(out.Genres, g)
		}
	}
	slices.SortStableFunc(out.Genres, func(a, b GenreJSON) int {
		return strings.Compare(foldText(a.Name), foldText(b.Name))
	})
	codes := make([]int64, 0, len(countryUse))
	for c := range countryUse {
		codes = append(codes, c)
	}
	slices.SortFunc(codes, func(a, b int64) int {
		if c := cmp.Compare(countryUse[b], countryUse[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	for _, c := range codes {
		if len(out.Countries) == filterCountries {
			break
		}
		if cj, ok := tax.countryJSON(v.lang, c); ok {
			out.Countries = append(out.Countries, cj)
		}
	}
	httpx.OK(w, out)
	return nil
}

// yearOptions are the spec's year choices in order: last year to this
// year, each of the five years before, 2020 to now, the decades from the
// 2010s back to the 1980s, and before 1980.
func yearOptions(lang string, now int) []yearOption {
	span := func(from, to int) yearOption {
		o := yearOption{ID: strconv.Itoa(from) + "-" + strconv.Itoa(to), Title: strconv.Itoa(from) + "–" + strconv.Itoa(to),
			YearFrom: intPtr(from), YearTo: intPtr(to)}
		if from == to {
			o.ID, o.Title = strconv.Itoa(from), strconv.Itoa(from)
		}
		return o
	}
	out := []yearOption{span(now-1, now)}
	for y := now - 2; y >= now-6; y-- {
		out = append(out, span(y, y))
	}
	out = append(out, yearOption{ID: strconv.Itoa(yearsSince) + "-", Title: httpx.T(lang, "rows_years_since", yearsSince),
		YearFrom: intPtr(yearsSince)})
	for d := (min(now, yearsSince) - 1) / 10 * 10; d >= decadesFrom; d -= 10 {
		out = append(out, span(d, d+9))
	}
	out = append(out, yearOption{ID: "-" + strconv.Itoa(decadesFrom-1), Title: httpx.T(lang, "rows_years_before", decadesFrom),
		YearTo: intPtr(decadesFrom - 1)})
	return out
}
