package sandbox

import (
	"context"
	"errors"
	"sync"
	"testing"

	"efir/internal/commerce/gateway"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestCreateIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		req := gateway.PaymentRequest{IdempotencyKey: "purchase-42", Amount: 29900, Currency: "RUB",
			Method: gateway.MethodCard, Confirmation: gateway.ConfirmRedirect, Metadata: map[string]string{"purchase": "42"}}
		first := h.create(req)
		if !validPaymentID(first.ID) || first.Metadata["purchase"] != "42" || first.Amount != 29900 {
			t.Fatalf("payment %+v", first)
		}
		// The same key, also asked at once by several callers, is one payment.
		var wg sync.WaitGroup
		ids := make([]string, 8)
		for i := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p, err := h.gw.CreatePayment(context.Background(), req)
				if err != nil {
					t.Error(err)
				}
				ids[i] = p.ID
			}()
		}
		wg.Wait()
		for _, id := range ids {
			if id != first.ID {
				t.Fatalf("key reused gave payment %s, want %s", id, first.ID)
			}
		}
		// Keys are per operator: another one's key makes its own payment,
		// and neither sees the other's.
		other := h.svc.For("other")
		p, err := other.CreatePayment(context.Background(), req)
		if err != nil || p.ID == first.ID {
			t.Fatalf("other operator's payment %+v, %v", p, err)
		}
		if _, err := other.GetPayment(context.Background(), first.ID); !errors.Is(err, gateway.ErrRejected) {
			t.Fatalf("another operator's payment read: %v", err)
		}
	})
}

func TestCreateRejects(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		card := gateway.PaymentRequest{IdempotencyKey: "k", Amount: 100, Currency: "RUB",
			Method: gateway.MethodCard, Confirmation: gateway.ConfirmRedirect}
		for name, change := range map[string]func(*gateway.PaymentRequest){
			"zero amount":     func(r *gateway.PaymentRequest) { r.Amount = 0 },
			"negative amount": func(r *gateway.PaymentRequest) { r.Amount = -5 },
			"no key":          func(r *gateway.PaymentRequest) { r.IdempotencyKey = "" },
			"no currency":     func(r *gateway.PaymentRequest) { r.Currency = "" },
			"no method":       func(r *gateway.PaymentRequest) { r.Method = "" },
			"card by QR":      func(r *gateway.PaymentRequest) { r.Confirmation = gateway.ConfirmQR },
			"SBP in dollars": func(r *gateway.PaymentRequest) {
				r.Method, r.Confirmation, r.Currency = gateway.MethodSBP, gateway.ConfirmQR, "USD"
			},
			"mobile, no phone": func(r *gateway.PaymentRequest) {
				r.Method, r.Confirmation = gateway.MethodMobileBalance, gateway.ConfirmNone
			},
			"unknown card": func(r *gateway.PaymentRequest) { r.SavedCardToken = "card_nope" },
		} {
			req := card
			change(&req)
			if _, err := h.gw.CreatePayment(context.Background(), req); !errors.Is(err, gateway.ErrRejected) {
				t.Errorf("%s: err %v, want ErrRejected", name, err)
			}
		}
		if _, err := h.gw.GetPayment(context.Background(), newPaymentID()); !errors.Is(err, gateway.ErrRejected) {
			t.Errorf("unknown payment: %v", err)
		}
		if _, err := h.gw.GetPayment(context.Background(), "../../etc"); !errors.Is(err, gateway.ErrRejected) {
			t.Errorf("junk id: %v", err)
		}
	})
}

// A renewal pays with the saved card at once, no page: the card of 4242
// keeps paying, the card of 0341 is declined from then on.
func TestSavedCardRenewals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		saved := func(number string) *gateway.Card {
			p := h.cardPayment(true)
			h.payCard(p.ID, number)
			got := h.get(p.ID)
			if got.Card == nil {
				t.Fatalf("card %s not saved: %+v", number, got)
			}
			return got.Card
		}
		good, failing := saved("4242424242424242"), saved("4000000000000341")
		for _, tc := range []struct {
			card   *gateway.Card
			status gateway.Status
			reason string
		}{
			{good, gateway.StatusSucceeded, ""},
			{good, gateway.StatusSucceeded, ""},
			{failing, gateway.StatusCanceled, ReasonCardDeclined},
			{failing, gateway.StatusCanceled, ReasonCardDeclined},
		} {
			p := h.create(gateway.PaymentRequest{Method: gateway.MethodCard, SavedCardToken: tc.card.Token, Amount: 9900})
			wantPayment(t, p, tc.status, tc.reason)
			if p.ConfirmationURL != "" {
				t.Fatalf("a renewal has a page: %s", p.ConfirmationURL)
			}
			if tc.status == gateway.StatusSucceeded && (p.Card == nil || *p.Card != *tc.card) {
				t.Fatalf("renewal card %+v, want %+v", p.Card, tc.card)
			}
			if again := h.get(p.ID); again.Status != tc.status {
				t.Fatalf("renewal read back as %s", again.Status)
			}
		}
		// The caller has the outcome in hand: without NotifyBase only the
		// two page payments notified.
		if n := len(h.notifications()); n != 2 {
			t.Fatalf("%d notifications, want 2", n)
		}
		// A card belongs to the operator it was saved with.
		_, err := h.svc.For("other").CreatePayment(context.Background(), gateway.PaymentRequest{IdempotencyKey: "x",
			Amount: 100, Currency: "RUB", Method: gateway.MethodCard, SavedCardToken: good.Token})
		if !errors.Is(err, gateway.ErrRejected) {
			t.Fatalf("another operator paid with the card: %v", err)
		}
	})
}

// With NotifyBase set, payments decided inside CreatePayment notify too.
func TestNotifyBaseForDecidedPayments(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		var h *harness
		h = newHarness(t, db, func(o *Options) { o.NotifyBase = "set below" })
		h.svc.notifyBase = h.srv.URL // the harness's server is only known now
		p := h.cardPayment(true)
		h.payCard(p.ID, "4000000000000341")
		card := h.get(p.ID).Card
		renewal := h.create(gateway.PaymentRequest{Method: gateway.MethodCard, SavedCardToken: card.Token})
		h.wantNotified(t, received{PaymentID: p.ID, Event: EventSucceeded}, received{PaymentID: renewal.ID, Event: EventCanceled})
	})
}
