// Package sandbox is the built-in test payment gateway: payments, saved
// cards and refunds kept in the database, hosted test payment pages (card
// with 3-D Secure, SBP QR, mobile balance by SMS code) and signed
// notifications. It takes no real money; the demo and the tests pay here.
package sandbox

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"efir/internal/commerce/gateway"
	"efir/internal/otp"
	"efir/internal/store"
)

// Name is the gateway's short name in URLs and stored rows.
const Name = "sandbox"

// PagesPrefix is where the hosted pages live; the server routes it to the
// mux this package registers on.
const PagesPrefix = "/pay/sandbox/"

// Options configure a Service.
type Options struct {
	// Sender delivers the SMS codes of mobile-balance payments.
	Sender otp.Sender
	// Now is the clock (tests move it); nil means time.Now.
	Now func() time.Time
	// Secret keys the CSRF tokens of the pages and the notification
	// signatures. Copies of the server sharing a database must share it;
	// empty means a random one, good for one process only.
	Secret []byte
	// HTTPClient posts the notifications; nil means a client with a short
	// time-out that follows no redirects.
	HTTPClient *http.Client
	// NotifyBase ("https://tv.example.com"), when set, is where every
	// notification goes, also for payments decided inside CreatePayment and
	// ConfirmSMS. Unset, only payments completed on a hosted page notify,
	// to the scheme and host that page was served on.
	NotifyBase string
}

// Service is the sandbox of every operator: For gives one operator's
// gateway, Register adds the hosted pages.
type Service struct {
	db         *store.DB
	sender     otp.Sender
	now        func() time.Time
	secret     []byte
	client     *http.Client
	notifyBase string
}

// notifyTimeout bounds one notification POST: the payer waits for it before
// being sent back, and the caller polls GetPayment anyway.
const notifyTimeout = 5 * time.Second

// New makes the sandbox on db.
func New(db *store.DB, opts Options) *Service {
	s := &Service{db: db, sender: opts.Sender, now: opts.Now, secret: opts.Secret,
		client: opts.HTTPClient, notifyBase: opts.NotifyBase}
	if s.now == nil {
		s.now = time.Now
	}
	if len(s.secret) == 0 {
		s.secret = make([]byte, 32)
		_, _ = rand.Read(s.secret)
		slog.Warn("sandbox gateway: no secret configured, using a random one (pages and notifications work in this process only)")
	}
	if s.client == nil {
		s.client = &http.Client{
			Timeout: notifyTimeout,
			// The notification goes to one fixed path; a redirect is
			// somebody else's idea of where to send it.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}
	}
	return s
}

// For gives the gateway of one operator's shop; payments, cards and refunds
// of one operator are invisible to another. The value also implements
// gateway.SMSConfirmer.
func (s *Service) For(provider string) gateway.Gateway {
	return &shop{s: s, provider: provider}
}

// shop is the sandbox gateway of one operator.
type shop struct {
	s        *Service
	provider string
}

var (
	_ gateway.Gateway      = (*shop)(nil)
	_ gateway.SMSConfirmer = (*shop)(nil)
)

func (g *shop) Name() string { return Name }

// randomHex is n random bytes in hex: ids and tokens that must not be
// guessed (a payment id is the key to its page).
func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("sandbox: no randomness: %v", err)) // crypto/rand does not fail on supported systems
	}
	return hex.EncodeToString(b)
}

// newPaymentID is 128 random bits in 32 hex digits.
func newPaymentID() string { return randomHex(16) }

// validPaymentID tells a well-formed id, so that junk never reaches the store.
func validPaymentID(id string) bool {
	if len(id) != 32 {
		return false
	}
	_, err := hex.DecodeString(id)
	return err == nil
}

// mac is HMAC-SHA256 of msg under the service secret.
func (s *Service) mac(msg []byte) []byte {
	h := hmac.New(sha256.New, s.secret)
	h.Write(msg)
	return h.Sum(nil)
}

// csrfToken binds a form to one payment: a post must carry the token the
// page was rendered with. A domain prefix keeps it apart from the
// notification signatures made with the same secret.
func (s *Service) csrfToken(paymentID string) string {
	return hex.EncodeToString(s.mac([]byte("sandbox-csrf\x00" + paymentID)))
}

func (s *Service) validCSRF(paymentID, token string) bool {
	return hmac.Equal([]byte(token), []byte(s.csrfToken(paymentID)))
}

// unavailable marks a store failure: to the caller the sandbox did not
// answer, so the outcome is unknown, as with a real gateway.
func unavailable(err error) error {
	return fmt.Errorf("%w: %w", gateway.ErrUnavailable, err)
}

func rejected(format string, args ...any) error {
	return fmt.Errorf("%w: sandbox: %s", gateway.ErrRejected, fmt.Sprintf(format, args...))
}

// detach keeps ctx's values but not its end, for work that must finish once
// the state changed (a notification after the payer's request went away).
func detach(ctx context.Context) context.Context { return context.WithoutCancel(ctx) }
