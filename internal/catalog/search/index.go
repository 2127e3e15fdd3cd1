package search

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"efir/internal/store"
)

// ChildMaxAge: a child profile finds nothing rated above it.
const ChildMaxAge = 12

// Kind of a hit.
type Kind string

const (
	KindContent Kind = "content"
	KindPerson  Kind = "person"
	KindChannel Kind = "channel"
)

// Filter says whose search it is and what it may find.
type Filter struct {
	ProviderID int64
	// Child: nothing rated above ChildMaxAge.
	Child bool
	// Guest: no documents hidden from guests (4K channels).
	Guest bool
	// Kinds limits the kinds of hits (none: every kind).
	Kinds []Kind
	// ContentType limits content hits to one type (movie, series, program).
	ContentType string
}

// Hit is one found object, with what a suggestion shows.
type Hit struct {
	Kind        Kind
	ID          int64
	Title       string
	Slug        string
	ContentType string // contents only
	Year        int
	Age         int
	Popularity  int64
	Image       string
	// Tier is how it matched (TierExact ... TierTypo; 0 for popular and
	// recent lists).
	Tier int
}

// candidate is a document read for ranking.
type candidate struct {
	Hit
	docID                   int64
	titleNorm, originalNorm string
	tokens                  *docTokens
	tier                    int
}

// Index answers searches of one database. It is safe for concurrent use.
type Index struct {
	db *store.DB
	be backend

	setupOnce sync.Once
	setupErr  error

	mu        sync.Mutex
	providers map[int64]*providerState

	answers *answers // nil: none kept
}

// providerState is what the index knows of a provider's freshness.
type providerState struct {
	mu      sync.Mutex // held for a first look (and a first build)
	ready   bool       // the index exists (it may lag)
	checked time.Time
	busy    bool   // a check or a background refresh runs
	seen    string // the state the index recorded, as last checked ("" unknown)
}

// freshCheck: how often a copy of efir compares the index with the
// catalogue: versions and queued changes.
const freshCheck = time.Second

// Option changes how an index works.
type Option func(*Index)

// NoAnswersKept makes an index that asks the database for every
// suggestion (to measure the database's part).
func NoAnswersKept(ix *Index) { ix.answers = nil }

// New makes the index of db.
func New(db *store.DB, opts ...Option) *Index {
	ix := &Index{db: db, be: backendFor(db.Dialect()), providers: map[int64]*providerState{},
		answers: newAnswers(answersKept)}
	for _, o := range opts {
		o(ix)
	}
	return ix
}

func (ix *Index) setup(ctx context.Context) error {
	// Not the request's deadline: a cancelled first request must not leave
	// the index unusable.
	ix.setupOnce.Do(func() { ix.setupErr = prepare(context.WithoutCancel(ctx), ix.db, ix.be) })
	return ix.setupErr
}

func (ix *Index) state(providerID int64) *providerState {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	st := ix.providers[providerID]
	if st == nil {
		st = &providerState{}
		ix.providers[providerID] = st
	}
	return st
}

// ensure keeps the provider's index current: built at once when it never
// was; refreshed in the background, while it answers as it is, when the
// catalogue or the line-up changed. Requests never wait on another's
// check.
func (ix *Index) ensure(ctx context.Context, providerID int64) error {
	if err := ix.setup(ctx); err != nil {
		return err
	}
	st := ix.state(providerID)
	st.mu.Lock()
	if !st.ready {
		defer st.mu.Unlock()
		lagging, have, err := stale(ctx, ix.db, providerID)
		if err != nil {
			return err
		}
		st.ready, st.checked, st.seen = true, time.Now(), have
		if have == "" {
			res, err := refresh(ctx, ix.db, ix.be, providerID, false)
			if err != nil {
				st.ready = false
				return err
			}
			lagging = false
			if st.seen = res.state; res.state == "" {
				st.checked = time.Time{} // built meanwhile by another: look again
			}
		}
		if lagging {
			st.busy = true
			go ix.refreshBehind(ctx, st, providerID)
		}
		return nil
	}
	if st.busy || time.Since(st.checked) < freshCheck {
		st.mu.Unlock()
		return nil
	}
	st.busy = true
	st.mu.Unlock()
	lagging, have, err := stale(ctx, ix.db, providerID)
	st.mu.Lock()
	defer st.mu.Unlock()
	if err != nil {
		st.busy = false
		return err
	}
	st.seen = have
	if lagging {
		go ix.refreshBehind(ctx, st, providerID)
		return nil
	}
	st.busy, st.checked = false, time.Now()
	return nil
}

// refreshBehind refreshes the provider's index in the background.
func (ix *Index) refreshBehind(ctx context.Context, st *providerState, providerID int64) {
	bg, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Minute)
	defer cancel()
	if _, err := refresh(bg, ix.db, ix.be, providerID, false); err != nil {
		slog.Error("search: refresh", "provider", providerID, "err", err)
	}
	// The next request checks again, and sees the state recorded now.
	st.mu.Lock()
	st.busy, st.checked = false, time.Time{}
	st.mu.Unlock()
}

// Windows of candidates read per match, in rank order: the ranking can only
// reorder what was read.
const (
	suggestWindow = 80
	searchWindow  = 300
	maxWindow     = 600
	exactWindow   = 20
)

// find runs the text through the passes and gives the ranked matches: the
// whole names as typed, then words, prefixes, word forms, transliteration
// and the other layout, then (when that gave fewer than need) typos.
func (ix *Index) find(ctx context.Context, f *Filter, text string, need, window int) ([]*candidate, error) {
	return ix.findQuery(ctx, f, parse(text), need, window)
}

func (ix *Index) findQuery(ctx context.Context, f *Filter, q *query, need, window int) ([]*candidate, error) {
	if q.empty() {
		return nil, nil
	}
	if err := ix.ensure(ctx, f.ProviderID); err != nil {
		return nil, err
	}
	var all []*candidate
	seen := map[int64]bool{}
	add := func(cs []*candidate) {
		for _, c := range cs {
			if !seen[c.docID] {
				seen[c.docID] = true
				all = append(all, c)
			}
		}
	}
	names := make([]string, len(q.variants))
	for i, v := range q.variants {
		names[i] = v.norm
	}
	m, err := ix.be.find(ctx, ix.db, names, q.expr(nil), f, window)
	if err != nil {
		return nil, err
	}
	add(m)
	ranked := q.rank(append([]*candidate(nil), all...), false)
	if len(ranked) >= need {
		return ranked, nil
	}
	typos, err := ix.typos(ctx, f.ProviderID, q.typoWords())
	if err != nil || len(typos) == 0 {
		return ranked, err
	}
	m, err = ix.be.find(ctx, ix.db, nil, q.expr(typos), f, window)
	if err != nil {
		return nil, err
	}
	add(m)
	return q.rank(all, true), nil
}

// exactSQL reads the documents whose whole title or original title is one
// of names (the text as typed or on the other layout): a rare title must
// not be lost behind a window of more popular partial matches. Two look-ups
// joined by UNION ALL: with an OR the planners scan the provider's
// documents.
func exactSQL(names []string, f *Filter) (string, []any) {
	where, args := filterSQL(f)
	in := placeholders(len(names))
	all := make([]any, 0, 2*(len(names)+len(args))+1)
	for range 2 {
		for _, n := range names {
			all = append(all, n)
		}
		all = append(all, args...)
	}
	return `SELECT ` + candidateColumns + ` FROM search_docs d WHERE d.title_norm IN (` + in + `) AND ` + where + `
		UNION ALL SELECT ` + candidateColumns + ` FROM search_docs d WHERE d.original_norm IN (` + in + `) AND ` + where +
		` LIMIT ?`, append(all, exactWindow)
}

// typos gives, per word, the vocabulary words one typo away.
func (ix *Index) typos(ctx context.Context, providerID int64, words []string) (map[string][]string, error) {
	if len(words) == 0 {
		return nil, nil
	}
	byDel := map[string][]string{}
	args := []any{providerID}
	for _, w := range words {
		for _, d := range deletions(w) {
			if _, dup := byDel[d]; !dup {
				args = append(args, d)
			}
			byDel[d] = append(byDel[d], w)
		}
	}
	rows, err := ix.db.Query(ctx, `SELECT del, term FROM search_deletes WHERE provider_id = ? AND del IN (`+
		placeholders(len(args)-1)+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]string{}
	have := map[[2]string]bool{}
	for rows.Next() {
		var del, t string
		if err := rows.Scan(&del, &t); err != nil {
			return nil, err
		}
		for _, w := range byDel[del] {
			k := [2]string{w, t}
			if t == w || have[k] || len(out[w]) >= maxTyposPerWord || !osa1(w, t) {
				continue
			}
			have[k] = true
			out[w] = append(out[w], t)
		}
	}
	return out, rows.Err()
}

// maxTyposPerWord bounds the corrections tried for one word.
const maxTyposPerWord = 12

func placeholders(n int) string {
	if n <= 0 {
		return ""
	}
	b := make([]byte, 0, 3*n)
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, '?')
	}
	return string(b)
}

func hits(cs []*candidate) []Hit {
	out := make([]Hit, len(cs))
	for i, c := range cs {
		out[i] = c.Hit
		out[i].Tier = c.tier
	}
	return out
}

// Suggest gives up to limit hits of every kind for a text being typed.
func (ix *Index) Suggest(ctx context.Context, f Filter, text string, limit int) ([]Hit, error) {
	q := parse(text)
	if q.empty() {
		return []Hit{}, nil
	}
	var key answerKey
	if ix.answers != nil {
		if err := ix.ensure(ctx, f.ProviderID); err != nil {
			return nil, err
		}
		st := ix.state(f.ProviderID)
		st.mu.Lock()
		state := st.seen
		st.mu.Unlock()
		if state != "" {
			key = keyOf(state, &f, q.key(), limit)
			if hs, ok := ix.answers.get(key); ok {
				return hs, nil
			}
		}
	}
	cs, err := ix.findQuery(ctx, &f, q, limit, suggestWindow)
	if err != nil {
		return nil, err
	}
	hs := hits(cs[:min(limit, len(cs))])
	if key.state != "" {
		ix.answers.put(key, hs)
	}
	return hs, nil
}

// Search gives the hits from offset to offset+limit of the ranked results
// of the filter's kinds. Results end at maxWindow.
func (ix *Index) Search(ctx context.Context, f Filter, text string, limit, offset int) ([]Hit, error) {
	need := offset + limit
	if need > maxWindow {
		need = maxWindow
	}
	cs, err := ix.find(ctx, &f, text, need, max(searchWindow, min(need*2, maxWindow)))
	if err != nil {
		return nil, err
	}
	if offset >= len(cs) {
		return []Hit{}, nil
	}
	return hits(cs[offset:min(need, len(cs))]), nil
}

// Popular gives the most popular documents of the filter's kinds (id order
// is popularity order as of the last rebuild).
func (ix *Index) Popular(ctx context.Context, f Filter, limit int) ([]Hit, error) {
	if err := ix.ensure(ctx, f.ProviderID); err != nil {
		return nil, err
	}
	where, args := filterSQL(&f)
	cs, err := queryCandidates(ctx, ix.db, `SELECT `+candidateColumns+` FROM search_docs d WHERE `+where+
		` ORDER BY d.id LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, err
	}
	return hits(cs), nil
}

// Ref names an object of the index.
type Ref struct {
	Kind Kind
	ID   int64
}

// Lookup gives the hits of refs that pass the filter, in the order of refs.
func (ix *Index) Lookup(ctx context.Context, f Filter, refs []Ref) ([]Hit, error) {
	if len(refs) == 0 {
		return nil, nil
	}
	if err := ix.ensure(ctx, f.ProviderID); err != nil {
		return nil, err
	}
	where, args := filterSQL(&f)
	ids := make([]any, len(refs))
	for i, r := range refs {
		ids[i] = r.ID
	}
	cs, err := queryCandidates(ctx, ix.db, `SELECT `+candidateColumns+` FROM search_docs d WHERE d.object_id IN (`+
		placeholders(len(ids))+`) AND `+where, append(ids, args...)...)
	if err != nil {
		return nil, err
	}
	byRef := map[Ref]*candidate{}
	for _, c := range cs {
		byRef[Ref{c.Kind, c.ID}] = c
	}
	out := make([]Hit, 0, len(refs))
	for _, r := range refs {
		if c := byRef[r]; c != nil {
			out = append(out, c.Hit)
		}
	}
	return out, nil
}
