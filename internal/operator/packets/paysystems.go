package packets

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"efir/internal/commerce"
	"efir/internal/commerce/gateway"
	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/provider"
	"efir/internal/store"
)

// Pay systems live in the operator's settings (providers.config), where the
// viewers' /v2/paysystems and the payments read them; one switched off is
// kept in console_paysystems_off with its texts. The gateway's credentials
// saved here are sealed in gateway_credentials, never answered again, and
// win over the providers file's.

// paySystemKinds are the kinds of pay system viewers' clients know;
// online ones need a gateway.
var paySystemKinds = map[string]bool{
	"provider_account": false, "info": false,
	"linkedcard": true, "short_url": true, "pay_iframe": true, "phone": true, "qrcode": true, "qrcode_png": true,
}

var shortnameRe = regexp.MustCompile(`^[a-z0-9_]{1,32}$`)

const (
	maxTitle   = 100
	maxPSText  = 1000
	credsFresh = 30 * time.Second
)

// PaySystem is one of the operator's pay systems as the console shows it.
type PaySystem struct {
	provider.PaySystem
	Enabled bool `json:"enabled"`
	// Online: it pays through the gateway (offered only while one is set).
	Online bool `json:"online"`
}

// GatewayState is the operator's gateway: which one, and whether there are
// credentials (never the credentials).
type GatewayState struct {
	// Gateway: "" (none), sandbox or yookassa.
	Gateway string `json:"gateway"`
	// CredentialsSetAt: when YooKassa's credentials were saved in the console.
	CredentialsSetAt *string `json:"credentials_set_at"`
	// CredentialsInSettings: the operator's settings file holds credentials
	// (used while none are saved in the console).
	CredentialsInSettings bool `json:"credentials_in_settings"`
}

// PaySystems is the pay systems page.
type PaySystems struct {
	Gateway    GatewayState `json:"gateway"`
	PaySystems []PaySystem  `json:"paysystems"`
}

type offRow struct {
	ps       provider.PaySystem
	position int
}

func offList(ctx context.Context, q store.Querier, providerID int64) ([]offRow, error) {
	var out []offRow
	err := store.Each(ctx, q, `SELECT config, position FROM console_paysystems_off WHERE provider_id = ? ORDER BY position, shortname`,
		[]any{providerID}, func(r store.Scanner) error {
			var raw string
			var x offRow
			if err := r.Scan(&raw, &x.position); err != nil {
				return err
			}
			if err := json.Unmarshal([]byte(raw), &x.ps); err != nil {
				return err
			}
			out = append(out, x)
			return nil
		})
	return out, err
}

// page reads the pay systems page of the operator (in q).
func (s *Section) page(ctx context.Context, q store.Querier, providerID int64) (*PaySystems, error) {
	prov, err := provider.Stored(ctx, q, providerID)
	if err != nil {
		return nil, err
	}
	out := &PaySystems{PaySystems: []PaySystem{}}
	for _, ps := range prov.Commerce.PaySystems {
		out.PaySystems = append(out.PaySystems, PaySystem{PaySystem: ps, Enabled: true, Online: paySystemKinds[ps.Kind]})
	}
	off, err := offList(ctx, q, providerID)
	if err != nil {
		return nil, err
	}
	for _, x := range off {
		if !slices.ContainsFunc(out.PaySystems, func(p PaySystem) bool { return p.Shortname == x.ps.Shortname }) {
			out.PaySystems = append(out.PaySystems, PaySystem{PaySystem: x.ps, Online: paySystemKinds[x.ps.Kind]})
		}
	}
	out.Gateway.Gateway = prov.Commerce.Gateway
	out.Gateway.CredentialsInSettings = prov.Commerce.YooKassa.ShopID != "" || prov.Commerce.YooKassa.SecretKey != ""
	var setAt int64
	err = store.Get(ctx, q, `SELECT set_at FROM gateway_credentials WHERE provider_id = ? AND gateway = 'yookassa'`,
		[]any{providerID}, &setAt)
	switch {
	case err == nil:
		t := stamp(setAt)
		out.Gateway.CredentialsSetAt = &t
	case !errors.Is(err, store.ErrNotFound):
		return nil, err
	}
	return out, nil
}

func (s *Section) handlePaySystems(w http.ResponseWriter, r *http.Request) error {
	p, err := s.page(r.Context(), s.db, operator.ProviderOf(r))
	if err != nil {
		return err
	}
	httpx.OK(w, p)
	return nil
}

// settingsChange changes the operator's stored settings and the pay systems
// switched off in one transaction with its audit entry, makes it visible and
// answers the page after it.
func (s *Section) settingsChange(w http.ResponseWriter, r *http.Request, status int,
	change func(ctx context.Context, tx *store.Tx, prov *provider.Provider) error) error {
	ctx, providerID := r.Context(), operator.ProviderOf(r)
	var out *PaySystems
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		prov, err := provider.LockStored(ctx, tx, providerID)
		if err != nil {
			return err
		}
		if err := change(ctx, tx, prov); err != nil {
			return err
		}
		if err := provider.Save(ctx, tx, prov); err != nil {
			return err
		}
		out, err = s.page(ctx, tx, providerID)
		return err
	})
	if err != nil {
		return err
	}
	if err := s.reload(ctx); err != nil {
		slog.WarnContext(ctx, "operators not reloaded after a pay system change", "err", err)
	}
	s.forget(providerID)
	httpx.WriteJSON(w, status, out)
	return nil
}

// paySystemInput is a new pay system or a change of one.
type paySystemInput struct {
	Shortname           *string `json:"shortname"`
	Kind                *string `json:"kind"`
	Title               *string `json:"title"`
	HowToUse            *string `json:"how_to_use"`
	HowToUsePacket      *string `json:"how_to_use_packet"`
	ButtonText          *string `json:"button_text"`
	SkipParentalControl *bool   `json:"skip_parental_control"`
	Enabled             *bool   `json:"enabled"`
}

func (in *paySystemInput) apply(ps *provider.PaySystem) error {
	text := func(field string, v *string, most int, required bool, dst *string) error {
		if v == nil {
			return nil
		}
		t := strings.TrimSpace(*v)
		if (required && t == "") || utf8.RuneCountInString(t) > most || strings.ContainsRune(t, 0) {
			if required {
				return httpx.Invalid(field, "console_packets_title_invalid")
			}
			return httpx.Invalid(field, "console_packets_text_invalid")
		}
		*dst = t
		return nil
	}
	if err := text("title", in.Title, maxTitle, true, &ps.Title); err != nil {
		return err
	}
	if err := text("how_to_use", in.HowToUse, maxPSText, false, &ps.HowToUse); err != nil {
		return err
	}
	if err := text("how_to_use_packet", in.HowToUsePacket, maxPSText, false, &ps.HowToUsePacket); err != nil {
		return err
	}
	if err := text("button_text", in.ButtonText, maxTitle, false, &ps.ButtonText); err != nil {
		return err
	}
	if in.SkipParentalControl != nil {
		ps.SkipParentalControl = *in.SkipParentalControl
	}
	return nil
}

// setEnabled puts ps into the operator's list (at its former place) or
// takes it out into the switched-off ones.
func setEnabled(ctx context.Context, tx *store.Tx, prov *provider.Provider, ps provider.PaySystem, on bool, position int) error {
	list := slices.DeleteFunc(prov.Commerce.PaySystems, func(x provider.PaySystem) bool { return x.Shortname == ps.Shortname })
	var former int
	err := store.Get(ctx, tx, `SELECT position FROM console_paysystems_off WHERE provider_id = ? AND shortname = ?`,
		[]any{prov.ID, ps.Shortname}, &former)
	switch {
	case err == nil && on:
		position = former
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM console_paysystems_off WHERE provider_id = ? AND shortname = ?`,
		prov.ID, ps.Shortname); err != nil {
		return err
	}
	if on {
		position = min(max(position, 0), len(list))
		prov.Commerce.PaySystems = slices.Insert(list, position, ps)
		return nil
	}
	prov.Commerce.PaySystems = list
	raw, err := json.Marshal(ps)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO console_paysystems_off (provider_id, shortname, config, position) VALUES (?, ?, ?, ?)`,
		prov.ID, ps.Shortname, string(raw), position)
	return err
}

func (s *Section) handleAddPaySystem(w http.ResponseWriter, r *http.Request) error {
	var in paySystemInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if in.Shortname == nil || !shortnameRe.MatchString(*in.Shortname) {
		return httpx.Invalid("shortname", "console_packets_shortname_invalid")
	}
	if in.Kind == nil {
		return httpx.Invalid("kind", "console_packets_kind_invalid")
	}
	if _, ok := paySystemKinds[*in.Kind]; !ok {
		return httpx.Invalid("kind", "console_packets_kind_invalid")
	}
	if in.Title == nil {
		return httpx.Invalid("title", "console_packets_title_invalid")
	}
	ps := provider.PaySystem{Shortname: *in.Shortname, Kind: *in.Kind}
	if err := in.apply(&ps); err != nil {
		return err
	}
	on := in.Enabled == nil || *in.Enabled
	return s.settingsChange(w, r, http.StatusCreated, func(ctx context.Context, tx *store.Tx, prov *provider.Provider) error {
		page, err := s.page(ctx, tx, prov.ID)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(page.PaySystems, func(x PaySystem) bool { return x.Shortname == ps.Shortname }) {
			return httpx.Invalid("shortname", "console_packets_shortname_taken")
		}
		if err := setEnabled(ctx, tx, prov, ps, on, len(page.PaySystems)); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "paysystem.create", "paysystem", ps.Shortname, nil, PaySystem{PaySystem: ps, Enabled: on})
	})
}

func (s *Section) handleChangePaySystem(w http.ResponseWriter, r *http.Request) error {
	var in paySystemInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	name := r.PathValue("shortname")
	if in.Kind != nil || in.Shortname != nil {
		// A pay system's name and kind are what payments were recorded under.
		return httpx.Invalid("kind", "console_packets_kind_fixed")
	}
	return s.settingsChange(w, r, http.StatusOK, func(ctx context.Context, tx *store.Tx, prov *provider.Provider) error {
		page, err := s.page(ctx, tx, prov.ID)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(page.PaySystems, func(x PaySystem) bool { return x.Shortname == name })
		if i < 0 {
			return httpx.NotFound()
		}
		before := page.PaySystems[i]
		after := before
		if err := in.apply(&after.PaySystem); err != nil {
			return err
		}
		if in.Enabled != nil {
			after.Enabled = *in.Enabled
		}
		if err := setEnabled(ctx, tx, prov, after.PaySystem, after.Enabled, i); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "paysystem.update", "paysystem", name, before, after)
	})
}

// handleOrderPaySystems puts the pay systems in the order given (each of
// them once, switched-off ones too).
func (s *Section) handleOrderPaySystems(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Order []string `json:"order"`
	}
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	return s.settingsChange(w, r, http.StatusOK, func(ctx context.Context, tx *store.Tx, prov *provider.Provider) error {
		page, err := s.page(ctx, tx, prov.ID)
		if err != nil {
			return err
		}
		if len(in.Order) != len(page.PaySystems) {
			return httpx.Invalid("order", "console_packets_order_invalid")
		}
		before := make([]string, 0, len(page.PaySystems))
		byName := map[string]PaySystem{}
		for _, ps := range page.PaySystems {
			before = append(before, ps.Shortname)
			byName[ps.Shortname] = ps
		}
		var list []provider.PaySystem
		for i, name := range in.Order {
			ps, ok := byName[name]
			if !ok {
				return httpx.Invalid("order", "console_packets_order_invalid")
			}
			delete(byName, name)
			if ps.Enabled {
				list = append(list, ps.PaySystem)
			} else if _, err := tx.Exec(ctx, `UPDATE console_paysystems_off SET position = ? WHERE provider_id = ? AND shortname = ?`,
				i, prov.ID, name); err != nil {
				return err
			}
		}
		prov.Commerce.PaySystems = list
		return s.staff.Audit(ctx, tx, r, "paysystems.order", "paysystem", nil, before, in.Order)
	})
}

// gatewayInput chooses the gateway; YooKassa's credentials come as a pair
// and replace the saved ones.
type gatewayInput struct {
	Gateway   string  `json:"gateway"`
	ShopID    *string `json:"shop_id"`
	SecretKey *string `json:"secret_key"`
}

// auditGateway is a gateway change as the audit log keeps it: never the
// credentials themselves.
type auditGateway struct {
	Gateway     string `json:"gateway"`
	Credentials string `json:"credentials,omitempty"`
}

func (s *Section) handleGateway(w http.ResponseWriter, r *http.Request) error {
	var in gatewayInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if in.Gateway == "none" {
		in.Gateway = ""
	}
	if in.Gateway != "" && in.Gateway != "sandbox" && in.Gateway != "yookassa" {
		return httpx.Invalid("gateway", "console_packets_gateway_invalid")
	}
	replace := in.ShopID != nil || in.SecretKey != nil
	var shopID, secret string
	if replace {
		if in.ShopID != nil {
			shopID = strings.TrimSpace(*in.ShopID)
		}
		if in.SecretKey != nil {
			secret = strings.TrimSpace(*in.SecretKey)
		}
		if shopID == "" || len(shopID) > 100 || strings.ContainsAny(shopID, ":\r\n\x00") {
			return httpx.Invalid("shop_id", "console_packets_credentials_invalid")
		}
		if secret == "" || len(secret) > 500 || strings.ContainsAny(secret, "\r\n\x00") {
			return httpx.Invalid("secret_key", "console_packets_credentials_invalid")
		}
	}
	return s.settingsChange(w, r, http.StatusOK, func(ctx context.Context, tx *store.Tx, prov *provider.Provider) error {
		before := auditGateway{Gateway: prov.Commerce.Gateway}
		after := auditGateway{Gateway: in.Gateway}
		if replace {
			sealedShop, err := s.staff.Seal(shopID)
			if err != nil {
				return err
			}
			sealedSecret, err := s.staff.Seal(secret)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM gateway_credentials WHERE provider_id = ? AND gateway = 'yookassa'`, prov.ID); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO gateway_credentials (provider_id, gateway, shop_id_sealed, secret_sealed, set_at)
				VALUES (?, 'yookassa', ?, ?, ?)`, prov.ID, sealedShop, sealedSecret, s.staff.Now()); err != nil {
				return err
			}
			// The settings keep no copy in the clear once the console has them.
			prov.Commerce.YooKassa = provider.YooKassa{}
			after.Credentials = "credentials replaced"
		}
		if in.Gateway == "yookassa" && !replace && prov.Commerce.YooKassa.ShopID == "" {
			var n int
			if err := store.Get(ctx, tx, `SELECT COUNT(*) FROM gateway_credentials WHERE provider_id = ? AND gateway = 'yookassa'`,
				[]any{prov.ID}, &n); err != nil {
				return err
			}
			if n == 0 {
				return httpx.Invalid("shop_id", "console_packets_credentials_needed")
			}
		}
		prov.Commerce.Gateway = in.Gateway
		return s.staff.Audit(ctx, tx, r, "gateway.update", "gateway", nil, before, after)
	})
}

// credsEntry is what gateway_credentials held for an operator at a time.
type credsEntry struct {
	at     time.Time
	ok     bool
	shopID string
	secret string
}

func (s *Section) forget(providerID int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.creds, providerID)
}

// savedCreds are the operator's YooKassa credentials saved in the console,
// reread at most every 30 s (at once on this copy after a change).
func (s *Section) savedCreds(providerID int64) (credsEntry, bool) {
	s.mu.Lock()
	c, cached := s.creds[providerID]
	s.mu.Unlock()
	if cached && time.Since(c.at) < credsFresh {
		return c, c.ok
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c = credsEntry{at: time.Now()}
	var shop, secret string
	err := store.Get(ctx, s.db, `SELECT shop_id_sealed, secret_sealed FROM gateway_credentials WHERE provider_id = ? AND gateway = 'yookassa'`,
		[]any{providerID}, &shop, &secret)
	switch {
	case err == nil:
		var err1, err2 error
		c.shopID, err1 = s.staff.Open(shop)
		c.secret, err2 = s.staff.Open(secret)
		if err := errors.Join(err1, err2); err != nil {
			slog.Error("saved gateway credentials do not open (was the server secret changed?)", "provider", providerID, "err", err)
		} else {
			c.ok = true
		}
	case !errors.Is(err, store.ErrNotFound):
		slog.Error("gateway credentials not read", "provider", providerID, "err", err)
		if cached {
			return c, false
		}
	}
	s.mu.Lock()
	s.creds[providerID] = c
	s.mu.Unlock()
	return c, c.ok
}

// Gateways wraps the payments' gateway lookup: an operator on YooKassa pays
// with the credentials saved in the console when there are some, else with
// those of its settings.
func (s *Section) Gateways(next commerce.Gateways) commerce.Gateways {
	return func(p *provider.Provider) gateway.Gateway {
		if next == nil || p == nil {
			return nil
		}
		if p.Commerce.Gateway == "yookassa" {
			if c, ok := s.savedCreds(p.ID); ok {
				q := *p
				q.Commerce.YooKassa = provider.YooKassa{ShopID: c.shopID, SecretKey: c.secret}
				return next(&q)
			}
		}
		return next(p)
	}
}
