package demo

import (
	"context"
	"fmt"
	"strings"

	"efir/internal/store"
	"efir/internal/tv"
)

// The demo line-up. Channel genres pick the programme pools of the guide
// (tv_guide.go); the genre travels in the channel's epg_id
// ("demo.<genre>.<slug>") so the guide keeper knows which channels are its
// own: channels imported by an operator are never touched.
//
// Efir Demo (provider 1):
//   - free packet "Бесплатный": efir-1, efir-news, multlandia, music-hits,
//     travel, efir-region, weather (and the hidden service channel);
//   - base packet "Базовый": the general, news, sport, kids, films, music,
//     documentary and entertainment channels;
//   - additional packet "Премиум": premiere films, detectives, football,
//     extreme, jazz, fashion, games, the fairy-tale kids channel and both
//     4K channels (efir-4k, planet-uhd: guests never see them);
//   - adult packet "Ночной клуб": the 18+ channel "night" (category 18, tag
//     is_adult).
//   - kids (category 22, all age <= 12): multlandia, kids-world, umniki,
//     raduga, skazka.
//   - weather keeps no archive; sport-arena has a live match every day at
//     19:00 (Moscow time) with no catch-up (the blackout); film premieres are
//     not replayable either.
//
// The user "demo" has the base, additional and adult packets (the 18+
// channel asks for the PIN because it is purchased); "alma" has Alma's base.
type demoChannel struct {
	slug, name, genre, color string
	age                      int
	packet                   string // free, base, extra, adult
	categories               []int64
	archive                  int
	is4K, hidden, fixed      bool
	description              string
}

// Category ids: the spec's 32 (all), 22 (children), 17 (fallback) and the
// operator's own.
const (
	catNews    = 1
	catSport   = 2
	catFilms   = 3
	catMusic   = 4
	catDocs    = 5
	catFun     = 6
	cat4K      = 7
	catAdult   = 18
	catPopular = tv.CategoryFallback
	catKids    = tv.CategoryChildren
	catAll     = tv.CategoryAll
)

type demoCategory struct {
	id                    int64
	slug, name, short     string
	all, startup, isAdult bool
}

var demoCategories = []demoCategory{
	{catAll, "all", "Все каналы", "Все", true, true, false},
	{catPopular, "popular", "Популярные", "Топ", false, false, false},
	{catNews, "news", "Новости", "Новости", false, false, false},
	{catSport, "sport", "Спорт", "Спорт", false, false, false},
	{catKids, "kids", "Детские", "Детям", false, false, false},
	{catFilms, "films", "Кино и сериалы", "Кино", false, false, false},
	{catMusic, "music", "Музыка", "Музыка", false, false, false},
	{catDocs, "knowledge", "Познавательные", "Знания", false, false, false},
	{catFun, "entertainment", "Развлекательные", "Досуг", false, false, false},
	{cat4K, "4k", "4K Ultra HD", "4K", false, false, false},
	{catAdult, "adult", "Для взрослых", "18+", false, false, true},
}

func ch(slug, name, genre, color string, age int, packet string, archive int, cats ...int64) demoChannel {
	return demoChannel{slug: slug, name: name, genre: genre, color: color, age: age, packet: packet, archive: archive,
		categories: cats}
}

func demoLineup() []demoChannel {
	list := []demoChannel{
		ch("efir-1", "Эфир Первый", "general", "#d62f3b", 12, "free", 7, catPopular),
		ch("efir-news", "Эфир Новости", "news", "#1f6fd1", 12, "free", 7, catNews, catPopular),
		ch("mir-24", "Мир 24/7", "news", "#2a8fbd", 12, "base", 7, catNews),
		ch("business", "Деловой канал", "news", "#3c5a7a", 12, "base", 7, catNews),
		ch("sport-arena", "Спорт Арена", "sport", "#1c9a4a", 12, "base", 7, catSport, catPopular),
		ch("football", "Футбол ТВ", "sport", "#2fb35a", 12, "extra", 7, catSport),
		ch("hockey", "Хоккей Лайв", "sport", "#2b7bb5", 12, "base", 7, catSport),
		ch("extreme", "Экстрим", "sport", "#e0662b", 16, "extra", 7, catSport),
		ch("multlandia", "Мультляндия", "kids", "#f2a516", 0, "free", 7, catKids, catPopular),
		ch("kids-world", "Детский мир", "kids", "#f07aa8", 0, "base", 7, catKids),
		ch("umniki", "Умники", "kids", "#7cc242", 6, "base", 7, catKids, catDocs),
		ch("raduga", "Радуга", "kids", "#9b59d0", 0, "base", 7, catKids),
		ch("skazka", "Сказка", "kids", "#c94fb5", 0, "extra", 7, catKids),
		ch("kinozal", "Кинозал", "films", "#8e2a2a", 16, "base", 7, catFilms, catPopular),
		ch("premiere", "Кино Премьера", "films", "#b0313f", 16, "extra", 7, catFilms),
		ch("comedy", "Комедия ТВ", "films", "#e3b02b", 12, "base", 7, catFilms, catFun),
		ch("detective", "Детектив", "series", "#4a4a6a", 16, "extra", 7, catFilms),
		ch("retro", "Ретро Кино", "films", "#a07850", 12, "base", 5, catFilms),
		ch("serial", "Сериал ТВ", "series", "#6a3d9a", 16, "base", 7, catFilms, catPopular),
		ch("music-hits", "Музыка Хиты", "music", "#e0338c", 12, "free", 3, catMusic, catPopular),
		ch("rock", "Рок Волна", "music", "#3a3a3a", 16, "base", 3, catMusic),
		ch("jazz", "Джаз Клуб", "music", "#b5832b", 6, "extra", 3, catMusic),
		ch("classic", "Классика", "music", "#5b6fa8", 0, "base", 3, catMusic),
		ch("nature", "Природа", "docs", "#3f8f3a", 0, "base", 7, catDocs),
		ch("history", "История", "docs", "#8a6d3b", 12, "base", 7, catDocs),
		ch("science", "Наука", "docs", "#1b8a8f", 6, "base", 7, catDocs),
		ch("travel", "Путешествия", "docs", "#1aa3c9", 0, "free", 7, catDocs, catPopular),
		ch("cooking", "Кулинария", "lifestyle", "#d9772b", 0, "base", 7, catFun),
		ch("humor", "Юмор ТВ", "fun", "#f0c419", 16, "base", 7, catFun),
		ch("home", "Дом и сад", "lifestyle", "#6fa84a", 0, "base", 7, catFun),
		ch("auto", "Авто Мир", "lifestyle", "#5a5f66", 12, "base", 7, catFun),
		ch("fashion", "Мода", "lifestyle", "#c2458a", 12, "extra", 7, catFun),
		ch("games", "Игры", "fun", "#4f46c8", 12, "extra", 7, catFun),
		ch("efir-region", "Эфир Регион", "general", "#2d6a8f", 12, "free", 7),
		ch("weather", "Погода", "weather", "#3aa0e0", 0, "free", 0, catNews),
		ch("efir-4k", "Эфир 4K", "docs", "#0f7c6c", 0, "extra", 7, cat4K),
		ch("planet-uhd", "Планета UHD", "docs", "#135d8a", 0, "extra", 7, cat4K, catDocs),
		ch("night", "Ночной клуб", "adult", "#5a1030", 18, "adult", 7, catAdult),
		ch("service", "Служебный", "weather", "#777777", 0, "free", 0),
	}
	for i := range list {
		c := &list[i]
		switch c.slug {
		case "efir-4k", "planet-uhd":
			c.is4K = true
		case "service":
			c.hidden = true
		case "efir-1":
			c.fixed = true
		}
		c.description = channelDescription(c)
	}
	return list
}

func almaLineup() []demoChannel {
	return []demoChannel{
		ch("alma-news", "Алма Новости", "news", "#1f6fd1", 12, "free", 7, catNews, catPopular),
		ch("alma-sport", "Алма Спорт", "sport", "#1c9a4a", 12, "base", 7, catSport),
		ch("alma-kino", "Алма Кино", "films", "#8e2a2a", 16, "base", 7, catFilms, catPopular),
		ch("balapan", "Балапан", "kids", "#f2a516", 0, "base", 7, catKids),
		ch("alma-music", "Алма Музыка", "music", "#e0338c", 12, "free", 3, catMusic),
	}
}

func channelDescription(c *demoChannel) string {
	switch c.genre {
	case "news":
		return "Новости страны и мира круглые сутки: прямые включения, интервью и аналитика."
	case "sport":
		return "Прямые трансляции, обзоры матчей и спортивные новости."
	case "kids":
		return "Мультфильмы и познавательные передачи для детей."
	case "films", "series":
		return "Фильмы и сериалы разных жанров каждый день."
	case "music":
		return "Клипы, концерты и музыкальные новинки."
	case "docs":
		return "Документальные фильмы о природе, истории и науке."
	case "adult":
		return "Эротические фильмы для взрослых. Только 18+."
	case "weather":
		return "Прогноз погоды по регионам каждые полчаса."
	}
	return "Развлекательные программы, шоу и сериалы."
}

type demoPacket struct {
	key, name, short, description string
	price                         int64
	base, free                    bool
}

func packetsOf(currency string, base int64) []demoPacket {
	return []demoPacket{
		{"free", "Бесплатный", "free", "Каналы, доступные всем зрителям без подписки.", 0, false, true},
		{"base", "Базовый", "base", "Основные каналы: новости, спорт, кино, детские и познавательные.", base, true, false},
		{"extra", "Премиум", "premium", "Премьеры кино, футбол, 4K-каналы и ещё больше детских каналов.", base * 2 / 3, false, false},
		{"adult", "Ночной клуб", "night", "Каналы для взрослых. Только 18+.", base / 2, false, false},
	}
}

// seedTV adds both operators' line-ups and the demo users' packets.
func seedTV(ctx context.Context, tx *store.Tx) error {
	if err := seedLineup(ctx, tx, 1, "RUB", 29900, demoLineup(), map[string][]string{"demo": {"base", "extra", "adult"}}); err != nil {
		return err
	}
	if err := seedLineup(ctx, tx, 2, "KZT", 199000, almaLineup(), map[string][]string{"alma": {"base"}}); err != nil {
		return err
	}
	return tv.BumpLineup(ctx, tx)
}

// demoAssets are the loop assets the channels use round-robin; the stream
// falls back to an existing asset when the origin has other names.
var demoAssets = []string{"ch01", "ch02", "ch03", "ch04", "ch05", "ch06", "ch07", "ch08"}

func seedLineup(ctx context.Context, tx *store.Tx, providerID int64, currency string, basePrice int64, list []demoChannel,
	grants map[string][]string) error {
	for i, k := range demoCategories {
		if providerID != 1 && (k.id == cat4K || k.id == catAdult || k.id == catDocs || k.id == catFun) {
			continue
		}
		if _, err := tx.Exec(ctx, `INSERT INTO categories (provider_id, id, slug, name, short, sort, tag_all_channels, tag_startup,
			tag_is_adult) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, providerID, k.id, k.slug, k.name, k.short, i, k.all, k.startup, k.isAdult); err != nil {
			return err
		}
	}
	packets := map[string]int64{}
	for i, p := range packetsOf(currency, basePrice) {
		if providerID != 1 && p.key != "free" && p.key != "base" {
			continue
		}
		id, err := store.InsertID(ctx, tx, `INSERT INTO packets (provider_id, name, short, description, price, currency, period_days,
			is_base, is_free, sort) VALUES (?, ?, ?, ?, ?, ?, 30, ?, ?, ?) RETURNING id`,
			providerID, p.name, fmt.Sprintf("%s-%d", p.short, providerID), p.description, p.price, currency, p.base, p.free, i)
		if err != nil {
			return err
		}
		packets[p.key] = id
	}
	for i, c := range list {
		number := i + 1
		id, err := store.InsertID(ctx, tx, `INSERT INTO channels (provider_id, slug, name, description, number, age, is_free,
			is_hidden, is_fixed, is_4k, is_hd, source_type, source_url, archived_days, epg_id, color_bg, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'loop', ?, ?, ?, ?, ?) RETURNING id`,
			providerID, c.slug, c.name, c.description, number, c.age, false, c.hidden, c.fixed, c.is4K, !c.is4K,
			demoAssets[i%len(demoAssets)], c.archive, "demo."+c.genre+"."+c.slug, c.color, demoJoinedUnix)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "INSERT INTO packet_channels (packet_id, channel_id) VALUES (?, ?)", packets[c.packet], id); err != nil {
			return err
		}
		// The premium packet includes the base channels too, so it is
		// worth buying alone.
		if c.packet == "base" && packets["extra"] != 0 {
			if _, err := tx.Exec(ctx, "INSERT INTO packet_channels (packet_id, channel_id) VALUES (?, ?)", packets["extra"], id); err != nil {
				return err
			}
		}
		for j, cat := range append([]int64{catAll}, c.categories...) {
			if c.hidden && cat == catAll {
				continue
			}
			if _, err := tx.Exec(ctx, "INSERT INTO channel_categories (provider_id, category_id, channel_id, sort) VALUES (?, ?, ?, ?)",
				providerID, cat, id, j); err != nil {
				return err
			}
		}
	}
	for username, keys := range grants {
		var userID int64
		if err := store.Get(ctx, tx, "SELECT id FROM users WHERE username = ?", []any{username}, &userID); err != nil {
			return fmt.Errorf("grant %s: %w", username, err)
		}
		for _, k := range keys {
			if _, err := tx.Exec(ctx, `INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, source, created_at)
				VALUES (?, ?, ?, 0, 'demo', ?)`, userID, packets[k], demoJoinedUnix, demoJoinedUnix); err != nil {
				return err
			}
		}
	}
	return nil
}

// genreOf reads the guide genre back from a demo channel's epg_id.
func genreOf(epgID string) (string, bool) {
	rest, ok := strings.CutPrefix(epgID, "demo.")
	if !ok {
		return "", false
	}
	g, _, ok := strings.Cut(rest, ".")
	return g, ok
}
