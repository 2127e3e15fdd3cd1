package identity

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/otp"
	"efir/internal/provider"
	"efir/internal/store"
)

// SubscriberFields are what an operator's system sets on a subscriber; nil
// leaves a field as it is (on creation: empty, or the default).
type SubscriberFields struct {
	Username, Password, Phone, Email *string
	FirstName, LastName, ProviderUID *string
	Timezone, Comment                *string
	DeviceLimit                      *int // 0: the operator's limit
	Active                           *bool
}

// Bounds of what an operator's system sets.
const (
	minSubscriberPassword = 6
	maxSubscriberPassword = 128
	maxDeviceLimit        = 100
)

// subscriberValues are SubscriberFields checked and put in their stored form.
type subscriberValues struct {
	SubscriberFields
	passwordHash string
}

// checkFields validates f for the operator p and normalises it (login and e-mail
// lower case, the phone in full international digits).
func checkFields(f SubscriberFields, p *provider.Provider) (subscriberValues, error) {
	v := subscriberValues{SubscriberFields: f}
	trim := func(s *string) *string {
		if s == nil {
			return nil
		}
		t := strings.TrimSpace(*s)
		return &t
	}
	v.Username, v.Email, v.Phone = trim(f.Username), trim(f.Email), trim(f.Phone)
	v.FirstName, v.LastName, v.ProviderUID, v.Timezone = trim(f.FirstName), trim(f.LastName), trim(f.ProviderUID), trim(f.Timezone)
	if v.Username != nil && *v.Username != "" {
		if !validLogin(*v.Username) {
			return v, httpx.Invalid("username", "error_wrong_username")
		}
		*v.Username = strings.ToLower(*v.Username)
	}
	if v.Phone != nil && *v.Phone != "" {
		phone, ok := otp.NormalizePhone(*v.Phone, p.PhoneDigits())
		if !ok {
			return v, httpx.Invalid("phone", "error_wrong_phone")
		}
		v.Phone = &phone
	}
	if v.Email != nil {
		*v.Email = strings.ToLower(*v.Email)
		if *v.Email != "" && !validEmail(*v.Email) {
			return v, httpx.Invalid("email", "error_wrong_email")
		}
	}
	for _, n := range []struct {
		field string
		v     *string
		max   int
		key   string
	}{{"first_name", v.FirstName, 150, "error_wrong_name"}, {"last_name", v.LastName, 150, "error_wrong_name"},
		{"provider_uid", v.ProviderUID, 255, "error_too_long"}, {"comment", v.Comment, 256, "error_too_long"}} {
		if n.v != nil && !validName(*n.v, n.max) {
			return v, httpx.Invalid(n.field, n.key)
		}
	}
	if v.Timezone != nil {
		if _, err := time.LoadLocation(*v.Timezone); err != nil || *v.Timezone == "" || *v.Timezone == "Local" {
			return v, httpx.Invalid("timezone", "error_wrong_timezone")
		}
	}
	if v.DeviceLimit != nil && (*v.DeviceLimit < 0 || *v.DeviceLimit > maxDeviceLimit) {
		return v, httpx.Invalid("device_limit", "error_wrong_device_limit")
	}
	if v.Password != nil {
		if n := len(*v.Password); n < minSubscriberPassword || n > maxSubscriberPassword {
			return v, httpx.Invalid("password", "error_password_length")
		}
		hash, err := HashPassword(*v.Password)
		if err != nil {
			return v, err
		}
		v.passwordHash = hash
	}
	return v, nil
}

// checkFree refuses a login, phone or e-mail another user holds (a login
// across every operator, a phone and an e-mail within the operator).
func checkFree(ctx context.Context, q store.Querier, providerID, self int64, v subscriberValues) error {
	for _, c := range []struct {
		v     *string
		query string
		args  []any
		taken func() error
	}{
		{v.Username, "SELECT id FROM users WHERE username = ?", nil,
			func() error { return httpx.Invalid("username", "error_username_taken") }},
		{v.Phone, "SELECT id FROM users WHERE provider_id = ? AND phone = ?", []any{providerID}, phoneTaken},
		{v.Email, "SELECT id FROM users WHERE provider_id = ? AND email = ?", []any{providerID}, duplicateEmail},
	} {
		if c.v == nil || *c.v == "" {
			continue
		}
		var other int64
		err := store.Get(ctx, q, c.query+" AND id <> ?", append(c.args, *c.v, self), &other)
		switch {
		case err == nil:
			return c.taken()
		case !errors.Is(err, store.ErrNotFound):
			return err
		}
	}
	return nil
}

// CreateOperatorSubscriber registers a subscriber of the operator with a
// login, a phone or both (without a login the phone becomes it). No promo
// days are given: the operator's system decides what the subscriber gets.
func (s *Service) CreateOperatorSubscriber(ctx context.Context, providerID int64, f SubscriberFields, lang string) (Subscriber, error) {
	p, err := s.providers.ByID(ctx, providerID)
	if err != nil {
		return Subscriber{}, err
	}
	v, err := checkFields(f, p)
	if err != nil {
		return Subscriber{}, err
	}
	if (v.Username == nil || *v.Username == "") && (v.Phone == nil || *v.Phone == "") {
		return Subscriber{}, httpx.Invalid("username", "error_login_or_phone_required")
	}
	var u Subscriber
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := checkFree(ctx, tx, providerID, 0, v); err != nil {
			return err
		}
		n := newUser{ProviderID: providerID, Currency: p.Currency.ISOCode, PasswordHash: v.passwordHash, Lang: lang}
		n.Username, n.Phone, n.FirstName, n.ProviderUID = deref(v.Username), deref(v.Phone), deref(v.FirstName), deref(v.ProviderUID)
		if n.Username == "" {
			name, err := s.freeUsername(ctx, tx, n.Phone, providerID)
			if err != nil {
				return err
			}
			n.Username = name
		}
		id, err := s.createUser(ctx, tx, n)
		if err != nil {
			return err
		}
		// What createUser does not set: the rest of the fields, as a change.
		v.Username, v.Phone, v.FirstName, v.ProviderUID, v.passwordHash = nil, nil, nil, nil, ""
		if err := s.applyFields(ctx, tx, id, v); err != nil {
			return err
		}
		u, err = s.operatorSubscriber(ctx, tx, providerID, id)
		return err
	})
	if errors.Is(err, store.ErrConflict) {
		return Subscriber{}, httpx.New(http.StatusConflict, httpx.TypeConflict, "error_conflict")
	}
	return u, err
}

// UpdateOperatorSubscriber changes the fields set in f of the operator's
// subscriber id and answers the subscriber before and after. A subscriber
// made inactive is blocked: every session ends and no sign-in is allowed
// until it is active again.
func (s *Service) UpdateOperatorSubscriber(ctx context.Context, providerID, id int64, f SubscriberFields) (before, after Subscriber, err error) {
	p, err := s.providers.ByID(ctx, providerID)
	if err != nil {
		return before, after, err
	}
	v, err := checkFields(f, p)
	if err != nil {
		return before, after, err
	}
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if before, err = s.operatorSubscriber(ctx, tx, providerID, id); err != nil {
			return err
		}
		if v.Username != nil && *v.Username == "" {
			return httpx.Invalid("username", "error_wrong_username")
		}
		if err := checkFree(ctx, tx, providerID, id, v); err != nil {
			return err
		}
		if err := s.applyFields(ctx, tx, id, v); err != nil {
			return err
		}
		after, err = s.operatorSubscriber(ctx, tx, providerID, id)
		return err
	})
	if errors.Is(err, store.ErrConflict) {
		err = httpx.New(http.StatusConflict, httpx.TypeConflict, "error_conflict")
	}
	return before, after, err
}

// applyFields writes the fields of v that are set.
func (s *Service) applyFields(ctx context.Context, tx *store.Tx, id int64, v subscriberValues) error {
	set, args := []string{}, []any{}
	col := func(name string, val any) { set, args = append(set, name+" = ?"), append(args, val) }
	for _, c := range []struct {
		name     string
		v        *string
		nullable bool
	}{{"username", v.Username, false}, {"phone", v.Phone, true}, {"email", v.Email, true},
		{"first_name", v.FirstName, false}, {"last_name", v.LastName, false}, {"provider_uid", v.ProviderUID, false},
		{"timezone", v.Timezone, false}, {"comment", v.Comment, false}} {
		switch {
		case c.v == nil:
		case c.nullable:
			col(c.name, nullString(*c.v))
		default:
			col(c.name, *c.v)
		}
	}
	if v.passwordHash != "" {
		col("password_hash", v.passwordHash)
	}
	if v.DeviceLimit != nil {
		var limit any
		if *v.DeviceLimit > 0 {
			limit = *v.DeviceLimit
		}
		col("device_limit", limit)
	}
	if v.Active != nil {
		at := int64(0)
		if !*v.Active {
			at = s.now().Unix()
			if _, err := tx.Exec(ctx, "DELETE FROM tokens WHERE user_id = ?", id); err != nil {
				return err
			}
		}
		// A block already in force keeps its time.
		set = append(set, "blocked_at = CASE WHEN ? = 0 THEN 0 WHEN blocked_at > 0 THEN blocked_at ELSE ? END")
		args = append(args, at, at)
	}
	if len(set) == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, "UPDATE users SET "+strings.Join(set, ", ")+" WHERE id = ?", append(args, id)...)
	return err
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
