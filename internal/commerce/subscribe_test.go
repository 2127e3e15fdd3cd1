package commerce

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"sync"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestSubscribeRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		u := s.user(t, "buyer", 100000)

		// An add-on needs a base packet first.
		if _, err := s.buy(t, u, "premium-1", 1, false, ""); !errors.Is(err, errNoBase) {
			t.Fatalf("add-on without base: %v", err)
		}
		// The trial: 1 ₽ for 7 days, once.
		id, err := s.buy(t, u, "base-1", 1, true, "k1")
		if err != nil {
			t.Fatal(err)
		}
		if b := s.balance(t, u); b != 100000-100 {
			t.Fatalf("balance after the trial %d", b)
		}
		// The same key gives the same subscription and charges nothing more.
		again, err := s.buy(t, u, "base-1", 1, true, "k1")
		if err != nil || again != id || s.balance(t, u) != 99900 {
			t.Fatalf("replay: %d %v balance %d", again, err, s.balance(t, u))
		}
		if _, err := s.buy(t, u, "base-1", 3, true, "k2"); !errors.Is(err, errAlreadyHeld) {
			t.Fatalf("second subscription of one packet: %v", err)
		}
		x, err := subForChange(ctx, db, u, id)
		if err != nil || x.Source != sourceTrial || x.EndAt-x.StartAt != 7*86400 || !x.Renew || x.Price != 29900 {
			t.Fatalf("trial row %+v %v", x, err)
		}
		// The add-on now sells.
		if _, err := s.buy(t, u, "premium-1", 1, false, ""); err != nil {
			t.Fatal(err)
		}
		if b := s.balance(t, u); b != 99900-19900 {
			t.Fatalf("balance %d", b)
		}
		// Not enough money: 402 with the missing amount, nothing written.
		_, err = s.buy(t, u, "max-1", 12, false, "")
		var short *shortError
		if !errors.As(err, &short) || short.Missing != 449100-80000 {
			t.Fatalf("short: %v", err)
		}
		ledgerSum(t, db)
	})
}

func TestTrialOncePerPacket(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		u := s.user(t, "trialist", 100000)
		id, err := s.buy(t, u, "base-1", 1, true, "")
		if err != nil {
			t.Fatal(err)
		}
		// Cancel it and let it lapse; a new subscription on another period
		// pays the full price: the trial is spent.
		if _, err := db.Exec(context.Background(), `UPDATE subscriptions SET renew = FALSE WHERE id = ?`, id); err != nil {
			t.Fatal(err)
		}
		s.clock.add(8 * 24 * 3600 * 1e9)
		if _, err := s.buy(t, u, "base-1", 3, true, ""); err != nil {
			t.Fatal(err)
		}
		if b := s.balance(t, u); b != 100000-100-80700 {
			t.Fatalf("balance %d: the trial must not come back", b)
		}
	})
}

func TestBaseReplacement(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		u := s.user(t, "upgrader", 200000)
		base, err := s.buy(t, u, "base-1", 1, false, "")
		if err != nil {
			t.Fatal(err)
		}
		s.clock.add(15 * 24 * 3600 * 1e9) // half the month
		// A dearer base replaces the cheaper now, crediting the unused half.
		max, err := s.buy(t, u, "max-1", 1, false, "")
		if err != nil {
			t.Fatal(err)
		}
		if b := s.balance(t, u); b != 200000-29900+14950-49900 {
			t.Fatalf("balance after the upgrade %d", b)
		}
		if _, err := subForChange(ctx, db, u, base); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the old base stays open: %v", err)
		}
		// A cheaper base waits for the end of the current one.
		fut, err := s.buy(t, u, "base-1", 1, false, "")
		if err != nil {
			t.Fatal(err)
		}
		x, _ := subForChange(ctx, db, u, fut)
		m, _ := subForChange(ctx, db, u, max)
		if x.StartAt != m.EndAt || x.EndAt != x.StartAt || m.Renew {
			t.Fatalf("future %+v after %+v", x, m)
		}
		if b := s.balance(t, u); b != 200000-29900+14950-49900 {
			t.Fatalf("a future is charged when it starts, balance %d", b)
		}
		// At the end of Максимум the renewal job starts the future base.
		s.clock.add(31 * 24 * 3600 * 1e9)
		if n, err := s.RenewDue(ctx); err != nil || n != 1 {
			t.Fatalf("renewed %d %v", n, err)
		}
		x, _ = subForChange(ctx, db, u, fut)
		if !x.active(s.now().Unix()) {
			t.Fatalf("the future base did not start: %+v", x)
		}
		ledgerSum(t, db)
	})
}

// Twenty purchases of one packet at once, from two devices (different
// keys), give one subscription and one charge.
func TestConcurrentPurchases(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		u := s.user(t, "racer", 100000)
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, held := 0, 0
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_, err := s.buy(t, u, "base-1", 1, false, fmt.Sprintf("device%d-%d", i%2, i))
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case errors.Is(err, errAlreadyHeld) || errors.Is(err, store.ErrConflict):
					held++
				default:
					t.Errorf("purchase %d: %v", i, err)
				}
			}(i)
		}
		wg.Wait()
		var subs, charges int
		_ = store.Get(context.Background(), db, `SELECT COUNT(*) FROM subscriptions WHERE user_id = ?`, []any{u}, &subs)
		_ = store.Get(context.Background(), db, `SELECT COUNT(*) FROM ledger_entries WHERE user_id = ? AND kind = 'charge'`, []any{u}, &charges)
		if ok != 1 || subs != 1 || charges != 1 || s.balance(t, u) != 100000-29900 {
			t.Fatalf("ok %d held %d subscriptions %d charges %d balance %d", ok, held, subs, charges, s.balance(t, u))
		}
		ledgerSum(t, db)
	})
}

// After 1 000 random operations every balance is the sum of its entries
// and none is negative.
func TestLedgerInvariant(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		rnd := rand.New(rand.NewSource(7))
		users := []int64{s.user(t, "l1", 0), s.user(t, "l2", 5000), s.user(t, "l3", 100000)}
		kinds := []string{entryTopup, entryCharge, entryRefund, entryPromoCredit, entryAdjustment, entryReversal}
		for i := 0; i < 1000; i++ {
			u := users[rnd.Intn(len(users))]
			kind := kinds[rnd.Intn(len(kinds))]
			amount := int64(rnd.Intn(40000) + 1)
			if kind == entryCharge || kind == entryReversal || (kind == entryAdjustment && rnd.Intn(2) == 0) {
				amount = -amount
			}
			key := fmt.Sprintf("op-%d", rnd.Intn(900)) // some keys repeat: replays
			err := db.Tx(ctx, func(tx *store.Tx) error {
				acc, err := accountOf(ctx, tx, u, "RUB")
				if err != nil {
					return err
				}
				_, err = post(ctx, tx, entry{AccountID: acc.ID, UserID: u, Kind: kind, Amount: amount, Currency: "RUB", Key: key}, int64(i))
				return err
			})
			if err != nil && !errors.Is(err, errInsufficient) && !errors.Is(err, errReplayed) && !errors.Is(err, store.ErrConflict) {
				t.Fatal(err)
			}
		}
		ledgerSum(t, db)
	})
}
