package catalog

import (
	"encoding/json"
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"efir/internal/httpx"
)

// rowFilter narrows a content list. A query row keeps its defaults in
// rows.query (JSON); the request's filters replace them field by field (a
// genre row asked with genre=drama lists drama: the viewer's choice wins).
type rowFilter struct {
	types      []string // movie, series, program
	mainGenres []string // genre ids or slugs: the content's main genre is one of them
	genres     []string // genre ids or slugs: the content has at least one of them
	countries  []int64  // ISO 3166-1 numeric codes: made in at least one of them
	yearFrom   int      // 0: unbounded
	yearTo     int      // 0: unbounded
	ratingFrom float64  // contentRating >= it
	libraryID  int64
	cartoon    *bool
	text       string // folded; its words start words of the title or original title
	mode       string // ordering; "" = the row's or popular
	category   int64  // channels rows: the category listed (0: all channels)
}

// maxFilterText bounds the text filter (the search box allows 255).
const maxFilterText = 255

// maxFilterItems bounds each filter list: a filter page offers a few dozen
// genres and countries, and every value costs a set lookup per request.
const maxFilterItems = 50

// filterParams are the request parameters a row list accepts as filters.
var filterParams = []string{"content_type", "main_genre", "genre", "country", "year_from", "year_to", "rating_from",
	"library_id", "text", "mode"}

// parseFilterQuery reads the filters of a request. Lists are repeated
// parameters or comma lists (genre=1&genre=drama or genre=1,drama).
func parseFilterQuery(q url.Values) (rowFilter, map[string]bool, error) {
	var f rowFilter
	set := map[string]bool{}
	lists := map[string][]string{}
	for _, name := range []string{"content_type", "main_genre", "genre", "country"} {
		var out []string
		for _, v := range q[name] {
			for part := range strings.SplitSeq(v, ",") {
				if part = strings.TrimSpace(part); part == "" {
					continue
				}
				if len(out) == maxFilterItems {
					return f, nil, httpx.Invalid(name, "error_validation")
				}
				out = append(out, part)
			}
		}
		lists[name] = out
	}
	for _, name := range filterParams {
		if _, ok := q[name]; ok {
			set[name] = true
		}
	}
	for _, t := range lists["content_type"] {
		if typeBits[t] == 0 {
			return f, nil, httpx.Invalid("content_type", "error_validation")
		}
		f.types = append(f.types, t)
	}
	f.mainGenres, f.genres = lists["main_genre"], lists["genre"]
	for _, c := range lists["country"] {
		n, err := strconv.ParseInt(c, 10, 64)
		if err != nil || n <= 0 {
			return f, nil, httpx.Invalid("country", "error_wrong_number")
		}
		f.countries = append(f.countries, n)
	}
	ints := []struct {
		name string
		dst  *int
	}{{"year_from", &f.yearFrom}, {"year_to", &f.yearTo}}
	for _, p := range ints {
		if s := strings.TrimSpace(q.Get(p.name)); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 || n > 9999 {
				return f, nil, httpx.Invalid(p.name, "error_wrong_number")
			}
			*p.dst = n
		}
	}
	if s := strings.TrimSpace(q.Get("rating_from")); s != "" {
		r, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(r) || r < 0 || r > 10 {
			return f, nil, httpx.Invalid("rating_from", "error_wrong_number")
		}
		f.ratingFrom = r
	}
	if s := strings.TrimSpace(q.Get("library_id")); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n <= 0 {
			return f, nil, httpx.Invalid("library_id", "error_wrong_number")
		}
		f.libraryID = n
	}
	text := strings.TrimSpace(q.Get("text"))
	if utf8.RuneCountInString(text) > maxFilterText {
		return f, nil, httpx.Invalid("text", "error_validation")
	}
	f.text = foldText(text)
	if m := strings.TrimSpace(q.Get("mode")); m != "" {
		if !validMode(m) {
			return f, nil, httpx.Invalid("mode", "error_validation")
		}
		f.mode = m
	}
	return f, set, nil
}

func validMode(m string) bool {
	for _, x := range listModes {
		if x == m {
			return true
		}
	}
	return false
}

// override puts the request's filters over the row's defaults, field by
// field (set says which parameters the request carried).
func (f rowFilter) override(req rowFilter, set map[string]bool) rowFilter {
	if set["content_type"] {
		f.types = req.types
	}
	if set["main_genre"] {
		f.mainGenres = req.mainGenres
	}
	if set["genre"] {
		f.genres = req.genres
	}
	if set["country"] {
		f.countries = req.countries
	}
	if set["year_from"] {
		f.yearFrom = req.yearFrom
	}
	if set["year_to"] {
		f.yearTo = req.yearTo
	}
	if set["rating_from"] {
		f.ratingFrom = req.ratingFrom
	}
	if set["library_id"] {
		f.libraryID = req.libraryID
	}
	if set["text"] {
		f.text = req.text
	}
	if set["mode"] && req.mode != "" {
		f.mode = req.mode
	}
	return f
}

// filtered: the filter narrows the list (item rows then list only their
// contents that pass it).
func (f *rowFilter) filtered() bool {
	return len(f.types) > 0 || len(f.mainGenres) > 0 || len(f.genres) > 0 || len(f.countries) > 0 ||
		f.yearFrom > 0 || f.yearTo > 0 || f.ratingFrom > 0 || f.libraryID != 0 || f.cartoon != nil || f.text != ""
}

// parseRowQuery reads a row's stored query: {"content_type": "movie" or
// [...], "genre": id, slug or [...], "main_genre", "country", "year_from",
// "year_to", "rating_from", "library_id", "cartoon": bool, "order" (or
// "mode"), "category" (channel rows)}. Unknown keys are ignored and bad
// values dropped: the row still lists something.
func parseRowQuery(raw string) rowFilter {
	var f rowFilter
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return f
	}
	strs := func(key string) []string {
		v, ok := m[key]
		if !ok {
			return nil
		}
		var list []any
		if err := json.Unmarshal(v, &list); err != nil {
			var one any
			if json.Unmarshal(v, &one) != nil {
				return nil
			}
			list = []any{one}
		}
		var out []string
		for _, x := range list {
			switch x := x.(type) {
			case string:
				for _, part := range strings.Split(x, ",") {
					if part = strings.TrimSpace(part); part != "" {
						out = append(out, part)
					}
				}
			case float64:
				out = append(out, strconv.FormatInt(int64(x), 10))
			}
		}
		return out
	}
	num := func(key string) float64 {
		var n float64
		if v, ok := m[key]; ok {
			if json.Unmarshal(v, &n) != nil {
				var s string
				if json.Unmarshal(v, &s) == nil {
					n, _ = strconv.ParseFloat(s, 64)
				}
			}
		}
		if math.IsNaN(n) || math.IsInf(n, 0) {
			return 0
		}
		return n
	}
	for _, t := range strs("content_type") {
		if typeBits[t] != 0 {
			f.types = append(f.types, t)
		}
	}
	f.mainGenres, f.genres = strs("main_genre"), strs("genre")
	for _, c := range strs("country") {
		if n, err := strconv.ParseInt(c, 10, 64); err == nil && n > 0 {
			f.countries = append(f.countries, n)
		}
	}
	f.yearFrom, f.yearTo = int(num("year_from")), int(num("year_to"))
	f.ratingFrom = num("rating_from")
	f.libraryID = int64(num("library_id"))
	f.category = int64(num("category"))
	if v, ok := m["cartoon"]; ok {
		var b bool
		if json.Unmarshal(v, &b) == nil {
			f.cartoon = &b
		}
	}
	for _, key := range []string{"order", "mode"} {
		if o := strs(key); len(o) == 1 && validMode(o[0]) {
			f.mode = o[0]
		}
	}
	return f
}

// genreIDs resolves genre references (ids or slugs) with the provider's
// genres; an unknown reference resolves to -1, which no content has.
func (t *taxonomy) genreIDs(refs []string) []int64 {
	if len(refs) == 0 {
		return nil
	}
	out := make([]int64, 0, len(refs))
	for _, ref := range refs {
		if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
			out = append(out, id)
			continue
		}
		id := int64(-1)
		for gid, g := range t.genres {
			if g.Slug == ref {
				id = gid
				break
			}
		}
		out = append(out, id)
	}
	return out
}
