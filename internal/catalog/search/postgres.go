package search

import (
	"context"
	"sort"
	"strings"
	"unicode/utf8"

	"efir/internal/store"
)

// postgresBackend: a tsvector column on search_docs with a GIN index. The
// tsvector is written from our own tokens (no text search configuration
// touches them), each column as a weight: A words, B stems, C keys, so a
// tsquery can ask for a token in one column ('matr':*C).
type postgresBackend struct{}

func (postgresBackend) setup(ctx context.Context, db *store.DB) error {
	// The migrations are portable SQL; these are the PostgreSQL-only
	// structures. The advisory lock keeps starting copies from racing.
	return db.Tx(ctx, func(tx *store.Tx) error {
		for _, q := range []string{
			"SELECT pg_advisory_xact_lock(4712)",
			"ALTER TABLE search_docs ADD COLUMN IF NOT EXISTS tsv tsvector",
			"CREATE INDEX IF NOT EXISTS search_docs_tsv ON search_docs USING gin (tsv)",
			findFunction,
		} {
			if _, err := tx.Exec(ctx, q); err != nil {
				return err
			}
		}
		return nil
	})
}

func (postgresBackend) docColumn() (string, string) { return "tsv", "?::tsvector" }
func (postgresBackend) docValue(d *doc) any         { return tsvectorLiteral(d) }

// The tsvector is written with the document and goes with it.
func (postgresBackend) clear(context.Context, *store.Tx, int64) error    { return nil }
func (postgresBackend) unindex(context.Context, *store.Tx, []*doc) error { return nil }
func (postgresBackend) index(context.Context, *store.Tx, []*doc) error   { return nil }

// indexed empties the GIN index's pending list (a bulk insert leaves
// thousands of entries there, which every search would read one by one
// until the next vacuum) and refreshes the planner's statistics.
func (postgresBackend) indexed(ctx context.Context, tx *store.Tx, _ int64) error {
	if _, err := tx.Exec(ctx, "SELECT gin_clean_pending_list('search_docs_tsv')"); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, "ANALYZE search_docs")
	return err
}

var pgWeights = [...]byte{colWords: 'A', colStems: 'B', colKeys: 'C'}

// walkRows: how many of the most popular documents a match of short
// prefixes only reads in rank order before it asks the GIN index instead.
var walkRows = 3000

// prefixAtMost: the group has a prefix of at most n letters (one or two
// letters are thousands of entries of the GIN index and tens of thousands
// of documents).
func prefixAtMost(g group, n int) bool {
	for _, t := range g {
		if t.prefix && utf8.RuneCountInString(t.text) <= n {
			return true
		}
	}
	return false
}

// walkable: some conjunction is short prefixes only ("с", "се", "с м"):
// the most popular documents are full of its matches.
func walkable(e expr) bool {
	for _, c := range e {
		all := true
		for _, g := range c {
			all = all && prefixAtMost(g, 2)
		}
		if all {
			return true
		}
	}
	return false
}

// narrowed leaves the one-letter prefixes out of the conjunctions that have
// other words ("северный в" asks the index for "северный" only).
func narrowed(e expr) expr {
	out := make(expr, 0, len(e))
	for _, c := range e {
		var keep conj
		for _, g := range c {
			if !prefixAtMost(g, 1) {
				keep = append(keep, g)
			}
		}
		if len(keep) == 0 {
			keep = c
		}
		out = append(out, keep)
	}
	return out
}

// find is one call of findFunction: one round trip, however many steps.
func (postgresBackend) find(ctx context.Context, db *store.DB, names []string, e expr, f *Filter, limit int) ([]*candidate, error) {
	m := tsquery(e)
	if m == "" && len(names) == 0 {
		return nil, nil
	}
	var match, narrow, namesArg, age, kinds any
	if m != "" {
		match = m
		if n := tsquery(narrowed(e)); n != m {
			narrow = n
		}
	}
	if len(names) > 0 {
		namesArg = names
	}
	if f.Child {
		age = ChildMaxAge
	}
	if len(f.Kinds) > 0 {
		ks := make([]string, len(f.Kinds))
		for i, k := range f.Kinds {
			ks[i] = string(k)
		}
		kinds = ks
	}
	walk := 0
	if m != "" && walkable(e) {
		walk = walkRows
	}
	return queryCandidates(ctx, db, `SELECT `+candidateColumns+` FROM `+findFunctionName+
		`(?, ?::text[], ?::tsquery, ?::tsquery, ?, ?, ?, ?::int, ?, ?::text[], ?) d`,
		f.ProviderID, namesArg, match, narrow, walk, limit, exactWindow, age, f.Guest, kinds, f.ContentType)
}

// pgQuote quotes a lexeme for tsvector and tsquery input.
func pgQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `''`).Replace(s) + "'"
}

// tsvectorLiteral is d's tokens as tsvector input, each with its column's
// weight.
func tsvectorLiteral(d *doc) string {
	// Each column at its own position: a lexeme keeps one weight per position.
	weights := map[string][]byte{}
	for col, list := range [...][]string{colWords: d.words, colStems: d.stems, colKeys: d.keys} {
		for _, t := range list {
			weights[t] = append(weights[t], pgWeights[col])
		}
	}
	lexemes := make([]string, 0, len(weights))
	for t := range weights {
		lexemes = append(lexemes, t)
	}
	sort.Strings(lexemes)
	var b strings.Builder
	for i, t := range lexemes {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(pgQuote(t))
		b.WriteByte(':')
		for j, w := range weights[t] {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('1' + byte(strings.IndexByte("ABC", w)))
			b.WriteByte(w)
		}
	}
	return b.String()
}

// tsquery writes e as tsquery input: 'token':*A for a prefix in column A.
func tsquery(e expr) string { return tsquerySyntax.write(e) }

var tsquerySyntax = syntax{or: " | ", and: " & ", term: func(b *strings.Builder, t term) {
	b.WriteString(pgQuote(t.text))
	b.WriteByte(':')
	if t.prefix {
		b.WriteByte('*')
	}
	b.WriteByte(pgWeights[t.col])
}}
