package catalog

import (
	"context"
	"database/sql"
	"sort"
	"sync"
	"time"
)

// Row sources (rows.source).
const (
	sourceItems       = "items"
	sourceQuery       = "query"
	sourceHistory     = "history"
	sourceFavorites   = "favorites"
	sourceChannels    = "channels"
	sourceFilmography = "filmography"
)

// Row item kinds (row_items.kind).
const (
	itemContent   = "content"
	itemChannel   = "channel"
	itemPerson    = "person"
	itemPromotion = "promotion"
)

// What a row's tiles are (CatalogRow.content_type), by template (spec: row
// content types to item lists).
const (
	listContents   = "contents"
	listChannels   = "channels"
	listPromotions = "promotions"
	listHistories  = "histories"
	listPersons    = "persons"
)

var templateLists = map[string]string{
	"content-v": listContents, "content-h": listContents,
	"history-h": listHistories, "history": listHistories,
	"channel": listChannels, "channels": listChannels,
	"person":   listPersons,
	"promo-bg": listPromotions, "promo-wide": listPromotions, "button": listPromotions, "branded_button": listPromotions,
	"collection-v": listPromotions, "packet_promo": listPromotions, "packet_promo_base": listPromotions,
	"donate_packs": listPromotions,
}

// listOf is the tile list of a template (contents for an unknown one).
func listOf(template string) string {
	if l, ok := templateLists[template]; ok {
		return l
	}
	return listContents
}

// pageSize is how many tiles a rowset sends of a row it fills (spec: row
// page size 21 for content-v, 18 for content-h, 24 otherwise).
func pageSize(template string) int {
	switch template {
	case "content-v":
		return 21
	case "content-h":
		return 18
	}
	return 24
}

// rowDef is a row as stored, with its parsed query and, for item rows, its
// items in order.
type rowDef struct {
	ID              int64
	Slug            string
	Title           string
	Template        string
	Source          string
	LibraryID       int64
	Description     string
	HTMLDescription string
	Query           rowFilter
	Items           []rowItem
}

type rowItem struct {
	Kind string
	ID   int64
}

type rowsetDef struct {
	ID          int64
	Slug        string
	Template    string
	Title       string
	Description string
	LibraryID   int64
	URL         string
	IconURL     string
	MenuSort    int
	ForKids     bool
	Rows        []int64
}

// rowDefs are a provider's rows and rowsets: small, read by every page,
// changed only with the catalogue version.
type rowDefs struct {
	rows         map[int64]*rowDef
	rowBySlug    map[string]*rowDef
	rowsets      map[int64]*rowsetDef
	rowsetBySlug map[string]*rowsetDef
	rowsetOrder  []*rowsetDef // menu pages by menu_sort, then the others by id
}

func loadRowDefs(ctx context.Context, s *Service, providerID int64) (*rowDefs, error) {
	d := &rowDefs{rows: map[int64]*rowDef{}, rowBySlug: map[string]*rowDef{}, rowsets: map[int64]*rowsetDef{},
		rowsetBySlug: map[string]*rowsetDef{}}
	err := each(ctx, s.db, `SELECT id, slug, title, template, source, query, library_id, description, html_description
		FROM rows WHERE provider_id = ?`, []any{providerID}, func(sc scanner) error {
		r := &rowDef{}
		var query string
		var lib sql.NullInt64
		if err := sc.Scan(&r.ID, &r.Slug, &r.Title, &r.Template, &r.Source, &query, &lib, &r.Description, &r.HTMLDescription); err != nil {
			return err
		}
		r.LibraryID = lib.Int64
		r.Query = parseRowQuery(query)
		d.rows[r.ID] = r
		d.rowBySlug[r.Slug] = r
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = each(ctx, s.db, `SELECT ri.row_id, ri.kind, ri.object_id FROM row_items ri JOIN rows r ON r.id = ri.row_id
		WHERE r.provider_id = ? ORDER BY ri.row_id, ri.sort, ri.kind, ri.object_id`, []any{providerID}, func(sc scanner) error {
		var rowID int64
		var it rowItem
		if err := sc.Scan(&rowID, &it.Kind, &it.ID); err != nil {
			return err
		}
		if r := d.rows[rowID]; r != nil {
			r.Items = append(r.Items, it)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = each(ctx, s.db, `SELECT id, slug, template, title, description, library_id, url, icon_url, menu_sort, for_kids
		FROM rowsets WHERE provider_id = ?`, []any{providerID}, func(sc scanner) error {
		rs := &rowsetDef{}
		var lib sql.NullInt64
		if err := sc.Scan(&rs.ID, &rs.Slug, &rs.Template, &rs.Title, &rs.Description, &lib, &rs.URL, &rs.IconURL,
			&rs.MenuSort, &rs.ForKids); err != nil {
			return err
		}
		rs.LibraryID = lib.Int64
		d.rowsets[rs.ID] = rs
		d.rowsetBySlug[rs.Slug] = rs
		d.rowsetOrder = append(d.rowsetOrder, rs)
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = each(ctx, s.db, `SELECT rr.rowset_id, rr.row_id FROM rowset_rows rr JOIN rowsets rs ON rs.id = rr.rowset_id
		WHERE rs.provider_id = ? ORDER BY rr.rowset_id, rr.sort, rr.row_id`, []any{providerID}, func(sc scanner) error {
		var set, row int64
		if err := sc.Scan(&set, &row); err != nil {
			return err
		}
		if rs := d.rowsets[set]; rs != nil && d.rows[row] != nil {
			rs.Rows = append(rs.Rows, row)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.SliceStable(d.rowsetOrder, func(i, j int) bool {
		a, b := d.rowsetOrder[i], d.rowsetOrder[j]
		if (a.MenuSort > 0) != (b.MenuSort > 0) {
			return a.MenuSort > 0
		}
		if a.MenuSort != b.MenuSort {
			return a.MenuSort < b.MenuSort
		}
		return a.ID < b.ID
	})
	return d, nil
}

// row finds a row by its stored slug, by "<slug>-<id>" or by id.
func (d *rowDefs) row(ref string) *rowDef {
	if r := d.rowBySlug[ref]; r != nil {
		return r
	}
	if id, ok := parseRef(ref); ok {
		return d.rows[id]
	}
	return nil
}

// rowset finds a rowset by its stored slug, by "<slug>-<id>" or by id.
func (d *rowDefs) rowset(ref string) *rowsetDef {
	if rs := d.rowsetBySlug[ref]; rs != nil {
		return rs
	}
	if id, ok := parseRef(ref); ok {
		return d.rowsets[id]
	}
	return nil
}

// rowsState is the rows' cache beside the Service (as the content cache
// is, so service.go stays shared and small): the row definitions and the
// list indexes per provider, for one catalogue generation, and the line-up
// source of channel rows.
type rowsState struct {
	mu       sync.Mutex
	version  string
	born     time.Time
	defs     map[int64]*rowDefs
	lists    map[int64]*listSlot
	tiles    map[tileKey]ContentJSON
	channels Channels
}

type listSlot struct {
	load sync.Mutex
	x    *listIndex
	// stale: the catalogue moved since x was built; soft: only its age
	// did (same version). gen counts the markings, so a refresh started
	// before a newer one does not pass for fresh.
	stale, soft, refreshing bool
	gen                     uint64
}

// staleServeMin: from this size on, a list index rebuilt after a version
// bump keeps answering from the old one meanwhile (a 100 000-content
// rebuild takes about a second; the tiles, rendered fresh, never show what
// is hidden since). Smaller ones are rebuilt before answering.
var staleServeMin = 20000

func (slot *listSlot) markStale(soft bool) {
	slot.gen++
	slot.soft = soft && (!slot.stale || slot.soft)
	slot.stale = true
}

func (s *Service) rowsState() *rowsState { return s.rows }

// syncGeneration follows the content cache: a new catalogue version drops
// everything; a new generation of the same version (the cache's max age, or
// Invalidate) reloads the definitions and refreshes the list indexes
// without making a request wait for them.
func (s *Service) syncGeneration(ctx context.Context) (*rowsState, error) {
	c := s.cache()
	if err := c.checkVersion(ctx); err != nil {
		return nil, err
	}
	c.mu.Lock()
	version, born := c.version, c.born
	c.mu.Unlock()
	st := s.rowsState()
	st.mu.Lock()
	defer st.mu.Unlock()
	switch {
	case version != st.version:
		st.defs, st.tiles = map[int64]*rowDefs{}, map[tileKey]ContentJSON{}
		for _, slot := range st.lists {
			slot.markStale(false)
		}
	case !born.Equal(st.born):
		st.defs, st.tiles = map[int64]*rowDefs{}, map[tileKey]ContentJSON{}
		for _, slot := range st.lists {
			slot.markStale(true)
		}
	}
	st.version, st.born = version, born
	return st, nil
}

// rowDefsOf gives the provider's rows and rowsets.
func (s *Service) rowDefsOf(ctx context.Context, providerID int64) (*rowDefs, error) {
	st, err := s.syncGeneration(ctx)
	if err != nil {
		return nil, err
	}
	st.mu.Lock()
	d, v := st.defs[providerID], st.version
	st.mu.Unlock()
	if d != nil {
		return d, nil
	}
	d, err = loadRowDefs(ctx, s, providerID)
	if err != nil {
		return nil, err
	}
	st.mu.Lock()
	if st.version == v {
		st.defs[providerID] = d
	}
	st.mu.Unlock()
	return d, nil
}

// listIndexOf gives the provider's list index, building it on first use
// and after the catalogue moved (see staleServeMin).
func (s *Service) listIndexOf(ctx context.Context, providerID int64) (*listIndex, error) {
	st, err := s.syncGeneration(ctx)
	if err != nil {
		return nil, err
	}
	st.mu.Lock()
	slot := st.lists[providerID]
	if slot == nil {
		slot = &listSlot{}
		st.lists[providerID] = slot
	}
	x, stale := slot.x, slot.stale
	background := x != nil && stale && (slot.soft || x.n >= staleServeMin)
	if background && !slot.refreshing {
		slot.refreshing = true
		go s.refreshList(providerID, slot, slot.gen)
	}
	st.mu.Unlock()
	if x != nil && (!stale || background) {
		return x, nil
	}
	slot.load.Lock()
	defer slot.load.Unlock()
	st.mu.Lock()
	x, stale, gen := slot.x, slot.stale, slot.gen
	st.mu.Unlock()
	if x != nil && !stale {
		return x, nil
	}
	if x, err = loadListIndex(ctx, s, providerID); err != nil {
		return nil, err
	}
	st.mu.Lock()
	slot.x = x
	if slot.gen == gen {
		slot.stale, slot.soft = false, false
	}
	st.mu.Unlock()
	return x, nil
}

// refreshList rebuilds a stale index while the old one keeps answering.
func (s *Service) refreshList(providerID int64, slot *listSlot, gen uint64) {
	st := s.rowsState()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	x, err := loadListIndex(ctx, s, providerID)
	st.mu.Lock()
	defer st.mu.Unlock()
	slot.refreshing = false
	if err != nil {
		return
	}
	slot.x = x
	if slot.gen == gen {
		slot.stale, slot.soft = false, false
	}
}
