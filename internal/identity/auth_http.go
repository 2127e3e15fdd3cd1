package identity

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
)

// registerAuth adds sign-in, user and device routes.
func (s *Service) registerAuth(mux *http.ServeMux) {
	h := func(pattern string, fn httpx.Handler) { mux.Handle(pattern, fn) }
	// Sign-in.
	h("POST /v2/users", s.createUserHandler)
	h("POST /v2/auth/login", s.login)
	h("POST /v2/auth/device", s.authDevice)
	h("POST /v2/auth/logout", s.requireAccount(s.logout))
	h("POST /v2/otps", s.sendLoginCode)
	h("POST /v2/auth/otp", s.loginByCode)
	h("POST /v2/auth/otp/{provider}/", s.loginByProviderCode)
	h("POST /v2/auth/auto", s.autoAuth)
	h("POST /v2/auth/telegram", s.loginByTelegram)
	// The Alma city-and-address flow.
	h("POST /v2/mw/otps", s.almaSendCode)
	h("POST /v2/mw/auth/otp", s.almaVerify)
	h("GET /v2/mw/cities", s.almaCities)
	h("POST /v2/mw/set_city", s.almaSetCity)
	h("POST /v2/mw/set_address", s.almaSetAddress)
	h("GET /v2/mw/status_block", s.requireDevice(s.almaStatusBlock))
	// The user and their devices. A login token (no device yet) may only
	// manage devices: it must be able to free a slot when the device limit
	// is reached. Everything else needs a device token.
	h("GET /v2/users/self", s.requireDevice(s.getSelf))
	h("PATCH /v2/users/self", s.requireDevice(s.patchSelf))
	h("PATCH /v2/users/{id}", s.requireDevice(s.patchUserByID))
	h("PATCH /v2/users/self/stat/{id}", s.requireDevice(s.recordStat))
	h("GET /v2/users/self/devices", s.requireAccount(s.listDevices))
	h("POST /v2/users/self/devices", s.requireAccount(s.createDevice))
	h("GET /v2/users/self/devices/{id}", s.requireAccount(s.getDevice))
	h("PATCH /v2/users/self/devices/{id}", s.requireDevice(s.patchDevice))
	h("DELETE /v2/users/self/devices/{id}", s.requireAccount(s.deleteDevice))
}

// patchUserByID is PATCH /v2/users/{id}: the caller's own id is the same as
// PATCH /v2/users/self; any other id is 404, so ids of others reveal nothing.
func (s *Service) patchUserByID(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if sess := httpx.SessionFrom(r.Context()); sess == nil || sess.UserID != id {
		return httpx.NotFound()
	}
	return s.patchSelf(w, r)
}

// requestProvider is the provider the provider middleware chose for r.
func requestProvider(r *http.Request) (*provider.Provider, error) {
	p := provider.FromContext(r.Context())
	if p == nil {
		return nil, errors.New("identity: no provider in the request context")
	}
	return p, nil
}

// decodeSignIn reads a sign-in request body into dst and gives the request's
// provider, refusing clients from a country the provider does not serve.
func (s *Service) decodeSignIn(r *http.Request, dst any) (*provider.Provider, error) {
	if err := httpx.Decode(r, dst); err != nil {
		return nil, err
	}
	p, err := requestProvider(r)
	if err != nil {
		return nil, err
	}
	if err := s.checkCountry(r, p); err != nil {
		return nil, err
	}
	return p, nil
}

// checkCountry answers 403 forbidden_country when the client's country is not
// allowed by provider p.
func (s *Service) checkCountry(r *http.Request, p *provider.Provider) error {
	ip := httpx.ClientIP(r)
	country := s.providers.Country(ip)
	if p.CountryAllowed(country) {
		return nil
	}
	remote := ""
	if ip.IsValid() {
		remote = ip.String()
	}
	return provider.ForbiddenCountry(country, remote)
}

// loginRequest is the body of POST /v2/auth/login.
type loginRequest struct {
	Login    looseString `json:"login"`
	Password looseString `json:"password"`
}

// login answers POST /v2/auth/login with a token not bound to a device.
func (s *Service) login(w http.ResponseWriter, r *http.Request) error {
	var in loginRequest
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	login, password := strings.ToLower(in.Login.String()), string(in.Password)
	if login == "" {
		return httpx.Invalid("login", "error_required")
	}
	if password == "" {
		return httpx.Invalid("password", "error_required")
	}
	if len(login) > 254 || len(password) > 256 {
		return wrongCredentials()
	}
	ctx := r.Context()
	key := login + "|" + addressKey(httpx.ClientIP(r))
	// Every try takes its slot before the password is compared, atomically:
	// parallel guesses cannot all pass a check made before any is counted.
	// A right password gives the slots back.
	// Across logins an address has a budget of wrong passwords too: trying
	// one password on many logins is guessing as well.
	address := addressKey(httpx.ClientIP(r))
	if err := s.checkLimit(ctx, s.limits.loginAddress, address); err != nil {
		return err
	}
	if err := s.take(ctx, s.limits.login, key); err != nil {
		return err
	}
	userID, ok, err := s.checkCredentials(ctx, r, login, password)
	if err != nil {
		return err
	}
	if !ok {
		s.count(ctx, s.limits.loginAddress, address)
		return wrongCredentials()
	}
	s.uncount(ctx, s.limits.login, key)
	if err := s.billingAuth(ctx, userID); err != nil {
		return err
	}
	token, exp, err := s.issueLoginToken(ctx, s.db, userID)
	if err != nil {
		return err
	}
	httpx.OK(w, TokenResponse{AccessToken: token, Expired: exp})
	return nil
}

func wrongCredentials() error {
	return httpx.New(http.StatusUnauthorized, httpx.TypeAuthenticationFailed, "error_wrong_credentials")
}

// checkCredentials finds the user by username, or by e-mail within the
// request's provider, and checks the password. An unknown login costs an
// argon2 check too, so timing does not tell which logins exist.
func (s *Service) checkCredentials(ctx context.Context, r *http.Request, login, password string) (int64, bool, error) {
	var id int64
	var hash *string
	err := store.Get(ctx, s.db, "SELECT id, password_hash FROM users WHERE username = ?", []any{login}, &id, &hash)
	if errors.Is(err, store.ErrNotFound) {
		if p := provider.FromContext(ctx); p != nil {
			err = store.Get(ctx, s.db, "SELECT id, password_hash FROM users WHERE provider_id = ? AND email = ?",
				[]any{p.ID, login}, &id, &hash)
		}
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return 0, false, err
	}
	if err != nil || hash == nil {
		// The dummy hash is well formed: only a refused turn is an error.
		if _, err := checkPasswordInTurn(ctx, dummyHash(), password); err != nil {
			return 0, false, err
		}
		return 0, false, nil
	}
	ok, err := checkPasswordInTurn(ctx, *hash, password)
	if err != nil {
		return 0, false, err
	}
	return id, ok, nil
}

// deviceAuthRequest is the body of POST /v2/auth/device.
type deviceAuthRequest struct {
	DeviceID looseString `json:"device_id"`
}

// authDevice answers POST /v2/auth/device: a new token for one of the
// caller's devices. The caller proves who it is with its current token,
// which may have expired (up to reissueWindow after issue); the device id
// alone never authenticates.
//
// Device sign-in never moves a caller to another device or profile: a device
// token re-issues only its own device, on the profile it is on (a child
// profile stays a child profile, and its PIN pass carries over); only a
// login token, got with the account's credentials, picks any device of the
// user. Otherwise a child's token could take over the parent's device (and
// sign the parent out) or land on the adult profile without the PIN.
func (s *Service) authDevice(w http.ResponseWriter, r *http.Request) error {
	var in deviceAuthRequest
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	pt := presentedToken(ctx)
	if pt == nil {
		return httpx.Unauthorized()
	}
	deviceID, ok := parseID(in.DeviceID.String())
	if !ok {
		return httpx.Invalid("device_id", "error_wrong_number")
	}
	var out *TokenResponse
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		t, err := s.findToken(ctx, tx, pt.token)
		if errors.Is(err, store.ErrNotFound) {
			return httpx.Unauthorized()
		}
		if err != nil {
			return err
		}
		if s.now().Unix()-t.IssuedAt > int64(reissueWindow.Seconds()) {
			return httpx.Unauthorized()
		}
		// The countries are those of the user's own operator: a viewer who
		// travels out of the operator's network lands on the default
		// provider, whose rules are not the ones the viewer signed up under.
		p, err := s.providers.ByID(ctx, t.ProviderID)
		if err != nil {
			return err
		}
		if err := s.checkCountry(r, p); err != nil {
			return err
		}
		if t.DeviceID != 0 && t.DeviceID != deviceID {
			if _, err := loadDeviceRow(ctx, tx, t.UserID, deviceID); err != nil {
				return err // another user's device, or none: 404 as always
			}
			return httpx.Forbidden("error_device_other")
		}
		keep := reissue{passUntil: t.PassUntil}
		if t.ChildMode {
			keep.profileID = t.ProfileID
		}
		out, err = s.signInDevice(ctx, tx, t.UserID, deviceID, keep)
		if err != nil {
			return err
		}
		if t.DeviceID == 0 {
			// A login token is used up once its device is authenticated.
			_, err = tx.Exec(ctx, "DELETE FROM tokens WHERE id = ?", t.ID)
		}
		return err
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// reissue is what a device's new token keeps of the token it replaces (the
// zero value for a first sign-in): a child token's profile, whatever the
// device says, and the PIN pass.
type reissue struct {
	profileID int64 // 0: the device's active profile
	passUntil int64
}

// signInDevice issues a device token for a device of userID (404 when the
// device is not the user's): the device's other tokens are revoked, its
// login time updated, and the token carries the profile of the token it
// replaces, else the device's active profile.
func (s *Service) signInDevice(ctx context.Context, tx store.Querier, userID, deviceID int64, keep reissue) (*TokenResponse, error) {
	if _, err := loadDeviceRow(ctx, tx, userID, deviceID); err != nil {
		return nil, err
	}
	profileID := keep.profileID
	if profileID != 0 {
		if _, err := loadProfile(ctx, tx, userID, profileID); errors.Is(err, store.ErrNotFound) {
			profileID = 0 // deleted since: the device's (deleting moved the device to one of the same role)
		} else if err != nil {
			return nil, err
		}
	}
	if profileID == 0 {
		var err error
		if profileID, err = deviceProfile(ctx, tx, userID, deviceID); err != nil {
			return nil, err
		}
	}
	if err := revokeDeviceTokens(ctx, tx, deviceID); err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, "UPDATE devices SET login_at = ?, profile_id = ? WHERE id = ?",
		s.now().Unix(), nullID(profileID), deviceID); err != nil {
		return nil, err
	}
	token, exp, err := s.issueToken(ctx, tx, userID, deviceID, profileID, keep.passUntil)
	if err != nil {
		return nil, err
	}
	d, err := loadDeviceRow(ctx, tx, userID, deviceID)
	if err != nil {
		return nil, err
	}
	dj := d.json(deviceID)
	out := &TokenResponse{AccessToken: token, Expired: exp, Device: &dj}
	if profileID != 0 {
		if out.Profile, err = loadProfileForToken(ctx, tx, profileID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// loadProfileForToken reads a profile for a sign-in answer.
func loadProfileForToken(ctx context.Context, q store.Querier, id int64) (*Profile, error) {
	var p Profile
	err := store.Get(ctx, q, "SELECT id, name, role, icon_avatar_id, type FROM profiles WHERE id = ?", []any{id},
		&p.ID, &p.Name, &p.Role, &p.IconAvatarID, &p.Type)
	if err != nil {
		return nil, err
	}
	p.Icon = avatarIconURL(p.IconAvatarID)
	return &p, nil
}

// logout answers POST /v2/auth/logout: the current device goes away with its
// tokens (a login token without a device is just revoked).
func (s *Service) logout(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sess := httpx.AccountSession(ctx)
	var err error
	if sess.DeviceID != 0 {
		err = s.removeDevice(ctx, s.db, sess.UserID, sess.DeviceID)
	} else {
		_, err = s.db.Exec(ctx, "DELETE FROM tokens WHERE id = ?", sess.TokenID)
	}
	if err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}
