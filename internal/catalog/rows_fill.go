package catalog

import (
	"context"
	"encoding/json"
	"net/http"
)

const (
	// historyRowMax bounds a continue-watching row (its more_count counts
	// up to it).
	historyRowMax = 100
	// favoritesRowMax bounds a favourites row the same way.
	favoritesRowMax = 500
)

// RowJSON is a row with one page of its tiles (schema CatalogRow). A
// rowset sends the rows after its first ones as headers (loaded false, no
// tiles): the client loads them by /v2/rows/{id}.
type RowJSON struct {
	ID              int64             `json:"id"`
	Slug            string            `json:"slug"`
	Title           string            `json:"title"`
	Template        string            `json:"template"`
	ContentType     string            `json:"content_type"`
	LibraryID       *int64            `json:"library_id"`
	Description     string            `json:"description"`
	HTMLDescription string            `json:"html_description"`
	MoreCount       int               `json:"more_count"`
	Limit           int               `json:"limit"`
	Offset          int               `json:"offset"`
	Loaded          bool              `json:"loaded"`
	Contents        []ContentJSON     `json:"contents"`
	Channels        []json.RawMessage `json:"channels"`
	Promotions      []PromoJSON       `json:"promotions"`
	Histories       []HistoryJSON     `json:"histories"`
	Persons         []PersonJSON      `json:"persons"`
}

// rowHeader is a row without tiles.
func rowHeader(d *rowDef, limit int) *RowJSON {
	j := &RowJSON{ID: d.ID, Slug: d.Slug, Title: d.Title, Template: d.Template, ContentType: listOf(d.Template),
		Description: d.Description, HTMLDescription: d.HTMLDescription, Limit: limit,
		Contents: []ContentJSON{}, Channels: []json.RawMessage{}, Promotions: []PromoJSON{}, Histories: []HistoryJSON{},
		Persons: []PersonJSON{}}
	if d.LibraryID != 0 {
		j.LibraryID = int64Ptr(d.LibraryID)
	}
	return j
}

// size is how many tiles the row carries.
func (j *RowJSON) size() int {
	return len(j.Contents) + len(j.Channels) + len(j.Promotions) + len(j.Histories) + len(j.Persons)
}

// fillRow loads one page of d for the viewer, f being the row's query with
// the request's filters over it.
func (s *Service) fillRow(r *http.Request, v *viewer, d *rowDef, f rowFilter, offset, limit int) (*RowJSON, error) {
	ctx := r.Context()
	j := rowHeader(d, limit)
	j.Offset, j.Loaded = offset, true
	var total int
	var err error
	switch d.Source {
	case sourceQuery:
		total, err = s.fillQuery(ctx, v, j, f, offset, limit)
	case sourceItems:
		total, err = s.fillItems(r, v, d, j, f, offset, limit)
	case sourceHistory:
		var all []HistoryJSON
		if all, err = s.historyItems(ctx, v, historyRowMax, 0, true); err == nil {
			total = len(all)
			j.Histories = cutPage(all, offset, limit, true)
		}
	case sourceFavorites:
		total, err = s.fillFavorites(ctx, v, j, f, offset, limit)
	case sourceChannels:
		total, err = s.fillChannels(r, j, f, offset, limit)
	case sourceFilmography:
		total, err = s.fillFilmography(r, v, j, offset, limit)
	}
	if err != nil {
		return nil, err
	}
	j.MoreCount = max(0, total-offset-j.size())
	return j, nil
}

// fillQuery pages the list index.
func (s *Service) fillQuery(ctx context.Context, v *viewer, j *RowJSON, f rowFilter, offset, limit int) (int, error) {
	x, err := s.listIndexOf(ctx, v.providerID)
	if err != nil {
		return 0, err
	}
	tax, err := s.taxonomy(ctx, v.providerID)
	if err != nil {
		return 0, err
	}
	ids, total := x.page(x.compile(&f, tax, v.child), f.mode, offset, limit)
	if j.Contents, err = s.tiles(ctx, v, ids); err != nil {
		return 0, err
	}
	return total, nil
}

// matcherFor compiles f when it narrows anything (nil otherwise): item and
// favourite rows then keep only the contents that pass it.
func (s *Service) matcherFor(ctx context.Context, v *viewer, f *rowFilter) (*listMatcher, error) {
	if !f.filtered() {
		return nil, nil
	}
	x, err := s.listIndexOf(ctx, v.providerID)
	if err != nil {
		return nil, err
	}
	tax, err := s.taxonomy(ctx, v.providerID)
	if err != nil {
		return nil, err
	}
	return x.compile(f, tax, v.child), nil
}

// fillItems pages an operator's hand-picked items, whatever their kinds:
// the page is cut from the items the viewer may see, then each kind is
// rendered in one batch.
func (s *Service) fillItems(r *http.Request, v *viewer, d *rowDef, j *RowJSON, f rowFilter, offset, limit int) (int, error) {
	ctx := r.Context()
	var contentIDs, promoIDs, personIDs []int64
	hasChannels := false
	for _, it := range d.Items {
		switch it.Kind {
		case itemContent:
			contentIDs = append(contentIDs, it.ID)
		case itemPromotion:
			promoIDs = append(promoIDs, it.ID)
		case itemPerson:
			personIDs = append(personIDs, it.ID)
		case itemChannel:
			hasChannels = true
		}
	}
	contents, err := contentsByID(ctx, s.db, v.providerID, contentIDs)
	if err != nil {
		return 0, err
	}
	promos, err := s.promotionsByID(ctx, v.providerID, promoIDs)
	if err != nil {
		return 0, err
	}
	persons, err := s.personsByID(ctx, v.providerID, personIDs)
	if err != nil {
		return 0, err
	}
	if err := s.dropPersonsWithoutWork(ctx, v, persons); err != nil {
		return 0, err
	}
	var channels map[int64]bool
	if hasChannels {
		if channels, err = s.visibleChannelSet(r); err != nil {
			return 0, err
		}
	}
	pf, err := s.newPromoFilter(ctx, v, promos, d.Template)
	if err != nil {
		return 0, err
	}
	m, err := s.matcherFor(ctx, v, &f)
	if err != nil {
		return 0, err
	}
	var visible []rowItem
	for _, it := range d.Items {
		ok := false
		switch it.Kind {
		case itemContent:
			c := contents[it.ID]
			ok = c != nil && v.sees(c) && m.passes(it.ID)
		case itemPromotion:
			p := promos[it.ID]
			ok = p != nil && m == nil && pf.keep(p)
		case itemPerson:
			ok = persons[it.ID] != nil && m == nil
		case itemChannel:
			ok = channels[it.ID] && m == nil
		}
		if ok {
			visible = append(visible, it)
		}
	}
	pageItems := cutPage(visible, offset, limit, true)
	var pageContents, pageChannels []int64
	var pagePromos []*promotion
	for _, it := range pageItems {
		switch it.Kind {
		case itemContent:
			pageContents = append(pageContents, it.ID)
		case itemPromotion:
			pagePromos = append(pagePromos, promos[it.ID])
		case itemPerson:
			j.Persons = append(j.Persons, persons[it.ID].json())
		case itemChannel:
			pageChannels = append(pageChannels, it.ID)
		}
	}
	if j.Contents, err = s.tiles(ctx, v, pageContents); err != nil {
		return 0, err
	}
	if j.Promotions, err = s.renderPromotions(ctx, v, pagePromos); err != nil {
		return 0, err
	}
	if len(pageChannels) > 0 {
		if j.Channels, err = s.channelsSource().ChannelTiles(r, pageChannels); err != nil {
			return 0, err
		}
	}
	return len(visible), nil
}

// fillFavorites pages the viewer's favourite contents, newest first.
func (s *Service) fillFavorites(ctx context.Context, v *viewer, j *RowJSON, f rowFilter, offset, limit int) (int, error) {
	if !v.signedIn() {
		return 0, nil
	}
	ids, err := s.favoriteIDs(ctx, v, kindContent, favoritesRowMax, 0)
	if err != nil {
		return 0, err
	}
	byID, err := contentsByID(ctx, s.db, v.providerID, ids)
	if err != nil {
		return 0, err
	}
	m, err := s.matcherFor(ctx, v, &f)
	if err != nil {
		return 0, err
	}
	var visible []int64
	for _, id := range ids {
		if c := byID[id]; c != nil && v.sees(c) && m.passes(id) {
			visible = append(visible, id)
		}
	}
	if j.Contents, err = s.tiles(ctx, v, cutPage(visible, offset, limit, true)); err != nil {
		return 0, err
	}
	return len(visible), nil
}

// fillChannels pages the line-up (of the query's category, if any).
func (s *Service) fillChannels(r *http.Request, j *RowJSON, f rowFilter, offset, limit int) (int, error) {
	src := s.channelsSource()
	if src == nil {
		return 0, nil
	}
	ids, err := src.VisibleChannels(r, f.category)
	if err != nil {
		return 0, err
	}
	pageIDs := cutPage(ids, offset, limit, true)
	if len(pageIDs) > 0 {
		if j.Channels, err = src.ChannelTiles(r, pageIDs); err != nil {
			return 0, err
		}
	}
	return len(ids), nil
}

// fillFilmography lists the work of the person_id of the request (the
// filmography call is /v2/rows/filmography; an operator's row of this
// source asked by its own id answers the same way).
func (s *Service) fillFilmography(r *http.Request, v *viewer, j *RowJSON, offset, limit int) (int, error) {
	ref := r.URL.Query().Get("person_id")
	if ref == "" {
		return 0, nil
	}
	p, err := s.findPerson(r.Context(), v, ref)
	if err != nil {
		return 0, err
	}
	works, err := s.filmography(r.Context(), v, p.ID)
	if err != nil {
		return 0, err
	}
	if j.Contents, err = s.renderContents(r.Context(), v, cutPage(works, offset, limit, true)); err != nil {
		return 0, err
	}
	return len(works), nil
}
