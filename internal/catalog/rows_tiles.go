package catalog

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"

	"efir/internal/artwork"
)

// Channels is what channel rows need of the live-TV area (the app wires
// tv's service): which channels the viewer may see, and their tiles in the
// shape of the channel list, so the client renders them with its channel
// components.
type Channels interface {
	// VisibleChannels: the channels the viewer of r may see, in line-up
	// order; of one category when category > 0.
	VisibleChannels(r *http.Request, category int64) ([]int64, error)
	// ChannelTiles renders the channels of ids the viewer may see, in the
	// order of ids.
	ChannelTiles(r *http.Request, ids []int64) ([]json.RawMessage, error)
}

// SetChannels wires the line-up (channel rows answer no channels without it).
func (s *Service) SetChannels(c Channels) {
	st := s.rowsState()
	st.mu.Lock()
	st.channels = c
	st.mu.Unlock()
}

func (s *Service) channelsSource() Channels {
	st := s.rowsState()
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.channels
}

// PromoJSON is a tile of a banner or button row (schema CatalogPromo).
type PromoJSON struct {
	ID               int64            `json:"id"`
	Name             string           `json:"name"`
	Title            string           `json:"title"`
	Description      string           `json:"description"`
	Short            string           `json:"short"`
	GraphicTitle     *ScaledImageJSON `json:"graphic_title"`
	Images           []promoImage     `json:"images"`
	Cover            promoCover       `json:"cover"`
	Ratings          []RatingJSON     `json:"ratings"`
	Age              int              `json:"age"`
	Year             int              `json:"year"`
	Genres           []GenreJSON      `json:"genres"`
	Is4K             bool             `json:"is_4k"`
	IsHD             bool             `json:"is_hd"`
	TrailerID        *int64           `json:"trailer_id"`
	Destination      DestinationJSON  `json:"destination"`
	UnfocusedBtnIcon *ScaledImageJSON `json:"unfocused_btn_icon"`
	FocusedBtnIcon   *ScaledImageJSON `json:"focused_btn_icon"`
}

// ScaledImageJSON is a picture for every pixel ratio of TV and mobile
// screens, with its size in points (schema CatalogScaledImage). One stored
// picture (an SVG, or a raster big enough for x3) serves every ratio.
type ScaledImageJSON struct {
	TVx1           string `json:"tv_x1"`
	TVx2           string `json:"tv_x2"`
	TVx3           string `json:"tv_x3"`
	MobileX1       string `json:"mobile_x1"`
	MobileX2       string `json:"mobile_x2"`
	MobileX3       string `json:"mobile_x3"`
	TVWidthPt      int    `json:"tv_width_pt"`
	TVHeightPt     int    `json:"tv_height_pt"`
	MobileWidthPt  int    `json:"mobile_width_pt"`
	MobileHeightPt int    `json:"mobile_height_pt"`
}

// scaledImage is src at every ratio, w x h points; nil without a picture.
func scaledImage(src string, w, h int) *ScaledImageJSON {
	if src == "" {
		return nil
	}
	return &ScaledImageJSON{TVx1: src, TVx2: src, TVx3: src, MobileX1: src, MobileX2: src, MobileX3: src,
		TVWidthPt: w, TVHeightPt: h, MobileWidthPt: w, MobileHeightPt: h}
}

// btnIconPt is the size of a button tile's icon.
const btnIconPt = 24

type promoImage struct {
	IType string `json:"itype"`
	Src   string `json:"src"`
}

type promoCover struct {
	Bg      string `json:"bg"`
	ColorBg string `json:"color_bg"`
}

// DestinationJSON is where a tile leads (schema CatalogDestination).
type DestinationJSON struct {
	Type        string `json:"type"`
	ID          *int64 `json:"id"`
	Slug        string `json:"slug"`
	LibraryID   *int64 `json:"libraryId"`
	Src         string `json:"src"`
	IDNoOTT     *int64 `json:"id_no_ott"`
	Title       string `json:"title"`
	Description string `json:"description"`
}

// Destination types (promotions.dest_type).
const (
	destContent = "content"
	destPacket  = "packet"
)

type promotion struct {
	PromoJSON
	imageURL string
}

const promotionColumns = `id, name, title, short, description, image_url, graphic_title, color_bg, age, year, trailer_id,
	dest_type, dest_id, dest_slug, dest_library_id, dest_src, dest_id_no_ott, dest_title, dest_description,
	is_4k, is_hd, graphic_title_width, graphic_title_height, btn_icon, btn_icon_focused`

func scanPromotion(sc scanner) (*promotion, error) {
	p := &promotion{}
	var trailer, destID, destLib, destNoOTT sql.NullInt64
	var graphicTitle, icon, iconFocused string
	var titleW, titleH int
	err := sc.Scan(&p.ID, &p.Name, &p.Title, &p.Short, &p.Description, &p.imageURL, &graphicTitle, &p.Cover.ColorBg,
		&p.Age, &p.Year, &trailer, &p.Destination.Type, &destID, &p.Destination.Slug, &destLib, &p.Destination.Src,
		&destNoOTT, &p.Destination.Title, &p.Destination.Description, &p.Is4K, &p.IsHD, &titleW, &titleH, &icon, &iconFocused)
	if err != nil {
		return nil, err
	}
	opt := func(n sql.NullInt64) *int64 {
		if !n.Valid {
			return nil
		}
		v := n.Int64
		return &v
	}
	p.TrailerID, p.Destination.ID, p.Destination.LibraryID, p.Destination.IDNoOTT = opt(trailer), opt(destID), opt(destLib), opt(destNoOTT)
	img := pick(p.imageURL, artwork.URL(artwork.Promo, p.ID))
	p.Cover.Bg = img
	p.Images = []promoImage{{IType: "cover", Src: img}}
	if p.Cover.ColorBg != "" {
		p.Images = append(p.Images, promoImage{IType: "colorback", Src: p.Cover.ColorBg})
	}
	p.GraphicTitle = scaledImage(graphicTitle, titleW, titleH)
	p.UnfocusedBtnIcon = scaledImage(icon, btnIconPt, btnIconPt)
	// Without a focused variant the button keeps its icon when focused.
	p.FocusedBtnIcon = scaledImage(pick(iconFocused, icon), btnIconPt, btnIconPt)
	p.Ratings, p.Genres = []RatingJSON{}, []GenreJSON{}
	return p, nil
}

// promotionsByID reads the provider's promotions of ids.
func (s *Service) promotionsByID(ctx context.Context, providerID int64, ids []int64) (map[int64]*promotion, error) {
	out := make(map[int64]*promotion, len(ids))
	for _, chunk := range chunks(uniqueIDs(ids), 500) {
		err := each(ctx, s.db, "SELECT "+promotionColumns+" FROM promotions WHERE provider_id = ? AND id IN ("+inList(chunk)+")",
			[]any{providerID}, func(sc scanner) error {
				p, err := scanPromotion(sc)
				if err != nil {
					return err
				}
				out[p.ID] = p
				return nil
			})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// promoFilter decides which promotions a viewer sees in a row: not rated
// above the child limit, not leading to a content the viewer may not see,
// and, in promo-wide rows, not selling a packet the viewer already has.
type promoFilter struct {
	v         *viewer
	contents  map[int64]*content
	hideOwned bool
}

func (s *Service) newPromoFilter(ctx context.Context, v *viewer, promos map[int64]*promotion, template string) (*promoFilter, error) {
	f := &promoFilter{v: v, hideOwned: template == "promo-wide"}
	var ids []int64
	for _, p := range promos {
		if p.Destination.Type == destContent && p.Destination.ID != nil {
			ids = append(ids, *p.Destination.ID)
		}
	}
	var err error
	if f.contents, err = contentsByID(ctx, s.db, v.providerID, ids); err != nil {
		return nil, err
	}
	if f.hideOwned {
		if err := s.loadPackets(ctx, v); err != nil {
			return nil, err
		}
	}
	return f, nil
}

func (f *promoFilter) keep(p *promotion) bool {
	if !f.v.ageAllowed(p.Age) {
		return false
	}
	d := p.Destination
	switch d.Type {
	case destContent:
		if d.ID != nil {
			c := f.contents[*d.ID]
			if c == nil || !f.v.sees(c) {
				return false
			}
		}
	case destPacket:
		if f.hideOwned && d.ID != nil && f.v.packets[*d.ID] {
			return false
		}
	}
	return true
}

// renderPromotions finishes the tiles of list: a promotion leading to a
// content borrows the content's year, age, genres and ratings when it has
// none of its own.
func (s *Service) renderPromotions(ctx context.Context, v *viewer, list []*promotion) ([]PromoJSON, error) {
	out := make([]PromoJSON, 0, len(list))
	var ids []int64
	for _, p := range list {
		if p.Destination.Type == destContent && p.Destination.ID != nil {
			ids = append(ids, *p.Destination.ID)
		}
	}
	cards := map[int64]ContentJSON{}
	if len(ids) > 0 {
		found, err := s.contentCards(ctx, v, ids)
		if err != nil {
			return nil, err
		}
		for _, c := range found {
			cards[c.ID] = c
		}
	}
	for _, p := range list {
		j := p.PromoJSON
		if p.Destination.Type == destContent && p.Destination.ID != nil {
			if c, ok := cards[*p.Destination.ID]; ok {
				if j.Year == 0 {
					j.Year = c.Year
				}
				if j.Age == 0 {
					j.Age = c.Age
				}
				j.Genres, j.Ratings = c.Genres, c.Ratings
				if j.Destination.Slug == "" {
					j.Destination.Slug = c.Slug
				}
				if j.Destination.LibraryID == nil {
					j.Destination.LibraryID = c.LibraryID
				}
			}
		}
		out = append(out, j)
	}
	return out, nil
}

// personsByID reads the provider's persons of ids.
func (s *Service) personsByID(ctx context.Context, providerID int64, ids []int64) (map[int64]*person, error) {
	out := make(map[int64]*person, len(ids))
	for _, chunk := range chunks(uniqueIDs(ids), 500) {
		err := each(ctx, s.db, "SELECT "+personColumns+" FROM persons WHERE provider_id = ? AND id IN ("+inList(chunk)+")",
			[]any{providerID}, func(sc scanner) error {
				p, err := scanPerson(sc)
				if err != nil {
					return err
				}
				out[p.ID] = p
				return nil
			})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// visibleChannelSet is the set of channels the viewer may see (nil when no
// line-up is wired).
func (s *Service) visibleChannelSet(r *http.Request) (map[int64]bool, error) {
	src := s.channelsSource()
	if src == nil {
		return nil, nil
	}
	ids, err := src.VisibleChannels(r, 0)
	if err != nil {
		return nil, err
	}
	set := make(map[int64]bool, len(ids))
	for _, id := range ids {
		set[id] = true
	}
	return set, nil
}

// tileCacheMax bounds the cached content tiles of a process (a catalogue
// page touches a few hundred tiles); when full, half of them go.
const tileCacheMax = 20000

// dropHalfTiles drops half of the tiles, at random (map order): a burst of
// new keys, rows paged in every language, thins the cache out instead of
// emptying it for everyone.
func dropHalfTiles(m map[tileKey]ContentJSON) {
	n := len(m) / 2
	for k := range m {
		if n == 0 {
			return
		}
		delete(m, k)
		n--
	}
}

type tileKey struct {
	provider int64
	lang     string
	id       int64
}

// tiles renders contents as row tiles like contentCards (order kept, what
// the viewer may not see left out), from a cache of the viewer-independent
// part: a page of 24 tiles would otherwise cost five queries over the
// contents, their genres, countries and trailers each time. The viewer's
// watch marks are added per request. The cache lives for one catalogue
// generation (syncGeneration empties it).
func (s *Service) tiles(ctx context.Context, v *viewer, ids []int64) ([]ContentJSON, error) {
	st := s.rowsState()
	cached := make(map[int64]ContentJSON, len(ids))
	var missing []int64
	st.mu.Lock()
	gen := st.born
	for _, id := range ids {
		if t, ok := st.tiles[tileKey{v.providerID, v.lang, id}]; ok && (!v.child || t.Age <= childMaxAge) {
			cached[id] = t
		} else {
			missing = append(missing, id)
		}
	}
	st.mu.Unlock()
	if len(missing) > 0 {
		// Rendered for nobody in particular: no watch marks in the cache.
		anon := &viewer{providerID: v.providerID, lang: v.lang, guest: true, child: v.child}
		fresh, err := s.contentCards(ctx, anon, missing)
		if err != nil {
			return nil, err
		}
		st.mu.Lock()
		if len(st.tiles)+len(fresh) > tileCacheMax {
			dropHalfTiles(st.tiles)
		}
		for _, t := range fresh {
			cached[t.ID] = t
			if st.born.Equal(gen) {
				st.tiles[tileKey{v.providerID, v.lang, t.ID}] = t
			}
		}
		st.mu.Unlock()
	}
	out := make([]ContentJSON, 0, len(ids))
	seen := make(map[int64]bool, len(ids))
	var marked []*content
	for _, id := range ids {
		if t, ok := cached[id]; ok && !seen[id] {
			seen[id] = true
			out = append(out, t)
			marked = append(marked, &content{ID: id})
		}
	}
	if v.hasUser() && len(marked) > 0 {
		pct, err := s.historyPercentages(ctx, v, marked)
		if err != nil {
			return nil, err
		}
		for i := range out {
			if p, ok := pct[out[i].ID]; ok {
				out[i].Histories = &HistoriesJSON{WatchPercentage: p}
			}
		}
	}
	return out, nil
}
