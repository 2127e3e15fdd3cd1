package search

import (
	"context"
	"strings"

	"efir/internal/store"
)

// backend is the dialect-specific part of the index: the full-text
// structure beside the portable search_docs table, and the match over it.
// Everything else (tokens, vocabulary, ranking, freshness) is shared.
type backend interface {
	// setup creates the full-text structure when it is missing.
	setup(ctx context.Context, db *store.DB) error
	// docColumn is the extra search_docs column the backend fills at insert
	// ("" for none), its placeholder and its value for d.
	docColumn() (name, placeholder string)
	docValue(d *doc) any
	// clear drops the provider's full-text entries (before its documents
	// are deleted); indexed adds them for the provider's documents, once
	// all are inserted.
	clear(ctx context.Context, tx *store.Tx, providerID int64) error
	indexed(ctx context.Context, tx *store.Tx, providerID int64) error
	// unindex drops the entries of stored documents about to be deleted;
	// index adds those of documents just inserted (a refresh).
	unindex(ctx context.Context, tx *store.Tx, docs []*doc) error
	index(ctx context.Context, tx *store.Tx, docs []*doc) error
	// find gives the documents whose whole title or original title is one
	// of names, then those matching e, each list in id (rank) order, the
	// first at most exactWindow long, the second at most limit; both pass
	// the filter. A document may be in both.
	find(ctx context.Context, db *store.DB, names []string, e expr, f *Filter, limit int) ([]*candidate, error)
}

func backendFor(d store.Dialect) backend {
	if d == store.Postgres {
		return postgresBackend{}
	}
	return sqliteBackend{}
}

// candidateColumns are read by every match; scanCandidate reads them.
const candidateColumns = `d.id, d.kind, d.object_id, d.content_type, d.title, d.slug, d.year, d.age, d.popularity,
	d.image, d.title_norm, d.original_norm, d.words, d.stems, d.keys`

type scanner = store.Scanner

func scanCandidate(r scanner) (*candidate, error) {
	c := &candidate{}
	var words, stems, keys string
	err := r.Scan(&c.docID, &c.Kind, &c.ID, &c.ContentType, &c.Title, &c.Slug, &c.Year, &c.Age, &c.Popularity,
		&c.Image, &c.titleNorm, &c.originalNorm, &words, &stems, &keys)
	if err != nil {
		return nil, err
	}
	c.tokens = newDocTokens(words, stems, keys)
	return c, nil
}

// filterSQL is the WHERE part shared by every read of documents (alias d).
func filterSQL(f *Filter) (string, []any) {
	var b strings.Builder
	args := []any{f.ProviderID}
	b.WriteString("d.provider_id = ?")
	if f.Child {
		b.WriteString(" AND d.age <= ?")
		args = append(args, ChildMaxAge)
	}
	if f.Guest {
		b.WriteString(" AND d.guest_hidden = ?")
		args = append(args, false)
	}
	if len(f.Kinds) > 0 {
		b.WriteString(" AND d.kind IN (")
		for i, k := range f.Kinds {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("?")
			args = append(args, string(k))
		}
		b.WriteString(")")
	}
	if f.ContentType != "" {
		b.WriteString(" AND (d.kind <> 'content' OR d.content_type = ?)")
		args = append(args, f.ContentType)
	}
	return b.String(), args
}

func queryCandidates(ctx context.Context, q store.Querier, sql string, args ...any) ([]*candidate, error) {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*candidate
	for rows.Next() {
		c, err := scanCandidate(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
