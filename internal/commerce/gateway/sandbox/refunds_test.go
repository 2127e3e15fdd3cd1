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

func TestRefunds(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		ctx := context.Background()
		p := h.cardPayment(false) // 199.00
		h.payCard(p.ID, "4242424242424242")

		r1, err := h.gw.Refund(ctx, p.ID, 5000, "RUB", "refund-1")
		if err != nil || r1.Status != gateway.StatusSucceeded || r1.Amount != 5000 || r1.ID == "" {
			t.Fatalf("partial refund %+v, %v", r1, err)
		}
		// The same key is the same refund, not a second one.
		again, err := h.gw.Refund(ctx, p.ID, 5000, "RUB", "refund-1")
		if err != nil || again != r1 {
			t.Fatalf("repeated refund %+v, %v; want %+v", again, err, r1)
		}
		if _, err := h.gw.Refund(ctx, p.ID, 15000, "RUB", "refund-2"); !errors.Is(err, gateway.ErrRejected) {
			t.Fatalf("refund past the rest: %v", err)
		}
		if _, err := h.gw.Refund(ctx, p.ID, 14900, "rub", "refund-3"); err != nil {
			t.Fatalf("refund of the rest: %v", err)
		}
		if _, err := h.gw.Refund(ctx, p.ID, 1, "RUB", "refund-4"); !errors.Is(err, gateway.ErrRejected) {
			t.Fatalf("refund of a fully refunded payment: %v", err)
		}

		for name, call := range map[string]func() error{
			"zero":   func() error { _, err := h.gw.Refund(ctx, p.ID, 0, "RUB", "z"); return err },
			"no key": func() error { _, err := h.gw.Refund(ctx, p.ID, 1, "RUB", ""); return err },
			"currency": func() error {
				q := h.cardPayment(false)
				h.payCard(q.ID, "4242424242424242")
				_, err := h.gw.Refund(ctx, q.ID, 1, "USD", "c")
				return err
			},
			"pending": func() error { _, err := h.gw.Refund(ctx, h.cardPayment(false).ID, 1, "RUB", "p"); return err },
			"unknown": func() error { _, err := h.gw.Refund(ctx, newPaymentID(), 1, "RUB", "u"); return err },
			"key of another payment": func() error {
				q := h.cardPayment(false)
				h.payCard(q.ID, "4242424242424242")
				_, err := h.gw.Refund(ctx, q.ID, 1, "RUB", "refund-1")
				return err
			},
			"another operator": func() error { _, err := h.svc.For("other").Refund(ctx, p.ID, 1, "RUB", "o"); return err },
		} {
			if err := call(); !errors.Is(err, gateway.ErrRejected) {
				t.Errorf("%s: %v, want ErrRejected", name, err)
			}
		}
	})
}

// Refunds asked at once never add up past the payment.
func TestConcurrentRefunds(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		p := h.cardPayment(false) // 19900
		h.payCard(p.ID, "4242424242424242")
		var wg sync.WaitGroup
		var mu sync.Mutex
		var total int64
		for i := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := h.gw.Refund(context.Background(), p.ID, 5000, "RUB", "r"+string(rune('a'+i)))
				if err == nil {
					mu.Lock()
					total += r.Amount
					mu.Unlock()
				} else if !errors.Is(err, gateway.ErrRejected) {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if total != 15000 {
			t.Fatalf("refunded %d, want 15000 (three of 5000 fit in 19900)", total)
		}
	})
}
