package providerapi

import (
	"context"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// auditIn records a change to the path's subscriber in q: the change's own
// transaction.
func (s *Service) auditIn(q store.Querier, r *http.Request, action string, objectID, before, after any) error {
	c := callerOf(r.Context())
	return operator.RecordAPIChange(context.WithoutCancel(r.Context()), q, operator.APIChange{
		At: s.now().Unix(), ProviderID: c.ProviderID, TokenID: c.TokenID, TokenName: c.Name,
		IP: httpx.ClientIP(r).String(), Action: action, ObjectType: "subscriber", ObjectID: objectID,
		Before: before, After: after})
}

// auditObject records a change made through the API to an object that is
// not a subscriber (a promo key): its actor is the token.
func (s *Service) auditObject(r *http.Request, action, objectType string, objectID, before, after any) error {
	c := callerOf(r.Context())
	return operator.RecordAPIChange(context.WithoutCancel(r.Context()), s.db, operator.APIChange{
		At: s.now().Unix(), ProviderID: c.ProviderID, TokenID: c.TokenID, TokenName: c.Name,
		IP: httpx.ClientIP(r).String(), Action: action, ObjectType: objectType, ObjectID: objectID,
		Before: before, After: after})
}
