package catalog

import (
	"cmp"
	"context"
	"database/sql"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// The list index: every listable content of a provider (the tops of the
// trees: movies, series, programmes; not hidden, not lost) held in memory
// in popularity order, with a bitset per filter value (a genre, a country,
// a year, a rating step, a type, a library...). A filtered page of a query
// row is a few bitset ANDs and ORs, a popcount for the total and a walk to
// the page: SQL cannot count a genre + year + rating selection of 100 000
// contents and page it by popularity within the 3 ms budget (it visits
// every content of the genre), the bitsets do it in tens of microseconds.
// The index is rebuilt when the catalogue version moves (rows_model.go).

// Orderings of a list (the mode parameter and a query row's "order").
const (
	modePopular = "popular" // popularity, most watched first (the default)
	modeNew     = "new"     // newest additions first (created_at)
	modeYear    = "year"    // newest release year first
	modeRating  = "rating"  // best rating first
	modeTitle   = "title"   // by title, alphabetically
)

// listModes in the order of listIndex.orders; ties always go by popularity.
var listModes = [...]string{modePopular, modeNew, modeYear, modeRating, modeTitle}

func modeIndex(mode string) int {
	for i, m := range listModes {
		if m == mode {
			return i
		}
	}
	return 0
}

// Content types as bits.
const (
	bitMovie uint8 = 1 << iota
	bitSeries
	bitProgram
)

var typeBits = map[string]uint8{typeMovie: bitMovie, typeSeries: bitSeries, "serial": bitSeries, typeProgram: bitProgram}

// bitset is a set of index positions.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (b bitset) set(i int32)      { b[i>>6] |= 1 << (uint(i) & 63) }
func (b bitset) has(i int32) bool { return b[i>>6]&(1<<(uint(i)&63)) != 0 }

func (b bitset) and(o bitset) {
	for i := range b {
		b[i] &= o[i]
	}
}

func (b bitset) andNot(o bitset) {
	for i := range b {
		b[i] &^= o[i]
	}
}

func (b bitset) or(o bitset) {
	for i := range b {
		b[i] |= o[i]
	}
}

func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += popcount(w)
	}
	return n
}

func (b bitset) countAnd(o bitset) int {
	n := 0
	for i, w := range b {
		n += popcount(w & o[i])
	}
	return n
}

func popcount(w uint64) int { return bits.OnesCount64(w) }

// ratingStep is the resolution of the rating bitsets (tenths).
const ratingStep = 10

type listIndex struct {
	n       int
	ids     []int64   // by position: popularity order
	ratings []float32 // contentRating by position
	years   []int16
	// words are the folded words of the titles and original titles,
	// sorted, with the positions holding each (ascending): the text
	// filter looks its words up as prefixes.
	words    []string
	postings [][]int32
	pos      map[int64]int32

	genreIdx  map[int64]int16 // genre id -> index in genres
	genreIDs  []int64
	all       bitset
	types     map[int64]bitset // by type bit
	childOK   bitset           // age <= 12
	cartoons  bitset
	genres    []bitset // by genre index
	mains     []bitset // main genre, by genre index
	countries map[int64]bitset
	libraries map[int64]bitset
	byYear    map[int64]bitset
	byRating  map[int64]bitset // by floor(rating * 10)

	orderOnce [len(listModes)]sync.Once
	orders    [len(listModes)][]int32
	created   []int64 // sort keys of the orders
	titles    []string
}

// foldText lower-cases and maps ё to е, for the title filter.
func foldText(s string) string {
	return strings.ReplaceAll(strings.ToLower(s), "ё", "е")
}

// contentRating is the one rating of a content that filters and orders use:
// Kinopoisk's when there is one (the audience of these operators knows it
// best), else IMDb's.
func contentRating(kp, imdb float64) float64 {
	if kp > 0 {
		return kp
	}
	return imdb
}

func loadListIndex(ctx context.Context, s *Service, providerID int64) (*listIndex, error) {
	tax, err := s.taxonomy(ctx, providerID)
	if err != nil {
		return nil, err
	}
	type row struct {
		id, created, library, mainGenre int64
		pop                             int
		typ                             uint8
		age                             int
		year                            int16
		cartoon                         bool
		rating                          float32
		title, text                     string
	}
	var rows []row
	err = each(ctx, s.db, `SELECT id, content_type, age, is_cartoon, year, rating_kinopoisk, rating_imdb, popularity, created_at,
		library_id, main_genre_id, title, original_title FROM contents
		WHERE provider_id = ? AND parent_id IS NULL AND is_hidden = ? AND is_lost = ?`, []any{providerID, false, false},
		func(sc scanner) error {
			var r row
			var typ, original string
			var year int
			var kp, imdb float64
			var lib, mainGenre sql.NullInt64
			if err := sc.Scan(&r.id, &typ, &r.age, &r.cartoon, &year, &kp, &imdb, &r.pop, &r.created, &lib, &mainGenre,
				&r.title, &original); err != nil {
				return err
			}
			if r.typ = typeBits[typ]; r.typ == 0 || typ == "serial" {
				return nil // seasons and episodes are not listed on their own
			}
			r.year = int16(min(max(year, 0), math.MaxInt16))
			r.rating = float32(contentRating(kp, imdb))
			r.library, r.mainGenre = lib.Int64, mainGenre.Int64
			r.text = r.title + " " + original
			rows = append(rows, r)
			return nil
		})
	if err != nil {
		return nil, err
	}
	// Positions follow popularity, so the default listing reads the sets
	// front to back and every other ordering breaks ties by it.
	slices.SortFunc(rows, func(a, b row) int {
		if c := cmp.Compare(b.pop, a.pop); c != 0 {
			return c
		}
		return cmp.Compare(b.id, a.id)
	})
	n := len(rows)
	x := &listIndex{n: n, ids: make([]int64, n), ratings: make([]float32, n), years: make([]int16, n),
		pos: make(map[int64]int32, n), genreIdx: map[int64]int16{}, all: newBitset(n), types: map[int64]bitset{},
		childOK: newBitset(n), cartoons: newBitset(n), countries: map[int64]bitset{}, libraries: map[int64]bitset{},
		byYear: map[int64]bitset{}, byRating: map[int64]bitset{}, created: make([]int64, n), titles: make([]string, n)}
	for _, id := range tax.genreOrder {
		if len(x.genreIDs) == math.MaxInt16 {
			break
		}
		x.genreIdx[id] = int16(len(x.genreIDs))
		x.genreIDs = append(x.genreIDs, id)
		x.genres = append(x.genres, newBitset(n))
		x.mains = append(x.mains, newBitset(n))
	}
	in := func(m map[int64]bitset, k int64) bitset {
		b := m[k]
		if b == nil {
			b = newBitset(n)
			m[k] = b
		}
		return b
	}
	vocab := map[string]int{}
	for i, r := range rows {
		p := int32(i)
		x.ids[i], x.ratings[i], x.years[i] = r.id, r.rating, r.year
		for _, w := range titleWords(r.text) {
			k, ok := vocab[w]
			if !ok {
				k = len(x.words)
				vocab[w] = k
				x.words = append(x.words, w)
				x.postings = append(x.postings, nil)
			}
			if l := x.postings[k]; len(l) == 0 || l[len(l)-1] != p {
				x.postings[k] = append(l, p)
			}
		}
		x.created[i], x.titles[i] = r.created, foldText(r.title)
		x.pos[r.id] = p
		x.all.set(p)
		in(x.types, int64(r.typ)).set(p)
		if r.age <= childMaxAge {
			x.childOK.set(p)
		}
		if r.cartoon {
			x.cartoons.set(p)
		}
		if g, ok := x.genreIdx[r.mainGenre]; ok {
			x.mains[g].set(p)
		}
		if r.library != 0 {
			in(x.libraries, r.library).set(p)
		}
		in(x.byYear, int64(r.year)).set(p)
		in(x.byRating, int64(math.Floor(float64(r.rating)*ratingStep+1e-4))).set(p)
	}
	x.sortWords()
	// The links of the provider's contents: a range of the primary keys
	// (content_id first), read without a join.
	var lo, hi int64
	for _, r := range rows {
		if lo == 0 || r.id < lo {
			lo = r.id
		}
		hi = max(hi, r.id)
	}
	err = each(ctx, s.db, "SELECT content_id, genre_id FROM content_genres WHERE content_id BETWEEN ? AND ?", []any{lo, hi},
		func(sc scanner) error {
			var cid, gid int64
			if err := sc.Scan(&cid, &gid); err != nil {
				return err
			}
			p, ok := x.pos[cid]
			g, known := x.genreIdx[gid]
			if ok && known {
				x.genres[g].set(p)
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	err = each(ctx, s.db, "SELECT content_id, country_id FROM content_countries WHERE content_id BETWEEN ? AND ?", []any{lo, hi},
		func(sc scanner) error {
			var cid, code int64
			if err := sc.Scan(&cid, &code); err != nil {
				return err
			}
			if p, ok := x.pos[cid]; ok {
				in(x.countries, code).set(p)
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	return x, nil
}

// order gives the positions in the order of mode (built on first use).
func (x *listIndex) order(mode string) []int32 {
	m := modeIndex(mode)
	x.orderOnce[m].Do(func() {
		o := make([]int32, x.n)
		for i := range o {
			o[i] = int32(i)
		}
		// Positions are in popularity order already: a stable sort keeps
		// popularity as the tie-break.
		switch listModes[m] {
		case modeNew:
			slices.SortStableFunc(o, func(a, b int32) int { return cmp.Compare(x.created[b], x.created[a]) })
		case modeYear:
			slices.SortStableFunc(o, func(a, b int32) int { return cmp.Compare(x.years[b], x.years[a]) })
		case modeRating:
			slices.SortStableFunc(o, func(a, b int32) int { return cmp.Compare(x.ratings[b], x.ratings[a]) })
		case modeTitle:
			slices.SortStableFunc(o, func(a, b int32) int { return strings.Compare(x.titles[a], x.titles[b]) })
		}
		x.orders[m] = o
	})
	return x.orders[m]
}

// listMatcher is a filter evaluated against one index: the set of
// positions that pass it.
type listMatcher struct {
	x   *listIndex
	set bitset
}

// compile evaluates f for a viewer (child: nothing above 12) into the set
// of positions that pass.
func (x *listIndex) compile(f *rowFilter, tax *taxonomy, child bool) *listMatcher {
	set := newBitset(x.n)
	copy(set, x.all)
	m := &listMatcher{x: x, set: set}
	// anyOf ANDs set with the union of the given members (none known: empty).
	anyOf := func(members []bitset) {
		u := newBitset(x.n)
		for _, b := range members {
			if b != nil {
				u.or(b)
			}
		}
		set.and(u)
	}
	if len(f.types) > 0 {
		var bs []bitset
		var seen uint8
		for _, t := range f.types {
			if bit := typeBits[t]; seen&bit == 0 {
				seen |= bit
				bs = append(bs, x.types[int64(bit)])
			}
		}
		anyOf(bs)
	}
	if child {
		set.and(x.childOK)
	}
	if f.cartoon != nil {
		if *f.cartoon {
			set.and(x.cartoons)
		} else {
			set.andNot(x.cartoons)
		}
	}
	genreSets := func(refs []string, from []bitset) []bitset {
		var bs []bitset
		for _, id := range tax.genreIDs(refs) {
			if g, ok := x.genreIdx[id]; ok {
				bs = append(bs, from[g])
			}
		}
		return bs
	}
	if len(f.mainGenres) > 0 {
		anyOf(genreSets(f.mainGenres, x.mains))
	}
	if len(f.genres) > 0 {
		anyOf(genreSets(f.genres, x.genres))
	}
	if len(f.countries) > 0 {
		var bs []bitset
		for _, c := range f.countries {
			bs = append(bs, x.countries[c])
		}
		anyOf(bs)
	}
	if f.libraryID != 0 {
		anyOf([]bitset{x.libraries[f.libraryID]})
	}
	if f.yearFrom > 0 || f.yearTo > 0 {
		from, to := int64(f.yearFrom), int64(math.MaxInt16)
		if f.yearTo > 0 {
			to = int64(f.yearTo)
		}
		var bs []bitset
		for y, b := range x.byYear {
			if y >= from && y <= to {
				bs = append(bs, b)
			}
		}
		anyOf(bs)
	}
	if f.ratingFrom > 0 {
		// Whole steps at or above the threshold pass; the step holding it
		// is checked content by content.
		edge := int64(math.Floor(f.ratingFrom*ratingStep + 1e-9))
		u := newBitset(x.n)
		for step, b := range x.byRating {
			if step > edge || (step == edge && float64(edge) >= f.ratingFrom*ratingStep-1e-9) {
				u.or(b)
			} else if step == edge {
				for p := range b.positions() {
					if float64(x.ratings[p]) >= f.ratingFrom-1e-6 {
						u.set(p)
					}
				}
			}
		}
		set.and(u)
	}
	if f.text != "" {
		set.and(x.containing(f.text))
	}
	return m
}

// titleWords splits a text into its folded words (letters and digits).
func titleWords(text string) []string {
	return strings.FieldsFunc(foldText(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// sortWords orders the vocabulary (with its postings) for prefix lookups.
func (x *listIndex) sortWords() {
	order := make([]int, len(x.words))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(x.words[a], x.words[b]) })
	words, postings := make([]string, len(order)), make([][]int32, len(order))
	for i, k := range order {
		words[i], postings[i] = x.words[k], x.postings[k]
	}
	x.words, x.postings = words, postings
}

// containing is the set of positions whose title or original title has,
// for every word of text, a word starting with it ("матр сн" finds
// "Матрица снов"); case and ё/е do not matter. A text without words
// filters nothing.
func (x *listIndex) containing(text string) bitset {
	set := newBitset(x.n)
	copy(set, x.all)
	for _, w := range titleWords(text) {
		u := newBitset(x.n)
		for i, _ := slices.BinarySearch(x.words, w); i < len(x.words) && strings.HasPrefix(x.words[i], w); i++ {
			for _, p := range x.postings[i] {
				u.set(p)
			}
		}
		set.and(u)
	}
	return set
}

// positions iterates the members in order.
func (b bitset) positions() func(func(int32) bool) {
	return func(yield func(int32) bool) {
		for wi, w := range b {
			for w != 0 {
				bit := bits.TrailingZeros64(w)
				if !yield(int32(wi<<6 | bit)) {
					return
				}
				w &= w - 1
			}
		}
	}
}

// page gives the ids of matches [offset, offset+limit) in the order of mode
// and the number of all matches.
func (x *listIndex) page(m *listMatcher, mode string, offset, limit int) (ids []int64, total int) {
	total = m.set.count()
	if offset >= total || limit <= 0 {
		return []int64{}, total
	}
	ids = make([]int64, 0, min(limit, total-offset))
	if modeIndex(mode) == 0 {
		// Popularity is the positions' own order: skip whole words.
		skip := offset
		for wi, w := range m.set {
			c := popcount(w)
			if skip >= c {
				skip -= c
				continue
			}
			for w != 0 && len(ids) < limit {
				bit := bits.TrailingZeros64(w)
				w &= w - 1
				if skip > 0 {
					skip--
					continue
				}
				ids = append(ids, x.ids[wi<<6|bit])
			}
			if len(ids) == limit {
				break
			}
		}
		return ids, total
	}
	seen := 0
	for _, p := range x.order(mode) {
		if !m.set.has(p) {
			continue
		}
		if seen >= offset {
			ids = append(ids, x.ids[p])
			if len(ids) == limit {
				break
			}
		}
		seen++
	}
	return ids, total
}

// passes: the content passes m (always, when m is nil). Contents outside the
// index (seasons, episodes) pass no filter.
func (m *listMatcher) passes(id int64) bool {
	if m == nil {
		return true
	}
	p, ok := m.x.pos[id]
	return ok && m.set.has(p)
}

// usage counts, over the matches of m, the contents of each genre (by
// genre id) and each country (by ISO code): the filters' options.
func (x *listIndex) usage(m *listMatcher) (genres map[int64]int, countries map[int64]int) {
	genres, countries = map[int64]int{}, map[int64]int{}
	for g, b := range x.genres {
		if n := m.set.countAnd(b); n > 0 {
			genres[x.genreIDs[g]] = n
		}
	}
	for c, b := range x.countries {
		if n := m.set.countAnd(b); n > 0 {
			countries[c] = n
		}
	}
	return genres, countries
}
