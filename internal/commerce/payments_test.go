package commerce

import (
	"context"
	"sync"
	"testing"
	"time"

	"efir/internal/commerce/gateway"
	"efir/internal/provider"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func (s *shop) sys(name string) provider.PaySystem {
	p, _ := paySystemByName(s.prov, name)
	return p
}

// payForPacket starts a card payment that buys packet short (1 month).
func (s *shop) payForPacket(t *testing.T, userID int64, short, key string) payment {
	t.Helper()
	_, p := s.packetByShort(t, short)
	o := payOrder{Prov: s.prov, UserID: userID, Kind: kindSubscription, PaySystem: s.sys("card"), Amount: p.first().Amount,
		PacketID: p.ID, PeriodID: p.first().ID, Key: key, SaveCard: true}
	pay, err := s.startPayment(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return pay
}

func (s *shop) payment(t *testing.T, id int64) payment {
	t.Helper()
	p, err := paymentByID(context.Background(), s.db, id)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A notification replayed five times, and one that comes late or out of
// order, credits once and buys once.
func TestNotificationsSettleOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		u := s.user(t, "payer", 0)
		s.gw.cardSave = &gateway.Card{Token: "tok-1", Brand: "visa", Last4: "4242"}
		pay := s.payForPacket(t, u, "base-1", "order-1")
		if pay.Status != statusPending || pay.GatewayID == nil {
			t.Fatalf("new payment %+v", pay)
		}
		s.gw.finish(*pay.GatewayID, gateway.StatusSucceeded)
		s.gw.byID[*pay.GatewayID].Card = s.gw.cardSave
		var wg sync.WaitGroup
		for i := 0; i < 5; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := s.refresh(ctx, s.gw, s.payment(t, pay.ID)); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		// A late "canceled" for the same payment changes nothing.
		if err := s.settle(ctx, pay.ID, gateway.Payment{ID: *pay.GatewayID, Status: gateway.StatusCanceled}); err != nil {
			t.Fatal(err)
		}
		p := s.payment(t, pay.ID)
		var topups, charges, subs, cards int
		_ = store.Get(ctx, db, `SELECT COUNT(*) FROM ledger_entries WHERE user_id = ? AND kind = 'topup'`, []any{u}, &topups)
		_ = store.Get(ctx, db, `SELECT COUNT(*) FROM ledger_entries WHERE user_id = ? AND kind = 'charge'`, []any{u}, &charges)
		_ = store.Get(ctx, db, `SELECT COUNT(*) FROM subscriptions WHERE user_id = ?`, []any{u}, &subs)
		_ = store.Get(ctx, db, `SELECT COUNT(*) FROM cards WHERE user_id = ?`, []any{u}, &cards)
		if p.Status != statusComplete || topups != 1 || charges != 1 || subs != 1 || cards != 1 || s.balance(t, u) != 0 {
			t.Fatalf("status %s topups %d charges %d subs %d cards %d balance %d", p.Status, topups, charges, subs, cards, s.balance(t, u))
		}
		ledgerSum(t, db)
	})
}

// The same idempotency key gives the same payment and one gateway call.
func TestPaymentIdempotency(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		u := s.user(t, "twice", 0)
		a := s.payForPacket(t, u, "base-1", "same")
		b := s.payForPacket(t, u, "base-1", "same")
		if a.ID != b.ID || s.gw.creates != 1 {
			t.Fatalf("payments %d and %d, gateway calls %d", a.ID, b.ID, s.gw.creates)
		}
	})
}

// The gateway takes the money but its answer is lost (the process dies
// before recording it): the payment stays unknown, and the reconciler
// finds the payment by the same key and completes it exactly once.
func TestLostAnswerReconciled(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		u := s.user(t, "crash", 0)
		s.gw.outcome, s.gw.down = gateway.StatusSucceeded, true
		pay := s.payForPacket(t, u, "base-1", "lost")
		if pay.Status != statusUnknown {
			t.Fatalf("status %s, want unknown", pay.Status)
		}
		// A crash between the insert and the gateway leaves "created".
		_, p2 := s.packetByShort(t, "premium-1")
		if _, err := db.Exec(ctx, `INSERT INTO payments (user_id, provider_id, account_id, kind, status, amount, currency,
			paysystem, gateway, idem_key, packet_id, created_at, updated_at) SELECT ?, 1, a.id, 'refill', 'created', 500, 'RUB', 'card',
			'fake', 'died', ?, ?, ? FROM accounts a WHERE a.user_id = ?`, u, p2.ID, s.now().Unix(), s.now().Unix(), u); err != nil {
			t.Fatal(err)
		}
		s.gw.down = false
		s.clock.add(time.Minute)
		for i := 0; i < 3; i++ {
			if err := s.Reconcile(ctx); err != nil {
				t.Fatal(err)
			}
			s.clock.add(time.Minute)
		}
		if p := s.payment(t, pay.ID); p.Status != statusComplete {
			t.Fatalf("lost payment %s", p.Status)
		}
		var completed, subs int
		_ = store.Get(ctx, db, `SELECT COUNT(*) FROM payments WHERE user_id = ? AND status = 'complete'`, []any{u}, &completed)
		_ = store.Get(ctx, db, `SELECT COUNT(*) FROM subscriptions WHERE user_id = ?`, []any{u}, &subs)
		if completed != 2 || subs != 1 || s.gw.creates != 2 || s.balance(t, u) != 500 {
			t.Fatalf("completed %d subs %d gateway payments %d balance %d", completed, subs, s.gw.creates, s.balance(t, u))
		}
		ledgerSum(t, db)
	})
}

// Renewals: the balance pays first, else the primary card; a failure
// retries and tells the viewer, and the last one ends the subscription.
func TestRenewals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		rich := s.user(t, "rich", 60000)
		card := s.user(t, "card", 29900)
		poor := s.user(t, "poor", 29900)
		for _, u := range []int64{rich, card, poor} {
			if _, err := s.buy(t, u, "base-1", 1, false, ""); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Tx(ctx, func(tx *store.Tx) error {
			return saveCard(ctx, tx, card, "fake", gateway.Card{Token: "tok-card", Brand: "visa", Last4: "4242"}, 0)
		}); err != nil {
			t.Fatal(err)
		}
		s.gw.outcome = gateway.StatusSucceeded
		s.clock.add(31 * 24 * time.Hour)
		n, err := s.RenewDue(ctx)
		if err != nil || n != 1 {
			t.Fatalf("renewed from balance %d %v", n, err)
		}
		subOf := func(u int64) subRow {
			x, err := scanSub(db.QueryRow(ctx, `SELECT `+subColumns+` FROM subscriptions WHERE user_id = ?`, u))
			if err != nil {
				t.Fatal(err)
			}
			return x
		}
		now := s.now().Unix()
		if !subOf(rich).active(now) || !subOf(card).active(now) || subOf(poor).active(now) {
			t.Fatalf("after renewal: rich %+v card %+v poor %+v", subOf(rich), subOf(card), subOf(poor))
		}
		if s.balance(t, rich) != 60000-2*29900 || s.balance(t, card) != 0 {
			t.Fatalf("balances rich %d card %d", s.balance(t, rich), s.balance(t, card))
		}
		// Running again charges nobody twice.
		if n, _ := s.RenewDue(ctx); n != 0 {
			t.Fatalf("second run renewed %d", n)
		}
		// poor retries after 1 h, 1 day, 3 days, then ends.
		for _, wait := range []time.Duration{time.Hour, 24 * time.Hour, 72 * time.Hour} {
			s.clock.add(wait + time.Minute)
			if _, err := s.RenewDue(ctx); err != nil {
				t.Fatal(err)
			}
		}
		x := subOf(poor)
		if x.ClosedAt == 0 || x.Renew {
			t.Fatalf("poor still open after the retries: %+v", x)
		}
		var charges int
		_ = store.Get(ctx, db, `SELECT COUNT(*) FROM subscription_charges c JOIN subscriptions s ON s.id = c.subscription_id
			WHERE s.user_id = ?`, []any{rich}, &charges)
		if charges != 2 {
			t.Fatalf("rich charged %d times", charges)
		}
		ledgerSum(t, db)
	})
}

// The payer's bank statement names the operator and what was paid, in the
// operator's first language, for every kind of payment.
func TestPaymentDescription(t *testing.T) {
	prov := &provider.Provider{Name: "Efir Demo", Languages: []string{"ru", "en"}}
	for kind, want := range map[string]string{
		kindRefill: "Efir Demo: Пополнение баланса", kindCardLink: "Efir Demo: Привязка карты",
		kindSubscription: "Efir Demo: Оплата подписки", kindOffer: "Efir Demo: Покупка фильма",
		kindRenewal: "Efir Demo: Продление подписки",
	} {
		if got := (payOrder{Prov: prov, Kind: kind}).description(); got != want {
			t.Errorf("%s: %q, want %q", kind, got, want)
		}
	}
	en := &provider.Provider{Name: "Geo TV", Languages: []string{"en"}}
	if got := (payOrder{Prov: en, Kind: kindRefill}).description(); got != "Geo TV: Balance top-up" {
		t.Errorf("english operator: %q", got)
	}
}
