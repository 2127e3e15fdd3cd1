package yookassa

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"efir/internal/commerce/gateway"
)

func TestRefund(t *testing.T) {
	f := newFake(t)
	c := f.client(t)
	p, err := c.CreatePayment(ctx, cardRequest("to-refund"))
	if err != nil {
		t.Fatal(err)
	}

	r, err := c.Refund(ctx, p.ID, 10000, "RUB", "refund-1")
	if err != nil {
		t.Fatal(err)
	}
	if r.ID == "" || r.Status != gateway.StatusSucceeded || r.Amount != 10000 {
		t.Errorf("refund = %+v", r)
	}
	seen := f.seen()
	last := seen[len(seen)-1]
	wantBody := map[string]any{"payment_id": p.ID, "amount": map[string]any{"value": "100.00", "currency": "RUB"}}
	if last.path != "/v3/refunds" || last.key != "refund-1" || !reflect.DeepEqual(last.body, wantBody) {
		t.Errorf("request = %+v", last)
	}

	same, err := c.Refund(ctx, p.ID, 10000, "RUB", "refund-1")
	if err != nil || same.ID != r.ID {
		t.Errorf("same key: %+v, %v", same, err)
	}

	// 199.00 is left: 200.00 is refused, and a lost answer is retried.
	_, err = c.Refund(ctx, p.ID, 20000, "RUB", "refund-2")
	wantErr(t, f, err, gateway.ErrRejected)
	f.fail(fault{status: 500, afterWork: true})
	_, err = c.Refund(ctx, p.ID, 19900, "RUB", "refund-3")
	wantErr(t, f, err, gateway.ErrUnavailable)
	rest, err := c.Refund(ctx, p.ID, 19900, "RUB", "refund-3")
	if err != nil || rest.Amount != 19900 {
		t.Errorf("rest: %+v, %v", rest, err)
	}
	if _, n := f.count(); n != 2 {
		t.Errorf("%d refunds at YooKassa, want 2", n)
	}

	_, err = c.Refund(ctx, "2f000404-000f-5000-8000-18db351245c7", 100, "RUB", "refund-4")
	wantErr(t, f, err, gateway.ErrRejected)

	before := len(f.seen())
	for name, call := range map[string]func() error{
		"zero amount":  func() error { _, err := c.Refund(ctx, p.ID, 0, "RUB", "r5"); return err },
		"no key":       func() error { _, err := c.Refund(ctx, p.ID, 100, "RUB", ""); return err },
		"no payment":   func() error { _, err := c.Refund(ctx, "", 100, "RUB", "r6"); return err },
		"bad currency": func() error { _, err := c.Refund(ctx, p.ID, 100, "", "r7"); return err },
		"key too long": func() error { _, err := c.Refund(ctx, p.ID, 100, "RUB", strings.Repeat("r", 65)); return err },
	} {
		if err := call(); !errors.Is(err, gateway.ErrRejected) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	if len(f.seen()) != before {
		t.Error("a malformed refund reached the API")
	}
}
