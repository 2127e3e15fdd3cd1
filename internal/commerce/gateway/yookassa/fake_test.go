package yookassa

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// fakeAPI is a small stand-in for YooKassa's API v3 under /v3. Like the real
// one it wants Basic auth and an Idempotence-Key on every POST, remembers
// what each key created (the same key answers the same object), and refuses a
// body that does not follow the schema — unknown fields included, so a typo
// in the adapter's JSON names fails a test. Outcomes and faults are scripted.
type fakeAPI struct {
	t       *testing.T
	srv     *httptest.Server
	shopID  string
	secret  string
	release chan struct{} // ends hung answers when the test is over

	mu          sync.Mutex
	outcome     outcome // for payments created from now on
	faults      []fault // one taken per authenticated request
	seq         int
	payments    map[string]*fakePayment
	paymentKeys map[string]string // idempotence key → payment id
	refunds     map[string]*fakeRefund
	refundKeys  map[string]string
	savedCards  map[string]bool
	requests    []fakeRequest
}

// outcome says what the payer (or the bank) does with a new payment.
type outcome struct {
	decline string // canceled, with this cancellation reason
	confirm bool   // pending until the next GET, which finds it paid
	pending bool   // pending for good
	noSave  bool   // the issuer does not let the card be saved
}

// fault replaces the answer to one request.
type fault struct {
	status    int    // this status instead of the result
	body      string // this body (default: YooKassa's error for status)
	afterWork bool   // the work is done first: the answer is lost, not the request
	hang      bool   // no answer until the client gives up
}

// fakeRequest is one authenticated request as the fake saw it.
type fakeRequest struct {
	method, path, key string
	id                string         // the payment id of a GET, unescaped
	body              map[string]any // the decoded JSON body of a POST
}

type fakeAmount struct {
	Value    string `json:"value"`
	Currency string `json:"currency"`
}

type fakeConfirmation struct {
	Type              string `json:"type"`
	ReturnURL         string `json:"return_url,omitempty"`
	ConfirmationURL   string `json:"confirmation_url,omitempty"`
	ConfirmationToken string `json:"confirmation_token,omitempty"`
	ConfirmationData  string `json:"confirmation_data,omitempty"`
}

type fakeCard struct {
	First6   string `json:"first6"`
	Last4    string `json:"last4"`
	CardType string `json:"card_type"`
}

type fakeMethod struct {
	Type  string    `json:"type"`
	ID    string    `json:"id"`
	Saved bool      `json:"saved"`
	Title string    `json:"title,omitempty"`
	Card  *fakeCard `json:"card,omitempty"`
}

type fakePayment struct {
	ID                  string            `json:"id"`
	Status              string            `json:"status"`
	Paid                bool              `json:"paid"`
	Amount              fakeAmount        `json:"amount"`
	Description         string            `json:"description,omitempty"`
	Confirmation        *fakeConfirmation `json:"confirmation,omitempty"`
	PaymentMethod       *fakeMethod       `json:"payment_method,omitempty"`
	CancellationDetails *struct {
		Party  string `json:"party"`
		Reason string `json:"reason"`
	} `json:"cancellation_details,omitempty"`
	Metadata  map[string]string `json:"metadata,omitempty"`
	Test      bool              `json:"test"`
	CreatedAt string            `json:"created_at"`

	minor, refunded int64
	save            bool // the payer asked to keep the card
	noSave          bool
	confirmOnGet    bool
}

type fakeRefund struct {
	ID        string     `json:"id"`
	PaymentID string     `json:"payment_id"`
	Status    string     `json:"status"`
	Amount    fakeAmount `json:"amount"`
	CreatedAt string     `json:"created_at"`
}

// The schema of the requests, as strict as YooKassa's.
type fakeCreatePayment struct {
	Amount            *fakeAmount       `json:"amount"`
	Capture           bool              `json:"capture"`
	Description       string            `json:"description"`
	Metadata          map[string]string `json:"metadata"`
	SavePaymentMethod bool              `json:"save_payment_method"`
	PaymentMethodID   string            `json:"payment_method_id"`
	PaymentMethodData *struct {
		Type  string `json:"type"`
		Phone string `json:"phone"`
	} `json:"payment_method_data"`
	Confirmation *struct {
		Type      string `json:"type"`
		ReturnURL string `json:"return_url"`
	} `json:"confirmation"`
}

type fakeCreateRefund struct {
	PaymentID string      `json:"payment_id"`
	Amount    *fakeAmount `json:"amount"`
}

var (
	fakeValue = regexp.MustCompile(`^(0|[1-9][0-9]*)\.[0-9]{2}$`)
	testCard  = fakeCard{First6: "555555", Last4: "4477", CardType: "MasterCard"}
)

func newFake(t *testing.T) *fakeAPI {
	t.Helper()
	f := &fakeAPI{
		t: t, shopID: "506751", secret: "test_SECRETkey-do-not-log",
		release:  make(chan struct{}),
		payments: map[string]*fakePayment{}, paymentKeys: map[string]string{},
		refunds: map[string]*fakeRefund{}, refundKeys: map[string]string{},
		savedCards: map[string]bool{},
	}
	f.srv = httptest.NewServer(f)
	t.Cleanup(f.srv.Close)
	t.Cleanup(func() { close(f.release) }) // runs first: hung handlers end before Close waits for them
	return f
}

// client is an adapter pointed at the fake; cfg changes tweak it.
func (f *fakeAPI) client(t *testing.T, change ...func(*Config)) *Client {
	t.Helper()
	cfg := Config{ShopID: f.shopID, SecretKey: f.secret, BaseURL: f.srv.URL + "/v3/", HTTPClient: f.srv.Client()}
	for _, ch := range change {
		ch(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func (f *fakeAPI) script(o outcome) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.outcome = o
}

func (f *fakeAPI) fail(ft ...fault) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.faults = append(f.faults, ft...)
}

func (f *fakeAPI) seen() []fakeRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fakeRequest(nil), f.requests...)
}

func (f *fakeAPI) count() (payments, refunds int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.payments), len(f.refunds)
}

func (f *fakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	user, pass, ok := r.BasicAuth()
	if !ok || user != f.shopID || pass != f.secret {
		writeJSON(w, 401, apiErr("invalid_credentials", "Login or password is invalid", ""))
		return
	}
	raw, _ := io.ReadAll(r.Body)
	req := fakeRequest{method: r.Method, path: r.URL.EscapedPath(), key: r.Header.Get("Idempotence-Key")}
	if r.Method == http.MethodPost {
		_ = json.Unmarshal(raw, &req.body)
	}
	f.mu.Lock()
	var ft fault
	if len(f.faults) > 0 {
		ft, f.faults = f.faults[0], f.faults[1:]
	}
	at := len(f.requests)
	f.requests = append(f.requests, req)
	f.mu.Unlock()

	var status int
	var answer any
	if ft.afterWork || ft.status == 0 && !ft.hang {
		status, answer = f.route(r, raw, at)
	}
	switch {
	case ft.hang:
		select {
		case <-r.Context().Done():
		case <-f.release:
		}
	case ft.status != 0:
		f.writeFault(w, ft)
	default:
		writeJSON(w, status, answer)
	}
}

func (f *fakeAPI) writeFault(w http.ResponseWriter, ft fault) {
	if ft.body != "" {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(ft.status)
		_, _ = io.WriteString(w, ft.body)
		return
	}
	switch {
	case ft.status == http.StatusAccepted:
		writeJSON(w, ft.status, map[string]any{"type": "processing", "description": "Request accepted", "retry_after": 1800})
	case ft.status >= 500:
		writeJSON(w, ft.status, apiErr("internal_server_error", "Internal server error", ""))
	default:
		writeJSON(w, ft.status, apiErr("invalid_request", "Scripted refusal", ""))
	}
}

func (f *fakeAPI) route(r *http.Request, raw []byte, at int) (int, any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	path, ok := strings.CutPrefix(r.URL.EscapedPath(), "/v3/")
	if !ok {
		return 404, apiErr("not_found", "No such endpoint", "")
	}
	if r.Method == http.MethodPost {
		key := r.Header.Get("Idempotence-Key")
		switch {
		case key == "":
			return 400, apiErr("invalid_request", "Idempotence key isn't specified", "Idempotence-Key")
		case len(key) > 64:
			return 400, apiErr("invalid_request", "Idempotence key is too long", "Idempotence-Key")
		case r.Header.Get("Content-Type") != "application/json":
			return 400, apiErr("invalid_request", "Content-Type must be application/json", "")
		}
		switch path {
		case "payments":
			return f.createPayment(key, raw)
		case "refunds":
			return f.createRefund(key, raw)
		}
	}
	if escaped, ok := strings.CutPrefix(path, "payments/"); ok && r.Method == http.MethodGet && !strings.Contains(escaped, "/") {
		id, err := url.PathUnescape(escaped)
		if err != nil {
			return 400, apiErr("invalid_request", "Bad payment id", "payment_id")
		}
		f.requests[at].id = id
		p, ok := f.payments[id]
		if !ok {
			return 404, apiErr("not_found", "Incorrect payment_id. Payment doesn't exist or access denied", "payment_id")
		}
		if p.confirmOnGet {
			p.confirmOnGet = false
			f.succeed(p)
		}
		return 200, p
	}
	return 404, apiErr("not_found", "No such endpoint", "")
}

func (f *fakeAPI) createPayment(key string, raw []byte) (int, any) {
	if id, ok := f.paymentKeys[key]; ok {
		return 200, f.payments[id]
	}
	var in fakeCreatePayment
	if code, e := strictDecode(raw, &in); code != 0 {
		return code, e
	}
	minor, bad := f.amount(in.Amount)
	if bad != nil {
		return 400, bad
	}
	if utf8.RuneCountInString(in.Description) > 128 {
		return 400, apiErr("invalid_request", "Description is too long", "description")
	}
	pmd, conf := in.PaymentMethodData, in.Confirmation
	switch {
	case in.PaymentMethodID != "" && pmd != nil:
		return 400, apiErr("invalid_request", "Both payment_method_id and payment_method_data", "payment_method_id")
	case in.PaymentMethodID != "" && !f.savedCards[in.PaymentMethodID]:
		return 400, apiErr("invalid_request", "Payment method is not saved", "payment_method_id")
	case in.PaymentMethodID == "" && conf == nil:
		return 400, apiErr("invalid_request", "Confirmation is required", "confirmation")
	}
	if conf != nil {
		switch conf.Type {
		case "redirect":
			if conf.ReturnURL == "" {
				return 400, apiErr("invalid_request", "return_url is required", "confirmation.return_url")
			}
		case "embedded", "qr", "external":
		default:
			return 400, apiErr("invalid_request", "Unknown confirmation type", "confirmation.type")
		}
	}
	method := "bank_card" // a widget or page payer picks a card here
	if pmd != nil {
		method = pmd.Type
		switch {
		case method == "mobile_balance" && (pmd.Phone == "" || conf == nil || conf.Type != "external"):
			return 400, apiErr("invalid_request", "Mobile balance needs a phone and external confirmation", "payment_method_data")
		case method == "sbp" && (conf == nil || conf.Type == "external" || conf.Type == "embedded"):
			return 400, apiErr("invalid_request", "SBP needs qr or redirect confirmation", "confirmation.type")
		case method != "bank_card" && method != "sbp" && method != "mobile_balance":
			return 400, apiErr("invalid_request", "Unknown payment method", "payment_method_data.type")
		}
	}

	f.seq++
	p := &fakePayment{
		ID:          fmt.Sprintf("2f%06d-000f-5000-8000-18db351245c7", f.seq),
		Status:      "pending",
		Amount:      *in.Amount,
		Description: in.Description,
		Metadata:    in.Metadata,
		Test:        true,
		CreatedAt:   time.Now().UTC().Format(time.RFC3339),
		minor:       minor,
		save:        in.SavePaymentMethod,
		noSave:      f.outcome.noSave,
	}
	if in.PaymentMethodID != "" {
		card := testCard
		p.PaymentMethod = &fakeMethod{Type: "bank_card", ID: in.PaymentMethodID, Saved: true, Card: &card}
	} else {
		p.PaymentMethod = &fakeMethod{Type: method, ID: fmt.Sprintf("2f%06d-000f-5000-9000-1b68e7b15f3f", f.seq)}
		if method == "bank_card" {
			card := testCard
			p.PaymentMethod.Card = &card
		}
	}
	if conf != nil {
		p.Confirmation = &fakeConfirmation{Type: conf.Type, ReturnURL: conf.ReturnURL}
		switch conf.Type {
		case "redirect":
			p.Confirmation.ConfirmationURL = "https://yoomoney.ru/checkout/payments/v2/contract?orderId=" + p.ID
		case "embedded":
			p.Confirmation.ConfirmationToken = "ct-" + p.ID
		case "qr":
			p.Confirmation.ConfirmationData = "https://qr.nspk.ru/AS1000" + strconv.Itoa(f.seq) + "?type=02&bank=100000000111"
		}
	}
	switch o := f.outcome; {
	case o.decline != "":
		p.Status = "canceled"
		p.CancellationDetails = &struct {
			Party  string `json:"party"`
			Reason string `json:"reason"`
		}{Party: "payment_network", Reason: o.decline}
	case in.PaymentMethodID != "": // a saved card needs no payer
		f.succeed(p)
	case o.confirm:
		p.confirmOnGet = true
	case o.pending:
	default:
		f.succeed(p)
	}
	f.payments[p.ID] = p
	f.paymentKeys[key] = p.ID
	return 200, p
}

func (f *fakeAPI) succeed(p *fakePayment) {
	p.Status, p.Paid = "succeeded", true
	if p.save && !p.noSave && p.PaymentMethod.Type == "bank_card" {
		p.PaymentMethod.Saved = true
		p.PaymentMethod.Title = "Bank card *4477"
		f.savedCards[p.PaymentMethod.ID] = true
	}
}

func (f *fakeAPI) createRefund(key string, raw []byte) (int, any) {
	if id, ok := f.refundKeys[key]; ok {
		return 200, f.refunds[id]
	}
	var in fakeCreateRefund
	if code, e := strictDecode(raw, &in); code != 0 {
		return code, e
	}
	minor, bad := f.amount(in.Amount)
	if bad != nil {
		return 400, bad
	}
	p, ok := f.payments[in.PaymentID]
	switch {
	case !ok:
		return 404, apiErr("not_found", "Payment doesn't exist or access denied", "payment_id")
	case p.Status != "succeeded":
		return 400, apiErr("invalid_request", "Payment is not succeeded", "payment_id")
	case in.Amount.Currency != p.Amount.Currency:
		return 400, apiErr("invalid_request", "Currency differs from the payment's", "amount.currency")
	case minor > p.minor-p.refunded:
		return 400, apiErr("invalid_request", "Refund amount exceeds the payment amount", "amount.value")
	}
	p.refunded += minor
	f.seq++
	rf := &fakeRefund{
		ID: fmt.Sprintf("2f%06d-0015-5000-8000-1b68e7b15f3f", f.seq), PaymentID: p.ID, Status: "succeeded",
		Amount: *in.Amount, CreatedAt: time.Now().UTC().Format(time.RFC3339),
	}
	f.refunds[rf.ID] = rf
	f.refundKeys[key] = rf.ID
	return 200, rf
}

// amount checks an amount as YooKassa does and gives its minor units,
// computed apart from the adapter's own parser.
func (f *fakeAPI) amount(a *fakeAmount) (int64, any) {
	if a == nil || !fakeValue.MatchString(a.Value) {
		return 0, apiErr("invalid_request", "Invalid amount value", "amount.value")
	}
	switch a.Currency {
	case "RUB", "USD", "EUR", "KZT":
	default:
		return 0, apiErr("invalid_request", "Invalid currency", "amount.currency")
	}
	minor, err := strconv.ParseInt(strings.Replace(a.Value, ".", "", 1), 10, 64)
	if err != nil || minor <= 0 {
		return 0, apiErr("invalid_request", "Amount must be positive", "amount.value")
	}
	return minor, nil
}

func strictDecode(raw []byte, v any) (int, any) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return 400, apiErr("invalid_request", "Invalid request body: "+err.Error(), "")
	}
	return 0, nil
}

func apiErr(code, description, parameter string) map[string]string {
	e := map[string]string{"type": "error", "id": "0d26c7ba-6b1b-4d26-a2e5-5f2f1a8a6e6f", "code": code, "description": description}
	if parameter != "" {
		e["parameter"] = parameter
	}
	return e
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
