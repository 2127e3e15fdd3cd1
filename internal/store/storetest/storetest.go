// Package storetest gives tests a fresh, migrated database: SQLite always and
// PostgreSQL too when EFIR_TEST_POSTGRES_URL is set (each test gets its own
// schema). Under CI=true or EFIR_TEST_REQUIRE_SERVICES=1 (make test sets it)
// PostgreSQL is required: a server that does not answer fails the test
// instead of quietly testing SQLite only.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"path/filepath"
	"strings"
	"testing"

	"efir/internal/store"
)

// Each runs fn once per available database, as subtests "sqlite" and "postgres".
// When services are required the PostgreSQL subtest always runs (and fails
// without a server), so a green run cannot have skipped it.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	if postgresURL() != "" {
		t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
	}
}

// SQLite opens a migrated database file in a temporary directory.
func SQLite(t testing.TB) *store.DB {
	t.Helper()
	dir := t.TempDir()
	db, err := store.Open(context.Background(), "sqlite:"+filepath.Join(dir, "test.db"), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
}

// Postgres opens a migrated database in a new schema of EFIR_TEST_POSTGRES_URL,
// dropped when the test ends. Without the variable it skips the test, unless
// services are required (then the default URL is used). A server that does
// not answer fails the test.
func Postgres(t testing.TB) *store.DB {
	t.Helper()
	base := postgresURL()
	if base == "" {
		t.Skip("EFIR_TEST_POSTGRES_URL not set")
	}
	if err := probePostgres(base); err != nil {
		t.Fatalf("PostgreSQL at %s does not answer: %v\n%s", base, err, postgresHint)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "t_" + hex.EncodeToString(b[:])
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		a, err := sql.Open("pgx", base)
		if err == nil {
			_, _ = a.Exec("DROP SCHEMA " + schema + " CASCADE")
			a.Close()
		}
	})
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	db, err := store.Open(context.Background(), base+sep+"search_path="+schema, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
}
