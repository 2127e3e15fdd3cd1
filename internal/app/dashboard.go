package app

import (
	"context"
	"log/slog"
	"time"

	"efir/internal/engage/analytics"
	"efir/internal/identity"
	"efir/internal/operator"
	"efir/internal/provider"
	"efir/internal/store"
)

// The dashboard's jobs: its series are counted ahead every minute, and the
// watch reports and analytics events are pruned every 10 minutes (raw rows
// past each operator's stat_retention_days, and the marks of viewers long
// silent). Every copy of
// efir may run them.
const (
	dashboardCountEvery = time.Minute
	watchPruneEvery     = 10
)

func runDashboardJobs(ctx context.Context, db *store.DB, providers *provider.Service, now func() time.Time) {
	tick := time.NewTicker(dashboardCountEvery)
	defer tick.Stop()
	for run := 0; ; run++ {
		var ids []int64
		keep := map[int64]int{}
		for _, p := range providers.List() {
			ids = append(ids, p.ID)
			keep[p.ID] = p.StatRetentionDays
		}
		if run%watchPruneEvery == 0 {
			if err := identity.PruneWatch(ctx, db, now(), keep); err != nil && ctx.Err() == nil {
				slog.WarnContext(ctx, "pruning watch reports failed", "err", err)
			}
			if err := analytics.Prune(ctx, db, now(), keep); err != nil && ctx.Err() == nil {
				slog.WarnContext(ctx, "pruning analytics events failed", "err", err)
			}
		}
		if err := operator.CountDashboard(ctx, db, ids, now()); err != nil && ctx.Err() == nil {
			slog.WarnContext(ctx, "counting the dashboard failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
