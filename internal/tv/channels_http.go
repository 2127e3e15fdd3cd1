package tv

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"

	"efir/internal/httpx"
)

// channelView renders c for v; cur is the programme on air (or nil).
func (s *Service) channelView(v *viewer, c *channel, cur *entry) channelJSON {
	logo := c.LogoURL
	if logo == "" {
		logo = logoPath(c)
	}
	color := channelColor(c)
	out := channelJSON{
		ID: c.ID, Name: c.Name, Description: c.Description, Slug: c.Slug, Number: c.Number, Age: c.Age,
		RatingAge: strconv.Itoa(c.Age) + "+", IsFree: c.IsFree, IsHidden: c.IsHidden, IsFixed: c.IsFixed,
		Is4K: c.Is4K, IsHD: c.IsHD, HD: c.IsHD, OverlayIcon: c.OverlayIcon,
		Cover:            coverJSON{Full: logo, Bg: c.BgURL, ColorBg: color, LightBg: shade(color, 0.35), DarkBg: shade(color, -0.45)},
		Images:           []imageJSON{{Type: "logo", Src: logo}},
		StreamTypes:      []string{},
		ArchivedDays:     c.archiveDays(),
		RealArchivedDays: c.archiveDays(),
		Stat:             statJSON{ID: "c" + strconv.FormatInt(c.ID, 10)},
		Trackers:         []any{},
		Categories:       c.Categories,
		HasCatchup:       c.archiveDays() > 0,
	}
	if c.BgURL != "" {
		out.Images = append(out.Images, imageJSON{Type: "background", Src: c.BgURL})
	}
	if out.Categories == nil {
		out.Categories = []int64{}
	}
	out.Category = firstCategory(c.Categories)
	out.IsPurchased = v.purchased(c)
	out.IsAvailable = out.IsPurchased
	out.AccessError = v.accessError(c)
	out.AvailableArchivedDays = v.availableArchiveDays(c)
	out.IsFavored = v.favorites[c.ID]
	if cur != nil && (!v.child || cur.Age <= childMaxAge) {
		out.CurrentSchedule = &currentJSON{ID: cur.ID, Title: cur.Title, Timestamp: cur.Start, RealTimestamp: cur.RealStart,
			Duration: cur.Duration}
	}
	return out
}

// channelList renders the channels v sees, keep filtering further.
func (s *Service) channelList(w http.ResponseWriter, r *http.Request, keep func(v *viewer, c *channel) bool) error {
	v, err := s.viewerOf(r, true)
	if err != nil {
		return err
	}
	l, err := s.cache.lineup(r.Context(), v.providerID)
	if err != nil {
		return err
	}
	cur, err := s.cache.current(r.Context(), v.providerID, s.now().Unix())
	if err != nil {
		return err
	}
	buf := make([]byte, 0, 1024*len(l.channels)+2)
	buf = append(buf, '[')
	n := 0
	for _, c := range l.channels {
		if v.sees(c) && (keep == nil || keep(v, c)) {
			if n > 0 {
				buf = append(buf, ',')
			}
			buf = s.appendChannel(buf, v, c, cur[c.ID])
			n++
		}
	}
	buf = append(buf, ']', '\n')
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf)
	return nil
}

func (s *Service) handleChannelList(w http.ResponseWriter, r *http.Request) error {
	return s.channelList(w, r, nil)
}

func (s *Service) handleUserChannelList(w http.ResponseWriter, r *http.Request) error {
	if httpx.SessionFrom(r.Context()) == nil {
		return httpx.Unauthorized()
	}
	return s.channelList(w, r, nil)
}

func (s *Service) handleFreeList(w http.ResponseWriter, r *http.Request) error {
	return s.channelList(w, r, func(_ *viewer, c *channel) bool { return c.IsFree })
}

func (s *Service) handleCategories(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r, false)
	if err != nil {
		return err
	}
	l, err := s.cache.lineup(r.Context(), v.providerID)
	if err != nil {
		return err
	}
	out := []categoryJSON{}
	for _, k := range l.categories {
		var ids []int64
		for _, id := range k.Channels {
			if c := l.byID[id]; c != nil && v.sees(c) {
				ids = append(ids, id)
			}
		}
		if len(ids) == 0 {
			continue
		}
		j := categoryJSON{ID: k.ID, Slug: k.Slug, Name: k.Name, Short: k.Short, Sort: k.Sort, Channels: ids}
		j.Tags.AllChannels, j.Tags.Startup, j.Tags.IsAdult = k.AllChannels, k.Startup, k.IsAdult
		out = append(out, j)
	}
	httpx.OK(w, out)
	return nil
}

// findChannel resolves the {id} path value (id or slug) among the channels
// v may open; anything else is 404.
func (s *Service) findChannel(r *http.Request, v *viewer) (*lineup, *channel, error) {
	l, err := s.cache.lineup(r.Context(), v.providerID)
	if err != nil {
		return nil, nil, err
	}
	ref := r.PathValue("id")
	c := l.bySlug[ref]
	if c == nil {
		if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
			c = l.byID[id]
		}
	}
	if c == nil || !v.findable(c) {
		return nil, nil, httpx.NotFound()
	}
	return l, c, nil
}

// viewerChannel is the preamble of every per-channel call: who asks (see
// viewerOf for personal), then the channel {id} they may open.
func (s *Service) viewerChannel(r *http.Request, personal bool) (*viewer, *lineup, *channel, error) {
	v, err := s.viewerOf(r, personal)
	if err != nil {
		return nil, nil, nil, err
	}
	l, c, err := s.findChannel(r, v)
	if err != nil {
		return nil, nil, nil, err
	}
	return v, l, c, nil
}

func (s *Service) handleChannel(w http.ResponseWriter, r *http.Request) error {
	v, _, c, err := s.viewerChannel(r, true)
	if err != nil {
		return err
	}
	cur, err := s.cache.current(r.Context(), v.providerID, s.now().Unix())
	if err != nil {
		return err
	}
	httpx.OK(w, s.channelView(v, c, cur[c.ID]))
	return nil
}

// handleConfig: Efir has no web players replacing the stream (vitrina), so
// the configuration is empty; the call exists because the client asks.
func (s *Service) handleConfig(w http.ResponseWriter, r *http.Request) error {
	if _, _, _, err := s.viewerChannel(r, false); err != nil {
		return err
	}
	httpx.OK(w, map[string]any{"config": map[string]any{"web": nil, "web_vlight": nil}, "ad": nil})
	return nil
}

func (s *Service) handlePackets(w http.ResponseWriter, r *http.Request) error {
	_, l, c, err := s.viewerChannel(r, false)
	if err != nil {
		return err
	}
	out := []packetJSON{}
	for _, id := range c.Packets {
		p := l.packets[id]
		if p == nil || p.IsHidden {
			continue
		}
		out = append(out, packetJSON{ID: p.ID, Name: p.Name, Short: p.Short, Description: p.Description, Price: p.Price,
			Currency: p.Currency, PeriodDays: p.PeriodDays, IsBase: p.IsBase, IsFree: p.IsFree, ChannelsCount: p.Channels})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Price < out[j].Price })
	httpx.OK(w, out)
	return nil
}

func logoPath(c *channel) string { return fmt.Sprintf("/v2/channels/%d/logo.svg", c.ID) }

// firstCategory is the channel's main category: the first one that is not
// "all channels", else all channels, else none.
func firstCategory(ids []int64) *int64 {
	var all *int64
	for _, id := range ids {
		id := id
		if id != CategoryAll {
			return &id
		}
		all = &id
	}
	return all
}
