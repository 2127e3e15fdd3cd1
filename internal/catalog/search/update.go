package search

import (
	"context"
	"database/sql"

	"efir/internal/store"
)

// queued is one row of search_dirty.
type queued struct {
	id       int64
	kind     Kind
	objectID int64
}

// readQueue reads the provider's queued changes, oldest first; nil when
// there are more than limit.
func readQueue(ctx context.Context, tx *store.Tx, providerID int64, limit int) ([]queued, error) {
	out := []queued{}
	err := eachRow(ctx, tx, "SELECT id, kind, object_id FROM search_dirty WHERE provider_id = ? ORDER BY id LIMIT ?",
		[]any{providerID, limit + 1}, func(r scanner) error {
			var q queued
			if err := r.Scan(&q.id, &q.kind, &q.objectID); err != nil {
				return err
			}
			out = append(out, q)
			return nil
		})
	if len(out) > limit {
		return nil, err
	}
	return out, err
}

// update rewrites the documents of the queued objects, of the persons of
// queued contents (a person's popularity and age come from their work) and
// of the provider's channels (few, and followed through the line-up's
// version, not the queue). A document that changed is deleted and written
// again: at its id when its popularity is the same, between its new
// neighbours in rank order otherwise. Every other document stays as it is.
// It gives errRebuild when the changes do not fit.
func update(ctx context.Context, tx *store.Tx, be backend, providerID int64, queue []queued) (result, error) {
	var res result
	contents, persons := idSet{}, idSet{}
	for _, q := range queue {
		switch q.kind {
		case KindContent:
			contents.add(q.objectID)
		case KindPerson:
			persons.add(q.objectID)
		}
	}
	if err := eachOf(ctx, tx, "SELECT person_id FROM content_persons WHERE 1 = 1", nil, "content_id", contents.list(), "",
		func(r scanner) error {
			var id int64
			err := r.Scan(&id)
			persons.add(id)
			return err
		}); err != nil {
		return res, err
	}

	tk := tokenizer{}
	var fresh, stored []*doc
	for _, load := range []func() ([]*doc, error){
		func() ([]*doc, error) { return loadContents(ctx, tx, tk, providerID, contents.list()) },
		func() ([]*doc, error) { return loadPersons(ctx, tx, tk, providerID, persons.list()) },
		func() ([]*doc, error) { return loadChannels(ctx, tx, tk, providerID) },
	} {
		docs, err := load()
		if err != nil {
			return res, err
		}
		fresh = append(fresh, docs...)
	}
	for _, read := range []struct {
		kind Kind
		ids  []int64
	}{{KindContent, contents.list()}, {KindPerson, persons.list()}, {KindChannel, nil}} {
		docs, err := readDocs(ctx, tx, providerID, read.kind, read.ids)
		if err != nil {
			return res, err
		}
		stored = append(stored, docs...)
	}

	// What changed: gone are stored rows to delete, put documents to write.
	byRef := map[Ref]*doc{}
	for _, d := range fresh {
		byRef[d.ref()] = d
	}
	var gone, put []*doc
	for _, s := range stored {
		f := byRef[s.ref()]
		delete(byRef, s.ref())
		switch {
		case f == nil:
			gone = append(gone, s)
		case !f.same(s):
			gone = append(gone, s)
			if f.popularity == s.popularity {
				f.id = s.id
			}
			put = append(put, f)
		}
	}
	for _, f := range fresh {
		if byRef[f.ref()] != nil {
			put = append(put, f)
		}
	}

	if len(gone)+len(put) > 0 {
		if err := be.unindex(ctx, tx, gone); err != nil {
			return res, err
		}
		ids := make([]int64, len(gone))
		for i, d := range gone {
			ids[i] = d.id
		}
		if err := execOf(ctx, tx, "DELETE FROM search_docs WHERE 1 = 1", "id", ids); err != nil {
			return res, err
		}
		// New places are found among the documents that stay, in rank
		// order, so a run of new documents keeps its own order.
		rankSort(put)
		for _, d := range put {
			if d.id == 0 {
				if err := place(ctx, tx, providerID, d); err != nil {
					return res, err
				}
			}
			// One at a time: the next placement sees this one.
			if err := insertDocs(ctx, tx, be, []*doc{d}, true); err != nil {
				return res, err
			}
		}
		if err := be.index(ctx, tx, put); err != nil {
			return res, err
		}
		n, err := addVocabulary(ctx, tx, providerID, put)
		if err != nil {
			return res, err
		}
		res = result{inserted: len(put), deleted: len(gone), vocabulary: n}
		var late int
		if err := store.Get(ctx, tx, "SELECT COUNT(*) FROM search_docs WHERE provider_id = ? AND late", []any{providerID},
			&late); err != nil {
			return res, err
		}
		if late > maxLate {
			return res, errRebuild
		}
	}
	ids := make([]int64, len(queue))
	for i, q := range queue {
		ids[i] = q.id
	}
	return res, execOf(ctx, tx, "DELETE FROM search_dirty WHERE 1 = 1", "id", ids)
}

// place gives d an id between the documents it ranks after and before:
// after the last one at least as popular (so among equals it comes last,
// where a rebuild orders them by kind and id: the ranking breaks such ties
// last of all). Popularity never rises with the id within a provider (a
// rebuild writes rank order, and a refresh keeps it), which is what makes
// index look-ups enough.
func place(ctx context.Context, tx *store.Tx, providerID int64, d *doc) error {
	var floor, prev, next sql.NullInt64
	if err := store.Get(ctx, tx, "SELECT MIN(popularity) FROM search_docs WHERE provider_id = ? AND popularity >= ?",
		[]any{providerID, d.popularity}, &floor); err != nil {
		return err
	}
	if floor.Valid {
		if err := store.Get(ctx, tx, "SELECT MAX(id) FROM search_docs WHERE provider_id = ? AND popularity = ?",
			[]any{providerID, floor.Int64}, &prev); err != nil {
			return err
		}
		// The next id of any provider: ids are unique across them, and a
		// rebuild takes its range past every id in use.
		if err := store.Get(ctx, tx, "SELECT MIN(id) FROM search_docs WHERE id > ?", []any{prev.Int64}, &next); err != nil {
			return err
		}
	} else {
		// d ranks first: it goes before the provider's first document.
		if err := store.Get(ctx, tx, "SELECT MIN(id) FROM search_docs WHERE provider_id = ?", []any{providerID},
			&next); err != nil {
			return err
		}
		q, args := "SELECT MAX(id) FROM search_docs", []any(nil)
		if next.Valid {
			q, args = q+" WHERE id < ?", []any{next.Int64}
		}
		if err := store.Get(ctx, tx, q, args, &prev); err != nil {
			return err
		}
	}
	gap := next.Int64 - prev.Int64
	switch {
	case !next.Valid:
		d.id = prev.Int64 + placeStep
	case gap < 2:
		return errRebuild
	case !floor.Valid:
		d.id = next.Int64 - min(gap/2, placeStep)
	default:
		d.id = prev.Int64 + min(gap/2, placeStep)
	}
	return nil
}

// addVocabulary adds the docs' words the vocabulary lacks. Words no
// document uses any more stay until the next rebuild: at worst the typo
// pass tries a correction that finds nothing.
func addVocabulary(ctx context.Context, tx *store.Tx, providerID int64, docs []*doc) (int, error) {
	words := vocabulary(docs)
	have := map[string]bool{}
	for from := 0; from < len(words); from += insertBatch {
		batch := words[from:min(from+insertBatch, len(words))]
		args := []any{providerID}
		for _, w := range batch {
			args = append(args, w)
		}
		if err := eachRow(ctx, tx, "SELECT term FROM search_deletes WHERE provider_id = ? AND del = term AND del IN ("+
			placeholders(len(batch))+")", args, func(r scanner) error {
			var w string
			err := r.Scan(&w)
			have[w] = true
			return err
		}); err != nil {
			return 0, err
		}
	}
	missing := words[:0]
	for _, w := range words {
		if !have[w] {
			missing = append(missing, w)
		}
	}
	return insertVocabulary(ctx, tx, providerID, missing)
}

// execOf runs sql (a statement that ends in a condition) for the rows whose
// column is one of ids, in batches.
func execOf(ctx context.Context, tx *store.Tx, sql, column string, ids []int64) error {
	for from := 0; from < len(ids); from += insertBatch {
		batch := ids[from:min(from+insertBatch, len(ids))]
		args := make([]any, len(batch))
		for i, id := range batch {
			args[i] = id
		}
		if _, err := tx.Exec(ctx, sql+" AND "+column+" IN ("+placeholders(len(batch))+")", args...); err != nil {
			return err
		}
	}
	return nil
}

// idSet keeps ids once, in the order first added.
type idSet struct {
	seen map[int64]bool
	ids  []int64
}

func (s *idSet) add(id int64) {
	if s.seen == nil {
		s.seen = map[int64]bool{}
	}
	if !s.seen[id] {
		s.seen[id] = true
		s.ids = append(s.ids, id)
	}
}

// list gives the ids, never nil (nil asks eachOf for every row).
func (s *idSet) list() []int64 {
	if s.ids == nil {
		return []int64{}
	}
	return s.ids
}
