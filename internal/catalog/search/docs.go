package search

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"efir/internal/artwork"
	"efir/internal/store"
)

// doc is one document as written.
type doc struct {
	id           int64 // its place in rank order (0 until placed)
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

// ref is the object the document stands for.
func (d *doc) ref() Ref { return Ref{d.kind, d.objectID} }

// same: nothing a search reads differs between a and b.
func (d *doc) same(o *doc) bool {
	return d.kind == o.kind && d.objectID == o.objectID && d.contentType == o.contentType && d.title == o.title &&
		d.slug == o.slug && d.year == o.year && d.age == o.age && d.popularity == o.popularity &&
		d.guestHidden == o.guestHidden && d.image == o.image && d.titleNorm == o.titleNorm &&
		d.originalNorm == o.originalNorm && strings.Join(d.words, " ") == strings.Join(o.words, " ") &&
		strings.Join(d.stems, " ") == strings.Join(o.stems, " ") && strings.Join(d.keys, " ") == strings.Join(o.keys, " ")
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

// channelRank is where channels' popularity starts: above any content's
// (an INTEGER), so channels, few and what somebody typing a channel's name
// wants, rank first, in line-up order. A constant keeps their documents
// unchanged when contents' popularity moves.
const channelRank = int64(1) << 40

// Kinds in rank order at equal popularity.
var kindOrder = map[Kind]int{KindChannel: 0, KindContent: 1, KindPerson: 2}

// rankSort puts docs in rank order: popularity, kind, object id.
func rankSort(docs []*doc) {
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
}

// loadDocs reads what the provider's index holds: contents of every type
// but seasons and episodes (they are found through their series), persons,
// and channels; nothing hidden or withdrawn. The result is in rank order.
func loadDocs(ctx context.Context, q store.Querier, providerID int64) ([]*doc, error) {
	tk := tokenizer{}
	docs, err := loadContents(ctx, q, tk, providerID, nil)
	if err != nil {
		return nil, err
	}
	persons, err := loadPersons(ctx, q, tk, providerID, nil)
	if err != nil {
		return nil, err
	}
	channels, err := loadChannels(ctx, q, tk, providerID)
	if err != nil {
		return nil, err
	}
	docs = append(append(docs, persons...), channels...)
	rankSort(docs)
	return docs, nil
}

// eachOf runs sql over the rows whose column is one of ids, in batches
// (tail follows the condition), or over every row when ids is nil.
func eachOf(ctx context.Context, q store.Querier, sql string, args []any, column string, ids []int64, tail string,
	fn func(scanner) error) error {
	if ids == nil {
		return eachRow(ctx, q, sql+tail, args, fn)
	}
	for from := 0; from < len(ids); from += insertBatch {
		batch := ids[from:min(from+insertBatch, len(ids))]
		a := append([]any(nil), args...)
		for _, id := range batch {
			a = append(a, id)
		}
		if err := eachRow(ctx, q, sql+" AND "+column+" IN ("+placeholders(len(batch))+")"+tail, a, fn); err != nil {
			return err
		}
	}
	return nil
}

// loadContents reads the provider's findable contents (ids nil: all of
// them; otherwise those of ids that are findable).
func loadContents(ctx context.Context, q store.Querier, tk tokenizer, providerID int64, ids []int64) ([]*doc, error) {
	var docs []*doc
	err := eachOf(ctx, q, `SELECT id, content_type, slug, title, original_title, year, age, popularity, poster_url
		FROM contents WHERE provider_id = ? AND NOT is_hidden AND NOT is_lost
		AND content_type NOT IN ('season', 'episode')`, []any{providerID}, "id", ids, "", func(r scanner) error {
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
		docs = append(docs, d)
		return nil
	})
	return docs, err
}

// loadPersons reads the provider's persons (ids nil: all of them). A person
// ranks at half the mean popularity of their work (a person is rarely what
// a viewer types, and a prolific one must not push films out of the
// suggestions), and is as old as their youngest content: a child finds only
// persons with something to see.
func loadPersons(ctx context.Context, q store.Querier, tk tokenizer, providerID int64, ids []int64) ([]*doc, error) {
	var docs []*doc
	err := eachOf(ctx, q, `SELECT p.id, p.slug, p.name, p.original_name, p.image_url,
			CAST(COALESCE(AVG(c.popularity), 0) / 2 AS BIGINT), COALESCE(MIN(c.age), 0)
		FROM persons p
		LEFT JOIN content_persons cp ON cp.person_id = p.id
		LEFT JOIN contents c ON c.id = cp.content_id AND NOT c.is_hidden AND NOT c.is_lost
		WHERE p.provider_id = ?`, []any{providerID}, "p.id", ids,
		" GROUP BY p.id, p.slug, p.name, p.original_name, p.image_url", func(r scanner) error {
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
	return docs, err
}

// loadChannels reads the provider's visible channels. The index keeps a
// copy of the names only (tv owns the line-up).
func loadChannels(ctx context.Context, q store.Querier, tk tokenizer, providerID int64) ([]*doc, error) {
	var docs []*doc
	err := eachRow(ctx, q, `SELECT id, slug, name, number, age, is_4k, logo_url FROM channels
		WHERE provider_id = ? AND NOT is_hidden`, []any{providerID}, func(r scanner) error {
		d := &doc{providerID: providerID, kind: KindChannel}
		var number int64
		if err := r.Scan(&d.objectID, &d.slug, &d.title, &number, &d.age, &d.guestHidden, &d.image); err != nil {
			return err
		}
		if d.image == "" {
			d.image = "/v2/channels/" + strconv.FormatInt(d.objectID, 10) + "/logo.svg"
		}
		d.popularity = channelRank + max(0, 10000-number)
		d.titleNorm = Normalize(d.title)
		tk.tokenize(d, d.title)
		docs = append(docs, d)
		return nil
	})
	return docs, err
}

var eachRow = store.Each

// docColumns are the search_docs columns a doc is read from (readDocs).
const docColumns = `id, kind, object_id, content_type, title, slug, year, age, popularity, guest_hidden, image,
	title_norm, original_norm, words, stems, keys`

// readDocs reads the provider's stored documents of one kind: those of ids,
// or all of the kind when ids is nil.
func readDocs(ctx context.Context, q store.Querier, providerID int64, kind Kind, ids []int64) ([]*doc, error) {
	var docs []*doc
	sql, args := `SELECT `+docColumns+` FROM search_docs WHERE provider_id = ? AND kind = ?`, []any{providerID, string(kind)}
	switch {
	case ids != nil:
		// By object (the unary plus keeps SQLite from walking the
		// provider's documents instead).
		sql = `SELECT ` + docColumns + ` FROM search_docs WHERE +provider_id = ? AND kind = ?`
	case kind == KindChannel:
		// They rank above everything: the rank index finds them at once.
		sql, args = sql+" AND popularity >= ?", append(args, channelRank)
	}
	err := eachOf(ctx, q, sql, args, "object_id", ids, "", func(r scanner) error {
		d := &doc{providerID: providerID}
		var words, stems, keys string
		if err := r.Scan(&d.id, &d.kind, &d.objectID, &d.contentType, &d.title, &d.slug, &d.year, &d.age,
			&d.popularity, &d.guestHidden, &d.image, &d.titleNorm, &d.originalNorm, &words, &stems, &keys); err != nil {
			return err
		}
		d.words, d.stems, d.keys = strings.Fields(words), strings.Fields(stems), strings.Fields(keys)
		docs = append(docs, d)
		return nil
	})
	return docs, err
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
