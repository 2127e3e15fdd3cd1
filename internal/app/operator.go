package app

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"log/slog"
	"time"

	"efir/internal/config"
	"efir/internal/media"
	"efir/internal/operator"
	"efir/internal/operator/providerapi"
	"efir/internal/provider"
	"efir/internal/ratelimit"
	"efir/internal/store"
)

// newOperator builds the console's server side. Its sealing key derives from
// the media secret, which every copy of efir on one database shares.
func newOperator(ctx context.Context, cfg config.Config, db *store.DB, o Options, providers *provider.Service,
	limits ratelimit.Factory, accounts operator.Accounts, shop operator.Shop) (*operator.Service, error) {
	secret, err := media.LoadSecret(ctx, db, cfg.MediaSecret)
	if err != nil {
		return nil, err
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("efir operator"))
	return operator.New(db, operator.Config{Now: o.Now, ServerSecret: mac.Sum(nil), PublicURL: cfg.PublicURL,
		Limits: limits, Operators: providers, Accounts: accounts, Shop: shop})
}

// newProviderAPI builds the operator's machine-to-machine API.
func newProviderAPI(db *store.DB, o Options, providers *provider.Service, limits ratelimit.Factory,
	subscribers providerapi.Subscribers, shop providerapi.Shop) *providerapi.Service {
	return providerapi.New(db, providerapi.Config{Now: o.Now, Limits: limits, Subscribers: subscribers, Shop: shop,
		Operators: providers})
}

// runOperatorJobs drops ended console sessions, old set-up links and the
// provider API's log past its 30 days, hourly.
func runOperatorJobs(ctx context.Context, svc *operator.Service, api *providerapi.Service) {
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		if err := svc.Sweep(ctx); err != nil && ctx.Err() == nil {
			slog.ErrorContext(ctx, "operator sweep failed", "err", err)
		}
		if err := api.Prune(ctx); err != nil && ctx.Err() == nil {
			slog.ErrorContext(ctx, "provider API log prune failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
