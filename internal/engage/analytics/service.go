// Package analytics takes the viewer's pages' analytics: batches of events
// (the spec's events list, pages, playback start, updates, errors, the
// 5-minute watch and ad events) with the metrics user state derived here,
// stored compactly with counts per day for the operator's dashboard, and the
// client errors the pages report. Rows are kept for the operator's
// stat_retention_days; the counts stay.
package analytics

import (
	"context"
	"time"

	"efir/internal/ratelimit"
	"efir/internal/store"
)

// Subscriptions tells what a viewer pays for (commerce): the sources
// ("paid", "trial", "promo", "grant") of the subscriptions active at now.
type Subscriptions interface {
	ActiveSources(ctx context.Context, userID int64, now time.Time) ([]string, error)
}

// Config wires the service; Now defaults to time.Now.
type Config struct {
	Now           func() time.Time
	Limits        ratelimit.Factory
	Subscriptions Subscriptions
}

// The pace of calls: a page sends a batch every 10 s at most (and one when
// hidden), so a device may send 30 a minute; addresses without a session
// (many viewers behind one NAT) more. Client errors are fewer.
const (
	batchesPerDevice   = 30
	batchesPerAddress  = 300
	errorsPerDevice    = 20
	errorsPerAddress   = 100
	ratePeriod         = time.Minute
	errorsRatePeriod   = 10 * time.Minute
	rateBucketEvents   = "analytics-events"
	rateBucketEventsIP = "analytics-events-ip"
	rateBucketErrors   = "client-errors"
	rateBucketErrorsIP = "client-errors-ip"
)

// Service is the analytics area.
type Service struct {
	db       *store.DB
	cfg      Config
	writer   *store.GroupCommit[batch]
	events   ratelimit.Limiter
	eventsIP ratelimit.Limiter
	errs     ratelimit.Limiter
	errsIP   ratelimit.Limiter
}

// New makes the service.
func New(db *store.DB, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	s := &Service{db: db, cfg: cfg, writer: newWriter(db)}
	if cfg.Limits != nil {
		s.events = cfg.Limits(rateBucketEvents, batchesPerDevice, ratePeriod)
		s.eventsIP = cfg.Limits(rateBucketEventsIP, batchesPerAddress, ratePeriod)
		s.errs = cfg.Limits(rateBucketErrors, errorsPerDevice, errorsRatePeriod)
		s.errsIP = cfg.Limits(rateBucketErrorsIP, errorsPerAddress, errorsRatePeriod)
	}
	return s
}

// Viewer is who sends a batch: their operator and, when signed in, the
// user (0 otherwise) and whether a guest.
type Viewer struct {
	ProviderID int64
	UserID     int64
	IsGuest    bool
}

// Ingest validates a batch and stores it whole (or refuses it whole), with
// the viewer's metrics user state. It returns once the batch is stored.
func (s *Service) Ingest(ctx context.Context, v Viewer, events []Event) (int, error) {
	rows, err := parseBatch(events)
	if err != nil {
		return 0, err
	}
	state, err := s.state(ctx, v)
	if err != nil {
		return 0, err
	}
	return len(rows), s.writer.Write(ctx, batch{provider: v.ProviderID, user: v.UserID, state: state,
		at: s.cfg.Now().Unix(), rows: rows})
}

// state is the metrics user state (spec 6): not_login without a session,
// guest, else by the active subscriptions: full_payment when one is paid
// for (or granted by the operator), promo when only promo or trial ones are
// active, free when none.
func (s *Service) state(ctx context.Context, v Viewer) (int16, error) {
	switch {
	case v.UserID == 0:
		return StateNotLogin, nil
	case v.IsGuest:
		return StateGuest, nil
	case s.cfg.Subscriptions == nil:
		return StateFree, nil
	}
	sources, err := s.cfg.Subscriptions.ActiveSources(ctx, v.UserID, s.cfg.Now())
	if err != nil {
		return 0, err
	}
	state := int16(StateFree)
	for _, src := range sources {
		switch src {
		case "promo", "trial":
			state = StatePromo
		default:
			return StateFullPayment, nil
		}
	}
	return state, nil
}
