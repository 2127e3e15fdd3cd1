package catalog

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"efir/internal/store"
)

// The writes of the operator console's pages section (rowsets, their rows
// and the rows' items, the header menu). Every function works on the
// operator's own objects only: an id of another operator is not found. The
// caller runs them in its transaction, writes its audit entry there, calls
// Bump in it and Invalidate after the commit, so that viewers see the change
// at once in this process and within seconds in the others.

// ConsoleRowset is a rowset as the console shows it.
type ConsoleRowset struct {
	ID          int64        `json:"id"`
	Slug        string       `json:"slug"`
	Template    string       `json:"template"`
	Title       string       `json:"title"`
	Description string       `json:"description"`
	URL         string       `json:"url"`
	MenuSort    int          `json:"menu_sort"`
	ForKids     bool         `json:"for_kids"`
	RowsCount   int          `json:"rows_count"`
	Rows        []ConsoleRow `json:"rows,omitempty"`
}

// ConsoleRow is a row as the console shows and edits it.
type ConsoleRow struct {
	ID       int64           `json:"id"`
	Slug     string          `json:"slug"`
	Title    string          `json:"title"`
	Template string          `json:"template"`
	Source   string          `json:"source"`
	Query    json.RawMessage `json:"query"`
	Items    []ConsoleItem   `json:"items"`
}

// ConsoleItem is an item of a row, or a found candidate for one.
type ConsoleItem struct {
	Kind  string `json:"kind"` // content, channel, person, promotion
	ID    int64  `json:"id"`
	Title string `json:"title"`
	Info  string `json:"info"` // a content's type and year, a channel's number
}

// ConsoleRowInput is what the console writes of a row.
type ConsoleRowInput struct {
	Title    string
	Template string
	Source   string
	Query    string // JSON object
	Items    []ConsoleItem
}

// RowTemplates are the row templates the client draws, sorted.
func RowTemplates() []string {
	out := make([]string, 0, len(templateLists))
	for t := range templateLists {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// RowSources are the sources a console row may take its items from.
var RowSources = []string{sourceItems, sourceQuery, sourceHistory, sourceFavorites, sourceChannels}

// RowItemKind is the kind of item a row of template holds.
func RowItemKind(template string) string {
	switch listOf(template) {
	case listChannels:
		return itemChannel
	case listPromotions:
		return itemPromotion
	case listPersons:
		return itemPerson
	}
	return itemContent
}

// RowQueryKeys are the keys a query row's filter may have.
var RowQueryKeys = []string{"content_type", "main_genre", "genre", "country", "year_from", "year_to", "rating_from",
	"library_id", "cartoon", "order", "mode", "category"}

const consoleRowsetColumns = `rs.id, rs.slug, rs.template, rs.title, rs.description, rs.url, rs.menu_sort, rs.for_kids,
	(SELECT COUNT(*) FROM rowset_rows rr WHERE rr.rowset_id = rs.id)`

func scanConsoleRowset(sc store.Scanner) (ConsoleRowset, error) {
	var rs ConsoleRowset
	err := sc.Scan(&rs.ID, &rs.Slug, &rs.Template, &rs.Title, &rs.Description, &rs.URL, &rs.MenuSort, &rs.ForKids, &rs.RowsCount)
	return rs, err
}

// ConsoleRowsets are the operator's rowsets: the menu pages in menu order,
// then the others by id (the order of GET /v2/rowsets).
func ConsoleRowsets(ctx context.Context, q store.Querier, providerID int64) ([]ConsoleRowset, error) {
	out := []ConsoleRowset{}
	err := store.Each(ctx, q, "SELECT "+consoleRowsetColumns+` FROM rowsets rs WHERE rs.provider_id = ?
		ORDER BY CASE WHEN rs.menu_sort > 0 THEN 0 ELSE 1 END, rs.menu_sort, rs.id`, []any{providerID},
		func(sc store.Scanner) error {
			rs, err := scanConsoleRowset(sc)
			out = append(out, rs)
			return err
		})
	return out, err
}

// ConsoleRowsetOf is one rowset with its rows in order (store.ErrNotFound
// when the operator has none of that id).
func ConsoleRowsetOf(ctx context.Context, q store.Querier, providerID, id int64) (ConsoleRowset, error) {
	rs, err := scanConsoleRowset(q.QueryRow(ctx, "SELECT "+consoleRowsetColumns+` FROM rowsets rs
		WHERE rs.id = ? AND rs.provider_id = ?`, id, providerID))
	if err != nil {
		return ConsoleRowset{}, store.MapErr(err)
	}
	var ids []int64
	err = store.Each(ctx, q, `SELECT rr.row_id FROM rowset_rows rr JOIN rows r ON r.id = rr.row_id
		WHERE rr.rowset_id = ? AND r.provider_id = ? ORDER BY rr.sort, rr.row_id`, []any{id, providerID},
		func(sc store.Scanner) error {
			var rowID int64
			err := sc.Scan(&rowID)
			ids = append(ids, rowID)
			return err
		})
	if err != nil {
		return ConsoleRowset{}, err
	}
	rs.Rows = []ConsoleRow{}
	for _, rowID := range ids {
		row, err := ConsoleRowOf(ctx, q, providerID, rowID)
		if err != nil {
			return ConsoleRowset{}, err
		}
		rs.Rows = append(rs.Rows, row)
	}
	return rs, nil
}

// ConsoleUpdateRowset changes a rowset's title and description.
func ConsoleUpdateRowset(ctx context.Context, q store.Querier, providerID, id int64, title, description string) error {
	res, err := q.Exec(ctx, "UPDATE rowsets SET title = ?, description = ? WHERE id = ? AND provider_id = ?",
		title, description, id, providerID)
	return affected(res, err)
}

// ConsoleSetRowsetRows makes rowIDs the rowset's rows, in that order (rows
// left out leave the page, they are not deleted).
func ConsoleSetRowsetRows(ctx context.Context, q store.Querier, providerID, id int64, rowIDs []int64) error {
	if _, err := ConsoleRowsetOf(ctx, q, providerID, id); err != nil {
		return err
	}
	if err := ownAll(ctx, q, "rows", providerID, rowIDs); err != nil {
		return err
	}
	if _, err := q.Exec(ctx, "DELETE FROM rowset_rows WHERE rowset_id = ?", id); err != nil {
		return err
	}
	for i, rowID := range rowIDs {
		if _, err := q.Exec(ctx, "INSERT INTO rowset_rows (rowset_id, row_id, sort) VALUES (?, ?, ?)", id, rowID, i+1); err != nil {
			return err
		}
	}
	return nil
}

// ConsoleSetMenu makes rowsetIDs the header menu's pages, in that order;
// the operator's other rowsets leave the menu.
func ConsoleSetMenu(ctx context.Context, q store.Querier, providerID int64, rowsetIDs []int64) error {
	if err := ownAll(ctx, q, "rowsets", providerID, rowsetIDs); err != nil {
		return err
	}
	if _, err := q.Exec(ctx, "UPDATE rowsets SET menu_sort = 0 WHERE provider_id = ?", providerID); err != nil {
		return err
	}
	for i, id := range rowsetIDs {
		if _, err := q.Exec(ctx, "UPDATE rowsets SET menu_sort = ? WHERE id = ? AND provider_id = ?", i+1, id, providerID); err != nil {
			return err
		}
	}
	return nil
}

// ConsoleRowOf is one row with its items (store.ErrNotFound when the
// operator has none of that id).
func ConsoleRowOf(ctx context.Context, q store.Querier, providerID, id int64) (ConsoleRow, error) {
	var row ConsoleRow
	var query string
	err := store.Get(ctx, q, `SELECT id, slug, title, template, source, query FROM rows WHERE id = ? AND provider_id = ?`,
		[]any{id, providerID}, &row.ID, &row.Slug, &row.Title, &row.Template, &row.Source, &query)
	if err != nil {
		return ConsoleRow{}, err
	}
	if !json.Valid([]byte(query)) {
		query = "{}"
	}
	row.Query = json.RawMessage(query)
	row.Items = []ConsoleItem{}
	err = store.Each(ctx, q, `SELECT kind, object_id FROM row_items WHERE row_id = ? ORDER BY sort, kind, object_id`,
		[]any{id}, func(sc store.Scanner) error {
			var it ConsoleItem
			err := sc.Scan(&it.Kind, &it.ID)
			row.Items = append(row.Items, it)
			return err
		})
	if err != nil {
		return ConsoleRow{}, err
	}
	if err := nameItems(ctx, q, providerID, row.Items); err != nil {
		return ConsoleRow{}, err
	}
	return row, nil
}

// ConsoleSaveRow writes a row: a new one (id 0, answered with its id) or
// the operator's row id. Items must be the operator's own and of the kind
// the template holds (store.ErrNotFound names an unknown one).
func ConsoleSaveRow(ctx context.Context, q store.Querier, providerID, id int64, in ConsoleRowInput) (int64, error) {
	if in.Query == "" {
		in.Query = "{}"
	}
	byKind := map[string][]int64{}
	for _, it := range in.Items {
		byKind[it.Kind] = append(byKind[it.Kind], it.ID)
	}
	for kind, ids := range byKind {
		if err := ownAll(ctx, q, itemTable(kind), providerID, ids); err != nil {
			return 0, err
		}
	}
	if id == 0 {
		slug, err := freeRowSlug(ctx, q, providerID, in.Title)
		if err != nil {
			return 0, err
		}
		id, err = store.InsertID(ctx, q, `INSERT INTO rows (provider_id, slug, title, template, source, query)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, providerID, slug, in.Title, in.Template, in.Source, in.Query)
		if err != nil {
			return 0, err
		}
	} else {
		res, err := q.Exec(ctx, "UPDATE rows SET title = ?, template = ?, source = ?, query = ? WHERE id = ? AND provider_id = ?",
			in.Title, in.Template, in.Source, in.Query, id, providerID)
		if err := affected(res, err); err != nil {
			return 0, err
		}
		if _, err := q.Exec(ctx, "DELETE FROM row_items WHERE row_id = ?", id); err != nil {
			return 0, err
		}
	}
	seen := map[ConsoleItem]bool{}
	for i, it := range in.Items {
		k := ConsoleItem{Kind: it.Kind, ID: it.ID}
		if seen[k] {
			continue
		}
		seen[k] = true
		if _, err := q.Exec(ctx, "INSERT INTO row_items (row_id, kind, object_id, sort) VALUES (?, ?, ?, ?)",
			id, it.Kind, it.ID, i+1); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// ConsoleAddRowToRowset puts a row at the end of a rowset.
func ConsoleAddRowToRowset(ctx context.Context, q store.Querier, providerID, rowsetID, rowID int64) error {
	if err := ownAll(ctx, q, "rowsets", providerID, []int64{rowsetID}); err != nil {
		return err
	}
	_, err := q.Exec(ctx, `INSERT INTO rowset_rows (rowset_id, row_id, sort)
		VALUES (?, ?, (SELECT COALESCE(MAX(sort), 0) + 1 FROM rowset_rows WHERE rowset_id = ?)) ON CONFLICT DO NOTHING`,
		rowsetID, rowID, rowsetID)
	return err
}

// ConsoleFindItems finds the operator's items of kind whose title holds
// text (all of them, by title, when text is empty), at most limit.
func ConsoleFindItems(ctx context.Context, q store.Querier, providerID int64, kind, text string, limit int) ([]ConsoleItem, error) {
	out := []ConsoleItem{}
	var query string
	switch kind {
	case itemContent:
		query = `SELECT id, title, content_type, year FROM contents WHERE provider_id = ? AND parent_id IS NULL AND %s
			ORDER BY popularity DESC, id LIMIT ?`
	case itemChannel:
		query = `SELECT id, name, '', number FROM channels WHERE provider_id = ? AND %s ORDER BY number, id LIMIT ?`
	case itemPerson:
		query = `SELECT id, name, '', 0 FROM persons WHERE provider_id = ? AND %s ORDER BY name, id LIMIT ?`
	case itemPromotion:
		query = `SELECT id, CASE WHEN title <> '' THEN title ELSE name END, dest_type, 0 FROM promotions
			WHERE provider_id = ? AND %s ORDER BY id DESC LIMIT ?`
	default:
		return out, nil
	}
	col := map[string]string{itemContent: "title", itemChannel: "name", itemPerson: "name", itemPromotion: "title"}[kind]
	args := []any{providerID}
	cond := "1 = 1"
	if text = strings.TrimSpace(text); text != "" {
		// SQLite folds the case of ASCII letters only: the text is also
		// tried lower-cased and capitalised, as titles are written.
		var likes []string
		for _, v := range caseForms(text) {
			likes = append(likes, col+` LIKE ? ESCAPE '\'`)
			args = append(args, "%"+store.EscapeLike(v)+"%")
			if kind == itemPromotion {
				likes = append(likes, `name LIKE ? ESCAPE '\'`)
				args = append(args, "%"+store.EscapeLike(v)+"%")
			}
		}
		cond = "(" + strings.Join(likes, " OR ") + ")"
	}
	args = append(args, limit)
	err := store.Each(ctx, q, strings.Replace(query, "%s", cond, 1), args, func(sc store.Scanner) error {
		var it ConsoleItem
		var info string
		var n int64
		if err := sc.Scan(&it.ID, &it.Title, &info, &n); err != nil {
			return err
		}
		it.Kind = kind
		switch {
		case kind == itemContent && n > 0:
			it.Info = info + ", " + strconv.FormatInt(n, 10)
		case kind == itemChannel:
			it.Info = strconv.FormatInt(n, 10)
		default:
			it.Info = info
		}
		out = append(out, it)
		return nil
	})
	return out, err
}

// caseForms are text as typed, lower-cased and capitalised, each once.
func caseForms(text string) []string {
	lower := strings.ToLower(text)
	r := []rune(lower)
	r[0] = unicode.ToUpper(r[0])
	out := []string{text}
	for _, v := range []string{lower, string(r)} {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

func itemTable(kind string) string {
	switch kind {
	case itemContent:
		return "contents"
	case itemChannel:
		return "channels"
	case itemPerson:
		return "persons"
	case itemPromotion:
		return "promotions"
	}
	return ""
}

// nameItems fills the titles of items (an item gone since is left with
// an empty title: the viewer's row skips it).
func nameItems(ctx context.Context, q store.Querier, providerID int64, items []ConsoleItem) error {
	byKind := map[string][]int64{}
	for _, it := range items {
		byKind[it.Kind] = append(byKind[it.Kind], it.ID)
	}
	names := map[ConsoleItem]ConsoleItem{}
	for kind, ids := range byKind {
		var query string
		switch kind {
		case itemContent:
			query = "SELECT id, title, content_type, year FROM contents"
		case itemChannel:
			query = "SELECT id, name, '', number FROM channels"
		case itemPerson:
			query = "SELECT id, name, '', 0 FROM persons"
		case itemPromotion:
			query = "SELECT id, CASE WHEN title <> '' THEN title ELSE name END, dest_type, 0 FROM promotions"
		default:
			continue
		}
		for chunk := range slices.Chunk(ids, 500) {
			err := store.Each(ctx, q, query+" WHERE provider_id = ? AND id IN ("+inList(chunk)+")", []any{providerID},
				func(sc store.Scanner) error {
					var it ConsoleItem
					var info string
					var n int64
					if err := sc.Scan(&it.ID, &it.Title, &info, &n); err != nil {
						return err
					}
					it.Kind = kind
					it.Info = info
					if n > 0 {
						it.Info = strings.TrimPrefix(info+", "+strconv.FormatInt(n, 10), ", ")
					}
					names[ConsoleItem{Kind: kind, ID: it.ID}] = it
					return nil
				})
			if err != nil {
				return err
			}
		}
	}
	for i, it := range items {
		if n, ok := names[ConsoleItem{Kind: it.Kind, ID: it.ID}]; ok {
			items[i] = n
		}
	}
	return nil
}

// ownAll checks that every id is one of the operator's objects of table
// (store.ErrNotFound otherwise).
func ownAll(ctx context.Context, q store.Querier, table string, providerID int64, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	if table == "" {
		return store.ErrNotFound
	}
	want := map[int64]bool{}
	for _, id := range ids {
		want[id] = true
	}
	found := 0
	for chunk := range slices.Chunk(slices.Collect(func(yield func(int64) bool) {
		for id := range want {
			if !yield(id) {
				return
			}
		}
	}), 500) {
		var n int
		if err := store.Get(ctx, q, "SELECT COUNT(*) FROM "+table+" WHERE provider_id = ? AND id IN ("+inList(chunk)+")",
			[]any{providerID}, &n); err != nil {
			return err
		}
		found += n
	}
	if found != len(want) {
		return store.ErrNotFound
	}
	return nil
}

func affected(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// freeRowSlug is a stored slug made of title that no row of the operator
// has yet.
func freeRowSlug(ctx context.Context, q store.Querier, providerID int64, title string) (string, error) {
	base := slugText(title)
	if base == "" {
		base = "row"
	}
	for n := 1; ; n++ {
		slug := base
		if n > 1 {
			slug = base + "-v" + strconv.Itoa(n)
		}
		var id int64
		err := store.Get(ctx, q, "SELECT id FROM rows WHERE provider_id = ? AND slug = ?", []any{providerID, slug}, &id)
		if errors.Is(err, store.ErrNotFound) {
			return slug, nil
		}
		if err != nil {
			return "", err
		}
	}
}

var cyrillicLatin = map[rune]string{'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "e", 'ж': "zh",
	'з': "z", 'и': "i", 'й': "y", 'к': "k", 'л': "l", 'м': "m", 'н': "n", 'о': "o", 'п': "p", 'р': "r", 'с': "s",
	'т': "t", 'у': "u", 'ф': "f", 'х': "h", 'ц': "ts", 'ч': "ch", 'ш': "sh", 'щ': "sch", 'ъ': "", 'ы': "y", 'ь': "",
	'э': "e", 'ю': "yu", 'я': "ya"}

// slugText is text in lower-case Latin letters, digits and dashes, at most
// 60 characters, without a trailing number (which would read as an id).
func slugText(text string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(text) {
		s := ""
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			s = string(r)
		case cyrillicLatin[r] != "":
			s = cyrillicLatin[r]
		default:
			if b.Len() > 0 {
				dash = true
			}
			continue
		}
		if dash {
			b.WriteByte('-')
			dash = false
		}
		b.WriteString(s)
		if b.Len() >= 60 {
			break
		}
	}
	out := strings.Trim(b.String(), "-")
	for out != "" && out[len(out)-1] >= '0' && out[len(out)-1] <= '9' {
		out = strings.TrimRight(strings.TrimRight(out, "0123456789"), "-")
	}
	return out
}

// ConsoleDeleteRow removes one of the provider's rows from every rowset
// with its items (the foreign keys cascade; said here for PostgreSQL and
// SQLite alike).
func ConsoleDeleteRow(ctx context.Context, q store.Querier, providerID, id int64) error {
	if _, err := q.Exec(ctx, `DELETE FROM rowset_rows WHERE row_id = ? AND row_id IN (SELECT id FROM rows WHERE provider_id = ?)`,
		id, providerID); err != nil {
		return err
	}
	if _, err := q.Exec(ctx, `DELETE FROM row_items WHERE row_id = ? AND row_id IN (SELECT id FROM rows WHERE provider_id = ?)`,
		id, providerID); err != nil {
		return err
	}
	res, err := q.Exec(ctx, "DELETE FROM rows WHERE id = ? AND provider_id = ?", id, providerID)
	return affected(res, err)
}

// ConsoleRowBanners counts the provider's banners that lead to row id.
func ConsoleRowBanners(ctx context.Context, q store.Querier, providerID, id int64) (int, error) {
	var n int
	err := store.Get(ctx, q, `SELECT COUNT(*) FROM promotions WHERE provider_id = ? AND dest_type = 'row' AND dest_id = ?`,
		[]any{providerID, id}, &n)
	return n, err
}
