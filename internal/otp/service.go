package otp

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"math/big"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/ratelimit"
	"efir/internal/store"
)

// Config are the otp package's settings.
type Config struct {
	Sender           string // outbox (default), sms or telegram
	SMSGatewayURL    string
	SMSGatewayToken  string
	TelegramBotToken string
	TelegramAPIURL   string
	TelegramBotName  string
	Dev              bool // GET /v2/dev/outbox for e2e tests
	// Now is the clock (tests); default time.Now.
	Now func() time.Time
	// Limits makes the limit of GET /v2/otp/exist; default: events in the
	// database. Give the process's factory so that a Redis is used too.
	Limits ratelimit.Factory
}

// The rules of codes (spec section 9: resend countdown 60 s).
const (
	codeTTL        = 5 * time.Minute
	maxTries       = 5
	phoneGap       = 60 * time.Second // one send per phone per minute
	phonePerHour   = 5
	addressPerHour = 20
	rateWindow     = time.Hour
)

// Service issues, delivers and checks one-time codes.
type Service struct {
	db        *store.DB
	providers *provider.Service
	sender    Sender
	bot       *telegramBot // nil unless codes go through Telegram
	dev       bool
	now       func() time.Time
	exist     ratelimit.Limiter // GET /v2/otp/exist per client address
}

// NewService builds the code service with the sender cfg names.
func NewService(db *store.DB, cfg Config, providers *provider.Service) (*Service, error) {
	s := &Service{db: db, providers: providers, dev: cfg.Dev, now: cfg.Now}
	if s.now == nil {
		s.now = time.Now
	}
	if cfg.Limits == nil {
		cfg.Limits = ratelimit.NewDB(db).Limiter
	}
	s.exist = cfg.Limits("otp_exist", existPerWindow, existWindow)
	outbox := &outboxSender{db: db, now: func() time.Time { return s.now() }}
	var fallback Sender = outbox
	if cfg.SMSGatewayURL != "" {
		fallback = newSMSSender(cfg.SMSGatewayURL, cfg.SMSGatewayToken)
	}
	switch cfg.Sender {
	case "", "outbox":
		s.sender = outbox
	case "sms":
		if cfg.SMSGatewayURL == "" {
			return nil, errors.New("otp: the sms sender needs EFIR_SMS_GATEWAY_URL")
		}
		s.sender = fallback
	case "telegram":
		if cfg.TelegramBotToken == "" {
			return nil, errors.New("otp: the telegram sender needs EFIR_TELEGRAM_BOT_TOKEN")
		}
		s.bot = newTelegramBot(cfg.TelegramAPIURL, cfg.TelegramBotToken, cfg.TelegramBotName)
		s.sender = &telegramSender{bot: s.bot, db: db, fallback: fallback}
		if providers != nil && strings.HasPrefix(providers.PublicURL(), "https://") {
			go s.bot.registerWebhook(providers.PublicURL())
		}
	default:
		return nil, fmt.Errorf("otp: unknown sender %q (want outbox, sms or telegram)", cfg.Sender)
	}
	return s, nil
}

// codeLength is the provider's code length (4 to 8 digits, default 6).
func (s *Service) codeLength(ctx context.Context, providerID int64) (int, string) {
	if s.providers != nil {
		if p, err := s.providers.ByID(ctx, providerID); err == nil {
			return min(max(p.OTPLength, 4), 8), p.Name
		}
	}
	return 6, "Efir"
}

// Send issues a new code for phone and purpose, replacing any earlier one,
// and delivers it. Rate limits answer 429 rate_limited with the wait. The
// code remembers who asked: the session's user of ctx, if any, and clientIP.
func (s *Service) Send(ctx context.Context, providerID int64, phone, purpose string, clientIP netip.Addr) error {
	n, name := s.codeLength(ctx, providerID)
	code, err := randomDigits(n)
	if err != nil {
		return err
	}
	now, req := s.now(), requesterOf(ctx, clientIP)
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := lockPhone(ctx, tx, phone); err != nil {
			return err
		}
		if err := checkRate(ctx, tx, phone, clientIP, now); err != nil {
			return err
		}
		return storeCode(ctx, tx, providerID, phone, purpose, code, req.UserID, req.address(), now)
	})
	if err != nil {
		return err
	}
	text := codeText(name, code)
	if lang := httpx.LangOf(ctx); lang != "" {
		text = httpx.T(lang, "sms_sign_in_code", name, code)
	}
	return s.deliver(ctx, Message{Phone: phone, Code: code, Text: text})
}

// SendText delivers a text (a reset PIN, for example) through the sender.
func (s *Service) SendText(ctx context.Context, providerID int64, phone, text string) error {
	return s.deliver(ctx, Message{Phone: phone, Text: text})
}

func (s *Service) deliver(ctx context.Context, m Message) error {
	if err := s.sender.Send(ctx, m); err != nil {
		e := httpx.New(http.StatusServiceUnavailable, httpx.TypeInternal, "error_code_not_sent")
		e.Cause = err
		return e
	}
	return nil
}

// codeText is the message with the code when the viewer's language is not
// known (a code re-sent into Telegram): Russian and English both, since a code
// must be understood.
func codeText(provider, code string) string {
	return fmt.Sprintf("%s: код для входа %s. Никому его не сообщайте. / Your sign-in code: %s", provider, code, code)
}

// Verify checks code against the live code for phone and purpose; the code
// is spent on success and burnt after maxTries wrong tries.
func (s *Service) Verify(ctx context.Context, phone, purpose, code string) error {
	now := s.now()
	// The transaction must commit a counted wrong try, and db.Tx rolls back
	// on any error: the answer for the client travels outside it.
	var answer *httpx.Error
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var (
			id             int64
			hash           string
			expires, tries int64
		)
		err := store.Get(ctx, tx, `SELECT id, code_hash, expires_at, tries FROM otp_codes
			WHERE phone = ? AND purpose = ? AND used = FALSE ORDER BY id DESC LIMIT 1`,
			[]any{phone, purpose}, &id, &hash, &expires, &tries)
		if errors.Is(err, store.ErrNotFound) {
			answer = codeError("error_code_request_new")
			return nil
		}
		if err != nil {
			return err
		}
		if now.Unix() >= expires {
			answer = codeError("error_code_expired")
			_, err := tx.Exec(ctx, "UPDATE otp_codes SET used = TRUE WHERE id = ?", id)
			return err
		}
		if checkHash(hash, phone, purpose, code) {
			_, err := tx.Exec(ctx, "UPDATE otp_codes SET used = TRUE WHERE id = ?", id)
			return err
		}
		tries++
		burnt := tries >= maxTries
		answer = codeError("error_code_wrong")
		if burnt {
			answer = codeError("error_code_burnt")
		}
		_, err = tx.Exec(ctx, "UPDATE otp_codes SET tries = ?, used = ? WHERE id = ?", tries, burnt, id)
		return err
	})
	if err != nil {
		return err
	}
	if answer != nil {
		return answer
	}
	return nil
}

// reissue sends a fresh code to phone when one is pending, after the phone
// was linked to a Telegram chat (the old code went elsewhere or nowhere). It
// skips the rate limits: the owner of the phone asked for it through Telegram.
// The new code is the old one's requester's: their client is polling for it.
func (s *Service) reissue(ctx context.Context, phone string) error {
	var (
		providerID, userID int64
		purpose, address   string
	)
	err := store.Get(ctx, s.db, `SELECT provider_id, purpose, requester_user_id, requester_address FROM otp_codes
		WHERE phone = ? AND used = FALSE AND expires_at > ? ORDER BY id DESC LIMIT 1`,
		[]any{phone, s.now().Unix()}, &providerID, &purpose, &userID, &address)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	n, name := s.codeLength(ctx, providerID)
	code, err := randomDigits(n)
	if err != nil {
		return err
	}
	if err := s.db.Tx(ctx, func(tx *store.Tx) error {
		return storeCode(ctx, tx, providerID, phone, purpose, code, userID, address, s.now())
	}); err != nil {
		return err
	}
	return s.sender.Send(ctx, Message{Phone: phone, Code: code, Text: codeText(name, code)})
}

func codeError(key string) *httpx.Error {
	return httpx.New(http.StatusBadRequest, httpx.TypeValidation, key).WithDetail("token", key)
}

// lockPhone serialises sends for one phone across copies of efir on
// PostgreSQL (SQLite transactions already take the write lock first).
func lockPhone(ctx context.Context, tx *store.Tx, phone string) error {
	if tx.Dialect() != store.Postgres {
		return nil
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte("otp:" + phone))
	_, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(?)", int64(h.Sum64()>>1))
	return err
}

// checkRate applies the send limits and records this send.
func checkRate(ctx context.Context, tx *store.Tx, phone string, ip netip.Addr, now time.Time) error {
	since := now.Add(-rateWindow).Unix()
	scopes := []string{"phone:" + phone}
	var count, first, last int64
	if err := store.Get(ctx, tx, `SELECT COUNT(*), COALESCE(MIN(created_at), 0), COALESCE(MAX(created_at), 0)
		FROM otp_sends WHERE scope = ? AND created_at > ?`, []any{scopes[0], since}, &count, &first, &last); err != nil {
		return err
	}
	if count > 0 {
		if wait := last + int64(phoneGap.Seconds()) - now.Unix(); wait > 0 {
			return httpx.RateLimited(int(wait))
		}
	}
	if count >= phonePerHour {
		return httpx.RateLimited(int(first + int64(rateWindow.Seconds()) - now.Unix()))
	}
	if ip.IsValid() {
		scope := "ip:" + addressScope(ip)
		if err := store.Get(ctx, tx, `SELECT COUNT(*), COALESCE(MIN(created_at), 0) FROM otp_sends
			WHERE scope = ? AND created_at > ?`, []any{scope, since}, &count, &first); err != nil {
			return err
		}
		if count >= addressPerHour {
			return httpx.RateLimited(int(first + int64(rateWindow.Seconds()) - now.Unix()))
		}
		scopes = append(scopes, scope)
	}
	for _, sc := range scopes {
		if _, err := tx.Exec(ctx, "INSERT INTO otp_sends (scope, created_at) VALUES (?, ?)", sc, now.Unix()); err != nil {
			return err
		}
	}
	// Old events are no use to any limit; dropping them as we go keeps the
	// table at one hour of sends.
	_, err := tx.Exec(ctx, "DELETE FROM otp_sends WHERE created_at <= ?", since)
	return err
}

// addressScope names a client address in the per-address limit: IPv4 as is,
// IPv6 by its /64, since a client usually holds the whole /64 and could
// otherwise change address for every send.
func addressScope(ip netip.Addr) string {
	ip = ip.Unmap().WithZone("")
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

// storeCode replaces the live codes of phone and purpose with a new one,
// asked for by the user userID (0: none) at address (see Requester).
func storeCode(ctx context.Context, tx *store.Tx, providerID int64, phone, purpose, code string, userID int64, address string,
	now time.Time) error {
	if _, err := tx.Exec(ctx, "UPDATE otp_codes SET used = TRUE WHERE phone = ? AND purpose = ? AND used = FALSE",
		phone, purpose); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "DELETE FROM otp_codes WHERE phone = ? AND expires_at < ?", phone, now.Add(-24*time.Hour).Unix()); err != nil {
		return err
	}
	hash, err := hashCode(phone, purpose, code)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO otp_codes (phone, purpose, provider_id, code_hash, created_at, expires_at,
		requester_user_id, requester_address) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		phone, purpose, providerID, hash, now.Unix(), now.Add(codeTTL).Unix(), userID, address)
	return err
}

// randomDigits draws n decimal digits from crypto/rand.
func randomDigits(n int) (string, error) {
	b := make([]byte, n)
	ten := big.NewInt(10)
	for i := range b {
		d, err := rand.Int(rand.Reader, ten)
		if err != nil {
			return "", err
		}
		b[i] = byte('0' + d.Int64())
	}
	return string(b), nil
}

// hashCode is "salt$sha256(salt, phone, purpose, code)" in hex. A short code
// has little entropy, so the hash mainly keeps a leaked table from being a
// list of working codes; the salt stops precomputed tables, the 5-minute life
// and 5 tries do the rest.
func hashCode(phone, purpose, code string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	return hex.EncodeToString(salt) + "$" + digest(salt, phone, purpose, code), nil
}

func digest(salt []byte, phone, purpose, code string) string {
	h := sha256.New()
	h.Write(salt)
	h.Write([]byte("\x00" + phone + "\x00" + purpose + "\x00" + code))
	return hex.EncodeToString(h.Sum(nil))
}

func checkHash(stored, phone, purpose, code string) bool {
	saltHex, want, ok := strings.Cut(stored, "$")
	salt, err := hex.DecodeString(saltHex)
	if !ok || err != nil {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(digest(salt, phone, purpose, code)), []byte(want)) == 1
}

// Sender is the configured delivery of texts to phones (the outbox, an SMS
// gateway or Telegram), for other areas that send codes of their own.
func (s *Service) Sender() Sender { return s.sender }
