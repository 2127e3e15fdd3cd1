package store_test

import (
	"context"
	"errors"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestMigrateIsIdempotentAndErrorsMap(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := db.Migrate(ctx); err != nil {
			t.Fatalf("second migrate: %v", err)
		}
		if _, err := db.Exec(ctx, "INSERT INTO settings (name, value) VALUES (?, ?)", "a", "1"); err != nil {
			t.Fatal(err)
		}
		_, err := db.Exec(ctx, "INSERT INTO settings (name, value) VALUES (?, ?)", "a", "2")
		if !errors.Is(err, store.ErrConflict) {
			t.Fatalf("duplicate insert: want ErrConflict, got %v", err)
		}
		var v string
		err = store.Get(ctx, db, "SELECT value FROM settings WHERE name = ?", []any{"missing"}, &v)
		if !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("missing row: want ErrNotFound, got %v", err)
		}
		err = db.Tx(ctx, func(tx *store.Tx) error {
			if _, err := tx.Exec(ctx, "UPDATE settings SET value = ? WHERE name = ?", "3", "a"); err != nil {
				return err
			}
			return errors.New("roll back")
		})
		if err == nil {
			t.Fatal("want the error of fn")
		}
		if err := store.Get(ctx, db, "SELECT value FROM settings WHERE name = ?", []any{"a"}, &v); err != nil || v != "1" {
			t.Fatalf("rolled back value: %q %v", v, err)
		}
	})
}

func TestRebind(t *testing.T) {
	got := store.RebindForTest(store.Postgres, "SELECT '?' , a FROM t WHERE a = ? AND b = ?")
	want := "SELECT '?' , a FROM t WHERE a = $1 AND b = $2"
	if got != want {
		t.Fatalf("got %q want %q", got, want)
	}
}

func TestWritesThroughQueryRowUseTheWriter(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		var name string
		err := db.QueryRow(ctx, "INSERT INTO settings (name, value) VALUES (?, ?) RETURNING name", "w", "1").Scan(&name)
		if err != nil || name != "w" {
			t.Fatalf("insert returning on DB: %q %v", name, err)
		}
	})
}
