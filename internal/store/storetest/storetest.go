// Package storetest gives tests a fresh, migrated database: SQLite always and
// PostgreSQL too when EFIR_TEST_POSTGRES_URL is set (each test gets its own
// database, a copy of one migrated once). Under CI=true or EFIR_TEST_REQUIRE_SERVICES=1 (make test sets it)
// PostgreSQL is required: a server that does not answer fails the test
// instead of quietly testing SQLite only.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"path/filepath"
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

// SQLite opens a migrated database file in a temporary directory: a copy of
// one migrated once per migration set (migrating costs far more than copying).
func SQLite(t testing.TB) *store.DB {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "test.db")
	tmpl, err := sqliteTemplate()
	if err != nil {
		t.Fatal(err)
	}
	if err := copyFile(tmpl, path); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(context.Background(), "sqlite:"+path, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
}

// Postgres opens a migrated database of its own on the server of
// EFIR_TEST_POSTGRES_URL, dropped when the test ends: a copy (CREATE DATABASE
// ... TEMPLATE) of one migrated once per migration set. Without the variable
// it skips the test, unless services are required (then the default URL is
// used). A server that does not answer fails the test.
func Postgres(t testing.TB) *store.DB {
	t.Helper()
	base := postgresURL()
	if base == "" {
		t.Skip("EFIR_TEST_POSTGRES_URL not set")
	}
	if err := probePostgres(base); err != nil {
		t.Fatalf("PostgreSQL at %s does not answer: %v\n%s", base, err, postgresHint)
	}
	tmpl, err := postgresTemplate(base)
	if err != nil {
		t.Fatal(err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "efir_t_" + hex.EncodeToString(b[:])
	if err := adminExec(base, "CREATE DATABASE "+name+" TEMPLATE "+tmpl); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = adminExec(base, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") })
	db, err := store.Open(context.Background(), withDatabase(base, name), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
}
