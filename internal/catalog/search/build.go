package search

import (
	"context"
	"errors"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"efir/internal/artwork"
	"efir/internal/store"
)

// Settings rows the index follows: the catalogue's version (bumped by the
// demo seed, imports and operator tools) and the line-up's (channel names).
// The provider's index records the pair it was built from.
const (
	catalogVersionSetting = "catalog_version"
	lineupVersionSetting  = "tv_lineup_version"
	stateSettingPrefix    = "search_index:"
	// indexFormat changes when the tokens change (a new stemmer, new
	// transliteration rules), so an upgrade rebuilds every index.
	indexFormat = "1"
)

// doc is one document as written.
type doc struct {
	providerID   int64
	kind         Kind
	objectID     int64
	contentType  string
	title, slug  string
	year, age    int
	popularity   int64
	guestHidden  bool
	image        string
	titleNorm    string
	originalNorm string
	words        []string
	stems        []string
	keys         []string
}

// wordTokens are what one word adds to a document.
type wordTokens struct {
	stems []string
	key   string
}

// tokenizer makes documents' tokens, remembering each word's (titles
// repeat words a lot: a rebuild stems each word once).
type tokenizer map[string]*wordTokens

func (tk tokenizer) word(w string) *wordTokens {
	t := tk[w]
	if t == nil {
		t = &wordTokens{stems: StemForms(w)}
		if script(w) != 'd' {
			t.key = LatinKey(w)
		}
		tk[w] = t
	}
	return t
}

// tokenize fills the document's tokens from its names.
func (tk tokenizer) tokenize(d *doc, names ...string) {
	seen := map[string]bool{}
	addTo := func(list *[]string, prefix byte, t string) {
		if t == "" || seen[string(prefix)+t] {
			return
		}
		seen[string(prefix)+t] = true
		*list = append(*list, t)
	}
	for _, name := range names {
		for _, w := range Words(name) {
			addTo(&d.words, 'w', w)
			t := tk.word(w)
			for _, s := range t.stems {
				addTo(&d.stems, 's', s)
			}
			addTo(&d.keys, 'k', t.key)
		}
	}
}

// Reindex rebuilds the provider's index now (after a seed or an import;
// the catalogue version bump alone makes running copies rebuild within a
// second or so, in the background).
func Reindex(ctx context.Context, db *store.DB, providerID int64) error {
	be := backendFor(db.Dialect())
	if err := be.setup(ctx, db); err != nil {
		return err
	}
	return rebuild(ctx, db, be, providerID, true)
}

// Refresh rebuilds the index of every provider whose catalogue or line-up
// changed since its last build (at start-up).
func Refresh(ctx context.Context, db *store.DB) error {
	be := backendFor(db.Dialect())
	if err := be.setup(ctx, db); err != nil {
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
		if err := rebuild(ctx, db, be, id, false); err != nil {
			return err
		}
	}
	return nil
}

func setting(ctx context.Context, q store.Querier, name string) (string, error) {
	var v string
	err := store.Get(ctx, q, "SELECT value FROM settings WHERE name = ?", []any{name}, &v)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	}
	return v, err
}

// wantedState is what an index built now records.
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

// readState is what the provider's index recorded ("" when never built).
func readState(ctx context.Context, q store.Querier, providerID int64) (string, error) {
	return setting(ctx, q, stateSettingPrefix+strconv.FormatInt(providerID, 10))
}

// rebuild replaces the provider's documents and vocabulary in one
// transaction (readers keep the old index until it commits). Unless force,
// it does nothing when the index is current; concurrent rebuilders queue
// on the state row, and the later ones find it current.
func rebuild(ctx context.Context, db *store.DB, be backend, providerID int64, force bool) error {
	key := stateSettingPrefix + strconv.FormatInt(providerID, 10)
	start := time.Now()
	var built int
	err := db.Tx(ctx, func(tx *store.Tx) error {
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
		if !force && have == want {
			return nil
		}
		docs, err := loadDocs(ctx, tx, providerID)
		if err != nil {
			return err
		}
		built = len(docs)
		// A rebuild touches every page of the index: a larger page cache
		// for its transaction saves most of the reads (SQLite's default
		// is 2 MB).
		if tx.Dialect() == store.SQLite {
			if _, err := tx.Exec(ctx, "PRAGMA cache_size = -65536"); err != nil {
				return err
			}
			defer tx.Exec(context.WithoutCancel(ctx), "PRAGMA cache_size = -2000")
		}
		if err := be.clear(ctx, tx, providerID); err != nil {
			return err
		}
		for _, table := range []string{"search_docs", "search_deletes"} {
			if _, err := tx.Exec(ctx, "DELETE FROM "+table+" WHERE provider_id = ?", providerID); err != nil {
				return err
			}
		}
		if err := insertDocs(ctx, tx, be, docs); err != nil {
			return err
		}
		if err := be.indexed(ctx, tx, providerID); err != nil {
			return err
		}
		if err := insertVocabulary(ctx, tx, providerID, docs); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, "UPDATE settings SET value = ? WHERE name = ?", want, key)
		return err
	})
	if err == nil && built > 0 {
		slog.Info("search index rebuilt", "provider", providerID, "documents", built, "took", time.Since(start).Round(time.Millisecond))
	}
	return err
}

// Kinds in rank order at equal popularity.
var kindOrder = map[Kind]int{KindChannel: 0, KindContent: 1, KindPerson: 2}

// loadDocs reads what the provider's index holds: contents of every type
// but seasons and episodes (they are found through their series), persons,
// and channels; nothing hidden or withdrawn. The result is in rank order.
func loadDocs(ctx context.Context, q store.Querier, providerID int64) ([]*doc, error) {
	var docs []*doc
	var maxPop int64
	tk := tokenizer{}
	err := eachRow(ctx, q, `SELECT id, content_type, slug, title, original_title, year, age, popularity, poster_url
		FROM contents WHERE provider_id = ? AND NOT is_hidden AND NOT is_lost
		AND content_type NOT IN ('season', 'episode')`, []any{providerID}, func(r scanner) error {
		d := &doc{providerID: providerID, kind: KindContent}
		var slug, original, poster string
		if err := r.Scan(&d.objectID, &d.contentType, &slug, &d.title, &original, &d.year, &d.age, &d.popularity,
			&poster); err != nil {
			return err
		}
		d.slug = wireSlug(slug, d.objectID)
		d.image = pick(poster, artwork.URL(artwork.Poster, d.objectID))
		d.titleNorm, d.originalNorm = Normalize(d.title), Normalize(original)
		tk.tokenize(d, d.title, original)
		maxPop = max(maxPop, d.popularity)
		docs = append(docs, d)
		return nil
	})
	if err != nil {
		return nil, err
	}
	// A person ranks at half the mean popularity of their work (a person
	// is rarely what a viewer types, and a prolific one must not push films
	// out of the suggestions), and is as old as their youngest content: a
	// child finds only persons with something to see.
	err = eachRow(ctx, q, `SELECT p.id, p.slug, p.name, p.original_name, p.image_url,
			CAST(COALESCE(AVG(c.popularity), 0) / 2 AS BIGINT), COALESCE(MIN(c.age), 0)
		FROM persons p
		LEFT JOIN content_persons cp ON cp.person_id = p.id
		LEFT JOIN contents c ON c.id = cp.content_id AND NOT c.is_hidden AND NOT c.is_lost
		WHERE p.provider_id = ?
		GROUP BY p.id, p.slug, p.name, p.original_name, p.image_url`, []any{providerID}, func(r scanner) error {
		d := &doc{providerID: providerID, kind: KindPerson}
		var slug, original, image string
		if err := r.Scan(&d.objectID, &slug, &d.title, &original, &image, &d.popularity, &d.age); err != nil {
			return err
		}
		d.slug = wireSlug(slug, d.objectID)
		d.image = pick(image, artwork.URL(artwork.Person, d.objectID))
		d.titleNorm, d.originalNorm = Normalize(d.title), Normalize(original)
		tk.tokenize(d, d.title, original)
		docs = append(docs, d)
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Channels are few and are what somebody typing a channel's name
	// wants: they rank above every content, in line-up order. The index
	// keeps a copy of the names only (tv owns the line-up).
	err = eachRow(ctx, q, `SELECT id, slug, name, number, age, is_4k, logo_url FROM channels
		WHERE provider_id = ? AND NOT is_hidden`, []any{providerID}, func(r scanner) error {
		d := &doc{providerID: providerID, kind: KindChannel}
		var number int64
		if err := r.Scan(&d.objectID, &d.slug, &d.title, &number, &d.age, &d.guestHidden, &d.image); err != nil {
			return err
		}
		if d.image == "" {
			d.image = "/v2/channels/" + strconv.FormatInt(d.objectID, 10) + "/logo.svg"
		}
		d.popularity = -number // set below
		d.titleNorm = Normalize(d.title)
		tk.tokenize(d, d.title)
		docs = append(docs, d)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, d := range docs {
		if d.kind == KindChannel {
			d.popularity = maxPop + 10000 + max(0, 10000+d.popularity)
		}
	}
	sort.SliceStable(docs, func(i, j int) bool {
		a, b := docs[i], docs[j]
		if a.popularity != b.popularity {
			return a.popularity > b.popularity
		}
		if a.kind != b.kind {
			return kindOrder[a.kind] < kindOrder[b.kind]
		}
		return a.objectID < b.objectID
	})
	return docs, nil
}

func eachRow(ctx context.Context, q store.Querier, sql string, args []any, fn func(scanner) error) error {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Rows per INSERT statement: well under both databases' parameter limits.
const insertBatch = 400

// insertDocs writes docs in their order, so ids follow rank order.
func insertDocs(ctx context.Context, tx *store.Tx, be backend, docs []*doc) error {
	cols := `provider_id, kind, object_id, content_type, title, slug, year, age, popularity, guest_hidden, image,
		title_norm, original_norm, words, stems, keys`
	tuple := "(" + placeholders(16)
	if name, ph := be.docColumn(); name != "" {
		cols += ", " + name
		tuple += ", " + ph
	}
	tuple += ")"
	for from := 0; from < len(docs); from += insertBatch {
		batch := docs[from:min(from+insertBatch, len(docs))]
		var b strings.Builder
		b.WriteString("INSERT INTO search_docs (" + cols + ") VALUES ")
		args := make([]any, 0, len(batch)*17)
		for i, d := range batch {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(tuple)
			args = append(args, d.providerID, string(d.kind), d.objectID, d.contentType, d.title, d.slug, d.year, d.age,
				d.popularity, d.guestHidden, d.image, d.titleNorm, d.originalNorm, strings.Join(d.words, " "),
				strings.Join(d.stems, " "), strings.Join(d.keys, " "))
			if name, _ := be.docColumn(); name != "" {
				args = append(args, be.docValue(d))
			}
		}
		if _, err := tx.Exec(ctx, b.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

// insertVocabulary writes every word long enough to be corrected with its
// one-letter deletions (and itself), for the typo pass.
func insertVocabulary(ctx context.Context, tx *store.Tx, providerID int64, docs []*doc) error {
	seen := map[string]bool{}
	type pair struct{ del, term string }
	var pairs []pair
	for _, d := range docs {
		for _, w := range d.words {
			if seen[w] || utf8.RuneCountInString(w) < typoMinRunes || script(w) == 'd' {
				continue
			}
			seen[w] = true
			for _, del := range deletions(w) {
				pairs = append(pairs, pair{del, w})
			}
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
		if _, err := tx.Exec(ctx, b.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

// wireSlug is the slug on the wire, "<slug>-<id>" (as the catalogue writes it).
func wireSlug(slug string, id int64) string {
	slug = strings.Trim(slug, "-")
	if slug == "" {
		return strconv.FormatInt(id, 10)
	}
	return slug + "-" + strconv.FormatInt(id, 10)
}

func pick(stored, generated string) string {
	if stored != "" {
		return stored
	}
	return generated
}
