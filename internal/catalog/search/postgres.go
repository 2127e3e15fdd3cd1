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
	// The migrations are portable SQL; this is the one PostgreSQL-only
	// structure. The advisory lock keeps starting copies from racing.
	return db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(4712)"); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "ALTER TABLE search_docs ADD COLUMN IF NOT EXISTS tsv tsvector"); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "CREATE INDEX IF NOT EXISTS search_docs_tsv ON search_docs USING gin (tsv)")
		return err
	})
}

func (postgresBackend) docColumn() (string, string) { return "tsv", "?::tsvector" }
func (postgresBackend) docValue(d *doc) any         { return tsvectorLiteral(d) }

// The tsvector is written with the document and goes with it.
func (postgresBackend) clear(context.Context, *store.Tx, int64) error { return nil }

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

// match asks the GIN index for the documents matching e. Its bitmap scan
// reads the heap in block order, and a rebuild writes the documents in rank
// order, so without an ORDER BY the LIMIT stops the scan early at (nearly)
// the most popular matches; the ranking sorts the window anyway. A text of
// short prefixes only first walks the most popular documents in id order:
// it matches so many that the walk fills the window, where the bitmap would
// first collect every match.
func (postgresBackend) match(ctx context.Context, db *store.DB, e expr, f *Filter, limit int) ([]*candidate, error) {
	m := tsquery(e)
	if m == "" {
		return nil, nil
	}
	where, args := filterSQL(f)
	var out []*candidate
	err := db.Tx(ctx, func(tx *store.Tx) error {
		var last int64
		if walkable(e) {
			walked, err := queryCandidates(ctx, tx, `SELECT `+candidateColumns+` FROM (
				SELECT * FROM search_docs WHERE provider_id = ? ORDER BY id LIMIT ?) d
				WHERE d.tsv @@ ?::tsquery AND `+where+` ORDER BY d.id LIMIT ?`,
				append(append([]any{f.ProviderID, walkRows, m}, args...), limit)...)
			if err != nil || len(walked) == limit {
				out = walked
				return err
			}
			out = walked
			if err := store.Get(ctx, tx, `SELECT COALESCE(MAX(id), 0) FROM (
				SELECT id FROM search_docs WHERE provider_id = ? ORDER BY id LIMIT ?) w`, []any{f.ProviderID, walkRows}, &last); err != nil {
				return err
			}
		}
		// The GIN bitmap, in heap order (one process, so the order holds):
		// never a sequential or id-ordered scan testing every document.
		for _, set := range []string{"SET LOCAL enable_seqscan = off", "SET LOCAL enable_indexscan = off",
			"SET LOCAL max_parallel_workers_per_gather = 0"} {
			if _, err := tx.Exec(ctx, set); err != nil {
				return err
			}
		}
		// With a one-letter prefix the index finds the narrowed query and
		// the whole one is checked on each row found ("|| ''" keeps the
		// planner from asking the index for it too).
		cond, condArgs := "d.tsv @@ ?::tsquery", []any{m}
		if n := tsquery(narrowed(e)); n != m {
			cond, condArgs = "d.tsv @@ ?::tsquery AND (d.tsv || ''::tsvector) @@ ?::tsquery", []any{n, m}
		}
		rest, err := queryCandidates(ctx, tx, `SELECT `+candidateColumns+` FROM search_docs d
			WHERE `+cond+` AND d.id > ? AND `+where+` LIMIT ?`,
			append(append(append(condArgs, last), args...), limit-len(out))...)
		sort.Slice(rest, func(i, j int) bool { return rest[i].docID < rest[j].docID })
		out = append(out, rest...)
		return err
	})
	return out, err
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
func tsquery(e expr) string {
	var b strings.Builder
	for i, c := range e {
		if i > 0 {
			b.WriteString(" | ")
		}
		b.WriteString("(")
		for j, g := range c {
			if j > 0 {
				b.WriteString(" & ")
			}
			b.WriteString("(")
			for k, t := range g {
				if k > 0 {
					b.WriteString(" | ")
				}
				b.WriteString(pgQuote(t.text))
				b.WriteByte(':')
				if t.prefix {
					b.WriteByte('*')
				}
				b.WriteByte(pgWeights[t.col])
			}
			b.WriteString(")")
		}
		b.WriteString(")")
	}
	return b.String()
}
