package search

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"efir/internal/store"
)

// Settings rows the index follows: the catalogue's version (bumped by the
// demo seed, imports and operator tools) and the line-up's (channel names).
// The provider's index records the pair it was built from.
const (
	catalogVersionSetting = "catalog_version"
	lineupVersionSetting  = "tv_lineup_version"
	stateSettingPrefix    = "search_index:"
	// indexFormat changes when the tokens or the documents' layout change
	// (a new stemmer, new transliteration rules, ids with gaps), so an
	// upgrade rebuilds every index.
	indexFormat = "2"
)

// Reindex rebuilds the provider's index whole now (after a seed or an
// import; a running copy of efir otherwise refreshes it within a second or
// so of a catalogue change, in the background).
func Reindex(ctx context.Context, db *store.DB, providerID int64) error {
	be := backendFor(db.Dialect())
	if err := prepare(ctx, db, be); err != nil {
		return err
	}
	_, err := refresh(ctx, db, be, providerID, true)
	return err
}

// Refresh brings the index of every provider up to its catalogue and
// line-up (at start-up): the changed documents only, or a whole rebuild
// when the index is missing, of an older format or far behind.
func Refresh(ctx context.Context, db *store.DB) error {
	be := backendFor(db.Dialect())
	if err := prepare(ctx, db, be); err != nil {
		return err
	}
	rows, err := db.Query(ctx, "SELECT id FROM providers ORDER BY id")
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := refresh(ctx, db, be, id, false); err != nil {
			return err
		}
	}
	return nil
}

// prepare installs what the index needs beside the migrations: the
// backend's full-text structure and the triggers that queue changes.
func prepare(ctx context.Context, db *store.DB, be backend) error {
	if err := be.setup(ctx, db); err != nil {
		return err
	}
	return db.Tx(ctx, func(tx *store.Tx) error {
		if tx.Dialect() == store.Postgres {
			// Starting copies must not race on the triggers' DDL.
			if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(4712)"); err != nil {
				return err
			}
		}
		return installTriggers(ctx, tx)
	})
}

func setting(ctx context.Context, q store.Querier, name string) (string, error) {
	var v string
	err := store.Get(ctx, q, "SELECT value FROM settings WHERE name = ?", []any{name}, &v)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	}
	return v, err
}

func stateKey(providerID int64) string { return stateSettingPrefix + strconv.FormatInt(providerID, 10) }

// wantedState is what an index current now records.
func wantedState(ctx context.Context, q store.Querier) (string, error) {
	c, err := setting(ctx, q, catalogVersionSetting)
	if err != nil {
		return "", err
	}
	l, err := setting(ctx, q, lineupVersionSetting)
	if err != nil {
		return "", err
	}
	return indexFormat + "/" + c + "/" + l, nil
}

// stale reports, in one query, whether the provider's index lags behind
// (versions moved, changes queued, never built) and the state it recorded
// ("" when never built).
func stale(ctx context.Context, q store.Querier, providerID int64) (bool, string, error) {
	var have, c, l string
	var queued bool
	err := store.Get(ctx, q, `SELECT COALESCE((SELECT value FROM settings WHERE name = ?), ''),
		COALESCE((SELECT value FROM settings WHERE name = ?), ''), COALESCE((SELECT value FROM settings WHERE name = ?), ''),
		EXISTS (SELECT 1 FROM search_dirty WHERE provider_id = ?)`,
		[]any{stateKey(providerID), catalogVersionSetting, lineupVersionSetting, providerID}, &have, &c, &l, &queued)
	versions, _, _ := strings.Cut(have, "#")
	return versions != indexFormat+"/"+c+"/"+l || queued, have, err
}

// nextState is what a refresh records: the versions it followed and a
// count of refreshes, so every refresh (one of queued changes only too)
// records a new state, which copies of efir see (answers).
func nextState(have, want string) string {
	_, n, _ := strings.Cut(have, "#")
	count, _ := strconv.Atoi(n)
	return want + "#" + strconv.Itoa(count+1)
}

// result is what a refresh wrote.
type result struct {
	full bool
	// documents inserted and deleted (a changed document is both)
	inserted, deleted int
	// rows of the typo vocabulary inserted
	vocabulary int
	// the state recorded ("" when the index was current)
	state string
}

// Bounds of an incremental refresh: past them a whole rebuild is cheaper,
// or due (documents written out of heap order cost every PostgreSQL match
// a little).
const (
	maxQueued = 5000
	maxLate   = 1000
)

// errRebuild: the changes do not fit an incremental refresh.
var errRebuild = errors.New("search: rebuild needed")

// refresh brings the provider's index up to date in one transaction
// (readers keep the old index until it commits): nothing when it is
// current, the queued objects' documents when it is of this format and not
// far behind, everything otherwise or when force. Concurrent refreshers
// queue on the state row, and the later ones find it current.
func refresh(ctx context.Context, db *store.DB, be backend, providerID int64, force bool) (result, error) {
	key := stateKey(providerID)
	start := time.Now()
	var res result
	err := db.Tx(ctx, func(tx *store.Tx) error {
		res = result{}
		// Writing the row locks it (PostgreSQL) before anything is read.
		if _, err := tx.Exec(ctx, `INSERT INTO settings (name, value) VALUES (?, '')
			ON CONFLICT (name) DO UPDATE SET value = settings.value`, key); err != nil {
			return err
		}
		want, err := wantedState(ctx, tx)
		if err != nil {
			return err
		}
		have, err := setting(ctx, tx, key)
		if err != nil {
			return err
		}
		full := force
		if format, _, _ := strings.Cut(have, "/"); format != indexFormat {
			full = true
		}
		versions, _, _ := strings.Cut(have, "#")
		if !full {
			queued, err := readQueue(ctx, tx, providerID, maxQueued)
			switch {
			case err != nil:
				return err
			case queued == nil:
				full = true
			case len(queued) == 0 && versions == want:
				return nil
			default:
				res, err = update(ctx, tx, be, providerID, queued)
				if errors.Is(err, errRebuild) {
					full = true
				} else if err != nil {
					return err
				}
			}
		}
		if full {
			if res, err = rebuild(ctx, tx, be, providerID); err != nil {
				return err
			}
		}
		res.state = nextState(have, want)
		_, err = tx.Exec(ctx, "UPDATE settings SET value = ? WHERE name = ?", res.state, key)
		return err
	})
	if err == nil && (res.full || res.inserted+res.deleted > 0) {
		slog.Info("search index refreshed", "provider", providerID, "full", res.full, "inserted", res.inserted,
			"deleted", res.deleted, "took", time.Since(start).Round(time.Millisecond))
	}
	return res, err
}

// Document ids: a rebuild numbers documents idGap apart in rank order, so
// a refresh can put a new or re-ranked document between its neighbours.
// placeStep is how far past its predecessor it goes when the gap allows: a
// run of documents arriving at one place (a day's new films, all of
// popularity 0) fits idGap/placeStep of them before the gap starts halving.
const (
	idGap     = 1024
	placeStep = 16
)

// rebuild replaces the provider's documents and vocabulary.
func rebuild(ctx context.Context, tx *store.Tx, be backend, providerID int64) (result, error) {
	if tx.Dialect() == store.Postgres {
		// Two providers rebuilt at once would number from the same base.
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(4713)"); err != nil {
			return result{}, err
		}
	}
	// The queue is emptied before the catalogue is read: what a writer
	// queues after this is either read below or refreshed next time.
	if _, err := tx.Exec(ctx, "DELETE FROM search_dirty WHERE provider_id = ?", providerID); err != nil {
		return result{}, err
	}
	docs, err := loadDocs(ctx, tx, providerID)
	if err != nil {
		return result{}, err
	}
	// A rebuild touches every page of the index: a larger page cache for
	// its transaction saves most of the reads (SQLite's default is 2 MB).
	if tx.Dialect() == store.SQLite {
		if _, err := tx.Exec(ctx, "PRAGMA cache_size = -65536"); err != nil {
			return result{}, err
		}
		defer tx.Exec(context.WithoutCancel(ctx), "PRAGMA cache_size = -2000")
	}
	if err := be.clear(ctx, tx, providerID); err != nil {
		return result{}, err
	}
	var old int
	if err := store.Get(ctx, tx, "SELECT COUNT(*) FROM search_docs WHERE provider_id = ?", []any{providerID}, &old); err != nil {
		return result{}, err
	}
	for _, table := range []string{"search_docs", "search_deletes"} {
		if _, err := tx.Exec(ctx, "DELETE FROM "+table+" WHERE provider_id = ?", providerID); err != nil {
			return result{}, err
		}
	}
	var base int64
	if err := store.Get(ctx, tx, "SELECT COALESCE(MAX(id), 0) FROM search_docs", nil, &base); err != nil {
		return result{}, err
	}
	for i, d := range docs {
		d.id = base + int64(i+1)*idGap
	}
	if err := insertDocs(ctx, tx, be, docs, false); err != nil {
		return result{}, err
	}
	if err := be.indexed(ctx, tx, providerID); err != nil {
		return result{}, err
	}
	n, err := insertVocabulary(ctx, tx, providerID, vocabulary(docs))
	return result{full: true, inserted: len(docs), deleted: old, vocabulary: n}, err
}

// Rows per INSERT statement: well under both databases' parameter limits.
const insertBatch = 400

// insertDocs writes docs with their ids; late marks them written by a
// refresh.
func insertDocs(ctx context.Context, tx *store.Tx, be backend, docs []*doc, late bool) error {
	cols := `id, provider_id, kind, object_id, content_type, title, slug, year, age, popularity, guest_hidden, image,
		title_norm, original_norm, words, stems, keys, late`
	tuple := "(" + placeholders(18)
	name, ph := be.docColumn()
	if name != "" {
		cols += ", " + name
		tuple += ", " + ph
	}
	tuple += ")"
	for from := 0; from < len(docs); from += insertBatch {
		batch := docs[from:min(from+insertBatch, len(docs))]
		var b strings.Builder
		b.WriteString("INSERT INTO search_docs (" + cols + ") VALUES ")
		args := make([]any, 0, len(batch)*19)
		for i, d := range batch {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(tuple)
			args = append(args, d.id, d.providerID, string(d.kind), d.objectID, d.contentType, d.title, d.slug, d.year,
				d.age, d.popularity, d.guestHidden, d.image, d.titleNorm, d.originalNorm, strings.Join(d.words, " "),
				strings.Join(d.stems, " "), strings.Join(d.keys, " "), late)
			if name != "" {
				args = append(args, be.docValue(d))
			}
		}
		if _, err := tx.Exec(ctx, b.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

// vocabulary gives the docs' words that the typo pass may correct to,
// each once.
func vocabulary(docs []*doc) []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range docs {
		for _, w := range d.words {
			if seen[w] || utf8.RuneCountInString(w) < typoMinRunes || script(w) == 'd' {
				continue
			}
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// insertVocabulary writes each word with its one-letter deletions (and
// itself), for the typo pass; it gives the rows written.
func insertVocabulary(ctx context.Context, tx *store.Tx, providerID int64, words []string) (int, error) {
	type pair struct{ del, term string }
	var pairs []pair
	for _, w := range words {
		for _, del := range deletions(w) {
			pairs = append(pairs, pair{del, w})
		}
	}
	const per = 3 * insertBatch
	for from := 0; from < len(pairs); from += per {
		batch := pairs[from:min(from+per, len(pairs))]
		var b strings.Builder
		b.WriteString("INSERT INTO search_deletes (provider_id, del, term) VALUES ")
		args := make([]any, 0, len(batch)*3)
		for i, p := range batch {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString("(?, ?, ?)")
			args = append(args, providerID, p.del, p.term)
		}
		b.WriteString(" ON CONFLICT DO NOTHING")
		if _, err := tx.Exec(ctx, b.String(), args...); err != nil {
			return 0, err
		}
	}
	return len(pairs), nil
}
