package sandbox

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"efir/internal/commerce/gateway"
	"efir/internal/httpx"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestPagesAreLabelledTest(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		p := h.cardPayment(true)
		for lang, label := range map[string]string{
			"en": "Test payment — no real money is charged",
			"ru": "Тестовый платёж — реальные деньги не списываются",
		} {
			res, page := h.open(PagesPrefix+p.ID, lang)
			wantStatus(t, res, http.StatusOK, page)
			if res.Header.Get("Cache-Control") != "no-store" || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
				t.Fatalf("headers %v", res.Header)
			}
			title := page[strings.Index(page, "<title>"):strings.Index(page, "</title>")]
			if !strings.Contains(title, label) || !strings.Contains(page, `class="banner"`) ||
				!strings.Contains(page, `<html lang="`+lang+`">`) {
				t.Fatalf("%s page not labelled as a test:\n%s", lang, page)
			}
			// Every input has its label, and the order is shown.
			for _, name := range []string{"number", "expiry", "cvc", "holder"} {
				if !strings.Contains(page, `<label for="`+name+`">`) || !strings.Contains(page, `id="`+name+`"`) {
					t.Fatalf("field %s has no label", name)
				}
			}
			if !strings.Contains(page, "Packet «Cinema», 30 days") || !strings.Contains(page, "199") ||
				!strings.Contains(page, "/cancel") {
				t.Fatalf("order or cancel missing:\n%s", page)
			}
			if strings.Contains(page, "<script") {
				t.Fatal("the page needs no script")
			}
		}
	})
}

func TestPageNotFound(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		for _, path := range []string{PagesPrefix + newPaymentID(), PagesPrefix + "nope", PagesPrefix + newPaymentID() + "/qr.png"} {
			res, page := h.open(path, "en")
			if res.StatusCode != http.StatusNotFound || !strings.Contains(page, "Payment not found") {
				t.Fatalf("%s answered %d:\n%s", path, res.StatusCode, page)
			}
		}
	})
}

func TestCSRFRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		p := h.cardPayment(false)
		other := h.cardPayment(false)
		card := url.Values{"number": {"4242424242424242"}, "expiry": {"12/29"}, "cvc": {"123"}}
		for name, token := range map[string]string{
			"none":              "",
			"forged":            strings.Repeat("0", 64),
			"another payment's": h.csrf(other.ID),
		} {
			form := url.Values{"csrf": {token}}
			for k, v := range card {
				form[k] = v
			}
			for _, action := range []string{"card", "cancel"} {
				res, page := h.post(PagesPrefix+p.ID+"/"+action, form)
				if res.StatusCode != http.StatusForbidden || !strings.Contains(page, "Form not accepted") {
					t.Fatalf("%s token on %s: %d\n%s", name, action, res.StatusCode, page)
				}
			}
		}
		wantPayment(t, h.get(p.ID), gateway.StatusPending, "")
		if len(h.notifications()) != 0 {
			t.Fatal("a refused post notified")
		}
	})
}

func TestCancelAndResult(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		// Cancelled from the 3-D Secure page: back to the shop.
		p := h.cardPayment(false)
		h.payCard(p.ID, "4000000000003220")
		res, _ := h.submit(p.ID, "cancel", nil)
		wantRedirect(t, res, testReturn)
		wantPayment(t, h.get(p.ID), gateway.StatusCanceled, ReasonCanceledByPayer)
		h.wantNotified(t, received{PaymentID: p.ID, Event: EventCanceled})

		// Without a usable return address the page shows the result itself.
		for _, back := range []string{"", "javascript:alert(1)", "//evil.example/x"} {
			q := h.create(gateway.PaymentRequest{Method: gateway.MethodCard, Confirmation: gateway.ConfirmRedirect, ReturnURL: back})
			res, _ := h.payCard(q.ID, "4242424242424242")
			wantRedirect(t, res, PagesPrefix+q.ID)
			res, page := h.open(PagesPrefix+q.ID, "en")
			wantStatus(t, res, http.StatusOK, page)
			if !strings.Contains(page, "Payment succeeded") || strings.Contains(page, "<form") ||
				strings.Contains(page, "javascript:") || strings.Contains(page, "evil.example") {
				t.Fatalf("result page for return %q:\n%s", back, page)
			}
			// A form of an ended payment goes to the result, changing nothing.
			res, _ = h.submit(q.ID, "cancel", url.Values{"csrf": {h.svc.csrfToken(q.ID)}})
			wantRedirect(t, res, PagesPrefix+q.ID)
			wantPayment(t, h.get(q.ID), gateway.StatusSucceeded, "")
		}
		// With a return address the result page links back.
		_, page := h.open(PagesPrefix+p.ID, "en")
		if !strings.Contains(page, "You cancelled the payment.") || !strings.Contains(page, `href="https://shop.example/return?order=7"`) {
			t.Fatalf("result page:\n%s", page)
		}
	})
}

// Every language has the same texts, and every key is the package's own.
func TestTextsComplete(t *testing.T) {
	var want []string
	for _, k := range httpx.Keys("en") {
		if strings.HasPrefix(k, "sandbox_") {
			want = append(want, k)
		}
	}
	if len(want) < 50 {
		t.Fatalf("only %d sandbox texts in English", len(want))
	}
	entries, err := textFiles.ReadDir("texts")
	if err != nil || len(entries) != len(httpx.Languages) {
		t.Fatalf("%d texts files, want one per language (%v)", len(entries), err)
	}
	for _, lang := range httpx.Languages {
		for _, k := range want {
			if !httpx.Has(lang, k) {
				t.Errorf("%s lacks %s", lang, k)
			}
		}
	}
	raw, _ := textFiles.ReadFile("texts/en.json")
	for _, line := range strings.Split(string(raw), "\n") {
		if k, _, ok := strings.Cut(strings.TrimSpace(line), ":"); ok && !strings.HasPrefix(k, `"sandbox_`) {
			t.Errorf("key %s is not prefixed sandbox_", k)
		}
	}
	// The pages use no key that is missing.
	for _, k := range []string{"sandbox_reason_" + ReasonCardDeclined, "sandbox_reason_" + Reason3DSFailed,
		"sandbox_reason_" + ReasonSMSCodeFailed, "sandbox_reason_" + ReasonCanceledByPayer} {
		if !slices.Contains(want, k) {
			t.Errorf("no text %s", k)
		}
	}
}

func TestFormatAmount(t *testing.T) {
	for _, tc := range []struct {
		lang     string
		minor    int64
		currency string
		want     string
	}{
		{"en", 19900, "RUB", "199.00\u00a0₽"},
		{"ru", 123456789, "RUB", "1\u00a0234\u00a0567,89\u00a0₽"},
		{"en", 100000005, "KZT", "1,000,000.05\u00a0KZT"},
		{"kk", 5, "KZT", "0,05\u00a0KZT"},
	} {
		if got := formatAmount(tc.lang, tc.minor, tc.currency); got != tc.want {
			t.Errorf("formatAmount(%s, %d) = %q, want %q", tc.lang, tc.minor, got, tc.want)
		}
	}
}
