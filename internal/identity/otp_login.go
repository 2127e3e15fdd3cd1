package identity

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"efir/internal/httpx"
	"efir/internal/otp"
	"efir/internal/provider"
	"efir/internal/store"
)

// otpRequest is the body of POST /v2/otps and POST /v2/mw/otps.
type otpRequest struct {
	Phone             looseString `json:"phone"`
	CanDisplayMessage bool        `json:"can_display_message"`
}

// otpAnswer is {message}: what the client shows after a code was sent.
type otpAnswer struct {
	Message string `json:"message"`
}

// sendLoginCode answers POST /v2/otps: a code for a known phone of the
// request's provider. An unknown phone is 400 invalid_phone: the client then
// registers the phone (POST /v2/users) and asks again.
func (s *Service) sendLoginCode(w http.ResponseWriter, r *http.Request) error {
	var in otpRequest
	p, err := s.decodeSignIn(r, &in)
	if err != nil {
		return err
	}
	phone, ok := otp.NormalizePhone(in.Phone.String(), p.PhoneDigits())
	if !ok {
		return httpx.Invalid("phone", "error_wrong_phone")
	}
	ctx := r.Context()
	// invalid_phone tells whether a phone is a subscriber's, so those answers
	// are limited per client address: enough for people, too few to sweep
	// a numbering range. Once the limit is reached every phone is refused
	// alike; each invalid_phone claims its event atomically first, so
	// racing requests get no more of them than the limit.
	key := addressKey(httpx.ClientIP(r))
	if err := s.checkLimit(ctx, s.limits.lookup, key); err != nil {
		return err
	}
	if _, err := userByPhone(ctx, s.db, p.ID, phone); err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if err := s.take(ctx, s.limits.lookup, key); err != nil {
			return err
		}
		return httpx.New(http.StatusBadRequest, httpx.TypeInvalidPhone, "error_unknown_phone")
	}
	if err := s.codes.Send(httpx.WithLang(ctx, httpx.Lang(r)), p.ID, phone, "login", httpx.ClientIP(r)); err != nil {
		return err
	}
	httpx.OK(w, otpAnswer{Message: httpx.T(httpx.Lang(r), "otp_sent", maskPhone(phone))})
	return nil
}

// codeLoginRequest is the body of POST /v2/auth/otp and its provider form.
type codeLoginRequest struct {
	Phone      looseString `json:"phone"`
	Identifier looseString `json:"identifier"`
	Token      looseString `json:"token"`
}

// loginByCode answers POST /v2/auth/otp with a login token (no device yet).
func (s *Service) loginByCode(w http.ResponseWriter, r *http.Request) error {
	var in codeLoginRequest
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	p, err := requestProvider(r)
	if err != nil {
		return err
	}
	return s.finishCodeLogin(w, r, p, in.Phone.String(), in.Token.String(), "phone")
}

// loginByProviderCode answers POST /v2/auth/otp/{provider}/: the same for a
// provider named by its shortname (or id) in the path.
func (s *Service) loginByProviderCode(w http.ResponseWriter, r *http.Request) error {
	var in codeLoginRequest
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	p, err := s.providerByRef(r.Context(), r.PathValue("provider"))
	if err != nil {
		return err
	}
	ident := in.Identifier.String()
	if ident == "" {
		ident = in.Phone.String()
	}
	return s.finishCodeLogin(w, r, p, ident, in.Token.String(), "identifier")
}

// finishCodeLogin checks the code of phone and answers a login token for the
// provider's user with that phone. A guest who signs in this way keeps
// nothing of the guest: the token is the registered user's.
func (s *Service) finishCodeLogin(w http.ResponseWriter, r *http.Request, p *provider.Provider, raw, code, field string) error {
	phone, ok := otp.NormalizePhone(raw, p.PhoneDigits())
	if !ok {
		return httpx.Invalid(field, "error_wrong_phone")
	}
	if code == "" {
		return httpx.Invalid("token", "error_required")
	}
	if len(code) > 16 {
		return httpx.Invalid("token", "error_wrong_code")
	}
	ctx := r.Context()
	if err := s.codes.Verify(ctx, phone, "login", code); err != nil {
		return err
	}
	userID, err := userByPhone(ctx, s.db, p.ID, phone)
	if errors.Is(err, store.ErrNotFound) {
		return httpx.New(http.StatusBadRequest, httpx.TypeInvalidPhone, "error_unknown_phone")
	}
	if err != nil {
		return err
	}
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

// providerByRef finds a provider by id or shortname (404 when unknown).
func (s *Service) providerByRef(ctx context.Context, ref string) (*provider.Provider, error) {
	ref = strings.TrimSpace(ref)
	if id, ok := parseID(ref); ok {
		return s.providers.ByID(ctx, id)
	}
	byName, ok := s.providers.(interface {
		ByShortname(ctx context.Context, name string) (*provider.Provider, error)
	})
	if !ok || ref == "" || len(ref) > 64 {
		return nil, store.ErrNotFound
	}
	return byName.ByShortname(ctx, ref)
}

// userByPhone finds the provider's user with phone.
func userByPhone(ctx context.Context, q store.Querier, providerID int64, phone string) (int64, error) {
	var id int64
	err := store.Get(ctx, q, "SELECT id FROM users WHERE provider_id = ? AND phone = ?", []any{providerID, phone}, &id)
	return id, err
}

// maskPhone shows a phone with its middle hidden: +7900***0001.
func maskPhone(phone string) string {
	if len(phone) < 8 {
		return "+" + phone
	}
	return "+" + phone[:4] + strings.Repeat("*", len(phone)-8) + phone[len(phone)-4:]
}
