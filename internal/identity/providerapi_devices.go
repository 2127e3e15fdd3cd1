package identity

import (
	"context"
	"errors"
	"strings"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Devices as the operator's own systems find them (the provider API): every
// registered device of the operator's subscribers, by the filters of its
// device list, and one device by the access token an app holds.

// DeviceQuery filters the operator's devices; zero fields match anything.
// Times are unix seconds.
type DeviceQuery struct {
	CreatedAfter, CreatedBefore int64
	LoginAfter, LoginBefore     int64
	DeviceType, Serial          string
	ProviderUID                 string
	Limit, Offset               int
}

// OperatorDevice is a device with its subscriber.
type OperatorDevice struct {
	Device SubscriberDevice
	User   Subscriber // ID, Username, FirstName, LastName, ProviderUID only
}

const operatorDeviceSelect = `SELECT d.id, d.serial, d.device_type, d.vendor, d.model, d.version, d.os_name, d.os_version,
	d.application_type, COALESCE(p.id, 0), COALESCE(p.name, ''), d.created_at, d.login_at,
	u.id, u.username, u.first_name, u.last_name, u.provider_uid
	FROM devices d JOIN users u ON u.id = d.user_id
	LEFT JOIN profiles p ON p.id = d.profile_id AND p.user_id = d.user_id`

func scanOperatorDevice(r store.Scanner) (OperatorDevice, error) {
	var o OperatorDevice
	d, u := &o.Device, &o.User
	err := r.Scan(&d.ID, &d.Serial, &d.DeviceType, &d.Vendor, &d.Model, &d.Version, &d.OSName, &d.OSVersion,
		&d.ApplicationType, &d.ProfileID, &d.ProfileName, &d.CreatedAt, &d.LoginAt,
		&u.ID, &u.Username, &u.FirstName, &u.LastName, &u.ProviderUID)
	return o, err
}

// OperatorDevices lists the operator's subscribers' devices matching f, the
// newest first.
func (s *Service) OperatorDevices(ctx context.Context, providerID int64, f DeviceQuery) ([]OperatorDevice, error) {
	where := []string{"u.provider_id = ?", "u.is_guest = FALSE"}
	args := []any{providerID}
	add := func(cond string, v any) { where, args = append(where, cond), append(args, v) }
	if f.CreatedAfter > 0 {
		add("d.created_at >= ?", f.CreatedAfter)
	}
	if f.CreatedBefore > 0 {
		add("d.created_at < ?", f.CreatedBefore)
	}
	if f.LoginAfter > 0 {
		add("d.login_at >= ?", f.LoginAfter)
	}
	if f.LoginBefore > 0 {
		add("d.login_at < ?", f.LoginBefore)
	}
	if f.DeviceType != "" {
		add("d.device_type = ?", f.DeviceType)
	}
	if f.Serial != "" {
		add("d.serial = ?", f.Serial)
	}
	if f.ProviderUID != "" {
		add("u.provider_uid = ?", f.ProviderUID)
	}
	out := []OperatorDevice{}
	err := store.Each(ctx, s.db, operatorDeviceSelect+` WHERE `+strings.Join(where, " AND ")+
		` ORDER BY d.created_at DESC, d.id DESC LIMIT ? OFFSET ?`, append(args, f.Limit, f.Offset), func(r store.Scanner) error {
		o, err := scanOperatorDevice(r)
		out = append(out, o)
		return err
	})
	return out, err
}

// OperatorDeviceByToken is the device an app's access token is bound to,
// when the token is the operator's subscriber userID's (a login token
// without a device, an expired one or another user's is not found).
func (s *Service) OperatorDeviceByToken(ctx context.Context, providerID, userID int64, token string) (OperatorDevice, error) {
	t, err := s.findToken(ctx, s.db, cleanToken(token))
	switch {
	case errors.Is(store.MapErr(err), store.ErrNotFound):
		return OperatorDevice{}, httpx.NotFound()
	case err != nil:
		return OperatorDevice{}, err
	}
	if t.UserID != userID || t.ProviderID != providerID || t.IsGuest || t.DeviceID == 0 || t.ExpiresAt <= s.now().Unix() {
		return OperatorDevice{}, httpx.NotFound()
	}
	o, err := scanOperatorDevice(s.db.QueryRow(ctx, operatorDeviceSelect+` WHERE d.id = ? AND u.id = ?`, t.DeviceID, userID))
	if errors.Is(store.MapErr(err), store.ErrNotFound) {
		return OperatorDevice{}, httpx.NotFound()
	}
	return o, err
}
