package operator

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/store"
)

// validEmail is a plain check: one @, something on both sides, a dot in the
// domain, no spaces (the set-up link proves the address works).
func validEmail(e string) bool {
	at := strings.LastIndexByte(e, '@')
	return len(e) <= 254 && at > 0 && at < len(e)-3 && strings.Contains(e[at:], ".") && !strings.ContainsAny(e, " \t\r\n<>,;")
}

// createMember adds a staff member without a password; the set-up link that
// comes with them sets it.
func createMember(ctx context.Context, q store.Querier, now int64, providerID sql.NullInt64, email, name string, role Role) (member, error) {
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO staff (provider_id, email, name, role, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (email) DO NOTHING RETURNING id`, providerID, email, name, string(role), now).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return member{}, httpx.New(http.StatusConflict, "already_exists", "operator_email_taken")
	}
	if err != nil {
		return member{}, err
	}
	return memberByID(ctx, q, id)
}

// setupLink makes a one-time link for m (older unused ones stop working).
func setupLink(ctx context.Context, q store.Querier, publicURL string, now time.Time, m member) (link string, expires int64, err error) {
	token, hash, err := newToken()
	if err != nil {
		return "", 0, err
	}
	if _, err := q.Exec(ctx, "UPDATE staff_setup_links SET used_at = ? WHERE staff_id = ? AND used_at = 0", now.Unix(), m.ID); err != nil {
		return "", 0, err
	}
	expires = now.Add(setupLinkTTL).Unix()
	if _, err := q.Exec(ctx, "INSERT INTO staff_setup_links (token_hash, staff_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
		hash, m.ID, now.Unix(), expires); err != nil {
		return "", 0, err
	}
	return strings.TrimRight(publicURL, "/") + "/operator/setup?token=" + url.QueryEscape(token), expires, nil
}

// AddStaff bootstraps a staff member from the command line (efir operator
// add-admin): the operator by its shortname ("" for a platform
// administrator), and answers the one-time set-up link.
func AddStaff(ctx context.Context, db *store.DB, now time.Time, publicURL, providerShortname, email, name string, role Role) (string, error) {
	email = normalEmail(email)
	if !validEmail(email) {
		return "", errors.New("operator: the e-mail address is not valid")
	}
	if !role.Valid() {
		return "", errors.New("operator: unknown role " + string(role))
	}
	var prov sql.NullInt64
	if providerShortname != "" {
		if err := db.QueryRow(ctx, "SELECT id FROM providers WHERE shortname = ?", providerShortname).Scan(&prov.Int64); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return "", errors.New("operator: no operator " + providerShortname)
			}
			return "", err
		}
		prov.Valid = true
	}
	var link string
	err := db.Tx(ctx, func(tx *store.Tx) error {
		m, err := createMember(ctx, tx, now.Unix(), prov, email, name, role)
		if err != nil {
			return err
		}
		if link, _, err = setupLink(ctx, tx, publicURL, now, m); err != nil {
			return err
		}
		return record(ctx, tx, entry{At: now.Unix(), ProviderID: prov, ActorKind: "system", Actor: member{Email: "efir operator add-admin"},
			Action: "staff.invite", ObjectType: "staff", ObjectID: m.ID, After: m.view()})
	})
	return link, err
}
