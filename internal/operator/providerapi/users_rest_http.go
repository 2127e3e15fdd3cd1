package providerapi

import (
	"net/http"

	"efir/internal/httpx"
)

// handleBlockUser blocks the subscriber (the reference's DELETE of a user):
// every session ends and no sign-in works until PATCH is_active true.
// Blocking a blocked subscriber changes nothing.
func (s *Service) handleBlockUser(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "id")
	if err != nil {
		return err
	}
	if u.Blocked {
		httpx.NoContent(w)
		return nil
	}
	c := callerOf(r.Context())
	if err := s.cfg.Subscribers.StaffBlock(r.Context(), c.ProviderID, u.ID, true); err != nil {
		return err
	}
	after, err := s.cfg.Subscribers.OperatorSubscriber(r.Context(), c.ProviderID, u.ID)
	if err != nil {
		return err
	}
	p, err := s.cfg.Operators.ByID(r.Context(), c.ProviderID)
	if err != nil {
		return err
	}
	if err := s.audit(r, "subscriber.block", u.ID, userView(u, p, s.now()), userView(after, p, s.now())); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

// handleArchiveUser takes the subscriber out of service: blocked, its
// devices removed, its subscriptions ended (nothing is given back). The
// record, its money and its history stay; PATCH is_active true lets the
// subscriber in again.
func (s *Service) handleArchiveUser(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "id")
	if err != nil {
		return err
	}
	c := callerOf(r.Context())
	devices, err := s.cfg.Subscribers.OperatorSubscriberDevices(r.Context(), c.ProviderID, u.ID)
	if err != nil {
		return err
	}
	if err := s.cfg.Subscribers.OperatorArchive(r.Context(), c.ProviderID, u.ID); err != nil {
		return err
	}
	ended, err := s.cfg.Shop.APIEndSubscriptions(r.Context(), c.ProviderID, u.ID)
	if err != nil {
		return err
	}
	if u.Blocked && len(devices) == 0 && len(ended) == 0 {
		httpx.NoContent(w) // archived already
		return nil
	}
	endedIDs := make([]int64, 0, len(ended))
	for _, x := range ended {
		endedIDs = append(endedIDs, x.ID)
	}
	removed := make([]int64, 0, len(devices))
	for _, d := range devices {
		removed = append(removed, d.ID)
	}
	if err := s.audit(r, "subscriber.archive", u.ID, map[string]any{"is_active": !u.Blocked},
		map[string]any{"is_active": false, "devices_removed": removed, "subscriptions_ended": endedIDs}); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

// handleDevice reads one device of the subscriber.
func (s *Service) handleDevice(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	list, err := s.cfg.Subscribers.OperatorSubscriberDevices(r.Context(), u.ProviderID, u.ID)
	if err != nil {
		return err
	}
	for _, d := range list {
		if d.ID == id {
			httpx.OK(w, deviceView(d, u))
			return nil
		}
	}
	return httpx.NotFound()
}

// handleChangeProvider answers the reference's move of a subscriber to
// another operator with a refusal: on Efir each operator is its own
// company, with its own packets, prices, currency and money, so a
// subscriber's purchases and balance cannot follow them. The other operator
// registers the subscriber anew (the same phone is free to use there).
func (s *Service) handleChangeProvider(w http.ResponseWriter, r *http.Request) error {
	if _, err := s.user(r, "user_id"); err != nil {
		return err
	}
	return httpx.Forbidden("providerapi_change_provider_refused")
}
