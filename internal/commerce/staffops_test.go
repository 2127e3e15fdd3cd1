package commerce

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"efir/internal/commerce/gateway"
	"efir/internal/httpx"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// wantError checks err is the console answer status/typ, with a detail for
// field when field is set.
func wantError(t *testing.T, err error, status int, typ, field string) *httpx.Error {
	t.Helper()
	var e *httpx.Error
	if !errors.As(err, &e) || e.Status != status || e.Type != typ || (field != "" && e.Detail[field] == "") {
		t.Fatalf("error %v (%+v), want %d %s with detail %q", err, e, status, typ, field)
	}
	return e
}

// otherOperatorUser makes a subscriber of Alma Demo (operator 2).
func (s *shop) otherOperatorUser(t *testing.T, name string) int64 {
	t.Helper()
	id, err := store.InsertID(context.Background(), s.db, `INSERT INTO users (provider_id, username, date_joined)
		VALUES (2, ?, 0) RETURNING id`, name)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func (s *shop) sub(t *testing.T, id int64) subRow {
	t.Helper()
	x, err := scanSub(s.db.QueryRow(context.Background(), `SELECT `+subColumns+` FROM subscriptions WHERE id = ?`, id))
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func (s *shop) change(t *testing.T, userID, id int64, action string, renew *bool) StaffSubscription {
	t.Helper()
	v, err := s.StaffChangeSubscription(context.Background(), 1, userID, id, action, renew)
	if err != nil {
		t.Fatalf("%s (renew %v): %v", action, renew, err)
	}
	return v
}

func ptr[T any](v T) *T { return &v }

// Another operator's subscriber, another subscriber's subscription and
// payment, and another operator's packet are not found, whatever the call.
func TestStaffCallsKeepOperatorsApart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		mine := s.user(t, "mine", 100000)
		neighbour := s.user(t, "neighbour", 100000)
		alien := s.otherOperatorUser(t, "alien")
		neighbourSub, err := s.buy(t, neighbour, "base-1", 1, false, "")
		if err != nil {
			t.Fatal(err)
		}
		neighbourPay := s.topUp(t, neighbour, 5000, "n1")
		_, base := s.packetByShort(t, "base-1")
		var alienPacket int64
		if err := store.Get(ctx, db, `SELECT id FROM packets WHERE provider_id = 2 ORDER BY id LIMIT 1`, nil, &alienPacket); err != nil {
			alienPacket, err = store.InsertID(ctx, db, `INSERT INTO packets (provider_id, name) VALUES (2, 'Alma') RETURNING id`)
			if err != nil {
				t.Fatal(err)
			}
		}
		end := s.clock.now().Add(24 * time.Hour).Unix()
		calls := map[string]func() error{
			"subscriptions of another operator's subscriber": func() error { _, err := s.StaffSubscriptions(ctx, 1, alien); return err },
			"subscriptions asked by another operator":        func() error { _, err := s.StaffSubscriptions(ctx, 2, mine); return err },
			"grant to another operator's subscriber": func() error {
				_, err := s.StaffGrant(ctx, 1, alien, base.ID, 0, end)
				return err
			},
			"grant of another operator's packet": func() error { _, err := s.StaffGrant(ctx, 1, mine, alienPacket, 0, end); return err },
			"change of another subscriber's subscription": func() error {
				_, err := s.StaffChangeSubscription(ctx, 1, mine, neighbourSub, staffPause, nil)
				return err
			},
			"change asked by another operator": func() error {
				_, err := s.StaffChangeSubscription(ctx, 2, neighbour, neighbourSub, staffEnd, nil)
				return err
			},
			"ledger asked by another operator": func() error { _, err := s.StaffLedger(ctx, 2, mine, 20, 0); return err },
			"adjust by another operator": func() error {
				_, err := s.StaffAdjust(ctx, 2, mine, 100, "gift", "k-alien")
				return err
			},
			"transactions asked by another operator": func() error { _, err := s.StaffTransactions(ctx, 2, neighbour, 20, 0); return err },
			"refund of another subscriber's payment": func() error {
				_, err := s.StaffRefund(ctx, 1, mine, neighbourPay.ID, 100, "sorry", "k-r")
				return err
			},
			"refund asked by another operator": func() error {
				_, err := s.StaffRefund(ctx, 2, neighbour, neighbourPay.ID, 100, "sorry", "k-r")
				return err
			},
			"refund of a payment that does not exist": func() error {
				_, err := s.StaffRefund(ctx, 1, neighbour, neighbourPay.ID+1000, 100, "sorry", "k-r")
				return err
			},
		}
		for name, call := range calls {
			var e *httpx.Error
			if err := call(); !errors.As(err, &e) || e.Status != http.StatusNotFound || e.Type != httpx.TypeNotFound {
				t.Errorf("%s: %v, want 404", name, err)
			}
		}
		// Nothing changed on the way.
		if x := s.sub(t, neighbourSub); x.PausedAt != 0 || x.ClosedAt != 0 {
			t.Fatalf("neighbour's subscription changed: %+v", x)
		}
		var adjustments, refunds int
		_ = store.Get(ctx, db, `SELECT COUNT(*) FROM ledger_entries WHERE user_id IN (?, ?, ?) AND kind IN ('adjustment', 'reversal')
			AND idem_key NOT LIKE 'test-opening:%'`, []any{mine, neighbour, alien}, &adjustments)
		_ = store.Get(ctx, db, `SELECT COUNT(*) FROM payment_refunds`, nil, &refunds)
		if adjustments != 0 || refunds != 0 || s.gw.refunds != 0 {
			t.Fatalf("%d adjustments, %d refunds, %d gateway refunds", adjustments, refunds, s.gw.refunds)
		}
	})
}

func TestStaffGrant(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		u := s.user(t, "granted", 0)
		_, base := s.packetByShort(t, "base-1")
		now := s.clock.now().Unix()
		day := int64(secondsADay)

		for name, c := range map[string]struct {
			packet, start, end int64
			field              string
		}{
			"no packet":           {0, 0, now + day, "packet_id"},
			"no end":              {base.ID, 0, 0, "end_at"},
			"end before start":    {base.ID, now + 2*day, now + day, "end_at"},
			"end in the past":     {base.ID, 0, now - day, "end_at"},
			"end in milliseconds": {base.ID, 0, (now + day) * 1000, "end_at"},
		} {
			_, err := s.StaffGrant(ctx, 1, u, c.packet, c.start, c.end)
			t.Run(name, func(t *testing.T) { wantError(t, err, http.StatusBadRequest, httpx.TypeValidation, c.field) })
		}

		// Now (start 0) for a week: active, type grant, no charge, no renewal.
		g, err := s.StaffGrant(ctx, 1, u, base.ID, 0, now+7*day)
		if err != nil {
			t.Fatal(err)
		}
		if g.State != stateActive || g.Type != "grant" || g.StartAt != now || g.EndAt != now+7*day || g.Renew ||
			g.PacketID != base.ID || g.PacketName != base.Name {
			t.Fatalf("grant %+v", g)
		}
		if s.balance(t, u) != 0 {
			t.Fatal("a grant charged the balance")
		}
		// The packet is held: neither a second grant nor a purchase.
		_, err = s.StaffGrant(ctx, 1, u, base.ID, 0, now+day)
		wantError(t, err, http.StatusConflict, "already_subscribed", "")
		if _, err := s.buy(t, u, "base-1", 1, false, ""); !errors.Is(err, errAlreadyHeld) {
			t.Fatalf("buying a granted packet: %v", err)
		}
		// A grant that starts later is a future one and gives nothing yet.
		_, sport := s.packetByShort(t, "sport-1")
		f, err := s.StaffGrant(ctx, 1, u, sport.ID, now+2*day, now+3*day)
		if err != nil {
			t.Fatal(err)
		}
		if f.State != stateFuture {
			t.Fatalf("future grant %+v", f)
		}
		// After its end the grant lapses, shows closed, and the packet may be
		// granted again.
		s.clock.add(8 * 24 * time.Hour)
		list, err := s.StaffSubscriptions(ctx, 1, u)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].ID != f.ID || list[1].ID != g.ID || list[1].State != stateClosed {
			t.Fatalf("list %+v", list)
		}
		again, err := s.StaffGrant(ctx, 1, u, base.ID, 0, s.clock.now().Unix()+day)
		if err != nil {
			t.Fatal(err)
		}
		if again.State != stateActive || s.sub(t, g.ID).ClosedAt == 0 {
			t.Fatalf("grant again %+v; the lapsed one %+v", again, s.sub(t, g.ID))
		}
		// Renewal cannot be switched on for a grant: there is no price.
		_, err = s.StaffChangeSubscription(ctx, 1, u, again.ID, "", ptr(true))
		wantError(t, err, http.StatusConflict, httpx.TypeConflict, "")
	})
}

// A pause stops access and the clock; the renewal job passes the paused
// subscription by; resuming moves the end by the pause.
func TestStaffPauseAndResume(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		u := s.user(t, "pauser", 10_000_000)
		id, err := s.buy(t, u, "base-1", 1, false, "")
		if err != nil {
			t.Fatal(err)
		}
		before := s.sub(t, id)
		if !before.Renew {
			t.Fatal("a paid subscription should renew")
		}
		_, err = s.StaffChangeSubscription(ctx, 1, u, id, staffResume, nil)
		wantError(t, err, http.StatusConflict, httpx.TypeConflict, "")

		s.clock.add(5 * 24 * time.Hour)
		pausedAt := s.clock.now().Unix()
		v := s.change(t, u, id, staffPause, nil)
		if v.State != statePaused || s.sub(t, id).PausedAt != pausedAt {
			t.Fatalf("paused %+v", v)
		}
		_, err = s.StaffChangeSubscription(ctx, 1, u, id, staffPause, nil)
		wantError(t, err, http.StatusConflict, httpx.TypeConflict, "")

		// Forty days on, past the old end: nothing renews the paused one.
		s.clock.add(40 * 24 * time.Hour)
		n, err := s.RenewDue(ctx)
		if err != nil || n != 0 {
			t.Fatalf("renewed %d (%v) while paused", n, err)
		}
		var charges int
		_ = store.Get(ctx, db, `SELECT COUNT(*) FROM subscription_charges WHERE subscription_id = ?`, []any{id}, &charges)
		if charges != 1 || s.sub(t, id).EndAt != before.EndAt {
			t.Fatalf("%d charges, end %d (was %d)", charges, s.sub(t, id).EndAt, before.EndAt)
		}

		stood := s.clock.now().Unix() - pausedAt
		v = s.change(t, u, id, staffResume, nil)
		if v.State != stateActive || v.EndAt != before.EndAt+stood || !v.Renew || s.sub(t, id).PausedAt != 0 {
			t.Fatalf("resumed %+v, want end %d", v, before.EndAt+stood)
		}
		// The time left is what it was at the pause: 25 days.
		if left := v.EndAt - s.clock.now().Unix(); left != 25*secondsADay {
			t.Fatalf("%d s left after the resume", left)
		}
		if n, _ := s.RenewDue(ctx); n != 0 {
			t.Fatalf("renewed %d before the new end", n)
		}
		s.clock.add(26 * 24 * time.Hour)
		if n, err := s.RenewDue(ctx); err != nil || n != 1 {
			t.Fatalf("renewed %d (%v) at the new end", n, err)
		}
		ledgerSum(t, db)
	})
}

// A cheaper base packet bought to follow the current one starts when the
// current one ends, also after the current one stood paused.
func TestStaffResumeMovesTheFollowingBase(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		u := s.user(t, "downgrader", 10_000_000)
		current, err := s.buy(t, u, "max-1", 1, false, "")
		if err != nil {
			t.Fatal(err)
		}
		next, err := s.buy(t, u, "base-1", 1, false, "")
		if err != nil {
			t.Fatal(err)
		}
		if f := s.sub(t, next); f.StartAt != s.sub(t, current).EndAt || f.EndAt != f.StartAt {
			t.Fatalf("not scheduled after the current one: %+v", f)
		}
		s.change(t, u, current, staffPause, nil)
		s.clock.add(10 * 24 * time.Hour)
		v := s.change(t, u, current, staffResume, nil)
		if f := s.sub(t, next); f.StartAt != v.EndAt || f.EndAt != v.EndAt {
			t.Fatalf("following base %+v, the current one ends %d", f, v.EndAt)
		}
	})
}

// The due list is read before the renewal transaction: a subscription
// paused or ended in between is not charged.
func TestRenewalSkipsWhatStaffChangedMeanwhile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		u := s.user(t, "racer", 10_000_000)
		paused, err := s.buy(t, u, "base-1", 1, false, "")
		if err != nil {
			t.Fatal(err)
		}
		ended, err := s.buy(t, u, "sport-1", 1, false, "")
		if err != nil {
			t.Fatal(err)
		}
		s.clock.add(29 * 24 * time.Hour)
		s.change(t, u, paused, staffPause, nil)
		s.change(t, u, ended, staffEnd, nil)
		s.clock.add(2 * 24 * time.Hour)
		stale := []subRow{s.sub(t, paused), s.sub(t, ended)}
		stale[0].PausedAt, stale[1].ClosedAt = 0, 0 // as read before the changes
		balance := s.balance(t, u)
		n, short, err := s.renewFromBalance(ctx, stale, map[int64]int64{})
		if err != nil || n != 0 || len(short) != 0 || s.balance(t, u) != balance {
			t.Fatalf("renewed %d, short %d (%v); balance %d, was %d", n, len(short), err, s.balance(t, u), balance)
		}
		ledgerSum(t, db)
	})
}

func TestStaffEndAndRenewal(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		u := s.user(t, "ender", 10_000_000)
		id, err := s.buy(t, u, "base-1", 1, false, "")
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.StaffChangeSubscription(ctx, 1, u, id, "", nil)
		wantError(t, err, http.StatusBadRequest, httpx.TypeValidation, "action")
		_, err = s.StaffChangeSubscription(ctx, 1, u, id, "delete", nil)
		wantError(t, err, http.StatusBadRequest, httpx.TypeValidation, "action")

		if v := s.change(t, u, id, "", ptr(false)); v.Renew || v.State != stateActive {
			t.Fatalf("renewal off: %+v", v)
		}
		if v := s.change(t, u, id, "", ptr(true)); !v.Renew {
			t.Fatalf("renewal on: %+v", v)
		}
		// Paused, renewal goes off in the same change (the viewer may not do that).
		if v := s.change(t, u, id, staffPause, ptr(false)); v.Renew || v.State != statePaused {
			t.Fatalf("pause without renewal: %+v", v)
		}
		if v := s.change(t, u, id, staffResume, ptr(true)); !v.Renew || v.State != stateActive {
			t.Fatalf("resume with renewal: %+v", v)
		}

		s.clock.add(time.Hour)
		v := s.change(t, u, id, staffEnd, nil)
		x := s.sub(t, id)
		if v.State != stateClosed || v.Renew || x.ClosedAt != s.clock.now().Unix() || x.EndAt != x.ClosedAt || x.OpenKey != nil {
			t.Fatalf("ended %+v, row %+v", v, x)
		}
		for _, c := range []struct {
			action string
			renew  *bool
		}{{staffEnd, nil}, {staffPause, nil}, {staffResume, nil}, {"", ptr(true)}} {
			_, err := s.StaffChangeSubscription(ctx, 1, u, id, c.action, c.renew)
			wantError(t, err, http.StatusConflict, httpx.TypeConflict, "")
		}
		s.clock.add(40 * 24 * time.Hour)
		if n, _ := s.RenewDue(ctx); n != 0 {
			t.Fatalf("renewed %d ended subscriptions", n)
		}
		// The packet can be bought again.
		if _, err := s.buy(t, u, "base-1", 1, false, ""); err != nil {
			t.Fatalf("buying again: %v", err)
		}
	})
}

func TestStaffAdjust(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newShop(t, db)
		ctx := context.Background()
		u := s.user(t, "adjusted", 1000)

		for name, c := range map[string]struct {
			amount      int64
			reason, key string
			field       string
		}{
			"zero":        {0, "why", "k", "amount"},
			"too much":    {maxPayment + 1, "why", "k", "amount"},
			"too little":  {-maxPayment - 1, "why", "k", "amount"},
			"no reason":   {100, "  ", "k", "reason"},
			"long reason": {100, string(make([]byte, 201)), "k", "reason"},
			"no key":      {100, "why", "", "idempotency_key"},
		} {
			_, err := s.StaffAdjust(ctx, 1, u, c.amount, c.reason, c.key)
			t.Run(name, func(t *testing.T) { wantError(t, err, http.StatusBadRequest, httpx.TypeValidation, c.field) })
		}

		credit, err := s.StaffAdjust(ctx, 1, u, 2500, " goodwill ", "staff:credit")
		if err != nil {
			t.Fatal(err)
		}
		if credit.Kind != entryAdjustment || credit.Amount != 2500 || credit.BalanceAfter != 3500 ||
			credit.Description != "goodwill" || credit.Currency != "RUB" {
			t.Fatalf("credit %+v", credit)
		}
		// The same key: the same entry, nothing posted; another amount with it is refused.
		again, err := s.StaffAdjust(ctx, 1, u, 2500, "goodwill", "staff:credit")
		if err != nil || again != credit || s.balance(t, u) != 3500 {
			t.Fatalf("replay %+v (%v), balance %d", again, err, s.balance(t, u))
		}
		_, err = s.StaffAdjust(ctx, 1, u, 9999, "goodwill", "staff:credit")
		wantError(t, err, http.StatusConflict, httpx.TypeConflict, "")

		// A debit never overdraws.
		_, err = s.StaffAdjust(ctx, 1, u, -3501, "correction", "staff:debit-1")
		e := wantError(t, err, http.StatusConflict, "insufficient_funds", "amount")
		if e.Detail["amount"] != "3500" {
			t.Fatalf("detail %v", e.Detail)
		}
		debit, err := s.StaffAdjust(ctx, 1, u, -3500, "correction", "staff:debit-2")
		if err != nil || debit.BalanceAfter != 0 {
			t.Fatalf("debit %+v (%v)", debit, err)
		}

		// Ten requests with one key at once: one posting.
		var wg sync.WaitGroup
		got := make([]LedgerEntry, 10)
		for i := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				e, err := s.StaffAdjust(ctx, 1, u, 700, "bonus", "staff:same")
				if err != nil {
					t.Error(err)
				}
				got[i] = e
			}()
		}
		wg.Wait()
		var postings int
		_ = store.Get(ctx, db, `SELECT COUNT(*) FROM ledger_entries WHERE user_id = ? AND description = 'bonus'`, []any{u}, &postings)
		if postings != 1 || s.balance(t, u) != 700 {
			t.Fatalf("%d postings, balance %d", postings, s.balance(t, u))
		}
		for _, e := range got {
			if e.ID != got[0].ID {
				t.Fatalf("answers differ: %+v", got)
			}
		}

		list, err := s.StaffLedger(ctx, 1, u, 2, 0)
		if err != nil || len(list) != 2 || list[0].ID != got[0].ID || list[1].ID != debit.ID {
			t.Fatalf("ledger %+v (%v)", list, err)
		}
		if all, _ := s.StaffLedger(ctx, 1, u, 0, 0); len(all) != 4 {
			t.Fatalf("%d entries, want 4", len(all))
		}
		ledgerSum(t, db)
	})
}

// topUp completes a card top-up of amount for userID.
func (s *shop) topUp(t *testing.T, userID, amount int64, key string) payment {
	t.Helper()
	s.gw.mu.Lock()
	s.gw.outcome = gateway.StatusSucceeded
	s.gw.mu.Unlock()
	p, err := s.startPayment(context.Background(), payOrder{Prov: s.prov, UserID: userID, Kind: kindRefill,
		PaySystem: s.sys("card"), Amount: amount, Key: key})
	if err != nil || p.Status != statusComplete {
		t.Fatalf("top-up %+v: %v", p, err)
	}
	return p
}
