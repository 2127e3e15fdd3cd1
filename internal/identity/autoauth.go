package identity

import (
	"context"
	"errors"
	"net/http"
	"net/netip"

	"efir/internal/httpx"
	"efir/internal/store"
)

// autoAuthRequest is the body of POST /v2/auth/auto.
type autoAuthRequest struct {
	Manufacturer looseString `json:"manufacturer"`
	Model        looseString `json:"model"`
	Serial       looseString `json:"serial"`
	OS           looseString `json:"os"`
}

// autoAuth answers POST /v2/auth/auto: a provider with network auto-auth
// signs in the subscriber whose network holds the client's address, on a
// device identified by serial. Anyone else gets 403 permission_denied with
// the support phone in the message.
func (s *Service) autoAuth(w http.ResponseWriter, r *http.Request) error {
	var in autoAuthRequest
	p, err := s.decodeSignIn(r, &in)
	if err != nil {
		return err
	}
	d := deviceRow{DeviceType: "pc"}
	dt := "pc"
	fields := deviceFields{Serial: &in.Serial, Vendor: &in.Manufacturer, Model: &in.Model, OSName: &in.OS, DeviceType: &dt}
	if err := fields.apply(&d); err != nil {
		return err
	}
	if d.Serial == "" {
		return httpx.Invalid("serial", "error_required")
	}
	denied := httpx.New(http.StatusForbidden, httpx.TypePermissionDenied, "error_auto_auth_failed", p.Support.Phone)
	if !p.AutoAuth {
		return denied
	}
	ctx := r.Context()
	userID, err := userByNetwork(ctx, s.db, p.ID, httpx.ClientIP(r))
	if errors.Is(err, store.ErrNotFound) {
		return denied
	}
	if err != nil {
		return err
	}
	var out *TokenResponse
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		id, err := s.upsertDevice(ctx, tx, userID, &d)
		if err != nil {
			return err
		}
		out, err = s.signInDevice(ctx, tx, userID, id, reissue{})
		return err
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// userByNetwork finds the provider's user whose auto_auth_network (CIDRs or
// addresses, comma-separated) holds ip; the most specific network wins.
func userByNetwork(ctx context.Context, q store.Querier, providerID int64, ip netip.Addr) (int64, error) {
	if !ip.IsValid() {
		return 0, store.ErrNotFound
	}
	ip = ip.Unmap()
	rows, err := q.Query(ctx, "SELECT id, auto_auth_network FROM users WHERE provider_id = ? AND auto_auth_network <> '' ORDER BY id",
		providerID)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	best, bestBits := int64(0), -1
	for rows.Next() {
		var id int64
		var nets string
		if err := rows.Scan(&id, &nets); err != nil {
			return 0, store.MapErr(err)
		}
		prefixes, err := httpx.ParsePrefixes(nets)
		if err != nil {
			continue // a broken entry must not lock out the others
		}
		for _, pf := range prefixes {
			if pf.Contains(ip) && pf.Bits() > bestBits {
				best, bestBits = id, pf.Bits()
			}
		}
	}
	if err := rows.Err(); err != nil {
		return 0, store.MapErr(err)
	}
	if best == 0 {
		return 0, store.ErrNotFound
	}
	return best, nil
}
