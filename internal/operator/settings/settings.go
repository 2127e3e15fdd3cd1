// Package settings is the console's section of the operator's own settings:
// name, logo and colours of the viewer's pages, phone mask and code length,
// languages, currency, support contacts, device limit, guest policy, allowed
// countries and networks, and the legal and help pages (terms, privacy, FAQ)
// in Markdown. It also answers the viewer's calls that read them: the page
// colours and messenger links, the uploaded logo and the pages as HTML.
//
// Most settings live in the provider's configuration (package provider),
// written here with provider.Save in the change's own transaction and
// reloaded at once on this copy (other copies reread the operators every
// minute). Colours, messenger links, the logo and the pages have tables of
// their own (migration 0026), as have the install instructions of each
// device and their pictures (install*.go, migration 0032).
package settings

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/netip"
	"slices"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/provider"
	"efir/internal/store"
)

// Module is the settings section and its viewer calls.
type Module struct {
	staff     *operator.Service
	providers *provider.Service
	db        *store.DB
}

// New builds the section.
func New(staff *operator.Service, providers *provider.Service) *Module {
	return &Module{staff: staff, providers: providers, db: staff.DB()}
}

// Register adds the console's settings calls and the viewer's reads.
func (m *Module) Register(mux *http.ServeMux) {
	g := func(h httpx.Handler) http.Handler { return m.staff.Guard(operator.PermSettingsW, h) }
	mux.Handle("GET /v2/operator/settings", g(m.handleGet))
	mux.Handle("PATCH /v2/operator/settings", g(m.handlePatch))
	mux.Handle("POST /v2/operator/settings/logo", g(m.handleLogoUpload))
	mux.Handle("DELETE /v2/operator/settings/logo", g(m.handleLogoDelete))
	mux.Handle("GET /v2/operator/settings/pages", g(m.handlePages))
	mux.Handle("POST /v2/operator/settings/pages/{kind}/{lang}", g(m.handleWritePage))
	mux.Handle("POST /v2/operator/settings/pages/preview", g(m.handlePreview))
	mux.Handle("GET /v2/operator/settings/modes", g(m.handleModes))
	mux.Handle("PATCH /v2/operator/settings/modes", g(m.handlePatchModes))
	mux.Handle("GET /v2/operator/settings/player", g(m.handlePlayer))
	mux.Handle("PATCH /v2/operator/settings/player", g(m.handlePatchPlayer))
	m.registerInstall(mux, g)

	mux.Handle("GET /v2/platform/brand", httpx.Handler(m.handleBrand))
	mux.Handle("GET /v2/platform/logos/{file}", httpx.Handler(m.handleLogo))
	mux.Handle("GET /v2/pages/{kind}", httpx.Handler(m.handlePage))
}

// Support are the operator's support contacts as the console edits them.
type Support struct {
	Phone string `json:"phone"`
	Email string `json:"email"`
	URL   string `json:"url"`
}

// Messenger is a labelled link to the support in a messenger.
type Messenger struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// Settings are the operator's settings as the console shows and edits them.
type Settings struct {
	Shortname        string      `json:"shortname"`
	Name             string      `json:"name"`
	LogoURL          string      `json:"logo_url"` // "" when no logo was uploaded
	AccentColor      string      `json:"accent_color"`
	ButtonColor      string      `json:"button_color"`
	PhoneMask        string      `json:"phone_mask"`
	OTPLength        int         `json:"phone_otp_length"`
	Languages        []string    `json:"languages"`
	Currency         string      `json:"currency"`
	CurrencySymbol   string      `json:"currency_symbol"`
	Support          Support     `json:"support"`
	Messengers       []Messenger `json:"messengers"`
	DeviceLimit      int         `json:"device_limit"`
	StreamLimit      int         `json:"stream_limit"` // streams at once per subscriber; 0: no limit
	GuestAllowed     bool        `json:"guest_allowed"`
	AllowedCountries []string    `json:"allowed_countries"`
	Networks         []string    `json:"networks"`
	// StatRetentionDays: how long raw watch reports are kept (the
	// dashboard's roll-ups stay).
	StatRetentionDays int `json:"stat_retention_days"`
	// CounterURL and SentryDSN: the viewer's pages' tracking image counter
	// and error reports' DSN ("" for none).
	CounterURL string `json:"counter_url"`
	SentryDSN  string `json:"sentry_dsn"`
}

// patch is PATCH /v2/operator/settings: the fields given change.
type patch struct {
	Name             *string      `json:"name"`
	AccentColor      *string      `json:"accent_color"`
	ButtonColor      *string      `json:"button_color"`
	PhoneMask        *string      `json:"phone_mask"`
	OTPLength        *int         `json:"phone_otp_length"`
	Languages        *[]string    `json:"languages"`
	Currency         *string      `json:"currency"`
	CurrencySymbol   *string      `json:"currency_symbol"`
	Support          *Support     `json:"support"`
	Messengers       *[]Messenger `json:"messengers"`
	DeviceLimit      *int         `json:"device_limit"`
	StreamLimit      *int         `json:"stream_limit"`
	GuestAllowed     *bool        `json:"guest_allowed"`
	AllowedCountries *[]string    `json:"allowed_countries"`
	Networks         *[]string    `json:"networks"`
	// StatRetentionDays: see Settings.
	StatRetentionDays *int `json:"stat_retention_days"`
	// CounterURL, SentryDSN: see Settings.
	CounterURL *string `json:"counter_url"`
	SentryDSN  *string `json:"sentry_dsn"`
}

// brand is an operator's row of operator_brand (the zero value when none).
type brand struct {
	AccentColor string
	ButtonColor string
	Messengers  []Messenger
	LogoType    string
	LogoVersion int64
}

func loadBrand(ctx context.Context, q store.Querier, providerID int64) (brand, error) {
	var b brand
	var messengers string
	err := store.Get(ctx, q, `SELECT accent_color, button_color, messengers, logo_type, logo_version FROM operator_brand
		WHERE provider_id = ?`, []any{providerID}, &b.AccentColor, &b.ButtonColor, &messengers, &b.LogoType, &b.LogoVersion)
	if errors.Is(err, store.ErrNotFound) {
		return brand{Messengers: []Messenger{}}, nil
	}
	if err != nil {
		return b, err
	}
	if err := json.Unmarshal([]byte(messengers), &b.Messengers); err != nil || b.Messengers == nil {
		b.Messengers = []Messenger{}
	}
	return b, nil
}

// saveBrand writes the colours and messenger links (the logo has its own
// calls).
func saveBrand(ctx context.Context, q store.Querier, providerID int64, b brand, now int64) error {
	messengers, err := json.Marshal(b.Messengers)
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `INSERT INTO operator_brand (provider_id, accent_color, button_color, messengers, updated_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (provider_id) DO UPDATE SET accent_color = excluded.accent_color,
		button_color = excluded.button_color, messengers = excluded.messengers, updated_at = excluded.updated_at`,
		providerID, b.AccentColor, b.ButtonColor, string(messengers), now)
	return err
}

// view puts together what the console shows.
func view(p *provider.Provider, b brand) Settings {
	s := Settings{
		Shortname:        p.Shortname,
		Name:             p.Name,
		AccentColor:      b.AccentColor,
		ButtonColor:      b.ButtonColor,
		PhoneMask:        p.PhoneMask,
		OTPLength:        p.OTPLength,
		Languages:        slices.Clone(p.Languages),
		Currency:         p.Currency.ISOCode,
		CurrencySymbol:   p.Currency.UTFName,
		Support:          Support{Phone: p.Support.Phone, Email: p.Support.Email, URL: p.Support.URL},
		Messengers:       b.Messengers,
		DeviceLimit:      p.DeviceLimit,
		StreamLimit:      p.StreamLimit,
		GuestAllowed:     p.GuestAllowed,
		AllowedCountries: slices.Clone(p.AllowedCountries),
		Networks:         make([]string, 0, len(p.Networks)),

		StatRetentionDays: p.StatRetentionDays,
		CounterURL:        p.CounterURL,
		SentryDSN:         p.SentryDSN,
	}
	if b.LogoType != "" {
		s.LogoURL = logoURL(p.ID, b.LogoVersion, b.LogoType)
	}
	if s.Languages == nil {
		s.Languages = slices.Clone(httpx.Languages)
	}
	if s.AllowedCountries == nil {
		s.AllowedCountries = []string{}
	}
	if s.Messengers == nil {
		s.Messengers = []Messenger{}
	}
	for _, n := range p.Networks {
		s.Networks = append(s.Networks, n.String())
	}
	return s
}

// apply writes the validated settings s onto p.
func apply(p *provider.Provider, s Settings) {
	p.Name = s.Name
	p.PhoneMask = s.PhoneMask
	p.OTPLength = s.OTPLength
	p.Languages = slices.Clone(s.Languages)
	p.Currency = provider.Currency{ISOCode: s.Currency, UTFName: s.CurrencySymbol, ASCIIName: asciiName(s.Currency)}
	p.Support = provider.Support{URL: s.Support.URL, Phone: s.Support.Phone, Email: s.Support.Email}
	p.DeviceLimit = s.DeviceLimit
	p.StreamLimit = s.StreamLimit
	p.StatRetentionDays = s.StatRetentionDays
	p.CounterURL, p.SentryDSN = s.CounterURL, s.SentryDSN
	p.GuestAllowed = s.GuestAllowed
	p.AllowedCountries = slices.Clone(s.AllowedCountries)
	p.Networks = make([]netip.Prefix, 0, len(s.Networks))
	for _, n := range s.Networks {
		p.Networks = append(p.Networks, netip.MustParsePrefix(n)) // validated
	}
}

func (m *Module) handleGet(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	id := operator.ProviderOf(r)
	p, err := provider.Stored(ctx, m.db, id)
	if err != nil {
		return err
	}
	b, err := loadBrand(ctx, m.db, id)
	if err != nil {
		return err
	}
	httpx.OK(w, view(p, b))
	return nil
}

func (m *Module) handlePatch(w http.ResponseWriter, r *http.Request) error {
	var in patch
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	id := operator.ProviderOf(r)
	var after Settings
	err := m.db.Tx(ctx, func(tx *store.Tx) error {
		p, err := provider.LockStored(ctx, tx, id)
		if err != nil {
			return err
		}
		b, err := loadBrand(ctx, tx, id)
		if err != nil {
			return err
		}
		before := view(p, b)
		after = merge(before, in)
		if err := m.validate(&after, id); err != nil {
			return err
		}
		apply(p, after)
		if err := provider.Save(ctx, tx, p); err != nil {
			return err
		}
		b.AccentColor, b.ButtonColor, b.Messengers = after.AccentColor, after.ButtonColor, after.Messengers
		if err := saveBrand(ctx, tx, id, b, m.staff.Now()); err != nil {
			return err
		}
		after = view(p, b)
		return m.staff.Audit(ctx, tx, r, "settings.update", "provider", id, before, after)
	})
	if err != nil {
		return err
	}
	if err := m.providers.Reload(ctx); err != nil {
		return err
	}
	httpx.OK(w, after)
	return nil
}

// merge is s with the fields of in that were given.
func merge(s Settings, in patch) Settings {
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	set(&s.Name, in.Name)
	set(&s.AccentColor, in.AccentColor)
	set(&s.ButtonColor, in.ButtonColor)
	set(&s.PhoneMask, in.PhoneMask)
	set(&s.Currency, in.Currency)
	set(&s.CurrencySymbol, in.CurrencySymbol)
	set(&s.CounterURL, in.CounterURL)
	set(&s.SentryDSN, in.SentryDSN)
	if in.OTPLength != nil {
		s.OTPLength = *in.OTPLength
	}
	if in.Languages != nil {
		s.Languages = *in.Languages
	}
	if in.Support != nil {
		s.Support = *in.Support
	}
	if in.Messengers != nil {
		s.Messengers = *in.Messengers
	}
	if in.DeviceLimit != nil {
		s.DeviceLimit = *in.DeviceLimit
	}
	if in.StreamLimit != nil {
		s.StreamLimit = *in.StreamLimit
	}
	if in.StatRetentionDays != nil {
		s.StatRetentionDays = *in.StatRetentionDays
	}
	if in.GuestAllowed != nil {
		s.GuestAllowed = *in.GuestAllowed
	}
	if in.AllowedCountries != nil {
		s.AllowedCountries = *in.AllowedCountries
	}
	if in.Networks != nil {
		s.Networks = *in.Networks
	}
	return s
}
