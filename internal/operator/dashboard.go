package operator

import (
	"context"
	"time"

	"efir/internal/identity"
	"efir/internal/store"
)

// The dashboard's read model. Like the subscribers' card it reads what other
// areas keep, always within the console's operator: identity's watch
// roll-ups (watch_now, watch_totals; migration 0020) here, and users,
// payments, subscriptions and packets for the series (dashboard_counting.go).

const topWatched = 20

// Watched is a channel or a content and how many watch it now.
type Watched struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Viewers int64  `json:"viewers"`
}

// WatchingNow is GET /v2/operator/dashboard/now.
type WatchingNow struct {
	Viewers   int64     `json:"viewers"`
	ByChannel []Watched `json:"by_channel"`
	ByContent []Watched `json:"by_content"`
	At        int64     `json:"at"`
}

// watchingNow counts the viewers whose latest report is within the last
// identity.WatchingWindow, in whole slots: the slots that start inside the
// window (a report 81 to 90 s old may already be left out, one older never
// counts; players report every 30 s).
func watchingNow(ctx context.Context, db *store.DB, providerID int64, now time.Time) (WatchingNow, error) {
	window := now.Unix() - int64(identity.WatchingWindow.Seconds())
	first := (window + identity.WatchSlotSeconds - 1) / identity.WatchSlotSeconds
	out := WatchingNow{At: now.Unix()}
	if err := store.Get(ctx, db, `SELECT COALESCE(SUM(viewers), 0) FROM watch_now WHERE provider_id = ? AND slot >= ?
		AND object_kind = ''`, []any{providerID, first}, &out.Viewers); err != nil {
		return out, err
	}
	// Summed first, then named: an id that is not the operator's (a stat
	// id is the player's word) drops out with the join.
	var err error
	out.ByChannel, err = topWatchedBy(ctx, db, `SELECT v.object_id, c.name, v.n FROM (`+slotsByObject+`) v
		JOIN channels c ON c.id = v.object_id AND c.provider_id = ? WHERE v.n > 0 ORDER BY v.n DESC, v.object_id LIMIT ?`,
		providerID, first, identity.WatchChannel, providerID, topWatched)
	if err != nil {
		return out, err
	}
	// An episode is named with its series: "Series · Episode".
	out.ByContent, err = topWatchedBy(ctx, db, `SELECT v.object_id, CASE
			WHEN c.content_type = 'episode' AND p.content_type = 'season' AND g.title IS NOT NULL THEN g.title || ' · ' || c.title
			WHEN c.content_type = 'episode' AND p.title IS NOT NULL THEN p.title || ' · ' || c.title
			ELSE c.title END, v.n
		FROM (`+slotsByObject+`) v JOIN contents c ON c.id = v.object_id AND c.provider_id = ?
		LEFT JOIN contents p ON p.id = c.parent_id LEFT JOIN contents g ON g.id = p.parent_id
		WHERE v.n > 0 ORDER BY v.n DESC, v.object_id LIMIT ?`,
		providerID, first, identity.WatchContent, providerID, topWatched)
	return out, err
}

// slotsByObject sums the viewers of each object of one kind from a slot on
// (arguments: operator, first slot, kind).
const slotsByObject = `SELECT object_id, SUM(viewers) AS n FROM watch_now
	WHERE provider_id = ? AND slot >= ? AND object_kind = ? GROUP BY object_id`

func topWatchedBy(ctx context.Context, db *store.DB, query string, args ...any) ([]Watched, error) {
	out := []Watched{}
	err := store.Each(ctx, db, query, args, func(row store.Scanner) error {
		var w Watched
		if err := row.Scan(&w.ID, &w.Name, &w.Viewers); err != nil {
			return err
		}
		out = append(out, w)
		return nil
	})
	return out, err
}
