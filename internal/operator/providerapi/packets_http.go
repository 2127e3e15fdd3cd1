package providerapi

import (
	"context"
	"net/http"

	"efir/internal/commerce"
	"efir/internal/httpx"
)

// packets are the caller's operator's packets by id.
func (s *Service) packets(ctx context.Context) ([]commerce.CatalogPacket, map[int64]commerce.CatalogPacket, error) {
	list, err := s.cfg.Shop.OperatorPackets(ctx, callerOf(ctx).ProviderID)
	if err != nil {
		return nil, nil, err
	}
	byID := make(map[int64]commerce.CatalogPacket, len(list))
	for _, p := range list {
		byID[p.ID] = p
	}
	return list, byID, nil
}

// handlePackets lists every packet of the operator, hidden ones too
// (is_public false): the operator's system grants those as well.
func (s *Service) handlePackets(w http.ResponseWriter, r *http.Request) error {
	list, _, err := s.packets(r.Context())
	if err != nil {
		return err
	}
	out := make([]Packet, 0, len(list))
	for _, p := range list {
		out = append(out, packetView(p))
	}
	httpx.OK(w, out)
	return nil
}

func (s *Service) handlePurchasePeriods(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	_, byID, err := s.packets(r.Context())
	if err != nil {
		return err
	}
	p, ok := byID[id]
	if !ok {
		return httpx.NotFound()
	}
	httpx.OK(w, purchasePeriods(p))
	return nil
}
