package app

import (
	"context"

	"efir/internal/catalog"
	"efir/internal/commerce"
	"efir/internal/config"
	"efir/internal/identity"
	"efir/internal/operator"
	"efir/internal/operator/billing"
	catalogadmin "efir/internal/operator/catalog"
	"efir/internal/operator/channels"
	"efir/internal/operator/engage"
	"efir/internal/operator/packets"
	pagesadmin "efir/internal/operator/pages"
	"efir/internal/operator/providerapi"
	"efir/internal/operator/settings"
	"efir/internal/provider"
	"efir/internal/push"
	"efir/internal/ratelimit"
	"efir/internal/server"
	"efir/internal/store"
	"efir/internal/tv"
)

// consoleDeps are the services the console's sections work through.
type consoleDeps struct {
	ctx       context.Context
	cfg       config.Config
	db        *store.DB
	o         Options
	staff     *operator.Service
	providers *provider.Service
	limits    ratelimit.Factory
	ident     *identity.Service
	shop      *commerce.Service
	tv        *tv.Service
	vod       *catalog.Service
	machines  *providerapi.Service // the provider API, which shows the billing's balances
	push      *push.Service        // console messages go out as pushes too
}

// consoleSections builds the console's sections (each a package under
// internal/operator, mounted beside the console's own calls); jobs they need
// start with the others when o.RunJobs.
func consoleSections(d consoleDeps) ([]server.Module, error) {
	var mods []server.Module
	pk := packets.New(d.staff, d.providers)
	d.shop.WrapGateways(pk.Gateways)
	mods = append(mods, pk)
	lineup := channels.New(d.staff, d.db, d.tv, d.o.Now, d.cfg.FetchAllowNetworks)
	mods = append(mods, lineup)
	if d.o.RunJobs {
		go lineup.RunJobs(d.ctx)
	}
	mods = append(mods, catalogadmin.New(d.staff, d.vod))
	mods = append(mods, pagesadmin.New(d.staff, d.vod))
	eng := engage.New(d.staff, d.providers)
	eng.SetPusher(d.push)
	d.providers.SetSurveys(eng) // the viewer's notification survey, in the configuration
	mods = append(mods, eng)
	if d.o.RunJobs {
		go engage.RunJobs(d.ctx, d.db, d.o.Now, d.push)
	}
	if d.cfg.Demo {
		if err := settings.SeedDemo(d.ctx, d.db, d.o.Now().Unix()); err != nil {
			return nil, err
		}
	}
	st := settings.New(d.staff, d.providers)
	d.ident.SetTelegramBots(st) // the mini apps' bot tokens, kept sealed by the settings
	mods = append(mods, st)
	mods = append(mods, analyticsModules(d)...)
	bill := billing.New(d.staff, billing.Config{Now: d.o.Now, Granter: d.shop,
		Currency: func(ctx context.Context, id int64) string {
			if p, err := d.providers.ByID(ctx, id); err == nil {
				return p.Currency.ISOCode
			}
			return ""
		}})
	d.shop.SetBilling(bill)
	d.ident.SetBilling(bill)
	d.machines.SetBilling(bill)
	mods = append(mods, bill)
	if d.o.RunJobs {
		go bill.Run(d.ctx)
	}
	return mods, nil
}
