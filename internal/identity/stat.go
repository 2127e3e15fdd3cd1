package identity

import (
	"net/http"
	"strconv"
	"time"

	"efir/internal/httpx"
)

const (
	// maxStatDuration is the longest watch report accepted: one day in seconds.
	maxStatDuration = 86400
	// statReportGap: one report per stat id and device in this time. The
	// player reports every 30 s (web/src/features/player/usePlayback.ts),
	// so only a client that floods is refused.
	statReportGap = 5 * time.Second
)

// recordStat answers PATCH /v2/users/self/stat/{id}?duration=: a player
// reports how long something was watched; later areas read watch_stats.
// Each report is a row, so their pace is capped per device and stat id
// (429 rate_limited, nothing stored).
func (s *Service) recordStat(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if !validStatID(id) {
		return httpx.NotFound()
	}
	duration, ok := parseDuration(r.URL.Query().Get("duration"))
	if !ok {
		return httpx.Invalid("duration", "error_stat_duration")
	}
	sess := httpx.SessionFrom(r.Context())
	if err := s.streamSeen(r, sess, id); err != nil {
		return err
	}
	key := strconv.FormatInt(sess.DeviceID, 10) + "|" + id
	if err := s.take(r.Context(), s.limits.stat, key); err != nil {
		return err
	}
	err := RecordWatch(r.Context(), s.db, WatchReport{UserID: sess.UserID, ProviderID: sess.ProviderID, StatID: id,
		Duration: duration, At: s.now()})
	if err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

// validStatID: 1..64 characters of letters, digits and _ - . :
func validStatID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == ':') {
			return false
		}
	}
	return true
}

// parseDuration reads whole seconds 0..maxStatDuration.
func parseDuration(s string) (int64, bool) {
	if s == "" || len(s) > 6 {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n >= 0 && n <= maxStatDuration && s[0] != '+'
}
