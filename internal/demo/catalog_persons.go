package demo

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// The demo's persons: invented Russian and foreign names, each with a
// craft (the role it plays in contents) and a short biography.

var maleFirstNames = []string{"Алексей", "Андрей", "Артём", "Борис", "Вадим", "Виктор", "Владимир", "Глеб",
	"Григорий", "Даниил", "Денис", "Дмитрий", "Егор", "Иван", "Игорь", "Илья", "Кирилл", "Константин", "Леонид",
	"Максим", "Михаил", "Никита", "Николай", "Олег", "Павел", "Роман", "Сергей", "Станислав", "Тимофей", "Фёдор",
	"Юрий", "Ярослав"}

var femaleFirstNames = []string{"Алина", "Анастасия", "Анна", "Валерия", "Вера", "Виктория", "Дарья", "Евгения",
	"Екатерина", "Елена", "Елизавета", "Жанна", "Ирина", "Кира", "Ксения", "Лидия", "Любовь", "Маргарита", "Марина",
	"Мария", "Надежда", "Наталья", "Ольга", "Полина", "Светлана", "Софья", "Таисия", "Татьяна", "Ульяна", "Юлия"}

// surnames in the masculine form; femaleSurname makes the feminine one.
var surnames = []string{"Воронцов", "Белозёров", "Громов", "Зимин", "Кольцов", "Ладыгин", "Мельников", "Назаров",
	"Орехов", "Платонов", "Рябинин", "Светлов", "Тихомиров", "Уваров", "Филатов", "Чернов", "Шубин", "Ярцев",
	"Аксёнов", "Вишневский", "Гордеев", "Давыдов", "Ершов", "Жуковский", "Заречный", "Игнатьев", "Калинин",
	"Лебедев", "Миронов", "Нестеров", "Осипов", "Полянский", "Ростовцев", "Соколовский", "Третьяков", "Устинов",
	"Федотов", "Харитонов", "Щербаков", "Юдин", "Баженов", "Веснин", "Головин", "Дроздов", "Еремеев", "Журавлёв",
	"Зуев", "Казанцев", "Лаптев", "Муравьёв", "Островский", "Прохоров", "Рыбаков", "Савельев", "Тарасов",
	"Фомин", "Шилов", "Берестов", "Крылов", "Озёров"}

func femaleSurname(s string) string {
	switch {
	case strings.HasSuffix(s, "ский"):
		return strings.TrimSuffix(s, "ий") + "ая"
	case strings.HasSuffix(s, "ный"):
		return strings.TrimSuffix(s, "ый") + "ая"
	}
	return s + "а"
}

type foreignName struct{ ru, en string }

var foreignFirst = []foreignName{{"Эмма", "Emma"}, {"Лиам", "Liam"}, {"Оливер", "Oliver"}, {"Софи", "Sophie"},
	{"Ноа", "Noah"}, {"Клэр", "Claire"}, {"Итан", "Ethan"}, {"Люси", "Lucy"}, {"Мартин", "Martin"}, {"Хьюго", "Hugo"},
	{"Ингрид", "Ingrid"}, {"Пьер", "Pierre"}, {"Марко", "Marco"}, {"Лена", "Lena"}, {"Томас", "Thomas"}}

var foreignLast = []foreignName{{"Холт", "Holt"}, {"Вернер", "Werner"}, {"Дюваль", "Duval"}, {"Россетти", "Rossetti"},
	{"Лундквист", "Lundqvist"}, {"Фэрли", "Fairleigh"}, {"Калверт", "Calvert"}, {"Брандт", "Brandt"},
	{"Морелли", "Morelli"}, {"Эшфорд", "Ashford"}, {"Линдгрен", "Lindgren"}, {"Кесслер", "Kessler"}}

// femaleForeign are the foreign first names that are women's.
var femaleForeign = map[string]bool{"Emma": true, "Sophie": true, "Claire": true, "Lucy": true, "Ingrid": true, "Lena": true}

// Crafts of persons; a person plays the role of its craft in contents.
const (
	craftDirector  = "director"
	craftActor     = "actor"
	craftWriter    = "writer"
	craftProducer  = "producer"
	craftComposer  = "composer"
	craftPresenter = "presenter"
	craftEditor    = "editor"
)

// personCrafts: how many of the 200 persons practise each craft.
var personCrafts = []struct {
	craft string
	n     int
}{
	{craftDirector, 28}, {craftWriter, 22}, {craftProducer, 12}, {craftComposer, 10}, {craftPresenter, 16},
	{craftEditor, 6}, {craftActor, 106},
}

type catPerson struct {
	ID                   int64
	Slug, Name, Original string
	Bio                  string
	Craft                string
	female, foreign      bool
}

var bioCities = []string{"Москве", "Санкт-Петербурге", "Самаре", "Казани", "Екатеринбурге", "Новосибирске", "Твери",
	"Ярославле", "Калининграде", "Иркутске", "Воронеже", "Омске", "Перми", "Саратове", "Томске"}

var bioSchools = []string{"Школу-студию МХАТ", "ГИТИС", "ВГИК", "Театральное училище имени Щукина",
	"Высшие курсы сценаристов и режиссёров", "РГИСИ", "Московскую консерваторию", "факультет журналистики МГУ"}

var foreignCountries = []string{"Британский", "Американский", "Французский", "Итальянский", "Шведский", "Немецкий"}

func craftNoun(craft string, female bool) string {
	switch craft {
	case craftDirector:
		return "режиссёр"
	case craftWriter:
		if female {
			return "сценаристка"
		}
		return "сценарист"
	case craftProducer:
		return "продюсер"
	case craftComposer:
		return "композитор"
	case craftPresenter:
		if female {
			return "телеведущая"
		}
		return "телеведущий"
	case craftEditor:
		return "режиссёр монтажа"
	}
	if female {
		return "актриса театра и кино"
	}
	return "актёр театра и кино"
}

// agree puts a masculine adjective ("Российский") in the gender of the
// craft noun that follows it ("актриса" is feminine, "режиссёр" is not).
func agree(adj, noun string) string {
	first, _, _ := strings.Cut(noun, " ")
	if strings.HasSuffix(first, "а") || strings.HasSuffix(first, "ая") {
		return strings.TrimSuffix(adj, "ий") + "ая"
	}
	return adj
}

// femForm picks the masculine or feminine form of a past-tense verb.
func femForm(female bool, m, f string) string {
	if female {
		return f
	}
	return m
}

func personBio(rng *rand.Rand, p *catPerson) string {
	born := 1950 + rng.IntN(52)
	if p.foreign {
		who := femForm(p.female, "ему", "ей")
		fame := "Известность " + who + " принесли роли в независимом кино, а затем работа в крупных международных проектах."
		switch p.Craft {
		case craftDirector:
			fame = "Известность " + who + " принесли камерные драмы, показанные на европейских фестивалях."
		case craftComposer:
			fame = "Известность " + who + " принесла музыка к фильмам и сериалам, записанная с симфоническими оркестрами."
		}
		noun := craftNoun(p.Craft, p.female)
		return fmt.Sprintf("%s %s. %s в %d году. %s", agree(foreignCountries[rng.IntN(len(foreignCountries))], noun),
			noun, femForm(p.female, "Родился", "Родилась"), born, fame)
	}
	noun := craftNoun(p.Craft, p.female)
	first := fmt.Sprintf("%s %s. %s в %d году в %s. %s %s.", agree("Российский", noun), noun,
		femForm(p.female, "Родился", "Родилась"), born, bioCities[rng.IntN(len(bioCities))],
		femForm(p.female, "Окончил", "Окончила"), bioSchools[rng.IntN(len(bioSchools))])
	if p.female && p.Craft == craftDirector {
		first = strings.Replace(first, "Российский режиссёр", "Российский режиссёр, сценаристка", 1)
	}
	if rng.IntN(3) > 0 {
		return first
	}
	second := []string{
		"Лауреат нескольких кинофестивалей, член Союза кинематографистов.",
		"Много лет служит в театре, а в кино предпочитает характерные роли.",
		"Работал над десятками проектов для кино и телевидения.",
		"Преподаёт мастерство молодым коллегам и ведёт авторский курс.",
	}[rng.IntN(4)]
	if p.female {
		second = strings.NewReplacer("Лауреат", "Лауреатка", "Работал", "Работала").Replace(second)
	}
	return first + "\n\n" + second
}

// makePersons invents n persons with unique names, their crafts assigned in
// blocks (see personCrafts).
func makePersons(rng *rand.Rand, firstID int64) []*catPerson {
	var crafts []string
	for _, c := range personCrafts {
		for range c.n {
			crafts = append(crafts, c.craft)
		}
	}
	seen := map[string]bool{}
	out := make([]*catPerson, 0, len(crafts))
	for i, craft := range crafts {
		p := &catPerson{ID: firstID + int64(i), Craft: craft}
		for {
			// every seventh person is foreign (actors, directors, composers)
			p.foreign = i%7 == 3 && (craft == craftActor || craft == craftDirector || craft == craftComposer)
			if p.foreign {
				f, l := foreignFirst[rng.IntN(len(foreignFirst))], foreignLast[rng.IntN(len(foreignLast))]
				p.Name, p.Original = f.ru+" "+l.ru, f.en+" "+l.en
				p.female = femaleForeign[f.en]
			} else {
				p.female = rng.IntN(100) < 45
				last := surnames[rng.IntN(len(surnames))]
				if p.female {
					p.Name = femaleFirstNames[rng.IntN(len(femaleFirstNames))] + " " + femaleSurname(last)
				} else {
					p.Name = maleFirstNames[rng.IntN(len(maleFirstNames))] + " " + last
				}
				p.Original = latinName(p.Name)
			}
			if !seen[p.Name] {
				seen[p.Name] = true
				break
			}
		}
		p.Slug = catalogSlug(p.Name)
		p.Bio = personBio(rng, p)
		out = append(out, p)
	}
	return out
}
