package catalog

import (
	"context"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
)

const (
	// childMaxAge: a child profile sees nothing rated above it.
	childMaxAge = 12
	// adultAge: the client asks the parental PIN before playing it.
	adultAge = 18
)

// viewer is who asks, with what the catalogue rules need: the provider, the
// kind of session and, loaded on demand, the user's active packets.
type viewer struct {
	providerID int64
	userID     int64
	deviceID   int64
	profileID  int64
	guest      bool // a guest or an anonymous caller
	child      bool
	lang       string
	// packets are the active subscriptions' packet ids; nil until
	// s.loadPackets (only access decisions need them).
	packets map[int64]bool
	// licences are the contents the viewer rented or bought (loaded with
	// packets).
	licences map[int64]bool
}

// signedIn: a registered user (guests are users too, but may not buy or
// keep favourites).
func (v *viewer) signedIn() bool { return v.userID != 0 && !v.guest }

// hasUser: somebody whose history can be kept (guests included).
func (v *viewer) hasUser() bool { return v.userID != 0 }

// viewerOf reads the session of r. Cheap: no query until access or history
// is asked.
func (s *Service) viewerOf(r *http.Request) (*viewer, error) {
	ctx := r.Context()
	v := &viewer{guest: true, lang: httpx.Lang(r)}
	if sess := httpx.SessionFrom(ctx); sess != nil {
		v.providerID = sess.ProviderID
		v.userID, v.deviceID, v.profileID = sess.UserID, sess.DeviceID, sess.ProfileID
		v.guest, v.child = sess.IsGuest, sess.ChildMode
	}
	if v.providerID == 0 {
		if p := provider.FromContext(ctx); p != nil {
			v.providerID = p.ID
		}
	}
	return v, nil
}

// ageAllowed: the child rule (nothing above 12 for a child profile).
func (v *viewer) ageAllowed(age int) bool { return !v.child || age <= childMaxAge }

// findable: the content may be opened by its id or slug (a hidden content
// still opens, it is only left out of lists; a lost one opens as the
// lost_content answer).
func (v *viewer) findable(c *content) bool {
	return c.ProviderID == v.providerID && v.ageAllowed(c.Age)
}

// sees: the content may appear in a list (rows, search, similar, persons,
// history, favourites).
func (v *viewer) sees(c *content) bool {
	return v.findable(c) && !c.IsHidden && !c.IsLost
}

// loadPackets reads the viewer's active packets once per request.
func (s *Service) loadPackets(ctx context.Context, v *viewer) error {
	if v.packets != nil {
		return nil
	}
	v.packets, v.licences = map[int64]bool{}, map[int64]bool{}
	if v.userID == 0 {
		return nil
	}
	now := s.now().Unix()
	if err := store.Each(ctx, s.db, `SELECT content_id FROM licences WHERE user_id = ? AND start_at <= ? AND (end_at = 0 OR end_at > ?)`,
		[]any{v.userID, now, now}, func(r store.Scanner) error {
			var id int64
			err := r.Scan(&id)
			v.licences[id] = true
			return err
		}); err != nil {
		return err
	}
	rows, err := s.db.Query(ctx, `SELECT packet_id FROM subscriptions WHERE user_id = ? AND start_at <= ? AND (end_at = 0 OR end_at > ?)
		AND paused_at = 0 AND closed_at = 0
		UNION SELECT i.included_id FROM subscriptions s JOIN packet_includes i ON i.packet_id = s.packet_id
		WHERE s.user_id = ? AND s.start_at <= ? AND (s.end_at = 0 OR s.end_at > ?) AND s.paused_at = 0 AND s.closed_at = 0`,
		v.userID, now, now, v.userID, now, now)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		v.packets[id] = true
	}
	return rows.Err()
}

// available: the content's library is free, or one of the viewer's active
// packets holds it (or a free packet does: free packets are granted to
// everybody). A content with no library is not sold and not playable.
func (s *Service) available(ctx context.Context, v *viewer, c *content) (bool, error) {
	// A rented or bought film plays whatever its library.
	if v.userID != 0 {
		if err := s.loadPackets(ctx, v); err != nil {
			return false, err
		}
		if v.licences[c.ID] {
			return true, nil
		}
	}
	if c.LibraryID == 0 {
		return false, nil
	}
	tax, err := s.taxonomy(ctx, v.providerID)
	if err != nil {
		return false, err
	}
	lib := tax.libraries[c.LibraryID]
	if lib == nil {
		return false, nil
	}
	if lib.IsFree {
		return true, nil
	}
	if err := s.loadPackets(ctx, v); err != nil {
		return false, err
	}
	for _, p := range tax.libraryPackets[c.LibraryID] {
		if v.packets[p.ID] || p.IsFree {
			return true, nil
		}
	}
	return false, nil
}

// denied is the 403 permission_denied with the reason as message and detail.
func denied(lang, key string, args ...any) *httpx.Error {
	e := httpx.New(http.StatusForbidden, httpx.TypePermissionDenied, key, args...)
	e.Message = httpx.T(lang, key, args...)
	e.Detail = map[string]string{"reason": e.Message}
	return e
}
