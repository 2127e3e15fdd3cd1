package operator

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Provider API tokens: the console issues and revokes them, the operator's
// machines call the provider API with them (package providerapi). A token is
// shown once, when it is issued; the database keeps only its hash.

// apiTokenPrefix marks a provider API token, so that one pasted where it
// should not be is easy to recognise (and to scan for).
const apiTokenPrefix = "efk_"

// A token's call limits: the defaults of a new token and the most a token
// may be given.
const (
	defaultPerSecond = 10
	defaultPerHour   = 10_000
	defaultPerDay    = 100_000
	maxPerSecond     = 1_000
	maxPerHour       = 1_000_000
	maxPerDay        = 10_000_000
	maxTokenName     = 100
)

// APIToken is a provider API token as the console lists it (never the token).
type APIToken struct {
	ID         int64   `json:"id"`
	Name       string  `json:"name"`
	PerSecond  int     `json:"per_second"`
	PerHour    int     `json:"per_hour"`
	PerDay     int     `json:"per_day"`
	CreatedAt  string  `json:"created_at"`
	CreatedBy  string  `json:"created_by"` // the staff member's e-mail
	RevokedAt  *string `json:"revoked_at"`
	LastUsedAt *string `json:"last_used_at"`
}

// tokenLimits are the limits asked for a new token (nil: the default).
type tokenLimits struct {
	Name      string `json:"name"`
	PerSecond *int   `json:"per_second"`
	PerHour   *int   `json:"per_hour"`
	PerDay    *int   `json:"per_day"`
}

// check validates the request and fills the defaults.
func (l *tokenLimits) check() (second, hour, day int, err error) {
	l.Name = strings.TrimSpace(l.Name)
	if l.Name == "" || utf8.RuneCountInString(l.Name) > maxTokenName {
		return 0, 0, 0, httpx.Invalid("name", "operator_token_name_invalid")
	}
	pick := func(field string, v *int, def, most int) (int, error) {
		if v == nil {
			return def, nil
		}
		if *v < 1 || *v > most {
			return 0, httpx.Invalid(field, "operator_token_limit_invalid")
		}
		return *v, nil
	}
	if second, err = pick("per_second", l.PerSecond, defaultPerSecond, maxPerSecond); err != nil {
		return
	}
	if hour, err = pick("per_hour", l.PerHour, max(defaultPerHour, second), maxPerHour); err != nil {
		return
	}
	if day, err = pick("per_day", l.PerDay, max(defaultPerDay, hour), maxPerDay); err != nil {
		return
	}
	// A longer window never allows fewer calls than a shorter one.
	if hour < second {
		return 0, 0, 0, httpx.Invalid("per_hour", "operator_token_limits_order")
	}
	if day < hour {
		return 0, 0, 0, httpx.Invalid("per_day", "operator_token_limits_order")
	}
	return second, hour, day, nil
}

const apiTokenQuery = `SELECT t.id, t.name, t.per_second, t.per_hour, t.per_day, t.created_at, COALESCE(s.email, ''),
	t.revoked_at, t.last_used_at FROM provider_api_tokens t LEFT JOIN staff s ON s.id = t.created_by`

func scanAPIToken(r store.Scanner) (APIToken, error) {
	var t APIToken
	var created, revoked, used int64
	err := r.Scan(&t.ID, &t.Name, &t.PerSecond, &t.PerHour, &t.PerDay, &created, &t.CreatedBy, &revoked, &used)
	t.CreatedAt, t.RevokedAt, t.LastUsedAt = stamp(created), stampOrNil(revoked), stampOrNil(used)
	return t, err
}

func stampOrNil(unix int64) *string {
	if unix == 0 {
		return nil
	}
	s := stamp(unix)
	return &s
}

// apiTokens lists the operator's tokens, the newest first (revoked ones too:
// the log still names them).
func (s *Service) apiTokens(ctx context.Context, providerID int64) ([]APIToken, error) {
	out := []APIToken{}
	err := store.Each(ctx, s.db, apiTokenQuery+` WHERE t.provider_id = ? ORDER BY t.id DESC`, []any{providerID},
		func(r store.Scanner) error {
			t, err := scanAPIToken(r)
			out = append(out, t)
			return err
		})
	return out, err
}

// issueAPIToken stores a new token of the console's operator with its audit
// entry and answers it with the token itself, the only time it is shown.
func (s *Service) issueAPIToken(ctx context.Context, e entry, l tokenLimits) (APIToken, string, error) {
	second, hour, day, err := l.check()
	if err != nil {
		return APIToken{}, "", err
	}
	raw, _, err := newToken()
	if err != nil {
		return APIToken{}, "", err
	}
	token := apiTokenPrefix + raw
	var t APIToken
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		id, err := store.InsertID(ctx, tx, `INSERT INTO provider_api_tokens (provider_id, name, token_hash, per_second,
			per_hour, per_day, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			e.ProviderID.Int64, l.Name, tokenHash(token), second, hour, day, e.At, e.Actor.ID)
		if err != nil {
			return err
		}
		if t, err = scanAPIToken(tx.QueryRow(ctx, apiTokenQuery+` WHERE t.id = ?`, id)); err != nil {
			return err
		}
		e.Action, e.ObjectType, e.ObjectID, e.After = "api_token.issue", "api_token", id, t
		return record(ctx, tx, e)
	})
	return t, token, err
}

// revokeAPIToken ends the operator's token id at once; revoking it again
// changes nothing.
func (s *Service) revokeAPIToken(ctx context.Context, e entry, id int64) error {
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		before, err := scanAPIToken(tx.QueryRow(ctx, apiTokenQuery+` WHERE t.id = ? AND t.provider_id = ?`, id, e.ProviderID.Int64))
		if errors.Is(store.MapErr(err), store.ErrNotFound) {
			return httpx.NotFound()
		}
		if err != nil || before.RevokedAt != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE provider_api_tokens SET revoked_at = ? WHERE id = ?`, e.At, id); err != nil {
			return err
		}
		after := before
		after.RevokedAt = stampOrNil(e.At)
		e.Action, e.ObjectType, e.ObjectID, e.Before, e.After = "api_token.revoke", "api_token", id, before, after
		return record(ctx, tx, e)
	})
}

// APIRequest is one call of the provider API as the console lists it.
type APIRequest struct {
	ID         int64  `json:"id"`
	At         string `json:"at"`
	TokenID    int64  `json:"token_id"`
	TokenName  string `json:"token_name"`
	Method     string `json:"method"`
	Path       string `json:"path"`
	Status     int    `json:"status"`
	DurationMS int64  `json:"duration_ms"`
	IP         string `json:"ip"`
}

// apiLog lists the operator's provider API calls, the newest first.
func (s *Service) apiLog(ctx context.Context, providerID int64, limit, offset int) ([]APIRequest, error) {
	out := []APIRequest{}
	err := store.Each(ctx, s.db, `SELECT l.id, l.at, l.token_id, COALESCE(t.name, ''), l.method, l.path, l.status,
		l.duration_ms, l.ip FROM provider_api_log l LEFT JOIN provider_api_tokens t ON t.id = l.token_id
		WHERE l.provider_id = ? ORDER BY l.id DESC LIMIT ? OFFSET ?`, []any{providerID, limit, offset},
		func(r store.Scanner) error {
			var v APIRequest
			var at int64
			err := r.Scan(&v.ID, &at, &v.TokenID, &v.TokenName, &v.Method, &v.Path, &v.Status, &v.DurationMS, &v.IP)
			v.At = stamp(at)
			out = append(out, v)
			return err
		})
	return out, err
}
