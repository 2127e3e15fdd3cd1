package identity_test

import (
	"context"
	"net/http"
	"net/netip"
	"testing"

	"github.com/redis/go-redis/v9"

	"efir/internal/apitest"
	"efir/internal/config"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// twoCopies builds two handlers on one database, as two copies of efir
// behind a balancer, both seeing requests from addr.
func twoCopies(t *testing.T, db *store.DB, addr string, tweak func(*config.Config)) (a, b *apitest.Server) {
	a = apitest.New(t, db, tweak)
	b = apitest.New(t, db, tweak, func(c *config.Config) { c.Demo = false })
	a.RemoteAddr, b.RemoteAddr = addr, addr
	return a, b
}

// failLogins sends wrong passwords for the demo login, alternating copies,
// and then the right one through a: the sixth try must be refused.
func failLogins(t *testing.T, a, b *apitest.Server) {
	t.Helper()
	for i := range 5 {
		srv := []*apitest.Server{a, b}[i%2]
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "demo", "password": "wrong"}})
		mustStatus(t, res, http.StatusUnauthorized)
	}
	for _, srv := range []*apitest.Server{a, b} {
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "demo", "password": "efir24"}})
		if res.Status != http.StatusTooManyRequests || res.ErrorType() != "rate_limited" || res.Header.Get("Retry-After") == "" {
			t.Fatalf("after 5 failures spread over two copies: %d %s", res.Status, res.Body)
		}
	}
}

// TestCopiesShareLimits: the sign-in limits count in the database, so a
// client spreading its tries over several copies gets no more of them.
func TestCopiesShareLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, b := twoCopies(t, db, "10.9.0.1:5000", func(*config.Config) {})
		failLogins(t, a, b)

		// Guest creation per address, likewise: 30 an hour in all.
		a.RemoteAddr, b.RemoteAddr = "10.9.0.2:5000", "10.9.0.2:5000"
		for i := range 31 {
			srv := []*apitest.Server{a, b}[i%2]
			res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]any{
				"username": "g" + randomHex(8), "password": randomHex(16), "is_guest": true}})
			if i < 30 {
				mustStatus(t, res, http.StatusCreated)
			} else if res.Status != http.StatusTooManyRequests {
				t.Fatalf("31st guest of one address over two copies: %d %s", res.Status, res.Body)
			}
		}
	})
}

// TestCopiesShareLimitsInRedis: with EFIR_REDIS_URL the counts live in Redis
// and not in the database. A missing Redis fails the run where the services
// are required (make test, CI), and skips elsewhere (storetest.RedisURL).
func TestCopiesShareLimitsInRedis(t *testing.T) {
	url := storetest.RedisURL(t)
	db := storetest.SQLite(t)
	// A fresh address keeps runs apart in a shared Redis; its keys expire
	// with their window, and are deleted at the end anyway.
	addr := "[2001:db8:" + randomHex(2) + ":" + randomHex(2) + "::1]:5000"
	a, b := twoCopies(t, db, addr, func(c *config.Config) { c.RedisURL = url })
	failLogins(t, a, b)

	opt, _ := redis.ParseURL(url)
	rc := redis.NewClient(opt)
	defer rc.Close()
	ctx := context.Background()
	keys, err := rc.Keys(ctx, "efir:rl:login_failure:demo|"+mustPrefix64(t, addr)).Result()
	if err != nil || len(keys) != 1 {
		t.Fatalf("redis keys %v, %v", keys, err)
	}
	defer rc.Del(ctx, keys...)
	var n int
	if err := store.Get(ctx, db, "SELECT COUNT(*) FROM rate_limits", nil, &n); err != nil || n != 0 {
		t.Fatalf("%d events in the database with Redis configured (%v)", n, err)
	}
}

// mustPrefix64 is how the limits name an IPv6 client: by its /64.
func mustPrefix64(t *testing.T, addr string) string {
	p, err := netip.MustParseAddrPort(addr).Addr().Prefix(64)
	if err != nil {
		t.Fatal(err)
	}
	return p.String()
}
