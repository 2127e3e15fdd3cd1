package commerce

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"efir/internal/commerce/gateway"
	"efir/internal/store"
)

// refresh asks the gateway about p and settles what it answers. A payment
// whose create call got no answer is asked for again with the same
// idempotency key: the gateway gives the payment it made, or makes it now.
func (s *Service) refresh(ctx context.Context, gw gateway.Gateway, p payment) error {
	if final(p.Status) {
		return nil
	}
	_, _ = s.db.Exec(ctx, `UPDATE payments SET checked_at = ? WHERE id = ?`, s.now().Unix(), p.ID)
	if p.GatewayID == nil {
		if p.Status != statusUnknown {
			return nil // being created right now by its request
		}
		o, err := s.orderOf(ctx, p)
		if err != nil {
			return err
		}
		_, err = s.callGateway(ctx, gw, p, o)
		return err
	}
	gp, err := gw.GetPayment(ctx, *p.GatewayID)
	if err != nil {
		return err
	}
	return s.settle(ctx, p.ID, gp)
}

// orderOf rebuilds the gateway request of a stored payment.
func (s *Service) orderOf(ctx context.Context, p payment) (payOrder, error) {
	prov, err := s.provider(ctx, p.ProviderID)
	if err != nil {
		return payOrder{}, err
	}
	o := payOrder{Prov: prov, UserID: p.UserID, Kind: p.Kind, Amount: p.Amount, PacketID: p.PacketID, PeriodID: p.PeriodID,
		OfferID: p.OfferID, CardID: p.CardID, SaveCard: p.SaveCard, Refund: p.NeededRefund, SubID: p.SubscriptionID,
		PeriodAt: p.PeriodStart}
	o.PaySystem, _ = paySystemByName(prov, p.PaySystem)
	if p.CardID != 0 {
		if c, err := cardOf(ctx, s.db, p.UserID, p.CardID); err == nil {
			o.CardToken = c.token
		}
	}
	return o, nil
}

// Reconcile asks the gateways about every open payment not checked for a
// while (unknown ones, and pending ones whose notification may be lost),
// for two days after their creation.
func (s *Service) Reconcile(ctx context.Context) error {
	now := s.now()
	var open []payment
	err := store.Each(ctx, s.db, `SELECT `+paymentColumns+` FROM payments WHERE status IN ('created', 'pending', 'unknown')
		AND checked_at <= ? AND created_at >= ? AND created_at <= ? ORDER BY id LIMIT 200`,
		[]any{now.Add(-10 * time.Second).Unix(), now.Add(-48 * time.Hour).Unix(), now.Add(-5 * time.Second).Unix()},
		func(r store.Scanner) error {
			p, err := scanPayment(r)
			if err == nil {
				open = append(open, p)
			}
			return err
		})
	if err != nil {
		return err
	}
	for _, p := range open {
		if p.Status == statusCreated {
			// Its request died before the gateway was asked: treat as unknown.
			if _, err := s.db.Exec(ctx, `UPDATE payments SET status = 'unknown' WHERE id = ? AND status = 'created'`, p.ID); err != nil {
				return err
			}
			p.Status = statusUnknown
		}
		prov, err := s.provider(ctx, p.ProviderID)
		if err != nil {
			continue
		}
		gw := s.gatewayOf(prov)
		if gw == nil || gw.Name() != p.Gateway {
			continue
		}
		if err := s.refresh(ctx, gw, p); err != nil && !errors.Is(err, gateway.ErrUnavailable) {
			slog.WarnContext(ctx, "reconcile payment", "payment", p.ID, "err", err)
		}
	}
	return nil
}
