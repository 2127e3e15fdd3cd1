package catalog

import (
	"encoding/json"
	"net/http"

	"efir/internal/httpx"
)

// GET /v2/rows/{id}: one page of a row (id, "<slug>-<id>" or the stored
// slug) with offset, limit (default 20, max 100) and the filters of
// parseFilterQuery over the row's own query.
func (s *Service) handleRow(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	defs, err := s.rowDefsOf(r.Context(), v.providerID)
	if err != nil {
		return err
	}
	d := defs.row(r.PathValue("id"))
	if d == nil {
		return httpx.NotFound()
	}
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	req, set, err := parseFilterQuery(r.URL.Query())
	if err != nil {
		return err
	}
	row, err := s.fillRow(r, v, d, d.Query.override(req, set), offset, limit)
	if err != nil {
		return err
	}
	httpx.OK(w, row.normalized())
	return nil
}

// normalized makes every tile list an array on the wire.
func (j *RowJSON) normalized() *RowJSON {
	if j.Contents == nil {
		j.Contents = []ContentJSON{}
	}
	if j.Channels == nil {
		j.Channels = []json.RawMessage{}
	}
	if j.Promotions == nil {
		j.Promotions = []PromoJSON{}
	}
	if j.Histories == nil {
		j.Histories = []HistoryJSON{}
	}
	if j.Persons == nil {
		j.Persons = []PersonJSON{}
	}
	return j
}

// RowsetJSON is a page of rows (schema CatalogRowset).
type RowsetJSON struct {
	ID          int64      `json:"id"`
	Slug        string     `json:"slug"`
	Template    string     `json:"template"`
	Title       string     `json:"title"`
	Description string     `json:"description"`
	LibraryID   *int64     `json:"library_id"`
	URL         string     `json:"url"`
	Icon        *iconJSON  `json:"icon"`
	ForKids     bool       `json:"for_kids"`
	Rows        []*RowJSON `json:"rows"`
	SEO         seoJSON    `json:"seo"`
}

type iconJSON struct {
	TVx3 string `json:"tv_x3"`
}

type seoJSON struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	H1          string `json:"h1"`
	Noindex     bool   `json:"noindex"`
}

// MenuPageJSON is a rowset in the list of /v2/rowsets (schema
// CatalogMenuPage): the header menu is the ones with is_menu.
type MenuPageJSON struct {
	ID           int64     `json:"id"`
	Slug         string    `json:"slug"`
	Title        string    `json:"title"`
	Template     string    `json:"template"`
	Description  string    `json:"description"`
	LibraryID    *int64    `json:"library_id"`
	URL          string    `json:"url"`
	Icon         *iconJSON `json:"icon"`
	MenuSort     int       `json:"menu_sort"`
	IsMenu       bool      `json:"is_menu"`
	ForKids      bool      `json:"for_kids"`
	HideForChild bool      `json:"hide_for_child"`
}

const (
	// rowsetFilled: a rowset fills its first rows (spec: the first 4 rows
	// of a page load at once, the rest lazily).
	rowsetFilled = 4
	// rowsetTries bounds the rows tried for them: rows that come out empty
	// for the viewer (no history yet, no favourites) are left out and the
	// next one is filled instead.
	rowsetTries = 10
	// hiddenForChildID: the spec's menu item hidden for child profiles.
	hiddenForChildID = 1000
)

func (rs *rowsetDef) icon() *iconJSON {
	if rs.IconURL == "" {
		return nil
	}
	return &iconJSON{TVx3: rs.IconURL}
}

// url is where a menu item leads: an outer link's address, the root for
// the start page, /{slug} otherwise.
func (rs *rowsetDef) url() string {
	switch {
	case rs.URL != "":
		return rs.URL
	case rs.Template == "startpage":
		return "/"
	}
	return "/" + rs.Slug
}

// GET /v2/rowsets?type=web|mobile300: every rowset, menu pages first in
// menu order. A child profile gets the rowsets meant for children only.
func (s *Service) handleRowsets(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	defs, err := s.rowDefsOf(r.Context(), v.providerID)
	if err != nil {
		return err
	}
	out := []MenuPageJSON{}
	for _, rs := range defs.rowsetOrder {
		if v.child && !rs.ForKids {
			continue
		}
		j := MenuPageJSON{ID: rs.ID, Slug: rs.Slug, Title: rs.Title, Template: rs.Template, Description: rs.Description,
			URL: rs.url(), Icon: rs.icon(), MenuSort: rs.MenuSort, IsMenu: rs.MenuSort > 0, ForKids: rs.ForKids,
			HideForChild: rs.ID == hiddenForChildID}
		if rs.LibraryID != 0 {
			j.LibraryID = int64Ptr(rs.LibraryID)
		}
		out = append(out, j)
	}
	httpx.OK(w, out)
	return nil
}

// GET /v2/rowsets/{id}: a rowset (id, slug or "<slug>-<id>") with its rows,
// the first ones filled.
func (s *Service) handleRowset(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	out, err := s.rowsetPage(r, v, r.PathValue("id"))
	if err != nil {
		return err
	}
	if out == nil {
		return httpx.NotFound()
	}
	httpx.OK(w, out)
	return nil
}

// rowsetPage is the rowset ref names as the viewer gets it, nil when there
// is none: the first rows that have tiles for the viewer filled, the rest
// as headers.
func (s *Service) rowsetPage(r *http.Request, v *viewer, ref string) (*RowsetJSON, error) {
	defs, err := s.rowDefsOf(r.Context(), v.providerID)
	if err != nil {
		return nil, err
	}
	rs := defs.rowset(ref)
	if rs == nil {
		return nil, nil
	}
	out := &RowsetJSON{ID: rs.ID, Slug: rs.Slug, Template: rs.Template, Title: rs.Title, Description: rs.Description,
		URL: rs.URL, Icon: rs.icon(), ForKids: rs.ForKids, Rows: []*RowJSON{},
		SEO: seoJSON{Title: rs.Title, Description: rs.Description, H1: rs.Title}}
	if rs.LibraryID != 0 {
		out.LibraryID = int64Ptr(rs.LibraryID)
	}
	filled, tried := 0, 0
	for _, id := range rs.Rows {
		d := defs.rows[id]
		if filled >= rowsetFilled || tried >= rowsetTries {
			out.Rows = append(out.Rows, rowHeader(d, pageSize(d.Template)).normalized())
			continue
		}
		tried++
		row, err := s.fillRow(r, v, d, d.Query, 0, pageSize(d.Template))
		if err != nil {
			return nil, err
		}
		if row.size() == 0 {
			continue
		}
		filled++
		out.Rows = append(out.Rows, row.normalized())
	}
	return out, nil
}
