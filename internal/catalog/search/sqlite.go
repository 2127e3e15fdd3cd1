package search

import (
	"context"
	"strconv"
	"strings"

	"efir/internal/store"
)

// sqliteBackend: one FTS5 table per provider (search_fts_<provider id>) over
// search_docs (external content, so the token texts are stored once), with
// prefix indexes for one to three letters (suggestions start at one).
// detail=column: column filters and prefixes are all the queries need,
// positions are not. A table per provider makes a rebuild a drop and a bulk
// insert (deleting rows one by one from FTS5 costs more than writing them)
// and keeps every match inside its provider.
type sqliteBackend struct{}

func ftsTable(providerID int64) string { return "search_fts_" + strconv.FormatInt(providerID, 10) }

func (sqliteBackend) setup(context.Context, *store.DB) error { return nil }

func (sqliteBackend) docColumn() (string, string) { return "", "" }
func (sqliteBackend) docValue(*doc) any           { return nil }

func (sqliteBackend) clear(ctx context.Context, tx *store.Tx, providerID int64) error {
	_, err := tx.Exec(ctx, "DROP TABLE IF EXISTS "+ftsTable(providerID))
	return err
}

func (sqliteBackend) indexed(ctx context.Context, tx *store.Tx, providerID int64) error {
	t := ftsTable(providerID)
	if _, err := tx.Exec(ctx, `CREATE VIRTUAL TABLE `+t+` USING fts5(
		words, stems, keys, content='search_docs', content_rowid='id',
		tokenize='unicode61 remove_diacritics 0', prefix='1 2 3', detail=column)`); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO `+t+` (rowid, words, stems, keys)
		SELECT id, words, stems, keys FROM search_docs WHERE provider_id = ? ORDER BY id`, providerID); err != nil {
		return err
	}
	// One segment instead of the dozens a bulk insert leaves: every term of
	// a query seeks into each segment.
	_, err := tx.Exec(ctx, `INSERT INTO `+t+` (`+t+`) VALUES ('optimize')`)
	return err
}

// unindex: an external content table forgets a row by being given the
// row's tokens as they were indexed.
func (sqliteBackend) unindex(ctx context.Context, tx *store.Tx, docs []*doc) error {
	for _, d := range docs {
		t := ftsTable(d.providerID)
		if _, err := tx.Exec(ctx, `INSERT INTO `+t+` (`+t+`, rowid, words, stems, keys) VALUES ('delete', ?, ?, ?, ?)`,
			d.id, strings.Join(d.words, " "), strings.Join(d.stems, " "), strings.Join(d.keys, " ")); err != nil {
			return err
		}
	}
	return nil
}

func (sqliteBackend) index(ctx context.Context, tx *store.Tx, docs []*doc) error {
	for _, d := range docs {
		if _, err := tx.Exec(ctx, `INSERT INTO `+ftsTable(d.providerID)+` (rowid, words, stems, keys) VALUES (?, ?, ?, ?)`,
			d.id, strings.Join(d.words, " "), strings.Join(d.stems, " "), strings.Join(d.keys, " ")); err != nil {
			return err
		}
	}
	return nil
}

// find runs two statements: SQLite is in process, where a statement costs
// no round trip.
func (sqliteBackend) find(ctx context.Context, db *store.DB, names []string, e expr, f *Filter, limit int) ([]*candidate, error) {
	var out []*candidate
	if len(names) > 0 {
		sql, args := exactSQL(names, f)
		exact, err := queryCandidates(ctx, db, sql, args...)
		if err != nil {
			return nil, err
		}
		out = exact
	}
	m := fts5Query(e)
	if m == "" {
		return out, nil
	}
	where, args := filterSQL(f)
	t := ftsTable(f.ProviderID)
	// The FTS5 cursor walks rowids in order, so with ORDER BY rowid the
	// LIMIT stops it early (the most popular documents come first).
	sql := `SELECT ` + candidateColumns + ` FROM ` + t + ` f JOIN search_docs d ON d.id = f.rowid
		WHERE ` + t + ` MATCH ? AND ` + where + ` ORDER BY f.rowid LIMIT ?`
	matched, err := queryCandidates(ctx, db, sql, append(append([]any{m}, args...), limit)...)
	return append(out, matched...), err
}

var ftsColumns = [...]string{colWords: "words", colStems: "stems", colKeys: "keys"}

// fts5Query writes e in the FTS5 query syntax: {col} : "token" * for a
// prefix. Tokens are folded words (letters and digits only) but are quoted
// anyway, so no input can change the query's structure.
func fts5Query(e expr) string { return fts5Syntax.write(e) }

var fts5Syntax = syntax{or: " OR ", and: " AND ", term: func(b *strings.Builder, t term) {
	b.WriteString("{" + ftsColumns[t.col] + "} : ")
	b.WriteString(`"` + strings.ReplaceAll(t.text, `"`, `""`) + `"`)
	if t.prefix {
		b.WriteString(" *")
	}
}}
