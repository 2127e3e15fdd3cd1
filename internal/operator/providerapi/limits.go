package providerapi

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	"efir/internal/httpx"
	"efir/internal/ratelimit"
)

// A token's calls are counted in three sliding windows. Each limit is a
// rule of its own in the shared store (the bucket names the window and the
// limit), keyed by the token, so every copy of efir counts the same calls.
var windows = []struct {
	name   string
	length time.Duration
	max    func(*caller) int
}{
	{"second", time.Second, func(c *caller) int { return c.PerSecond }},
	{"hour", time.Hour, func(c *caller) int { return c.PerHour }},
	{"day", 24 * time.Hour, func(c *caller) int { return c.PerDay }},
}

// limit counts a call of c, or refuses it with 429 and the wait when one of
// its windows is full. The windows are read first, so a refused call takes
// nothing from the others; then each records the call atomically (a call
// racing another for the last place may still be refused there).
func (s *Service) limit(ctx context.Context, c *caller) error {
	if s.cfg.Limits == nil {
		return nil
	}
	now := s.now()
	key := strconv.FormatInt(c.TokenID, 10)
	limiters := make([]ratelimit.Limiter, len(windows))
	for i, w := range windows {
		n := max(w.max(c), 1)
		limiters[i] = s.cfg.Limits(fmt.Sprintf("provider_api_%s_%d", w.name, n), n, w.length)
		wait, err := limiters[i].Wait(ctx, key, now)
		if err != nil {
			return err
		}
		if wait > 0 {
			return rateLimited(wait)
		}
	}
	for _, l := range limiters {
		wait, err := l.Take(ctx, key, now)
		if err != nil {
			return err
		}
		if wait > 0 {
			return rateLimited(wait)
		}
	}
	return nil
}

// rateLimited is 429 rate_limited with the wait in whole seconds, rounded up.
func rateLimited(wait time.Duration) error {
	return httpx.RateLimited(int(math.Ceil(wait.Seconds())))
}
