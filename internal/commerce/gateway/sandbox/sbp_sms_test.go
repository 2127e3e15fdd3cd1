package sandbox

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	gozxingqr "github.com/makiuchi-d/gozxing/qrcode"

	"efir/internal/commerce/gateway"
	"efir/internal/commerce/sbpqr"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestSBP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		p := h.create(gateway.PaymentRequest{Method: gateway.MethodSBP, Confirmation: gateway.ConfirmQR,
			Amount: 12345, ReturnURL: testReturn})
		if p.Status != gateway.StatusPending || p.ConfirmationURL != PagesPrefix+p.ID {
			t.Fatalf("new SBP payment %+v", p)
		}
		params, err := sbpqr.Parse(p.QRPayload)
		if err != nil || params.Amount != 12345 || params.Bank != sbpqr.SandboxBank {
			t.Fatalf("QR payload %q: %+v, %v", p.QRPayload, params, err)
		}

		res, page := h.open(PagesPrefix+p.ID, "ru")
		wantStatus(t, res, http.StatusOK, page)
		for _, want := range []string{`src="/pay/sandbox/` + p.ID + `/qr.png"`, "123,45\u00a0₽", "Оплатить в приложении банка"} {
			if !strings.Contains(page, want) {
				t.Fatalf("SBP page lacks %q:\n%s", want, page)
			}
		}
		// The image the page shows holds the payload itself.
		res, img := h.open(PagesPrefix+p.ID+"/qr.png", "")
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" ||
			res.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("qr.png answered %d %v", res.StatusCode, res.Header)
		}
		decoded, err := png.Decode(bytes.NewReader([]byte(img)))
		if err != nil {
			t.Fatal(err)
		}
		bmp, _ := gozxing.NewBinaryBitmapFromImage(decoded)
		text, err := gozxingqr.NewQRCodeReader().Decode(bmp, nil)
		if err != nil || text.GetText() != p.QRPayload {
			t.Fatalf("QR image reads %v, %v; want %q", text, err, p.QRPayload)
		}

		res, _ = h.submit(p.ID, "sbp", nil)
		wantRedirect(t, res, testReturn)
		wantPayment(t, h.get(p.ID), gateway.StatusSucceeded, "")
		h.wantNotified(t, received{PaymentID: p.ID, Event: EventSucceeded})

		// A card payment has no QR image.
		card := h.cardPayment(false)
		if res, _ := h.open(PagesPrefix+card.ID+"/qr.png", ""); res.StatusCode != http.StatusNotFound {
			t.Fatalf("card payment's qr.png answered %d", res.StatusCode)
		}
	})
}

func mobileRequest() gateway.PaymentRequest {
	return gateway.PaymentRequest{Method: gateway.MethodMobileBalance, Phone: "79161234567", Amount: 19900,
		ReturnURL: testReturn, Metadata: map[string]string{"lang": "en"}}
}

func TestMobileBalanceConfirmSMS(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		sms := h.gw.(gateway.SMSConfirmer)
		ctx := context.Background()

		p := h.create(mobileRequest())
		if p.Status != gateway.StatusPending || p.ConfirmationURL != PagesPrefix+p.ID {
			t.Fatalf("new mobile payment %+v", p)
		}
		m := h.sender.last(t)
		if m.Phone != "79161234567" || len(m.Code) != 6 || m.Text != "Test payment 199.00\u00a0₽: code "+m.Code {
			t.Fatalf("SMS %+v", m)
		}
		// Asking again with the key sends nothing more.
		again := mobileRequest()
		again.IdempotencyKey = "mobile-1"
		first := h.create(again)
		h.create(again)
		if h.sender.count() != 2 {
			t.Fatalf("%d SMS sent, want 2", h.sender.count())
		}
		_ = first

		if err := sms.ConfirmSMS(ctx, p.ID, wrongCode(m.Code)); !errors.Is(err, gateway.ErrWrongCode) {
			t.Fatalf("wrong code: %v", err)
		}
		if err := sms.ConfirmSMS(ctx, p.ID, m.Code); err != nil {
			t.Fatalf("right code: %v", err)
		}
		wantPayment(t, h.get(p.ID), gateway.StatusSucceeded, "")
		if err := sms.ConfirmSMS(ctx, p.ID, m.Code); err != nil {
			t.Fatalf("confirming again: %v", err)
		}

		// Three wrong codes cancel the payment; the right one is too late then.
		q := h.create(mobileRequest())
		code := h.sender.last(t).Code
		for range maxSMSTries {
			if err := sms.ConfirmSMS(ctx, q.ID, wrongCode(code)); !errors.Is(err, gateway.ErrWrongCode) {
				t.Fatalf("wrong code: %v", err)
			}
		}
		wantPayment(t, h.get(q.ID), gateway.StatusCanceled, ReasonSMSCodeFailed)
		if err := sms.ConfirmSMS(ctx, q.ID, code); !errors.Is(err, gateway.ErrRejected) {
			t.Fatalf("right code after cancel: %v", err)
		}
		// No NotifyBase: the API caller has the outcome, nothing posted.
		if n := len(h.notifications()); n != 0 {
			t.Fatalf("%d notifications", n)
		}
		// Not a mobile payment, not this operator's payment.
		card := h.cardPayment(false)
		if err := sms.ConfirmSMS(ctx, card.ID, code); !errors.Is(err, gateway.ErrRejected) {
			t.Fatalf("card payment confirmed by SMS: %v", err)
		}
		if err := h.svc.For("other").(gateway.SMSConfirmer).ConfirmSMS(ctx, q.ID, code); !errors.Is(err, gateway.ErrRejected) {
			t.Fatalf("other operator confirmed: %v", err)
		}
	})
}

func TestMobileBalancePage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		p := h.create(mobileRequest())
		res, page := h.open(PagesPrefix+p.ID, "en")
		wantStatus(t, res, http.StatusOK, page)
		if !strings.Contains(page, "7••••••4567") || strings.Contains(page, "79161234567") {
			t.Fatalf("phone not masked:\n%s", page)
		}

		// A wrong code says how many tries are left; a malformed one costs none.
		res, page = h.submit(p.ID, "sms", url.Values{"code": {"12ab"}})
		wantStatus(t, res, http.StatusUnprocessableEntity, page)
		res, page = h.submit(p.ID, "sms", url.Values{"code": {wrongCode(h.sender.last(t).Code)}})
		wantStatus(t, res, http.StatusUnprocessableEntity, page)
		if !strings.Contains(page, "Tries left: 2.") {
			t.Fatalf("no tries left on the page:\n%s", page)
		}

		// Two more codes may be sent, then no more; the old code is void.
		old := h.sender.last(t).Code
		for i, want := range []string{"sent", "sent", "limit"} {
			res, _ := h.submit(p.ID, "sms/resend", nil)
			wantRedirect(t, res, PagesPrefix+p.ID+"?notice="+want)
			if sent := h.sender.count(); sent != min(i+2, maxSMSSends) {
				t.Fatalf("%d codes sent after resend %d", sent, i+1)
			}
		}
		_, page = h.open(PagesPrefix+p.ID+"?notice=limit", "en")
		if strings.Contains(page, "sms/resend") || !strings.Contains(page, "No more codes") {
			t.Fatalf("resend still offered:\n%s", page)
		}
		if fresh := h.sender.last(t).Code; fresh != old {
			res, page = h.submit(p.ID, "sms", url.Values{"code": {old}})
			wantStatus(t, res, http.StatusUnprocessableEntity, page)
		}
		res, _ = h.submit(p.ID, "sms", url.Values{"code": {h.sender.last(t).Code}})
		wantRedirect(t, res, testReturn)
		wantPayment(t, h.get(p.ID), gateway.StatusSucceeded, "")
		h.wantNotified(t, received{PaymentID: p.ID, Event: EventSucceeded})

		// Three wrong codes on the page cancel the payment and send the payer back.
		q := h.create(mobileRequest())
		code := h.sender.last(t).Code
		for i := range maxSMSTries {
			res, page := h.submit(q.ID, "sms", url.Values{"code": {wrongCode(code)}})
			if i < maxSMSTries-1 {
				wantStatus(t, res, http.StatusUnprocessableEntity, page)
			} else {
				wantRedirect(t, res, testReturn)
			}
		}
		wantPayment(t, h.get(q.ID), gateway.StatusCanceled, ReasonSMSCodeFailed)
		h.wantNotified(t, received{PaymentID: p.ID, Event: EventSucceeded}, received{PaymentID: q.ID, Event: EventCanceled})
	})
}

// wrongCode is a six-digit code other than code.
func wrongCode(code string) string {
	if code == "000000" {
		return "000001"
	}
	return "000000"
}
