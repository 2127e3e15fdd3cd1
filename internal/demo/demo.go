// Package demo loads the deterministic demo operator: the same data on every
// machine, so that tests and first-time users can rely on it.
package demo

import (
	"context"
	"errors"

	"efir/internal/store"
)

// Seed loads the demo operator once; later calls find the marker and do
// nothing, so a restart keeps viewers' data.
func Seed(ctx context.Context, db *store.DB) error {
	var v string
	err := store.Get(ctx, db, "SELECT value FROM settings WHERE name = 'demo_seeded'", nil, &v)
	if err == nil {
		return nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	return db.Tx(ctx, func(tx *store.Tx) error {
		if err := seedProviders(ctx, tx); err != nil {
			return err
		}
		if err := seedUsers(ctx, tx); err != nil {
			return err
		}
		if err := seedTV(ctx, tx); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "INSERT INTO settings (name, value) VALUES ('demo_seeded', '1')")
		return err
	})
}
