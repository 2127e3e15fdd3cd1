package tv

import (
	"context"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/provider"
)

// viewer is who asks, with what the access rules need: the provider, the
// kind of session, and the user's packets and favourite channels.
type viewer struct {
	providerID int64
	userID     int64
	deviceID   int64
	profileID  int64
	guest      bool // a guest or an anonymous caller
	child      bool
	packets    map[int64]bool
	favorites  map[int64]bool
	lang       string
}

func (v *viewer) signedIn() bool { return v.userID != 0 && !v.guest }

// viewerOf reads the session; personal (packets, favourite channels) only
// when asked, as lists need them and single look-ups mostly do not.
func (s *Service) viewerOf(r *http.Request, personal bool) (*viewer, error) {
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
	if !personal || v.userID == 0 {
		return v, nil
	}
	return v, s.loadPersonal(ctx, v)
}

func (s *Service) loadPersonal(ctx context.Context, v *viewer) error {
	if v.packets != nil || v.userID == 0 {
		return nil
	}
	var err error
	if v.packets, err = activePackets(ctx, s.db, v.userID, s.now().Unix()); err != nil {
		return err
	}
	v.favorites, err = favoriteIDs(ctx, s.db, v.userID, v.profileID, kindChannel)
	return err
}

// sees: hidden channels are never listed, child profiles see age <= 12 only,
// guests no 4K.
func (v *viewer) sees(c *channel) bool {
	if c.IsHidden {
		return false
	}
	if v.child && c.Age > childMaxAge {
		return false
	}
	if v.guest && c.Is4K {
		return false
	}
	return true
}

// findable is sees without the hidden rule: a hidden channel still opens by
// its id or slug (an operator's test or partner channel), it is only left
// out of lists.
func (v *viewer) findable(c *channel) bool {
	if v.child && c.Age > childMaxAge {
		return false
	}
	return !(v.guest && c.Is4K)
}

// subscribed: one of the channel's packets is among the user's active ones.
func (v *viewer) subscribed(c *channel) bool {
	for _, p := range c.Packets {
		if v.packets[p] {
			return true
		}
	}
	return false
}

// purchased: the viewer may watch it (and its archive): free channels count
// as purchased for everybody, guests included.
func (v *viewer) purchased(c *channel) bool { return c.IsFree || v.subscribed(c) }

// availableArchiveDays: the archive the viewer may play.
func (v *viewer) availableArchiveDays(c *channel) int {
	if !v.purchased(c) {
		return 0
	}
	return c.archiveDays()
}

// accessError is the text shown for a channel the viewer cannot watch.
func (v *viewer) accessError(c *channel) *string {
	if v.purchased(c) {
		return nil
	}
	key := "error_channel_not_purchased"
	if !v.signedIn() {
		key = "error_channel_sign_in"
	}
	t := httpx.T(v.lang, key)
	return &t
}

// denied is the 403 permission_denied with the reason as message and detail.
func denied(lang, key string, args ...any) *httpx.Error {
	e := httpx.New(http.StatusForbidden, httpx.TypePermissionDenied, key, args...)
	e.Message = httpx.T(lang, key, args...)
	e.Detail = map[string]string{"reason": e.Message}
	return e
}
