package commerce

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// Two copies of efir run the renewal job at the same moment: every due
// subscription is charged once.
func TestRenewalJobTwoProcesses(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newShop(t, db)
		b := New(db, Config{Now: a.clock.now, Providers: a.cfg.Providers, Gateways: a.cfg.Gateways})
		ctx := context.Background()
		const viewers = 60
		for i := 0; i < viewers; i++ {
			u := a.user(t, fmt.Sprintf("r%d", i), 100000)
			if _, err := a.buy(t, u, "base-1", 1, false, ""); err != nil {
				t.Fatal(err)
			}
		}
		a.clock.add(31 * 24 * time.Hour)
		var wg sync.WaitGroup
		counts := make([]int, 2)
		for i, svc := range []*Service{a.Service, b} {
			wg.Add(1)
			go func(i int, svc *Service) {
				defer wg.Done()
				n, err := svc.RenewDue(ctx)
				if err != nil {
					t.Error(err)
				}
				counts[i] = n
			}(i, svc)
		}
		wg.Wait()
		var charges, renewalCharges int
		_ = store.Get(ctx, db, `SELECT COUNT(*) FROM subscription_charges`, nil, &charges)
		_ = store.Get(ctx, db, `SELECT COUNT(*) FROM ledger_entries WHERE description = 'renewal'`, nil, &renewalCharges)
		if counts[0]+counts[1] != viewers || charges != 2*viewers || renewalCharges != viewers {
			t.Fatalf("renewed %v, period charges %d, renewal ledger entries %d (want %d)", counts, charges, renewalCharges, viewers)
		}
		ledgerSum(t, db)
	})
}
