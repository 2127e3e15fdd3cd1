// Package engage is the console's promo campaigns, the messages staff send
// to viewers and the surveys viewers answer, with the two sections of a
// subscriber's card they feed (promo keys used, messages sent), and the
// viewer's survey calls.
package engage

import (
	"context"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/provider"
	"efir/internal/store"
)

// Service holds the section's calls.
type Service struct {
	staff     *operator.Service
	db        *store.DB
	providers *provider.Service
	push      Pusher // messages that go out as web pushes too; nil: none
}

// New builds the section on the console's service and the operators.
func New(staff *operator.Service, providers *provider.Service) *Service {
	return &Service{staff: staff, db: staff.DB(), providers: providers}
}

// Register mounts the section's calls.
func (s *Service) Register(mux *http.ServeMux) {
	g := func(pattern string, p operator.Permission, h httpx.Handler) { mux.Handle(pattern, s.staff.Guard(p, h)) }

	g("GET /v2/operator/promo/campaigns", operator.PermPromo, s.handleCampaigns)
	g("POST /v2/operator/promo/campaigns", operator.PermPromoW, s.handleCreateCampaign)
	g("GET /v2/operator/promo/campaigns/{id}", operator.PermPromo, s.handleCampaign)
	g("POST /v2/operator/promo/campaigns/{id}/disable", operator.PermPromoW, s.handleDisableCampaign)
	g("GET /v2/operator/promo/campaigns/{id}/keys.csv", operator.PermPromoW, s.handleExportKeys)
	g("GET /v2/operator/promo/redemptions", operator.PermPromo, s.handleRedemptions)

	g("GET /v2/operator/messages", operator.PermMessagesW, s.handleBroadcasts)
	g("POST /v2/operator/messages", operator.PermMessagesW, s.handleSend)
	g("POST /v2/operator/messages/{id}/cancel", operator.PermMessagesW, s.handleCancel)

	g("GET /v2/operator/surveys", operator.PermMessagesW, s.handleSurveys)
	g("POST /v2/operator/surveys", operator.PermMessagesW, s.handleCreateSurvey)
	g("GET /v2/operator/surveys/{id}", operator.PermMessagesW, s.handleSurvey)
	g("PATCH /v2/operator/surveys/{id}", operator.PermMessagesW, s.handlePatchSurvey)
	g("GET /v2/operator/surveys/{id}/results", operator.PermMessagesW, s.handleSurveyResults)

	g("GET /v2/operator/subscribers/{id}/promo_uses", operator.PermSubscribers, s.handleCardPromoUses)
	g("GET /v2/operator/subscribers/{id}/messages", operator.PermSubscribers, s.handleCardMessages)

	mux.Handle("GET /v2/survey/questions/{id}", httpx.Handler(s.handleViewerQuestion))
	mux.Handle("POST /v2/survey/questions/{id}/answers", httpx.Handler(s.handleViewerAnswer))
}

// currency is the operator's currency (a balance campaign credits in it).
func (s *Service) currency(ctx context.Context, providerID int64) string {
	if p, err := s.providers.ByID(ctx, providerID); err == nil && p != nil && p.Currency.ISOCode != "" {
		return p.Currency.ISOCode
	}
	return "RUB"
}

// subscriberOf is the path's subscriber, 404 unless a viewer of the
// console's operator.
func (s *Service) subscriberOf(r *http.Request) (int64, error) {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return 0, err
	}
	var n int
	if err := store.Get(r.Context(), s.db, `SELECT COUNT(*) FROM users WHERE id = ? AND provider_id = ?`,
		[]any{id, operator.ProviderOf(r)}, &n); err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, httpx.NotFound()
	}
	return id, nil
}

// fields collects the validation errors of a form, each field with its
// message key, and answers them together.
type fields struct{ e *httpx.Error }

func (f *fields) add(field, key string) {
	if f.e == nil {
		f.e = httpx.Invalid(field, key)
		return
	}
	f.e.WithDetail(field, key)
}

func (f *fields) err() error {
	if f.e == nil {
		return nil
	}
	return f.e
}
