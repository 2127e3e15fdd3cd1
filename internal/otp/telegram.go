package otp

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/store"
)

// How a phone gets linked to a Telegram chat:
//
//  1. GET /v2/otp/send_methods gives the client https://t.me/<bot>?start=<phone>.
//  2. The viewer opens the bot and presses Start; Telegram posts the update to
//     our webhook POST /v2/otp/telegram/webhook (efir registers it itself with
//     setWebhook when EFIR_PUBLIC_URL is https; the secret header is derived
//     from the bot token). The bot answers with a "share my phone number" button.
//  3. The viewer shares their contact. Telegram vouches that the number is
//     the sender's own (contact.user_id == from.id), so nobody can link a chat
//     to someone else's phone. The chat is stored for that phone, and a code
//     pending for it is issued again into the chat.
//
// A phone without a chat gets its codes by the fallback sender (SMS gateway
// when configured, else the outbox).

// telegramBot talks to the Bot API.
type telegramBot struct {
	api, token, name string
	client           *http.Client
}

func newTelegramBot(api, token, name string) *telegramBot {
	if api == "" {
		api = "https://api.telegram.org"
	}
	return &telegramBot{api: strings.TrimRight(api, "/"), token: token, name: strings.TrimPrefix(name, "@"),
		client: &http.Client{Timeout: sendTimeout}}
}

// call invokes a Bot API method. Errors never carry the token (it is part of
// the URL, which the HTTP client would otherwise quote).
func (b *telegramBot) call(ctx context.Context, method string, payload any) error {
	body, _ := json.Marshal(payload)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.api+"/bot"+b.token+"/"+method, bytes.NewReader(body))
	if err != nil {
		return b.redact(method, err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := b.client.Do(req)
	if err != nil {
		return b.redact(method, err)
	}
	defer res.Body.Close()
	var ans struct {
		OK          bool   `json:"ok"`
		Description string `json:"description"`
	}
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if err := json.Unmarshal(raw, &ans); err != nil || !ans.OK || res.StatusCode/100 != 2 {
		return fmt.Errorf("telegram %s: status %d: %s", method, res.StatusCode, clip(ans.Description, 200))
	}
	return nil
}

func (b *telegramBot) redact(method string, err error) error {
	msg := err.Error()
	if b.token != "" {
		msg = strings.ReplaceAll(msg, b.token, "<token>")
	}
	return fmt.Errorf("telegram %s: %s", method, msg)
}

// webhookSecret is what Telegram must send in X-Telegram-Bot-Api-Secret-Token:
// derived from the bot token so that every copy of efir agrees without
// another setting.
func (b *telegramBot) webhookSecret() string {
	sum := sha256.Sum256([]byte("efir telegram webhook\x00" + b.token))
	return hex.EncodeToString(sum[:24])
}

// registerWebhook points the bot at publicURL (best effort: logged, not fatal).
func (b *telegramBot) registerWebhook(publicURL string) {
	ctx, cancel := context.WithTimeout(context.Background(), sendTimeout)
	defer cancel()
	err := b.call(ctx, "setWebhook", map[string]any{
		"url":             publicURL + "/v2/otp/telegram/webhook",
		"secret_token":    b.webhookSecret(),
		"allowed_updates": []string{"message"},
	})
	if err != nil {
		slog.Warn("telegram webhook not registered; phones cannot be linked", "err", err)
		return
	}
	slog.Info("telegram webhook registered", "bot", b.name)
}

func (b *telegramBot) sendText(ctx context.Context, chatID int64, text string, markup any) error {
	payload := map[string]any{"chat_id": chatID, "text": text}
	if markup != nil {
		payload["reply_markup"] = markup
	}
	return b.call(ctx, "sendMessage", payload)
}

// telegramSender sends to the chat linked to the phone, and through fallback
// when there is none or Telegram fails (a code must arrive somehow).
type telegramSender struct {
	bot      *telegramBot
	db       *store.DB
	fallback Sender
}

func (t *telegramSender) Send(ctx context.Context, m Message) error {
	chat, err := chatOf(ctx, t.db, m.Phone)
	if errors.Is(err, store.ErrNotFound) {
		return t.fallback.Send(ctx, m)
	}
	if err != nil {
		return err
	}
	if err := t.bot.sendText(ctx, chat, m.Text, nil); err != nil {
		slog.WarnContext(ctx, "telegram delivery failed, using fallback", "err", err)
		return t.fallback.Send(ctx, m)
	}
	return nil
}

func chatOf(ctx context.Context, q store.Querier, phone string) (int64, error) {
	var chat int64
	err := store.Get(ctx, q, "SELECT chat_id FROM otp_telegram_chats WHERE phone = ?", []any{phone}, &chat)
	return chat, err
}

func linkChat(ctx context.Context, q store.Querier, phone string, chat int64, now time.Time) error {
	_, err := q.Exec(ctx, `INSERT INTO otp_telegram_chats (phone, chat_id, linked_at) VALUES (?, ?, ?)
		ON CONFLICT (phone) DO UPDATE SET chat_id = excluded.chat_id, linked_at = excluded.linked_at`,
		phone, chat, now.Unix())
	return err
}

// tgUpdate is the part of a Bot API update the linking flow reads.
type tgUpdate struct {
	Message *struct {
		Chat struct {
			ID int64 `json:"id"`
		} `json:"chat"`
		From *struct {
			ID           int64  `json:"id"`
			LanguageCode string `json:"language_code"`
		} `json:"from"`
		Text    string `json:"text"`
		Contact *struct {
			PhoneNumber string `json:"phone_number"`
			UserID      int64  `json:"user_id"`
		} `json:"contact"`
	} `json:"message"`
}

// handleTelegramWebhook receives bot updates. It answers 200 to anything it
// cannot use, so Telegram does not retry it forever.
func (s *Service) handleTelegramWebhook(w http.ResponseWriter, r *http.Request) error {
	got := r.Header.Get("X-Telegram-Bot-Api-Secret-Token")
	if subtle.ConstantTimeCompare([]byte(got), []byte(s.bot.webhookSecret())) != 1 {
		return httpx.Unauthorized()
	}
	var u tgUpdate
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&u); err != nil || u.Message == nil {
		httpx.OK(w, map[string]bool{"ok": true})
		return nil
	}
	if err := s.onTelegramMessage(r.Context(), &u); err != nil {
		slog.WarnContext(r.Context(), "telegram update", "err", err)
	}
	httpx.OK(w, map[string]bool{"ok": true})
	return nil
}

func (s *Service) onTelegramMessage(ctx context.Context, u *tgUpdate) error {
	m := u.Message
	chat := m.Chat.ID
	// Replies in the Telegram user's language; Russian when it is not one of ours.
	lang := "ru"
	if m.From != nil {
		if l := httpx.NormalizeLang(m.From.LanguageCode); l != "" {
			lang = l
		}
	}
	switch {
	case m.Contact != nil:
		if m.From == nil || m.Contact.UserID != m.From.ID {
			return s.bot.sendText(ctx, chat, httpx.T(lang, "tg_share_own"), contactKeyboard(lang))
		}
		phone := digitsOnly(m.Contact.PhoneNumber)
		if len(phone) < 7 || len(phone) > 15 {
			return nil
		}
		if err := linkChat(ctx, s.db, phone, chat, s.now()); err != nil {
			return err
		}
		_ = s.bot.sendText(ctx, chat, httpx.T(lang, "tg_linked", phone), map[string]any{"remove_keyboard": true})
		return s.reissue(ctx, phone)
	case strings.HasPrefix(m.Text, "/start"):
		return s.bot.sendText(ctx, chat, httpx.T(lang, "tg_start"), contactKeyboard(lang))
	}
	return nil
}

func contactKeyboard(lang string) map[string]any {
	return map[string]any{
		"keyboard":          [][]map[string]any{{{"text": httpx.T(lang, "tg_share_button"), "request_contact": true}}},
		"one_time_keyboard": true,
		"resize_keyboard":   true,
	}
}

func digitsOnly(s string) string {
	var b strings.Builder
	for i := 0; i < len(s) && i < maxPhoneInput; i++ {
		if s[i] >= '0' && s[i] <= '9' {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
