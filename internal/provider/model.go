// Package provider owns the operators (providers) of an installation: their
// settings, the networks that identify their subscribers, the client's country,
// and the platform calls the client makes before sign-in (network info,
// configuration, resources, countries, legal texts).
package provider

import (
	"context"
	"net/netip"
)

// Provider is one operator and everything the client and the identity rules
// need to know about it.
type Provider struct {
	ID        int64  `json:"id"`
	Shortname string `json:"shortname"` // landing address /provider/{shortname}
	Name      string `json:"name"`
	IsDefault bool   `json:"is_default"` // chosen when no network matches

	Networks         []netip.Prefix `json:"networks"`          // subscriber networks (CIDR)
	AllowedCountries []string       `json:"allowed_countries"` // ISO codes; empty allows every country

	PhoneMask    string   `json:"phone_mask"`       // "+7 (###) ###-##-##": digit count = # count + mask digits
	OTPLength    int      `json:"phone_otp_length"` // one-time code length
	Languages    []string `json:"languages"`        // interface languages offered
	Currency     Currency `json:"currency"`
	GuestAllowed bool     `json:"is_guest_allowed"`
	AuthOnly     bool     `json:"auth_only"` // sign-in required to use the service at all
	Alma         bool     `json:"alma"`      // uses the multi-provider (city and address) code flow
	AutoAuth     bool     `json:"auto_auth"` // subscribers in its networks are signed in automatically
	DeviceLimit  int      `json:"device_limit"`
	StreamLimit  int      `json:"stream_limit"` // streams at once per subscriber; 0 = no limit
	PromoDays    int      `json:"promo_days"`
	HasPurchases bool     `json:"is_have_purchases"`

	// StatRetentionDays: how long raw watch reports are kept (their
	// roll-ups stay); default DefaultStatRetentionDays.
	StatRetentionDays int `json:"stat_retention_days"`

	// CounterURL is the operator's counter of the tracking image the
	// client requests on playback (with fts and evtp); SentryDSN a
	// Sentry-compatible DSN the client reports its errors to. "": none.
	CounterURL string `json:"counter_url,omitempty"`
	SentryDSN  string `json:"sentry_dsn,omitempty"`

	// Player holds the client tunables the operator sets (the catch-up
	// blackout picture and its margin) and its experiments.
	Player PlayerSettings `json:"player,omitempty"`

	Support      Support `json:"support"`
	LandingLogo  string  `json:"landing_logo"`
	RegformURL   string  `json:"regform_url"`
	RegformLabel string  `json:"regform_caption"`
	LkLabel      string  `json:"lk_label"` // personal-account link in the menu
	LkURL        string  `json:"lk_url"`
	LoginTitle   string  `json:"login_title"` // default login texts shown in the auth modal
	LoginText    string  `json:"login_description"`

	// Texts replace the built-in legal texts for this operator, by language.
	Texts Texts `json:"texts"`

	Commerce Commerce `json:"commerce"`
	// Brand and client links shown by /v2/platform/resources.
	LogoURL    string `json:"logo_url"`
	FaviconURL string `json:"favicon_url"`
	IOSApp     string `json:"ios_app_url"`
	AndroidApp string `json:"android_app_url"`

	// Partners: apps and sites that bring viewers with ?partner= and the
	// rules for them (partners.go).
	Partners []Partner `json:"partners,omitempty"`
}

// Texts are legal texts of an operator keyed by language ("ru", "en", ...);
// a language not given falls back to the built-in text naming the operator.
type Texts struct {
	Agreement map[string]string `json:"agreement,omitempty"`
	Privacy   map[string]string `json:"privacy,omitempty"`
}

// Currency is the provider's currency as the client shows it.
type Currency struct {
	ISOCode   string `json:"ISO_CODE"`
	UTFName   string `json:"UTF_NAME"`
	ASCIIName string `json:"ASCII_NAME"`
}

// Support are the operator's support contacts.
type Support struct {
	URL   string `json:"url"`
	Phone string `json:"phone"`
	Email string `json:"email"`
}

// PhoneDigits is how many digits a full phone number of this provider has:
// every '#' and every literal digit of the mask (default 11).
func (p *Provider) PhoneDigits() int {
	n := 0
	for _, c := range p.PhoneMask {
		if c == '#' || (c >= '0' && c <= '9') {
			n++
		}
	}
	if n == 0 {
		return 11
	}
	return n
}

// CountryAllowed reports whether viewers from country may use the service.
// An unknown country ("") is allowed: we cannot prove it forbidden.
func (p *Provider) CountryAllowed(country string) bool {
	if len(p.AllowedCountries) == 0 || country == "" {
		return true
	}
	for _, c := range p.AllowedCountries {
		if c == country {
			return true
		}
	}
	return false
}

type ctxKey int

const providerKey ctxKey = 0

// DefaultStatRetentionDays is how long raw watch reports are kept when the
// operator does not say.
const DefaultStatRetentionDays = 30

// WithProvider stores the provider chosen for a request.
func WithProvider(ctx context.Context, p *Provider) context.Context {
	return context.WithValue(ctx, providerKey, p)
}

// FromContext gives the provider chosen for the request (by the client's
// network, else the default provider). It is never nil inside the server's
// middleware chain once the provider middleware ran.
func FromContext(ctx context.Context) *Provider {
	p, _ := ctx.Value(providerKey).(*Provider)
	return p
}
