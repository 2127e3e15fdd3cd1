// Package commerce sells: packets with their price options and trials,
// subscriptions that renew, single offers of films, the balance ledger,
// payments through gateways (gateway/), saved cards and promo codes. Access
// follows money at once: the TV and catalogue areas read the subscriptions
// and licences on every request, so nothing here keeps a per-viewer cache.
package commerce

import (
	"context"
	"net/http"
	"time"

	"efir/internal/commerce/gateway"
	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/ratelimit"
	"efir/internal/store"
	"efir/internal/tv"
)

// Providers finds operators (the provider service).
type Providers interface {
	ByID(ctx context.Context, id int64) (*provider.Provider, error)
	ByShortname(ctx context.Context, name string) (*provider.Provider, error)
}

// Parental checks the parental PIN's proof for the pay action: the pass of
// the token, or a PIN the call carries (parental_code).
type Parental interface {
	ParentalProofCode(ctx context.Context, sess *httpx.Session, action, code string) error
}

// Messenger posts a message to a viewer's messages (identity).
type Messenger interface {
	PostMessage(ctx context.Context, userID int64, title, text string) (int64, error)
}

// Lineup lists the channels of a packet (tv).
type Lineup interface {
	PacketChannels(ctx context.Context, providerID, packetID int64) ([]tv.PacketChannel, error)
}

// Gateways gives the payment gateway of an operator (nil: none).
type Gateways func(p *provider.Provider) gateway.Gateway

// Config wires the service; Now defaults to time.Now.
type Config struct {
	Now       func() time.Time
	PublicURL string
	Providers Providers
	Gateways  Gateways
	Parental  Parental
	Messenger Messenger
	Lineup    Lineup
	Limits    ratelimit.Factory
	// QRPNG draws an SBP QR payload as a PNG.
	QRPNG func(payload string, size int) ([]byte, error)
	// ClientIP resolves the caller's address (webhooks check it).
	ClientIP func(r *http.Request) string
	// Dev adds the development-only calls (EFIR_DEV).
	Dev bool
}

// Service is the commerce area.
type Service struct {
	db  *store.DB
	cfg Config
	now func() time.Time
	// wrongPromo counts wrong promo keys per user (10 an hour).
	wrongPromo ratelimit.Limiter
	// billing is the operators' own billing (billing.go; nil: none).
	billing Billing
}

// New makes the service.
func New(db *store.DB, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	s := &Service{db: db, cfg: cfg, now: cfg.Now}
	if cfg.Limits != nil {
		s.wrongPromo = cfg.Limits("promo_wrong_key", 10, time.Hour)
	}
	return s
}

func (s *Service) provider(ctx context.Context, id int64) (*provider.Provider, error) {
	return s.cfg.Providers.ByID(ctx, id)
}

func (s *Service) gatewayOf(p *provider.Provider) gateway.Gateway {
	if s.cfg.Gateways == nil || p == nil {
		return nil
	}
	return s.cfg.Gateways(p)
}

func currencyOf(p *provider.Provider) string {
	if p == nil || p.Currency.ISOCode == "" {
		return "RUB"
	}
	return p.Currency.ISOCode
}
