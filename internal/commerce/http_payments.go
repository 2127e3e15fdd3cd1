package commerce

import (
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"efir/internal/commerce/gateway"
	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
)

// Transaction is a payment as the client polls it.
type Transaction struct {
	ID                  int64  `json:"id"`
	TransactionID       string `json:"transaction_id"`
	Status              string `json:"status"`
	Kind                string `json:"kind"`
	Amount              int64  `json:"amount"`
	Currency            string `json:"currency"`
	StatusDescription   string `json:"status_description"`
	FullURL             string `json:"full_url"`
	QRCodeURL           string `json:"qrcode_url"`
	QRPayload           string `json:"qr_payload"`
	PaySystem           string `json:"paysystem"`
	PacketID            *int64 `json:"packet_id"`
	OfferID             *int64 `json:"offer_id"`
	CreatedAt           int64  `json:"created_at"`
	SkipParentalControl bool   `json:"skip_parental_control"`
	IsTest              bool   `json:"is_test"`
}

func transactionView(p payment, prov *provider.Provider, lang string) Transaction {
	t := Transaction{ID: p.ID, Status: p.Status, Kind: p.Kind, Amount: p.Amount, Currency: p.Currency,
		FullURL: p.ConfirmationURL, QRPayload: p.QRPayload, PaySystem: p.PaySystem, CreatedAt: p.CreatedAt,
		IsTest: p.Gateway == "sandbox"}
	if p.GatewayID != nil {
		t.TransactionID = *p.GatewayID
	}
	// An SBP payment's QR holds its payload; a gateway page's QR opens that page
	// on the payer's phone (the Alma flow's #pay_qr_alma).
	if p.QRPayload != "" || p.ConfirmationURL != "" {
		t.QRCodeURL = "/v2/payments/" + strconv.FormatInt(p.ID, 10) + "/qr.png"
	}
	if p.PacketID != 0 {
		id := p.PacketID
		t.PacketID = &id
	}
	if p.OfferID != 0 {
		id := p.OfferID
		t.OfferID = &id
	}
	if p.StatusDescription != "" {
		t.StatusDescription = httpx.T(lang, "commerce_payment_"+p.StatusDescription)
		if !httpx.Has(lang, "commerce_payment_"+p.StatusDescription) {
			t.StatusDescription = httpx.T(lang, "commerce_payment_declined")
		}
	}
	if prov != nil {
		if ps, ok := paySystemByName(prov, p.PaySystem); ok {
			t.SkipParentalControl = ps.SkipParentalControl
		}
	}
	return t
}

func (s *Service) handlePayforms(w http.ResponseWriter, r *http.Request) error {
	sess, prov, err := s.sessionProvider(r)
	if err != nil {
		return err
	}
	if err := s.ownAccount(r, sess.UserID); err != nil {
		return err
	}
	httpx.OK(w, s.paySystemsOf(prov))
	return nil
}

// ownAccount: the path's account is the viewer's.
func (s *Service) ownAccount(r *http.Request, userID int64) error {
	id, err := pathInt(r, "id")
	if err != nil {
		return err
	}
	var n int
	if err := store.Get(r.Context(), s.db, `SELECT COUNT(*) FROM accounts WHERE id = ? AND user_id = ?`, []any{id, userID}, &n); err != nil {
		return err
	}
	if n == 0 {
		return httpx.NotFound()
	}
	return nil
}

type payBody struct {
	PaySystem      string `json:"paysystem_shortname"`
	Amount         int64  `json:"amount"`
	PacketID       int64  `json:"packet_id"`
	PeriodID       int64  `json:"period_id"`
	OfferID        int64  `json:"offer_id"`
	CardID         int64  `json:"card_id"`
	SaveCard       bool   `json:"is_save_card"`
	ReturnURL      string `json:"return_url"`
	Phone          string `json:"phone"`
	Code           string `json:"code"`
	TransactionID  int64  `json:"transaction_id"`
	IdempotencyKey string `json:"idempotency_key"`
	Trial          *bool  `json:"trial"`
	ParentalCode   string `json:"parental_code"`
}

// maxPayment bounds one payment (minor units): a typo must not become a
// charge of millions.
const maxPayment = 10_000_000

// handlePay starts a payment through a pay form, or confirms one by SMS.
func (s *Service) handlePay(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sess, prov, err := s.sessionProvider(r)
	if err != nil {
		return err
	}
	if err := s.ownAccount(r, sess.UserID); err != nil {
		return err
	}
	var b payBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	form := r.PathValue("form")
	if form == "confirm_by_sms" {
		return s.confirmBySMS(w, r, prov, sess.UserID, b)
	}
	if err := checkKey(b.IdempotencyKey); err != nil {
		return err
	}
	o := payOrder{Prov: prov, UserID: sess.UserID, Kind: kindRefill, Amount: b.Amount, SaveCard: b.SaveCard,
		Key: b.IdempotencyKey, Phone: b.Phone}
	if o.ReturnURL, err = s.returnURL(r, b.ReturnURL); err != nil {
		return err
	}
	ps, ok := paySystemByName(prov, b.PaySystem)
	if !ok && form == "linkedcard" {
		ps, ok = cardPaySystem(prov), true
	}
	if !ok || !formAllowed(ps.Kind, form) {
		return httpx.Invalid("paysystem_shortname", "commerce_paysystem_unknown")
	}
	o.PaySystem = ps
	if ps.Kind == "phone" {
		if o.Phone = digits(b.Phone); len(o.Phone) < 10 || len(o.Phone) > 15 {
			return httpx.Invalid("phone", "commerce_phone_invalid")
		}
	}
	if form == "linkedcard" {
		card, err := cardOf(ctx, s.db, sess.UserID, b.CardID)
		if err != nil {
			if b.CardID == 0 {
				card, err = primaryCard(ctx, s.db, sess.UserID)
			}
			if err != nil || card == nil {
				return httpx.Invalid("card_id", "commerce_card_unknown")
			}
		}
		o.CardToken, o.CardID = card.token, card.ID
	}
	if err := s.payGate(ctx, sess, prov, b.ParentalCode); err != nil {
		return err
	}
	if err := s.fillPurchase(r, prov, sess.UserID, &o, b); err != nil {
		return err
	}
	p, err := s.startPayment(ctx, o)
	if err != nil {
		return moneyError(err, currencyOf(prov), false)
	}
	httpx.WriteJSON(w, http.StatusCreated, transactionView(p, prov, httpx.Lang(r)))
	return nil
}

// fillPurchase sets what the payment buys and its amount: the purchase's
// price less what the balance already holds, or the refill amount asked.
func (s *Service) fillPurchase(r *http.Request, prov *provider.Provider, userID int64, o *payOrder, b payBody) error {
	ctx := r.Context()
	var price int64
	switch {
	case b.PacketID != 0:
		off, err := loadOffer(ctx, s.db, prov.ID)
		if err != nil {
			return err
		}
		p := off.byID[b.PacketID]
		if p == nil || !p.sold() {
			return httpx.Invalid("packet_id", "commerce_packet_unknown")
		}
		per, ok := p.periodByID(b.PeriodID)
		if !ok {
			return httpx.Invalid("period_id", "commerce_period_unknown")
		}
		h, err := s.holderOf(ctx, userID, currencyOf(prov), false)
		if err != nil {
			return err
		}
		o.Kind, o.PacketID, o.PeriodID, price = kindSubscription, p.ID, per.ID, per.Amount
		o.Trial = b.Trial == nil || *b.Trial
		if o.Trial && trialOpen(p.TrialDays, h.trialsUsed[p.ID]) {
			price = p.TrialPrice
		}
		price = shortfall(price, h.balance)
	case b.OfferID != 0:
		off, err := offerByID(ctx, s.db, prov.ID, b.OfferID)
		if err != nil {
			return httpx.Invalid("offer_id", "commerce_offer_required")
		}
		h, err := s.holderOf(ctx, userID, currencyOf(prov), false)
		if err != nil {
			return err
		}
		o.Kind, o.OfferID, price = kindOffer, off.OfferID, shortfall(off.Amount, h.balance)
	}
	if o.Kind != kindRefill {
		if price <= 0 {
			// The balance covers it: buy from the balance instead.
			return httpx.Invalid("amount", "commerce_balance_covers")
		}
		if b.Amount > price {
			price = b.Amount // paying more leaves the rest on the balance
		}
		o.Amount = price
	}
	if o.Amount <= 0 || o.Amount > maxPayment {
		return httpx.Invalid("amount", "commerce_amount_invalid")
	}
	return nil
}

// formAllowed: the pay form belongs to the pay system's kind.
func formAllowed(kind, form string) bool {
	if form == "qrcode_make_transaction" {
		form = "qrcode"
	}
	for _, f := range payforms[kind] {
		if f == form {
			return true
		}
	}
	// qrcode_png pay systems also answer the qrcode form.
	return kind == "qrcode_png" && form == "qrcode"
}

// returnURL accepts only a path of this site or an address of its public
// origin (no open redirect through the gateway).
func (s *Service) returnURL(r *http.Request, raw string) (string, error) {
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	if err != nil || len(raw) > 2000 {
		return "", httpx.Invalid("return_url", "commerce_return_url_invalid")
	}
	origin := requestOrigin(r)
	switch {
	case u.Scheme == "" && u.Host == "" && strings.HasPrefix(u.Path, "/") && !strings.HasPrefix(raw, "//"):
		// The fragment stays: the client reopens its transaction modal by it.
		out := origin + u.RequestURI()
		if u.Fragment != "" {
			out += "#" + u.EscapedFragment()
		}
		return out, nil
	case (u.Scheme == "http" || u.Scheme == "https") && (u.Scheme+"://"+u.Host == origin || u.Scheme+"://"+u.Host == s.cfg.PublicURL):
		return u.String(), nil
	}
	return "", httpx.Invalid("return_url", "commerce_return_url_invalid")
}

func requestOrigin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

func digits(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	return b.String()
}

func (s *Service) confirmBySMS(w http.ResponseWriter, r *http.Request, prov *provider.Provider, userID int64, b payBody) error {
	ctx := r.Context()
	p, err := paymentByID(ctx, s.db, b.TransactionID)
	if err != nil || p.UserID != userID {
		return httpx.NotFound()
	}
	gw := s.gatewayOf(prov)
	conf, ok := gw.(gateway.SMSConfirmer)
	if !ok || p.GatewayID == nil || final(p.Status) {
		return httpx.BadRequest("commerce_cannot_confirm")
	}
	code := strings.TrimSpace(b.Code)
	if code == "" || len(code) > 10 {
		return httpx.Invalid("code", "commerce_code_invalid")
	}
	if err := conf.ConfirmSMS(ctx, *p.GatewayID, code); err != nil {
		if errors.Is(err, gateway.ErrWrongCode) {
			return httpx.Invalid("code", "commerce_code_invalid")
		}
		if !errors.Is(err, gateway.ErrRejected) {
			return err
		}
	}
	if err := s.refresh(ctx, gw, p); err != nil {
		return err
	}
	p, err = paymentByID(ctx, s.db, p.ID)
	if err != nil {
		return err
	}
	httpx.OK(w, transactionView(p, prov, httpx.Lang(r)))
	return nil
}

func (s *Service) handleTransaction(w http.ResponseWriter, r *http.Request) error {
	id, err := pathInt(r, "id")
	if err != nil {
		return err
	}
	sess := httpx.SessionFrom(r.Context())
	p, err := paymentByID(r.Context(), s.db, id)
	if err != nil || p.UserID != sess.UserID {
		return httpx.NotFound()
	}
	prov, _ := s.provider(r.Context(), p.ProviderID)
	httpx.OK(w, transactionView(p, prov, httpx.Lang(r)))
	return nil
}

func (s *Service) handleTransactions(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	sess, prov, err := s.sessionProvider(r)
	if err != nil {
		return err
	}
	out := []Transaction{}
	lang := httpx.Lang(r)
	err = store.Each(r.Context(), s.db, `SELECT `+paymentColumns+` FROM payments WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
		[]any{sess.UserID, limit, offset}, func(sc store.Scanner) error {
			p, err := scanPayment(sc)
			if err == nil {
				out = append(out, transactionView(p, prov, lang))
			}
			return err
		})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

func (s *Service) handleLedger(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	list, err := ledgerOf(r.Context(), s.db, httpx.SessionFrom(r.Context()).UserID, limit, offset)
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

// handleQR draws the SBP QR of the viewer's payment.
func (s *Service) handleQR(w http.ResponseWriter, r *http.Request) error {
	id, err := pathInt(r, "id")
	if err != nil || s.cfg.QRPNG == nil {
		return httpx.NotFound()
	}
	p, err := paymentByID(r.Context(), s.db, id)
	if err != nil || p.UserID != httpx.SessionFrom(r.Context()).UserID {
		return httpx.NotFound()
	}
	payload := p.QRPayload
	if payload == "" && p.ConfirmationURL != "" {
		payload = p.ConfirmationURL
		if strings.HasPrefix(payload, "/") {
			payload = s.publicOrigin(r) + payload
		}
	}
	if payload == "" {
		return httpx.NotFound()
	}
	png, err := s.cfg.QRPNG(payload, 320)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, no-store")
	_, _ = w.Write(png)
	return nil
}

func (s *Service) handleCards(w http.ResponseWriter, r *http.Request) error {
	list, err := cardsOf(r.Context(), s.db, httpx.SessionFrom(r.Context()).UserID)
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

type linkCardBody struct {
	PaySystem    string `json:"paysystem_shortname"`
	ReturnURL    string `json:"return_url"`
	NeededRefund *bool  `json:"needed_refund"`
	ParentalCode string `json:"parental_code"`
}

// handleLinkCard starts a small payment that saves the card (refunded
// unless the caller says otherwise).
func (s *Service) handleLinkCard(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var b linkCardBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	sess, prov, err := s.sessionProvider(r)
	if err != nil {
		return err
	}
	ps, ok := paySystemByName(prov, b.PaySystem)
	if b.PaySystem == "" {
		ps, ok = cardRedirectSystem(prov)
	}
	if !ok || (ps.Kind != "short_url" && ps.Kind != "pay_iframe") {
		return httpx.Invalid("paysystem_shortname", "commerce_paysystem_unknown")
	}
	ret, err := s.returnURL(r, b.ReturnURL)
	if err != nil {
		return err
	}
	if err := s.payGate(ctx, sess, prov, b.ParentalCode); err != nil {
		return err
	}
	amount := prov.Commerce.CardLinkAmount
	if amount <= 0 {
		amount = 100
	}
	p, err := s.startPayment(ctx, payOrder{Prov: prov, UserID: sess.UserID, Kind: kindCardLink, PaySystem: ps, Amount: amount,
		SaveCard: true, Refund: b.NeededRefund == nil || *b.NeededRefund, ReturnURL: ret})
	if err != nil {
		return moneyError(err, currencyOf(prov), false)
	}
	httpx.WriteJSON(w, http.StatusCreated, transactionView(p, prov, httpx.Lang(r)))
	return nil
}

func cardRedirectSystem(p *provider.Provider) (provider.PaySystem, bool) {
	for _, ps := range p.Commerce.PaySystems {
		if ps.Kind == "short_url" {
			return ps, true
		}
	}
	return provider.PaySystem{}, false
}

func (s *Service) handlePatchCard(w http.ResponseWriter, r *http.Request) error {
	id, err := pathInt(r, "id")
	if err != nil {
		return err
	}
	var b struct {
		IsPrimary bool `json:"is_primary"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	userID := httpx.SessionFrom(r.Context()).UserID
	if b.IsPrimary {
		if err := s.makePrimary(r.Context(), userID, id); err != nil {
			return err
		}
	}
	c, err := cardOf(r.Context(), s.db, userID, id)
	if err != nil {
		return err
	}
	httpx.OK(w, c)
	return nil
}

func (s *Service) handleDeleteCard(w http.ResponseWriter, r *http.Request) error {
	id, err := pathInt(r, "id")
	if err != nil {
		return err
	}
	if err := s.deleteCard(r.Context(), httpx.SessionFrom(r.Context()).UserID, id); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

// handleNotify takes a gateway's notification: it checks where it comes
// from, re-reads the payment from the gateway and settles what that says.
func (s *Service) handleNotify(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	prov, err := s.cfg.Providers.ByShortname(ctx, r.PathValue("provider"))
	if err != nil {
		return httpx.NotFound()
	}
	gw := s.gatewayOf(prov)
	if gw == nil || gw.Name() != r.PathValue("gateway") {
		return httpx.NotFound()
	}
	ip := ""
	if s.cfg.ClientIP != nil {
		ip = s.cfg.ClientIP(r)
	}
	id, err := gw.Notification(r, ip)
	if err != nil {
		slog.WarnContext(ctx, "payment notification refused", "gateway", gw.Name(), "err", err)
		return httpx.Forbidden("commerce_notification_refused")
	}
	var pid int64
	err = store.Get(ctx, s.db, `SELECT id FROM payments WHERE gateway = ? AND gateway_payment_id = ?`, []any{gw.Name(), id}, &pid)
	if errors.Is(err, store.ErrNotFound) {
		httpx.OK(w, map[string]string{"status": "ignored"})
		return nil
	}
	if err != nil {
		return err
	}
	p, err := paymentByID(ctx, s.db, pid)
	if err != nil {
		return err
	}
	if err := s.refresh(ctx, gw, p); err != nil {
		if errors.Is(err, gateway.ErrUnavailable) {
			// The gateway retries its notification; the reconciler asks too.
			return httpx.New(http.StatusServiceUnavailable, "unavailable", "commerce_gateway_unavailable")
		}
		return err
	}
	httpx.OK(w, map[string]string{"status": "ok"})
	return nil
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// publicOrigin is where a payer's other device reaches Efir: the configured
// public address, else the address this request came to.
func (s *Service) publicOrigin(r *http.Request) string {
	if s.cfg.PublicURL != "" {
		return strings.TrimRight(s.cfg.PublicURL, "/")
	}
	return requestOrigin(r)
}
