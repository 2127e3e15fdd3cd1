package demo

import "strings"

// The demo's films: invented titles with invented English originals and
// their genres (the first is the main one). Lines are "ru | en | genres".
// The fixed titles the tests rely on are among them and get the details
// of fixedFilms.
const filmLines = `
Матрица снов | Matrix of Dreams | scifi thriller
Тёмная вода | The Dark Current | thriller detective
Ночной клуб | The Night Club | crime thriller
Лисёнок Тим | Tim the Little Fox | cartoon family
Соль на ладонях | Salt in Our Palms | drama
Письма без адреса | Letters Without an Address | drama romance
Зима в Камышине | Winter in Kamyshin | drama
Чужая весна | Someone Else's Spring | drama romance
Последний трамвай до Озёрной | The Last Tram to Ozyornaya | drama
Отец и маяк | The Father and the Lighthouse | drama family
Стеклянные птицы | Glass Birds | drama
Двенадцать шагов до моря | Twelve Steps to the Sea | drama
Дочь часовщика | The Watchmaker's Daughter | drama history
Ветер над Ладогой | Wind over Ladoga | drama
Пока горит свет | While the Light Is On | drama
Тишина после грома | Silence After Thunder | drama war
Осенний экзамен | The Autumn Exam | drama
Сад на крыше | The Rooftop Garden | drama comedy
Мосты из бумаги | Paper Bridges | drama
Свадьба на колёсах | Wedding on Wheels | comedy romance
Папа в отпуске | Dad on Leave | comedy family
Как украсть кота | How to Steal a Cat | comedy
Бабушка против всех | Grandma Versus Everyone | comedy family
Шеф на час | Chef for an Hour | comedy
Двое в лифте | Two in an Elevator | comedy romance
Отпуск по ошибке | Vacation by Mistake | comedy
Дача строгого режима | The Strict Regime Dacha | comedy
Миллион в чемодане | A Million in a Suitcase | comedy crime
Соседи сверху | The Neighbours Upstairs | comedy
Караоке-агентство | The Karaoke Agency | comedy music
Операция «Пельмени» | Operation Dumplings | comedy
Жених напрокат | Groom for Hire | comedy romance
Бизнес на лимонах | Lemon Business | comedy
Снегурочка на каникулах | Snow Maiden on Holiday | comedy family
Дед Мороз в отставке | Father Frost Retired | comedy family
Стальной коридор | Steel Corridor | action
Точка перехвата | Intercept Point | action thriller
Последний конвой | The Last Convoy | action war
Код «Бета» | Code Beta | action scifi
Ночной рейд | Night Raid | action crime
Перевал Чёрный | Black Pass | action adventure
Огненная граница | Burning Border | action
Скорость тени | Shadow Speed | action
Бронепоезд «Север» | Armoured Train North | action history
Гром над портом | Thunder over the Harbour | action crime
Охота на курьера | Hunting the Courier | action
Шёпот в стенах | Whispers in the Walls | thriller horror
Комната без окон | A Room Without Windows | thriller
Чужой пароль | Someone Else's Password | thriller crime
Восьмой этаж | The Eighth Floor | thriller
Слепая зона | The Blind Zone | thriller action
Последний звонок из Риги | The Last Call from Riga | thriller
Тень на снегу | A Shadow on the Snow | thriller detective
Зеркальный лабиринт | The Mirror Labyrinth | thriller
Красный маяк | The Red Beacon | thriller
Ночной паром | The Night Ferry | thriller
Протокол тишины | The Silence Protocol | thriller scifi
Убийство в Зеленогорске | Murder in Zelenogorsk | detective
Дело о пропавшем скрипаче | The Case of the Missing Violinist | detective music
Следователь Громова | Investigator Gromova | detective crime
Тайна третьей платформы | The Mystery of Platform Three | detective
Свидетель из поезда | The Witness from the Train | detective thriller
Алиби для сыщика | An Alibi for the Detective | detective comedy
Семь ключей от дачи | Seven Keys to the Dacha | detective
Улика в кармане | Evidence in the Pocket | detective
Инспектор и туман | The Inspector and the Fog | detective
Загадка Белого озера | The Riddle of White Lake | detective adventure
Почерк убийцы | The Killer's Handwriting | detective thriller
Исчезновение в Выборге | Vanishing in Vyborg | detective
Орбита «Рассвет» | Orbit Dawn | scifi
Сигнал с Тритона | Signal from Triton | scifi
Колония-семь | Colony Seven | scifi action
Купол над Саратовом | The Dome over Saratov | scifi
Последний андроид | The Last Android | scifi drama
Разрыв времени | Time Rift | scifi
Звёздный лоцман | The Star Pilot | scifi adventure
Память машины | Machine Memory | scifi
Ледяная планета | The Ice Planet | scifi adventure
Эхо Андромеды | Echo of Andromeda | scifi
Квантовый сосед | The Quantum Neighbour | scifi comedy
Станция «Полюс» | Station Pole | scifi thriller
Сто лет до Марса | A Hundred Years to Mars | scifi drama
Хранитель зеркал | The Keeper of Mirrors | fantasy
Ключ от семи миров | The Key to Seven Worlds | fantasy adventure
Дракон с улицы Садовой | The Dragon of Sadovaya Street | fantasy family
Книга без букв | The Book Without Letters | fantasy
Ведьма из Кижей | The Witch of Kizhi | fantasy
Серебряный лес | The Silver Forest | fantasy family
Королевство туманов | The Kingdom of Mists | fantasy adventure
Часовщик судеб | The Clockmaker of Fates | fantasy drama
Кофе на двоих | Coffee for Two | romance comedy
Весна в Калининграде | Spring in Kaliningrad | romance
Письмо из Парижа | A Letter from Paris | romance drama
Вальс на набережной | Waltz on the Embankment | romance
Любовь по расписанию | Love by Timetable | romance
Невеста из Сочи | The Bride from Sochi | romance comedy
Двое у камина | Two by the Fireplace | romance
Лето с незнакомцем | Summer with a Stranger | romance
Поцелуй на перроне | A Kiss on the Platform | romance
Запретный сезон | The Forbidden Season | romance drama
Остров старого капитана | The Old Captain's Island | adventure family
Экспедиция «Алтай» | Expedition Altai | adventure
Сокровища Камчатки | The Treasures of Kamchatka | adventure
Через тайгу | Across the Taiga | adventure
Карта белого медведя | The Polar Bear's Map | adventure family
Последний перевал | The Last Pass | adventure drama
Пески Каракума | The Sands of Karakum | adventure
Путь на Памир | The Road to the Pamirs | adventure
Затерянный фрегат | The Lost Frigate | adventure history
Голос Байкала | The Voice of Baikal | adventure
Дом на болоте | The House on the Marsh | horror
Шорох | The Rustle | horror thriller
Кукольный мастер с Гороховой | The Dollmaker of Gorokhovaya | horror
Пассажир из девятого вагона | The Passenger from Car Nine | horror thriller
Глубже колодца | Deeper than the Well | horror
Тени Чернолесья | Shadows of Blackwood | horror fantasy
Банда с Лиговки | The Ligovka Gang | crime
Общак | The Common Fund | crime drama
Большая игра в Одессе | The Big Game in Odessa | crime comedy
Фальшивый рубль | The Counterfeit Rouble | crime detective
Порт приписки | Home Port | crime drama
Рубеж сорок первого | The Frontier of Forty-One | war history
Полковой оркестр | The Regimental Band | war music
Крепость на Неве | The Fortress on the Neva | history
Последний рейс «Чайки» | The Last Voyage of the Seagull | war adventure
Летопись Северска | The Chronicle of Seversk | history
Гусар и шпионка | The Hussar and the Spy | history comedy
Северный фронт | Northern Front | war
Тайный агент императора | The Emperor's Secret Agent | history action
Ёжик и звёздный фонарь | The Hedgehog and the Star Lantern | cartoon
Котёнок Пуговка | Button the Kitten | cartoon
Приключения робота Винтика | The Adventures of Vintik the Robot | cartoon adventure
Медвежонок Тоша | Tosha the Bear Cub | cartoon
Волшебный самокат | The Magic Scooter | cartoon
Снежная сова | The Snowy Owl | cartoon
Капитан Пингвин | Captain Penguin | cartoon adventure
Дракончик Искра | Spark the Little Dragon | cartoon fantasy
Тайна лесной библиотеки | The Secret of the Forest Library | cartoon detective
Совёнок и луна | The Owlet and the Moon | cartoon
Облачный город | Cloud Town | cartoon fantasy
Каникулы в деревне | Holidays in the Village | family comedy
Пёс по имени Граф | A Dog Named Count | family comedy
Дедушкин велосипед | Grandpa's Bicycle | family drama
Новогодний переполох | New Year Commotion | family comedy
Ёлка для мамы | A Christmas Tree for Mum | family
Школа юных сыщиков | The School of Young Detectives | family detective
Голоса Севера | Voices of the North | documentary
Легенда ринга | Legend of the Ring | sport drama
Оркестр из подворотни | The Backyard Orchestra | music comedy
Небо над Эльбрусом | The Sky over Elbrus | documentary adventure
`

// filmSeed is one line of filmLines.
type filmSeed struct {
	ru, en string
	genres []string
}

func filmSeeds() []filmSeed {
	var out []filmSeed
	for _, line := range strings.Split(strings.TrimSpace(filmLines), "\n") {
		parts := strings.Split(line, "|")
		out = append(out, filmSeed{ru: strings.TrimSpace(parts[0]), en: strings.TrimSpace(parts[1]),
			genres: strings.Fields(parts[2])})
	}
	return out
}

// fixedFilm pins what the tests and the demo's journeys rely on.
type fixedFilm struct {
	year, age  int
	free       bool
	adult      bool
	imdb, kp   float64
	popularity int
	trailer    bool
	desc       string
	countries  []string
}

var fixedFilms = map[string]fixedFilm{
	"Матрица снов": {year: 2019, age: 16, imdb: 7.8, kp: 8.1, popularity: 98000, trailer: true, countries: []string{"RU", "US"},
		desc: "В недалёком будущем сны научились записывать, хранить и продавать. Инженер Лев Орлов чинит записывающие машины " +
			"и никогда не смотрит чужих снов, пока однажды в починку не приносят аппарат, на котором записан его собственный.\n\n" +
			"Чтобы понять, кто и зачем видел его сон, Лев спускается всё глубже в подпольный рынок сновидений, где реальность " +
			"и вымысел давно перестали различаться. Чем ближе он к разгадке, тем меньше уверен, что проснулся.\n\n" +
			"Фантастический триллер о памяти и выборе, снятый в Москве и Лос-Анджелесе, с визуальными эффектами, " +
			"над которыми работали два года."},
	"Тёмная вода": {year: 2021, age: 16, imdb: 7.1, kp: 7.3, popularity: 81000, trailer: true, countries: []string{"RU"},
		desc: "Гидролог Вера Кольцова приезжает на водохранилище, чтобы выяснить, почему уровень воды падает быстрее, чем " +
			"позволяют расчёты. Местные советуют ей уехать, а ночью в тёмной воде кто-то зажигает огни.\n\n" +
			"Северный нуар с неторопливым напряжением и финалом, который переворачивает всё увиденное."},
	"Ночной клуб": {year: 2017, age: 18, adult: true, imdb: 6.4, kp: 6.2, popularity: 40000, countries: []string{"RU"},
		desc: "Владелец ночного клуба на окраине Петербурга должен расплатиться с опасными кредиторами за одну ночь. " +
			"Жёсткая криминальная история для взрослой аудитории."},
	"Лисёнок Тим": {year: 2022, age: 0, free: true, imdb: 8.2, kp: 8.4, popularity: 90000, trailer: true, countries: []string{"RU"},
		desc: "Любопытный лисёнок Тим живёт на опушке большого леса и мечтает узнать, где же у леса край. Однажды утром он " +
			"отправляется в путь, а по дороге знакомится с ворчливым барсуком, смешливой сорокой и застенчивым зайчонком.\n\n" +
			"Добрый мультфильм о дружбе и смелости для самых маленьких зрителей и их родителей."},
	"Запретный сезон": {year: 2015, age: 18, adult: true, imdb: 5.9, kp: 5.6, popularity: 12000},
	"Глубже колодца":  {year: 2020, age: 18, imdb: 6.1, kp: 5.8, popularity: 15000},
}

// Films with a special state: announced (not out yet), lost (withdrawn:
// answers lost_content) and hidden (never listed).
const (
	announcedFilm = "Сто лет до Марса"
	lostFilm      = "Пески Каракума"
	hiddenFilm    = "Порт приписки"
)

// newYearFilms fill the /newyear rows.
var newYearFilms = []string{"Снегурочка на каникулах", "Дед Мороз в отставке", "Новогодний переполох", "Ёлка для мамы",
	"Снежная сова", "Бабушка против всех", "Каникулы в деревне", "Пёс по имени Граф", "Свадьба на колёсах",
	"Дракончик Искра", "Медвежонок Тоша", "Зима в Камышине"}
