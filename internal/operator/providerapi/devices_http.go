package providerapi

import (
	"net/http"

	"efir/internal/httpx"
)

func (s *Service) handleDevices(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	list, err := s.cfg.Subscribers.OperatorSubscriberDevices(r.Context(), u.ProviderID, u.ID)
	if err != nil {
		return err
	}
	out := make([]Device, 0, len(list))
	for _, d := range list {
		out = append(out, deviceView(d, u))
	}
	httpx.OK(w, out)
	return nil
}

// handleRemoveDevice removes a device and signs it out.
func (s *Service) handleRemoveDevice(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	device, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if err := s.cfg.Subscribers.StaffRemoveDevice(r.Context(), u.ProviderID, u.ID, device); err != nil {
		return err
	}
	if err := s.audit(r, "subscriber.device_remove", u.ID, map[string]int64{"device_id": device}, nil); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}
