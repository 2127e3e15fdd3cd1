package identity

import (
	"context"
	"runtime"
	"strings"
	"time"

	"efir/internal/httpx"
)

// An argon2 check takes 19 MiB and a core for tens of milliseconds, and
// anyone may ask for one (a wrong password, an unknown login): without a
// bound, a few hundred parallel sign-ins take gigabytes and every core. The
// checks take turns, as many at once as there are cores; a request that
// cannot get a turn soon is told to come back (429) rather than queued
// without end.

// argonWait is how long a check waits for a turn (a variable for tests).
var argonWait = 2 * time.Second

// argonTurns holds one token per check running.
var argonTurns = make(chan struct{}, max(runtime.NumCPU(), 1))

// checkPasswordInTurn is CheckPassword taking a turn for the costly hashes
// (a guest's random secret is one SHA-256 and needs none).
func checkPasswordInTurn(ctx context.Context, encoded, password string) (bool, error) {
	if strings.HasPrefix(encoded, "$sha256$") {
		return CheckPassword(encoded, password)
	}
	release, err := argonTurn(ctx)
	if err != nil {
		return false, err
	}
	defer release()
	return CheckPassword(encoded, password)
}

// argonTurn waits up to argonWait for a turn.
func argonTurn(ctx context.Context) (func(), error) {
	select {
	case argonTurns <- struct{}{}:
		return func() { <-argonTurns }, nil
	default:
	}
	t := time.NewTimer(argonWait)
	defer t.Stop()
	select {
	case argonTurns <- struct{}{}:
		return func() { <-argonTurns }, nil
	case <-t.C:
		return nil, httpx.RateLimited(1)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
