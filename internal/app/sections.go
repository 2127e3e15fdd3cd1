package app

import (
	"context"

	"efir/internal/catalog"
	"efir/internal/commerce"
	"efir/internal/config"
	"efir/internal/identity"
	"efir/internal/operator"
	"efir/internal/provider"
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
}

// consoleSections builds the console's sections (each a package under
// internal/operator, mounted beside the console's own calls); jobs they need
// start with the others when o.RunJobs.
func consoleSections(d consoleDeps) ([]server.Module, error) {
	var mods []server.Module
	// section: packets
	// section: channels
	// section: catalog
	// section: pages
	// section: engage
	// section: settings
	// section: integrations
	return mods, nil
}
