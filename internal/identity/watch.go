package identity

import (
	"strconv"
	"strings"
	"time"
)

// Watch reports as roll-ups (migration 0020): each accepted report is a raw
// row, kept for the operator's stat_retention_days, and adds to the seconds of
// its viewer, object and day (watch_daily) and of its operator's day
// (watch_totals), and counts its viewer as watching the object now
// (watch_live, watch_now). The operator's dashboard reads the roll-ups.

// WatchReport is one accepted player report.
type WatchReport struct {
	UserID, ProviderID int64
	StatID             string
	// Duration: seconds watched since the player's previous report.
	Duration int64
	At       time.Time
}

// What a stat id names (watch_daily.object_kind).
const (
	WatchChannel = "channel"
	WatchContent = "content"
)

// watchTotalShards spreads an operator's day over rows (watch_totals).
const watchTotalShards = 16

// watchObject reads the object from a stat id the streams handed out:
// "tv<channel id>-<random>" (tv/stream.go) and "vod<content id>-<random>"
// (catalog/stream.go). Trailers and ids of other players are kept as raw rows
// only.
func watchObject(statID string) (kind string, id int64, ok bool) {
	var rest string
	switch {
	case strings.HasPrefix(statID, "tv"):
		kind, rest = WatchChannel, statID[2:]
	case strings.HasPrefix(statID, "vod"):
		kind, rest = WatchContent, statID[3:]
	default:
		return "", 0, false
	}
	digits, _, found := strings.Cut(rest, "-")
	if !found || digits == "" || digits[0] == '+' {
		return "", 0, false
	}
	id, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || id <= 0 {
		return "", 0, false
	}
	return kind, id, true
}
