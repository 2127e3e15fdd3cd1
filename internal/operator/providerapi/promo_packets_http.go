package providerapi

import (
	"net/http"

	"efir/internal/httpx"
)

// promoPackets are the operator's packets its live promo campaigns give.
func (s *Service) promoPackets(r *http.Request) ([]Packet, error) {
	ids, err := s.cfg.Shop.APIPromoPacketIDs(r.Context(), callerOf(r.Context()).ProviderID)
	if err != nil {
		return nil, err
	}
	_, byID, err := s.packets(r.Context())
	if err != nil {
		return nil, err
	}
	out := []Packet{}
	for _, id := range ids {
		if p, ok := byID[id]; ok {
			out = append(out, packetView(p))
		}
	}
	return out, nil
}

// handlePromoPackets lists the packets promo keys give: those named by the
// operator's promo campaigns that have not expired.
func (s *Service) handlePromoPackets(w http.ResponseWriter, r *http.Request) error {
	out, err := s.promoPackets(r)
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// handlePromoPacket reads one promo packet (404: not given by any live
// campaign).
func (s *Service) handlePromoPacket(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	list, err := s.promoPackets(r)
	if err != nil {
		return err
	}
	for _, p := range list {
		if p.ID == id {
			httpx.OK(w, p)
			return nil
		}
	}
	return httpx.NotFound()
}
