// Package storetest gives tests a fresh, migrated database: SQLite always and
// PostgreSQL too when EFIR_TEST_POSTGRES_URL is set (each test gets its own schema).
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"efir/internal/store"
)

// Each runs fn once per available database, as subtests "sqlite" and "postgres".
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	if os.Getenv("EFIR_TEST_POSTGRES_URL") != "" {
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
// dropped when the test ends. It skips the test when the variable is unset.
func Postgres(t testing.TB) *store.DB {
	t.Helper()
	base := os.Getenv("EFIR_TEST_POSTGRES_URL")
	if base == "" {
		t.Skip("EFIR_TEST_POSTGRES_URL not set")
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
