package demo

import (
	"context"
	"errors"
	"fmt"

	"efir/internal/identity"
	"efir/internal/provider"
	"efir/internal/store"
	"efir/internal/tv"
)

// The demo operator's shop (Efir Demo, provider 1, roubles):
//   - "Базовый" 299 ₽ a month (3, 6 and 12 months at 10, 15 and 25 % off,
//     a 7-day trial for 1 ₽) and "Максимум" 499 ₽ (its channels and the
//     premium ones), both base packets;
//   - add-ons "Премиум" (cinema: the premium library and channels) 199 ₽,
//     "Спорт" 149 ₽, "Детский" 99 ₽ and "Ночной клуб" (18+) 149 ₽;
//   - the bundle "Базовый + Кино" with 100 Mbit/s internet, 399 ₽;
//   - films for rent (48 h, 199 ₽) and purchase (599 ₽);
//   - every pay system on the sandbox gateway;
//   - promo keys EFIR30 (30 days of the base packet), KINO7 (7 days of
//     cinema, needs a linked card and a confirmation), GIFT500 (500 ₽ on the
//     balance) and USED2025 (used up);
//   - the viewer "shopper" with 1 000 ₽ on the balance and nothing bought.
const demoCommerceSetting = "demo_commerce"

// demoCommerce are the demo operator's selling settings.
func demoCommerce() provider.Commerce {
	return provider.Commerce{
		Gateway: "sandbox",
		PaySystems: []provider.PaySystem{
			{Shortname: "balance", Kind: "provider_account", Title: "Баланс", ButtonText: "Оплатить с баланса"},
			{Shortname: "linkedcard", Kind: "linkedcard", Title: "Привязанная карта", ButtonText: "Оплатить картой"},
			{Shortname: "card", Kind: "short_url", Title: "Банковская карта", ButtonText: "Оплатить картой",
				HowToUse: "Оплата на защищённой странице платёжного сервиса.", SkipParentalControl: true},
			{Shortname: "card_iframe", Kind: "pay_iframe", Title: "Карта в окне", ButtonText: "Оплатить"},
			{Shortname: "phone", Kind: "phone", Title: "Баланс телефона", ButtonText: "Оплатить с телефона",
				HowToUse: "Мы пришлём SMS с кодом подтверждения."},
			{Shortname: "sbp", Kind: "qrcode", Title: "СБП", ButtonText: "Оплатить по QR-коду",
				HowToUse: "Отсканируйте QR-код в приложении банка."},
			{Shortname: "sbp_png", Kind: "qrcode_png", Title: "СБП (картинка)", ButtonText: "Показать QR-код"},
			{Shortname: "office", Kind: "info", Title: "В офисе оператора",
				HowToUse: "Оплатите в любом офисе Efir Demo или через личный кабинет оператора."},
		},
		PromoPacketIDs: nil, // filled with the base packet's id
		CardLinkAmount: 100,
	}
}

// almaCommerce: Alma Demo's subscribers top up their contract (tenge) by card,
// on this device or on their phone through the page's QR code (#pay_qr_alma).
func almaCommerce() provider.Commerce {
	return provider.Commerce{
		Gateway: "sandbox",
		PaySystems: []provider.PaySystem{
			{Shortname: "balance", Kind: "provider_account", Title: "Лицевой счёт", ButtonText: "Оплатить со счёта"},
			{Shortname: "card", Kind: "short_url", Title: "Банковская карта", ButtonText: "Оплатить картой",
				HowToUse: "Оплата на защищённой странице платёжного сервиса, в том числе с телефона по QR-коду."},
		},
	}
}

type demoShopPacket struct {
	key, name, short, description string
	monthly                       int64
	base, adult, bundle           bool
	trialDays                     int
	trialPrice                    int64
	color                         string
	channelsOf                    []string // packets whose channels it also carries
	benefits                      []string
}

// EnsureCommerce adds the demo shop once (also to a database seeded before
// commerce existed).
func EnsureCommerce(ctx context.Context, db *store.DB) error {
	var v string
	if err := store.Get(ctx, db, "SELECT value FROM settings WHERE name = 'demo_seeded'", nil, &v); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		return err
	}
	err := store.Get(ctx, db, "SELECT value FROM settings WHERE name = ?", []any{demoCommerceSetting}, &v)
	if err == nil || !errors.Is(err, store.ErrNotFound) {
		return err
	}
	return db.Tx(ctx, func(tx *store.Tx) error {
		if err := seedShop(ctx, tx); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "INSERT INTO settings (name, value) VALUES (?, '1')", demoCommerceSetting)
		return err
	})
}

func seedShop(ctx context.Context, tx *store.Tx) error {
	const prov = 1
	ids := map[string]int64{}
	err := store.Each(ctx, tx, `SELECT id, short FROM packets WHERE provider_id = ?`, []any{prov}, func(r store.Scanner) error {
		var id int64
		var short string
		err := r.Scan(&id, &short)
		ids[short] = id
		return err
	})
	if err != nil {
		return err
	}
	base, extra, adult := ids["base-1"], ids["premium-1"], ids["night-1"]
	var kidsID int64
	if base == 0 || extra == 0 || adult == 0 {
		return fmt.Errorf("demo shop: the demo packets are missing")
	}
	// The line-up's packets become the shop's: prices, periods, designs.
	set := func(id int64, name string, monthly int64, color string, benefits ...string) error {
		_, err := tx.Exec(ctx, `UPDATE packets SET name = ?, price = ?, design = ?, benefits = ? WHERE id = ?`,
			name, monthly, designJSON(color), benefitsJSON(benefits), id)
		return err
	}
	if err := set(base, "Базовый", 29900, "#1f6feb", "Более 30 каналов", "Архив передач 7 дней", "До 5 устройств"); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE packets SET trial_days = 7, trial_price = 100 WHERE id = ?`, base); err != nil {
		return err
	}
	if err := set(extra, "Премиум", 19900, "#a371f7", "Премьеры кино", "Каналы в 4K", "Футбол"); err != nil {
		return err
	}
	if err := set(adult, "Ночной клуб", 14900, "#8b0000", "Только 18+"); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE packets SET is_adult = TRUE WHERE id = ?`, adult); err != nil {
		return err
	}
	add := func(p demoShopPacket, sort int) (int64, error) {
		id, err := store.InsertID(ctx, tx, `INSERT INTO packets (provider_id, name, short, description, price, currency,
			period_days, is_base, is_bundle, internet_speed, design, benefits, sort) VALUES (?, ?, ?, ?, ?, 'RUB', 30, ?, ?, ?, ?, ?, ?) RETURNING id`,
			prov, p.name, p.short, p.description, p.monthly, p.base, p.bundle, map[bool]int{true: 100}[p.bundle],
			designJSON(p.color), benefitsJSON(p.benefits), sort)
		return id, err
	}
	maxID, err := add(demoShopPacket{name: "Максимум", short: "max-1", description: "Все каналы Базового и Премиума, кино и 4K.",
		monthly: 49900, base: true, color: "#d29922", benefits: []string{"Все каналы", "Кинотеки", "4K"}}, 10)
	if err != nil {
		return err
	}
	// Максимум carries the base and premium channels and the premium library.
	for _, from := range []int64{base, extra} {
		if _, err := tx.Exec(ctx, `INSERT INTO packet_channels (packet_id, channel_id) SELECT CAST(? AS BIGINT), channel_id FROM packet_channels
			WHERE packet_id = ? ON CONFLICT DO NOTHING`, maxID, from); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO packet_libraries (packet_id, library_id) SELECT CAST(? AS BIGINT), library_id FROM packet_libraries
			WHERE packet_id = ? ON CONFLICT DO NOTHING`, maxID, from); err != nil {
			return err
		}
	}
	sport, err := add(demoShopPacket{name: "Спорт", short: "sport-1", description: "Спортивные каналы и трансляции матчей.",
		monthly: 14900, color: "#2ea043", benefits: []string{"Прямые трансляции"}}, 11)
	if err != nil {
		return err
	}
	kids, err := add(demoShopPacket{name: "Детский", short: "kids-1", description: "Мультфильмы и детские каналы без рекламы.",
		monthly: 9900, color: "#f778ba", benefits: []string{"Для детей до 12 лет"}}, 12)
	if err != nil {
		return err
	}
	if err := copyChannels(ctx, tx, sport, prov, 2); err != nil {
		return err
	}
	if err := copyChannels(ctx, tx, kids, prov, tv.CategoryChildren); err != nil {
		return err
	}
	bundle, err := add(demoShopPacket{name: "Базовый + Кино", short: "bundle-1", bundle: true,
		description: "Базовый и Премиум вместе с домашним интернетом 100 Мбит/с.", monthly: 39900, color: "#0e7490",
		benefits: []string{"Интернет 100 Мбит/с", "Базовый и Премиум"}}, 13)
	if err != nil {
		return err
	}
	for _, inc := range []int64{base, extra} {
		if _, err := tx.Exec(ctx, `INSERT INTO packet_includes (packet_id, included_id) VALUES (?, ?)`, bundle, inc); err != nil {
			return err
		}
	}
	// Price options: 1, 3, 6 and 12 months, longer ones cheaper per month.
	periods := map[int64][]int64{
		base:   {29900, 80700, 152400, 269100},
		maxID:  {49900, 134700, 254400, 449100},
		extra:  {19900, 53700},
		sport:  {14900},
		kids:   {9900, 26700},
		adult:  {14900},
		bundle: {39900},
	}
	months := []int{1, 3, 6, 12}
	for id, amounts := range periods {
		for i, a := range amounts {
			if _, err := tx.Exec(ctx, `INSERT INTO packet_periods (packet_id, months, amount) VALUES (?, ?, ?)`, id, months[i], a); err != nil {
				return err
			}
		}
	}
	for _, base := range []int64{base, maxID, bundle} {
		for _, addon := range []int64{extra, sport, kids, adult} {
			if base == maxID && addon == extra || base == bundle && addon == extra {
				continue
			}
			if _, err := tx.Exec(ctx, `INSERT INTO packet_addons (base_id, addon_id) VALUES (?, ?)`, base, addon); err != nil {
				return err
			}
		}
	}
	kidsID = kids
	if err := seedFilmOffers(ctx, tx, prov); err != nil {
		return err
	}
	if err := seedShopUsers(ctx, tx, prov, map[string]int64{"base": base, "extra": extra, "max": maxID, "sport": sport, "kids": kids}); err != nil {
		return err
	}
	if err := seedPromo(ctx, tx, prov, base, extra); err != nil {
		return err
	}
	// The operator's settings: the shop and the promo days of new viewers.
	p := demoProviders()[0]
	p.Commerce = demoCommerce()
	// New viewers try the children's add-on (it needs no base during promo days).
	p.Commerce.PromoPacketIDs = []int64{kidsID}
	if err := provider.Save(ctx, tx, p); err != nil {
		return err
	}
	alma := demoProviders()[1]
	alma.Commerce = almaCommerce()
	if err := provider.Save(ctx, tx, alma); err != nil {
		return err
	}
	return tv.BumpLineup(ctx, tx)
}

// copyChannels puts the operator's visible channels of category cat into
// packet id.
func copyChannels(ctx context.Context, tx *store.Tx, id, prov, cat int64) error {
	_, err := tx.Exec(ctx, `INSERT INTO packet_channels (packet_id, channel_id) SELECT DISTINCT CAST(? AS BIGINT), cc.channel_id
		FROM channel_categories cc JOIN channels c ON c.id = cc.channel_id
		WHERE cc.provider_id = ? AND cc.category_id = ? AND c.is_hidden = FALSE ON CONFLICT DO NOTHING`, id, prov, cat)
	return err
}

// seedFilmOffers offers the first films of the premium library for rent
// and purchase.
func seedFilmOffers(ctx context.Context, tx *store.Tx, prov int64) error {
	var films []int64
	err := store.Each(ctx, tx, `SELECT c.id FROM contents c JOIN libraries l ON l.id = c.library_id
		WHERE c.provider_id = ? AND c.content_type = 'movie' AND l.is_free = FALSE AND c.age < 18 ORDER BY c.id LIMIT 4`,
		[]any{prov}, func(r store.Scanner) error {
			var id int64
			err := r.Scan(&id)
			films = append(films, id)
			return err
		})
	if err != nil {
		return err
	}
	for _, id := range films {
		if _, err := tx.Exec(ctx, `INSERT INTO content_offers (provider_id, content_id, kind, amount, currency, rental_hours)
			VALUES (?, ?, 'rent', 19900, 'RUB', 48), (?, ?, 'buy', 59900, 'RUB', 0)`, prov, id, prov, id); err != nil {
			return err
		}
	}
	return nil
}

func seedShopUsers(ctx context.Context, tx *store.Tx, prov int64, packets map[string]int64) error {
	// Balances become ledger entries: the balance is the sum of its entries.
	if _, err := tx.Exec(ctx, `INSERT INTO ledger_entries (account_id, user_id, kind, amount, currency, balance_after, idem_key,
		description, created_at) SELECT a.id, a.user_id, 'adjustment', a.balance, a.currency, a.balance, 'opening:' || a.id,
		'opening balance', ? FROM accounts a WHERE a.balance <> 0 AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.account_id = a.id)`,
		demoJoinedUnix); err != nil {
		return err
	}
	// demo keeps every packet.
	var demoID int64
	if err := store.Get(ctx, tx, `SELECT id FROM users WHERE username = 'demo'`, nil, &demoID); err != nil {
		return err
	}
	for _, k := range []string{"max", "sport", "kids"} {
		if _, err := tx.Exec(ctx, `INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, source, created_at)
			VALUES (?, ?, ?, 0, 'demo', ?)`, demoID, packets[k], demoJoinedUnix, demoJoinedUnix); err != nil {
			return err
		}
	}
	hash, err := identity.HashPassword(demoPassword)
	if err != nil {
		return err
	}
	id, err := store.InsertID(ctx, tx, `INSERT INTO users (provider_id, username, password_hash, phone, first_name, email,
		date_joined) VALUES (?, 'shopper', ?, '79000000003', 'Покупатель', 'shopper@efir.example', ?) RETURNING id`, prov, hash, demoJoinedUnix)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "INSERT INTO profiles (user_id, name, role, icon_avatar_id, created_at) VALUES (?, 'Покупатель', 'adult', 2, ?)",
		id, demoJoinedUnix); err != nil {
		return err
	}
	acc, err := store.InsertID(ctx, tx, "INSERT INTO accounts (user_id, balance, amount, currency) VALUES (?, 100000, 0, 'RUB') RETURNING id", id)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO ledger_entries (account_id, user_id, kind, amount, currency, balance_after, idem_key,
		description, created_at) VALUES (?, ?, 'adjustment', 100000, 'RUB', 100000, ?, 'opening balance', ?)`,
		acc, id, fmt.Sprintf("opening:%d", acc), demoJoinedUnix)
	return err
}

func seedPromo(ctx context.Context, tx *store.Tx, prov, base, extra int64) error {
	type campaign struct {
		key, name, kind       string
		days                  int
		amount                int64
		packets               string
		paid, refund, confirm bool
		title, text, desc     string
		maxUses, uses         int
	}
	list := []campaign{
		{key: "EFIR30", name: "30 дней Базового", kind: "days", days: 30, packets: fmt.Sprint(base), maxUses: 100000,
			desc: "30 дней пакета «Базовый» бесплатно."},
		{key: "KINO7", name: "Неделя кино", kind: "days", days: 7, packets: fmt.Sprint(extra), paid: true, refund: true, confirm: true,
			title: "Неделя кино бесплатно", text: "Привяжите карту: спишем и сразу вернём 1 ₽. Через 7 дней подписка продлится за 199 ₽ в месяц, если вы её не отключите.",
			desc: "7 дней пакета «Премиум».", maxUses: 100000},
		{key: "GIFT500", name: "Подарок 500 ₽", kind: "balance", amount: 50000, desc: "500 ₽ на баланс.", maxUses: 100000},
		{key: "USED2025", name: "Акция 2025", kind: "days", days: 30, packets: fmt.Sprint(base), maxUses: 1, uses: 1,
			desc: "Акция 2025 года."},
	}
	for _, c := range list {
		cid, err := store.InsertID(ctx, tx, `INSERT INTO promo_campaigns (provider_id, name, kind, days, amount, currency, packet_ids,
			is_paid, needed_refund, is_need_confirm, confirmation_title, confirmation_text, confirmation_desc, description, created_at)
			VALUES (?, ?, ?, ?, ?, 'RUB', ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, prov, c.name, c.kind, c.days, c.amount, c.packets,
			c.paid, c.refund, c.confirm, c.title, c.text, c.desc, c.desc, demoJoinedUnix)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO promo_keys (campaign_id, provider_id, key_text, max_uses, uses) VALUES (?, ?, ?, ?, ?)`,
			cid, prov, c.key, c.maxUses, c.uses); err != nil {
			return err
		}
	}
	return nil
}

func designJSON(color string) string {
	return fmt.Sprintf(`{"background_mobile":"","background_tv":"","logo":"","corner_badge":"","special_features":[],"color":%q}`, color)
}

func benefitsJSON(list []string) string {
	out := "["
	for i, b := range list {
		if i > 0 {
			out += ","
		}
		out += fmt.Sprintf(`{"icon":"check","text":%q}`, b)
	}
	return out + "]"
}
