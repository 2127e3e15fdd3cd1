package search

import (
	"context"

	"efir/internal/store"
)

// Written is what one refresh of a provider wrote.
type Written struct {
	Full                          bool
	Inserted, Deleted, Vocabulary int
}

// RefreshProvider refreshes one provider's index as a running copy does
// when it finds it behind, and says what it wrote.
func RefreshProvider(ctx context.Context, db *store.DB, providerID int64) (Written, error) {
	be := backendFor(db.Dialect())
	if err := prepare(ctx, db, be); err != nil {
		return Written{}, err
	}
	r, err := refresh(ctx, db, be, providerID, false)
	return Written{r.full, r.inserted, r.deleted, r.vocabulary}, err
}
