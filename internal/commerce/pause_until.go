package commerce

import (
	"context"
	"log/slog"

	"efir/internal/httpx"
	"efir/internal/store"
)

// A pause may have a planned end (resume_at): the renewal job lifts it when
// that time comes, as if staff had lifted it at that very moment, so the
// subscription's end moves by exactly the planned length however late the
// job runs.

// APIPause is a subscription standing paused since PausedAt, until
// ResumeAt (0: until lifted).
type APIPause struct {
	SubscriptionID int64
	PausedAt       int64
	ResumeAt       int64
}

// APIPauses lists the subscriber's paused subscriptions, the latest pause
// first.
func (s *Service) APIPauses(ctx context.Context, providerID, userID int64) ([]APIPause, error) {
	if err := s.staffSubscriber(ctx, providerID, userID); err != nil {
		return nil, err
	}
	out := []APIPause{}
	err := store.Each(ctx, s.db, `SELECT id, paused_at, resume_at FROM subscriptions WHERE user_id = ? AND closed_at = 0
		AND paused_at > 0 ORDER BY paused_at DESC, id DESC`, []any{userID}, func(r store.Scanner) error {
		var p APIPause
		err := r.Scan(&p.SubscriptionID, &p.PausedAt, &p.ResumeAt)
		out = append(out, p)
		return err
	})
	return out, err
}

// StaffPauseUntil sets when a paused subscription resumes by itself (until
// 0: it stands until lifted). The time must be in the future and at most
// ten years away; a subscription that is not paused answers 409.
func (s *Service) StaffPauseUntil(ctx context.Context, providerID, userID, subID, until int64) (StaffSubscription, error) {
	now := s.now().Unix()
	if until != 0 && (until <= now || until > now+grantMaxSeconds) {
		return StaffSubscription{}, httpx.Invalid("end_at", "commerce_pause_end_out_of_range")
	}
	if err := s.staffSubscriber(ctx, providerID, userID); err != nil {
		return StaffSubscription{}, err
	}
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		x, err := lockSubscription(ctx, tx, userID, subID)
		if err != nil {
			return err
		}
		if x.ClosedAt != 0 || x.PausedAt == 0 {
			return conflict("commerce_staff_not_paused")
		}
		_, err = tx.Exec(ctx, `UPDATE subscriptions SET resume_at = ? WHERE id = ?`, until, x.ID)
		return err
	})
	if err != nil {
		return StaffSubscription{}, err
	}
	return s.staffSubscription(ctx, s.db, userID, subID)
}

// resumeDue lifts every pause whose planned end has come, each at its
// planned end; it answers how many it lifted. Several copies may run it at
// once: the row lock and the re-read make each pause lift once.
func (s *Service) resumeDue(ctx context.Context) (int, error) {
	now := s.now().Unix()
	var due []int64
	err := store.Each(ctx, s.db, `SELECT id FROM subscriptions WHERE resume_at > 0 AND resume_at <= ? AND paused_at > 0
		AND closed_at = 0 ORDER BY resume_at, id LIMIT 1000`, []any{now}, func(r store.Scanner) error {
		var id int64
		err := r.Scan(&id)
		due = append(due, id)
		return err
	})
	if err != nil {
		return 0, err
	}
	lifted := 0
	for _, id := range due {
		err := s.db.Tx(ctx, func(tx *store.Tx) error {
			x, err := scanSub(tx.QueryRow(ctx, `SELECT `+subColumns+` FROM subscriptions WHERE id = ?`, id))
			if err != nil {
				return store.MapErr(err)
			}
			if x, err = lockSubscription(ctx, tx, x.UserID, id); err != nil {
				return err
			}
			if x.ClosedAt != 0 || x.PausedAt == 0 || x.ResumeAt == 0 || x.ResumeAt > now {
				return nil // lifted or changed meanwhile
			}
			if _, err := resume(ctx, tx, x, x.ResumeAt); err != nil {
				return err
			}
			lifted++
			return nil
		})
		if err != nil {
			return lifted, err
		}
	}
	if lifted > 0 {
		slog.InfoContext(ctx, "pauses lifted at their planned end", "count", lifted)
	}
	return lifted, nil
}
