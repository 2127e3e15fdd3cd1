package artwork_test

import (
	"context"
	"testing"

	"efir/internal/store"
)

// inserter runs INSERT ... RETURNING id statements of a test's fixture.
func inserter(t *testing.T, db *store.DB) func(q string, args ...any) int64 {
	return func(q string, args ...any) int64 {
		t.Helper()
		id, err := store.InsertID(context.Background(), db, q, args...)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
}
