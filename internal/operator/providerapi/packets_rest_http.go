package providerapi

import (
	"net/http"

	"efir/internal/commerce"
	"efir/internal/httpx"
)

// packet reads the operator's packet of the path's id.
func (s *Service) packet(r *http.Request) (commerce.CatalogPacket, error) {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return commerce.CatalogPacket{}, err
	}
	_, byID, err := s.packets(r.Context())
	if err != nil {
		return commerce.CatalogPacket{}, err
	}
	p, ok := byID[id]
	if !ok {
		return p, httpx.NotFound()
	}
	return p, nil
}

// handlePacket reads one packet of the operator, a hidden one too.
func (s *Service) handlePacket(w http.ResponseWriter, r *http.Request) error {
	p, err := s.packet(r)
	if err != nil {
		return err
	}
	httpx.OK(w, packetView(p))
	return nil
}

// handlePurchases lists what a packet is sold as, one purchase per period,
// the shortest first (the periods' purchases without the grouping).
func (s *Service) handlePurchases(w http.ResponseWriter, r *http.Request) error {
	p, err := s.packet(r)
	if err != nil {
		return err
	}
	out := []PurchaseType{}
	for _, period := range purchasePeriods(p) {
		out = append(out, period.PurchasesType...)
	}
	httpx.OK(w, out)
	return nil
}
