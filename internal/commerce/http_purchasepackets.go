package commerce

import (
	"errors"
	"net/http"
	"strconv"

	"efir/internal/httpx"
	"efir/internal/provider"
)

// The calls that show what a viewer may buy. They read like /v2/packets
// (anybody, the operator of the token or of the address), but a child
// profile never buys, so it is shown nothing to buy.

// storefront is who asks and what their operator sells: the operator, its
// packets and what the viewer holds.
type storefront struct {
	prov   *provider.Provider
	offer  *offer
	holder *holder
}

func (s *Service) storefront(r *http.Request) (*storefront, error) {
	_, prov, err := s.sessionProvider(r)
	if err != nil {
		return nil, err
	}
	o, err := loadOffer(r.Context(), s.db, prov.ID)
	if err != nil {
		return nil, err
	}
	h, err := s.viewerState(r, prov)
	if err != nil {
		return nil, err
	}
	return &storefront{prov: prov, offer: o, holder: h}, nil
}

// refuseChild answers 403 to a child profile, as every purchase does.
func refuseChild(r *http.Request) error {
	if sess := httpx.SessionFrom(r.Context()); sess != nil && sess.ChildMode {
		return httpx.Forbidden("commerce_child_profile")
	}
	return nil
}

func (s *Service) handlePurchasePackets(w http.ResponseWriter, r *http.Request) error {
	if err := refuseChild(r); err != nil {
		return err
	}
	sf, err := s.storefront(r)
	if err != nil {
		return err
	}
	return s.writePurchasePackets(w, r, sf, onSale(sf.offer, sf.holder, s.now().Unix()))
}

// handlePurchasePacket answers one packet on sale: 404 for a packet that is
// not sold, 409 already_subscribed for one the viewer holds.
func (s *Service) handlePurchasePacket(w http.ResponseWriter, r *http.Request) error {
	if err := refuseChild(r); err != nil {
		return err
	}
	prov, o, p, err := s.findPacket(r, r.PathValue("id"))
	if err != nil {
		return err
	}
	h, err := s.viewerState(r, prov)
	if err != nil {
		return err
	}
	switch err := h.mayBuy(p, s.now().Unix()); {
	case errors.Is(err, errNotSold):
		return httpx.NotFound()
	case err != nil:
		return moneyError(err, currencyOf(prov), false)
	}
	v, err := s.purchasePacketView(r.Context(), prov, o, p, h, true)
	if err != nil {
		return err
	}
	httpx.OK(w, v)
	return nil
}

func (s *Service) handleQuickSalesPackets(w http.ResponseWriter, r *http.Request) error {
	sf, sellers, err := s.contentSellers(r)
	if err != nil {
		return err
	}
	return s.writePurchasePackets(w, r, sf, sellers)
}

func (s *Service) handlePurchasePacketShort(w http.ResponseWriter, r *http.Request) error {
	sf, sellers, err := s.contentSellers(r)
	if err != nil {
		return err
	}
	if len(sellers) == 0 {
		return httpx.New(http.StatusNotFound, httpx.TypeNotFound, "commerce_content_not_sold")
	}
	httpx.OK(w, s.purchasePacketShort(sf.prov, sellers))
	return nil
}

// contentSellers is the preamble of the content calls: the packets on sale
// to the viewer that open content {id}, cheapest first.
func (s *Service) contentSellers(r *http.Request) (*storefront, []*packet, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return nil, nil, httpx.Invalid("id", "error_wrong_number")
	}
	if err := refuseChild(r); err != nil {
		return nil, nil, err
	}
	sf, err := s.storefront(r)
	if err != nil {
		return nil, nil, err
	}
	lib, err := contentLibrary(r.Context(), s.db, sf.prov.ID, id)
	if err != nil {
		return nil, nil, err
	}
	return sf, openingLibrary(sf.offer, onSale(sf.offer, sf.holder, s.now().Unix()), lib), nil
}

func (s *Service) writePurchasePackets(w http.ResponseWriter, r *http.Request, sf *storefront, list []*packet) error {
	out := make([]PurchasePacket, 0, len(list))
	for _, p := range list {
		v, err := s.purchasePacketView(r.Context(), sf.prov, sf.offer, p, sf.holder, false)
		if err != nil {
			return err
		}
		out = append(out, v)
	}
	httpx.OK(w, out)
	return nil
}
