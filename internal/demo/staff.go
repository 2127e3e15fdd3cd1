package demo

import (
	"context"
	"errors"
	"sync"

	"efir/internal/identity"
	"efir/internal/store"
)

// The demo operator's console staff (README): the owner
// admin@efir.example / efir24-admin, whose second factor is not required
// (a demo has no phone to enrol), and one member of each other role with the
// password efir24-staff.
var demoStaff = []struct{ email, name, role, password string }{
	{"admin@efir.example", "Администратор", "owner", "efir24-admin"},
	{"support@efir.example", "Поддержка", "support", "efir24-staff"},
	{"editor@efir.example", "Редактор", "content", "efir24-staff"},
	{"finance@efir.example", "Бухгалтерия", "finance", "efir24-staff"},
}

// staffHashes are the demo passwords' hashes, made once per process (a
// memory-hard hash is slow on purpose; tests seed many databases).
var staffHashes = sync.OnceValues(func() (map[string]string, error) {
	out := map[string]string{}
	for _, s := range demoStaff {
		if _, ok := out[s.password]; ok {
			continue
		}
		h, err := identity.HashPassword(s.password)
		if err != nil {
			return nil, err
		}
		out[s.password] = h
	}
	return out, nil
})

// EnsureStaff adds the demo staff once (also to a database seeded before the
// console existed).
func EnsureStaff(ctx context.Context, db *store.DB) error {
	var v string
	if err := store.Get(ctx, db, "SELECT value FROM settings WHERE name = 'demo_seeded'", nil, &v); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		return err
	}
	hashes, err := staffHashes()
	if err != nil {
		return err
	}
	return db.Tx(ctx, func(tx *store.Tx) error {
		for _, s := range demoStaff {
			hash := hashes[s.password]
			if _, err := tx.Exec(ctx, `INSERT INTO staff (provider_id, email, name, role, password_hash, totp_exempt, created_at)
				VALUES (1, ?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`, s.email, s.name, s.role, hash, s.role == "owner",
				demoJoinedUnix); err != nil {
				return err
			}
		}
		return nil
	})
}
