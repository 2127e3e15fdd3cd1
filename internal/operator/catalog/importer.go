package catalogadmin

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// Import of contents from CSV or JSON: a preview checks every row and says
// what would happen; apply writes everything or, when any row fails,
// nothing (the report then says which rows and why). A row with an id
// updates that content (only the columns given change), one without
// creates it. Parents (a season's series) must exist before: import
// series first, then their seasons and episodes with parent_id.
//
// CSV: a header row of column names, comma or semicolon separated; lists
// (countries, genres) are separated by "|" (or ";" in a comma file).
// JSON: an array of objects with the same names; lists may be arrays.
// Line numbers are the file's lines (a JSON row's is where its object
// starts).

const (
	maxImportBytes = 4 << 20
	maxImportRows  = 5000
)

var importColumns = map[string]bool{"id": true, "type": true, "parent_id": true, "title": true, "original_title": true,
	"description": true, "year": true, "age": true, "duration": true, "season": true, "episode": true,
	"countries": true, "genres": true, "library": true, "status": true, "source": true}

type importRow struct {
	line   int
	fields map[string]string
}

type importResult struct {
	Line   int    `json:"line"`
	Status string `json:"status"`
	ID     int64  `json:"id,omitempty"`
	Title  string `json:"title"`
	Field  string `json:"field,omitempty"`
	Reason string `json:"reason,omitempty"`
}

type importReport struct {
	Applied bool           `json:"applied"`
	Created int            `json:"created"`
	Updated int            `json:"updated"`
	Failed  int            `json:"failed"`
	Rows    []importResult `json:"rows"`
}

// errNotApplied rolls a preview (or a failed import) back.
var errNotApplied = errors.New("import not applied")

func (s *Section) handleImport(w http.ResponseWriter, r *http.Request) error {
	var b struct {
		Format string `json:"format"`
		Data   string `json:"data"`
		Apply  bool   `json:"apply"`
	}
	if err := decodeLarge(r, &b, maxImportBytes*2); err != nil {
		return err
	}
	if len(b.Data) > maxImportBytes {
		return httpx.Invalid("data", "console_catalog_too_large")
	}
	var rows []importRow
	var fe *fieldErr
	switch b.Format {
	case "csv":
		rows, fe = parseCSV(b.Data)
	case "json":
		rows, fe = parseJSON(b.Data)
	default:
		return httpx.Invalid("format", "console_catalog_import_format")
	}
	if fe != nil {
		return fe.err()
	}
	if len(rows) == 0 {
		return httpx.Invalid("data", "console_catalog_import_empty")
	}
	if len(rows) > maxImportRows {
		return httpx.Invalid("data", "console_catalog_import_rows")
	}
	ctx := r.Context()
	provider := operator.ProviderOf(r)
	lang := httpx.Lang(r)
	var rep importReport
	err := s.change(ctx, func(tx *store.Tx) error {
		rep = importReport{Rows: []importResult{}}
		names, err := loadNames(ctx, tx, provider)
		if err != nil {
			return err
		}
		type planned struct {
			at  int
			in  contentInput
			cur *contentView
		}
		var plan []planned
		for _, row := range rows {
			res := importResult{Line: row.line, Title: row.fields["title"]}
			in, cur, fe, err := rowInput(ctx, tx, provider, names, row)
			if err == nil && fe == nil {
				fe, err = validate(ctx, tx, provider, &in, cur)
			}
			if err != nil {
				return err
			}
			switch {
			case fe != nil:
				res.Status, res.Field, res.Reason = "failed", fe.field, httpx.T(lang, fe.key)
				rep.Failed++
			case cur != nil:
				res.Status, res.ID, res.Title = "updated", cur.ID, in.Title
				rep.Updated++
			default:
				res.Status, res.Title = "created", in.Title
				rep.Created++
			}
			rep.Rows = append(rep.Rows, res)
			if fe == nil {
				plan = append(plan, planned{len(rep.Rows) - 1, in, cur})
			}
		}
		if !b.Apply || rep.Failed > 0 {
			return errNotApplied
		}
		for _, p := range plan {
			id := int64(0)
			if p.cur != nil {
				id = p.cur.ID
			}
			id, err := writeContent(ctx, tx, provider, s.staff.Now(), id, &p.in)
			if err != nil {
				return err
			}
			rep.Rows[p.at].ID = id
			var before any
			if p.cur != nil {
				before = p.cur.contentInput
			}
			if err := s.staff.Audit(ctx, tx, r, "catalog.content.import", "content", id, before, p.in); err != nil {
				return err
			}
		}
		rep.Applied = true
		return nil
	})
	if err != nil && !errors.Is(err, errNotApplied) {
		return err
	}
	httpx.OK(w, rep)
	return nil
}

func checkHeader(cols []string) *fieldErr {
	seen := map[string]bool{}
	for _, c := range cols {
		if !importColumns[c] || seen[c] {
			return bad("data", "console_catalog_import_columns")
		}
		seen[c] = true
	}
	if !seen["title"] && !seen["id"] {
		return bad("data", "console_catalog_import_columns")
	}
	return nil
}

func parseCSV(data string) ([]importRow, *fieldErr) {
	data = strings.TrimPrefix(data, "\ufeff")
	first, _, _ := strings.Cut(data, "\n")
	rd := csv.NewReader(strings.NewReader(data))
	if strings.Count(first, ";") > strings.Count(first, ",") {
		rd.Comma = ';'
	}
	rd.FieldsPerRecord = -1
	header, err := rd.Read()
	if err != nil {
		return nil, bad("data", "console_catalog_import_broken")
	}
	for i := range header {
		header[i] = strings.ToLower(strings.TrimSpace(header[i]))
	}
	if fe := checkHeader(header); fe != nil {
		return nil, fe
	}
	var out []importRow
	for {
		rec, err := rd.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, bad("data", "console_catalog_import_broken")
		}
		line, _ := rd.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		row := importRow{line: line, fields: map[string]string{}}
		for i, v := range rec {
			if i < len(header) {
				row.fields[header[i]] = strings.TrimSpace(v)
			}
		}
		out = append(out, row)
		if len(out) > maxImportRows {
			break
		}
	}
	return out, nil
}

func parseJSON(data string) ([]importRow, *fieldErr) {
	dec := json.NewDecoder(strings.NewReader(data))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return nil, bad("data", "console_catalog_import_broken")
	}
	var out []importRow
	for dec.More() {
		off := int(dec.InputOffset())
		for off < len(data) && strings.ContainsRune(" \t\r\n,", rune(data[off])) {
			off++
		}
		var obj map[string]any
		if err := dec.Decode(&obj); err != nil {
			return nil, bad("data", "console_catalog_import_broken")
		}
		row := importRow{line: 1 + strings.Count(data[:off], "\n"), fields: map[string]string{}}
		var cols []string
		for k, v := range obj {
			k = strings.ToLower(k)
			cols = append(cols, k)
			text, ok := jsonText(v)
			if !ok {
				return nil, bad("data", "console_catalog_import_broken")
			}
			row.fields[k] = text
		}
		if fe := checkHeader(cols); fe != nil {
			return nil, fe
		}
		out = append(out, row)
		if len(out) > maxImportRows {
			break
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, bad("data", "console_catalog_import_broken")
	}
	return out, nil
}

func jsonText(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", true
	case string:
		return strings.TrimSpace(x), true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	case []any:
		parts := make([]string, 0, len(x))
		for _, e := range x {
			t, ok := jsonText(e)
			if !ok || strings.ContainsAny(t, "|;") {
				return "", false
			}
			parts = append(parts, t)
		}
		return strings.Join(parts, "|"), true
	}
	return "", false
}

// names are the operator's genres and libraries by id, slug and name (in
// lower case).
type names struct {
	genres, libraries map[string]int64
}

func loadNames(ctx context.Context, q store.Querier, provider int64) (names, error) {
	n := names{genres: map[string]int64{}, libraries: map[string]int64{}}
	for table, m := range map[string]map[string]int64{"genres": n.genres, "libraries": n.libraries} {
		err := store.Each(ctx, q, "SELECT id, slug, name FROM "+table+" WHERE provider_id = ? ORDER BY id DESC", []any{provider},
			func(sc store.Scanner) error {
				var id int64
				var slug, name string
				if err := sc.Scan(&id, &slug, &name); err != nil {
					return err
				}
				m[strconv.FormatInt(id, 10)], m[strings.ToLower(slug)], m[strings.ToLower(name)] = id, id, id
				return nil
			})
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

func splitList(s string) []string {
	out := []string{}
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return r == '|' || r == ';' }) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// rowInput is the content a row describes: the stored one with the row's
// columns over it, or a new one.
func rowInput(ctx context.Context, q store.Querier, provider int64, n names, row importRow) (contentInput, *contentView, *fieldErr, error) {
	in := contentInput{Status: statusPublished}
	var cur *contentView
	f := row.fields
	if v := f["id"]; v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return in, nil, bad("id", "console_catalog_import_unknown_id"), nil
		}
		c, err := loadContent(ctx, q, provider, id)
		if errors.Is(err, store.ErrNotFound) {
			return in, nil, bad("id", "console_catalog_import_unknown_id"), nil
		}
		if err != nil {
			return in, nil, nil, err
		}
		cur, in = &c, c.contentInput
	}
	num := func(key string, dst *int) *fieldErr {
		v, ok := f[key]
		if !ok {
			return nil
		}
		if v == "" {
			*dst = 0
			return nil
		}
		x, err := strconv.Atoi(v)
		if err != nil {
			return bad(key, "error_wrong_number")
		}
		*dst = x
		return nil
	}
	for _, k := range []struct {
		key string
		dst *int
	}{{"year", &in.Year}, {"age", &in.Age}, {"duration", &in.Duration}, {"season", &in.Season}, {"episode", &in.Episode}} {
		if fe := num(k.key, k.dst); fe != nil {
			return in, cur, fe, nil
		}
	}
	for _, k := range []struct {
		key string
		dst *string
	}{{"type", &in.Type}, {"title", &in.Title}, {"original_title", &in.OriginalTitle}, {"description", &in.Description},
		{"status", &in.Status}, {"source", &in.Source}} {
		if v, ok := f[k.key]; ok {
			*k.dst = v
		}
	}
	if v, ok := f["status"]; ok && v == "" {
		in.Status = statusPublished
	}
	if v, ok := f["parent_id"]; ok {
		in.ParentID = nil
		if v != "" {
			id, err := strconv.ParseInt(v, 10, 64)
			if err != nil || id <= 0 {
				return in, cur, bad("parent_id", "console_catalog_parent_invalid"), nil
			}
			in.ParentID = &id
		}
	}
	if v, ok := f["library"]; ok {
		in.LibraryID = nil
		if v != "" {
			id, found := n.libraries[strings.ToLower(v)]
			if !found {
				return in, cur, bad("library", "console_catalog_library_unknown"), nil
			}
			in.LibraryID = &id
		}
	}
	if v, ok := f["countries"]; ok {
		in.Countries = splitList(v)
	}
	if v, ok := f["genres"]; ok {
		in.GenreIDs = []int64{}
		for _, g := range splitList(v) {
			id, found := n.genres[strings.ToLower(g)]
			if !found {
				return in, cur, bad("genres", "console_catalog_genre_unknown"), nil
			}
			in.GenreIDs = append(in.GenreIDs, id)
		}
	}
	return in, cur, nil, nil
}
