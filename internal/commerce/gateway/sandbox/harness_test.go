package sandbox

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"efir/internal/commerce/gateway"
	"efir/internal/otp"
	"efir/internal/store"
)

const (
	testProvider = "demo"
	testReturn   = "https://shop.example/return?order=7"
)

var testSecret = []byte("sandbox test secret")

// testNow is the sandbox clock in tests: cards expiring 05/26 are still good.
var testNow = time.Date(2026, time.May, 10, 12, 0, 0, 0, time.UTC)

// fakeSender keeps the messages instead of sending them.
type fakeSender struct {
	mu   sync.Mutex
	sent []otp.Message
}

func (f *fakeSender) Send(_ context.Context, m otp.Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sent = append(f.sent, m)
	return nil
}

func (f *fakeSender) last(t *testing.T) otp.Message {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.sent) == 0 {
		t.Fatal("no SMS sent")
	}
	return f.sent[len(f.sent)-1]
}

func (f *fakeSender) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.sent)
}

// received is one notification the test webhook accepted.
type received struct {
	Provider, PaymentID, Event string
	SignatureOK                bool
}

// harness is a sandbox on a real store behind a real HTTP server that also
// receives the notifications, as the efir server does.
type harness struct {
	t      *testing.T
	db     *store.DB
	svc    *Service
	gw     gateway.Gateway
	sender *fakeSender
	srv    *httptest.Server
	client *http.Client

	mu       sync.Mutex
	received []received
}

func newHarness(t *testing.T, db *store.DB, opts ...func(*Options)) *harness {
	t.Helper()
	h := &harness{t: t, db: db, sender: &fakeSender{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v2/payments/notify/sandbox/{provider}", h.webhook)
	h.srv = httptest.NewServer(mux)
	t.Cleanup(h.srv.Close)
	o := Options{Sender: h.sender, Now: func() time.Time { return testNow }, Secret: testSecret}
	for _, f := range opts {
		f(&o)
	}
	h.svc = New(db, o)
	h.svc.Register(mux)
	h.gw = h.svc.For(testProvider)
	// The payer's browser, but one that shows each redirect to the test.
	h.client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return h
}

// webhook is the receiving end: it checks the signature itself and through
// the gateway's Notification, as commerce will.
func (h *harness) webhook(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	mac := hmac.New(sha256.New, testSecret)
	mac.Write(body)
	sigOK := r.Header.Get(SignatureHeader) == hex.EncodeToString(mac.Sum(nil))
	r.Body = io.NopCloser(strings.NewReader(string(body)))
	provider := r.PathValue("provider")
	id, err := h.svc.For(provider).Notification(r, "127.0.0.1")
	if err != nil {
		http.Error(w, "refused", http.StatusBadRequest)
		return
	}
	var event string
	if strings.Contains(string(body), EventSucceeded) {
		event = EventSucceeded
	} else {
		event = EventCanceled
	}
	h.mu.Lock()
	h.received = append(h.received, received{Provider: provider, PaymentID: id, Event: event, SignatureOK: sigOK})
	h.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func (h *harness) notifications() []received {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]received(nil), h.received...)
}

// create makes a payment, failing the test on error.
func (h *harness) create(req gateway.PaymentRequest) gateway.Payment {
	h.t.Helper()
	if req.IdempotencyKey == "" {
		req.IdempotencyKey = "key-" + randomHex(8)
	}
	if req.Currency == "" {
		req.Currency = "RUB"
	}
	if req.Amount == 0 {
		req.Amount = 19900
	}
	p, err := h.gw.CreatePayment(context.Background(), req)
	if err != nil {
		h.t.Fatalf("CreatePayment: %v", err)
	}
	return p
}

func (h *harness) cardPayment(saveCard bool) gateway.Payment {
	h.t.Helper()
	return h.create(gateway.PaymentRequest{Method: gateway.MethodCard, Confirmation: gateway.ConfirmRedirect,
		Description: "Packet «Cinema», 30 days", ReturnURL: testReturn, SaveCard: saveCard})
}

func (h *harness) get(id string) gateway.Payment {
	h.t.Helper()
	p, err := h.gw.GetPayment(context.Background(), id)
	if err != nil {
		h.t.Fatalf("GetPayment: %v", err)
	}
	return p
}

// open GETs a path of the test server as the payer (Accept-Language lang).
func (h *harness) open(path, lang string) (*http.Response, string) {
	h.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, h.srv.URL+path, nil)
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	res, err := h.client.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

var csrfField = regexp.MustCompile(`name="csrf" value="([0-9a-f]+)"`)

// csrf reads the form token from the payment's page.
func (h *harness) csrf(id string) string {
	h.t.Helper()
	_, body := h.open(PagesPrefix+id, "en")
	m := csrfField.FindStringSubmatch(body)
	if m == nil {
		h.t.Fatalf("no CSRF token on the page:\n%s", body)
	}
	return m[1]
}

// submit posts a form of the payment's page with its CSRF token.
func (h *harness) submit(id, action string, form url.Values) (*http.Response, string) {
	h.t.Helper()
	if form == nil {
		form = url.Values{}
	}
	if _, ok := form["csrf"]; !ok {
		form.Set("csrf", h.csrf(id))
	}
	return h.post(PagesPrefix+id+"/"+action, form)
}

func (h *harness) post(path string, form url.Values) (*http.Response, string) {
	h.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, h.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept-Language", "en")
	res, err := h.client.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

// payCard fills in the card form with a good expiry and CVC.
func (h *harness) payCard(id, number string) (*http.Response, string) {
	h.t.Helper()
	return h.submit(id, "card", url.Values{"number": {number}, "expiry": {"12/29"}, "cvc": {"123"}, "holder": {"IVAN PETROV"}})
}

func wantStatus(t *testing.T, res *http.Response, status int, body string) {
	t.Helper()
	if res.StatusCode != status {
		t.Fatalf("status %d, want %d\n%s", res.StatusCode, status, body)
	}
}

func wantRedirect(t *testing.T, res *http.Response, location string) {
	t.Helper()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != location {
		t.Fatalf("got %d to %q, want 303 to %q", res.StatusCode, res.Header.Get("Location"), location)
	}
}

func wantPayment(t *testing.T, p gateway.Payment, status gateway.Status, reason string) {
	t.Helper()
	if p.Status != status || p.FailureReason != reason {
		t.Fatalf("payment %s is %s (%q), want %s (%q)", p.ID, p.Status, p.FailureReason, status, reason)
	}
}

// wantNotified checks that the webhook got exactly these events, in order.
func (h *harness) wantNotified(t *testing.T, want ...received) {
	t.Helper()
	got := h.notifications()
	if len(got) != len(want) {
		t.Fatalf("notifications %+v, want %+v", got, want)
	}
	for i := range want {
		want[i].SignatureOK = true
		if want[i].Provider == "" {
			want[i].Provider = testProvider
		}
		if got[i] != want[i] {
			t.Fatalf("notification %d is %+v, want %+v", i, got[i], want[i])
		}
	}
}
