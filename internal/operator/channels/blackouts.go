package channels

import (
	"context"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// Blackouts: time ranges of a channel that cannot be replayed. The players
// already know blackouts as the guide's programmes without catch-up
// (schedule.is_catchup_available), so a blackout takes the catch-up of
// every programme overlapping it, now and after every later guide import.

// maxBlackout bounds one range.
const maxBlackout = 31 * 24 * time.Hour

// Blackout is one range.
type Blackout struct {
	ID     int64  `json:"id"`
	Start  string `json:"start"`
	End    string `json:"end"`
	Reason string `json:"reason"`
}

type blackoutInput struct {
	Start  string `json:"start"`
	End    string `json:"end"`
	Reason string `json:"reason"`
}

func stamp(t int64) string { return time.Unix(t, 0).UTC().Format(time.RFC3339) }

func listBlackouts(ctx context.Context, q store.Querier, provider, channel int64) ([]Blackout, error) {
	out := []Blackout{}
	err := store.Each(ctx, q, `SELECT id, start_at, end_at, reason FROM channel_blackouts WHERE provider_id = ? AND channel_id = ?
		ORDER BY start_at, id`, []any{provider, channel}, func(sc store.Scanner) error {
		var b Blackout
		var from, to int64
		if err := sc.Scan(&b.ID, &from, &to, &b.Reason); err != nil {
			return err
		}
		b.Start, b.End = stamp(from), stamp(to)
		out = append(out, b)
		return nil
	})
	return out, err
}

func (s *Section) handleBlackouts(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	if _, err := channelOf(ctx, s.db, provider, id); err != nil {
		return err
	}
	list, err := listBlackouts(ctx, s.db, provider, id)
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

func (s *Section) handleAddBlackout(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var in blackoutInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	from, err := time.Parse(time.RFC3339, strings.TrimSpace(in.Start))
	if err != nil {
		return httpx.Invalid("start", "console_channels_blackout_time")
	}
	to, err := time.Parse(time.RFC3339, strings.TrimSpace(in.End))
	if err != nil {
		return httpx.Invalid("end", "console_channels_blackout_time")
	}
	if !to.After(from) || to.Sub(from) > maxBlackout {
		return httpx.Invalid("end", "console_channels_blackout_range")
	}
	reason := strings.TrimSpace(in.Reason)
	if utf8.RuneCountInString(reason) > 200 {
		return httpx.Invalid("reason", "console_channels_blackout_reason")
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var b Blackout
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := channelOf(ctx, tx, provider, id); err != nil {
			return err
		}
		bid, err := store.InsertID(ctx, tx, `INSERT INTO channel_blackouts (provider_id, channel_id, start_at, end_at, reason, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, provider, id, from.Unix(), to.Unix(), reason, s.staff.Now())
		if err != nil {
			return err
		}
		b = Blackout{ID: bid, Start: stamp(from.Unix()), End: stamp(to.Unix()), Reason: reason}
		if err := applyBlackouts(ctx, tx, provider); err != nil {
			return err
		}
		if err := s.staff.Audit(ctx, tx, r, "channel.blackout_add", "channel", id, nil, b); err != nil {
			return err
		}
		return s.changed(ctx, tx)
	})
	if err != nil {
		return err
	}
	s.invalidate()
	httpx.WriteJSON(w, http.StatusCreated, b)
	return nil
}

func (s *Section) handleDeleteBlackout(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	bid, err := httpx.PathID(r, "blackout")
	if err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		var from, to int64
		var reason string
		if err := store.Get(ctx, tx, `SELECT start_at, end_at, reason FROM channel_blackouts WHERE id = ? AND channel_id = ?
			AND provider_id = ?`, []any{bid, id, provider}, &from, &to, &reason); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM channel_blackouts WHERE id = ?", bid); err != nil {
			return err
		}
		// the range's programmes get their catch-up back, unless another
		// blackout still covers them
		if _, err := tx.Exec(ctx, `UPDATE schedule SET is_catchup_available = TRUE WHERE channel_id = ?
			AND start_at < ? AND start_at + duration > ?`, id, to, from); err != nil {
			return err
		}
		if err := applyBlackouts(ctx, tx, provider); err != nil {
			return err
		}
		if err := s.staff.Audit(ctx, tx, r, "channel.blackout_delete", "channel", id,
			Blackout{ID: bid, Start: stamp(from), End: stamp(to), Reason: reason}, nil); err != nil {
			return err
		}
		return s.changed(ctx, tx)
	})
	if err != nil {
		return err
	}
	s.invalidate()
	httpx.NoContent(w)
	return nil
}

// applyBlackouts takes the catch-up of every programme of the provider's
// channels that overlaps one of their blackouts.
func applyBlackouts(ctx context.Context, q store.Querier, provider int64) error {
	_, err := q.Exec(ctx, `UPDATE schedule SET is_catchup_available = FALSE WHERE is_catchup_available = TRUE
		AND EXISTS (SELECT 1 FROM channel_blackouts b WHERE b.provider_id = ? AND b.channel_id = schedule.channel_id
		AND schedule.start_at < b.end_at AND schedule.start_at + schedule.duration > b.start_at)`, provider)
	return err
}
