package sandbox

import (
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"efir/internal/commerce/gateway"
	"efir/internal/commerce/sbpqr"
	"efir/internal/store"
)

// Register adds the hosted test payment pages. One GET page shows the step
// the payment is at; each form posts to its own path and answers with a
// redirect (303) to the page, or to the shop once the payment has ended.
func (s *Service) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET "+PagesPrefix+"{id}", s.showPage)
	mux.HandleFunc("GET "+PagesPrefix+"{id}/qr.png", s.showQR)
	mux.HandleFunc("POST "+PagesPrefix+"{id}/card", s.postCard)
	mux.HandleFunc("POST "+PagesPrefix+"{id}/3ds", s.post3DS)
	mux.HandleFunc("POST "+PagesPrefix+"{id}/sbp", s.postSBP)
	mux.HandleFunc("POST "+PagesPrefix+"{id}/sms", s.postSMS)
	mux.HandleFunc("POST "+PagesPrefix+"{id}/sms/resend", s.postResend)
	mux.HandleFunc("POST "+PagesPrefix+"{id}/cancel", s.postCancel)
}

// maxForm bounds a form body: the biggest form has four short fields.
const maxForm = 16 << 10

// Notices the page shows after a redirect (?notice=...).
var notices = map[string]string{
	"sent":     "sandbox_mobile_sent",
	"limit":    "sandbox_mobile_limit",
	"not_sent": "sandbox_mobile_not_sent",
}

func (s *Service) showPage(w http.ResponseWriter, r *http.Request) {
	p := s.pagePayment(w, r)
	if p == nil {
		return
	}
	v := s.pageFor(r, p)
	if key, ok := notices[r.URL.Query().Get("notice")]; ok && !p.final() {
		v.Notice = v.t(key)
	}
	writePage(w, r, http.StatusOK, v)
}

func (s *Service) showQR(w http.ResponseWriter, r *http.Request) {
	p := s.pagePayment(w, r)
	if p == nil {
		return
	}
	if p.Method != gateway.MethodSBP || p.QRPayload == "" {
		writePage(w, r, http.StatusNotFound, messagePage(r, "sandbox_not_found_heading", "sandbox_not_found_text"))
		return
	}
	img, err := sbpqr.PNG(p.QRPayload, 320)
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(img)
}

func (s *Service) postCard(w http.ResponseWriter, r *http.Request) {
	p := s.formPayment(w, r)
	if p == nil {
		return
	}
	if p.Method != gateway.MethodCard || p.Challenge != "" {
		s.toPage(w, r, p.ID, "")
		return
	}
	form := cardForm{Number: r.PostFormValue("number"), Expiry: strings.TrimSpace(r.PostFormValue("expiry")),
		CVC: r.PostFormValue("cvc"), Holder: strings.TrimSpace(r.PostFormValue("holder"))}
	card, errs := checkCard(form, s.now())
	if len(errs) > 0 {
		v := s.pageFor(r, p)
		v.Fields = cardFields(v.Lang, form)
		writePage(w, r, http.StatusUnprocessableEntity, v.withErrors(errs))
		return
	}
	var changed bool
	var err error
	switch card.Behaviour {
	case cardAsks3DS:
		_, err = openChallenge(r.Context(), s.db, p.ID, card.Brand, card.Last4, s.now().Unix())
	case cardDeclined:
		changed, err = settle(r.Context(), s.db, p.ID, "", outcome{Status: gateway.StatusCanceled,
			Reason: ReasonCardDeclined, Brand: card.Brand, Last4: card.Last4}, s.now().Unix())
	default:
		changed, err = s.payByCard(r.Context(), p, "", card)
	}
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	s.finish(w, r, p.ID, changed)
}

func (s *Service) post3DS(w http.ResponseWriter, r *http.Request) {
	p := s.formPayment(w, r)
	if p == nil {
		return
	}
	if p.Challenge != challenge3DS {
		s.toPage(w, r, p.ID, "")
		return
	}
	code := strings.TrimSpace(r.PostFormValue("code"))
	if len(code) != 6 || !allDigits(code) {
		v := s.pageFor(r, p)
		writePage(w, r, http.StatusUnprocessableEntity, v.withErrors(map[string]string{"code": "sandbox_error_code_format"}))
		return
	}
	var changed bool
	var err error
	if code == threeDSCode {
		changed, err = s.payByCard(r.Context(), p, challenge3DS,
			typedCard{Behaviour: cardAsks3DS, Brand: p.CardBrand, Last4: p.CardLast4})
	} else {
		changed, err = settle(r.Context(), s.db, p.ID, challenge3DS, outcome{Status: gateway.StatusCanceled,
			Reason: Reason3DSFailed, Brand: p.CardBrand, Last4: p.CardLast4}, s.now().Unix())
	}
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	s.finish(w, r, p.ID, changed)
}

// postSBP plays the payer's bank confirming the QR payment.
func (s *Service) postSBP(w http.ResponseWriter, r *http.Request) {
	p := s.formPayment(w, r)
	if p == nil {
		return
	}
	if p.Method != gateway.MethodSBP {
		s.toPage(w, r, p.ID, "")
		return
	}
	changed, err := settle(r.Context(), s.db, p.ID, "", outcome{Status: gateway.StatusSucceeded}, s.now().Unix())
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	s.finish(w, r, p.ID, changed)
}

func (s *Service) postSMS(w http.ResponseWriter, r *http.Request) {
	p := s.formPayment(w, r)
	if p == nil {
		return
	}
	if p.Method != gateway.MethodMobileBalance {
		s.toPage(w, r, p.ID, "")
		return
	}
	code := strings.TrimSpace(r.PostFormValue("code"))
	if len(code) != 6 || !allDigits(code) {
		// Not a guess at all: it costs no try.
		v := s.pageFor(r, p)
		writePage(w, r, http.StatusUnprocessableEntity, v.withErrors(map[string]string{"code": "sandbox_error_code_format"}))
		return
	}
	left, err := s.confirmSMS(r.Context(), p, code, s.base(r))
	switch {
	case errors.Is(err, gateway.ErrWrongCode) && left > 0:
		v := s.pageFor(r, p)
		f := v.Fields["code"]
		f.Error = v.t("sandbox_error_code_wrong", left)
		v.Fields["code"] = f
		v.Alert = v.t("sandbox_error_summary")
		writePage(w, r, http.StatusUnprocessableEntity, v)
	case err == nil, errors.Is(err, gateway.ErrWrongCode), errors.Is(err, gateway.ErrRejected):
		// Paid, canceled by this try, or ended meanwhile: the page tells.
		s.finish(w, r, p.ID, false)
	default:
		s.pageError(w, r, err)
	}
}

func (s *Service) postResend(w http.ResponseWriter, r *http.Request) {
	p := s.formPayment(w, r)
	if p == nil {
		return
	}
	if p.Method != gateway.MethodMobileBalance {
		s.toPage(w, r, p.ID, "")
		return
	}
	notice := "sent"
	if err := s.resendCode(r.Context(), p); errors.Is(err, errNoMoreCodes) {
		notice = "limit"
	} else if err != nil {
		slog.WarnContext(r.Context(), "sandbox: SMS code not sent again", "payment", p.ID, "err", err)
		notice = "not_sent"
	}
	s.toPage(w, r, p.ID, notice)
}

func (s *Service) postCancel(w http.ResponseWriter, r *http.Request) {
	p := s.formPayment(w, r)
	if p == nil {
		return
	}
	changed, err := settle(r.Context(), s.db, p.ID, anyChallenge, outcome{Status: gateway.StatusCanceled,
		Reason: ReasonCanceledByPayer, Brand: p.CardBrand, Last4: p.CardLast4}, s.now().Unix())
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	s.finish(w, r, p.ID, changed)
}

// pagePayment reads the payment of the page's URL, or answers 404 and nil.
func (s *Service) pagePayment(w http.ResponseWriter, r *http.Request) *payment {
	id := r.PathValue("id")
	if validPaymentID(id) {
		p, err := loadPayment(r.Context(), s.db, "", id)
		if err == nil {
			return p
		}
		if !errors.Is(err, store.ErrNotFound) {
			s.pageError(w, r, err)
			return nil
		}
	}
	writePage(w, r, http.StatusNotFound, messagePage(r, "sandbox_not_found_heading", "sandbox_not_found_text"))
	return nil
}

// formPayment is pagePayment for a form post: the post must carry the
// payment's CSRF token (403 otherwise), and a payment that has ended sends
// the payer to its result instead.
func (s *Service) formPayment(w http.ResponseWriter, r *http.Request) *payment {
	r.Body = http.MaxBytesReader(w, r.Body, maxForm)
	if err := r.ParseForm(); err != nil {
		writePage(w, r, http.StatusBadRequest, messagePage(r, "sandbox_forged_heading", "sandbox_forged_text"))
		return nil
	}
	p := s.pagePayment(w, r)
	if p == nil {
		return nil
	}
	if !s.validCSRF(p.ID, r.PostFormValue("csrf")) {
		writePage(w, r, http.StatusForbidden, messagePage(r, "sandbox_forged_heading", "sandbox_forged_text"))
		return nil
	}
	if p.final() {
		s.toPage(w, r, p.ID, "")
		return nil
	}
	return p
}

// finish answers a form that may have ended the payment: when this request
// ended it (changed), the notification goes out first; then an ended
// payment sends the payer back to the shop, and anything else to the page.
func (s *Service) finish(w http.ResponseWriter, r *http.Request, id string, changed bool) {
	p, err := loadPayment(r.Context(), s.db, "", id)
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	if changed {
		s.notify(r.Context(), s.base(r), p)
	}
	if back := safeReturnURL(p.ReturnURL); p.final() && back != "" {
		http.Redirect(w, r, back, http.StatusSeeOther)
		return
	}
	s.toPage(w, r, id, "")
}

func (s *Service) toPage(w http.ResponseWriter, r *http.Request, id, notice string) {
	target := PagesPrefix + id
	if notice != "" {
		target += "?notice=" + notice
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, target, http.StatusSeeOther)
}

func (s *Service) pageError(w http.ResponseWriter, r *http.Request, err error) {
	slog.ErrorContext(r.Context(), "sandbox page failed", "method", r.Method, "path", r.URL.Path, "err", err)
	writePage(w, r, http.StatusInternalServerError, messagePage(r, "sandbox_error_heading", "sandbox_error_text"))
}

// base is where a notification for a payment ended on a page goes: the
// configured NotifyBase, else the scheme and host the page was served on
// (the same server receives the notifications).
func (s *Service) base(r *http.Request) string {
	if s.notifyBase != "" {
		return s.notifyBase
	}
	scheme := "http"
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}
