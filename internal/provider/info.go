package provider

import (
	"net/http"

	"efir/internal/httpx"
)

// ProviderInfo is an operator as the client sees it (network info, user data,
// provider info call).
type ProviderInfo struct {
	ID              int64    `json:"id"`
	Name            string   `json:"name"`
	Currency        Currency `json:"currency"`
	Landing         Landing  `json:"landing"`
	Support         Support  `json:"support"`
	Regform         Regform  `json:"regform"`
	IsHavePurchases bool     `json:"is_have_purchases"`
	Alma            bool     `json:"alma"`
	AuthOnly        bool     `json:"auth_only"`
}

// Landing is the operator's landing page (/provider/{shortname}).
type Landing struct {
	Shortname string `json:"shortname"`
	Logo      string `json:"logo"`
}

// Regform is the operator's "become a subscriber" button.
type Regform struct {
	URL     string `json:"url"`
	Caption string `json:"caption"`
}

// NetworkInfo answers GET /v2/users/self/network: who serves this client and
// how it may sign in.
type NetworkInfo struct {
	Provider        *ProviderInfo `json:"provider"`
	Default         LoginTexts    `json:"default"`
	AutoAuth        *AutoAuth     `json:"auto_auth"`
	IsGuestAllowed  bool          `json:"is_guest_allowed"`
	PromoDays       int           `json:"promo_days"`
	Country         string        `json:"country"`
	Remote          string        `json:"remote"`
	IsHavePurchases bool          `json:"is_have_purchases"`
	LkLink          *Link         `json:"lk_link"`
	Languages       []string      `json:"languages"`
	PhoneMask       string        `json:"phone_mask"`
	PhoneOTPLength  int           `json:"phone_otp_length"`
	AuthOnly        bool          `json:"auth_only"`
	AgreementURL    string        `json:"agreement_url"`
	PrivacyURL      string        `json:"privacy_url"`
	CountryAllowed  bool          `json:"country_allowed"`
	// AddonsWithoutBase: add-on packets may be bought without a base packet.
	AddonsWithoutBase bool `json:"is_allow_additional_packets_without_base"`
	// Partners: the operator's partner rules; the client applies the one
	// of its ?partner= (partners.go).
	Partners []Partner `json:"partners"`
}

// LoginTexts are the title and description of the sign-in dialog.
type LoginTexts struct {
	Title       string `json:"title"`
	Description string `json:"description"`
}

// AutoAuth tells a client inside the operator's network where to sign in
// without a code.
type AutoAuth struct {
	URL          string `json:"url"`
	SupportPhone string `json:"support_phone"`
}

// Link is a labelled address.
type Link struct {
	Label string `json:"label"`
	URL   string `json:"url"`
}

// Info is the provider as the client sees it.
func (s *Service) Info(p *Provider) any { return s.info(p) }

func (s *Service) info(p *Provider) *ProviderInfo {
	if p == nil {
		return nil
	}
	logo := p.LandingLogo
	if logo == "" {
		logo = s.imageURL("logo")
	}
	return &ProviderInfo{
		ID:              p.ID,
		Name:            p.Name,
		Currency:        p.Currency,
		Landing:         Landing{Shortname: p.Shortname, Logo: logo},
		Support:         p.Support,
		Regform:         Regform{URL: p.RegformURL, Caption: p.RegformLabel},
		IsHavePurchases: p.HasPurchases,
		Alma:            p.Alma,
		AuthOnly:        p.AuthOnly,
	}
}

// networkInfo builds the answer for the client of r served by p.
func (s *Service) networkInfo(r *http.Request, p *Provider) NetworkInfo {
	lang := httpx.Lang(r)
	ip := httpx.ClientIP(r)
	country := s.Country(ip)
	allowed := p.CountryAllowed(country)
	remote := ""
	if ip.IsValid() {
		remote = ip.String()
	}
	ni := NetworkInfo{
		Provider: s.info(p),
		Default: LoginTexts{
			Title:       orText(p.LoginTitle, httpx.T(lang, "login_default_title")),
			Description: orText(p.LoginText, httpx.T(lang, "login_default_description", p.Name)),
		},
		// Spec: in a forbidden country guests are disabled and login is required.
		IsGuestAllowed:    p.GuestAllowed && allowed,
		PromoDays:         p.PromoDays,
		Country:           country,
		Remote:            remote,
		IsHavePurchases:   p.HasPurchases,
		AddonsWithoutBase: p.Commerce.AddonsWithoutBase,
		Languages:         p.Languages,
		PhoneMask:         p.PhoneMask,
		PhoneOTPLength:    p.OTPLength,
		AuthOnly:          p.AuthOnly || !allowed,
		AgreementURL:      "/v2/texts/agreement",
		PrivacyURL:        "/v2/texts/privacy",
		CountryAllowed:    allowed,
		Partners:          partnersOf(p),
	}
	if len(ni.Languages) == 0 {
		ni.Languages = httpx.Languages
	}
	if p.AutoAuth && inNetworks(p, ip) {
		ni.AutoAuth = &AutoAuth{URL: "/v2/auth/auto", SupportPhone: p.Support.Phone}
	}
	if p.LkURL != "" {
		ni.LkLink = &Link{Label: orText(p.LkLabel, httpx.T(lang, "lk_default_label")), URL: p.LkURL}
	}
	if !p.IsDefault || r.URL.Query().Get("provider") != "" {
		// Legal texts of the chosen operator, also when it was named in the query.
		ni.AgreementURL += "?provider=" + p.Shortname
		ni.PrivacyURL += "?provider=" + p.Shortname
	}
	return ni
}

func orText(s, def string) string {
	if s != "" {
		return s
	}
	return def
}

// imageURL is the address of a generated platform image, relative to this
// server: the client loads it from wherever it reached us (an absolute
// EFIR_PUBLIC_URL on another host or port would be blocked by the CSP).
func (s *Service) imageURL(name string) string {
	return "/v2/platform/images/" + name + ".svg"
}
