package providerapi

import (
	"net/http"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/identity"
)

// The operator's whole device list, and the device behind an app's access
// token (how a set-top box's middleware learns which device it talks to).

// handleOperatorDevices answers GET /v2/devices: the operator's subscribers'
// devices, filtered by creation and sign-in time, type, serial and the
// subscriber's provider_uid, the newest first.
func (s *Service) handleOperatorDevices(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	f := identity.DeviceQuery{Limit: limit, Offset: offset, DeviceType: strings.TrimSpace(q.Get("device_type")),
		Serial: strings.TrimSpace(q.Get("serial")), ProviderUID: strings.TrimSpace(q.Get("provider_uid"))}
	for _, t := range []struct {
		name string
		into *int64
	}{{"created_after", &f.CreatedAfter}, {"created_before", &f.CreatedBefore}, {"login_after", &f.LoginAfter},
		{"login_before", &f.LoginBefore}} {
		if v := q.Get(t.name); v != "" {
			at, ok := parseDeviceTime(v)
			if !ok {
				return httpx.Invalid(t.name, "providerapi_device_time_invalid")
			}
			*t.into = at
		}
	}
	list, err := s.cfg.Subscribers.OperatorDevices(r.Context(), callerOf(r.Context()).ProviderID, f)
	if err != nil {
		return err
	}
	out := make([]Device, 0, len(list))
	for _, d := range list {
		out = append(out, deviceView(d.Device, d.User))
	}
	httpx.OK(w, out)
	return nil
}

// parseDeviceTime reads a filter time: RFC 3339, or a day as dd.mm.yyyy or
// yyyy-mm-dd (its start, UTC).
func parseDeviceTime(v string) (int64, bool) {
	for _, layout := range []string{time.RFC3339, "02.01.2006", "2006-01-02"} {
		if t, err := time.Parse(layout, v); err == nil {
			return t.Unix(), true
		}
	}
	return 0, false
}

// handleDeviceByToken answers GET /v2/users/{user_id}/devices/device
// ?access_token=: the device the subscriber's token is bound to.
func (s *Service) handleDeviceByToken(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	token := strings.TrimSpace(r.URL.Query().Get("access_token"))
	if token == "" {
		return httpx.Invalid("access_token", "providerapi_access_token_required")
	}
	d, err := s.cfg.Subscribers.OperatorDeviceByToken(r.Context(), u.ProviderID, u.ID, token)
	if err != nil {
		return err
	}
	httpx.OK(w, deviceView(d.Device, u))
	return nil
}
