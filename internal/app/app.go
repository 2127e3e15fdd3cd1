// Package app wires every feature package into one HTTP handler; the efir
// command and the API tests both build it, so the API under test is the one that ships.
package app

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"efir/internal/artwork"
	"efir/internal/catalog"
	"efir/internal/config"
	"efir/internal/httpx"
	"efir/internal/identity"
	"efir/internal/otp"
	"efir/internal/provider"
	"efir/internal/ratelimit"
	"efir/internal/server"
	"efir/internal/store"
	"efir/internal/streams"
	"efir/internal/tv"
	"efir/web"
)

// Options are what the environment cannot set: hooks for tests.
type Options struct {
	// Now is the clock of every rule that depends on time (token life, code
	// expiry, rate limits, PIN locks); default time.Now.
	Now func() time.Time
	// RunJobs starts the background jobs of the process (renewals, the
	// payment reconciler) on the Handler's context: efir serve sets it.
	RunJobs bool
	// WarmMedia prepares the media origin at once (efir serve: a broken
	// asset stops the start); otherwise on the first media request.
	WarmMedia bool
}

// Handler builds the whole HTTP handler of efir on db. opts is optional (at
// most one is used): production passes none.
func Handler(ctx context.Context, cfg config.Config, db *store.DB, opts ...Options) (http.Handler, error) {
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	providers, err := provider.NewService(ctx, db, provider.Config{
		ProvidersFile: cfg.ProvidersFile,
		GeoCIDRFile:   cfg.GeoCIDRFile,
		GeoIPDB:       cfg.GeoIPDB,
		PublicURL:     cfg.PublicURL,
		TokenTTL:      cfg.TokenTTL,
	})
	if err != nil {
		return nil, err
	}
	// Limits count in Redis when one is configured, else in the database:
	// either way every copy of efir shares the counts.
	limits, err := ratelimit.Open(ctx, cfg.RedisURL, db)
	if err != nil {
		return nil, err
	}
	codes, err := otp.NewService(db, otp.Config{
		Sender:           cfg.OTPSender,
		SMSGatewayURL:    cfg.SMSGatewayURL,
		SMSGatewayToken:  cfg.SMSGatewayToken,
		TelegramBotToken: cfg.TelegramBotToken,
		TelegramAPIURL:   cfg.TelegramAPIURL,
		TelegramBotName:  cfg.TelegramBotName,
		Dev:              cfg.Dev,
		Now:              o.Now,
		Limits:           limits,
	}, providers)
	if err != nil {
		return nil, err
	}
	ident := identity.New(db, codes, providers, identity.Options{TokenTTL: cfg.TokenTTL, Now: o.Now, Limits: limits,
		GuestsPerHour: cfg.GuestsPerHour})
	// The media origin serves the signed HLS URLs the TV area issues.
	origin := newLazyOrigin(cfg, db, o.Now)
	if o.WarmMedia {
		if _, err := origin.get(); err != nil {
			return nil, err
		}
	}
	// Streams at once: handed out by tv and catalog, kept alive by the
	// watch reports identity takes, stops told in identity's messages.
	watching := streams.New(db, streams.Config{Now: o.Now, Operators: providers, Messenger: ident})
	ident.SetStreams(watching)
	// 18+ streams need the parental PIN's proof, which identity keeps.
	television := tv.New(db, origin, tv.Config{Now: o.Now, Parental: ident, Streams: watching})
	vod := catalog.New(db, origin, catalog.Config{Now: o.Now, Parental: ident, Streams: watching})
	television.SetFavoriteTargets(vod)
	vod.SetChannels(television)
	clientIP := httpx.ClientIPResolver{Trusted: cfg.TrustedProxies}
	shop, err := newCommerce(cfg, db, o, providers, codes, limits, ident, ident, television, clientIP)
	if err != nil {
		return nil, err
	}
	providers.SetCommerce(shop.svc)
	ident.SetRegistrationHook(shop.svc.GrantPromoDays)
	staff, err := newOperator(ctx, cfg, db, o, providers, limits, ident, shop.svc)
	if err != nil {
		return nil, err
	}
	machines := newProviderAPI(db, o, providers, limits, ident, shop.svc)
	sections, err := consoleSections(consoleDeps{ctx: ctx, cfg: cfg, db: db, o: o, staff: staff, providers: providers,
		limits: limits, ident: ident, shop: shop.svc, tv: television, vod: vod})
	if err != nil {
		return nil, err
	}
	if o.RunJobs {
		go RunCommerceJobs(ctx, shop.svc)
		go runOperatorJobs(ctx, staff, machines)
		go runDashboardJobs(ctx, db, providers, o.Now)
	}
	dist, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		return nil, err
	}
	modules := []server.Module{providers, codes, ident, origin, television, vod, shop.svc, shop.sandbox, staff, machines,
		artwork.New(db, artwork.Options{DrawsPerMinute: cfg.ArtworkDrawsPerMinute})}
	return server.Handler(server.Options{
		Modules: append(modules, sections...),
		// The provider is chosen before the token is read: sign-in rules
		// depend on the client's operator.
		Middleware: []func(http.Handler) http.Handler{providers.Middleware, ident.Middleware},
		ClientIP:   clientIP,
		Web:        dist,
		PageMeta:   vod.PageMeta(cfg.PublicURL),
		DB:         db,
		Logger:     slog.Default(),
	}), nil
}
