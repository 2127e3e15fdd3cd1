package demo

import "strings"

// The demo's series ("ru | en | genres | seasons"; seasons 0 picks 2-4)
// and the telecasts (programmes) made from the guide's shows.
const seriesLines = `
Северный ветер | North Wind | adventure drama | 3
Участковый с Заречной | The Zarechnaya Beat Officer | detective comedy | 0
Скорая с Литейного | Liteyny Ambulance | drama | 0
Тайны Приморска | The Secrets of Primorsk | detective thriller | 0
Общежитие номер пять | Dormitory Number Five | comedy | 0
Застава на краю | The Outpost at the Edge | action adventure | 0
Дело следователя Орлова | Investigator Orlov's Case | detective crime | 0
Династия Морозовых | The Morozov Dynasty | drama history | 0
Кадеты Кронштадта | The Kronstadt Cadets | drama history | 0
Станция «Восток-два» | Vostok Two Station | scifi thriller | 0
Город невест | City of Brides | romance comedy | 0
Шахматный клуб | The Chess Club | drama | 0
Ресторан «Жар-птица» | The Firebird Restaurant | comedy | 0
Охотники за кладами | The Treasure Hunters | adventure family | 0
Тихий отдел | The Quiet Department | crime detective | 0
Сибирский экспресс | The Siberian Express | thriller action | 0
Семья по контракту | Family by Contract | comedy family | 0
Тень императора | The Emperor's Shadow | history drama | 0
Маяк на краю света | The Lighthouse at World's End | thriller detective | 0
Школа на холме | The School on the Hill | family drama | 0
Колония «Новая Земля» | New Earth Colony | scifi drama | 4
Адвокат Соколова | Advocate Sokolova | drama crime | 0
Дворовые истории | Courtyard Stories | comedy | 0
Ледокол «Отважный» | Icebreaker Brave | adventure | 0
Невидимый детектив | The Invisible Detective | family detective | 0
Лесные спасатели | The Forest Rescuers | cartoon | 0
Робик и Бобик | Robik and Bobik | cartoon comedy | 0
Космические котята | Space Kittens | cartoon scifi | 0
Юные изобретатели | The Young Inventors | family comedy | 0
Сказки старого дуба | Tales of the Old Oak | cartoon fantasy | 0
`

type seriesSeed struct {
	ru, en  string
	genres  []string
	seasons int
}

func seriesSeeds() []seriesSeed {
	var out []seriesSeed
	for _, line := range strings.Split(strings.TrimSpace(seriesLines), "\n") {
		p := strings.Split(line, "|")
		s := seriesSeed{ru: strings.TrimSpace(p[0]), en: strings.TrimSpace(p[1]), genres: strings.Fields(p[2])}
		s.seasons = int(strings.TrimSpace(p[3])[0] - '0')
		out = append(out, s)
	}
	return out
}

// The fixed series: "Северный ветер" has 3 seasons, the second of 8
// episodes; it is free and for 12+.
const (
	fixedSeries        = "Северный ветер"
	fixedSeriesSeason2 = 8
	// the last two episodes of this series' last season are announced
	announcedSeries = "Колония «Новая Земля»"
)

const fixedSeriesDescription = "Полярная станция на мысе Северный живёт по своим законам: связь с большой землёй раз в неделю, " +
	"вертолёт раз в месяц, а ветер не стихает никогда. Новый начальник станции Андрей Громов приезжает сюда с намерением " +
	"навести порядок, но быстро понимает, что у каждого из зимовщиков есть причина прятаться на краю света.\n\n" +
	"Приключенческая драма о людях, которые выбрали север, и о том, что север делает с людьми. Снята на Кольском полуострове " +
	"и в Арктике, с настоящими полярниками в эпизодах."

// telecasts are the guide's shows that become catalogue programmes (their
// schedule entries are the programmes' catch-up sources), with the pool
// genre that picks the catalogue genre and the demo asset.
var telecasts = []struct{ title, pool string }{
	{"Новости", "news"}, {"Утро в эфире", "news"}, {"Итоги дня", "news"}, {"Интервью", "news"}, {"Репортаж", "news"},
	{"Мир за неделю", "news"},
	{"Спортивные новости", "sport"}, {"Футбол. Обзор тура", "sport"}, {"Хоккей. Матч дня", "sport"},
	{"Биатлон. Кубок мира", "sport"}, {"Теннис. Турнир мастеров", "sport"}, {"Бокс. Вечер поединков", "sport"},
	{"Легенды спорта", "sport"},
	{"Умная зарядка", "kids"},
	{"Дикая природа", "docs"}, {"Великие открытия", "docs"}, {"Тайны истории", "docs"}, {"Океан", "docs"},
	{"Города мира", "docs"}, {"Как это устроено", "docs"},
	{"Готовим дома", "lifestyle"}, {"Дачный сезон", "lifestyle"}, {"Тест-драйв", "lifestyle"},
	{"Хит-парад", "music"}, {"Живой звук", "music"}, {"Музыкальные новости", "music"}, {"Золотые хиты", "music"},
	{"Вечерний юмор", "fun"}, {"Шоу талантов", "fun"},
	{"Прогноз погоды", "weather"},
}

// telecastGenre is the catalogue genre of a guide pool.
func telecastGenre(pool string) []string {
	switch pool {
	case "news", "weather":
		return []string{"news"}
	case "sport":
		return []string{"sport"}
	case "kids":
		return []string{"educational", "family"}
	case "docs":
		return []string{"documentary", "educational"}
	case "music":
		return []string{"music", "entertainment"}
	}
	return []string{"entertainment"}
}

// poolAsset is the demo video that plays a pool's telecasts.
func poolAsset(pool string) string {
	switch pool {
	case "news", "weather":
		return "ch02"
	case "sport":
		return "ch03"
	case "kids":
		return "ch04"
	case "docs":
		return "ch07"
	case "music":
		return "ch06"
	}
	return "ch01"
}

// genreAsset is the demo video that plays a film or an episode.
func genreAsset(genre string) string {
	switch genre {
	case "cartoon", "family":
		return "ch04"
	case "documentary":
		return "ch07"
	case "music":
		return "ch06"
	case "sport":
		return "ch03"
	case "scifi", "fantasy":
		return "ch08"
	case "comedy", "romance":
		return "ch01"
	}
	return "ch05"
}

// showOf finds a guide show by title.
func showOf(title string) *show {
	for _, g := range sortedGenres() {
		for i := range pools[g] {
			if pools[g][i].title == title {
				return &pools[g][i]
			}
		}
	}
	return nil
}
