// Package catalogtest fills a database with a large, deterministic catalogue
// for tests and benchmarks of rows and search: contents with genres,
// countries, years, ratings and persons, inserted in batches.
package catalogtest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"efir/internal/store"
	"efir/internal/tv/epgimport"
)

// Genre is what Bulk made (or found) for the provider.
type Genre struct {
	ID         int64
	Slug, Name string
}

// Catalog describes what one Bulk call inserted.
type Catalog struct {
	ProviderID               int64
	FreeLibrary, PaidLibrary int64
	Genres                   []Genre
	// Countries are ISO 3166-1 numeric codes, the most used first.
	Countries                 []int64
	FirstPerson, LastPerson   int64
	FirstContent, LastContent int64
}

// Kinds of the generated contents by index: every fifth a series, every
// tenth (not a series) a programme, the rest movies. Series have no seasons
// or episodes: the bulk catalogue is for lists, not for playing.
func Kind(i int) string {
	switch {
	case i%5 == 4:
		return "series"
	case i%10 == 9:
		return "program"
	}
	return "movie"
}

var (
	adjectives = []string{"Северный", "Тёмный", "Последний", "Золотой", "Тихий", "Дикий", "Белый", "Красный",
		"Далёкий", "Новый", "Старый", "Ночной", "Летний", "Зимний", "Морской", "Горный", "Лесной", "Синий",
		"Железный", "Огненный", "Забытый", "Тайный", "Быстрый", "Великий", "Снежный", "Звёздный", "Чёрный",
		"Весенний", "Осенний", "Солнечный"}
	adjectivesEn = []string{"Northern", "Dark", "Last", "Golden", "Quiet", "Wild", "White", "Red",
		"Distant", "New", "Old", "Night", "Summer", "Winter", "Sea", "Mountain", "Forest", "Blue",
		"Iron", "Fiery", "Forgotten", "Secret", "Fast", "Great", "Snowy", "Starry", "Black",
		"Spring", "Autumn", "Sunny"}
	nouns = []string{"ветер", "город", "путь", "берег", "остров", "мост", "сад", "дом", "лес", "океан",
		"поезд", "капитан", "охотник", "рассвет", "закат", "маяк", "замок", "след", "шторм", "край",
		"друг", "герой", "кодекс", "сезон", "рейс", "голос", "сон", "мир", "огонь", "враг",
		"перевал", "горизонт", "лабиринт", "бульвар", "квартал", "вокзал", "экипаж", "фронт", "рубеж", "приказ"}
	nounsEn = []string{"Wind", "City", "Road", "Shore", "Island", "Bridge", "Garden", "House", "Forest", "Ocean",
		"Train", "Captain", "Hunter", "Dawn", "Sunset", "Lighthouse", "Castle", "Trace", "Storm", "Edge",
		"Friend", "Hero", "Code", "Season", "Flight", "Voice", "Dream", "World", "Fire", "Enemy",
		"Pass", "Horizon", "Labyrinth", "Boulevard", "Quarter", "Station", "Crew", "Front", "Frontier", "Order"}
	firstNames = []string{"Иван", "Анна", "Пётр", "Мария", "Алексей", "Елена", "Сергей", "Ольга", "Дмитрий",
		"Наталья", "Андрей", "Татьяна", "Михаил", "Ирина", "Николай", "Светлана", "Юрий", "Вера", "Олег", "Дарья"}
	lastNames = []string{"Смирнов", "Иванов", "Кузнецов", "Соколов", "Попов", "Лебедев", "Козлов", "Новиков",
		"Морозов", "Петров", "Волков", "Соловьёв", "Васильев", "Зайцев", "Павлов", "Семёнов", "Голубев",
		"Виноградов", "Богданов", "Воробьёв", "Фёдоров", "Михайлов", "Беляев", "Тарасов", "Белов"}
	genreNames = [][2]string{{"Драма", "Drama"}, {"Комедия", "Comedy"}, {"Боевик", "Action"}, {"Триллер", "Thriller"},
		{"Фантастика", "Science fiction"}, {"Фэнтези", "Fantasy"}, {"Ужасы", "Horror"}, {"Мелодрама", "Romance"},
		{"Детектив", "Crime"}, {"Приключения", "Adventure"}, {"Семейный", "Family"}, {"Мультфильм", "Animation"},
		{"Документальный", "Documentary"}, {"Исторический", "History"}, {"Военный", "War"}, {"Вестерн", "Western"},
		{"Мюзикл", "Musical"}, {"Спорт", "Sport"}, {"Биография", "Biography"}, {"Криминал", "Gangster"}}
	// ISO 3166-1 numeric codes, the most used first (country ids are these
	// codes: there is no countries table, see internal/provider/countries.go).
	countryCodes = []int64{643, 840, 250, 826, 276, 380, 724, 156, 398, 112, 124, 616, 203, 246, 528, 792,
		268, 51, 31, 860, 804, 642, 100, 428, 440, 233, 688, 300, 376, 764, 496, 417, 498, 762, 795, 499,
		196, 784, 818}
)

// Title gives the Russian and English titles of content number i (0-based
// within one Bulk call): two words, with a sequel number past the first
// 1 200 combinations, so titles repeat as words but not as wholes.
func Title(i int) (ru, en string) {
	a, n := i%len(adjectives), (i/len(adjectives))%len(nouns)
	ru, en = adjectives[a]+" "+nouns[n], adjectivesEn[a]+" "+nounsEn[n]
	if k := i / (len(adjectives) * len(nouns)); k > 0 {
		ru += " " + strconv.Itoa(k+1)
		en += " " + strconv.Itoa(k+1)
	}
	return ru, en
}

// PersonName gives the name of person number i (0-based within one call).
func PersonName(i int) string {
	f, l := i%len(firstNames), (i/len(firstNames))%len(lastNames)
	name := firstNames[f] + " " + lastNames[l]
	if f%2 == 1 { // feminine first names sit at odd places
		name += "а"
	}
	if k := i / (len(firstNames) * len(lastNames)); k > 0 {
		name += " " + strconv.Itoa(k+1)
	}
	return name
}

const (
	batchRows   = 400
	bulkVersion = "catalog_version"
)

var ages = []int{0, 6, 12, 12, 16, 16, 16, 18}

// Bulk inserts n contents for providerID with two libraries (one free), 20
// genres, 39 countries (skewed use), n/10 persons (at least 10), and their
// links: 1-3 genres, 1-2 countries and 3 persons per content. Values come
// from a fixed seed, so two calls on empty databases give the same data. It
// also bumps the catalogue version setting so caches reload.
func Bulk(ctx context.Context, db *store.DB, providerID int64, n int) (*Catalog, error) {
	c := &Catalog{ProviderID: providerID}
	rng := rand.New(rand.NewPCG(uint64(providerID), 20240601))
	now := time.Now().Unix()
	err := db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		if c.FreeLibrary, err = store.InsertID(ctx, tx, `INSERT INTO libraries (provider_id, slug, name, is_free, sort)
			VALUES (?, ?, ?, ?, 90) RETURNING id`, providerID, fmt.Sprintf("bulk-free-%d", now), "Bulk free", true); err != nil {
			return err
		}
		if c.PaidLibrary, err = store.InsertID(ctx, tx, `INSERT INTO libraries (provider_id, slug, name, is_free, sort)
			VALUES (?, ?, ?, ?, 91) RETURNING id`, providerID, fmt.Sprintf("bulk-paid-%d", now), "Bulk paid", false); err != nil {
			return err
		}
		if c.Genres, err = ensureGenres(ctx, tx, providerID); err != nil {
			return err
		}
		c.Countries = countryCodes
		persons := max(n/10, 10)
		if c.FirstPerson, err = nextID(ctx, tx, "persons"); err != nil {
			return err
		}
		c.LastPerson = c.FirstPerson + int64(persons) - 1
		if err := batches(ctx, tx, "persons (id, provider_id, slug, name, original_name, bio)", 6, persons, func(i int, a []any) []any {
			name := PersonName(i)
			return append(a, c.FirstPerson+int64(i), providerID, epgimport.Slug(name), name, "", "")
		}); err != nil {
			return err
		}
		if c.FirstContent, err = nextID(ctx, tx, "contents"); err != nil {
			return err
		}
		c.LastContent = c.FirstContent + int64(n) - 1
		type link struct{ genres, countries, persons []int64 }
		links := make([]link, n)
		if err := batches(ctx, tx, `contents (id, provider_id, library_id, content_type, slug, title, original_title,
			description, year, age, duration, main_genre_id, rating_imdb, rating_kinopoisk, is_cartoon, is_hidden, is_lost,
			popularity, created_at, updated_at)`, 20, n, func(i int, a []any) []any {
			ru, en := Title(i)
			kind := Kind(i)
			lib := c.PaidLibrary
			if i%3 == 0 {
				lib = c.FreeLibrary
			}
			age := ages[rng.IntN(len(ages))]
			var l link
			for _, g := range rng.Perm(len(c.Genres))[:1+rng.IntN(3)] {
				l.genres = append(l.genres, c.Genres[g].ID)
			}
			for k := 0; k < 1+rng.IntN(2); k++ {
				id := c.Countries[skewed(rng, len(c.Countries))]
				if len(l.countries) == 0 || l.countries[0] != id {
					l.countries = append(l.countries, id)
				}
			}
			for len(l.persons) < 3 {
				p := c.FirstPerson + int64(rng.IntN(persons))
				if !slices.Contains(l.persons, p) {
					l.persons = append(l.persons, p)
				}
			}
			links[i] = l
			cartoon := false
			if age <= 6 && rng.IntN(4) == 0 {
				cartoon = true
			}
			year := 1960 + rng.IntN(66)
			if rng.IntN(3) == 0 {
				year = 2015 + rng.IntN(11)
			}
			dur := 0
			if kind != "series" {
				dur = 60 * (40 + rng.IntN(100))
			}
			imdb := float64(30+rng.IntN(66)) / 10
			kp := float64(30+rng.IntN(66)) / 10
			created := now - int64(rng.IntN(3*365*86400))
			return append(a, c.FirstContent+int64(i), providerID, lib, kind, epgimport.Slug(ru), ru, en,
				"Описание: "+ru+". "+en+".", year, age, dur, l.genres[0], imdb, kp, cartoon,
				rng.IntN(100) == 0, rng.IntN(200) == 0, rng.IntN(100000), created, created)
		}); err != nil {
			return err
		}
		type pair struct {
			a, b int64
			sort int
		}
		flat := func(pick func(link) []int64) []pair {
			var out []pair
			for i, l := range links {
				for k, id := range pick(l) {
					out = append(out, pair{c.FirstContent + int64(i), id, k})
				}
			}
			return out
		}
		for _, t := range []struct {
			table string
			pairs []pair
		}{
			{"content_genres (content_id, genre_id, sort)", flat(func(l link) []int64 { return l.genres })},
			{"content_countries (content_id, country_id, sort)", flat(func(l link) []int64 { return l.countries })},
		} {
			if err := batches(ctx, tx, t.table, 3, len(t.pairs), func(i int, a []any) []any {
				return append(a, t.pairs[i].a, t.pairs[i].b, t.pairs[i].sort)
			}); err != nil {
				return err
			}
		}
		roles := []string{"director", "actor", "actor"}
		cp := flat(func(l link) []int64 { return l.persons })
		if err := batches(ctx, tx, "content_persons (content_id, person_id, role, sort)", 4, len(cp), func(i int, a []any) []any {
			return append(a, cp[i].a, cp[i].b, roles[cp[i].sort%len(roles)], cp[i].sort)
		}); err != nil {
			return err
		}
		if err := fixSequence(ctx, tx, "persons"); err != nil {
			return err
		}
		if err := fixSequence(ctx, tx, "contents"); err != nil {
			return err
		}
		return bumpVersion(ctx, tx)
	})
	if err != nil {
		return nil, err
	}
	// Fresh statistics, so the planners see the catalogue's real shape.
	if _, err := db.Exec(ctx, "ANALYZE"); err != nil {
		return nil, err
	}
	return c, nil
}

// skewed picks an index in [0, n) with small ones much more likely, so the
// countries' use is uneven the way real catalogues are.
func skewed(rng *rand.Rand, n int) int {
	f := rng.Float64()
	return int(f * f * f * float64(n))
}

func ensureGenres(ctx context.Context, tx *store.Tx, providerID int64) ([]Genre, error) {
	out := make([]Genre, 0, len(genreNames))
	for i, g := range genreNames {
		slug := epgimport.Slug(g[1])
		if _, err := tx.Exec(ctx, `INSERT INTO genres (provider_id, slug, name, name_en, sort) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (provider_id, slug) DO NOTHING`, providerID, slug, g[0], g[1], i+1); err != nil {
			return nil, err
		}
		x := Genre{Slug: slug}
		if err := store.Get(ctx, tx, "SELECT id, name FROM genres WHERE provider_id = ? AND slug = ?",
			[]any{providerID, slug}, &x.ID, &x.Name); err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// nextID gives the first free id of table: ids are set explicitly so the
// links can be written without reading generated ids back.
func nextID(ctx context.Context, tx *store.Tx, table string) (int64, error) {
	var id int64
	err := store.Get(ctx, tx, "SELECT COALESCE(MAX(id), 0) + 1 FROM "+table, nil, &id)
	return id, err
}

// fixSequence moves PostgreSQL's identity past the explicit ids (SQLite's
// AUTOINCREMENT follows the largest id by itself).
func fixSequence(ctx context.Context, tx *store.Tx, table string) error {
	if tx.Dialect() != store.Postgres {
		return nil
	}
	_, err := tx.Exec(ctx, "SELECT setval(pg_get_serial_sequence('"+table+"', 'id'), (SELECT MAX(id) FROM "+table+"))")
	return err
}

// batches inserts count rows of cols columns, batchRows per statement; row
// appends the values of row i to a.
func batches(ctx context.Context, tx *store.Tx, into string, cols, count int, row func(i int, a []any) []any) error {
	tuple := "(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")"
	for from := 0; from < count; from += batchRows {
		to := min(from+batchRows, count)
		var q strings.Builder
		q.WriteString("INSERT INTO " + into + " VALUES ")
		args := make([]any, 0, (to-from)*cols)
		for i := from; i < to; i++ {
			if i > from {
				q.WriteByte(',')
			}
			q.WriteString(tuple)
			args = row(i, args)
		}
		if _, err := tx.Exec(ctx, q.String(), args...); err != nil {
			return fmt.Errorf("bulk %s: %w", strings.Fields(into)[0], err)
		}
	}
	return nil
}

// bumpVersion raises the catalogue version setting (the catalog package
// reads it to drop its caches).
func bumpVersion(ctx context.Context, tx *store.Tx) error {
	_, err := tx.Exec(ctx, `INSERT INTO settings (name, value) VALUES (?, '1')
		ON CONFLICT (name) DO UPDATE SET value = CAST(CAST(settings.value AS INTEGER) + 1 AS TEXT)`, bulkVersion)
	return err
}
