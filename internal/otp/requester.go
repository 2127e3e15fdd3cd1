package otp

import (
	"context"
	"net/netip"
	"time"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Whether a phone has a live code is told only to whoever asked for it:
// anybody else would learn which phones are signing in right now. The calls
// are paced per client address, generously for the client's poll (every 5 s
// while the Telegram hint shows: 120 in 10 minutes).
const (
	existPerWindow = 180
	existWindow    = 10 * time.Minute
)

// Requester is who asked for a code: the user of the asking session (0
// without one) and the client address.
type Requester struct {
	UserID  int64
	Address netip.Addr
}

// requesterOf is the caller of ctx at ip.
func requesterOf(ctx context.Context, ip netip.Addr) Requester {
	r := Requester{Address: ip}
	if sess := httpx.SessionFrom(ctx); sess != nil {
		r.UserID = sess.UserID
	}
	return r
}

// address is how a requester's address is kept and compared: by its
// addressScope, "" when unknown (never equal to anybody's).
func (r Requester) address() string {
	if !r.Address.IsValid() {
		return ""
	}
	return addressScope(r.Address)
}

// Exists reports whether phone has a live unused code (any purpose) asked
// for by asker: the same signed-in user or the same client address. For
// anybody else it is false, as if there were none.
func (s *Service) Exists(ctx context.Context, phone string, asker Requester) (bool, error) {
	var n int
	err := store.Get(ctx, s.db, `SELECT COUNT(*) FROM otp_codes WHERE phone = ? AND used = FALSE AND expires_at > ?
		AND ((requester_user_id <> 0 AND requester_user_id = ?) OR (requester_address <> '' AND requester_address = ?))`,
		[]any{phone, s.now().Unix(), asker.UserID, asker.address()}, &n)
	return n > 0, err
}
