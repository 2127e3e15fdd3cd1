package catalog

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"efir/internal/httpx"
	"efir/internal/store"
)

// MetaJSON is what a content is to the viewer (schema CatalogContentMeta):
// access, the buttons of the content page, where they stopped.
type MetaJSON struct {
	IsPurchased     bool             `json:"is_purchased"`
	IsAvailable     bool             `json:"is_available"`
	IsContinuation  bool             `json:"is_continuation"`
	MinPrice        *PriceJSON       `json:"min_price"`
	NextToPlay      *ContentJSON     `json:"next_to_play"`
	StreamUsing     *StreamUsingJSON `json:"stream_using"`
	History         *HistoryMarkJSON `json:"history"`
	Buttons         []ButtonJSON     `json:"buttons"`
	LicenseInfo     *string          `json:"license_info"`
	UserLicenseInfo *LicenseJSON     `json:"user_license_info"`
	Favorite        bool             `json:"favorite"`
	UserRating      *UserRatingJSON  `json:"user_rating"`
	IsLost          bool             `json:"is_lost"`
}

// PriceJSON is money: minor units and an ISO currency code.
type PriceJSON struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

// StreamUsingJSON says how the content plays: from its library (VOD) and,
// when a channel's archive keeps it, from that catch-up entry.
type StreamUsingJSON struct {
	LibraryID       *int64      `json:"library_id"`
	ContentSchedule *SourceJSON `json:"content_schedule"`
}

// HistoryMarkJSON is where the viewer stopped.
type HistoryMarkJSON struct {
	Seconds         int `json:"seconds"`
	WatchPercentage int `json:"watch_percentage"`
}

// LicenseJSON is the viewer's right to watch, as the page shows it.
type LicenseJSON struct {
	Text  string `json:"text"`
	Color string `json:"color"`
}

// ButtonJSON is a button of the content page (schema CatalogButton).
type ButtonJSON struct {
	ButtonType  string         `json:"button_type"`
	Caption     string         `json:"caption"`
	SubCaption  string         `json:"sub_caption"`
	Icon        string         `json:"icon"`
	PlayAfter   bool           `json:"play_after"`
	ShowOptions bool           `json:"show_options"`
	ButtonData  map[string]any `json:"button_data"`
}

// packetOptionJSON is one packet the pay button offers.
type packetOptionJSON struct {
	PacketID   int64  `json:"packet_id"`
	Name       string `json:"name"`
	Short      string `json:"short"`
	Price      int64  `json:"price"`
	Currency   string `json:"currency"`
	PeriodDays int    `json:"period_days"`
}

const (
	licenseColorOK = "#3cb371"
	// The resume rule of the spec: a saved position counts from 10 s up to
	// 12600 s (3.5 h: past that it is a forgotten tab, not a viewer), and not
	// once the content was watched to the end.
	resumeMinSeconds = 10
	resumeMaxSeconds = 12600
)

// resumable: whether a saved position makes the play button a continuation.
func resumable(mark *HistoryMarkJSON) bool {
	return mark != nil && mark.Seconds >= resumeMinSeconds && mark.Seconds <= resumeMaxSeconds && mark.WatchPercentage < 100
}

// GET /v2/users/self/content_metadata/{id}: a lost content answers 200
// with is_lost (the content call itself answers lost_content).
func (s *Service) handleMeta(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	c, err := s.findContent(r, v, "id")
	if err != nil {
		return err
	}
	m, err := s.meta(r.Context(), v, c)
	if err != nil {
		return err
	}
	httpx.OK(w, m)
	return nil
}

// access is what the meta and the stream decide from: the content to
// play (the next episode of a series), whether the viewer holds it, who
// sells it.
type access struct {
	target    *content // nil: nothing to play
	purchased bool
	sellers   []*packet // visible packets holding the library, cheapest first
	library   *library
}

func (s *Service) accessOf(ctx context.Context, v *viewer, c *content) (*access, error) {
	a := &access{target: c}
	switch c.Type {
	case typeSeries, typeSeason:
		n, err := s.nextToPlay(ctx, v, c)
		if err != nil {
			return nil, err
		}
		a.target = n
	case typeProgram:
		if n, err := s.nextToPlay(ctx, v, c); err != nil {
			return nil, err
		} else if n != nil {
			a.target = n
		}
	}
	if a.target != nil && (a.target.Asset == "" || a.target.IsAnnouncement || a.target.IsLost) {
		a.target = nil
	}
	subject := c
	if a.target != nil {
		subject = a.target
	}
	tax, err := s.taxonomy(ctx, v.providerID)
	if err != nil {
		return nil, err
	}
	a.library = tax.libraries[subject.LibraryID]
	if a.purchased, err = s.available(ctx, v, subject); err != nil {
		return nil, err
	}
	for _, p := range tax.libraryPackets[subject.LibraryID] {
		if !p.IsHidden && !p.IsFree {
			a.sellers = append(a.sellers, p)
		}
	}
	// Cheapest first, then the operator's order.
	for i := 1; i < len(a.sellers); i++ {
		for j := i; j > 0 && a.sellers[j].Price < a.sellers[j-1].Price; j-- {
			a.sellers[j], a.sellers[j-1] = a.sellers[j-1], a.sellers[j]
		}
	}
	return a, nil
}

// meta: is_purchased when the viewer holds the content's library (a free
// one, or through an active packet); is_available when it can be played
// as video on demand by the viewer now or after buying (not lost, not an
// announcement, something to play and a library that is free or sold).
// Buttons: play when purchased, pay (with the packets that sell it) when
// not, trailer when it has one.
func (s *Service) meta(ctx context.Context, v *viewer, c *content) (*MetaJSON, error) {
	m := &MetaJSON{Buttons: []ButtonJSON{}, IsLost: c.IsLost}
	var err error
	if v.signedIn() {
		err = store.Get(ctx, s.db, "SELECT 1 FROM favorites WHERE user_id = ? AND profile_id = ? AND kind = 'content' AND object_id = ?",
			[]any{v.userID, v.profileID, c.ID}, new(int))
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		m.Favorite = err == nil
		if m.UserRating, err = s.userRating(ctx, v, c); err != nil {
			return nil, err
		}
	}
	if c.IsLost {
		return m, nil
	}
	a, err := s.accessOf(ctx, v, c)
	if err != nil {
		return nil, err
	}
	m.IsPurchased = a.purchased
	m.IsAvailable = a.target != nil && a.library != nil && (a.purchased || len(a.sellers) > 0)
	if a.target != nil && a.target.ID != c.ID {
		list, err := s.renderContents(ctx, v, []*content{a.target})
		if err != nil {
			return nil, err
		}
		m.NextToPlay = &list[0]
	} else if c.Type == typeEpisode {
		if m.NextToPlay, err = s.nextToPlayJSON(ctx, v, c); err != nil {
			return nil, err
		}
	}
	if m.IsAvailable && !a.purchased {
		m.MinPrice = &PriceJSON{Amount: a.sellers[0].Price, Currency: a.sellers[0].Currency}
	}
	var mark *HistoryMarkJSON
	if a.target != nil {
		if mark, err = s.historyMark(ctx, v, a.target.ID); err != nil {
			return nil, err
		}
	}
	m.History = mark
	m.IsContinuation = resumable(mark)
	src, err := s.sourcesOf(ctx, v, c, 1, 0)
	if err != nil {
		return nil, err
	}
	if m.IsAvailable || len(src) > 0 {
		m.StreamUsing = &StreamUsingJSON{}
		if m.IsAvailable {
			id := a.library.ID
			m.StreamUsing.LibraryID = &id
		}
		if len(src) > 0 {
			m.StreamUsing.ContentSchedule = &src[0]
		}
	}
	if a.library != nil {
		info := httpx.T(v.lang, "catalog_license_library", a.library.Name)
		m.LicenseInfo = &info
	}
	if m.IsAvailable && a.purchased {
		text := httpx.T(v.lang, "catalog_license_free")
		if !a.library.IsFree {
			text = httpx.T(v.lang, "catalog_license_subscription", a.library.Name)
		}
		m.UserLicenseInfo = &LicenseJSON{Text: text, Color: licenseColorOK}
	}
	m.Buttons = s.buttons(ctx, v, c, a, m)
	return m, nil
}

func (s *Service) buttons(ctx context.Context, v *viewer, c *content, a *access, m *MetaJSON) []ButtonJSON {
	out := []ButtonJSON{}
	switch {
	case !m.IsAvailable:
	case a.purchased:
		b := ButtonJSON{ButtonType: "play", Caption: httpx.T(v.lang, "catalog_button_play"), Icon: "play",
			ButtonData: map[string]any{"content_id": a.target.ID, "library_id": a.library.ID, "seconds": 0}}
		if m.IsContinuation {
			b.Caption = httpx.T(v.lang, "catalog_button_continue")
			b.ButtonData["seconds"] = m.History.Seconds
		}
		if a.target.Type == typeEpisode {
			b.SubCaption = episodeLabel(v.lang, a.target)
		}
		out = append(out, b)
	default:
		options := make([]packetOptionJSON, 0, len(a.sellers))
		for _, p := range a.sellers {
			options = append(options, packetOptionJSON{PacketID: p.ID, Name: p.Name, Short: p.Short, Price: p.Price,
				Currency: p.Currency, PeriodDays: p.PeriodDays})
		}
		first := a.sellers[0]
		out = append(out, ButtonJSON{ButtonType: "pay", Caption: httpx.T(v.lang, "catalog_button_pay"),
			SubCaption: httpx.T(v.lang, "catalog_button_pay_from", formatPrice(first.Price, first.Currency)), Icon: "pay",
			PlayAfter: true, ShowOptions: len(options) > 1,
			ButtonData: map[string]any{"packet_id": first.ID, "packets": options, "library_id": a.library.ID,
				"content_id": a.target.ID}})
	}
	var trailer int64
	if err := store.Get(ctx, s.db, "SELECT id FROM trailers WHERE content_id = ? ORDER BY id LIMIT 1", []any{c.RootID}, &trailer); err == nil {
		out = append(out, ButtonJSON{ButtonType: "trailer", Caption: httpx.T(v.lang, "catalog_button_trailer"), Icon: "trailer",
			ButtonData: map[string]any{"trailer_id": trailer}})
	}
	return out
}

// episodeLabel is "Season 2, episode 3" (or "Episode 3").
func episodeLabel(lang string, e *content) string {
	if e.Season > 0 {
		return httpx.T(lang, "catalog_season_episode", e.Season, e.Series)
	}
	return httpx.T(lang, "catalog_episode", e.Series)
}

// formatPrice renders minor units: 29900 RUB -> "299 ₽", 1990 USD -> "19.90 $".
func formatPrice(amount int64, currency string) string {
	major, minor := amount/100, amount%100
	s := strconv.FormatInt(major, 10)
	if minor != 0 {
		s += fmt.Sprintf(".%02d", minor)
	}
	sym := map[string]string{"RUB": "₽", "USD": "$", "EUR": "€", "KZT": "₸", "UZS": "сўм", "GEL": "₾", "AZN": "₼", "MDL": "L",
		"BGN": "лв", "KGS": "сом", "TJS": "смн"}[currency]
	if sym == "" {
		sym = currency
	}
	return s + " " + sym
}

// historyMark is the viewer's record of one content, or nil.
func (s *Service) historyMark(ctx context.Context, v *viewer, contentID int64) (*HistoryMarkJSON, error) {
	if !v.hasUser() {
		return nil, nil
	}
	var h HistoryMarkJSON
	err := store.Get(ctx, s.db, "SELECT seconds, watch_percentage FROM watch_history WHERE user_id = ? AND profile_id = ? AND content_id = ?",
		[]any{v.userID, v.profileID, contentID}, &h.Seconds, &h.WatchPercentage)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &h, nil
}
