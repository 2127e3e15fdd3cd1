package identity

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"efir/internal/httpx"
	"efir/internal/otp"
	"efir/internal/provider"
	"efir/internal/store"
)

// createUserRequest is the body of POST /v2/users: a guest (is_guest with a
// client-made username and password) or a registration by phone.
type createUserRequest struct {
	Username   looseString `json:"username"`
	Password   looseString `json:"password"`
	IsGuest    bool        `json:"is_guest"`
	AppVersion looseString `json:"app_version"`
	ReferID    looseString `json:"refer_id"`
	Phone      looseString `json:"phone"`
	FirstName  string      `json:"first_name"`
}

// createUserHandler answers POST /v2/users with 201 User.
func (s *Service) createUserHandler(w http.ResponseWriter, r *http.Request) error {
	var in createUserRequest
	p, err := s.decodeSignIn(r, &in)
	if err != nil {
		return err
	}
	var id int64
	if in.IsGuest {
		id, err = s.createGuest(r, p, in)
	} else {
		id, err = s.registerPhone(r, p, in)
	}
	if err != nil {
		return err
	}
	u, err := s.userJSON(r.Context(), s.db, id, httpx.Lang(r))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, u)
	return nil
}

// createGuest stores a guest user when the provider allows guests; guest
// creation is throttled per client address.
func (s *Service) createGuest(r *http.Request, p *provider.Provider, in createUserRequest) (int64, error) {
	if !p.GuestAllowed {
		return 0, httpx.Forbidden("error_guests_not_allowed")
	}
	username, password := in.Username.String(), string(in.Password)
	switch {
	case username == "":
		return 0, httpx.Invalid("username", "error_required")
	case !validLogin(username):
		return 0, httpx.Invalid("username", "error_wrong_username")
	case password == "":
		return 0, httpx.Invalid("password", "error_required")
	case len(password) < minMachineSecret:
		return 0, httpx.Invalid("password", "error_guest_secret_short")
	case len(password) > 128:
		return 0, httpx.Invalid("password", "error_too_long")
	case !validName(in.ReferID.String(), 64):
		return 0, httpx.Invalid("refer_id", "error_too_long")
	}
	// The slot is claimed before the guest is made, so racing requests of
	// one address never pass the limit. A creation that fails after this
	// (a username already taken, a database error) keeps its slot: giving
	// it back could not be atomic, and only a client that keeps failing
	// pays for it.
	ctx := r.Context()
	if err := s.take(ctx, s.limits.guest, addressKey(httpx.ClientIP(r))); err != nil {
		return 0, err
	}
	hash, err := hashMachineSecret(password)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		id, err = s.createUser(ctx, tx, newUser{
			ProviderID: p.ID, Currency: p.Currency.ISOCode, Username: username, PasswordHash: hash,
			IsGuest: true, ReferID: in.ReferID.String(), Lang: httpx.Lang(r),
		})
		return err
	})
	if errors.Is(err, store.ErrConflict) {
		return 0, httpx.Invalid("username", "error_username_taken")
	}
	if err != nil {
		return 0, err
	}
	return id, nil
}

// registerPhone stores a user for a phone of the request's provider; the
// client then asks for a code again (POST /v2/otps).
func (s *Service) registerPhone(r *http.Request, p *provider.Provider, in createUserRequest) (int64, error) {
	raw := in.Phone.String()
	if raw == "" {
		return 0, httpx.Invalid("phone", "error_required")
	}
	phone, ok := otp.NormalizePhone(raw, p.PhoneDigits())
	if !ok {
		return 0, httpx.Invalid("phone", "error_wrong_phone")
	}
	username := in.Username.String()
	if username != "" && !validLogin(username) {
		return 0, httpx.Invalid("username", "error_wrong_username")
	}
	firstName := strings.TrimSpace(in.FirstName)
	if !validName(firstName, 150) {
		return 0, httpx.Invalid("first_name", "error_wrong_name")
	}
	if !validName(in.ReferID.String(), 64) {
		return 0, httpx.Invalid("refer_id", "error_too_long")
	}
	// Registrations are throttled per client address like guests, claimed
	// before the user is made: each one is a user row, and nothing proves
	// the phone until a code is confirmed. A refused one (the phone is
	// taken) counts too: that answer tells whether a phone is a
	// subscriber's, as the code request's invalid_phone does.
	ctx := r.Context()
	if err := s.take(ctx, s.limits.register, addressKey(httpx.ClientIP(r))); err != nil {
		return 0, err
	}
	var id int64
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var other int64
		err := store.Get(ctx, tx, "SELECT id FROM users WHERE provider_id = ? AND phone = ?", []any{p.ID, phone}, &other)
		if err == nil {
			return phoneTaken()
		}
		if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		name := username
		if name == "" {
			name, err = s.freeUsername(r.Context(), tx, phone, p.ID)
			if err != nil {
				return err
			}
		}
		id, err = s.createUser(ctx, tx, newUser{
			ProviderID: p.ID, Currency: p.Currency.ISOCode, Username: name, Phone: phone,
			FirstName: firstName, ReferID: in.ReferID.String(), Lang: httpx.Lang(r),
		})
		return err
	})
	if errors.Is(err, store.ErrConflict) {
		if username != "" {
			return 0, httpx.Invalid("username", "error_username_taken")
		}
		return 0, phoneTaken()
	}
	if err == nil && s.onRegistered != nil {
		// The operator's promo days; a failure must not undo the registration.
		if herr := s.onRegistered(ctx, p.ID, id, phone); herr != nil {
			slog.WarnContext(ctx, "registration hook failed", "user", id, "err", herr)
		}
	}
	return id, err
}

func phoneTaken() error {
	return httpx.New(http.StatusConflict, httpx.TypeConflict, "error_phone_taken").WithDetail("phone", "error_phone_taken")
}

// freeUsername picks a username for a phone registration: the phone itself,
// or the phone with the provider id when another provider's viewer has it.
func (s *Service) freeUsername(ctx context.Context, q store.Querier, phone string, providerID int64) (string, error) {
	for _, name := range []string{phone, phone + "-" + itoa(providerID)} {
		var id int64
		err := store.Get(ctx, q, "SELECT id FROM users WHERE username = ?", []any{strings.ToLower(name)}, &id)
		if errors.Is(err, store.ErrNotFound) {
			return name, nil
		}
		if err != nil {
			return "", err
		}
	}
	return "", store.ErrConflict
}

// validLogin: 1..150 characters of letters, digits and . _ - @ +.
func validLogin(s string) bool {
	if s == "" || len(s) > 150 {
		return false
	}
	for _, c := range s {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("._-@+", c)
		if !ok {
			return false
		}
	}
	return true
}
