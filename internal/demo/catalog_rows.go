package demo

import (
	"cmp"
	"encoding/json"
	"slices"

	"efir/internal/artwork"
)

// Rows, rowsets (the header menu's pages) and promotions of the demo. The
// start page uses every tile template of the spec, so the client's whole
// row vocabulary is on show; the kids page holds only contents for 12 and
// under; /newyear reads the rows newyear-1..5.

type catItem struct {
	Kind string // content, person, promotion, channel
	ID   int64
	Ref  string // a channel's slug (channel ids come from the line-up)
}

type catRow struct {
	ID                            int64
	Slug, Title, Template, Source string
	Query                         string // JSON
	Library                       string // library key or ""
	Descr, HTML                   string
	Items                         []catItem
}

type catRowset struct {
	ID                           int64
	Slug, Template, Title, Descr string
	URL                          string
	MenuSort                     int
	ForKids                      bool
	Rows                         []int64
}

type catPromo struct {
	ID                                 int64
	Name, Title, Short, Descr, ColorBg string
	Age, Year                          int
	TrailerID                          int64
	DestType                           string
	DestID                             int64  // content, row, rowset
	DestRef                            string // channel slug or packet short, resolved when written
	DestSlug, DestSrc                  string
	DestLibrary                        int64
	DestTitle, DestDescr               string
	Is4K, IsHD                         bool
	Icon, IconFocused                  string // button icons, files of the web client
	GraphicTitle                       string // the banner's title as a picture (artwork.TitleURL)
	GraphicTitleW, GraphicTitleH       int    // its size in points
}

// Channel category ids the channel rows list (see tv_lineup.go).
const (
	rowCatAll     = 32
	rowCatPopular = 17
	rowCatNews    = 1
	rowCatSport   = 2
	rowCatFilms   = 3
	rowCatKids    = 22
)

func query(m map[string]any) string {
	b, _ := json.Marshal(m) // map keys come out sorted: the same bytes every run
	return string(b)
}

func (p *planner) addRow(r *catRow) *catRow {
	r.ID = p.ids.Row
	p.ids.Row++
	if r.Source == "" {
		r.Source = "items"
	}
	if r.Query == "" {
		r.Query = "{}"
	}
	p.plan.Rows = append(p.plan.Rows, r)
	return r
}

func (p *planner) addRowset(s *catRowset, rows ...*catRow) *catRowset {
	s.ID = p.ids.Rowset
	p.ids.Rowset++
	for _, r := range rows {
		s.Rows = append(s.Rows, r.ID)
	}
	p.plan.Rowsets = append(p.plan.Rowsets, s)
	return s
}

func (p *planner) addPromo(x *catPromo) *catPromo {
	x.ID = p.ids.Promotion
	p.ids.Promotion++
	p.plan.Promotions = append(p.plan.Promotions, x)
	return x
}

func (p *planner) libraryID(key string) int64 {
	for _, l := range p.plan.Libraries {
		if l.Key == key {
			return l.ID
		}
	}
	return 0
}

func wireSlugOf(c *catContent) string { return c.Slug + "-" + itoa64(c.ID) }

func itoa64(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// contentPromo leads to a content, with its age, year and trailer.
func (p *planner) contentPromo(name, short, color string, c *catContent) *catPromo {
	x := &catPromo{Name: name, Title: c.Title, Short: short, Descr: firstSentence(c.Descr), ColorBg: color, Age: c.Age,
		Year: c.Year, DestType: "content", DestID: c.ID, DestSlug: wireSlugOf(c), DestLibrary: p.libraryID(c.Library)}
	for _, t := range p.plan.Trailers {
		if t.ContentID == c.ID {
			x.TrailerID = t.ID
			break
		}
	}
	return p.addPromo(x)
}

func firstSentence(s string) string {
	for i, r := range s {
		if r == '.' || r == '!' || r == '?' {
			return s[:i+1]
		}
	}
	return s
}

func items(kind string, ids ...int64) []catItem {
	out := make([]catItem, 0, len(ids))
	for _, id := range ids {
		out = append(out, catItem{Kind: kind, ID: id})
	}
	return out
}

func promoItems(list ...*catPromo) []catItem {
	out := make([]catItem, 0, len(list))
	for _, x := range list {
		out = append(out, catItem{Kind: "promotion", ID: x.ID})
	}
	return out
}

func contentItems(list []*catContent) []catItem {
	out := make([]catItem, 0, len(list))
	for _, c := range list {
		out = append(out, catItem{Kind: "content", ID: c.ID})
	}
	return out
}

// pick lists the visible contents that pass keep, most popular first, at
// most n.
func (p *planner) pick(n int, keep func(c *catContent) bool) []*catContent {
	var out []*catContent
	for _, c := range p.plan.Contents {
		if !c.Hidden && !c.Lost && keep(c) {
			out = append(out, c)
		}
	}
	slices.SortStableFunc(out, func(a, b *catContent) int { return cmp.Compare(b.Popularity, a.Popularity) })
	return out[:min(n, len(out))]
}

// genreRowDescriptions are the descriptions of a few genre rows (one with
// HTML, for the client's html_description).
var genreRowDescriptions = map[string][2]string{
	"comedy": {"Лёгкие и добрые комедии для хорошего настроения.",
		"<p>Лёгкие и добрые <b>комедии</b> для хорошего настроения: семейные, романтические и абсурдные.</p>"},
	"detective": {"Запутанные расследования, неожиданные развязки и сыщики с характером.", ""},
	"scifi":     {"Космос, будущее и технологии, которые меняют человека.", ""},
	"family":    {"Кино, которое можно смотреть всей семьёй.", ""},
}

func (p *planner) planRows() {
	// One row per genre: genre tags link to /row/{slug}.
	genreRows := map[string]*catRow{}
	for i := range p.plan.Genres {
		g := &p.plan.Genres[i]
		d := genreRowDescriptions[g.Slug]
		r := p.addRow(&catRow{Slug: g.Slug, Title: g.Name, Template: "content-v", Source: "query",
			Query: query(map[string]any{"genre": g.ID, "order": "popular"}), Descr: d[0], HTML: d[1]})
		g.RowID = r.ID
		genreRows[g.Slug] = r
	}

	// Promotions.
	matrix, wind := p.content("movie", "Матрица снов"), p.content("series", fixedSeries)
	fox, kitten := p.content("movie", "Лисёнок Тим"), p.content("movie", "Котёнок Пуговка")
	sliderMatrix := p.contentPromo("slider-matrix", "Премьера", "#2b1a5e", matrix)
	sliderMatrix.IsHD = true
	sliderWind := p.contentPromo("slider-north-wind", "Все сезоны бесплатно", "#0d3b66", wind)
	// The two content banners show the spec's graphic title: their names
	// drawn as logos. The other banners keep the text title.
	for _, x := range []*catPromo{sliderMatrix, sliderWind} {
		x.GraphicTitle = artwork.TitleURL(x.ID)
		// the picture sets the content's name, which a content promotion's title is here
		x.GraphicTitleW, x.GraphicTitleH = artwork.TitleSize(x.Title)
	}
	sliderChannel := p.addPromo(&catPromo{Name: "slider-efir-1", Title: "«Эфир Первый» в прямом эфире",
		Short: "Телеканал", Descr: "Новости, сериалы и шоу: смотрите в прямом эфире или в записи за неделю.",
		ColorBg: "#d62f3b", DestType: "channel", DestRef: "efir-1", DestSlug: "efir-1"})
	sliderKids := p.addPromo(&catPromo{Name: "slider-kids", Title: "Всё для детей", Short: "Детям",
		Descr: "Мультфильмы, семейное кино и детские каналы в одном месте.", ColorBg: "#f2a516", DestType: "rowset",
		DestSlug: "kids"})
	sliderPremium := p.addPromo(&catPromo{Name: "slider-premium", Title: "Премиум: кино без ограничений",
		Short: "Пакет", Descr: "Премьеры фильмов и сериалов, футбол и каналы в 4K. Первые 14 дней бесплатно.",
		ColorBg: "#7a1f3d", DestType: "packet", DestRef: "premium-1", Is4K: true, IsHD: true})
	collection := func(name, title, color string, r *catRow) *catPromo {
		return p.addPromo(&catPromo{Name: name, Title: title, Short: "Подборка", Descr: r.Descr, ColorBg: color,
			DestType: "row", DestID: r.ID, DestSlug: r.Slug})
	}
	wide := p.addPromo(&catPromo{Name: "wide-premium", Title: "Премьеры каждую неделю",
		Short: "Пакет «Премиум»", Descr: "Подключите «Премиум» и смотрите новинки кино в день выхода.",
		ColorBg: "#1b2a4a", DestType: "packet", DestRef: "premium-1"})
	promoKey := p.addPromo(&catPromo{Name: "button-promo-code", Title: "Ввести промокод", Short: "Промокод",
		ColorBg: "#3a7bd5", DestType: "enter_promo_key",
		Icon: "/icons/promo-code.svg", IconFocused: "/icons/promo-code-focused.svg"})
	howTo := p.addPromo(&catPromo{Name: "button-how-to", Title: "Как смотреть на телевизоре", Short: "Инструкция",
		ColorBg: "#2e8b57", DestType: "text", DestTitle: "Эфир на телевизоре",
		DestDescr: "Установите приложение «Эфир» из магазина приложений вашего Smart TV, откройте его и войдите по номеру телефона. " +
			"Подписки и избранное появятся на телевизоре автоматически.",
		Icon: "/icons/tv.svg", IconFocused: "/icons/tv-focused.svg"})
	help := p.addPromo(&catPromo{Name: "button-help", Title: "Справка", Short: "Помощь", ColorBg: "#6a5acd",
		DestType: "open_url", DestSrc: "https://efir.example/help", Icon: "/icons/help.svg", IconFocused: "/icons/help-focused.svg"})
	lastChannel := p.addPromo(&catPromo{Name: "brand-last-channel", Title: "Вернуться к каналу", Short: "Эфир",
		ColorBg: "#c0392b", DestType: "last_channel"})
	brandCatalog := p.addPromo(&catPromo{Name: "brand-catalog", Title: "Весь каталог", Short: "Каталог",
		ColorBg: "#16a085", DestType: "rowset", DestSlug: "catalog"})
	packetPromo := func(name, title, short, descr, color, packet string) *catPromo {
		return p.addPromo(&catPromo{Name: name, Title: title, Short: short, Descr: descr, ColorBg: color,
			DestType: "packet", DestRef: packet})
	}
	base := packetPromo("packet-base", "Базовый", "Более 30 каналов",
		"Новости, спорт, кино, детские и познавательные каналы.", "#1f6fd1", "base-1")
	premium := packetPromo("packet-premium", "Премиум", "Кино и 4K",
		"Кинотека «Премиум», футбол, премьеры и каналы в 4K.", "#7a1f3d", "premium-1")
	night := packetPromo("packet-night", "Ночной клуб", "18+", "Каналы для взрослых. Только 18+.", "#5a1030", "night-1")
	night.Age = 18 // child profiles never see the adult packet's offer

	// The start page: every tile template, 24 rows.
	slider := p.addRow(&catRow{Slug: "main-slider", Title: "Главное", Template: "promo-bg",
		Items: promoItems(sliderMatrix, sliderWind, sliderChannel, sliderKids, sliderPremium)})
	continueRow := p.addRow(&catRow{Slug: "continue-watching", Title: "Продолжить просмотр", Template: "history-h", Source: "history"})
	newMovies := p.addRow(&catRow{Slug: "new-movies", Title: "Новинки кино", Template: "content-v", Source: "query",
		Query: query(map[string]any{"content_type": "movie", "order": "year"})})
	popularChannels := p.addRow(&catRow{Slug: "popular-channels", Title: "Популярные каналы", Template: "channel",
		Source: "channels", Query: query(map[string]any{"category": rowCatPopular})})
	popularSeries := p.addRow(&catRow{Slug: "popular-series", Title: "Популярные сериалы", Template: "content-h",
		Source: "query", Query: query(map[string]any{"content_type": "series", "order": "popular"})})
	// A library row names its library twice: as the row's library_id and in
	// the query, which is what narrows the list.
	freeMovies := p.addRow(&catRow{Slug: "free-movies", Title: "Смотрите бесплатно", Template: "content-v", Source: "query",
		Query: query(map[string]any{"content_type": "movie", "order": "popular", "library_id": p.libraryID(libFree)}), Library: libFree,
		Descr: "Фильмы, которые можно смотреть без подписки."})
	newYear := make([]*catRow, 5)
	collections := []*catPromo{
		collection("collection-comedy", "Комедии", "#e3b02b", genreRows["comedy"]),
		collection("collection-detective", "Детективы", "#4a4a6a", genreRows["detective"]),
		collection("collection-scifi", "Фантастика", "#1b4f72", genreRows["scifi"]),
		collection("collection-romance", "Мелодрамы", "#b03a5b", genreRows["romance"]),
		collection("collection-adventure", "Приключения", "#2e7d32", genreRows["adventure"]),
		collection("collection-documentary", "Документальное кино", "#5d6d7e", genreRows["documentary"]),
		collection("collection-free", "Смотрите бесплатно", "#00897b", freeMovies),
	}
	collectionsRow := p.addRow(&catRow{Slug: "collections", Title: "Подборки", Template: "collection-v",
		Items: promoItems(collections...)})
	topRated := p.addRow(&catRow{Slug: "top-rated", Title: "С высоким рейтингом", Template: "content-v", Source: "query",
		Query: query(map[string]any{"content_type": "movie", "rating_from": 8, "order": "rating"})})
	stars := p.addRow(&catRow{Slug: "stars", Title: "Актёры и режиссёры", Template: "person", Items: p.starItems(16)})
	wideRow := p.addRow(&catRow{Slug: "premium-wide", Title: "Премиум", Template: "promo-wide", Items: promoItems(wide)})
	telecastsRow := p.addRow(&catRow{Slug: "telecasts", Title: "Телепередачи в записи", Template: "content-h",
		Source: "query", Query: query(map[string]any{"content_type": "program", "order": "popular"})})
	buttons := p.addRow(&catRow{Slug: "quick-actions", Title: "Быстрые действия", Template: "button",
		Items: promoItems(promoKey, howTo, help)})
	cartoons := p.addRow(&catRow{Slug: "cartoons", Title: "Мультфильмы", Template: "content-v", Source: "query",
		Query: query(map[string]any{"cartoon": true, "order": "popular"})})
	watched := p.addRow(&catRow{Slug: "watched", Title: "Вы смотрели", Template: "history", Source: "history"})
	kidsChannels := p.addRow(&catRow{Slug: "kids-channels", Title: "Детские каналы", Template: "channels",
		Source: "channels", Query: query(map[string]any{"category": rowCatKids})})
	packets := p.addRow(&catRow{Slug: "packets", Title: "Подписки", Template: "packet_promo",
		Items: promoItems(base, premium, night)})
	// the branded buttons lead to /newyear's first row; it is made below
	brand := p.addRow(&catRow{Slug: "brand-buttons", Title: "Эфир рекомендует", Template: "branded_button"})
	basePacket := p.addRow(&catRow{Slug: "base-packet", Title: "Базовый пакет", Template: "packet_promo_base",
		Items: promoItems(base)})
	favorites := p.addRow(&catRow{Slug: "favorites", Title: "Избранное", Template: "content-h", Source: "favorites"})
	donate := p.addRow(&catRow{Slug: "donate", Title: "Дополнительные пакеты", Template: "donate_packs",
		Items: promoItems(premium, night)})
	editors := p.addRow(&catRow{Slug: "editors-choice", Title: "Выбор редакции", Template: "content-h",
		Items: contentItems(p.editorsChoice())})
	p.addRowset(&catRowset{Slug: "startpage", Template: "startpage", Title: "Главная", MenuSort: 1,
		Descr: "Фильмы, сериалы и телеканалы онлайн в хорошем качестве."},
		slider, continueRow, newMovies, popularChannels, popularSeries, collectionsRow, topRated, stars, wideRow,
		telecastsRow, buttons, cartoons, watched, kidsChannels, packets, genreRows["comedy"], brand, freeMovies,
		basePacket, favorites, donate, genreRows["detective"], genreRows["scifi"], editors)

	// Channels page.
	channelRow := func(slug, title string, category int) *catRow {
		return p.addRow(&catRow{Slug: slug, Title: title, Template: "channel", Source: "channels",
			Query: query(map[string]any{"category": category})})
	}
	p.addRowset(&catRowset{Slug: "channels", Template: "tvchannels", Title: "Телеканалы", MenuSort: 2,
		Descr: "Более 35 телеканалов в прямом эфире и в записи за неделю."},
		channelRow("channels-all", "Все каналы", rowCatAll), popularChannels, channelRow("channels-news", "Новости", rowCatNews),
		channelRow("channels-sport", "Спорт", rowCatSport), channelRow("channels-films", "Кино и сериалы", rowCatFilms),
		kidsChannels)

	// Movies and series pages.
	movieQuery := func(slug, title, template string, q map[string]any) *catRow {
		q["content_type"] = "movie"
		return p.addRow(&catRow{Slug: slug, Title: title, Template: template, Source: "query", Query: query(q)})
	}
	p.addRowset(&catRowset{Slug: "movies", Template: "contents", Title: "Фильмы", MenuSort: 3,
		Descr: "Новинки и классика кино: драмы, комедии, боевики, фантастика и мультфильмы."},
		movieQuery("movies-popular", "Популярные фильмы", "content-v", map[string]any{"order": "popular"}),
		newMovies, genreRows["drama"], genreRows["comedy"], genreRows["action"], genreRows["thriller"],
		genreRows["detective"], genreRows["scifi"], genreRows["romance"], genreRows["adventure"], genreRows["family"],
		genreRows["history"], topRated,
		movieQuery("movies-foreign", "Зарубежное кино", "content-h", map[string]any{"country": 840, "order": "popular"}),
		movieQuery("movies-classics", "Классика", "content-v", map[string]any{"year_to": 1995, "order": "rating"}),
		freeMovies)
	seriesQuery := func(slug, title, template string, q map[string]any) *catRow {
		q["content_type"] = "series"
		return p.addRow(&catRow{Slug: slug, Title: title, Template: template, Source: "query", Query: query(q)})
	}
	seriesFree := seriesQuery("series-free", "Сериалы бесплатно", "content-v",
		map[string]any{"order": "popular", "library_id": p.libraryID(libFree)})
	seriesFree.Library = libFree
	p.addRowset(&catRowset{Slug: "series", Template: "contents", Title: "Сериалы", MenuSort: 4,
		Descr: "Российские и зарубежные сериалы: все сезоны и серии."},
		popularSeries, seriesQuery("series-new", "Новые сериалы", "content-v", map[string]any{"order": "year"}),
		seriesQuery("series-detective", "Детективные сериалы", "content-h", map[string]any{"genre": p.genre("detective").ID}),
		seriesQuery("series-drama", "Драматические сериалы", "content-v", map[string]any{"genre": p.genre("drama").ID}),
		seriesQuery("series-comedy", "Комедийные сериалы", "content-h", map[string]any{"genre": p.genre("comedy").ID}),
		seriesFree)

	// Kids: only contents for 12 and under.
	kidsSlider := p.addRow(&catRow{Slug: "kids-slider", Title: "Детям", Template: "promo-bg", Items: promoItems(
		p.contentPromo("kids-fox", "Новый мультфильм", "#e67e22", fox),
		p.contentPromo("kids-kitten", "Для самых маленьких", "#f06292", kitten),
		p.addPromo(&catPromo{Name: "kids-multlandia", Title: "Мультляндия", Short: "Телеканал",
			Descr: "Мультфильмы круглые сутки на бесплатном канале.", ColorBg: "#f2a516", DestType: "channel",
			DestRef: "multlandia", DestSlug: "multlandia"}))})
	kidsMovies := p.addRow(&catRow{Slug: "kids-movies", Title: "Семейное кино", Template: "content-v",
		Items: contentItems(p.pick(24, func(c *catContent) bool {
			return c.Type == "movie" && c.Age <= 12 && !c.Cartoon &&
				(slices.Contains(c.Genres, "family") || slices.Contains(c.Genres, "adventure") || slices.Contains(c.Genres, "fantasy"))
		}))})
	kidsSeries := p.addRow(&catRow{Slug: "kids-series", Title: "Сериалы и мультсериалы", Template: "content-h",
		Items: contentItems(p.pick(24, func(c *catContent) bool { return c.Type == "series" && c.Age <= 12 }))})
	kidsTelecasts := p.addRow(&catRow{Slug: "kids-telecasts", Title: "Познавательные передачи", Template: "content-h",
		Items: contentItems(p.pick(24, func(c *catContent) bool { return c.Type == "program" && c.Age <= 6 }))})
	p.addRowset(&catRowset{Slug: "kids", Template: "contents", Title: "Детям", MenuSort: 5, ForKids: true,
		Descr: "Мультфильмы, семейное кино и детские каналы: только то, что можно смотреть детям."},
		kidsSlider, cartoons, kidsMovies, kidsSeries, kidsChannels, genreRows["family"], kidsTelecasts)

	// The catalogue page and the help link of the header menu.
	genresRow := p.addRow(&catRow{Slug: "genres", Title: "Жанры", Template: "collection-v", Items: promoItems(collections[:6]...)})
	p.addRowset(&catRowset{Slug: "catalog", Template: "group.catalog", Title: "Каталог", MenuSort: 6,
		Descr: "Все фильмы, сериалы и телепередачи по жанрам."},
		genresRow, telecastsRow, genreRows["documentary"], genreRows["cartoon"], genreRows["music"], genreRows["sport"])
	p.addRowset(&catRowset{Slug: "help", Template: "outer_link", Title: "Помощь", URL: "/faq", MenuSort: 7})

	// /newyear: five fixed rows.
	var nyFilms []*catContent
	for _, t := range newYearFilms {
		nyFilms = append(nyFilms, p.content("movie", t))
	}
	newYear[0] = p.addRow(&catRow{Slug: "newyear-1", Title: "Новогоднее кино", Template: "content-v", Items: contentItems(nyFilms)})
	newYear[1] = p.addRow(&catRow{Slug: "newyear-2", Title: "Праздничные каналы", Template: "channel", Items: []catItem{
		{Kind: "channel", Ref: "efir-1"}, {Kind: "channel", Ref: "multlandia"}, {Kind: "channel", Ref: "kinozal"},
		{Kind: "channel", Ref: "comedy"}, {Kind: "channel", Ref: "music-hits"}, {Kind: "channel", Ref: "skazka"}}})
	newYear[2] = p.addRow(&catRow{Slug: "newyear-3", Title: "Зимние мультфильмы", Template: "content-h",
		Items: contentItems(p.pick(12, func(c *catContent) bool { return c.Cartoon && c.Type != "season" && c.Type != "episode" }))})
	newYear[3] = p.addRow(&catRow{Slug: "newyear-4", Title: "Кино для всей семьи", Template: "content-v", Source: "query",
		Query: query(map[string]any{"genre": p.genre("family").ID, "order": "popular"})})
	newYear[4] = p.addRow(&catRow{Slug: "newyear-5", Title: "Сериалы на каникулы", Template: "content-h",
		Items: contentItems(p.pick(12, func(c *catContent) bool { return c.Type == "series" && c.Age <= 12 }))})
	p.addRowset(&catRowset{Slug: "newyear", Template: "startpage", Title: "Новый год",
		Descr: "Праздничные фильмы, мультфильмы и каналы к Новому году."}, newYear...)
	ny := p.addPromo(&catPromo{Name: "brand-newyear", Title: "Новогоднее кино", Short: "Праздник", ColorBg: "#b71c1c",
		DestType: "row", DestID: newYear[0].ID, DestSlug: newYear[0].Slug})
	brand.Items = promoItems(lastChannel, brandCatalog, ny)
}

// starItems are the persons who appear in the most contents (actors and
// directors), for the person row.
func (p *planner) starItems(n int) []catItem {
	count := map[int64]int{}
	for _, c := range p.plan.Contents {
		for _, r := range c.Roles {
			if r.Role == "actor" || r.Role == "director" {
				count[r.PersonID]++
			}
		}
	}
	list := slices.Clone(p.plan.Persons)
	slices.SortStableFunc(list, func(a, b *catPerson) int { return cmp.Compare(count[b.ID], count[a.ID]) })
	var ids []int64
	for _, x := range list[:n] {
		ids = append(ids, x.ID)
	}
	return items("person", ids...)
}

// editorsChoice: the fixed titles first, then the best-rated films.
func (p *planner) editorsChoice() []*catContent {
	out := []*catContent{p.content("movie", "Матрица снов"), p.content("series", fixedSeries),
		p.content("movie", "Тёмная вода"), p.content("movie", "Лисёнок Тим")}
	best := p.pick(len(p.plan.Contents), func(c *catContent) bool { return c.Type == "movie" && c.Age < 18 })
	slices.SortStableFunc(best, func(a, b *catContent) int { return cmp.Compare(b.IMDb, a.IMDb) })
	for _, c := range best {
		if len(out) >= 14 {
			break
		}
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}
