package identity

import (
	"context"
	"log/slog"
	"net/netip"
	"time"

	"efir/internal/httpx"
	"efir/internal/ratelimit"
)

// limits are the throttles of the sign-in calls. Their events live where
// every copy of efir sees them (ratelimit: the database, or Redis), so
// running several copies does not multiply the limits.
type limits struct {
	guest    ratelimit.Limiter // guest creation per client address
	register ratelimit.Limiter // phone registrations per client address
	lookup   ratelimit.Limiter // unknown-phone answers of POST /v2/otps per client address
	login    ratelimit.Limiter // wrong passwords per login and address
	// loginAddress counts wrong passwords per address, whatever the login.
	loginAddress ratelimit.Limiter
	pinReset     ratelimit.Limiter // PIN resets by SMS per user (besides one a minute)
	stat         ratelimit.Limiter // watch reports per device and stat id
}

// newLimits makes the throttles. The bucket names are stored with the
// events: renaming one resets its counts.
func newLimits(f ratelimit.Factory, guestsPerHour int) limits {
	if guestsPerHour <= 0 {
		guestsPerHour = 30
	}
	return limits{
		guest:    f("guest", guestsPerHour, time.Hour),
		register: f("register", 30, time.Hour),
		lookup:   f("phone_lookup", 30, time.Hour),
		login:    f("login_failure", 5, 15*time.Minute),
		// Generous: many subscribers may share one address behind NAT.
		loginAddress: f("login_failure_address", 50, 15*time.Minute),
		pinReset:     f("pin_reset", 5, time.Hour),
		stat:         f("watch_stat", 1, statReportGap),
	}
}

// checkLimit answers rate_limited while key of l must wait.
func (s *Service) checkLimit(ctx context.Context, l ratelimit.Limiter, key string) error {
	wait, err := l.Wait(ctx, key, s.now())
	if err != nil {
		return err
	}
	if wait > 0 {
		return httpx.RateLimited(waitSeconds(wait))
	}
	return nil
}

// take claims one event of key under l before the counted action, in one
// atomic step: requests racing on key get no more than the limit. A refusal
// is rate_limited and records nothing.
func (s *Service) take(ctx context.Context, l ratelimit.Limiter, key string) error {
	wait, err := l.Take(ctx, key, s.now())
	if err != nil {
		return err
	}
	if wait > 0 {
		return httpx.RateLimited(waitSeconds(wait))
	}
	return nil
}

// count records an event of key. It runs after the counted action has
// happened (a password refused, a PIN sent), so a failure to record is
// logged and never changes the answer: the password was wrong, the PIN is
// sent; the limit is only looser by one event.
func (s *Service) count(ctx context.Context, l ratelimit.Limiter, key string) {
	if err := l.Add(ctx, key, s.now()); err != nil {
		slog.WarnContext(ctx, "rate limit event not recorded", "err", err)
	}
}

// uncount forgets key's events (a good password clears its failures); a
// failure leaves them to expire with their window.
func (s *Service) uncount(ctx context.Context, l ratelimit.Limiter, key string) {
	if err := l.Reset(ctx, key); err != nil {
		slog.WarnContext(ctx, "rate limit reset failed", "err", err)
	}
}

// addressKey is the key of a client address in the per-address limits. An
// IPv6 client usually holds a whole /64 and can pick any address in it, so
// the /64 is what is counted.
func addressKey(ip netip.Addr) string {
	ip = ip.Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

// waitSeconds rounds a wait up to whole seconds for rate_limited answers.
func waitSeconds(d time.Duration) int {
	return int((d + time.Second - 1) / time.Second)
}
