package identity

import (
	"context"
	"net/http"
	"net/netip"
	"time"

	"efir/internal/provider"
	"efir/internal/ratelimit"
	"efir/internal/store"
)

// Codes issues and checks one-time codes and delivers texts to phones
// (implemented by package otp). Errors are *httpx.Error values ready for the
// client (rate_limited, validation_error on a wrong code...).
type Codes interface {
	// Send issues a new code for phone and purpose ("login", "alma") and
	// delivers it through the configured sender.
	Send(ctx context.Context, providerID int64, phone, purpose string, clientIP netip.Addr) error
	// Verify checks code; the code is used up on success.
	Verify(ctx context.Context, phone, purpose, code string) error
	// SendText delivers a text (for example a reset PIN) to phone.
	SendText(ctx context.Context, providerID int64, phone, text string) error
}

// Providers is what identity needs of the provider package.
type Providers interface {
	ByID(ctx context.Context, id int64) (*provider.Provider, error)
	// Country gives the ISO country code of a client address ("" if unknown).
	Country(ip netip.Addr) string
	// Info is the provider as the client sees it (ProviderInfo of the contract).
	Info(p *provider.Provider) any
}

// Options tune the service; zero values take the defaults.
type Options struct {
	TokenTTL time.Duration // default 12 h
	Now      func() time.Time
	// Limits makes the sign-in throttles (limits.go); default: events in db.
	Limits ratelimit.Factory
	// GuestsPerHour is how many guests one address may create an hour (default 30).
	GuestsPerHour int
}

// Service is the identity area: its rules, its storage and its HTTP handlers.
type Service struct {
	db        *store.DB
	codes     Codes
	providers Providers
	tokenTTL  time.Duration
	now       func() time.Time
	limits    limits
	// onRegistered runs after a registration by phone (commerce gives the
	// operator's promo days).
	onRegistered func(ctx context.Context, providerID, userID int64, phone string) error
	// streams keeps players' streams alive on their watch reports
	// (stat_streams.go).
	streams StreamKeeper
	// billing is the operators' own billing (billing.go; nil: none).
	billing Billing
	// telegram gives the operators' mini-app bot tokens (telegram.go; nil: none).
	telegram TelegramBots
}

// SetRegistrationHook sets what runs after a registration by phone.
func (s *Service) SetRegistrationHook(fn func(ctx context.Context, providerID, userID int64, phone string) error) {
	s.onRegistered = fn
}

// New makes the identity service.
func New(db *store.DB, codes Codes, providers Providers, o Options) *Service {
	if o.TokenTTL <= 0 {
		o.TokenTTL = 12 * time.Hour
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Limits == nil {
		o.Limits = ratelimit.NewDB(db).Limiter
	}
	return &Service{db: db, codes: codes, providers: providers, tokenTTL: o.TokenTTL, now: o.Now,
		limits: newLimits(o.Limits, o.GuestsPerHour)}
}

// Register adds the identity routes.
func (s *Service) Register(mux *http.ServeMux) {
	s.registerAuth(mux)
	s.registerAccount(mux)
}
