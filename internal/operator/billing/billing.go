// Package billing calls an operator's own billing back: AUTH (may this
// subscriber sign in), PACKET (charge for a packet, or refuse),
// DELETE_SUBSCRIPTION (a viewer ended one) and BALANCE (the balance the apps
// show). Each callback is a signed JSON POST (sign.go) kept in a durable
// queue in the database (queue.go) and retried with back-off until it is
// delivered; the console sets the address and the secret and shows the log
// (http.go).
package billing

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"efir/internal/commerce"
	"efir/internal/operator"
	"efir/internal/store"
)

// Callback kinds.
const (
	KindAuth   = "AUTH"
	KindPacket = "PACKET"
	KindDelete = "DELETE_SUBSCRIPTION"
	KindBal    = "BALANCE"
)

// Callback states.
const (
	statePending   = "pending"
	stateDelivered = "delivered"
	stateRefused   = "refused"
	stateFailed    = "failed"
)

// Delivery rules.
const (
	// DefaultTimeout bounds one try: the viewer waits at most this long for
	// AUTH and PACKET.
	DefaultTimeout = 5 * time.Second
	// lease is how long a worker holds a callback it took (longer than a try).
	lease = 60
	// maxAttempts: a queued callback is given up after so many failed tries
	// (back-off 30 s doubling to 6 h: about a day and a half).
	maxAttempts = 12
	firstDelay  = 30
	maxDelay    = 6 * 3600
	// balanceTTL: a balance the billing gave is shown that long without
	// asking again.
	balanceTTL = 30 * time.Second
	// keepDays: delivered and given-up callbacks are pruned after that.
	keepDays = 30
)

// Granter makes the subscription a PACKET the billing allowed late (commerce).
type Granter interface {
	GrantBilledPacket(ctx context.Context, c commerce.PacketCharge) (int64, error)
}

// Config wires the service.
type Config struct {
	Now func() time.Time
	// Client sends the callbacks (default: one with Timeout).
	Client *http.Client
	// Timeout of one try (default DefaultTimeout).
	Timeout time.Duration
	// Granter makes late-allowed purchases.
	Granter Granter
	// Poll is how often the worker looks at the queue (default 2 s).
	Poll time.Duration
	// Currency is an operator's currency (ISO code; default RUB).
	Currency func(ctx context.Context, providerID int64) string
}

// Service is the billing callbacks of every operator.
type Service struct {
	staff   *operator.Service
	db      *store.DB
	cfg     Config
	client  *http.Client
	mu      sync.Mutex
	balance map[int64]cachedBalance // by user
}

type cachedBalance struct {
	amount   int64
	currency string
	at       time.Time
}

// New makes the service on the console's store, clock and sealing.
func New(staff *operator.Service, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Poll <= 0 {
		cfg.Poll = 2 * time.Second
	}
	c := cfg.Client
	if c == nil {
		c = &http.Client{Timeout: cfg.Timeout}
	}
	return &Service{staff: staff, db: staff.DB(), cfg: cfg, client: c, balance: map[int64]cachedBalance{}}
}

// SetGranter sets what makes late-allowed purchases.
func (s *Service) SetGranter(g Granter) { s.cfg.Granter = g }

func (s *Service) now() int64 { return s.cfg.Now().Unix() }

// settings are an operator's callback settings as stored.
type settings struct {
	ProviderID   int64
	URL          string
	Sealed       string
	Enabled      bool
	AuthFailOpen bool
	UpdatedAt    int64
}

// on: callbacks are sent.
func (x settings) on() bool { return x.Enabled && x.URL != "" && x.Sealed != "" }

func settingsOf(ctx context.Context, q store.Querier, providerID int64) (settings, error) {
	x := settings{ProviderID: providerID, AuthFailOpen: true}
	err := store.Get(ctx, q, `SELECT url, secret_sealed, enabled, auth_fail_open, updated_at FROM billing_settings
		WHERE provider_id = ?`, []any{providerID}, &x.URL, &x.Sealed, &x.Enabled, &x.AuthFailOpen, &x.UpdatedAt)
	if errors.Is(err, store.ErrNotFound) {
		return x, nil
	}
	return x, err
}

// subscriber is who a callback is about.
type subscriber struct {
	ID         int64  `json:"id"`
	Username   string `json:"username"`
	Phone      string `json:"phone"`
	ProviderID int64  `json:"-"`
	Guest      bool   `json:"-"`
}

func subscriberOf(ctx context.Context, q store.Querier, userID int64) (subscriber, error) {
	u := subscriber{ID: userID}
	var phone *string
	err := store.Get(ctx, q, `SELECT provider_id, username, phone, is_guest FROM users WHERE id = ?`, []any{userID},
		&u.ProviderID, &u.Username, &phone, &u.Guest)
	if phone != nil {
		u.Phone = *phone
	}
	return u, err
}

func stamp(unix int64) string { return time.Unix(unix, 0).UTC().Format(time.RFC3339) }

func stampOrNil(unix int64) *string {
	if unix == 0 {
		return nil
	}
	s := stamp(unix)
	return &s
}
