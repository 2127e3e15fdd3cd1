package settings

import (
	"fmt"
	"math"
	"net/http"
	"net/mail"
	"net/netip"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"efir/internal/httpx"
)

// Limits of the settings.
const (
	maxName       = 100
	maxMessengers = 10
	maxNetworks   = 500
	maxCountries  = 250
	maxDevices    = 100
	maxStreams    = 100
	maxRetention  = 3650
)

var (
	colorRe     = regexp.MustCompile(`^#[0-9a-f]{6}$`)
	phoneMaskRe = regexp.MustCompile(`^[0-9#+() -]{1,40}$`)
	phoneRe     = regexp.MustCompile(`^\+?[0-9() -]{3,32}$`)
	countryRe   = regexp.MustCompile(`^[A-Z]{2}$`)
)

// fieldErrors collects the refusals of one change, field by field.
type fieldErrors map[string]string

func (f fieldErrors) add(field, key string) {
	if _, ok := f[field]; !ok {
		f[field] = key
	}
}

func (f fieldErrors) err() error {
	if len(f) == 0 {
		return nil
	}
	e := httpx.New(http.StatusBadRequest, httpx.TypeValidation, "console_settings_invalid")
	for k, v := range f {
		e = e.WithDetail(k, v)
	}
	return e
}

// validate checks s (normalising what may be written several ways: colour
// case, country case, networks) and refuses with an error per field.
func (m *Module) validate(s *Settings, providerID int64) error {
	bad := fieldErrors{}
	s.Name = strings.TrimSpace(s.Name)
	if s.Name == "" || utf8.RuneCountInString(s.Name) > maxName {
		bad.add("name", "console_settings_name_invalid")
	}
	s.AccentColor = strings.ToLower(strings.TrimSpace(s.AccentColor))
	if s.AccentColor != "" {
		if !colorRe.MatchString(s.AccentColor) {
			bad.add("accent_color", "console_settings_color_invalid")
		} else if contrast(s.AccentColor, "#0e0f14") < 3 {
			// The accent is drawn on the pages' dark background.
			bad.add("accent_color", "console_settings_accent_contrast")
		}
	}
	s.ButtonColor = strings.ToLower(strings.TrimSpace(s.ButtonColor))
	if s.ButtonColor != "" {
		if !colorRe.MatchString(s.ButtonColor) {
			bad.add("button_color", "console_settings_color_invalid")
		} else if contrast(s.ButtonColor, "#ffffff") < 4.5 {
			// Buttons carry white text.
			bad.add("button_color", "console_settings_button_contrast")
		}
	}
	s.PhoneMask = strings.TrimSpace(s.PhoneMask)
	if !phoneMaskRe.MatchString(s.PhoneMask) || !strings.Contains(s.PhoneMask, "#") {
		bad.add("phone_mask", "console_settings_phone_mask_invalid")
	} else if d := phoneDigits(s.PhoneMask); d < 7 || d > 15 {
		bad.add("phone_mask", "console_settings_phone_mask_digits")
	}
	if s.OTPLength < 4 || s.OTPLength > 8 {
		bad.add("phone_otp_length", "console_settings_otp_length_invalid")
	}
	if len(s.Languages) == 0 {
		bad.add("languages", "console_settings_languages_empty")
	}
	seen := map[string]bool{}
	for i, l := range s.Languages {
		if !slices.Contains(httpx.Languages, l) || seen[l] {
			bad.add("languages", "console_settings_language_invalid")
			bad.add(fmt.Sprintf("languages.%d", i), "console_settings_language_invalid")
		}
		seen[l] = true
	}
	s.Currency = strings.ToUpper(strings.TrimSpace(s.Currency))
	if !isCurrency(s.Currency) {
		bad.add("currency", "console_settings_currency_invalid")
	}
	s.CurrencySymbol = strings.TrimSpace(s.CurrencySymbol)
	if s.CurrencySymbol == "" {
		s.CurrencySymbol = s.Currency
	}
	if utf8.RuneCountInString(s.CurrencySymbol) > 8 {
		bad.add("currency_symbol", "console_settings_currency_symbol_invalid")
	}
	m.validateSupport(s, bad)
	validateAnalytics(s, bad)
	if s.DeviceLimit < 1 || s.DeviceLimit > maxDevices {
		bad.add("device_limit", "console_settings_device_limit_invalid")
	}
	if s.StreamLimit < 0 || s.StreamLimit > maxStreams {
		bad.add("stream_limit", "console_settings_stream_limit_invalid")
	}
	if s.StatRetentionDays < 1 || s.StatRetentionDays > maxRetention {
		bad.add("stat_retention_days", "console_settings_retention_invalid")
	}
	if len(s.AllowedCountries) > maxCountries {
		bad.add("allowed_countries", "console_settings_too_many")
	}
	countries := map[string]bool{}
	for i, c := range s.AllowedCountries {
		c = strings.ToUpper(strings.TrimSpace(c))
		s.AllowedCountries[i] = c
		if !countryRe.MatchString(c) || countries[c] {
			bad.add("allowed_countries", "console_settings_country_invalid")
			bad.add(fmt.Sprintf("allowed_countries.%d", i), "console_settings_country_invalid")
		}
		countries[c] = true
	}
	m.validateNetworks(s, providerID, bad)
	return bad.err()
}

func (m *Module) validateSupport(s *Settings, bad fieldErrors) {
	s.Support.Phone = strings.TrimSpace(s.Support.Phone)
	if s.Support.Phone != "" && !phoneRe.MatchString(s.Support.Phone) {
		bad.add("support.phone", "console_settings_phone_invalid")
	}
	s.Support.Email = strings.TrimSpace(s.Support.Email)
	if s.Support.Email != "" {
		a, err := mail.ParseAddress(s.Support.Email)
		if err != nil || a.Address != s.Support.Email || len(s.Support.Email) > 254 {
			bad.add("support.email", "console_settings_email_invalid")
		}
	}
	s.Support.URL = strings.TrimSpace(s.Support.URL)
	if s.Support.URL != "" && !webURL(s.Support.URL) {
		bad.add("support.url", "console_settings_url_invalid")
	}
	if len(s.Messengers) > maxMessengers {
		bad.add("messengers", "console_settings_too_many")
	}
	for i := range s.Messengers {
		x := &s.Messengers[i]
		x.Name, x.URL = strings.TrimSpace(x.Name), strings.TrimSpace(x.URL)
		if x.Name == "" || utf8.RuneCountInString(x.Name) > 40 {
			bad.add("messengers", "console_settings_messenger_name_invalid")
			bad.add(fmt.Sprintf("messengers.%d.name", i), "console_settings_messenger_name_invalid")
		}
		if !messengerURL(x.URL) {
			bad.add("messengers", "console_settings_messenger_url_invalid")
			bad.add(fmt.Sprintf("messengers.%d.url", i), "console_settings_messenger_url_invalid")
		}
	}
}

// validateNetworks parses the networks as CIDR (a bare address is one
// host), writes them in their canonical form and refuses a network that
// would take every address, a duplicate, and one that is exactly a network
// of another operator (which of the two would serve its subscribers?).
func (m *Module) validateNetworks(s *Settings, providerID int64, bad fieldErrors) {
	if len(s.Networks) > maxNetworks {
		bad.add("networks", "console_settings_too_many")
		return
	}
	taken := map[netip.Prefix]bool{}
	for _, p := range m.providers.List() {
		if p.ID == providerID {
			continue
		}
		for _, n := range p.Networks {
			taken[n] = true
		}
	}
	seen := map[netip.Prefix]bool{}
	for i, raw := range s.Networks {
		field := fmt.Sprintf("networks.%d", i)
		n, err := parseNetwork(strings.TrimSpace(raw))
		switch {
		case err != nil:
			bad.add("networks", "console_settings_network_invalid")
			bad.add(field, "console_settings_network_invalid")
		case n.Bits() == 0:
			bad.add("networks", "console_settings_network_too_wide")
			bad.add(field, "console_settings_network_too_wide")
		case seen[n]:
			bad.add("networks", "console_settings_network_duplicate")
			bad.add(field, "console_settings_network_duplicate")
		case taken[n]:
			bad.add("networks", "console_settings_network_taken")
			bad.add(field, "console_settings_network_taken")
		default:
			s.Networks[i] = n.String()
		}
		seen[n] = true
	}
}

func parseNetwork(s string) (netip.Prefix, error) {
	if !strings.Contains(s, "/") {
		ip, err := netip.ParseAddr(s)
		if err != nil || ip.Zone() != "" {
			return netip.Prefix{}, fmt.Errorf("bad address")
		}
		ip = ip.Unmap()
		return netip.PrefixFrom(ip, ip.BitLen()), nil
	}
	n, err := netip.ParsePrefix(s)
	if err != nil {
		return n, err
	}
	if n.Addr().Is4In6() && n.Bits() >= 96 {
		n = netip.PrefixFrom(n.Addr().Unmap(), n.Bits()-96)
	}
	return n.Masked(), nil
}

// phoneDigits counts the digits of a full number: each '#' and each digit
// of the mask (provider.Provider.PhoneDigits without its default).
func phoneDigits(mask string) int {
	n := 0
	for _, c := range mask {
		if c == '#' || (c >= '0' && c <= '9') {
			n++
		}
	}
	return n
}

// webURL: an absolute http or https address.
func webURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && len(s) <= 500
}

// messengerURL: a web address or a messenger's own link (tg:, viber:,
// whatsapp:); nothing that could run in a page.
func messengerURL(s string) bool {
	if webURL(s) {
		return true
	}
	u, err := url.Parse(s)
	return err == nil && len(s) <= 500 && (u.Scheme == "tg" || u.Scheme == "viber" || u.Scheme == "whatsapp") &&
		(u.Host != "" || u.Opaque != "" || u.RawQuery != "")
}

// contrast is the WCAG contrast ratio of two #rrggbb colours.
func contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func luminance(hex string) float64 {
	channel := func(s string) float64 {
		v, _ := strconv.ParseUint(s, 16, 8)
		c := float64(v) / 255
		if c <= 0.04045 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*channel(hex[1:3]) + 0.7152*channel(hex[3:5]) + 0.0722*channel(hex[5:7])
}

// isCurrency: an active ISO 4217 code.
func isCurrency(code string) bool { return len(code) == 3 && slices.Contains(currencies, code) }

var currencies = strings.Fields(iso4217)

func asciiName(code string) string { return strings.ToLower(code) }

// iso4217 are the active currency codes of ISO 4217.
const iso4217 = `AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD
CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD
HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD
MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG
QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD
TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG`
