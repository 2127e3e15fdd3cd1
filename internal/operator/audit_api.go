package operator

import (
	"context"
	"database/sql"

	"efir/internal/store"
)

// APIChange is a change made through the provider API (package providerapi):
// its actor is the operator's API token, named as the console shows it.
type APIChange struct {
	At         int64
	ProviderID int64
	TokenID    int64
	TokenName  string
	IP         string
	Action     string
	ObjectType string
	ObjectID   any
	Before     any
	After      any
}

// RecordAPIChange writes c to the audit log with actor_kind api, in q: the
// change's own transaction when it has one.
func RecordAPIChange(ctx context.Context, q store.Querier, c APIChange) error {
	return record(ctx, q, entry{At: c.At, ProviderID: sql.NullInt64{Int64: c.ProviderID, Valid: true},
		Actor: member{ID: c.TokenID, Email: c.TokenName}, ActorKind: "api", IP: c.IP, Action: c.Action,
		ObjectType: c.ObjectType, ObjectID: c.ObjectID, Before: c.Before, After: c.After})
}

// APITokenHash is what the database keeps of a provider API token.
func APITokenHash(token string) string { return tokenHash(token) }
