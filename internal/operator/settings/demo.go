package settings

import (
	"context"
	"errors"

	"efir/internal/store"
)

// SeedDemo gives the demo operator its terms, privacy policy and FAQ (in
// Russian and English), once: a page the operator later empties stays
// empty.
func SeedDemo(ctx context.Context, db *store.DB, now int64) error {
	var v string
	err := store.Get(ctx, db, "SELECT value FROM settings WHERE name = 'demo_pages_seeded'", nil, &v)
	if err == nil {
		return nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	var id int64
	if err := store.Get(ctx, db, "SELECT id FROM providers WHERE shortname = 'demo'", nil, &id); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil // not a demo installation
		}
		return err
	}
	return db.Tx(ctx, func(tx *store.Tx) error {
		for _, p := range demoPages {
			if _, err := tx.Exec(ctx, `INSERT INTO operator_pages (provider_id, kind, lang, markdown, updated_at)
				VALUES (?, ?, ?, ?, ?) ON CONFLICT (provider_id, kind, lang) DO NOTHING`, id, p.kind, p.lang, p.text, now); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, "INSERT INTO settings (name, value) VALUES ('demo_pages_seeded', '1') ON CONFLICT (name) DO NOTHING")
		return err
	})
}

var demoPages = []struct{ kind, lang, text string }{
	{"terms", "ru", `# Условия использования

Сервис «Efir Demo» показывает телеканалы, фильмы и сериалы абонентам оператора.

## Аккаунт

- Вход — по номеру телефона и коду из SMS.
- Одновременно можно смотреть не более чем на **трёх** устройствах.
- Не передавайте код входа другим людям.

## Оплата

Пакеты оплачиваются на выбранный период и продлеваются автоматически, пока вы не отключите продление в [настройках](/settings).

## Поддержка

Телефон: +7 800 000-00-00, почта: [support@efir.example](mailto:support@efir.example).
`},
	{"terms", "en", `# Terms of use

The Efir Demo service shows TV channels, films and series to the operator's subscribers.

## Your account

- Sign in with your phone number and a code sent by SMS.
- You may watch on at most **three** devices at once.
- Never share your sign-in code.

## Payment

Packets are paid for a chosen period and renew automatically until you turn renewal off in [settings](/settings).

## Support

Phone: +7 800 000-00-00, e-mail: [support@efir.example](mailto:support@efir.example).
`},
	{"privacy", "ru", `# Политика конфиденциальности

Мы храним номер телефона, список устройств и историю просмотров, чтобы показывать вам ваши подписки и продолжать просмотр с того же места.

- Данные не передаются третьим лицам, кроме платёжных систем при оплате.
- Историю просмотров можно очистить в разделе «Моё».
- Чтобы удалить аккаунт, напишите на [support@efir.example](mailto:support@efir.example).
`},
	{"privacy", "en", `# Privacy policy

We keep your phone number, your devices and what you watched, to show your subscriptions and let you resume where you stopped.

- Nothing is passed to third parties, except the payment systems when you pay.
- You can clear your watch history under "My".
- To delete your account, write to [support@efir.example](mailto:support@efir.example).
`},
	{"faq", "ru", `# Частые вопросы

### Как подключить пакет каналов?

Откройте раздел [«Пакеты»](/packets), выберите пакет и период, оплатите картой или с баланса.

### На скольких устройствах можно смотреть?

Войти можно на пяти устройствах, смотреть одновременно — на трёх.

### Пропал звук или видео

Обновите страницу; если не помогло, позвоните нам: +7 800 000-00-00.

### Как отменить подписку?

В настройках аккаунта отключите продление: пакет будет работать до конца оплаченного периода.
`},
	{"faq", "en", `# Frequently asked questions

### How do I get a channel packet?

Open [Packets](/packets), choose a packet and a period, and pay by card or from your balance.

### On how many devices can I watch?

You can sign in on five devices and watch on three at once.

### The picture or the sound is gone

Reload the page; if that does not help, call us: +7 800 000-00-00.

### How do I cancel a subscription?

Turn renewal off in your account settings: the packet keeps working until the end of the paid period.
`},
}
