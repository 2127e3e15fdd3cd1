package commerce

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
)

// Register mounts the commerce calls (spec 7 "Commerce").
func (s *Service) Register(mux *http.ServeMux) {
	h := func(pattern string, fn httpx.Handler) { mux.Handle(pattern, fn) }
	viewer, buyer := s.requireViewer, s.requireBuyer

	h("GET /v2/packets", s.handlePackets)
	h("GET /v2/packets/{id}", s.handlePacket)
	h("GET /v2/packets/{id}/purchaseperiods", s.handlePeriods)
	h("GET /v2/providers/{id}/packet/{packetId}", s.handleProviderPacket)
	h("GET /v2/providers/{id}/bundles/{bundleId}/packets/{packetId}", s.handleProviderPacket)
	h("GET /v2/offers/contents/{id}", s.handleContentOffers)
	h("GET /v2/purchasepackets", s.handlePurchasePackets)
	h("GET /v2/purchasepackets/{id}", s.handlePurchasePacket)
	h("GET /v2/contents/{id}/quick_sales_packets", s.handleQuickSalesPackets)
	h("GET /v2/contents/{id}/purchasepacket_short", s.handlePurchasePacketShort)

	h("GET /v2/users/self/subscriptions/current", viewer(s.handleCurrent))
	h("GET /v2/users/self/subscriptions/futures", viewer(s.handleFutures))
	h("DELETE /v2/users/self/subscriptions/futures/{id}", buyer(s.handleCancelFuture))
	h("POST /v2/users/self/subscriptions", buyer(s.handleSubscribe))
	h("PATCH /v2/users/self/subscriptions/{id}", buyer(s.handlePatchSubscription))
	h("DELETE /v2/users/self/subscriptions/{id}", buyer(s.handleUnsubscribe))

	h("GET /v2/users/self/purchases", viewer(s.handleLicences))
	h("POST /v2/users/self/purchases", buyer(s.handleBuyOffer))

	h("GET /v2/users/self/accounts/{id}/payforms", viewer(s.handlePayforms))
	h("POST /v2/users/self/accounts/{id}/payforms/{form}", buyer(s.handlePay))
	h("GET /v2/users/self/transactions", viewer(s.handleTransactions))
	h("GET /v2/users/self/transactions/{id}", viewer(s.handleTransaction))
	h("GET /v2/users/self/ledger", viewer(s.handleLedger))
	h("GET /v2/payments/{id}/qr.png", viewer(s.handleQR))

	h("GET /v2/users/self/cards", viewer(s.handleCards))
	h("POST /v2/users/self/cards", buyer(s.handleLinkCard))
	h("PATCH /v2/users/self/cards/{id}", buyer(s.handlePatchCard))
	h("DELETE /v2/users/self/cards/{id}", buyer(s.handleDeleteCard))

	h("POST /v2/users/self/promokeys/check", buyer(s.handlePromoCheck))
	h("POST /v2/users/self/promokeys", buyer(s.handlePromoApply))
	h("GET /v2/promokeys/{id}/info", s.handlePromoInfo)

	h("POST /v2/payments/notify/{gateway}/{provider}", s.handleNotify)
	if s.cfg.Dev {
		s.registerDev(mux)
	}
}

// requireViewer: a signed-in device (guests may read their empty lists).
func (s *Service) requireViewer(next httpx.Handler) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		if httpx.SessionFrom(r.Context()) == nil {
			return httpx.Unauthorized()
		}
		return next(w, r)
	}
}

// requireBuyer: money and subscriptions change only for a registered
// viewer on an adult profile; a guest must sign in, and a child profile
// never buys or changes what the account pays for.
func (s *Service) requireBuyer(next httpx.Handler) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		sess := httpx.SessionFrom(r.Context())
		switch {
		case sess == nil:
			return httpx.Unauthorized()
		case sess.IsGuest:
			return httpx.Forbidden("commerce_sign_in_first")
		case sess.ChildMode:
			return httpx.Forbidden("commerce_child_profile")
		}
		return next(w, r)
	}
}

// payGate asks the parental PIN's pass for the pay action, except shortly
// after a completed payment whose pay system skips parental control.
func (s *Service) payGate(ctx context.Context, sess *httpx.Session, prov *provider.Provider, code string) error {
	var ps string
	err := store.Get(ctx, s.db, `SELECT paysystem FROM payments WHERE user_id = ? AND status = 'complete' AND updated_at >= ?
		ORDER BY updated_at DESC LIMIT 1`, []any{sess.UserID, s.now().Add(-skipParentalWindow).Unix()}, &ps)
	if err == nil {
		if sys, ok := paySystemByName(prov, ps); ok && sys.SkipParentalControl {
			return nil
		}
	}
	if s.cfg.Parental == nil {
		return httpx.ParentalCodeRequired()
	}
	return s.cfg.Parental.ParentalProofCode(ctx, sess, "pay", code)
}

// skipParentalWindow: "shortly after a payment" (spec 4, 5).
const skipParentalWindow = 30 * time.Second

func (s *Service) sessionProvider(r *http.Request) (*httpx.Session, *provider.Provider, error) {
	ctx := r.Context()
	sess := httpx.SessionFrom(ctx)
	var id int64
	if sess != nil {
		id = sess.ProviderID
	} else if p := provider.FromContext(ctx); p != nil {
		return nil, p, nil
	}
	p, err := s.provider(ctx, id)
	return sess, p, err
}

var idemKeyRe = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,64}$`)

// checkKey validates a client's idempotency key ("" is allowed: none).
func checkKey(k string) error {
	if k != "" && !idemKeyRe.MatchString(k) {
		return httpx.Invalid("idempotency_key", "commerce_bad_idempotency_key")
	}
	return nil
}

func pathInt(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, httpx.NotFound()
	}
	return id, nil
}

// moneyError turns the purchase errors into the spec's answers.
func moneyError(err error, currency string, offer bool) error {
	var short *shortError
	switch {
	case errors.As(err, &short):
		typ, status, key := "insufficient_funds", http.StatusPaymentRequired, "commerce_insufficient_funds"
		if offer {
			typ, status, key = "nofunds", http.StatusBadRequest, "commerce_nofunds"
		}
		e := httpx.New(status, typ, key)
		e.Detail = map[string]string{"amount": strconv.FormatInt(short.Missing, 10), "currency": currency}
		return e
	case errors.Is(err, errAlreadyHeld):
		return httpx.New(http.StatusConflict, "already_subscribed", "commerce_already_subscribed")
	case errors.Is(err, errOfferHeld):
		return httpx.New(http.StatusConflict, "already_subscribed", "commerce_offer_held")
	case errors.Is(err, errNoBase):
		return httpx.New(http.StatusBadRequest, "no_base_packet", "commerce_no_base_packet")
	case errors.Is(err, errNotSold):
		return httpx.BadRequest("commerce_not_sold")
	case errors.Is(err, errNoGateway):
		return httpx.New(http.StatusBadRequest, "payments_off", "commerce_payments_off")
	}
	return err
}
