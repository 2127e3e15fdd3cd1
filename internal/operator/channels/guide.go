package channels

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"time"

	"efir/internal/httpx"
	"efir/internal/netguard"
	"efir/internal/operator"
	"efir/internal/store"
	"efir/internal/tv/epgimport"
)

// Guide sources: an XMLTV guide (gzip or not) fetched by its address every
// every_hours hours by the job (RunJobs) and on demand ("fetch now"). The
// import replaces, channel by channel, the schedule inside the range the
// guide covers (package epgimport). A programme without a stop ends where
// the next one of its channel starts; the last one of a channel without a
// stop (or one whose next programme starts more than 12 hours later) is
// dropped and reported with its line.

const (
	// maxReportProblems: the bad entries kept in the report (the rest
	// are counted by reason).
	maxReportProblems = 100
	// maxUnmatched: the guide channels without a line-up channel kept.
	maxUnmatched = 1000
	// fetchTimeout bounds one fetch and import.
	fetchTimeout = 10 * time.Minute
	// jobEvery: how often the job looks for due sources.
	jobEvery = time.Minute
)

// GuideSource is a guide source with the outcome of its last fetch.
type GuideSource struct {
	ID          int64        `json:"id"`
	URL         string       `json:"url"`
	EveryHours  int          `json:"every_hours"`
	Enabled     bool         `json:"enabled"`
	Status      string       `json:"status"`
	Error       string       `json:"error"`
	LastFetchAt *string      `json:"last_fetch_at"`
	NextFetchAt *string      `json:"next_fetch_at"`
	Report      *GuideReport `json:"report"`
}

// GuideReport is what the last import did.
type GuideReport struct {
	GuideChannels   int               `json:"guide_channels"`
	Matched         int               `json:"matched"`
	ChannelsFilled  int               `json:"channels_filled"`
	Programmes      int               `json:"programmes"`
	ProgramsCreated int               `json:"programs_created"`
	Skipped         int               `json:"skipped"`
	SkippedBy       map[string]int    `json:"skipped_by"`
	Problems        []GuideProblem    `json:"problems"`
	Unmatched       []GuideUnmatched  `json:"unmatched"`
	names           map[string]string // guide channel id -> name
}

// GuideProblem is a bad entry of the guide: its line, a reason code
// (bad_time, missing_stop, stop_before_start, missing_title,
// missing_start, missing_channel, xml_syntax, channel_without_id...) and
// what the entry said.
type GuideProblem struct {
	Line   int    `json:"line"`
	Reason string `json:"reason"`
	Detail string `json:"detail"`
}

// GuideUnmatched is a guide channel no line-up channel has as its guide id,
// with the programmes left out because of it and, when listed, the line-up
// channel of the closest name.
type GuideUnmatched struct {
	GuideID    string             `json:"guide_id"`
	Name       string             `json:"name"`
	Programmes int                `json:"programmes"`
	Suggestion *UnmatchedSuggests `json:"suggestion"`
}

// UnmatchedSuggests is the line-up channel a guide channel's name points to.
type UnmatchedSuggests struct {
	ChannelID int64  `json:"channel_id"`
	Name      string `json:"name"`
}

type guideInput struct {
	URL        *string `json:"url"`
	EveryHours *int    `json:"every_hours"`
	Enabled    *bool   `json:"enabled"`
}

const guideColumns = `id, url, every_hours, enabled, last_status, last_error, last_fetch_at, next_fetch_at, last_report`

func scanGuide(sc store.Scanner) (GuideSource, error) {
	var g GuideSource
	var last, next int64
	var report string
	if err := sc.Scan(&g.ID, &g.URL, &g.EveryHours, &g.Enabled, &g.Status, &g.Error, &last, &next, &report); err != nil {
		return g, err
	}
	if last > 0 {
		s := stamp(last)
		g.LastFetchAt = &s
	}
	if next > 0 && g.Enabled {
		s := stamp(next)
		g.NextFetchAt = &s
	}
	if report != "" {
		var rep GuideReport
		if json.Unmarshal([]byte(report), &rep) == nil {
			g.Report = &rep
		}
	}
	return g, nil
}

func guideOf(ctx context.Context, q store.Querier, provider, id int64) (*GuideSource, error) {
	var g *GuideSource
	err := store.Each(ctx, q, "SELECT "+guideColumns+" FROM guide_sources WHERE id = ? AND provider_id = ?", []any{id, provider},
		func(sc store.Scanner) error {
			v, err := scanGuide(sc)
			g = &v
			return err
		})
	if err == nil && g == nil {
		return nil, httpx.NotFound()
	}
	return g, err
}

func (s *Section) handleGuideSources(w http.ResponseWriter, r *http.Request) error {
	out := []GuideSource{}
	err := store.Each(r.Context(), s.db, "SELECT "+guideColumns+" FROM guide_sources WHERE provider_id = ? ORDER BY id",
		[]any{operator.ProviderOf(r)}, func(sc store.Scanner) error {
			g, err := scanGuide(sc)
			out = append(out, g)
			return err
		})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// checkGuideURL accepts http(s) addresses only. A host written as a local
// or private address is refused at once: the fetch would be refused anyway
// (a name is judged at each fetch, on the address it resolves to).
func (s *Section) checkGuideURL(raw string) (string, error) {
	addr := strings.TrimSpace(raw)
	u, err := url.Parse(addr)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(addr) > 2000 {
		return "", httpx.Invalid("url", "console_channels_guide_url_invalid")
	}
	if ip, err := netip.ParseAddr(u.Hostname()); err == nil && s.guard.Check(ip) != nil {
		return "", httpx.Invalid("url", "console_channels_guide_url_private")
	}
	return addr, nil
}

func (in guideInput) check() error {
	if in.EveryHours != nil && (*in.EveryHours < 1 || *in.EveryHours > 168) {
		return httpx.Invalid("every_hours", "console_channels_guide_every_invalid")
	}
	return nil
}

func (s *Section) handleAddGuideSource(w http.ResponseWriter, r *http.Request) error {
	var in guideInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if in.URL == nil {
		return httpx.Invalid("url", "console_channels_guide_url_invalid")
	}
	addr, err := s.checkGuideURL(*in.URL)
	if err != nil {
		return err
	}
	if err := in.check(); err != nil {
		return err
	}
	every := 12
	if in.EveryHours != nil {
		every = *in.EveryHours
	}
	enabled := in.Enabled == nil || *in.Enabled
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var g *GuideSource
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		var n int
		if err := store.Get(ctx, tx, "SELECT COUNT(*) FROM guide_sources WHERE provider_id = ?", []any{provider}, &n); err != nil {
			return err
		}
		if n >= 20 {
			return httpx.Invalid("url", "console_channels_guide_too_many")
		}
		// the job fetches a new source at its next round
		id, err := store.InsertID(ctx, tx, `INSERT INTO guide_sources (provider_id, url, every_hours, enabled, next_fetch_at, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, provider, addr, every, enabled, s.staff.Now(), s.staff.Now())
		if err != nil {
			return err
		}
		if g, err = guideOf(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "guide_source.create", "guide_source", id, nil, g)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, g)
	return nil
}

func (s *Section) handleUpdateGuideSource(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var in guideInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if err := in.check(); err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var g *GuideSource
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		before, err := guideOf(ctx, tx, provider, id)
		if err != nil {
			return err
		}
		addr, every, enabled := before.URL, before.EveryHours, before.Enabled
		if in.URL != nil {
			if addr, err = s.checkGuideURL(*in.URL); err != nil {
				return err
			}
		}
		if in.EveryHours != nil {
			every = *in.EveryHours
		}
		if in.Enabled != nil {
			enabled = *in.Enabled
		}
		if _, err := tx.Exec(ctx, `UPDATE guide_sources SET url = ?, every_hours = ?, enabled = ?,
			next_fetch_at = CASE WHEN last_fetch_at > 0 THEN last_fetch_at + ? ELSE next_fetch_at END
			WHERE id = ? AND provider_id = ?`, addr, every, enabled, int64(every)*3600, id, provider); err != nil {
			return err
		}
		if g, err = guideOf(ctx, tx, provider, id); err != nil {
			return err
		}
		after := *g
		before.Report, after.Report = nil, nil
		return s.staff.Audit(ctx, tx, r, "guide_source.update", "guide_source", id, before, after)
	})
	if err != nil {
		return err
	}
	httpx.OK(w, g)
	return nil
}

func (s *Section) handleDeleteGuideSource(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		before, err := guideOf(ctx, tx, provider, id)
		if err != nil {
			return err
		}
		before.Report = nil
		if _, err := tx.Exec(ctx, "DELETE FROM guide_sources WHERE id = ? AND provider_id = ?", id, provider); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "guide_source.delete", "guide_source", id, before, nil)
	})
	if err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

// handleFetchNow fetches and imports the guide at once and answers the
// source with its new report.
func (s *Section) handleFetchNow(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	g, err := guideOf(ctx, s.db, provider, id)
	if err != nil {
		return err
	}
	if err := s.staff.Audit(ctx, s.db, r, "guide_source.fetch", "guide_source", id, nil, map[string]string{"url": g.URL}); err != nil {
		return err
	}
	// The import goes on if the console's browser leaves.
	work, cancel := context.WithTimeout(context.WithoutCancel(ctx), fetchTimeout)
	defer cancel()
	if !s.fetch(work, provider, id, g.URL, g.EveryHours) && !waitFetched(ctx, id, busyWait) {
		// the job was fetching it: its report is the answer, unless it takes too long
		return httpx.New(http.StatusConflict, httpx.TypeConflict, "console_channels_guide_busy")
	}
	if g, err = guideOf(ctx, s.db, provider, id); err != nil {
		return err
	}
	httpx.OK(w, g)
	return nil
}

var running sync.Map // guide source id -> true while it is fetched here

// busyWait: how long a "fetch now" waits for a fetch already under way.
const busyWait = 2 * time.Minute

// waitFetched waits until the fetch of id under way here ends (true), or
// for at most d (false).
func waitFetched(ctx context.Context, id int64, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if _, busy := running.Load(id); !busy {
			return true
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(200 * time.Millisecond):
		}
	}
	return false
}

// fetch downloads and imports one source and keeps its report; false when
// the source is being fetched already.
func (s *Section) fetch(ctx context.Context, provider, id int64, addr string, every int) bool {
	if _, busy := running.LoadOrStore(id, true); busy {
		return false
	}
	defer running.Delete(id)
	started := s.now().Unix()
	rep, err := s.importGuide(ctx, provider, addr)
	status, msg, raw := "ok", "", ""
	if err != nil {
		status, msg = "failed", fetchError(err)
	}
	if rep != nil {
		b, _ := json.Marshal(rep)
		raw = string(b)
	}
	if _, uerr := s.db.Exec(context.WithoutCancel(ctx), `UPDATE guide_sources SET last_status = ?, last_error = ?, last_fetch_at = ?,
		next_fetch_at = ?, last_report = CASE WHEN ? = '' THEN last_report ELSE ? END WHERE id = ?`,
		status, msg, started, started+int64(every)*3600, raw, raw, id); uerr != nil {
		slog.ErrorContext(ctx, "guide source report", "id", id, "err", uerr)
	}
	s.invalidate()
	return true
}

// fetchError is the last error kept of a failed fetch. A refused address
// says why, so staff know it is not a fault of their guide server.
func fetchError(err error) string {
	msg := err.Error()
	var refused *netguard.RefusedError
	if errors.As(err, &refused) {
		where := "the guide's address"
		var ue *url.Error
		if errors.As(err, &ue) {
			where = ue.URL // the redirect's, when a redirect led there
		}
		msg = fmt.Sprintf("refused: %s leads to %s, a %s address; guides are not fetched from local or private networks"+
			" unless the server's administrator allows the network (EFIR_FETCH_ALLOW_NETWORKS)", where, refused.Addr, refused.Class)
	}
	if len(msg) > 500 {
		msg = msg[:500]
	}
	return msg
}

// importGuide runs the XMLTV import of addr for the provider and sums up
// what it did.
func (s *Section) importGuide(ctx context.Context, provider int64, addr string) (*GuideReport, error) {
	known := map[string]bool{}
	err := store.Each(ctx, s.db, "SELECT epg_id FROM channels WHERE provider_id = ? AND epg_id <> ''", []any{provider},
		func(sc store.Scanner) error {
			var id string
			err := sc.Scan(&id)
			known[id] = true
			return err
		})
	if err != nil {
		return nil, err
	}
	rep := &GuideReport{SkippedBy: map[string]int{}, Problems: []GuideProblem{}, Unmatched: []GuideUnmatched{},
		names: map[string]string{}}
	unmatched := map[string]int{}
	var order []string
	rc, err := epgimport.OpenURL(ctx, s.fetcher, addr)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	res, err := epgimport.ImportXMLTV(ctx, s.db, rc, epgimport.Options{ProviderID: provider, Workers: 1, Now: s.now,
		OnChannel: func(id, name string, _ int) {
			if _, seen := rep.names[id]; seen {
				return
			}
			rep.names[id] = name
			rep.GuideChannels++
			if known[id] {
				rep.Matched++
				return
			}
			if _, ok := unmatched[id]; !ok {
				unmatched[id] = 0
				order = append(order, id)
			}
		},
		OnProblem: func(line int, reason, detail string) {
			code := strings.ReplaceAll(reason, " ", "_")
			if code == "unknown_channel" {
				if _, ok := unmatched[detail]; !ok {
					order = append(order, detail)
				}
				unmatched[detail]++
				return
			}
			rep.Skipped++
			rep.SkippedBy[code]++
			if len(rep.Problems) < maxReportProblems {
				if len(detail) > 300 {
					detail = detail[:300]
				}
				rep.Problems = append(rep.Problems, GuideProblem{Line: line, Reason: code, Detail: detail})
			}
		}})
	if res != nil {
		rep.ChannelsFilled, rep.Programmes, rep.ProgramsCreated = res.ChannelsInGuide, res.Programmes, res.ProgramsCreated
	}
	for _, id := range order {
		if len(rep.Unmatched) >= maxUnmatched {
			break
		}
		rep.Unmatched = append(rep.Unmatched, GuideUnmatched{GuideID: id, Name: rep.names[id], Programmes: unmatched[id]})
	}
	if err != nil {
		return rep, err
	}
	// blackouts hold over the new programmes
	if err := s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := applyBlackouts(ctx, tx, provider); err != nil {
			return err
		}
		return s.changed(ctx, tx)
	}); err != nil {
		return rep, err
	}
	return rep, nil
}

// RunJobs fetches the guide sources that are due, every minute, until ctx
// ends. A source is claimed by moving its next fetch first, so copies of
// efir sharing a database fetch it once.
func (s *Section) RunJobs(ctx context.Context) {
	t := time.NewTicker(jobEvery)
	defer t.Stop()
	for {
		s.RunDue(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// RunDue fetches every source due now (one round of the job).
func (s *Section) RunDue(ctx context.Context) {
	type due struct {
		id, provider, next int64
		url                string
		every              int
	}
	var list []due
	now := s.now().Unix()
	err := store.Each(ctx, s.db, `SELECT id, provider_id, next_fetch_at, url, every_hours FROM guide_sources
		WHERE enabled = ? AND next_fetch_at <= ? ORDER BY next_fetch_at LIMIT 20`, []any{true, now}, func(sc store.Scanner) error {
		var d due
		err := sc.Scan(&d.id, &d.provider, &d.next, &d.url, &d.every)
		list = append(list, d)
		return err
	})
	if err != nil {
		if ctx.Err() == nil {
			slog.ErrorContext(ctx, "guide sources", "err", err)
		}
		return
	}
	for _, d := range list {
		res, err := s.db.Exec(ctx, "UPDATE guide_sources SET next_fetch_at = ? WHERE id = ? AND next_fetch_at = ?",
			now+int64(d.every)*3600, d.id, d.next)
		if err != nil {
			return
		}
		if n, _ := res.RowsAffected(); n != 1 {
			continue // another copy took it
		}
		work, cancel := context.WithTimeout(ctx, fetchTimeout)
		s.fetch(work, d.provider, d.id, d.url, d.every)
		cancel()
	}
}
