package bench

import (
	"context"
	"path/filepath"
	"testing"

	"efir/internal/store"
)

// The databases a benchmark runs on, closed when it ends.

// benchSQLite opens a new SQLite file in a temporary folder.
func benchSQLite(b *testing.B) *store.DB {
	dir := b.TempDir()
	db, err := store.Open(context.Background(), "sqlite:"+filepath.Join(dir, "efir.db"), dir)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}

// benchPostgres opens url in a clean schema of its own (dropped and made
// again).
func benchPostgres(b *testing.B, url, schema string) *store.DB {
	ctx := context.Background()
	db, err := store.Open(ctx, url, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	for _, q := range []string{"DROP SCHEMA IF EXISTS " + schema + " CASCADE", "CREATE SCHEMA " + schema} {
		if _, err := db.Exec(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
	db.Close()
	db, err = store.Open(ctx, url+"&search_path="+schema, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}
