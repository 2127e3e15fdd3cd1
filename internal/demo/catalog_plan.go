package demo

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// The demo catalogue is planned in memory first (planCatalog: pure, from a
// seed and the first free ids), then written in batches (catalog_seed.go).
// The same seed and ids give the same plan, value for value.

// catalogSeed is the seed of the demo catalogue.
const catalogSeed = 20250101

// catalogEpoch is the fixed creation time of the demo contents
// (2025-01-01T00:00:00Z), so the data is the same everywhere.
const catalogEpoch = demoJoinedUnix

// Library keys of the demo: the free shelf and the premium one the
// "Премиум" packet sells.
const (
	libFree    = "free"
	libPremium = "premium"
)

type catLibrary struct {
	ID                     int64
	Key, Slug, Name, Descr string
	Free                   bool
	Sort                   int
	PacketShorts           []string // packets that sell it (packets.short)
}

type catGenre struct {
	ID                 int64
	Slug, Name, NameEn string
	RowID              int64
	Sort               int
}

type catRole struct {
	PersonID int64
	Role     string
}

type catContent struct {
	ID, ParentID                       int64
	Library                            string
	Type, Slug, Title, Original, Descr string
	Year, Age                          int
	Motion                             string
	Duration, Season, Series, Sort     int
	Genres                             []string // slugs, the main one first
	Countries                          []string // codes
	IMDb, KP                           float64
	Adult, Cartoon, Announcement       bool
	Hidden, Lost                       bool
	Asset                              string
	Telecast                           string // the guide show of a programme
	Popularity                         int
	CreatedAt                          int64
	Roles                              []catRole
}

type catTrailer struct {
	ID, ContentID int64
	Title, Asset  string
	Duration      int
}

// catalogPlan is everything the demo catalogue writes.
type catalogPlan struct {
	Libraries  []catLibrary
	Genres     []catGenre
	Contents   []*catContent
	Persons    []*catPerson
	Trailers   []catTrailer
	Rows       []*catRow
	Rowsets    []*catRowset
	Promotions []*catPromo
	News       []catNewsItem
}

// catIDs are the first free ids per table.
type catIDs struct {
	Library, Genre, Content, Person, Trailer, Row, Rowset, Promotion, News int64
}

var catalogGenres = [][3]string{
	{"drama", "Драма", "Drama"}, {"comedy", "Комедия", "Comedy"}, {"action", "Боевик", "Action"},
	{"thriller", "Триллер", "Thriller"}, {"detective", "Детектив", "Detective"}, {"crime", "Криминал", "Crime"},
	{"scifi", "Фантастика", "Science fiction"}, {"fantasy", "Фэнтези", "Fantasy"}, {"romance", "Мелодрама", "Romance"},
	{"adventure", "Приключения", "Adventure"}, {"horror", "Ужасы", "Horror"}, {"history", "Исторический", "History"},
	{"war", "Военный", "War"}, {"family", "Семейный", "Family"}, {"cartoon", "Мультфильм", "Animation"},
	{"documentary", "Документальный", "Documentary"}, {"music", "Музыка", "Music"}, {"sport", "Спорт", "Sport"},
	{"news", "Новости", "News"}, {"educational", "Познавательный", "Educational"},
	{"entertainment", "Развлекательный", "Entertainment"},
}

// countryCodes: ISO 3166-1 alpha-2 to numeric, the country ids of
// content_countries (names come from the platform's list, GET /v2/countries).
var countryCodes = map[string]int64{"RU": 643, "US": 840, "GB": 826, "FR": 250, "DE": 276, "IT": 380, "ES": 724,
	"KZ": 398, "BY": 112, "CA": 124, "FI": 246, "CZ": 203, "GE": 268, "AM": 51, "UZ": 860, "CN": 156, "TR": 792}

func countryCode(code string) int64 {
	id, ok := countryCodes[code]
	if !ok {
		panic("demo catalogue: no country " + code)
	}
	return id
}

// foreignWeights: how often each country makes a foreign film.
var foreignWeights = []string{"US", "US", "US", "US", "GB", "GB", "GB", "FR", "FR", "FR", "DE", "DE", "IT", "ES",
	"KZ", "KZ", "BY", "CA", "FI", "CZ", "GE", "AM", "UZ", "TR", "CN"}

// planner carries the state of one planning run.
type planner struct {
	seed    uint64
	ids     catIDs
	plan    *catalogPlan
	byCraft map[string][]*catPerson
}

func (p *planner) rng(section uint64) *rand.Rand { return rand.New(rand.NewPCG(p.seed, section)) }

func (p *planner) nextContent() int64 { p.ids.Content++; return p.ids.Content - 1 }

// planCatalog makes the whole demo catalogue from seed, numbering from ids.
func planCatalog(seed uint64, ids catIDs) *catalogPlan {
	p := &planner{seed: seed, ids: ids, plan: &catalogPlan{}, byCraft: map[string][]*catPerson{}}
	p.plan.Libraries = []catLibrary{
		{ID: ids.Library, Key: libFree, Slug: "free", Name: "Бесплатное кино",
			Descr: "Фильмы, сериалы и телепередачи, которые можно смотреть без подписки.", Free: true, Sort: 1},
		{ID: ids.Library + 1, Key: libPremium, Slug: "premium", Name: "Кинотека Премиум",
			Descr: "Премьеры, новинки и лучшие фильмы и сериалы в пакете «Премиум».", Sort: 2, PacketShorts: []string{"premium-1"}},
	}
	for i, g := range catalogGenres {
		p.plan.Genres = append(p.plan.Genres, catGenre{ID: ids.Genre + int64(i), Slug: g[0], Name: g[1], NameEn: g[2], Sort: i + 1})
	}
	p.plan.Persons = makePersons(p.rng(1), ids.Person)
	for _, x := range p.plan.Persons {
		p.byCraft[x.Craft] = append(p.byCraft[x.Craft], x)
	}
	p.planFilms(p.rng(2))
	p.planSeries(p.rng(3))
	p.planTelecasts(p.rng(4))
	p.coverEveryPerson(p.rng(5))
	p.planTrailers(p.rng(6))
	p.planRows()
	p.planNews()
	return p.plan
}

// addedAt is when a content of that release year joined the catalogue:
// a day per year after the epoch, n minutes apart within the day.
func addedAt(year, n int) int64 {
	return catalogEpoch + int64(year-1970)*86400 + int64(n)*60
}

func round1(f float64) float64 { return math.Round(f*10) / 10 }

func clamp(f, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, f)) }

// ratings gives IMDb and Kinopoisk ratings in 4.0..9.3, most near 6.8.
func ratings(rng *rand.Rand) (float64, float64) {
	imdb := clamp(6.8+rng.NormFloat64()*0.95, 4.0, 9.3)
	kp := clamp(imdb+rng.NormFloat64()*0.3, 4.0, 9.3)
	return round1(imdb), round1(kp)
}

// filmYear: most films are recent, one in ten an older classic.
func filmYear(rng *rand.Rand) int {
	if rng.IntN(10) == 0 {
		return 1975 + rng.IntN(21)
	}
	return max(1996, 2025-int(math.Abs(rng.NormFloat64())*9))
}

// ageOf picks the age rating of a content by its genres.
func ageOf(rng *rand.Rand, genres []string) int {
	var choices []int
	switch genres[0] {
	case "cartoon":
		choices = []int{0, 0, 0, 6}
	case "family", "educational":
		choices = []int{0, 6, 6, 12}
	case "documentary":
		choices = []int{0, 6, 12}
	case "music", "comedy", "adventure", "fantasy":
		choices = []int{6, 12, 12, 16}
	case "sport", "news", "entertainment":
		choices = []int{12}
	case "romance", "drama", "scifi", "history", "war", "detective":
		choices = []int{12, 12, 16, 16}
	default: // action, thriller, crime, horror
		choices = []int{16}
	}
	age := choices[rng.IntN(len(choices))]
	if slices.Contains(genres, "family") || slices.Contains(genres, "cartoon") {
		age = min(age, 12)
	}
	return age
}

// motionRating is the MPAA-style rating shown for foreign films.
func motionRatingOf(age int) string {
	switch {
	case age >= 18:
		return "NC-17"
	case age >= 16:
		return "R"
	case age >= 12:
		return "PG-13"
	case age >= 6:
		return "PG"
	}
	return "G"
}

func (p *planner) countries(rng *rand.Rand) []string {
	switch r := rng.IntN(100); {
	case r < 55:
		return []string{"RU"}
	case r < 65:
		return []string{"RU", foreignWeights[rng.IntN(len(foreignWeights))]}
	default:
		first := foreignWeights[rng.IntN(len(foreignWeights))]
		if rng.IntN(4) == 0 {
			if second := foreignWeights[rng.IntN(len(foreignWeights))]; second != first {
				return []string{first, second}
			}
		}
		return []string{first}
	}
}

// pickPersons takes n different persons of a craft, the first ones of the
// list much more often (a few actors star in many films).
func (p *planner) pickPersons(rng *rand.Rand, craft string, n int) []*catPerson {
	list := p.byCraft[craft]
	var out []*catPerson
	for tries := 0; len(out) < min(n, len(list)) && tries < 100; tries++ {
		x := list[int(math.Pow(rng.Float64(), 1.6)*float64(len(list)))]
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

func roles(list []*catPerson, role string) []catRole {
	out := make([]catRole, 0, len(list))
	for _, x := range list {
		out = append(out, catRole{PersonID: x.ID, Role: role})
	}
	return out
}

// castOf is the persons of a film or a series: directors, actors, writers,
// a producer and a composer, by chance.
func (p *planner) castOf(rng *rand.Rand, actors int) []catRole {
	directors := p.pickPersons(rng, craftDirector, 1+rng.IntN(10)/9)
	out := roles(directors, "director")
	out = append(out, roles(p.pickPersons(rng, craftActor, actors), "actor")...)
	writers := p.pickPersons(rng, craftWriter, 1+rng.IntN(3)/2)
	out = append(out, roles(writers, "writer")...)
	if rng.IntN(3) == 0 {
		// the director wrote it too
		out = append(out, catRole{PersonID: directors[0].ID, Role: "writer"})
	}
	if rng.IntN(2) == 0 {
		out = append(out, roles(p.pickPersons(rng, craftProducer, 1), "producer")...)
	}
	if rng.IntN(5) < 2 {
		out = append(out, roles(p.pickPersons(rng, craftComposer, 1), "composer")...)
	}
	return out
}

func (p *planner) planFilms(rng *rand.Rand) {
	for i, f := range filmSeeds() {
		c := &catContent{ID: p.nextContent(), Type: "movie", Title: f.ru, Original: f.en, Genres: f.genres,
			Library: libPremium}
		c.Slug = catalogSlug(c.Title)
		c.Descr = makeDescription(rng, f.genres[0])
		c.Year = filmYear(rng)
		c.Age = ageOf(rng, f.genres)
		c.IMDb, c.KP = ratings(rng)
		c.Countries = p.countries(rng)
		c.Cartoon = f.genres[0] == "cartoon"
		minutes := 85 + rng.IntN(60)
		if c.Cartoon {
			minutes = 65 + rng.IntN(30)
		}
		c.Duration = minutes*60 + rng.IntN(60)
		free := rng.IntN(100) < 22 || (c.Cartoon && rng.IntN(2) == 0)
		c.Popularity = int((c.IMDb-4)/5.3*50000) + rng.IntN(40000)
		c.Roles = p.castOf(rng, 3+rng.IntN(4))
		if fx, ok := fixedFilms[c.Title]; ok {
			c.Year, c.Age, c.IMDb, c.KP, c.Popularity, c.Adult = fx.year, fx.age, fx.imdb, fx.kp, fx.popularity, fx.adult
			free = fx.free
			if fx.desc != "" {
				c.Descr = fx.desc
			}
			if fx.countries != nil {
				c.Countries = fx.countries
			}
		}
		if free {
			c.Library = libFree
		}
		switch c.Title {
		case announcedFilm:
			c.Year, c.Announcement = 2026, true
		case lostFilm:
			c.Lost = true
		case hiddenFilm:
			c.Hidden = true
		}
		if c.Countries[0] != "RU" {
			c.Motion = motionRatingOf(c.Age)
		}
		// added to the catalogue in the order of release, so "new" rows
		// list the recent films first
		c.CreatedAt = addedAt(c.Year, i)
		c.Asset = genreAsset(f.genres[0])
		p.plan.Contents = append(p.plan.Contents, c)
	}
}

func (p *planner) planSeries(rng *rand.Rand) {
	for i, s := range seriesSeeds() {
		seasons := s.seasons
		if seasons == 0 {
			seasons = 2 + rng.IntN(3)
		}
		top := &catContent{ID: p.nextContent(), Type: "series", Title: s.ru, Original: s.en, Genres: s.genres,
			Library: libPremium}
		top.Slug = catalogSlug(top.Title)
		top.Descr = makeDescription(rng, s.genres[0])
		top.Year = 2026 - seasons - rng.IntN(12)
		top.Age = ageOf(rng, s.genres)
		top.IMDb, top.KP = ratings(rng)
		top.Countries = []string{"RU"}
		if rng.IntN(5) == 0 {
			top.Countries = p.countries(rng)
		}
		top.Cartoon = s.genres[0] == "cartoon"
		top.Popularity = int((top.IMDb-4)/5.3*50000) + rng.IntN(40000)
		top.Roles = p.castOf(rng, 4+rng.IntN(4))
		if rng.IntN(100) < 30 || top.Cartoon {
			top.Library = libFree
		}
		if s.ru == fixedSeries {
			top.Library, top.Age, top.Year, top.Popularity = libFree, 12, 2021, 99000
			top.IMDb, top.KP, top.Descr = 8.3, 8.6, fixedSeriesDescription
		}
		if top.Countries[0] != "RU" {
			top.Motion = motionRatingOf(top.Age)
		}
		top.CreatedAt = addedAt(top.Year+seasons-1, 200+i)
		p.plan.Contents = append(p.plan.Contents, top)
		short := slices.Contains(s.genres, "comedy") || top.Cartoon
		for n := 1; n <= seasons; n++ {
			season := &catContent{ID: p.nextContent(), ParentID: top.ID, Type: "season", Library: top.Library,
				Title: fmt.Sprintf("Сезон %d", n), Original: fmt.Sprintf("Season %d", n), Genres: top.Genres[:1],
				Year: min(2026, top.Year+n-1), Age: top.Age, Motion: top.Motion, Season: n, Sort: n,
				Cartoon: top.Cartoon, IMDb: top.IMDb, KP: top.KP, Popularity: top.Popularity / (n + 1),
				CreatedAt: top.CreatedAt + int64(n)}
			season.Slug = catalogSlug(top.Title + " сезон " + fmt.Sprint(n))
			season.Descr = fmt.Sprintf("%s сезон сериала «%s».", seasonOrdinal(n), top.Title)
			p.plan.Contents = append(p.plan.Contents, season)
			episodes := 6 + rng.IntN(5)
			if s.ru == fixedSeries && n == 2 {
				episodes = fixedSeriesSeason2
			}
			for e := 1; e <= episodes; e++ {
				ep := &catContent{ID: p.nextContent(), ParentID: season.ID, Type: "episode", Library: top.Library,
					Genres: top.Genres[:1], Year: season.Year, Age: top.Age, Motion: top.Motion, Season: n, Series: e,
					Sort: e, Cartoon: top.Cartoon, Asset: genreAsset(s.genres[0]), CreatedAt: season.CreatedAt + int64(e)}
				names, lines := episodeNames, episodeSentences
				if top.Cartoon || top.Age <= 6 {
					names, lines = kidsEpisodeNames, kidsEpisodeSentences
				}
				ep.Title = names[rng.IntN(len(names))]
				ep.Descr = lines[rng.IntN(len(lines)-1)]
				if e == episodes && !top.Cartoon {
					ep.Descr = lines[len(lines)-1]
				}
				ep.Slug = catalogSlug(fmt.Sprintf("%s сезон %d серия %d", top.Title, n, e))
				switch {
				case top.Cartoon:
					ep.Duration = (11+rng.IntN(3))*60 + rng.IntN(60)
				case short:
					ep.Duration = (22+rng.IntN(7))*60 + rng.IntN(60)
				default:
					ep.Duration = (42+rng.IntN(14))*60 + rng.IntN(60)
				}
				if s.ru == announcedSeries && n == seasons && e > episodes-2 {
					ep.Announcement = true
				}
				p.plan.Contents = append(p.plan.Contents, ep)
			}
		}
	}
}

func seasonOrdinal(n int) string {
	return [...]string{"", "Первый", "Второй", "Третий", "Четвёртый", "Пятый"}[min(n, 5)]
}

const telecastNote = "Выпуски выходят в эфир регулярно; прошедшие передачи можно посмотреть в записи на канале в течение недели."

func (p *planner) planTelecasts(rng *rand.Rand) {
	editors := p.byCraft[craftEditor]
	for i, t := range telecasts {
		sh := showOf(t.title)
		if sh == nil {
			panic("demo catalogue: no guide show " + t.title)
		}
		c := &catContent{ID: p.nextContent(), Type: "program", Title: sh.title, Library: libFree,
			Genres: telecastGenre(t.pool), Countries: []string{"RU"}, Age: sh.age, Year: 2024 + rng.IntN(3),
			Duration: sh.minutes[0] * 60, Asset: poolAsset(t.pool), Telecast: sh.title,
			Popularity: 20000 + rng.IntN(40000)}
		c.CreatedAt = addedAt(c.Year, 400+i)
		c.Slug = catalogSlug(c.Title)
		c.Descr = sh.description + " " + telecastNote
		c.IMDb, c.KP = ratings(rng)
		c.Roles = roles(p.pickPersons(rng, craftPresenter, 1+rng.IntN(2)), "presenter")
		c.Roles = append(c.Roles, catRole{PersonID: editors[i%len(editors)].ID, Role: "editor"})
		p.plan.Contents = append(p.plan.Contents, c)
	}
}

// coverEveryPerson gives each person nobody picked one content of their
// craft, so every person page lists something.
func (p *planner) coverEveryPerson(rng *rand.Rand) {
	used := map[int64]bool{}
	var films, telecasts []*catContent
	for _, c := range p.plan.Contents {
		for _, r := range c.Roles {
			used[r.PersonID] = true
		}
		switch c.Type {
		case "movie", "series":
			films = append(films, c)
		case "program":
			telecasts = append(telecasts, c)
		}
	}
	for _, x := range p.plan.Persons {
		if used[x.ID] {
			continue
		}
		pool, role := films, x.Craft
		if x.Craft == craftPresenter || x.Craft == craftEditor {
			pool = telecasts
		}
		c := pool[rng.IntN(len(pool))]
		c.Roles = append(c.Roles, catRole{PersonID: x.ID, Role: role})
	}
}

// planTrailers: the fixed titles and about a quarter of films and series
// have a trailer.
func (p *planner) planTrailers(rng *rand.Rand) {
	for _, c := range p.plan.Contents {
		if c.Type != "movie" && c.Type != "series" {
			continue
		}
		fx, fixed := fixedFilms[c.Title]
		has := rng.IntN(100) < 25
		if (fixed && fx.trailer) || c.Title == fixedSeries || c.Title == announcedFilm {
			has = true
		}
		if !has || c.Hidden || c.Lost {
			continue
		}
		asset := c.Asset
		title := "Трейлер"
		if c.Type == "series" {
			asset, title = genreAsset(c.Genres[0]), "Тизер сериала"
		}
		p.plan.Trailers = append(p.plan.Trailers, catTrailer{ID: p.ids.Trailer, ContentID: c.ID, Title: title,
			Asset: asset, Duration: 60 + rng.IntN(91)})
		p.ids.Trailer++
	}
}

// content finds a planned content by title and type.
func (p *planner) content(typ, title string) *catContent {
	for _, c := range p.plan.Contents {
		if c.Type == typ && c.Title == title {
			return c
		}
	}
	panic("demo catalogue: no " + typ + " " + title)
}

func (p *planner) genre(slug string) *catGenre {
	for i := range p.plan.Genres {
		if p.plan.Genres[i].Slug == slug {
			return &p.plan.Genres[i]
		}
	}
	panic("demo catalogue: no genre " + slug)
}
