package push

import (
	"context"
	"crypto/ecdh"
	"net/http"
	"net/url"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Subscription is a device's push subscription as its owner sees it. The
// endpoint and keys are not given back: only the push service and efir
// need them.
type Subscription struct {
	ID        int64  `json:"id"`
	DeviceID  int64  `json:"device_id"`
	Current   bool   `json:"current"` // the caller's own device
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

// subscribeBody is the browser's PushSubscription.toJSON() as it is.
type subscribeBody struct {
	Endpoint string `json:"endpoint"`
	Keys     struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
	ExpirationTime *int64 `json:"expirationTime"` // ignored: a push service answers 410 when it ends
}

const maxEndpoint = 2048

// valid checks what the browser sent: an https endpoint (RFC 8030 asks for
// it), a P-256 public key and a 16-byte auth secret.
func (b *subscribeBody) valid() error {
	b.Endpoint = strings.TrimSpace(b.Endpoint)
	if u, err := url.Parse(b.Endpoint); err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil ||
		len(b.Endpoint) > maxEndpoint {
		return httpx.Invalid("endpoint", "push_endpoint_invalid")
	}
	if raw, err := decodeKey(b.Keys.P256dh); err != nil {
		return httpx.Invalid("keys.p256dh", "push_key_invalid")
	} else if _, err := ecdh.P256().NewPublicKey(raw); err != nil {
		return httpx.Invalid("keys.p256dh", "push_key_invalid")
	}
	if raw, err := decodeKey(b.Keys.Auth); err != nil || len(raw) != 16 {
		return httpx.Invalid("keys.auth", "push_auth_invalid")
	}
	return nil
}

// decodeKey reads a key in base64url, with or without padding (browsers
// give it without; some libraries pad it).
func decodeKey(s string) ([]byte, error) {
	return b64.DecodeString(strings.TrimRight(strings.TrimSpace(s), "="))
}

func viewer(r *http.Request) (*httpx.Session, error) {
	sess := httpx.SessionFrom(r.Context())
	if sess == nil {
		return nil, httpx.Unauthorized()
	}
	return sess, nil
}

// handleSubscribe answers POST /v2/users/self/push_subscriptions: the
// subscription of the caller's device is stored, replacing the one it had
// (201 when the device had none). The same endpoint under another device
// (the browser signed in again) moves here: one browser, one device.
func (s *Service) handleSubscribe(w http.ResponseWriter, r *http.Request) error {
	sess, err := viewer(r)
	if err != nil {
		return err
	}
	var b subscribeBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if err := b.valid(); err != nil {
		return err
	}
	ctx, now := r.Context(), s.now().Unix()
	created := false
	var out Subscription
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = ? AND device_id <> ?`,
			b.Endpoint, sess.DeviceID); err != nil {
			return err
		}
		res, err := tx.Exec(ctx, `UPDATE push_subscriptions SET endpoint = ?, p256dh = ?, auth = ?, updated_at = ?
			WHERE device_id = ? AND user_id = ?`, b.Endpoint, strings.TrimRight(b.Keys.P256dh, "="),
			strings.TrimRight(b.Keys.Auth, "="), now, sess.DeviceID, sess.UserID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			created = true
			if _, err := tx.Exec(ctx, `INSERT INTO push_subscriptions (user_id, device_id, endpoint, p256dh, auth,
				created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`, sess.UserID, sess.DeviceID, b.Endpoint,
				strings.TrimRight(b.Keys.P256dh, "="), strings.TrimRight(b.Keys.Auth, "="), now, now); err != nil {
				return err
			}
		}
		out, err = scanSubscription(tx.QueryRow(ctx, `SELECT `+subscriptionColumns+` FROM push_subscriptions
			WHERE device_id = ?`, sess.DeviceID), sess.DeviceID)
		return err
	})
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	httpx.WriteJSON(w, status, out)
	return nil
}

const subscriptionColumns = `id, device_id, created_at, updated_at`

func scanSubscription(row store.Scanner, current int64) (Subscription, error) {
	var x Subscription
	var created, updated int64
	if err := row.Scan(&x.ID, &x.DeviceID, &created, &updated); err != nil {
		return x, store.MapErr(err)
	}
	x.Current = x.DeviceID == current
	x.CreatedAt = time.Unix(created, 0).UTC().Format(time.RFC3339)
	x.UpdatedAt = time.Unix(updated, 0).UTC().Format(time.RFC3339)
	return x, nil
}

// handleList answers GET /v2/users/self/push_subscriptions: the caller's
// devices that get pushes.
func (s *Service) handleList(w http.ResponseWriter, r *http.Request) error {
	sess, err := viewer(r)
	if err != nil {
		return err
	}
	out := []Subscription{}
	err = store.Each(r.Context(), s.db, `SELECT `+subscriptionColumns+` FROM push_subscriptions WHERE user_id = ?
		ORDER BY id`, []any{sess.UserID}, func(row store.Scanner) error {
		x, err := scanSubscription(row, sess.DeviceID)
		out = append(out, x)
		return err
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// handleDelete answers DELETE /v2/users/self/push_subscriptions/{id}: the
// device gets no more pushes. Another user's id is 404; a child profile
// may stop only its own device's (the account's other devices are the
// parent's business, as their removal is).
func (s *Service) handleDelete(w http.ResponseWriter, r *http.Request) error {
	sess, err := viewer(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx := r.Context()
	var device int64
	if err := store.Get(ctx, s.db, `SELECT device_id FROM push_subscriptions WHERE id = ? AND user_id = ?`,
		[]any{id, sess.UserID}, &device); err != nil {
		return err
	}
	if sess.ChildMode && device != sess.DeviceID {
		return httpx.Forbidden("push_child_other_device")
	}
	if _, err := s.db.Exec(ctx, `DELETE FROM push_subscriptions WHERE id = ? AND user_id = ?`, id, sess.UserID); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

// forget drops a subscription the push service no longer knows (404, 410).
func (s *Service) forget(ctx context.Context, id int64, endpoint string) error {
	_, err := s.db.Exec(ctx, `DELETE FROM push_subscriptions WHERE id = ? AND endpoint = ?`, id, endpoint)
	return err
}
