package identity

import (
	"net/http"
	"strconv"

	"efir/internal/httpx"
)

// maxStatDuration is the longest watch report accepted: one day in seconds.
const maxStatDuration = 86400

// recordStat answers PATCH /v2/users/self/stat/{id}?duration=: a player
// reports how long something was watched; later areas read watch_stats.
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
	_, err := s.db.Exec(r.Context(), "INSERT INTO watch_stats (user_id, stat_id, duration, created_at) VALUES (?, ?, ?, ?)",
		sess.UserID, id, duration, s.now().Unix())
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
