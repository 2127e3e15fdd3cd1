package operator

import (
	"context"
	"net/http"
	"time"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/ratelimit"
	"efir/internal/store"
)

// Config are the operator side's settings.
type Config struct {
	Now func() time.Time
	// ServerSecret seals the authenticators' secrets (at least 32 bytes).
	ServerSecret []byte
	// PublicURL makes the set-up links absolute (http://host:port).
	PublicURL string
	// Limits counts sign-in attempts per client address.
	Limits ratelimit.Factory
	// Operators are the platform's operators (their names, a platform
	// administrator's choice).
	Operators Operators
	// Accounts and Shop change subscribers' accounts, subscriptions and money.
	Accounts Accounts
	Shop     Shop
	// IdleTTL and SessionTTL end a console session after so long without a
	// call, and so long after its sign-in (defaults 30 min and 12 h).
	IdleTTL, SessionTTL time.Duration
}

// Operators lists the platform's operators.
type Operators interface {
	List() []*provider.Provider
}

// Service is the console's server side.
type Service struct {
	db       *store.DB
	cfg      Config
	seal     *sealer
	attempts ratelimit.Limiter
}

// Sign-in rules.
const (
	maxFailedLogins = 5
	lockFor         = 15 * time.Minute
	challengeTTL    = 5 * time.Minute
	setupLinkTTL    = 72 * time.Hour
	// attemptsPerAddress bounds password and code tries from one address
	// (across every account) in attemptsWindow.
	attemptsPerAddress = 30
	attemptsWindow     = 10 * time.Minute
)

// New makes the service.
func New(db *store.DB, cfg Config) (*Service, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.IdleTTL == 0 {
		cfg.IdleTTL = 30 * time.Minute
	}
	if cfg.SessionTTL == 0 {
		cfg.SessionTTL = 12 * time.Hour
	}
	seal, err := newSealer(cfg.ServerSecret)
	if err != nil {
		return nil, err
	}
	s := &Service{db: db, cfg: cfg, seal: seal}
	if cfg.Limits != nil {
		s.attempts = cfg.Limits("operator_sign_in", attemptsPerAddress, attemptsWindow)
	}
	return s, nil
}

func (s *Service) now() time.Time { return s.cfg.Now() }

// Register mounts the console's calls.
func (s *Service) Register(mux *http.ServeMux) {
	h := func(pattern string, fn httpx.Handler) { mux.Handle(pattern, fn) }
	h("POST /v2/operator/auth/login", s.handleLogin)
	h("POST /v2/operator/auth/totp", s.handleTOTP)
	h("POST /v2/operator/auth/totp/setup", s.handleTOTPSetup)
	h("POST /v2/operator/auth/totp/confirm", s.handleTOTPConfirm)
	h("POST /v2/operator/auth/setup", s.handleSetupLink)
	h("POST /v2/operator/auth/logout", s.signedIn(s.handleLogout))
	h("GET /v2/operator/me", s.signedIn(s.handleMe))
	h("POST /v2/operator/me/provider", s.signedIn(s.handleChooseProvider))
	h("GET /v2/operator/providers", s.signedIn(s.handleProviders))

	h("GET /v2/operator/staff", s.allowed(PermStaff, s.handleStaffList))
	h("POST /v2/operator/staff", s.allowed(PermStaffW, s.handleStaffInvite))
	h("PATCH /v2/operator/staff/{id}", s.allowed(PermStaffW, s.handleStaffPatch))
	h("POST /v2/operator/staff/{id}/setup_link", s.allowed(PermStaffW, s.handleStaffSetupLink))

	h("GET /v2/operator/audit", s.allowed(PermAudit, s.handleAudit))
	h("GET /v2/operator/dashboard/now", s.allowed(PermDashboard, s.handleDashboardNow))
	h("GET /v2/operator/dashboard/series", s.allowed(PermDashboard, s.handleDashboardSeries))
	h("GET /v2/operator/packets", s.allowed(PermPackets, s.handlePackets))
	h("GET /v2/operator/subscribers", s.allowed(PermSubscribers, s.handleSubscribers))
	h("GET /v2/operator/subscribers/export", s.allowed(PermSubscribers, s.handleSubscribersExport))
	h("POST /v2/operator/subscribers/import", s.allowed(PermSubscribersW, s.handleSubscribersImport))
	h("GET /v2/operator/subscribers/{id}", s.allowed(PermSubscribers, s.handleSubscriber))
	h("POST /v2/operator/subscribers/{id}/block", s.allowed(PermSubscribersW, s.handleBlock))
	h("DELETE /v2/operator/subscribers/{id}/sessions", s.allowed(PermSubscribersW, s.handleEndSessions))
	h("DELETE /v2/operator/subscribers/{id}/devices/{deviceId}", s.allowed(PermSubscribersW, s.handleRemoveDevice))
	h("POST /v2/operator/subscribers/{id}/parental_reset", s.allowed(PermSubscribersW, s.handleParentalReset))
	h("POST /v2/operator/subscribers/{id}/subscriptions", s.allowed(PermSubscribersW, s.handleGrant))
	h("PATCH /v2/operator/subscribers/{id}/subscriptions/{subscriptionId}", s.allowed(PermSubscribersW, s.handleChangeSubscription))
	h("GET /v2/operator/subscribers/{id}/ledger", s.allowed(PermMoney, s.handleLedger))
	h("POST /v2/operator/subscribers/{id}/ledger", s.allowed(PermMoneyW, s.handleAdjust))
	h("GET /v2/operator/subscribers/{id}/transactions", s.allowed(PermMoney, s.handleTransactions))
	h("POST /v2/operator/subscribers/{id}/transactions/{transactionId}/refund", s.allowed(PermMoneyW, s.handleRefund))

	h("GET /v2/operator/integrations/tokens", s.allowed(PermIntegrationsW, s.handleAPITokens))
	h("POST /v2/operator/integrations/tokens", s.allowed(PermIntegrationsW, s.handleIssueAPIToken))
	h("DELETE /v2/operator/integrations/tokens/{id}", s.allowed(PermIntegrationsW, s.handleRevokeAPIToken))
	h("GET /v2/operator/integrations/log", s.allowed(PermIntegrationsW, s.handleAPILog))
}

// Sweep drops ended sessions and used or stale set-up links.
func (s *Service) Sweep(ctx context.Context) error {
	now := s.now().Unix()
	if _, err := s.db.Exec(ctx, "DELETE FROM staff_sessions WHERE expires_at < ?", now); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, "DELETE FROM staff_setup_links WHERE expires_at < ?", now-int64(setupLinkTTL.Seconds()))
	return err
}
