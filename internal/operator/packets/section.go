// Package packets is the console's section of packets and prices (the
// operator's packets, their price options, add-ons, bundles, channels and
// libraries) and of pay systems and gateways (which pay systems viewers get,
// their texts, and the gateway's credentials, sealed at rest).
package packets

import (
	"context"
	"net/http"
	"sync"
	"time"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// Providers is what the section needs of the operators: rereading them after
// a change of their settings (this copy at once; other copies within a
// minute, provider.Service's reload).
type Providers interface {
	Reload(ctx context.Context) error
}

// Section is the console's packets and pay systems section.
type Section struct {
	staff     *operator.Service
	db        *store.DB
	providers Providers

	mu    sync.Mutex
	creds map[int64]credsEntry
}

// New makes the section.
func New(staff *operator.Service, providers Providers) *Section {
	return &Section{staff: staff, db: staff.DB(), providers: providers, creds: map[int64]credsEntry{}}
}

// Register mounts the section's calls.
func (s *Section) Register(mux *http.ServeMux) {
	g := func(pattern string, p operator.Permission, fn httpx.Handler) {
		mux.Handle(pattern, s.staff.Guard(p, fn))
	}
	g("GET /v2/operator/packet_choices", operator.PermPackets, s.handleChoices)
	g("POST /v2/operator/packets", operator.PermPacketsW, s.handleCreate)
	g("GET /v2/operator/packets/{id}", operator.PermPackets, s.handleGet)
	g("PATCH /v2/operator/packets/{id}", operator.PermPacketsW, s.handlePatch)
	g("POST /v2/operator/packets/{id}/periods", operator.PermPacketsW, s.handleAddPeriod)
	g("PATCH /v2/operator/packets/{id}/periods/{periodId}", operator.PermPacketsW, s.handleChangePeriod)
	g("DELETE /v2/operator/packets/{id}/periods/{periodId}", operator.PermPacketsW, s.handleWithdrawPeriod)
	g("POST /v2/operator/packets/{id}/periods/{periodId}/apply_price", operator.PermPacketsW, s.handleApplyPrice)

	g("GET /v2/operator/paysystems", operator.PermPaySystemsW, s.handlePaySystems)
	g("POST /v2/operator/paysystems", operator.PermPaySystemsW, s.handleAddPaySystem)
	g("PATCH /v2/operator/paysystems", operator.PermPaySystemsW, s.handleOrderPaySystems)
	g("PATCH /v2/operator/paysystems/{shortname}", operator.PermPaySystemsW, s.handleChangePaySystem)
	g("POST /v2/operator/gateway", operator.PermPaySystemsW, s.handleGateway)
}

// reload makes a change of the operator's settings visible on this copy at
// once (other copies reread them every minute).
func (s *Section) reload(ctx context.Context) error {
	if s.providers == nil {
		return nil
	}
	return s.providers.Reload(ctx)
}

// stamp is a time as the console's calls write it.
func stamp(unix int64) string { return time.Unix(unix, 0).UTC().Format(time.RFC3339) }
