package yookassa

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"efir/internal/commerce/gateway"
)

func TestNotification(t *testing.T) {
	f := newFake(t)
	c := f.client(t)
	event := func(event, object string) string {
		return `{"type":"notification","event":"` + event + `","object":` + object + `}`
	}
	paid := event("payment.succeeded", `{"id":"2f000001-000f-5000-8000-18db351245c7","status":"succeeded","paid":true}`)
	notify := func(body, clientIP string) (string, error) {
		r := httptest.NewRequest(http.MethodPost, "/v2/commerce/yookassa/notify", strings.NewReader(body))
		r.RemoteAddr = "127.0.0.1:40000"
		r.Header.Set("X-Forwarded-For", "185.71.76.5") // anyone can write these
		r.Header.Set("X-Real-IP", "185.71.76.5")
		return c.Notification(r, clientIP)
	}

	for _, ip := range []string{"185.71.76.5", "185.71.77.31", "77.75.153.1", "77.75.156.11", "77.75.156.35",
		"77.75.154.200", "2a02:5180::1", "2a02:5180:ffff::1", "::ffff:185.71.76.5"} {
		id, err := notify(paid, ip)
		if err != nil || id != "2f000001-000f-5000-8000-18db351245c7" {
			t.Errorf("from %s: %q, %v", ip, id, err)
		}
	}
	// 127.0.0.1 with YooKassa's address in the headers: the headers are not read.
	for _, ip := range []string{"127.0.0.1", "185.71.76.32", "77.75.156.12", "77.75.154.127", "2a02:5181::1",
		"10.0.0.1", "", "185.71.76.5:443", "185.71.76.5, 10.0.0.1", "yookassa.ru"} {
		if id, err := notify(paid, ip); !errors.Is(err, gateway.ErrNotification) {
			t.Errorf("from %q: %q, %v", ip, id, err)
		}
	}

	for name, c := range map[string]struct{ body, id string }{
		"payment.canceled":            {event("payment.canceled", `{"id":"p-canceled"}`), "p-canceled"},
		"payment.waiting_for_capture": {event("payment.waiting_for_capture", `{"id":"p-waiting"}`), "p-waiting"},
		"refund.succeeded":            {event("refund.succeeded", `{"id":"rf-1","payment_id":"p-refunded"}`), "p-refunded"},
	} {
		if id, err := notify(c.body, "185.71.76.5"); err != nil || id != c.id {
			t.Errorf("%s: %q, %v; want %q", name, id, err, c.id)
		}
	}

	for name, body := range map[string]string{
		"not JSON":               `type=notification`,
		"not a notification":     `{"type":"error","event":"payment.succeeded","object":{"id":"p1"}}`,
		"unknown event":          event("payout.succeeded", `{"id":"po-1"}`),
		"no id":                  event("payment.succeeded", `{"status":"succeeded"}`),
		"refund without payment": event("refund.succeeded", `{"id":"rf-1"}`),
		"id with a newline":      event("payment.succeeded", `{"id":"p1\nGET /"}`),
		"empty":                  ``,
	} {
		if id, err := notify(body, "185.71.76.5"); !errors.Is(err, gateway.ErrNotification) {
			t.Errorf("%s: %q, %v", name, id, err)
		}
	}

	// 64 KiB is read; a byte more is refused.
	padded := func(size int) string { return paid + strings.Repeat(" ", size-len(paid)) }
	if _, err := notify(padded(64<<10), "185.71.76.5"); err != nil {
		t.Errorf("64 KiB: %v", err)
	}
	if _, err := notify(padded(64<<10+1), "185.71.76.5"); !errors.Is(err, gateway.ErrNotification) {
		t.Errorf("64 KiB + 1: %v", err)
	}
}

func TestNotificationOwnNetworks(t *testing.T) {
	f := newFake(t)
	c := f.client(t, func(cfg *Config) { cfg.AllowedNetworks = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")} })
	body := `{"type":"notification","event":"payment.succeeded","object":{"id":"p1"}}`
	for ip, ok := range map[string]bool{"10.1.2.3": true, "185.71.76.5": false} {
		r := httptest.NewRequest(http.MethodPost, "/notify", strings.NewReader(body))
		_, err := c.Notification(r, ip)
		if (err == nil) != ok {
			t.Errorf("from %s: %v", ip, err)
		}
	}
}
