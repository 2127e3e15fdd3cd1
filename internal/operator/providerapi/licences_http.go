package providerapi

import (
	"net/http"

	"efir/internal/commerce"
	"efir/internal/httpx"
)

// EntityLicence is a film licence a subscriber holds (the reference's
// UserEntityLicensesListCreate). id is the entity licence: the operator's
// offer of the film (rent or buy) it came from; dtr_status is true when
// the film is held for good (bought), false for a rental.
type EntityLicence struct {
	ID          int64   `json:"id"`
	PurchasedAt string  `json:"purchased_at"`
	DTRStatus   bool    `json:"dtr_status"`
	LicenceID   int64   `json:"licence_id"`
	ContentID   int64   `json:"content_id"`
	Type        string  `json:"type"`
	EndAt       *string `json:"end_at"`
}

func licenceView(l commerce.APILicence) EntityLicence {
	return EntityLicence{ID: l.OfferID, PurchasedAt: stamp(l.StartAt), DTRStatus: l.Kind == "buy", LicenceID: l.ID,
		ContentID: l.ContentID, Type: l.Kind, EndAt: stampOrNil(l.EndAt)}
}

func (s *Service) writeLicences(w http.ResponseWriter, r *http.Request, status int, providerID, userID int64) error {
	list, err := s.cfg.Shop.APILicences(r.Context(), providerID, userID)
	if err != nil {
		return err
	}
	out := make([]EntityLicence, 0, len(list))
	for _, l := range list {
		out = append(out, licenceView(l))
	}
	httpx.WriteJSON(w, status, out)
	return nil
}

// handleLicences lists the subscriber's film licences in force.
func (s *Service) handleLicences(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	return s.writeLicences(w, r, http.StatusOK, u.ProviderID, u.ID)
}

// handleGrantLicence gives the subscriber a film offer free of charge and
// lists the licences in force. A film held already is not granted again
// (the answer is the same list).
func (s *Service) handleGrantLicence(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	var b struct {
		EntityLicenseID *int64 `json:"entity_license_id"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if b.EntityLicenseID == nil || *b.EntityLicenseID <= 0 {
		return httpx.Invalid("entity_license_id", "providerapi_licence_required")
	}
	l, granted, err := s.cfg.Shop.APIGrantLicence(r.Context(), u.ProviderID, u.ID, *b.EntityLicenseID)
	if err != nil {
		return err
	}
	if granted {
		if err := s.audit(r, "licence.grant", u.ID, nil, licenceView(l)); err != nil {
			return err
		}
	}
	return s.writeLicences(w, r, http.StatusCreated, u.ProviderID, u.ID)
}

// handleEndLicence ends now what the subscriber holds of one film offer
// (nothing is given back) and answers the licence as it was.
func (s *Service) handleEndLicence(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	offer, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ended, err := s.cfg.Shop.APIEndLicences(r.Context(), u.ProviderID, u.ID, offer)
	if err != nil {
		return err
	}
	for _, l := range ended {
		if err := s.audit(r, "licence.end", u.ID, licenceView(l), nil); err != nil {
			return err
		}
	}
	httpx.OK(w, licenceView(ended[0]))
	return nil
}
