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
	"efir/internal/operator"
	"efir/internal/operator/providerapi"
	"efir/internal/otp"
	"efir/internal/provider"
	"efir/internal/push"
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

// wiring is every service of one efir process, built and connected.
type wiring struct {
	o          Options
	providers  *provider.Service
	codes      *otp.Service
	ident      *identity.Service
	origin     *lazyOrigin
	television *tv.Service
	vod        *catalog.Service
	shop       *commerceParts
	staff      *operator.Service
	machines   *providerapi.Service
	pushing    *push.Service
	sections   []server.Module
	clientIP   httpx.ClientIPResolver
}

// wire builds the services of efir on db and connects them (the console's
// sections too: they hook into payments and sign-in). Jobs do not start here.
func wire(ctx context.Context, cfg config.Config, db *store.DB, o Options) (*wiring, error) {
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
	// The system's messages to viewers (a stopped stream, a failed renewal)
	// go out as web pushes too.
	pushing, err := push.New(ctx, db, push.Config{Now: o.Now, PublicURL: cfg.PublicURL})
	if err != nil {
		return nil, err
	}
	messages := push.Messenger{Messages: ident, Push: pushing}
	// Streams at once: handed out by tv and catalog, kept alive by the
	// watch reports identity takes, stops told in identity's messages.
	watching := streams.New(db, streams.Config{Now: o.Now, Operators: providers, Messenger: messages})
	ident.SetStreams(watching)
	// 18+ streams need the parental PIN's proof, which identity keeps.
	television := tv.New(db, origin, tv.Config{Now: o.Now, Parental: ident, Streams: watching})
	vod := catalog.New(db, origin, catalog.Config{Now: o.Now, Parental: ident, Streams: watching})
	television.SetFavoriteTargets(vod)
	vod.SetChannels(television)
	clientIP := httpx.ClientIPResolver{Trusted: cfg.TrustedProxies}
	shop, err := newCommerce(cfg, db, o, providers, codes, limits, ident, messages, television, clientIP)
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
		limits: limits, ident: ident, shop: shop.svc, tv: television, vod: vod, machines: machines, push: pushing})
	if err != nil {
		return nil, err
	}
	return &wiring{o: o, providers: providers, codes: codes, ident: ident, origin: origin, television: television, vod: vod,
		shop: shop, staff: staff, machines: machines, pushing: pushing, sections: sections, clientIP: clientIP}, nil
}

// Handler builds the whole HTTP handler of efir on db. opts is optional (at
// most one is used): production passes none.
func Handler(ctx context.Context, cfg config.Config, db *store.DB, opts ...Options) (http.Handler, error) {
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	w, err := wire(ctx, cfg, db, o)
	if err != nil {
		return nil, err
	}
	o = w.o
	if o.RunJobs {
		go RunCommerceJobs(ctx, w.shop.svc)
		go runOperatorJobs(ctx, w.staff, w.machines)
		go runDashboardJobs(ctx, db, w.providers, o.Now)
		go w.pushing.Run(ctx)
	}
	dist, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		return nil, err
	}
	modules := []server.Module{w.providers, w.codes, w.ident, w.origin, w.television, w.vod, w.shop.svc, w.shop.sandbox,
		w.staff, w.machines, w.pushing, artwork.New(db, artwork.Options{DrawsPerMinute: cfg.ArtworkDrawsPerMinute})}
	return server.Handler(server.Options{
		Modules: append(modules, w.sections...),
		// The provider is chosen before the token is read: sign-in rules
		// depend on the client's operator.
		Middleware: []func(http.Handler) http.Handler{w.providers.Middleware, w.ident.Middleware},
		ClientIP:   w.clientIP,
		Web:        dist,
		PageMeta:   w.vod.PageMeta(cfg.PublicURL),
		DB:         db,
		Logger:     slog.Default(),
	}), nil
}
