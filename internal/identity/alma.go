package identity

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/otp"
	"efir/internal/store"
)

// The Alma flow: a code to the phone, then the viewer picks a city and one of
// the addresses served there; the address names the provider and the
// subscriber, who is signed in. Between the steps the client holds an mwat,
// a short-lived token bound to the verified phone.

// almaSessionTTL is how long an mwat lives: enough to pick a city and address.
const almaSessionTTL = 15 * time.Minute

// City is an Alma city.
type City struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// AlmaAddress is an address a subscriber can sign in at.
type AlmaAddress struct {
	Address    string `json:"address"`
	AddressID  int64  `json:"address_id"`
	ProviderID int64  `json:"provider_id"`
	UserID     int64  `json:"user_id"`
}

// almaSendCode answers POST /v2/mw/otps.
func (s *Service) almaSendCode(w http.ResponseWriter, r *http.Request) error {
	var in otpRequest
	p, err := s.decodeSignIn(r, &in)
	if err != nil {
		return err
	}
	phone, ok := almaPhone(in.Phone.String())
	if !ok {
		return httpx.Invalid("phone", "error_wrong_phone")
	}
	if err := s.codes.Send(httpx.WithLang(r.Context(), httpx.Lang(r)), p.ID, phone, "alma", httpx.ClientIP(r)); err != nil {
		return err
	}
	httpx.OK(w, otpAnswer{Message: httpx.T(httpx.Lang(r), "otp_sent", maskPhone(phone))})
	return nil
}

// almaPhone: 11 digits beginning with 7 (the flow serves +7 numbers only).
func almaPhone(raw string) (string, bool) {
	phone, ok := otp.NormalizePhone(raw, 11)
	return phone, ok && phone[0] == '7'
}

// almaVerify answers POST /v2/mw/auth/otp with {mwat, cities}.
func (s *Service) almaVerify(w http.ResponseWriter, r *http.Request) error {
	var in codeLoginRequest
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	phone, ok := almaPhone(in.Phone.String())
	if !ok {
		return httpx.Invalid("phone", "error_wrong_phone")
	}
	code := in.Token.String()
	if code == "" || len(code) > 16 {
		return httpx.Invalid("token", "error_wrong_code")
	}
	ctx := r.Context()
	if err := s.codes.Verify(ctx, phone, "alma", code); err != nil {
		return err
	}
	mwat, hash, err := newTokenValue()
	if err != nil {
		return err
	}
	if _, err := s.db.Exec(ctx, "INSERT INTO alma_sessions (hash, phone, expires_at) VALUES (?, ?, ?)",
		hash, phone, s.now().Add(almaSessionTTL).Unix()); err != nil {
		return err
	}
	cities, err := almaCityList(ctx, s.db)
	if err != nil {
		return err
	}
	httpx.OK(w, struct {
		MWAT   string `json:"mwat"`
		Cities []City `json:"cities"`
	}{mwat, cities})
	return nil
}

// almaSession is a live mwat.
type almaSession struct {
	ID     int64
	Phone  string
	CityID int64
}

// loadAlmaSession finds a live mwat; anything else is 401 with a message
// that sends the viewer back to the code step.
func (s *Service) loadAlmaSession(ctx context.Context, q store.Querier, mwat string) (*almaSession, error) {
	mwat = cleanToken(mwat)
	if mwat == "" {
		return nil, httpx.Invalid("mwat", "error_required")
	}
	var a almaSession
	var exp int64
	err := store.Get(ctx, q, "SELECT id, phone, city_id, expires_at FROM alma_sessions WHERE hash = ?",
		[]any{hashToken(mwat)}, &a.ID, &a.Phone, &a.CityID, &exp)
	if errors.Is(err, store.ErrNotFound) || (err == nil && exp <= s.now().Unix()) {
		return nil, httpx.New(http.StatusUnauthorized, httpx.TypeAuthenticationFailed, "error_alma_session")
	}
	if err != nil {
		return nil, err
	}
	return &a, nil
}

func almaCityList(ctx context.Context, q store.Querier) ([]City, error) {
	rows, err := q.Query(ctx, "SELECT id, name FROM alma_cities ORDER BY id")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []City{}
	for rows.Next() {
		var c City
		if err := rows.Scan(&c.ID, &c.Name); err != nil {
			return nil, store.MapErr(err)
		}
		out = append(out, c)
	}
	return out, store.MapErr(rows.Err())
}

// almaCities answers GET /v2/mw/cities?mwat=.
func (s *Service) almaCities(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if _, err := s.loadAlmaSession(ctx, s.db, r.URL.Query().Get("mwat")); err != nil {
		return err
	}
	cities, err := almaCityList(ctx, s.db)
	if err != nil {
		return err
	}
	httpx.OK(w, cities)
	return nil
}

// almaSetCityRequest is the body of POST /v2/mw/set_city.
type almaSetCityRequest struct {
	MWAT   string      `json:"mwat"`
	CityID looseString `json:"city_id"`
}

// almaSetCity answers POST /v2/mw/set_city with {mwat, addresses}.
func (s *Service) almaSetCity(w http.ResponseWriter, r *http.Request) error {
	var in almaSetCityRequest
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	a, err := s.loadAlmaSession(ctx, s.db, in.MWAT)
	if err != nil {
		return err
	}
	cityID, ok := parseID(in.CityID.String())
	if !ok {
		return httpx.Invalid("city_id", "error_wrong_city")
	}
	var name string
	if err := store.Get(ctx, s.db, "SELECT name FROM alma_cities WHERE id = ?", []any{cityID}, &name); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return httpx.Invalid("city_id", "error_wrong_city")
		}
		return err
	}
	if _, err := s.db.Exec(ctx, "UPDATE alma_sessions SET city_id = ? WHERE id = ?", cityID, a.ID); err != nil {
		return err
	}
	rows, err := s.db.Query(ctx, `SELECT address, address_id, provider_id, user_id FROM alma_addresses
		WHERE city_id = ? AND phone = ? ORDER BY address_id`, cityID, a.Phone)
	if err != nil {
		return err
	}
	defer rows.Close()
	out := []AlmaAddress{}
	for rows.Next() {
		var ad AlmaAddress
		if err := rows.Scan(&ad.Address, &ad.AddressID, &ad.ProviderID, &ad.UserID); err != nil {
			return store.MapErr(err)
		}
		out = append(out, ad)
	}
	if err := rows.Err(); err != nil {
		return store.MapErr(err)
	}
	httpx.OK(w, struct {
		MWAT      string        `json:"mwat"`
		Addresses []AlmaAddress `json:"addresses"`
	}{strings.TrimSpace(in.MWAT), out})
	return nil
}

// almaSetAddressRequest is the body of POST /v2/mw/set_address.
type almaSetAddressRequest struct {
	MWAT       string      `json:"mwat"`
	AddressID  looseString `json:"address_id"`
	ProviderID looseString `json:"provider_id"`
	UserID     looseString `json:"user_id"`
}

// almaSetAddress answers POST /v2/mw/set_address with a login token of the
// subscriber at that address (created on first use for the phone).
func (s *Service) almaSetAddress(w http.ResponseWriter, r *http.Request) error {
	var in almaSetAddressRequest
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	addressID, ok := parseID(in.AddressID.String())
	if !ok {
		return httpx.Invalid("address_id", "error_wrong_address")
	}
	// First the subscriber at the address (made on first use), then the
	// operator's billing is asked whether they may sign in (AUTH, a call
	// outside any transaction), then the mwat is used up and the token
	// made. A refusal leaves the mwat usable, as a failed code would.
	var sessionID, userID int64
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		a, err := s.loadAlmaSession(ctx, tx, in.MWAT)
		if err != nil {
			return err
		}
		var ad AlmaAddress
		err = store.Get(ctx, tx, `SELECT address, address_id, provider_id, user_id FROM alma_addresses
			WHERE address_id = ? AND city_id = ? AND phone = ?`, []any{addressID, a.CityID, a.Phone},
			&ad.Address, &ad.AddressID, &ad.ProviderID, &ad.UserID)
		if errors.Is(err, store.ErrNotFound) || (err == nil && !sameID(in.ProviderID, ad.ProviderID)) ||
			(err == nil && !sameID(in.UserID, ad.UserID)) {
			return httpx.Invalid("address_id", "error_wrong_address")
		}
		if err != nil {
			return err
		}
		sessionID = a.ID
		userID, err = s.almaUser(ctx, tx, r, a.Phone, ad)
		return err
	})
	if err != nil {
		return err
	}
	if err := s.billingAuth(ctx, userID); err != nil {
		return err
	}
	var out TokenResponse
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		// The mwat is used up: one sign-in per code, even when two arrive
		// at once.
		res, err := tx.Exec(ctx, "DELETE FROM alma_sessions WHERE id = ?", sessionID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return httpx.New(http.StatusUnauthorized, httpx.TypeAuthenticationFailed, "error_alma_session")
		}
		out.AccessToken, out.Expired, err = s.issueLoginToken(ctx, tx, userID)
		return err
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// sameID: a missing id matches (the address id alone names the address); a
// given one must agree.
func sameID(given looseString, want int64) bool {
	s := given.String()
	return s == "" || s == strconv.FormatInt(want, 10)
}

// almaUser finds the Efir user of an Alma subscriber: by subscriber number
// within the provider, else by phone within the provider, else a new user.
func (s *Service) almaUser(ctx context.Context, tx store.Querier, r *http.Request, phone string, ad AlmaAddress) (int64, error) {
	uid := strconv.FormatInt(ad.UserID, 10)
	var id int64
	err := store.Get(ctx, tx, "SELECT id FROM users WHERE provider_id = ? AND provider_uid = ? ORDER BY id LIMIT 1",
		[]any{ad.ProviderID, uid}, &id)
	if err == nil || !errors.Is(err, store.ErrNotFound) {
		return id, err
	}
	id, err = userByPhone(ctx, tx, ad.ProviderID, phone)
	if err == nil {
		_, err = tx.Exec(ctx, "UPDATE users SET provider_uid = ? WHERE id = ? AND provider_uid = ''", uid, id)
		return id, err
	}
	if !errors.Is(err, store.ErrNotFound) {
		return 0, err
	}
	p, err := s.providers.ByID(ctx, ad.ProviderID)
	if err != nil {
		return 0, err
	}
	name, err := s.freeUsername(r.Context(), tx, phone, p.ID)
	if err != nil {
		return 0, err
	}
	return s.createUser(ctx, tx, newUser{
		ProviderID: p.ID, Currency: p.Currency.ISOCode, Username: name, Phone: phone, ProviderUID: uid,
		Lang: httpx.Lang(r),
	})
}

// almaStatusBlock answers GET /v2/mw/status_block: the subscriber's balance
// and whether the service is blocked for lack of funds.
func (s *Service) almaStatusBlock(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sess := httpx.SessionFrom(ctx)
	u, err := loadUserRow(ctx, s.db, sess.UserID)
	if err != nil {
		return err
	}
	var out struct {
		Balance       int64  `json:"balance"`
		Username      string `json:"username"`
		Amount        int64  `json:"amount"`
		Status        string `json:"status"`
		MessageDetail string `json:"message_detail"`
	}
	out.Username = u.Username
	err = store.Get(ctx, s.db, "SELECT balance, amount FROM accounts WHERE user_id = ? ORDER BY id LIMIT 1",
		[]any{sess.UserID}, &out.Balance, &out.Amount)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	lang := httpx.Lang(r)
	out.Status, out.MessageDetail = "active", httpx.T(lang, "alma_status_active")
	if out.Balance < 0 {
		out.Status, out.MessageDetail = "blocked", httpx.T(lang, "alma_status_blocked")
	}
	httpx.OK(w, out)
	return nil
}
