package pagesadmin

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"efir/internal/catalog"
	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// Bounds of what the console writes of rows and rowsets.
const (
	maxTitle       = 200
	maxDescription = 2000
	maxRowItems    = 200
	maxRowsetRows  = 200
	maxQuery       = 2000
	maxFound       = 30
)

// GET /rowsets: the operator's rowsets, the menu's pages first.
func (s *Section) handleRowsets(w http.ResponseWriter, r *http.Request) error {
	list, err := catalog.ConsoleRowsets(r.Context(), s.db, operator.ProviderOf(r))
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

// GET /rowsets/{id}: a rowset with its rows and their items.
func (s *Section) handleRowset(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	rs, err := catalog.ConsoleRowsetOf(r.Context(), s.db, operator.ProviderOf(r), id)
	if err != nil {
		return err
	}
	httpx.OK(w, rs)
	return nil
}

type rowsetBody struct {
	Title       *string  `json:"title"`
	Description *string  `json:"description"`
	RowIDs      *[]int64 `json:"row_ids"`
}

// PATCH /rowsets/{id}: a rowset's title and description, and its rows in
// their new order (row_ids; rows left out leave the page, they are not
// deleted).
func (s *Section) handleRowsetPatch(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var b rowsetBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if b.RowIDs != nil {
		if err := checkIDs("row_ids", *b.RowIDs, maxRowsetRows); err != nil {
			return err
		}
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var out catalog.ConsoleRowset
	err = s.change(ctx, func(tx *store.Tx) error {
		cur, err := catalog.ConsoleRowsetOf(ctx, tx, provider, id)
		if err != nil {
			return err
		}
		if b.Title != nil || b.Description != nil {
			title, descr := cur.Title, cur.Description
			if b.Title != nil {
				title = strings.TrimSpace(*b.Title)
			}
			if b.Description != nil {
				descr = strings.TrimSpace(*b.Description)
			}
			if err := checkTitle("title", title); err != nil {
				return err
			}
			if utf8.RuneCountInString(descr) > maxDescription {
				return httpx.Invalid("description", "console_pages_text_long")
			}
			if err := catalog.ConsoleUpdateRowset(ctx, tx, provider, id, title, descr); err != nil {
				return err
			}
			if err := s.staff.Audit(ctx, tx, r, "pages.rowset.update", "rowset", id,
				map[string]string{"title": cur.Title, "description": cur.Description},
				map[string]string{"title": title, "description": descr}); err != nil {
				return err
			}
		}
		if b.RowIDs != nil {
			if err := catalog.ConsoleSetRowsetRows(ctx, tx, provider, id, *b.RowIDs); err != nil {
				return unknown(err, "row_ids")
			}
			if err := s.staff.Audit(ctx, tx, r, "pages.rowset.rows", "rowset", id,
				map[string][]int64{"row_ids": rowIDs(cur)}, map[string][]int64{"row_ids": *b.RowIDs}); err != nil {
				return err
			}
		}
		out, err = catalog.ConsoleRowsetOf(ctx, tx, provider, id)
		return err
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

type menuBody struct {
	RowsetIDs []int64 `json:"rowset_ids"`
}

// checkIDs: at most most ids, each positive and once.
func checkIDs(field string, ids []int64, most int) error {
	if len(ids) > most {
		return httpx.Invalid(field, "console_pages_too_many")
	}
	seen := map[int64]bool{}
	for _, id := range ids {
		if id <= 0 || seen[id] {
			return httpx.Invalid(field, "console_pages_unknown")
		}
		seen[id] = true
	}
	return nil
}

func rowIDs(rs catalog.ConsoleRowset) []int64 {
	out := []int64{}
	for _, row := range rs.Rows {
		out = append(out, row.ID)
	}
	return out
}

// PATCH /menu {rowset_ids}: the header menu's pages in order.
func (s *Section) handleMenu(w http.ResponseWriter, r *http.Request) error {
	var b menuBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if b.RowsetIDs == nil {
		return httpx.Invalid("rowset_ids", "console_pages_unknown")
	}
	if err := checkIDs("rowset_ids", b.RowsetIDs, maxRowsetRows); err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var out []catalog.ConsoleRowset
	err := s.change(ctx, func(tx *store.Tx) error {
		before, err := catalog.ConsoleRowsets(ctx, tx, provider)
		if err != nil {
			return err
		}
		if err := catalog.ConsoleSetMenu(ctx, tx, provider, b.RowsetIDs); err != nil {
			return unknown(err, "rowset_ids")
		}
		if out, err = catalog.ConsoleRowsets(ctx, tx, provider); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "pages.menu.update", "menu", provider,
			map[string][]int64{"rowset_ids": menuIDs(before)}, map[string][]int64{"rowset_ids": b.RowsetIDs})
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

func menuIDs(list []catalog.ConsoleRowset) []int64 {
	out := []int64{}
	for _, rs := range list {
		if rs.MenuSort > 0 {
			out = append(out, rs.ID)
		}
	}
	return out
}

// rowBody is a row as the console sends it; a field left out keeps its
// value (a new row takes the defaults: template content-v, source items).
type rowBody struct {
	Title    *string          `json:"title"`
	Template *string          `json:"template"`
	Source   *string          `json:"source"`
	Query    *json.RawMessage `json:"query"`
	Items    *[]itemRef       `json:"items"`
}

type itemRef struct {
	Kind string `json:"kind"`
	ID   int64  `json:"id"`
}

// input overlays b on cur and checks the result.
func (b rowBody) input(cur catalog.ConsoleRow) (catalog.ConsoleRowInput, error) {
	in := catalog.ConsoleRowInput{Title: cur.Title, Template: cur.Template, Source: cur.Source, Query: string(cur.Query),
		Items: cur.Items}
	if b.Title != nil {
		in.Title = strings.TrimSpace(*b.Title)
	}
	if b.Template != nil {
		in.Template = *b.Template
	}
	if b.Source != nil {
		in.Source = *b.Source
	}
	if b.Query != nil {
		in.Query = string(*b.Query)
	}
	if b.Items != nil {
		in.Items = make([]catalog.ConsoleItem, 0, len(*b.Items))
		for _, it := range *b.Items {
			in.Items = append(in.Items, catalog.ConsoleItem{Kind: it.Kind, ID: it.ID})
		}
	}
	if err := checkTitle("title", in.Title); err != nil {
		return in, err
	}
	if !slices.Contains(catalog.RowTemplates(), in.Template) {
		return in, httpx.Invalid("template", "console_pages_template_invalid")
	}
	if !slices.Contains(catalog.RowSources, in.Source) {
		return in, httpx.Invalid("source", "console_pages_source_invalid")
	}
	q, err := checkQuery(in.Query)
	if err != nil {
		return in, err
	}
	in.Query = q
	if len(in.Items) > maxRowItems {
		return in, httpx.Invalid("items", "console_pages_too_many")
	}
	if in.Source != "items" {
		// Only a row of picked items keeps them.
		in.Items = nil
	}
	kind := catalog.RowItemKind(in.Template)
	for _, it := range in.Items {
		if it.Kind != kind || it.ID <= 0 {
			return in, httpx.Invalid("items", "console_pages_item_kind")
		}
	}
	return in, nil
}

func checkTitle(field, title string) error {
	if title == "" || utf8.RuneCountInString(title) > maxTitle {
		return httpx.Invalid(field, "console_pages_title_invalid")
	}
	return nil
}

// checkQuery: a query row's filter is a JSON object of the known keys.
func checkQuery(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" || raw == "null" {
		return "{}", nil
	}
	var m map[string]json.RawMessage
	if len(raw) > maxQuery || json.Unmarshal([]byte(raw), &m) != nil || m == nil {
		return "", httpx.Invalid("query", "console_pages_query_invalid")
	}
	for k := range m {
		if !slices.Contains(catalog.RowQueryKeys, k) {
			return "", httpx.Invalid("query", "console_pages_query_invalid")
		}
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(raw)); err != nil {
		return "", httpx.Invalid("query", "console_pages_query_invalid")
	}
	return buf.String(), nil
}

// POST /rowsets/{id}/rows: a new row at the end of the rowset.
func (s *Section) handleRowCreate(w http.ResponseWriter, r *http.Request) error {
	setID, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var b rowBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	if _, err := catalog.ConsoleRowsetOf(ctx, s.db, provider, setID); err != nil {
		return err
	}
	in, err := b.input(catalog.ConsoleRow{Template: "content-v", Source: "items", Query: json.RawMessage("{}")})
	if err != nil {
		return err
	}
	var out catalog.ConsoleRow
	err = s.change(ctx, func(tx *store.Tx) error {
		id, err := catalog.ConsoleSaveRow(ctx, tx, provider, 0, in)
		if err != nil {
			return unknown(err, "items")
		}
		if err := catalog.ConsoleAddRowToRowset(ctx, tx, provider, setID, id); err != nil {
			return err
		}
		if out, err = catalog.ConsoleRowOf(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "pages.row.create", "row", id, nil,
			map[string]any{"rowset_id": setID, "row": out})
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

// GET /rows/{id}: a row with its items.
func (s *Section) handleRow(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	row, err := catalog.ConsoleRowOf(r.Context(), s.db, operator.ProviderOf(r), id)
	if err != nil {
		return err
	}
	httpx.OK(w, row)
	return nil
}

// PATCH /rows/{id}: a row's title, template, source, filter or items (the
// whole list, in order).
func (s *Section) handleRowPatch(w http.ResponseWriter, r *http.Request) error {
	return editOne(s, w, r, "pages.row.update", "row", catalog.ConsoleRowOf,
		func(ctx context.Context, tx *store.Tx, provider, id int64, cur catalog.ConsoleRow, b *rowBody) error {
			in, err := b.input(cur)
			if err != nil {
				return err
			}
			_, err = catalog.ConsoleSaveRow(ctx, tx, provider, id, in)
			return unknown(err, "items")
		})
}

// handleRowDelete removes a row from every page it is on. A row a banner
// leads to stays (409) until the banner leads elsewhere.
func (s *Section) handleRowDelete(w http.ResponseWriter, r *http.Request) error {
	return deleteOne(s, w, r, "pages.row.delete", "row", catalog.ConsoleRowOf,
		func(ctx context.Context, q store.Querier, provider, id int64) error {
			n, err := catalog.ConsoleRowBanners(ctx, q, provider, id)
			if err != nil {
				return err
			}
			if n > 0 {
				return httpx.New(http.StatusConflict, httpx.TypeConflict, "console_pages_row_in_use")
			}
			return catalog.ConsoleDeleteRow(ctx, q, provider, id)
		})
}

// GET /items?kind=&q=: the operator's contents (or channels, persons,
// promotions) whose title holds q, for a row's picker.
func (s *Section) handleItems(w http.ResponseWriter, r *http.Request) error {
	kind := r.URL.Query().Get("kind")
	if kind == "" {
		kind = "content"
	}
	if !slices.Contains([]string{"content", "channel", "person", "promotion"}, kind) {
		return httpx.Invalid("kind", "console_pages_item_kind")
	}
	text := r.URL.Query().Get("q")
	if utf8.RuneCountInString(text) > maxTitle || !utf8.ValidString(text) {
		return httpx.Invalid("q", "console_pages_text_long")
	}
	list, err := catalog.ConsoleFindItems(r.Context(), s.db, operator.ProviderOf(r), kind, text, maxFound)
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

// vocabulary is what the console's forms offer: the row templates with the
// kind of item each holds, the row sources, the promotions' destinations.
type vocabulary struct {
	Templates    []templateInfo `json:"templates"`
	Sources      []string       `json:"sources"`
	Destinations []string       `json:"destinations"`
	QueryKeys    []string       `json:"query_keys"`
}

type templateInfo struct {
	Template string `json:"template"`
	ItemKind string `json:"item_kind"`
}

// GET /vocabulary.
func (s *Section) handleVocabulary(w http.ResponseWriter, r *http.Request) error {
	v := vocabulary{Sources: catalog.RowSources, QueryKeys: catalog.RowQueryKeys}
	for _, t := range catalog.RowTemplates() {
		v.Templates = append(v.Templates, templateInfo{Template: t, ItemKind: catalog.RowItemKind(t)})
	}
	for d := range catalog.PromotionDestinations {
		v.Destinations = append(v.Destinations, d)
	}
	slices.Sort(v.Destinations)
	httpx.OK(w, v)
	return nil
}
