package commerce

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"efir/internal/commerce/gateway"
	"efir/internal/demo"
	"efir/internal/provider"
	"efir/internal/store"
)

// fakeGateway scripts a gateway: payments are kept by idempotency key (as
// real gateways do) and succeed, fail or stay pending as told.
type fakeGateway struct {
	mu       sync.Mutex
	byKey    map[string]*gateway.Payment
	byID     map[string]*gateway.Payment
	outcome  gateway.Status // what a new payment becomes
	down     bool           // answer ErrUnavailable (after creating, like a lost answer)
	creates  int
	refunds  int
	cardSave *gateway.Card
}

func newFakeGateway() *fakeGateway {
	return &fakeGateway{byKey: map[string]*gateway.Payment{}, byID: map[string]*gateway.Payment{}, outcome: gateway.StatusPending}
}

func (f *fakeGateway) Name() string { return "fake" }

func (f *fakeGateway) CreatePayment(_ context.Context, req gateway.PaymentRequest) (gateway.Payment, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	p, ok := f.byKey[req.IdempotencyKey]
	if !ok {
		f.creates++
		p = &gateway.Payment{ID: fmt.Sprintf("fake-%d", len(f.byKey)+1), Status: f.outcome, Amount: req.Amount,
			Currency: req.Currency, ConfirmationURL: "/pay/fake"}
		if req.SavedCardToken == "" && req.SaveCard && f.outcome == gateway.StatusSucceeded {
			p.Card = f.cardSave
		}
		f.byKey[req.IdempotencyKey], f.byID[p.ID] = p, p
	}
	if f.down {
		return gateway.Payment{}, gateway.ErrUnavailable
	}
	return *p, nil
}

func (f *fakeGateway) GetPayment(_ context.Context, id string) (gateway.Payment, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.down {
		return gateway.Payment{}, gateway.ErrUnavailable
	}
	p, ok := f.byID[id]
	if !ok {
		return gateway.Payment{}, gateway.ErrRejected
	}
	return *p, nil
}

func (f *fakeGateway) Refund(_ context.Context, id string, amount int64, _, _ string) (gateway.Refund, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.refunds++
	return gateway.Refund{ID: "r-" + id, Status: gateway.StatusSucceeded, Amount: amount}, nil
}

func (f *fakeGateway) Notification(r *http.Request, _ string) (string, error) {
	return r.URL.Query().Get("id"), nil
}

// finish decides a pending payment at the gateway.
func (f *fakeGateway) finish(id string, st gateway.Status) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.byID[id].Status = st
}

// shop is a commerce service on the demo data with a fake gateway and a
// clock the test moves.
type shop struct {
	*Service
	db    *store.DB
	gw    *fakeGateway
	prov  *provider.Provider
	clock *testClock
}

type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newShop(t *testing.T, db *store.DB) *shop {
	t.Helper()
	ctx := context.Background()
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := demo.EnsureCommerce(ctx, db); err != nil {
		t.Fatal(err)
	}
	providers, err := provider.NewService(ctx, db, provider.Config{})
	if err != nil {
		t.Fatal(err)
	}
	prov, err := providers.ByID(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	gw := newFakeGateway()
	clock := &testClock{t: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)}
	svc := New(db, Config{Now: clock.now, Providers: providers, Gateways: func(*provider.Provider) gateway.Gateway { return gw }})
	return &shop{Service: svc, db: db, gw: gw, prov: prov, clock: clock}
}

// user makes a viewer with balance (minor units) on the demo operator.
func (s *shop) user(t *testing.T, name string, balance int64) int64 {
	t.Helper()
	ctx := context.Background()
	var id int64
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		id, err = store.InsertID(ctx, tx, `INSERT INTO users (provider_id, username, date_joined) VALUES (1, ?, 0) RETURNING id`, name)
		if err != nil {
			return err
		}
		acc, err := accountOf(ctx, tx, id, "RUB")
		if err != nil || balance == 0 {
			return err
		}
		_, err = post(ctx, tx, entry{AccountID: acc.ID, UserID: id, Kind: entryAdjustment, Amount: balance, Currency: "RUB",
			Key: "test-opening:" + name}, 0)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func (s *shop) balance(t *testing.T, userID int64) int64 {
	t.Helper()
	var b int64
	if err := store.Get(context.Background(), s.db, `SELECT balance FROM accounts WHERE user_id = ? AND currency = 'RUB'`,
		[]any{userID}, &b); err != nil {
		t.Fatal(err)
	}
	return b
}

// packetByShort finds a demo packet and the offer it belongs to.
func (s *shop) packetByShort(t *testing.T, short string) (*offer, *packet) {
	t.Helper()
	o, err := loadOffer(context.Background(), s.db, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range o.order {
		if p.Short == short {
			return o, p
		}
	}
	t.Fatalf("no packet %s", short)
	return nil, nil
}

// buy subscribes userID to the packet short on its period of months.
func (s *shop) buy(t *testing.T, userID int64, short string, months int, trial bool, key string) (int64, error) {
	t.Helper()
	o, p := s.packetByShort(t, short)
	per := p.first()
	for _, x := range p.Periods {
		if x.Months == months {
			per = x
		}
	}
	var id int64
	err := s.db.Tx(context.Background(), func(tx *store.Tx) error {
		var err error
		id, err = s.subscribe(context.Background(), tx, o, purchase{UserID: userID, ProviderID: 1, Packet: p, Period: per,
			Trial: trial, Key: key, Currency: "RUB", Source: sourcePaid})
		return err
	})
	return id, err
}

// ledgerSum checks the invariant: every balance is the sum of its entries.
func ledgerSum(t *testing.T, db *store.DB) {
	t.Helper()
	var bad int
	if err := store.Get(context.Background(), db, `SELECT COUNT(*) FROM accounts a WHERE a.balance <>
		(SELECT COALESCE(SUM(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id)`, nil, &bad); err != nil {
		t.Fatal(err)
	}
	if bad != 0 {
		t.Fatalf("%d accounts whose balance is not the sum of their ledger", bad)
	}
	var negative int
	if err := store.Get(context.Background(), db, `SELECT COUNT(*) FROM accounts WHERE balance < 0`, nil, &negative); err != nil {
		t.Fatal(err)
	}
	if negative != 0 {
		t.Fatalf("%d negative balances", negative)
	}
}
