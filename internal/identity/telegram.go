package identity

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
)

// A Telegram mini app is opened by Telegram with launch data (initData)
// signed with the operator's bot token. The server checks the signature as
// Telegram documents it and signs the Telegram user in: guests are not
// allowed in the mini app (spec 6), the Telegram account is the account.

// TelegramBots gives an operator's mini-app bot token (ok false: the
// operator has none). Implemented by the console's settings, which keep the
// token sealed.
type TelegramBots interface {
	BotToken(ctx context.Context, providerID int64) (token string, ok bool)
}

// SetTelegramBots connects the operators' mini-app bots.
func (s *Service) SetTelegramBots(b TelegramBots) { s.telegram = b }

// TelegramInitDataMaxAge is how old launch data may be: Telegram signs it
// when the mini app opens, so older data is a replay.
const TelegramInitDataMaxAge = 24 * time.Hour

// maxInitData bounds the launch data read (Telegram's is well under 4 KB).
const maxInitData = 8 << 10

// TelegramUser is the user object of the launch data (the fields used).
type TelegramUser struct {
	ID        int64  `json:"id"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Username  string `json:"username"`
}

var (
	errInitDataSignature = errors.New("telegram: launch data signature does not match")
	errInitDataExpired   = errors.New("telegram: launch data too old")
	errInitDataMalformed = errors.New("telegram: launch data malformed")
)

// ValidateTelegramInitData checks raw launch data against botToken: the
// data-check string (every field but hash, as key=value sorted by key,
// joined by newlines) signed with HMAC-SHA256 under the key
// HMAC-SHA256("WebAppData", botToken), and auth_date within maxAge of now.
func ValidateTelegramInitData(raw, botToken string, now time.Time, maxAge time.Duration) (TelegramUser, error) {
	var u TelegramUser
	if raw == "" || len(raw) > maxInitData || botToken == "" {
		return u, errInitDataMalformed
	}
	values, err := url.ParseQuery(raw)
	if err != nil {
		return u, errInitDataMalformed
	}
	hash := values.Get("hash")
	if len(hash) != sha256.Size*2 {
		return u, errInitDataMalformed
	}
	given, err := hex.DecodeString(hash)
	if err != nil {
		return u, errInitDataMalformed
	}
	lines := make([]string, 0, len(values))
	for k, vs := range values {
		if k == "hash" {
			continue
		}
		if len(vs) != 1 {
			return u, errInitDataMalformed // Telegram sends every field once
		}
		lines = append(lines, k+"="+vs[0])
	}
	sort.Strings(lines)
	secret := hmacSHA256([]byte("WebAppData"), []byte(botToken))
	want := hmacSHA256(secret, []byte(strings.Join(lines, "\n")))
	if !hmac.Equal(given, want) {
		return u, errInitDataSignature
	}
	authDate, err := strconv.ParseInt(values.Get("auth_date"), 10, 64)
	if err != nil || authDate <= 0 {
		return u, errInitDataMalformed
	}
	age := now.Sub(time.Unix(authDate, 0))
	if age > maxAge || age < -5*time.Minute {
		return u, errInitDataExpired
	}
	if err := json.Unmarshal([]byte(values.Get("user")), &u); err != nil || u.ID <= 0 {
		return TelegramUser{}, errInitDataMalformed
	}
	return u, nil
}

func hmacSHA256(key, msg []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	return m.Sum(nil)
}

// telegramLoginRequest is the body of POST /v2/auth/telegram.
type telegramLoginRequest struct {
	InitData string `json:"init_data"`
}

// loginByTelegram answers POST /v2/auth/telegram with a login token for the
// Telegram user of valid launch data, creating their account on first use.
func (s *Service) loginByTelegram(w http.ResponseWriter, r *http.Request) error {
	var in telegramLoginRequest
	p, err := s.decodeSignIn(r, &in)
	if err != nil {
		return err
	}
	if strings.TrimSpace(in.InitData) == "" {
		return httpx.Invalid("init_data", "error_required")
	}
	ctx := r.Context()
	token, ok := "", false
	if s.telegram != nil {
		token, ok = s.telegram.BotToken(ctx, p.ID)
	}
	if !ok {
		return httpx.New(http.StatusForbidden, httpx.TypePermissionDenied, "telegram_login_unavailable")
	}
	tg, err := ValidateTelegramInitData(in.InitData, token, s.now(), TelegramInitDataMaxAge)
	switch {
	case errors.Is(err, errInitDataExpired):
		return httpx.Invalid("init_data", "telegram_login_expired")
	case err != nil:
		// Not 401: the client takes a 401 for a broken session of its own.
		return httpx.Invalid("init_data", "telegram_login_invalid")
	}
	var userID int64
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		userID, err = s.telegramUser(ctx, tx, r, p, tg)
		return err
	})
	if err != nil {
		return err
	}
	if err := s.billingAuth(ctx, userID); err != nil {
		return err
	}
	access, exp, err := s.issueLoginToken(ctx, s.db, userID)
	if err != nil {
		return err
	}
	httpx.OK(w, TokenResponse{AccessToken: access, Expired: exp})
	return nil
}

// telegramUser is the operator's user of Telegram account tg: the one it
// signed in as before, else a new registered user (no phone, no password).
func (s *Service) telegramUser(ctx context.Context, tx store.Querier, r *http.Request, p *provider.Provider, tg TelegramUser) (int64, error) {
	var id int64
	err := store.Get(ctx, tx, "SELECT user_id FROM telegram_logins WHERE provider_id = ? AND telegram_id = ?",
		[]any{p.ID, tg.ID}, &id)
	if err == nil || !errors.Is(err, store.ErrNotFound) {
		return id, err
	}
	name, err := s.freeTelegramUsername(ctx, tx, tg.ID)
	if err != nil {
		return 0, err
	}
	first := strings.TrimSpace(tg.FirstName)
	if r := []rune(first); len(r) > 150 {
		first = string(r[:150])
	}
	id, err = s.createUser(ctx, tx, newUser{ProviderID: p.ID, Currency: p.Currency.ISOCode, Username: name,
		FirstName: first, ProviderUID: "tg" + strconv.FormatInt(tg.ID, 10), Lang: httpx.Lang(r)})
	if err != nil {
		return 0, err
	}
	// A concurrent first sign-in of the same account loses on the unique
	// key and its transaction rolls back; the client's retry finds the link.
	_, err = tx.Exec(ctx, "INSERT INTO telegram_logins (provider_id, telegram_id, user_id, created_at) VALUES (?, ?, ?, ?)",
		p.ID, tg.ID, id, s.now().Unix())
	return id, store.MapErr(err)
}

// freeTelegramUsername is tg{id}, or tg{id}_{n} when another operator's
// user already has it (usernames are unique across operators).
func (s *Service) freeTelegramUsername(ctx context.Context, q store.Querier, telegramID int64) (string, error) {
	base := "tg" + strconv.FormatInt(telegramID, 10)
	for n := 0; n < 100; n++ {
		name := base
		if n > 0 {
			name += "_" + strconv.Itoa(n)
		}
		var one int
		err := store.Get(ctx, q, "SELECT 1 FROM users WHERE username = ?", []any{name}, &one)
		if errors.Is(err, store.ErrNotFound) {
			return name, nil
		}
		if err != nil {
			return "", err
		}
	}
	return "", errors.New("identity: no free username for a Telegram account")
}
