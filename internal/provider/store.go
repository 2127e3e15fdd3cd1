package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"regexp"
	"strings"
	"time"

	"efir/internal/store"
)

var shortnameRe = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`)

// Validate checks what the rest of the system relies on and fills defaults
// (phone mask, code length, languages, device limit).
func (p *Provider) Validate() error {
	p.Shortname = strings.ToLower(strings.TrimSpace(p.Shortname))
	if !shortnameRe.MatchString(p.Shortname) {
		return fmt.Errorf("provider %q: shortname must be 1-64 of a-z, 0-9, '_' and '-'", p.Shortname)
	}
	if strings.TrimSpace(p.Name) == "" {
		return fmt.Errorf("provider %q: name is required", p.Shortname)
	}
	if p.ID < 0 {
		return fmt.Errorf("provider %q: negative id", p.Shortname)
	}
	if p.PhoneMask == "" {
		p.PhoneMask = "+7 (###) ###-##-##"
	}
	if d := p.PhoneDigits(); d < 7 || d > 15 {
		return fmt.Errorf("provider %q: phone mask %q has %d digits, want 7-15", p.Shortname, p.PhoneMask, d)
	}
	if p.OTPLength == 0 {
		p.OTPLength = 6
	}
	if p.OTPLength < 4 || p.OTPLength > 8 {
		return fmt.Errorf("provider %q: phone_otp_length %d, want 4-8", p.Shortname, p.OTPLength)
	}
	if p.DeviceLimit <= 0 {
		p.DeviceLimit = 5
	}
	if p.StreamLimit < 0 {
		return fmt.Errorf("provider %q: stream_limit %d, want 0 (no limit) or more", p.Shortname, p.StreamLimit)
	}
	if p.StatRetentionDays == 0 {
		p.StatRetentionDays = DefaultStatRetentionDays
	}
	if p.StatRetentionDays < 1 || p.StatRetentionDays > 3650 {
		return fmt.Errorf("provider %q: stat_retention_days %d, want 1-3650", p.Shortname, p.StatRetentionDays)
	}
	if p.Currency.ISOCode == "" {
		p.Currency = Currency{ISOCode: "RUB", UTFName: "₽", ASCIIName: "rub"}
	}
	for i, n := range p.Networks {
		if !n.IsValid() {
			return fmt.Errorf("provider %q: invalid network", p.Shortname)
		}
		p.Networks[i] = unmapPrefix(n).Masked()
	}
	if err := NormalizePartners(p.Partners); err != nil {
		return fmt.Errorf("provider %q: %w", p.Shortname, err)
	}
	for i, c := range p.AllowedCountries {
		c = strings.ToUpper(strings.TrimSpace(c))
		if len(c) != 2 {
			return fmt.Errorf("provider %q: allowed country %q is not a two-letter ISO code", p.Shortname, c)
		}
		p.AllowedCountries[i] = c
	}
	return nil
}

// unmapPrefix writes an IPv4-mapped IPv6 prefix as IPv4 (::ffff:10.0.0.0/104
// becomes 10.0.0.0/8), since client addresses are unmapped too.
func unmapPrefix(n netip.Prefix) netip.Prefix {
	if n.Addr().Is4In6() && n.Bits() >= 96 {
		return netip.PrefixFrom(n.Addr().Unmap(), n.Bits()-96)
	}
	return n
}

// Save stores p. An operator is identified by its shortname: an existing one
// keeps its id and gets the new settings. A new one takes p.ID when given
// (replacing whatever row had that id) or the next free id. When p is the
// default, no other operator stays default.
func Save(ctx context.Context, q store.Querier, p *Provider) error {
	if err := p.Validate(); err != nil {
		return err
	}
	now := time.Now().Unix()
	var existing int64
	err := store.Get(ctx, q, "SELECT id FROM providers WHERE shortname = ?", []any{p.Shortname}, &existing)
	switch {
	case err == nil:
		p.ID = existing
	case !errors.Is(err, store.ErrNotFound):
		return err
	case p.ID == 0:
		if err := store.Get(ctx, q, "SELECT COALESCE(MAX(id), 0) + 1 FROM providers", nil, &p.ID); err != nil {
			return err
		}
	}
	cfg, err := json.Marshal(p)
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `INSERT INTO providers (id, shortname, is_default, config, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET shortname = excluded.shortname, is_default = excluded.is_default,
		config = excluded.config, updated_at = excluded.updated_at`,
		p.ID, p.Shortname, p.IsDefault, string(cfg), now)
	if err != nil {
		return fmt.Errorf("save provider %q: %w", p.Shortname, err)
	}
	if p.IsDefault {
		if _, err := q.Exec(ctx, "UPDATE providers SET is_default = FALSE WHERE id <> ? AND is_default = TRUE", p.ID); err != nil {
			return err
		}
	}
	return nil
}

// loadAll reads every operator, ordered by id.
func loadAll(ctx context.Context, q store.Querier) ([]*Provider, error) {
	rows, err := q.Query(ctx, "SELECT id, shortname, is_default, config FROM providers ORDER BY id")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Provider
	for rows.Next() {
		var (
			id        int64
			short     string
			isDefault bool
			cfg       string
		)
		if err := rows.Scan(&id, &short, &isDefault, &cfg); err != nil {
			return nil, err
		}
		p := &Provider{}
		if err := json.Unmarshal([]byte(cfg), p); err != nil {
			return nil, fmt.Errorf("provider %d: bad stored config: %w", id, err)
		}
		// The columns are the truth for what SQL chooses by.
		p.ID, p.Shortname, p.IsDefault = id, short, isDefault
		out = append(out, p)
	}
	return out, rows.Err()
}

// readProvidersFile parses EFIR_PROVIDERS_FILE: a JSON array of providers.
func readProvidersFile(path string) ([]Provider, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("providers file: %w", err)
	}
	return parseProviders(raw)
}

func parseProviders(raw []byte) ([]Provider, error) {
	var list []Provider
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields() // a misspelt setting should stop the start, not vanish
	if err := dec.Decode(&list); err != nil {
		return nil, fmt.Errorf("providers file: want a JSON array of providers: %w", err)
	}
	seen := map[string]bool{}
	for i := range list {
		if err := list[i].Validate(); err != nil {
			return nil, fmt.Errorf("providers file: %w", err)
		}
		if seen[list[i].Shortname] {
			return nil, fmt.Errorf("providers file: shortname %q appears twice", list[i].Shortname)
		}
		seen[list[i].Shortname] = true
	}
	return list, nil
}

// Stored reads operator id's settings as the database holds them (not the
// in-memory copy: a change starts from what another section or copy may
// have saved a moment ago).
func Stored(ctx context.Context, q store.Querier, id int64) (*Provider, error) {
	return readStored(ctx, q, "SELECT shortname, is_default, config FROM providers WHERE id = ?", id)
}

// LockStored is Stored for a change: on PostgreSQL it locks the row, so
// that a concurrent change of other settings is not lost (SQLite has one
// writer already).
func LockStored(ctx context.Context, tx *store.Tx, id int64) (*Provider, error) {
	query := "SELECT shortname, is_default, config FROM providers WHERE id = ?"
	if tx.Dialect() == store.Postgres {
		query += " FOR UPDATE"
	}
	return readStored(ctx, tx, query, id)
}

func readStored(ctx context.Context, q store.Querier, query string, id int64) (*Provider, error) {
	var short, cfg string
	var isDefault bool
	if err := store.Get(ctx, q, query, []any{id}, &short, &isDefault, &cfg); err != nil {
		return nil, err
	}
	p := &Provider{}
	if err := json.Unmarshal([]byte(cfg), p); err != nil {
		return nil, err
	}
	p.ID, p.Shortname, p.IsDefault = id, short, isDefault
	return p, nil
}
