package app

import (
	"efir/internal/engage/analytics"
	"efir/internal/server"
)

// analyticsModules are the viewer's analytics calls (events, client
// errors) and the console's panel of events. They are built with the
// console's sections, which have every service they need.
func analyticsModules(d consoleDeps) []server.Module {
	svc := analytics.New(d.db, analytics.Config{Now: d.o.Now, Limits: d.limits, Subscriptions: d.shop})
	return []server.Module{svc, svc.Console(d.staff)}
}
