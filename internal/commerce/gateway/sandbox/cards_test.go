package sandbox

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"efir/internal/commerce/gateway"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestCardOutcomes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for _, tc := range []struct {
			name, number string
			save         bool
			status       gateway.Status
			reason       string
			event        string
		}{
			{"succeeds", "4242 4242 4242 4242", false, gateway.StatusSucceeded, "", EventSucceeded},
			{"succeeds and saves", "4242-4242-4242-4242", true, gateway.StatusSucceeded, "", EventSucceeded},
			{"declined", "4000000000000002", true, gateway.StatusCanceled, ReasonCardDeclined, EventCanceled},
			{"renewals decline", "4000 0000 0000 0341", true, gateway.StatusSucceeded, "", EventSucceeded},
		} {
			t.Run(tc.name, func(t *testing.T) {
				h := newHarness(t, db)
				p := h.cardPayment(tc.save)
				if p.Status != gateway.StatusPending || p.ConfirmationURL != PagesPrefix+p.ID {
					t.Fatalf("new card payment %+v", p)
				}
				res, body := h.payCard(p.ID, tc.number)
				wantRedirect(t, res, testReturn)
				_ = body
				got := h.get(p.ID)
				wantPayment(t, got, tc.status, tc.reason)
				h.wantNotified(t, received{PaymentID: p.ID, Event: tc.event})
				switch {
				case tc.status == gateway.StatusSucceeded && tc.save:
					if got.Card == nil || got.Card.Brand != "visa" || !strings.HasPrefix(got.Card.Token, "card_") ||
						got.Card.Last4 != tc.number[len(tc.number)-4:] {
						t.Fatalf("saved card %+v", got.Card)
					}
				case got.Card != nil:
					t.Fatalf("card %+v saved without being asked to", got.Card)
				}
				// The page now shows the result, not the form.
				_, page := h.open(PagesPrefix+p.ID, "en")
				if strings.Contains(page, `name="number"`) {
					t.Fatal("a final payment still shows the card form")
				}
			})
		}
	})
}

func TestCard3DS(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)

		right := h.cardPayment(true)
		res, _ := h.payCard(right.ID, "4000000000003220")
		wantRedirect(t, res, PagesPrefix+right.ID)
		wantPayment(t, h.get(right.ID), gateway.StatusPending, "")
		_, page := h.open(PagesPrefix+right.ID, "en")
		if !strings.Contains(page, "3-D Secure") || !strings.Contains(page, `name="code"`) {
			t.Fatalf("no 3-D Secure page:\n%s", page)
		}
		// The card form is closed while the code page is open.
		res, _ = h.payCard(right.ID, "4242424242424242")
		wantRedirect(t, res, PagesPrefix+right.ID)
		res, body := h.submit(right.ID, "3ds", url.Values{"code": {"12"}})
		wantStatus(t, res, http.StatusUnprocessableEntity, body)
		res, _ = h.submit(right.ID, "3ds", url.Values{"code": {threeDSCode}})
		wantRedirect(t, res, testReturn)
		got := h.get(right.ID)
		wantPayment(t, got, gateway.StatusSucceeded, "")
		if got.Card == nil || got.Card.Last4 != "3220" {
			t.Fatalf("3-D Secure card not saved: %+v", got.Card)
		}

		wrong := h.cardPayment(false)
		h.payCard(wrong.ID, "4000000000003220")
		res, _ = h.submit(wrong.ID, "3ds", url.Values{"code": {"123456"}})
		wantRedirect(t, res, testReturn)
		wantPayment(t, h.get(wrong.ID), gateway.StatusCanceled, Reason3DSFailed)
		h.wantNotified(t, received{PaymentID: right.ID, Event: EventSucceeded}, received{PaymentID: wrong.ID, Event: EventCanceled})
	})
}

func TestCardFormErrors(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		p := h.cardPayment(false)
		for _, tc := range []struct {
			name        string
			form        url.Values
			field, text string
		}{
			{"unknown card", url.Values{"number": {"5555 5555 5555 4444"}, "expiry": {"12/29"}, "cvc": {"123"}},
				"number", "Unknown test card"},
			{"no number", url.Values{"number": {""}, "expiry": {"12/29"}, "cvc": {"123"}},
				"number", "Enter the card number."},
			{"expired", url.Values{"number": {"4242424242424242"}, "expiry": {"04/26"}, "cvc": {"123"}},
				"expiry", "This card has expired."},
			{"bad expiry", url.Values{"number": {"4242424242424242"}, "expiry": {"13/29"}, "cvc": {"123"}},
				"expiry", "Enter the expiry date as MM/YY."},
			{"expiry words", url.Values{"number": {"4242424242424242"}, "expiry": {"soon"}, "cvc": {"123"}},
				"expiry", "Enter the expiry date as MM/YY."},
			{"short cvc", url.Values{"number": {"4242424242424242"}, "expiry": {"12/29"}, "cvc": {"12"}},
				"cvc", "Enter the 3-digit CVC."},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res, body := h.submit(p.ID, "card", tc.form)
				wantStatus(t, res, http.StatusUnprocessableEntity, body)
				if !strings.Contains(body, `id="`+tc.field+`-error"`) || !strings.Contains(body, tc.text) {
					t.Fatalf("no %q error on %s:\n%s", tc.text, tc.field, body)
				}
				if !strings.Contains(body, `aria-describedby="`+tc.field+`-error"`) {
					t.Fatal("the error is not tied to its field")
				}
				if n := strings.ReplaceAll(tc.form.Get("number"), " ", ""); n != "" && strings.Contains(strings.ReplaceAll(body, " ", ""), n) &&
					!isTestCard(n) {
					t.Fatal("the page echoes the card number")
				}
				if strings.Contains(body, `value="5555`) || strings.Contains(body, `value="4242`) {
					t.Fatal("the number field is filled in again")
				}
			})
		}
		// Nothing of that changed the payment.
		wantPayment(t, h.get(p.ID), gateway.StatusPending, "")
		if len(h.notifications()) != 0 {
			t.Fatal("a form error notified")
		}
		// "05/26" is still good in May 2026: the card lasts through its month.
		res, _ := h.submit(p.ID, "card", url.Values{"number": {"4242424242424242"}, "expiry": {"05 / 26"}, "cvc": {"123"}})
		wantRedirect(t, res, testReturn)
	})
}

func isTestCard(n string) bool {
	for _, tc := range testCards {
		if tc.Number == n {
			return true // listed on the page on purpose
		}
	}
	return false
}

// Only the last 4 digits and the outcome are kept: no column of any sandbox
// table holds a full number or a CVC.
func TestNoCardNumberStored(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		for _, number := range []string{"4242424242424242", "4000000000000341", "4000000000003220", "4000000000000002"} {
			p := h.cardPayment(true)
			h.submit(p.ID, "card", url.Values{"number": {number}, "expiry": {"12/29"}, "cvc": {"987"}})
			if number == "4000000000003220" {
				h.submit(p.ID, "3ds", url.Values{"code": {threeDSCode}})
			}
		}
		for _, table := range []string{"sandbox_payments", "sandbox_cards"} {
			rows, err := db.Query(context.Background(), "SELECT * FROM "+table)
			if err != nil {
				t.Fatal(err)
			}
			cols, _ := rows.Columns()
			for rows.Next() {
				vals := make([]any, len(cols))
				ptrs := make([]any, len(cols))
				for i := range vals {
					ptrs[i] = &vals[i]
				}
				if err := rows.Scan(ptrs...); err != nil {
					t.Fatal(err)
				}
				for i, v := range vals {
					s := toString(v)
					for _, tc := range testCards {
						if strings.Contains(s, tc.Number) || strings.Contains(s, tc.Number[:12]) {
							t.Errorf("%s.%s holds a card number: %q", table, cols[i], s)
						}
					}
					if !randomColumns[cols[i]] && strings.Contains(s, "987") {
						t.Errorf("%s.%s holds the CVC: %q", table, cols[i], s)
					}
				}
			}
			rows.Close()
		}
	})
}

// randomColumns hold random hex, where any three digits may turn up.
var randomColumns = map[string]bool{"id": true, "token": true, "card_token": true, "idempotency_key": true,
	"sms_code_hash": true, "qr_payload": true}

func toString(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case []byte:
		return string(v)
	}
	return ""
}

func TestCheckExpiry(t *testing.T) {
	for in, want := range map[string]string{
		"05/26": "", "0526": "", "12/99": "", " 1 2 / 3 0 ": "",
		"04/26": "sandbox_error_expiry_past", "12/25": "sandbox_error_expiry_past",
		"00/27": "sandbox_error_expiry_format", "13/27": "sandbox_error_expiry_format",
		"5/26": "sandbox_error_expiry_format", "05/2026": "sandbox_error_expiry_format", "": "sandbox_error_expiry_format",
	} {
		if got := checkExpiry(in, testNow); got != want {
			t.Errorf("checkExpiry(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCardBrand(t *testing.T) {
	for number, want := range map[string]string{"4242": "visa", "5555": "mastercard", "2200": "mir", "3700": "unknown"} {
		if got := cardBrand(number); got != want {
			t.Errorf("cardBrand(%s) = %s, want %s", number, got, want)
		}
	}
}
