package analytics

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/server"
	"efir/internal/store"
)

// The console's panel of events (dashboard.read): events per day by kind,
// playback starts and errors, read from the counts per day (which outlive
// the rows).

const (
	defaultDays = 7
	maxDays     = 400
	topEvents   = 20
)

// EventsDay is one UTC day of the panel: events by kind (every kind
// present).
type EventsDay struct {
	Start  int64            `json:"start"`
	ByKind map[string]int64 `json:"by_kind"`
}

// NamedCount is an event name (or a user state, a start type) and its
// count over the range.
type NamedCount struct {
	Name   string `json:"name"`
	Events int64  `json:"events"`
}

// EventsPanel is GET /v2/operator/dashboard/events.
type EventsPanel struct {
	From int64       `json:"from"`
	To   int64       `json:"to"`
	Days []EventsDay `json:"days"`
	// The range's playback starts by start type, events by name (the
	// first topEvents) and all events by metrics user state.
	StartsByType []NamedCount `json:"starts_by_type"`
	TopEvents    []NamedCount `json:"top_events"`
	ByState      []NamedCount `json:"by_state"`
}

// console mounts the panel's call in the console.
type console struct {
	staff *operator.Service
	db    *store.DB
}

// Console is the console's module of the panel.
func (s *Service) Console(staff *operator.Service) server.Module {
	return &console{staff: staff, db: s.db}
}

func (c *console) Register(mux *http.ServeMux) {
	mux.Handle("GET /v2/operator/dashboard/events", c.staff.Guard(operator.PermDashboard, c.handleEvents))
}

func (c *console) handleEvents(w http.ResponseWriter, r *http.Request) error {
	from, to, err := dayRange(r.URL.Query(), c.staff.Now())
	if err != nil {
		return err
	}
	out, err := readPanel(r.Context(), c.db, operator.ProviderOf(r), from, to)
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// dayRange reads from .. to (unix seconds; to defaults to now, from to a
// week before), widened to whole UTC days, at most maxDays.
func dayRange(q url.Values, now int64) (from, to int64, err error) {
	read := func(name string, def int64) (int64, error) {
		v := q.Get(name)
		if v == "" {
			return def, nil
		}
		t, err := strconv.ParseInt(v, 10, 64)
		if err != nil || t < 0 || t > 253402300799 {
			return 0, httpx.Invalid(name, "operator_time_invalid")
		}
		return t, nil
	}
	if to, err = read("to", now); err != nil {
		return 0, 0, err
	}
	to += (86400 - to%86400) % 86400
	if from, err = read("from", max(to-defaultDays*86400, 0)); err != nil {
		return 0, 0, err
	}
	if to <= from {
		return 0, 0, httpx.Invalid("to", "operator_range_invalid")
	}
	from -= from % 86400
	if (to-from)/86400 > maxDays {
		return 0, 0, httpx.Invalid("from", "operator_range_too_long")
	}
	return from, to, nil
}

func readPanel(ctx context.Context, db *store.DB, providerID, from, to int64) (EventsPanel, error) {
	n := int((to - from) / 86400)
	out := EventsPanel{From: from, To: to, Days: make([]EventsDay, n), StartsByType: []NamedCount{}, TopEvents: []NamedCount{},
		ByState: []NamedCount{}}
	for i := range out.Days {
		out.Days[i] = EventsDay{Start: from + int64(i)*86400, ByKind: map[string]int64{}}
		for _, k := range KindNames[1:] {
			out.Days[i].ByKind[k] = 0
		}
	}
	starts := make([]int64, len(StartNames))
	states := make([]int64, len(StateNames))
	events := map[int16]int64{}
	err := store.Each(ctx, db, `SELECT day, kind, name, state, SUM(events) FROM analytics_daily
		WHERE provider_id = ? AND day >= ? AND day < ? GROUP BY day, kind, name, state`,
		[]any{providerID, from / 86400, to / 86400}, func(row store.Scanner) error {
			var day, count int64
			var kind, name, state int16
			if err := row.Scan(&day, &kind, &name, &state, &count); err != nil {
				return err
			}
			if kind > 0 && int(kind) < len(KindNames) {
				out.Days[day-from/86400].ByKind[KindNames[kind]] += count
			}
			if kind == KindPlaybackStart && name > 0 && int(name) < len(starts) {
				starts[name] += count
			}
			if kind == KindEvent {
				events[name] += count
			}
			if state > 0 && int(state) < len(states) {
				states[state] += count
			}
			return nil
		})
	if err != nil {
		return out, err
	}
	for i, c := range starts[1:] {
		out.StartsByType = append(out.StartsByType, NamedCount{Name: StartNames[i+1], Events: c})
	}
	for i, c := range states[1:] {
		out.ByState = append(out.ByState, NamedCount{Name: StateNames[i+1], Events: c})
	}
	for code, c := range events {
		out.TopEvents = append(out.TopEvents, NamedCount{Name: EventName(code), Events: c})
	}
	sortCounts(out.TopEvents)
	if len(out.TopEvents) > topEvents {
		out.TopEvents = out.TopEvents[:topEvents]
	}
	return out, nil
}
