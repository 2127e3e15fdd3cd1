// Package push is web push: the installation's VAPID key, the push
// subscriptions of viewers' devices, and notifications encrypted per
// RFC 8291 and delivered per RFC 8030 to the browsers' push services, now
// or at their start time through a queue every copy of efir shares.
package push

import (
	"context"
	"crypto/ecdsa"
	"net/http"
	"time"

	"efir/internal/httpx"
	"efir/internal/netguard"
	"efir/internal/store"
)

// Config is what the service needs from its surroundings.
type Config struct {
	Now func() time.Time
	// PublicURL is the installation's address: the VAPID contact when https.
	PublicURL string
	// Client sends to push services. Default: a client that never connects
	// to the server's own or private networks (a subscription's endpoint is
	// an address the viewer chose), with a 15 s limit.
	Client *http.Client
}

// Service holds the subscriptions and sends notifications.
type Service struct {
	db      *store.DB
	now     func() time.Time
	key     *ecdsa.PrivateKey
	subject string
	client  *http.Client
}

// New builds the service on db, making the VAPID key on the first start.
func New(ctx context.Context, db *store.DB, cfg Config) (*Service, error) {
	key, err := loadVAPID(ctx, db)
	if err != nil {
		return nil, err
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Client == nil {
		cfg.Client = netguard.New(nil).Client(nil)
		cfg.Client.Timeout = 15 * time.Second
	}
	return &Service{db: db, now: cfg.Now, key: key, subject: subjectOf(cfg.PublicURL), client: cfg.Client}, nil
}

// PublicKey is the VAPID public key as browsers take it
// (applicationServerKey): the uncompressed point, base64url.
func (s *Service) PublicKey() string { return b64.EncodeToString(publicKeyBytes(s.key)) }

// Register mounts the viewer's push calls.
func (s *Service) Register(mux *http.ServeMux) {
	mux.Handle("GET /v2/push/vapid_key", httpx.Handler(s.handleVAPIDKey))
	mux.Handle("GET /v2/users/self/push_subscriptions", httpx.Handler(s.handleList))
	mux.Handle("POST /v2/users/self/push_subscriptions", httpx.Handler(s.handleSubscribe))
	mux.Handle("DELETE /v2/users/self/push_subscriptions/{id}", httpx.Handler(s.handleDelete))
}

// handleVAPIDKey answers GET /v2/push/vapid_key: public, asked before the
// browser subscribes.
func (s *Service) handleVAPIDKey(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", "public, max-age=3600")
	httpx.OK(w, map[string]string{"public_key": s.PublicKey()})
	return nil
}
