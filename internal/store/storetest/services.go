package storetest

import (
	"context"
	"database/sql"
	"net"
	"net/url"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"
)

// Where the services are when a run requires them and names none (the
// Makefile's defaults).
const (
	DefaultPostgresURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
	DefaultRedisURL    = "redis://127.0.0.1:6379/0"
)

const postgresHint = `Start one, for example:
  docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres && createdb -h 127.0.0.1 -U postgres test
or point EFIR_TEST_POSTGRES_URL at yours. Only a plain "go test" without CI=true and
EFIR_TEST_REQUIRE_SERVICES may run without it (SQLite only).`

const redisHint = `Start one, for example:
  docker run -d -p 6379:6379 redis   (or: apt-get install redis-server)
or point EFIR_TEST_REDIS_URL at yours. Only a plain "go test" without CI=true and
EFIR_TEST_REQUIRE_SERVICES may run without it (the Redis tests are then skipped).`

// ServicesRequired tells whether a missing PostgreSQL or Redis fails the run:
// in CI (CI=true) and under make test (EFIR_TEST_REQUIRE_SERVICES=1). A
// developer's plain "go test" may skip them.
func ServicesRequired() bool {
	ci, _ := strconv.ParseBool(os.Getenv("CI"))
	req, _ := strconv.ParseBool(os.Getenv("EFIR_TEST_REQUIRE_SERVICES"))
	return ci || req
}

// postgresURL is EFIR_TEST_POSTGRES_URL, or the default one when services
// are required; "" means the PostgreSQL tests are skipped.
func postgresURL() string {
	if u := os.Getenv("EFIR_TEST_POSTGRES_URL"); u != "" {
		return u
	}
	if ServicesRequired() {
		return DefaultPostgresURL
	}
	return ""
}

var (
	pgProbeMu sync.Mutex
	pgProbed  = map[string]error{}
)

// probePostgres connects once per URL and process, so a missing server
// fails every test at once with the same message instead of timing out in each.
func probePostgres(u string) error {
	pgProbeMu.Lock()
	defer pgProbeMu.Unlock()
	if err, ok := pgProbed[u]; ok {
		return err
	}
	db, err := sql.Open("pgx", u)
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err = db.PingContext(ctx)
		cancel()
		db.Close()
	}
	pgProbed[u] = err
	return err
}

// RedisURL is the Redis the test may use: EFIR_TEST_REDIS_URL, else
// DefaultRedisURL when a server answers there or services are required.
// Without one the test is skipped, or fails when services are required.
// The caller still connects; only the answer on the port is checked here.
func RedisURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv("EFIR_TEST_REDIS_URL")
	explicit := u != ""
	if !explicit {
		u = DefaultRedisURL
	}
	err := probeRedis(u)
	switch {
	case err == nil:
		return u
	case explicit || ServicesRequired():
		t.Fatalf("Redis at %s does not answer: %v\n%s", u, err, redisHint)
	default:
		t.Skipf("no Redis at %s and EFIR_TEST_REDIS_URL not set", u)
	}
	return ""
}

// probeRedis checks that something accepts connections at the URL's address
// (unix:// sockets are left to the client to report).
func probeRedis(raw string) error {
	p, err := url.Parse(raw)
	if err != nil {
		return err
	}
	if p.Scheme == "unix" {
		return nil
	}
	host := p.Host
	if p.Port() == "" {
		host = net.JoinHostPort(p.Hostname(), "6379")
	}
	c, err := net.DialTimeout("tcp", host, 2*time.Second)
	if err != nil {
		return err
	}
	return c.Close()
}
