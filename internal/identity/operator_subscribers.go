package identity

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"efir/internal/httpx"
	"efir/internal/otp"
	"efir/internal/store"
)

// Subscribers as the operator's own systems see them (the provider API):
// read, found by the operator's keys, created and changed. Every call names
// the operator; another operator's subscriber, or a guest, is not found.

// Subscriber is a registered viewer of an operator.
type Subscriber struct {
	ID             int64
	ProviderID     int64
	Username       string
	FirstName      string
	LastName       string
	ProviderUID    string
	Phone          string
	Email          string
	Timezone       string
	ReferID        string
	Comment        string
	ParentalStatus string
	// DeviceLimit is the limit in force (the subscriber's own, else the
	// operator's); OwnDeviceLimit is the subscriber's own (0: none).
	DeviceLimit    int
	OwnDeviceLimit int
	DateJoined     int64 // unix seconds
	LastLogin      int64 // the latest device sign-in, 0 when none
	Blocked        bool
	Accounts       []Account
}

// SubscriberQuery finds subscribers: each field set must match exactly
// (Phone in any form the operator's mask accepts); Search matches the
// beginning of the login, phone, e-mail or the operator's id.
type SubscriberQuery struct {
	Username, Phone, Email, ProviderUID, Search string
	// Within are sets of user ids other areas select from their own tables
	// (tags, subscriptions); a subscriber found is in every one.
	Within        []UserSet
	Limit, Offset int
}

// UserSet is a query selecting user ids ("SELECT user_id FROM ... WHERE
// ...") with its arguments.
type UserSet struct {
	SQL  string
	Args []any
}

// SubscriberDevice is one registered device of a subscriber.
type SubscriberDevice struct {
	ID              int64
	Serial          string
	DeviceType      string
	Vendor          string
	Model           string
	Version         string
	OSName          string
	OSVersion       string
	ApplicationType string
	ProfileID       int64 // 0: none chosen
	ProfileName     string
	CreatedAt       int64
	LoginAt         int64
}

const subscriberSelect = `SELECT id, provider_id, username, COALESCE(phone, ''), COALESCE(email, ''), first_name,
	last_name, provider_uid, timezone, refer_id, comment, parental_status, COALESCE(device_limit, 0), date_joined,
	blocked_at, (SELECT MAX(login_at) FROM devices WHERE devices.user_id = users.id) FROM users`

func scanSubscriber(r store.Scanner) (Subscriber, error) {
	var u Subscriber
	var blocked int64
	var last sql.NullInt64
	err := r.Scan(&u.ID, &u.ProviderID, &u.Username, &u.Phone, &u.Email, &u.FirstName, &u.LastName, &u.ProviderUID,
		&u.Timezone, &u.ReferID, &u.Comment, &u.ParentalStatus, &u.OwnDeviceLimit, &u.DateJoined, &blocked, &last)
	u.Blocked, u.LastLogin = blocked > 0, last.Int64
	return u, err
}

// complete adds what is not in the users row: the accounts and the device
// limit in force.
func (s *Service) complete(ctx context.Context, q store.Querier, u *Subscriber) error {
	p, err := s.providers.ByID(ctx, u.ProviderID)
	if err != nil {
		return err
	}
	u.DeviceLimit = deviceLimit(&userRow{DeviceLimit: u.OwnDeviceLimit}, p)
	u.Accounts, err = accountsIn(ctx, q, u.ID)
	return err
}

// OperatorSubscriber reads the operator's subscriber id.
func (s *Service) OperatorSubscriber(ctx context.Context, providerID, id int64) (Subscriber, error) {
	return s.operatorSubscriber(ctx, s.db, providerID, id)
}

func (s *Service) operatorSubscriber(ctx context.Context, q store.Querier, providerID, id int64) (Subscriber, error) {
	u, err := scanSubscriber(q.QueryRow(ctx, subscriberSelect+` WHERE id = ? AND provider_id = ? AND is_guest = FALSE`,
		id, providerID))
	if errors.Is(store.MapErr(err), store.ErrNotFound) {
		return Subscriber{}, httpx.NotFound()
	}
	if err != nil {
		return Subscriber{}, err
	}
	return u, s.complete(ctx, q, &u)
}

// OperatorSubscribers finds the operator's subscribers, in the order they
// registered.
func (s *Service) OperatorSubscribers(ctx context.Context, providerID int64, f SubscriberQuery) ([]Subscriber, error) {
	where := []string{"provider_id = ?", "is_guest = FALSE"}
	args := []any{providerID}
	if f.Username != "" {
		where, args = append(where, "username = ?"), append(args, strings.ToLower(f.Username))
	}
	if f.Phone != "" {
		phone, err := s.operatorPhone(ctx, providerID, f.Phone)
		if err != nil {
			return nil, err
		}
		where, args = append(where, "phone = ?"), append(args, phone)
	}
	if f.Email != "" {
		where, args = append(where, "email = ?"), append(args, strings.ToLower(f.Email))
	}
	if f.ProviderUID != "" {
		where, args = append(where, "provider_uid = ?"), append(args, f.ProviderUID)
	}
	if f.Search != "" {
		like := store.EscapeLike(strings.ToLower(f.Search)) + "%"
		where = append(where, `(username LIKE ? ESCAPE '\' OR phone LIKE ? ESCAPE '\' OR email LIKE ? ESCAPE '\'
			OR LOWER(provider_uid) LIKE ? ESCAPE '\')`)
		args = append(args, like, like, like, like)
	}
	for _, set := range f.Within {
		where, args = append(where, "id IN ("+set.SQL+")"), append(args, set.Args...)
	}
	out := []Subscriber{}
	err := store.Each(ctx, s.db, subscriberSelect+` WHERE `+strings.Join(where, " AND ")+` ORDER BY id LIMIT ? OFFSET ?`,
		append(args, f.Limit, f.Offset), func(r store.Scanner) error {
			u, err := scanSubscriber(r)
			out = append(out, u)
			return err
		})
	if err != nil {
		return nil, err
	}
	for i := range out {
		if err := s.complete(ctx, s.db, &out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// operatorPhone puts a phone to find in its stored form.
func (s *Service) operatorPhone(ctx context.Context, providerID int64, raw string) (string, error) {
	p, err := s.providers.ByID(ctx, providerID)
	if err != nil {
		return "", err
	}
	phone, ok := otp.NormalizePhone(raw, p.PhoneDigits())
	if !ok {
		return "", httpx.Invalid("phone", "error_wrong_phone")
	}
	return phone, nil
}

// OperatorSubscriberDevices lists the subscriber's devices, the latest
// sign-in first.
func (s *Service) OperatorSubscriberDevices(ctx context.Context, providerID, userID int64) ([]SubscriberDevice, error) {
	if _, err := staffSubscriber(ctx, s.db, providerID, userID); err != nil {
		return nil, err
	}
	out := []SubscriberDevice{}
	err := store.Each(ctx, s.db, `SELECT d.id, d.serial, d.device_type, d.vendor, d.model, d.version, d.os_name,
		d.os_version, d.application_type, COALESCE(p.id, 0), COALESCE(p.name, ''), d.created_at, d.login_at
		FROM devices d LEFT JOIN profiles p ON p.id = d.profile_id AND p.user_id = d.user_id
		WHERE d.user_id = ? ORDER BY d.login_at DESC, d.id DESC`, []any{userID}, func(r store.Scanner) error {
		var d SubscriberDevice
		err := r.Scan(&d.ID, &d.Serial, &d.DeviceType, &d.Vendor, &d.Model, &d.Version, &d.OSName, &d.OSVersion,
			&d.ApplicationType, &d.ProfileID, &d.ProfileName, &d.CreatedAt, &d.LoginAt)
		out = append(out, d)
		return err
	})
	return out, err
}
