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

func TestMoney(t *testing.T) {
	formats := []struct {
		minor int64
		value string
	}{
		{0, "0.00"}, {1, "0.01"}, {10, "0.10"}, {100, "1.00"}, {29900, "299.00"},
		{123456789, "1234567.89"}, {9223372036854775807, "92233720368547758.07"},
	}
	for _, c := range formats {
		got, err := formatAmount(c.minor)
		if err != nil || got != c.value {
			t.Errorf("formatAmount(%d) = %q, %v; want %q", c.minor, got, err, c.value)
		}
		back, err := parseAmount(got)
		if err != nil || back != c.minor {
			t.Errorf("parseAmount(%q) = %d, %v; want %d", got, back, err, c.minor)
		}
	}
	if _, err := formatAmount(-1); err == nil {
		t.Error("formatAmount(-1) has no error")
	}

	parses := map[string]int64{
		"123.45": 12345, "123.4": 12340, "123": 12300, "0.5": 50, "0": 0, "007.00": 700,
		"92233720368547757.99": 9223372036854775799, "92233720368547758.00": 9223372036854775800,
	}
	for value, want := range parses {
		if got, err := parseAmount(value); err != nil || got != want {
			t.Errorf("parseAmount(%q) = %d, %v; want %d", value, got, err, want)
		}
	}
	for _, value := range []string{
		"1.234", "-1.00", "abc", "1e5", "", ".", "1.", ".5", "+1.00", " 1.00", "1.00 ", "1,00", "1.0.0",
		"0x10", "１.00", "92233720368547758.08", "99999999999999999999.00",
	} {
		if got, err := parseAmount(value); err == nil {
			t.Errorf("parseAmount(%q) = %d, want an error", value, got)
		}
	}
}

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
