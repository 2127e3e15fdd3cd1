package commerce

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"testing"

	"efir/internal/commerce/gateway"
	"efir/internal/commerce/gateway/sandbox"
	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// refundGateway is the fake gateway whose refunds keep their idempotency
// key (as real gateways do), and may refuse or not answer.
type refundGateway struct {
	*fakeGateway
	rmu     sync.Mutex
	made    map[string]gateway.Refund
	calls   int
	refuse  bool
	silent  bool // no answer; the refund is made all the same
	amounts []int64
}

func (g *refundGateway) Refund(_ context.Context, id string, amount int64, _, key string) (gateway.Refund, error) {
	g.rmu.Lock()
	defer g.rmu.Unlock()
	g.calls++
	if g.refuse {
		return gateway.Refund{}, gateway.ErrRejected
	}
	r, ok := g.made[key]
	if !ok {
		r = gateway.Refund{ID: "rf-" + key, Status: gateway.StatusSucceeded, Amount: amount}
		g.made[key] = r
		g.amounts = append(g.amounts, amount)
	}
	if g.silent {
		return gateway.Refund{}, gateway.ErrUnavailable
	}
	return r, nil
}

func (g *refundGateway) set(refuse, silent bool) {
	g.rmu.Lock()
	defer g.rmu.Unlock()
	g.refuse, g.silent = refuse, silent
}

// refundShop is a shop whose gateway is a refundGateway.
func refundShop(t *testing.T, db *store.DB) (*shop, *refundGateway) {
	s := newShop(t, db)
	g := &refundGateway{fakeGateway: s.gw, made: map[string]gateway.Refund{}}
	s.Service = New(db, Config{Now: s.clock.now, Providers: s.cfg.Providers,
		Gateways: func(*provider.Provider) gateway.Gateway { return g }})
	return s, g
}

func (s *shop) refunded(t *testing.T, paymentID int64) int64 {
	t.Helper()
	var n int64
	if err := store.Get(context.Background(), s.db, `SELECT refunded FROM payments WHERE id = ?`, []any{paymentID}, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (s *shop) reversals(t *testing.T, userID int64) (n int, sum int64) {
	t.Helper()
	if err := store.Get(context.Background(), s.db, `SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM ledger_entries
		WHERE user_id = ? AND kind = 'reversal'`, []any{userID}, &n, &sum); err != nil {
		t.Fatal(err)
	}
	return n, sum
}

// Partial refunds of a top-up add up to the payment, each taking its part
// off the balance; then nothing more can be refunded.
func TestStaffRefundsOfATopUp(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, g := refundShop(t, db)
		ctx := context.Background()
		u := s.user(t, "refunded", 0)
		p := s.topUp(t, u, 10000, "t1")
		if s.balance(t, u) != 10000 {
			t.Fatalf("balance %d after the top-up", s.balance(t, u))
		}
		for name, c := range map[string]struct {
			amount int64
			field  string
		}{"zero": {0, "amount"}, "negative": {-5, "amount"}, "more than paid": {10001, "refundable"}} {
			_, err := s.StaffRefund(ctx, 1, u, p.ID, c.amount, "why", "k-"+name)
			t.Run(name, func(t *testing.T) { wantError(t, err, http.StatusBadRequest, httpx.TypeValidation, c.field) })
		}

		for i, part := range []int64{2500, 4000, 3500} {
			tr, err := s.StaffRefund(ctx, 1, u, p.ID, part, "customer asked", "part-"+strconv.Itoa(i))
			if err != nil {
				t.Fatalf("part %d: %v", i, err)
			}
			if tr.ID != p.ID || tr.Kind != kindRefill || tr.Status != statusComplete || tr.Amount != 10000 || tr.Gateway != "fake" {
				t.Fatalf("transaction %+v", tr)
			}
		}
		if got := s.refunded(t, p.ID); got != 10000 || s.balance(t, u) != 0 || len(g.amounts) != 3 {
			t.Fatalf("refunded %d, balance %d, gateway refunds %v", got, s.balance(t, u), g.amounts)
		}
		if n, sum := s.reversals(t, u); n != 3 || sum != -10000 {
			t.Fatalf("%d reversals of %d", n, sum)
		}
		_, err := s.StaffRefund(ctx, 1, u, p.ID, 1, "one more", "part-4")
		wantError(t, err, http.StatusConflict, httpx.TypeConflict, "")

		list, err := s.StaffTransactions(ctx, 1, u, 20, 0)
		if err != nil || len(list) != 1 || list[0].Refunded != 10000 || list[0].CreatedAt != "2026-11-01T12:00:00Z" {
			t.Fatalf("transactions %+v (%v)", list, err)
		}
		ledgerSum(t, db)
	})
}

// A top-up partly spent is refunded only as far as the balance still holds
// it; the error says how much that is.
func TestStaffRefundOfASpentTopUp(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, g := refundShop(t, db)
		ctx := context.Background()
		u := s.user(t, "spender", 0)
		p := s.topUp(t, u, 40000, "t1")
		if _, err := s.buy(t, u, "base-1", 1, false, ""); err != nil { // 299 ₽ spent, 101 ₽ left
			t.Fatal(err)
		}
		_, err := s.StaffRefund(ctx, 1, u, p.ID, 20000, "too much", "k1")
		e := wantError(t, err, http.StatusConflict, "insufficient_funds", "amount")
		if e.Detail["amount"] != "10100" || e.Key != "commerce_refund_spent" {
			t.Fatalf("error %+v", e)
		}
		var rows int
		_ = store.Get(ctx, db, `SELECT COUNT(*) FROM payment_refunds`, nil, &rows)
		if rows != 0 || s.refunded(t, p.ID) != 0 || g.calls != 0 || s.balance(t, u) != 10100 {
			t.Fatalf("a refused refund left %d rows, refunded %d, %d gateway calls, balance %d",
				rows, s.refunded(t, p.ID), g.calls, s.balance(t, u))
		}
		if _, err := s.StaffRefund(ctx, 1, u, p.ID, 10100, "what is left", "k2"); err != nil {
			t.Fatal(err)
		}
		if s.balance(t, u) != 0 || s.refunded(t, p.ID) != 10100 {
			t.Fatalf("balance %d, refunded %d", s.balance(t, u), s.refunded(t, p.ID))
		}
		ledgerSum(t, db)
	})
}

// One key refunds once, however often and however concurrently it comes.
func TestStaffRefundIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, g := refundShop(t, db)
		ctx := context.Background()
		u := s.user(t, "twice", 0)
		p := s.topUp(t, u, 10000, "t1")
		var wg sync.WaitGroup
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := s.StaffRefund(ctx, 1, u, p.ID, 3000, "double click", "staff:same"); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		tr, err := s.StaffRefund(ctx, 1, u, p.ID, 3000, "double click", "staff:same")
		if err != nil || tr.Refunded != 3000 {
			t.Fatalf("replay %+v (%v)", tr, err)
		}
		if n, sum := s.reversals(t, u); n != 1 || sum != -3000 || len(g.amounts) != 1 || g.calls != 1 || s.balance(t, u) != 7000 {
			t.Fatalf("%d reversals of %d, gateway refunds %v in %d calls, balance %d", n, sum, g.amounts, g.calls, s.balance(t, u))
		}
		// The key with another amount is refused, not refunded.
		_, err = s.StaffRefund(ctx, 1, u, p.ID, 5000, "double click", "staff:same")
		wantError(t, err, http.StatusConflict, httpx.TypeConflict, "")
		// The database holds one row per key of a payment.
		_, err = db.Exec(ctx, `INSERT INTO payment_refunds (payment_id, idem_key, amount, reason, status, created_at, updated_at)
			VALUES (?, 'staff:same', 1, 'x', 'created', 0, 0)`, p.ID)
		if err == nil {
			t.Fatal("a second refund row with the same key was accepted")
		}
		ledgerSum(t, db)
	})
}

// A refund the gateway refuses gives everything back; one it does not
// answer stays counted and is settled by asking again with the same key.
func TestStaffRefundGatewayOutcomes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, g := refundShop(t, db)
		ctx := context.Background()
		u := s.user(t, "unlucky", 0)
		p := s.topUp(t, u, 10000, "t1")

		g.set(true, false)
		_, err := s.StaffRefund(ctx, 1, u, p.ID, 4000, "refused", "k-refused")
		wantError(t, err, http.StatusConflict, "refund_rejected", "")
		if s.refunded(t, p.ID) != 0 || s.balance(t, u) != 10000 {
			t.Fatalf("after a refusal: refunded %d, balance %d", s.refunded(t, p.ID), s.balance(t, u))
		}
		// Its key answers the same refusal and asks nothing.
		calls := g.calls
		_, err = s.StaffRefund(ctx, 1, u, p.ID, 4000, "refused", "k-refused")
		wantError(t, err, http.StatusConflict, "refund_rejected", "")
		if g.calls != calls {
			t.Fatal("a refused refund's key asked the gateway again")
		}

		g.set(false, true)
		_, err = s.StaffRefund(ctx, 1, u, p.ID, 6000, "no answer", "k-silent")
		wantError(t, err, http.StatusServiceUnavailable, "unavailable", "")
		if s.refunded(t, p.ID) != 6000 || s.balance(t, u) != 4000 {
			t.Fatalf("after no answer: refunded %d, balance %d", s.refunded(t, p.ID), s.balance(t, u))
		}
		g.set(false, false)
		tr, err := s.StaffRefund(ctx, 1, u, p.ID, 6000, "no answer", "k-silent")
		if err != nil || tr.Refunded != 6000 {
			t.Fatalf("asking again: %+v (%v)", tr, err)
		}
		var status string
		_ = store.Get(ctx, db, `SELECT status FROM payment_refunds WHERE idem_key = 'k-silent'`, nil, &status)
		if status != "succeeded" || len(g.amounts) != 1 || s.balance(t, u) != 4000 {
			t.Fatalf("status %s, gateway refunds %v, balance %d", status, g.amounts, s.balance(t, u))
		}
		ledgerSum(t, db)
	})
}

// A purchase paid by card was spent at once: its refund leaves the balance
// alone (and the subscription, which staff end apart). Only a completed
// payment is refunded.
func TestStaffRefundOfAPurchase(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, g := refundShop(t, db)
		ctx := context.Background()
		u := s.user(t, "buyer", 0)
		pay := s.payForPacket(t, u, "base-1", "buy-1")
		_, err := s.StaffRefund(ctx, 1, u, pay.ID, 100, "not yet", "k0")
		wantError(t, err, http.StatusConflict, httpx.TypeConflict, "")

		s.gw.finish(*pay.GatewayID, gateway.StatusSucceeded)
		if err := s.refresh(ctx, g, s.payment(t, pay.ID)); err != nil {
			t.Fatal(err)
		}
		tr, err := s.StaffRefund(ctx, 1, u, pay.ID, pay.Amount, "changed mind", "k1")
		if err != nil || tr.Refunded != pay.Amount || tr.PacketName != "Базовый" || tr.Kind != kindSubscription {
			t.Fatalf("refund %+v (%v)", tr, err)
		}
		if n, _ := s.reversals(t, u); n != 0 || s.balance(t, u) != 0 {
			t.Fatalf("%d reversals, balance %d", n, s.balance(t, u))
		}
		ledgerSum(t, db)
	})
}

// Through the built-in sandbox gateway: the sandbox's own payment shows
// the refunds.
func TestStaffRefundThroughTheSandbox(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		sb := sandbox.New(db, sandbox.Options{Now: s.clock.now, Secret: []byte("staff-refund-test-secret-0123456")})
		gw := sb.For(s.prov.Shortname)
		s.Service = New(db, Config{Now: s.clock.now, Providers: s.cfg.Providers,
			Gateways: func(*provider.Provider) gateway.Gateway { return gw }})
		u := s.user(t, "sandboxed", 0)
		// A saved sandbox card pays at once, without a page.
		if _, err := db.Exec(ctx, `INSERT INTO sandbox_cards (token, provider, brand, last4, renewal, created_at)
			VALUES ('tok-staff', ?, 'visa', '4242', 'succeed', 0)`, s.prov.Shortname); err != nil {
			t.Fatal(err)
		}
		p, err := s.startPayment(ctx, payOrder{Prov: s.prov, UserID: u, Kind: kindRefill, PaySystem: s.sys("card"),
			Amount: 30000, CardToken: "tok-staff", Key: "sb-1"})
		if err != nil || p.Status != statusComplete {
			t.Fatalf("payment %+v (%v)", p, err)
		}
		for i := 0; i < 2; i++ { // the second is a replay
			if _, err := s.StaffRefund(ctx, 1, u, p.ID, 12000, "sandbox", "sb-refund"); err != nil {
				t.Fatal(err)
			}
		}
		var refunded int64
		var rows int
		_ = store.Get(ctx, db, `SELECT refunded FROM sandbox_payments WHERE id = ?`, []any{*p.GatewayID}, &refunded)
		_ = store.Get(ctx, db, `SELECT COUNT(*) FROM sandbox_refunds WHERE payment_id = ?`, []any{*p.GatewayID}, &rows)
		if refunded != 12000 || rows != 1 || s.refunded(t, p.ID) != 12000 || s.balance(t, u) != 18000 {
			t.Fatalf("sandbox refunded %d in %d refunds; ours %d; balance %d", refunded, rows, s.refunded(t, p.ID), s.balance(t, u))
		}
		ledgerSum(t, db)
	})
}
