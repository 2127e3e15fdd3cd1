package identity

import (
	"context"
	"database/sql"
	"errors"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/store"
)

// What the operator's staff do to a subscriber's account from the console.
// Each call is limited to the subscribers of providerID: another operator's
// subscriber (or a guest) is not found.

// staffSubscriber checks that userID is a registered subscriber of providerID.
func staffSubscriber(ctx context.Context, q store.Querier, providerID, userID int64) (phone string, err error) {
	var p sql.NullString
	err = q.QueryRow(ctx, "SELECT phone FROM users WHERE id = ? AND provider_id = ? AND is_guest = FALSE", userID, providerID).Scan(&p)
	if errors.Is(err, sql.ErrNoRows) {
		return "", httpx.NotFound()
	}
	return p.String, err
}

// StaffBlock blocks (or unblocks) a subscriber. Blocking ends every session
// at once and no sign-in issues a new one until the block is lifted.
func (s *Service) StaffBlock(ctx context.Context, providerID, userID int64, blocked bool) error {
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := staffSubscriber(ctx, tx, providerID, userID); err != nil {
			return err
		}
		at := int64(0)
		if blocked {
			at = s.now().Unix()
		}
		if _, err := tx.Exec(ctx, "UPDATE users SET blocked_at = CASE WHEN ? = 0 THEN 0 WHEN blocked_at > 0 THEN blocked_at ELSE ? END WHERE id = ?",
			at, at, userID); err != nil {
			return err
		}
		if !blocked {
			return nil
		}
		_, err := tx.Exec(ctx, "DELETE FROM tokens WHERE user_id = ?", userID)
		return err
	})
}

// StaffEndSessions signs the subscriber out everywhere (their devices stay
// registered; each signs in again).
func (s *Service) StaffEndSessions(ctx context.Context, providerID, userID int64) error {
	if _, err := staffSubscriber(ctx, s.db, providerID, userID); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, "DELETE FROM tokens WHERE user_id = ?", userID)
	return err
}

// StaffRemoveDevice removes one of the subscriber's devices and its sessions.
func (s *Service) StaffRemoveDevice(ctx context.Context, providerID, userID, deviceID int64) error {
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := staffSubscriber(ctx, tx, providerID, userID); err != nil {
			return err
		}
		if err := revokeDeviceTokens(ctx, tx, deviceID); err != nil {
			return err
		}
		res, err := tx.Exec(ctx, "DELETE FROM devices WHERE id = ? AND user_id = ?", deviceID, userID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(err, httpx.NotFound())
		}
		return nil
	})
}

// StaffResetParental replaces the subscriber's parental PIN with a new one
// sent to their phone (the same SMS as the viewer's own reset), in lang.
func (s *Service) StaffResetParental(ctx context.Context, providerID, userID int64, lang string) error {
	phone, err := staffSubscriber(ctx, s.db, providerID, userID)
	if err != nil {
		return err
	}
	if phone == "" {
		return httpx.New(http.StatusBadRequest, httpx.TypeValidation, "error_parental_no_phone")
	}
	pin, err := randomPIN()
	if err != nil {
		return err
	}
	// Deliver before storing: if delivery fails the old PIN keeps working.
	if err := s.codes.SendText(ctx, providerID, phone, httpx.T(lang, "parental_pin_sms", pin)); err != nil {
		return err
	}
	return storePIN(ctx, s.db, userID, pin)
}

// refuseBlocked: no token for a blocked subscriber.
func refuseBlocked(ctx context.Context, q store.Querier, userID int64) error {
	var at int64
	if err := q.QueryRow(ctx, "SELECT blocked_at FROM users WHERE id = ?", userID).Scan(&at); err != nil {
		return err
	}
	if at > 0 {
		return httpx.Forbidden("identity_user_blocked")
	}
	return nil
}
