package provider

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

// Partner is an app or site that brings an operator's viewers with
// ?partner={id} (kept by the client for later visits), and the rules the
// spec gives such partners, as the operator's settings instead of ids in
// the client.
type Partner struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"` // for the console
	// HideLogout: the settings offer no "log out" (the partner's app owns
	// the session).
	HideLogout bool `json:"hide_logout"`
	// HomeURL: the header's logo leads back to the partner (an absolute
	// http(s) address) instead of the start page.
	HomeURL string `json:"home_url"`
	// ClosedOutsideWebview: outside the partner's webview the personal
	// account, /account_mobile and the settings go to the start page.
	ClosedOutsideWebview bool `json:"closed_outside_webview"`
	// InstallNotice: the partner's own install notification; nil: the
	// standard one.
	InstallNotice *InstallNotice `json:"install_notice"`
	// AppOffer names the partner's two-step full-screen offer shown with the
	// mobile-app banner ("" none).
	AppOffer string `json:"app_offer"`
}

// InstallNotice is a partner's variant of the install notification.
type InstallNotice struct {
	Variant       string `json:"variant"`        // which texts and look
	DelaySeconds  int    `json:"delay_seconds"`  // on the site before it shows
	ReopenSeconds int    `json:"reopen_seconds"` // before it shows again once closed
}

// MaxPartners bounds an operator's partner list.
const MaxPartners = 20

var partnerIDRe = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,31}$`)

// PartnerError says which partner setting is wrong (Field is the JSON name
// inside the partner).
type PartnerError struct {
	Index int
	Field string
}

func (e *PartnerError) Error() string {
	return fmt.Sprintf("partner %d: invalid %s", e.Index, e.Field)
}

// NormalizePartners trims and checks a partner list.
func NormalizePartners(list []Partner) error {
	if len(list) > MaxPartners {
		return &PartnerError{Index: MaxPartners, Field: "id"}
	}
	seen := map[string]bool{}
	for i := range list {
		p := &list[i]
		p.ID = strings.ToLower(strings.TrimSpace(p.ID))
		p.Name = strings.TrimSpace(p.Name)
		p.HomeURL = strings.TrimSpace(p.HomeURL)
		p.AppOffer = strings.TrimSpace(p.AppOffer)
		if !partnerIDRe.MatchString(p.ID) || seen[p.ID] {
			return &PartnerError{Index: i, Field: "id"}
		}
		seen[p.ID] = true
		if len(p.Name) > 100 {
			return &PartnerError{Index: i, Field: "name"}
		}
		if p.HomeURL != "" {
			u, err := url.Parse(p.HomeURL)
			if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || len(p.HomeURL) > 500 {
				return &PartnerError{Index: i, Field: "home_url"}
			}
		}
		if p.AppOffer != "" && !partnerIDRe.MatchString(p.AppOffer) {
			return &PartnerError{Index: i, Field: "app_offer"}
		}
		if n := p.InstallNotice; n != nil {
			n.Variant = strings.TrimSpace(n.Variant)
			if !partnerIDRe.MatchString(n.Variant) {
				return &PartnerError{Index: i, Field: "install_notice.variant"}
			}
			const week = 7 * 24 * 3600
			if n.DelaySeconds < 0 || n.DelaySeconds > 24*3600 {
				return &PartnerError{Index: i, Field: "install_notice.delay_seconds"}
			}
			if n.ReopenSeconds < 0 || n.ReopenSeconds > 8*week {
				return &PartnerError{Index: i, Field: "install_notice.reopen_seconds"}
			}
		}
	}
	return nil
}

// partnersOf is the operator's partners for network data (never nil).
func partnersOf(p *Provider) []Partner {
	if len(p.Partners) == 0 {
		return []Partner{}
	}
	return p.Partners
}
