package sandbox

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"efir/internal/commerce/gateway"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func signedRequest(body string, secret []byte) *http.Request {
	r := httptest.NewRequest(http.MethodPost, NotifyPath(testProvider), strings.NewReader(body))
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(body))
	r.Header.Set(SignatureHeader, hex.EncodeToString(mac.Sum(nil)))
	return r
}

func TestNotificationSignature(t *testing.T) {
	gw := New(nil, Options{Secret: testSecret}).For(testProvider)
	id := newPaymentID()
	good := `{"type":"notification","event":"payment.succeeded","object":{"id":"` + id + `"}}`

	got, err := gw.Notification(signedRequest(good, testSecret), "203.0.113.9")
	if err != nil || got != id {
		t.Fatalf("signed notification: %q, %v", got, err)
	}

	refused := map[string]*http.Request{
		"other secret": signedRequest(good, []byte("not the secret")),
		"no signature": httptest.NewRequest(http.MethodPost, "/", strings.NewReader(good)),
		"bad event":    signedRequest(strings.Replace(good, "payment.succeeded", "payment.waiting", 1), testSecret),
		"bad id":       signedRequest(strings.Replace(good, id, "x", 1), testSecret),
		"not JSON":     signedRequest("id="+id, testSecret),
		"too big":      signedRequest(good+strings.Repeat(" ", maxNotification), testSecret),
	}
	tampered := signedRequest(good, testSecret)
	tampered.Body = httptestBody(strings.Replace(good, "succeeded", "canceled", 1))
	refused["tampered"] = tampered
	notHex := signedRequest(good, testSecret)
	notHex.Header.Set(SignatureHeader, "zz")
	refused["signature not hex"] = notHex
	for name, r := range refused {
		if _, err := gw.Notification(r, ""); !errors.Is(err, gateway.ErrNotification) {
			t.Errorf("%s: %v, want ErrNotification", name, err)
		}
	}
}

func httptestBody(s string) *readCloser { return &readCloser{strings.NewReader(s)} }

type readCloser struct{ *strings.Reader }

func (readCloser) Close() error { return nil }

// A webhook that is down or slow does not stop the payer: the payment has
// ended and the page still sends them back.
func TestNotificationFailureIsIgnored(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "down", http.StatusBadGateway)
		}))
		defer down.Close()
		h := newHarness(t, db, func(o *Options) {
			o.NotifyBase = down.URL
			o.HTTPClient = &http.Client{Timeout: time.Second}
		})
		p := h.cardPayment(false)
		res, _ := h.payCard(p.ID, "4242424242424242")
		wantRedirect(t, res, testReturn)
		wantPayment(t, h.get(p.ID), gateway.StatusSucceeded, "")
	})
}
