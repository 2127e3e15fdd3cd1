package app

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"log/slog"
	"net/http"
	"time"

	"efir/internal/commerce"
	"efir/internal/commerce/gateway"
	"efir/internal/commerce/gateway/sandbox"
	"efir/internal/commerce/gateway/yookassa"
	"efir/internal/commerce/sbpqr"
	"efir/internal/config"
	"efir/internal/httpx"
	"efir/internal/media"
	"efir/internal/otp"
	"efir/internal/provider"
	"efir/internal/ratelimit"
	"efir/internal/store"
)

// commerceParts are the commerce service and the sandbox gateway's pages.
type commerceParts struct {
	svc     *commerce.Service
	sandbox *sandbox.Service
}

func newCommerce(cfg config.Config, db *store.DB, o Options, providers *provider.Service, codes *otp.Service,
	limits ratelimit.Factory, parental commerce.Parental, messenger commerce.Messenger, lineup commerce.Lineup,
	ips httpx.ClientIPResolver) (*commerceParts, error) {
	// The sandbox signs its pages and notifications with a key derived from
	// the media secret, which every copy of efir on one database shares.
	mediaSecret, err := media.LoadSecret(context.Background(), db, cfg.MediaSecret)
	if err != nil {
		return nil, err
	}
	mac := hmac.New(sha256.New, mediaSecret)
	mac.Write([]byte("efir sandbox gateway"))
	// Notifications go to the public address, never to a Host header the
	// payer could set.
	sb := sandbox.New(db, sandbox.Options{Sender: codes.Sender(), Now: o.Now, Secret: mac.Sum(nil), NotifyBase: cfg.PublicURL})
	gateways := func(p *provider.Provider) gateway.Gateway {
		switch p.Commerce.Gateway {
		case "sandbox":
			return sb.For(p.Shortname)
		case "yookassa":
			c, err := yookassa.New(yookassa.Config{ShopID: p.Commerce.YooKassa.ShopID, SecretKey: p.Commerce.YooKassa.SecretKey})
			if err != nil {
				slog.Error("yookassa settings of the operator are wrong", "provider", p.Shortname, "err", err)
				return nil
			}
			return c
		}
		return nil
	}
	svc := commerce.New(db, commerce.Config{
		Now: o.Now, PublicURL: cfg.PublicURL, Providers: providers, Gateways: gateways, Parental: parental,
		Messenger: messenger, Lineup: lineup, Limits: limits, QRPNG: sbpqr.PNG, Dev: cfg.Dev,
		ClientIP: func(r *http.Request) string {
			if ip := ips.Resolve(r); ip.IsValid() {
				return ip.Unmap().String()
			}
			return ""
		},
	})
	return &commerceParts{svc: svc, sandbox: sb}, nil
}

// RunCommerceJobs renews due subscriptions every minute and asks the
// gateways about open payments every 10 s, until ctx ends. Every copy of
// efir may run them: the database makes each charge happen once.
func RunCommerceJobs(ctx context.Context, svc *commerce.Service) {
	reconcile := time.NewTicker(10 * time.Second)
	renew := time.NewTicker(time.Minute)
	defer reconcile.Stop()
	defer renew.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-reconcile.C:
			if err := svc.Reconcile(ctx); err != nil && ctx.Err() == nil {
				slog.Warn("payment reconciler", "err", err)
			}
		case <-renew.C:
			if n, err := svc.RenewDue(ctx); err != nil && ctx.Err() == nil {
				slog.Warn("renewals", "err", err)
			} else if n > 0 {
				slog.Info("subscriptions renewed", "count", n)
			}
		}
	}
}

// RenewOnce runs the renewal job once with the clock at at (efir renew): an
// operator's catch-up after downtime, and how tests reach next month.
func RenewOnce(ctx context.Context, cfg config.Config, db *store.DB, at time.Time) (int, error) {
	// The whole process's wiring: renewals charge through the gateways and
	// the operator's billing exactly as the server's own job does.
	w, err := wire(ctx, cfg, db, Options{Now: func() time.Time { return at }})
	if err != nil {
		return 0, err
	}
	return w.shop.svc.RenewDue(ctx)
}
