package yookassa

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"efir/internal/commerce/gateway"
)

var ctx = context.Background()

// cardRequest is a card payment through YooKassa's hosted page.
func cardRequest(key string) gateway.PaymentRequest {
	return gateway.PaymentRequest{
		IdempotencyKey: key,
		Amount:         29900,
		Currency:       "RUB",
		Description:    "Подписка «Кино» на месяц",
		Method:         gateway.MethodCard,
		Confirmation:   gateway.ConfirmRedirect,
		ReturnURL:      "https://efir.example/pay/return",
		Metadata:       map[string]string{"order": "ord-1"},
	}
}

// wantErr checks the kind of err, and that the secret key is not in it.
func wantErr(t *testing.T, f *fakeAPI, err, kind error) {
	t.Helper()
	if !errors.Is(err, kind) {
		t.Fatalf("err = %v, want %v", err, kind)
	}
	if strings.Contains(err.Error(), f.secret) {
		t.Fatalf("error carries the secret key: %v", err)
	}
}

func lastBody(t *testing.T, f *fakeAPI) map[string]any {
	t.Helper()
	seen := f.seen()
	if len(seen) == 0 {
		t.Fatal("no request reached the API")
	}
	return seen[len(seen)-1].body
}

func TestNew(t *testing.T) {
	const secret = "live_very-secret"
	bad := map[string]Config{
		"no shop":          {SecretKey: secret},
		"no secret":        {ShopID: "1"},
		"colon in shop":    {ShopID: "1:2", SecretKey: secret},
		"newline in key":   {ShopID: "1", SecretKey: "a\nb"},
		"not http":         {ShopID: "1", SecretKey: secret, BaseURL: "ftp://api.yookassa.ru/v3"},
		"no host":          {ShopID: "1", SecretKey: secret, BaseURL: "/v3"},
		"credentials":      {ShopID: "1", SecretKey: secret, BaseURL: "https://1:" + secret + "@api.yookassa.ru/v3"},
		"invalid network":  {ShopID: "1", SecretKey: secret, AllowedNetworks: []netip.Prefix{{}}},
		"query in the URL": {ShopID: "1", SecretKey: secret, BaseURL: "https://api.yookassa.ru/v3?x=1"},
	}
	for name, cfg := range bad {
		if _, err := New(cfg); err == nil {
			t.Errorf("%s: New accepted %+v", name, cfg)
		} else if strings.Contains(err.Error(), secret) {
			t.Errorf("%s: error carries the secret key: %v", name, err)
		}
	}

	c, err := New(Config{ShopID: "1", SecretKey: secret})
	if err != nil {
		t.Fatal(err)
	}
	if c.Name() != "yookassa" || c.baseURL != DefaultBaseURL || c.http.Timeout != 15*time.Second || c.now == nil {
		t.Errorf("defaults: name %q, base %q, timeout %v", c.Name(), c.baseURL, c.http.Timeout)
	}
	if !reflect.DeepEqual(c.allowed, DefaultNetworks()) || len(c.allowed) != 7 {
		t.Errorf("allowed networks = %v", c.allowed)
	}

	// The caller's slice is not rewritten (prefixes are masked in a copy).
	mine := []netip.Prefix{netip.MustParsePrefix("10.1.2.3/8")}
	c, err = New(Config{ShopID: "1", SecretKey: secret, AllowedNetworks: mine})
	if err != nil {
		t.Fatal(err)
	}
	if mine[0].String() != "10.1.2.3/8" || c.allowed[0].String() != "10.0.0.0/8" {
		t.Errorf("mine %v, client's %v", mine, c.allowed)
	}
}

func TestCreatePayment(t *testing.T) {
	f := newFake(t)
	c := f.client(t)

	p, err := c.CreatePayment(ctx, cardRequest("order-1-attempt-1"))
	if err != nil {
		t.Fatal(err)
	}
	if p.ID == "" || p.Status != gateway.StatusSucceeded || p.Amount != 29900 || p.Currency != "RUB" ||
		p.Card != nil || p.FailureReason != "" || !strings.HasSuffix(p.ConfirmationURL, p.ID) ||
		!reflect.DeepEqual(p.Metadata, map[string]string{"order": "ord-1"}) {
		t.Errorf("payment = %+v", p)
	}

	seen := f.seen()
	if len(seen) != 1 || seen[0].method != "POST" || seen[0].path != "/v3/payments" || seen[0].key != "order-1-attempt-1" {
		t.Fatalf("requests = %+v", seen)
	}
	want := map[string]any{
		"amount":              map[string]any{"value": "299.00", "currency": "RUB"},
		"capture":             true,
		"description":         "Подписка «Кино» на месяц",
		"metadata":            map[string]any{"order": "ord-1"},
		"payment_method_data": map[string]any{"type": "bank_card"},
		"confirmation":        map[string]any{"type": "redirect", "return_url": "https://efir.example/pay/return"},
	}
	if !reflect.DeepEqual(seen[0].body, want) {
		t.Errorf("body = %v\nwant   %v", seen[0].body, want)
	}
}

func TestDescriptionTruncatedToRunes(t *testing.T) {
	f := newFake(t)
	req := cardRequest("long-description")
	req.Description = strings.Repeat("ж", 200)
	if _, err := f.client(t).CreatePayment(ctx, req); err != nil {
		t.Fatal(err)
	}
	got := lastBody(t, f)["description"].(string)
	if utf8.RuneCountInString(got) != 128 || !utf8.ValidString(got) {
		t.Errorf("description has %d runes, valid %v", utf8.RuneCountInString(got), utf8.ValidString(got))
	}
}

func TestSameKeySamePayment(t *testing.T) {
	f := newFake(t)
	c := f.client(t)
	a, err := c.CreatePayment(ctx, cardRequest("k1"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.CreatePayment(ctx, cardRequest("k1"))
	if err != nil {
		t.Fatal(err)
	}
	other, err := c.CreatePayment(ctx, cardRequest("k2"))
	if err != nil {
		t.Fatal(err)
	}
	if a.ID != b.ID || a.ID == other.ID {
		t.Errorf("ids %s, %s, %s", a.ID, b.ID, other.ID)
	}
	if n, _ := f.count(); n != 2 {
		t.Errorf("%d payments at YooKassa, want 2", n)
	}
}

func TestDeclined(t *testing.T) {
	for _, reason := range []string{"card_expired", "insufficient_funds"} {
		t.Run(reason, func(t *testing.T) {
			f := newFake(t)
			f.script(outcome{decline: reason})
			req := cardRequest("declined")
			req.SaveCard = true
			p, err := f.client(t).CreatePayment(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			if p.Status != gateway.StatusCanceled || p.FailureReason != reason || p.Card != nil {
				t.Errorf("payment = %+v", p)
			}
		})
	}
}

func TestPendingThenSucceeded(t *testing.T) {
	f := newFake(t)
	f.script(outcome{confirm: true})
	c := f.client(t)
	req := cardRequest("widget")
	req.Method, req.Confirmation, req.ReturnURL = "", gateway.ConfirmEmbedded, ""

	p, err := c.CreatePayment(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != gateway.StatusPending || p.ConfirmationToken != "ct-"+p.ID || p.ConfirmationURL != "" {
		t.Errorf("created = %+v", p)
	}
	body := lastBody(t, f)
	if _, ok := body["payment_method_data"]; ok {
		t.Errorf("the widget's payer picks the method, yet body = %v", body)
	}
	if !reflect.DeepEqual(body["confirmation"], map[string]any{"type": "embedded"}) {
		t.Errorf("confirmation = %v", body["confirmation"])
	}

	got, err := c.GetPayment(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != p.ID || got.Status != gateway.StatusSucceeded || got.Amount != 29900 {
		t.Errorf("read back = %+v", got)
	}
	seen := f.seen()
	if last := seen[len(seen)-1]; last.method != "GET" || last.path != "/v3/payments/"+p.ID || last.key != "" {
		t.Errorf("GET request = %+v", last)
	}
}

func TestSBPQR(t *testing.T) {
	f := newFake(t)
	f.script(outcome{pending: true})
	req := cardRequest("sbp")
	req.Method, req.Confirmation, req.ReturnURL = gateway.MethodSBP, gateway.ConfirmQR, ""
	p, err := f.client(t).CreatePayment(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != gateway.StatusPending || !strings.HasPrefix(p.QRPayload, "https://qr.nspk.ru/") {
		t.Errorf("payment = %+v", p)
	}
	body := lastBody(t, f)
	if !reflect.DeepEqual(body["payment_method_data"], map[string]any{"type": "sbp"}) ||
		!reflect.DeepEqual(body["confirmation"], map[string]any{"type": "qr"}) {
		t.Errorf("body = %v", body)
	}
}

func TestMobileBalance(t *testing.T) {
	f := newFake(t)
	f.script(outcome{pending: true})
	c := f.client(t)
	req := cardRequest("mc")
	req.Method, req.Confirmation, req.ReturnURL, req.Phone = gateway.MethodMobileBalance, gateway.ConfirmNone, "", "79001234567"
	p, err := c.CreatePayment(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != gateway.StatusPending || p.ConfirmationURL != "" || p.ConfirmationToken != "" || p.QRPayload != "" {
		t.Errorf("payment = %+v", p)
	}
	body := lastBody(t, f)
	if !reflect.DeepEqual(body["payment_method_data"], map[string]any{"type": "mobile_balance", "phone": "79001234567"}) ||
		!reflect.DeepEqual(body["confirmation"], map[string]any{"type": "external"}) {
		t.Errorf("body = %v", body)
	}

	req.IdempotencyKey, req.Phone = "mc-2", "+7 900 123-45-67"
	_, err = c.CreatePayment(ctx, req)
	wantErr(t, f, err, gateway.ErrRejected)
	if len(f.seen()) != 1 {
		t.Error("a malformed phone reached the API")
	}
}

// The answer is lost (5xx, 202, time-out) while the payment may exist: the
// adapter says ErrUnavailable, and the same key then gives the one payment.
func TestLostAnswerThenRetry(t *testing.T) {
	cases := map[string]struct {
		fault
		says string // a part of the error message
	}{
		"500 after the work":     {fault{status: 500, afterWork: true}, "internal_server_error"},
		"502 before the work":    {fault{status: 502}, "HTTP 502"},
		"202 still processing":   {fault{status: 202, afterWork: true}, "still processing, retry after 1800 ms"},
		"429 too many requests":  {fault{status: 429}, "HTTP 429"},
		"time-out after working": {fault{hang: true, afterWork: true}, "Timeout"},
		"time-out before work":   {fault{hang: true}, "Timeout"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			f := newFake(t)
			c := f.client(t, func(cfg *Config) {
				cfg.HTTPClient = &http.Client{Timeout: 100 * time.Millisecond, Transport: f.srv.Client().Transport}
			})
			f.fail(tc.fault)
			start := time.Now()
			_, err := c.CreatePayment(ctx, cardRequest("flaky"))
			wantErr(t, f, err, gateway.ErrUnavailable)
			if !strings.Contains(err.Error(), tc.says) {
				t.Errorf("%q does not say %q", err, tc.says)
			}
			if took := time.Since(start); took > 2*time.Second {
				t.Errorf("gave up after %v", took)
			}

			p, err := c.CreatePayment(ctx, cardRequest("flaky"))
			if err != nil {
				t.Fatal(err)
			}
			if p.Status != gateway.StatusSucceeded {
				t.Errorf("retried = %+v", p)
			}
			if n, _ := f.count(); n != 1 {
				t.Errorf("%d payments at YooKassa, want 1", n)
			}
		})
	}
}

func TestCallerDeadline(t *testing.T) {
	f := newFake(t)
	f.fail(fault{hang: true})
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	_, err := f.client(t).GetPayment(short, "2f000001-000f-5000-8000-18db351245c7")
	wantErr(t, f, err, gateway.ErrUnavailable)
}

func TestNetworkDown(t *testing.T) {
	f := newFake(t)
	down := httptest.NewServer(http.NotFoundHandler())
	down.Close()
	c := f.client(t, func(cfg *Config) { cfg.BaseURL = down.URL + "/v3" })
	_, err := c.CreatePayment(ctx, cardRequest("down"))
	wantErr(t, f, err, gateway.ErrUnavailable)
}

func TestRejected(t *testing.T) {
	f := newFake(t)
	c := f.client(t)

	// YooKassa's code, description and parameter reach the message; a secret
	// key echoed back does not.
	f.fail(fault{status: 400, body: `{"type":"error","id":"e1","code":"invalid_request",` +
		`"description":"Invalid key ` + f.secret + `","parameter":"amount.value"}`})
	_, err := c.CreatePayment(ctx, cardRequest("bad"))
	wantErr(t, f, err, gateway.ErrRejected)
	for _, part := range []string{"400", "invalid_request", "Invalid key", "amount.value"} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("%q is not in %q", part, err)
		}
	}

	// Refused by the API itself: a currency it does not take.
	req := cardRequest("gbp")
	req.Currency = "GBP"
	_, err = c.CreatePayment(ctx, req)
	wantErr(t, f, err, gateway.ErrRejected)
	if !strings.Contains(err.Error(), "amount.currency") {
		t.Errorf("err = %v", err)
	}

	wrong := f.client(t, func(cfg *Config) { cfg.SecretKey = "test_wrong" })
	_, err = wrong.CreatePayment(ctx, cardRequest("creds"))
	wantErr(t, f, err, gateway.ErrRejected)
	if !strings.Contains(err.Error(), "invalid_credentials") || strings.Contains(err.Error(), "test_wrong") {
		t.Errorf("err = %v", err)
	}
	if n, _ := f.count(); n != 0 {
		t.Errorf("%d payments created", n)
	}
}

// What YooKassa would refuse is refused before a request is sent.
func TestRejectedLocally(t *testing.T) {
	f := newFake(t)
	c := f.client(t)
	cases := map[string]func(*gateway.PaymentRequest){
		"key of 65 characters": func(r *gateway.PaymentRequest) { r.IdempotencyKey = strings.Repeat("k", 65) },
		"no key":               func(r *gateway.PaymentRequest) { r.IdempotencyKey = "" },
		"key with a space":     func(r *gateway.PaymentRequest) { r.IdempotencyKey = "order 1" },
		"zero amount":          func(r *gateway.PaymentRequest) { r.Amount = 0 },
		"negative amount":      func(r *gateway.PaymentRequest) { r.Amount = -100 },
		"lower-case currency":  func(r *gateway.PaymentRequest) { r.Currency = "rub" },
		"redirect without URL": func(r *gateway.PaymentRequest) { r.ReturnURL = "" },
		"unknown method":       func(r *gateway.PaymentRequest) { r.Method = "cash" },
		"unknown confirmation": func(r *gateway.PaymentRequest) { r.Confirmation = "sms" },
		"mobile balance no phone": func(r *gateway.PaymentRequest) {
			r.Method, r.Confirmation = gateway.MethodMobileBalance, gateway.ConfirmNone
		},
	}
	for name, change := range cases {
		req := cardRequest("k")
		change(&req)
		_, err := c.CreatePayment(ctx, req)
		if !errors.Is(err, gateway.ErrRejected) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	if seen := f.seen(); len(seen) != 0 {
		t.Errorf("%d requests reached the API", len(seen))
	}

	// 64 characters is YooKassa's limit, not past it.
	if _, err := c.CreatePayment(ctx, cardRequest(strings.Repeat("k", 64))); err != nil {
		t.Errorf("64-character key: %v", err)
	}
}

// An answer the adapter cannot read leaves the outcome unknown.
func TestUnreadableAnswer(t *testing.T) {
	bodies := map[string]string{
		"not JSON":       `<html>proxy error</html>`,
		"unknown status": `{"id":"p1","status":"refunding","amount":{"value":"1.00","currency":"RUB"}}`,
		"bad amount":     `{"id":"p1","status":"succeeded","amount":{"value":"1.005","currency":"RUB"}}`,
		"no id":          `{"status":"succeeded","amount":{"value":"1.00","currency":"RUB"}}`,
	}
	for name, body := range bodies {
		t.Run(name, func(t *testing.T) {
			f := newFake(t)
			f.fail(fault{status: 200, body: body})
			_, err := f.client(t).GetPayment(ctx, "p1")
			wantErr(t, f, err, gateway.ErrUnavailable)
		})
	}
}

func TestSavedCard(t *testing.T) {
	f := newFake(t)
	c := f.client(t)

	req := cardRequest("save")
	req.SaveCard = true
	p, err := c.CreatePayment(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if lastBody(t, f)["save_payment_method"] != true {
		t.Errorf("body = %v", lastBody(t, f))
	}
	want := &gateway.Card{Token: f.payments[p.ID].PaymentMethod.ID, Brand: "mastercard", Last4: "4477"}
	if !reflect.DeepEqual(p.Card, want) {
		t.Fatalf("card = %+v, want %+v", p.Card, want)
	}

	// Not asked, or not allowed by the issuer: nothing to keep.
	if p, err := c.CreatePayment(ctx, cardRequest("no-save")); err != nil || p.Card != nil {
		t.Errorf("without SaveCard: %+v, %v", p, err)
	}
	f.script(outcome{noSave: true})
	req.IdempotencyKey = "issuer-says-no"
	if p, err := c.CreatePayment(ctx, req); err != nil || p.Card != nil {
		t.Errorf("issuer refused saving: %+v, %v", p, err)
	}

	// Saved once the payment succeeds, not while it is pending.
	f.script(outcome{confirm: true})
	req.IdempotencyKey = "save-later"
	pending, err := c.CreatePayment(ctx, req)
	if err != nil || pending.Card != nil {
		t.Fatalf("pending: %+v, %v", pending, err)
	}
	done, err := c.GetPayment(ctx, pending.ID)
	if err != nil || done.Card == nil || done.Card.Token == "" || done.Card.Token == want.Token {
		t.Fatalf("after confirmation: %+v, %v", done, err)
	}

	// Paying with the saved card: its id, no method data, no confirmation.
	f.script(outcome{})
	again := cardRequest("with-saved")
	again.SavedCardToken = want.Token
	again.SaveCard = true
	p, err = c.CreatePayment(ctx, again)
	if err != nil {
		t.Fatal(err)
	}
	body := lastBody(t, f)
	if body["payment_method_id"] != want.Token || body["payment_method_data"] != nil ||
		body["confirmation"] != nil || body["save_payment_method"] != nil {
		t.Errorf("body = %v", body)
	}
	if p.Status != gateway.StatusSucceeded {
		t.Errorf("payment = %+v", p)
	}

	// A saved method on a payment not (yet) succeeded gives no card.
	f.fail(fault{status: 200, body: `{"id":"p2","status":"waiting_for_capture","amount":{"value":"299.00","currency":"RUB"},` +
		`"payment_method":{"type":"bank_card","id":"pm-2","saved":true,"card":{"last4":"4477","card_type":"MasterCard"}}}`})
	if p, err := c.GetPayment(ctx, "p2"); err != nil || p.Status != gateway.StatusPending || p.Card != nil {
		t.Errorf("waiting for capture: %+v, %v", p, err)
	}

	again.IdempotencyKey, again.SavedCardToken = "forgotten-card", "2f999999-000f-5000-9000-1b68e7b15f3f"
	_, err = c.CreatePayment(ctx, again)
	wantErr(t, f, err, gateway.ErrRejected)
}

func TestGetPayment(t *testing.T) {
	f := newFake(t)
	c := f.client(t)

	_, err := c.GetPayment(ctx, "2f000404-000f-5000-8000-18db351245c7")
	wantErr(t, f, err, gateway.ErrRejected)
	if !strings.Contains(err.Error(), "not_found") {
		t.Errorf("err = %v", err)
	}

	// An id cannot step out of /payments/.
	_, err = c.GetPayment(ctx, "../refunds?x=1")
	wantErr(t, f, err, gateway.ErrRejected)
	seen := f.seen()
	if last := seen[len(seen)-1]; last.path != "/v3/payments/..%2Frefunds%3Fx=1" || last.id != "../refunds?x=1" {
		t.Errorf("request = %+v", last)
	}

	_, err = c.GetPayment(ctx, "")
	wantErr(t, f, err, gateway.ErrRejected)
	if len(f.seen()) != len(seen) {
		t.Error("an empty id reached the API")
	}

	f.fail(fault{status: 503})
	_, err = c.GetPayment(ctx, "anything")
	wantErr(t, f, err, gateway.ErrUnavailable)
}
