package commerce

import (
	"context"
	"encoding/json"
	"strconv"

	"efir/internal/provider"
	"efir/internal/store"
	"efir/internal/tv"
)

// The JSON shapes of the spec's commerce entities (api/openapi.yaml).

type PacketBrief struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Short    string `json:"short"`
	IsBase   bool   `json:"is_base"`
	Price    int64  `json:"price"`
	Currency string `json:"currency"`
}

type Actions struct {
	CanSubscribe    bool `json:"can_subscribe"`
	CanDisableRenew bool `json:"can_disable_renew"`
	CanChangePeriod bool `json:"can_change_period"`
	CanUnsubscribe  bool `json:"can_unsubscribe"`
	CanEnableRenew  bool `json:"can_enable_renew"`
}

type PacketSubscription struct {
	ID              int64        `json:"id"`
	State           string       `json:"state"`
	StartAt         int64        `json:"start_at"`
	EndAt           int64        `json:"end_at"`
	NextPayAt       *int64       `json:"next_pay_at"`
	NextPrice       *int64       `json:"next_price"`
	NextPeriodHuman *PeriodHuman `json:"next_period_human"`
	Renew           bool         `json:"renew"`
	Actions         Actions      `json:"actions"`
}

type Design struct {
	BackgroundMobile string   `json:"background_mobile"`
	BackgroundTV     string   `json:"background_tv"`
	Logo             string   `json:"logo"`
	CornerBadge      string   `json:"corner_badge"`
	SpecialFeatures  []string `json:"special_features"`
	Color            string   `json:"color"`
}

type Benefit struct {
	Icon string `json:"icon"`
	Text string `json:"text"`
}

type LibraryBrief struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type VideoBrief struct {
	ID    int64  `json:"id"`
	Slug  string `json:"slug"`
	Title string `json:"title"`
}

type BundleInfo struct {
	ID                int64  `json:"id"`
	CustomName        string `json:"custom_name"`
	CustomPrice       int64  `json:"custom_price"`
	CustomDescription string `json:"custom_description"`
	InternetSpeed     int    `json:"internet_speed"`
}

type UserPurchase struct {
	ID        int64 `json:"id"`
	AccountID int64 `json:"account_id"`
}

type NextUserPurchase struct {
	PurchaseType struct {
		Amount int64 `json:"amount"`
	} `json:"purchase_type"`
}

type Packet struct {
	ID                 int64               `json:"id"`
	Name               string              `json:"name"`
	Short              string              `json:"short"`
	Description        string              `json:"description"`
	Price              int64               `json:"price"`
	Currency           string              `json:"currency"`
	Period             int                 `json:"period"`
	PeriodHuman        PeriodHuman         `json:"period_human"`
	TotalPrice         int64               `json:"total_price"`
	TrialPrice         *int64              `json:"trial_price"`
	TrialPeriod        int                 `json:"trial_period"`
	TrialPeriodHuman   *PeriodHuman        `json:"trial_period_human"`
	IsTrial            bool                `json:"is_trial"`
	IsUsedTrial        bool                `json:"is_used_trial"`
	IsPaused           bool                `json:"is_paused"`
	IsBase             bool                `json:"is_base"`
	Base               bool                `json:"base"`
	IsFree             bool                `json:"is_free"`
	IsPromo            bool                `json:"is_promo"`
	IsAdult            bool                `json:"is_adult"`
	ChannelsCount      int                 `json:"channels_count"`
	Design             Design              `json:"design"`
	Packets            []PacketBrief       `json:"packets"`
	ParentName         string              `json:"parent_name"`
	Benefits           []Benefit           `json:"benefits"`
	Channels           []tv.PacketChannel  `json:"channels"`
	Libraries          []LibraryBrief      `json:"libraries"`
	Videos             []VideoBrief        `json:"videos"`
	Include            []int64             `json:"include"`
	Available          []int64             `json:"available"`
	Agreement          string              `json:"agreement"`
	AfterRenewPacketID *int64              `json:"after_renew_packet_id"`
	Bundle             *BundleInfo         `json:"bundle"`
	Subscription       *PacketSubscription `json:"subscription"`
	UserPurchase       *UserPurchase       `json:"user_purchase"`
	NextUserPurchase   *NextUserPurchase   `json:"next_user_purchase"`
	IsPurchased        bool                `json:"is_purchased"`
	Provider           string              `json:"provider"`
}

// holder is what a viewer holds, read once per request.
type holder struct {
	userID     int64
	accountID  int64
	balance    int64
	subs       []subRow
	trialsUsed map[int64]bool
	child      bool
}

func (s *Service) holderOf(ctx context.Context, userID int64, currency string, child bool) (*holder, error) {
	h := &holder{userID: userID, trialsUsed: map[int64]bool{}, child: child}
	if userID == 0 {
		return h, nil
	}
	var err error
	if h.subs, err = subsOf(ctx, s.db, userID); err != nil {
		return nil, err
	}
	if err := store.Get(ctx, s.db, `SELECT id, balance FROM accounts WHERE user_id = ? AND currency = ? ORDER BY id LIMIT 1`,
		[]any{userID, currency}, &h.accountID, &h.balance); err != nil && err != store.ErrNotFound {
		return nil, err
	}
	err = store.Each(ctx, s.db, `SELECT packet_id FROM trials_used WHERE user_id = ?`, []any{userID}, func(r store.Scanner) error {
		var id int64
		err := r.Scan(&id)
		h.trialsUsed[id] = true
		return err
	})
	return h, err
}

// subOf is the viewer's open subscription of packet id (nil: none).
func (h *holder) subOf(id int64, now int64) *subRow {
	for i := range h.subs {
		if h.subs[i].PacketID == id && h.subs[i].open(now) {
			return &h.subs[i]
		}
	}
	return nil
}

// packetView builds a packet's JSON; full adds channels, libraries and
// videos (the packet's own page).
func (s *Service) packetView(ctx context.Context, prov *provider.Provider, o *offer, p *packet, h *holder, full bool) (Packet, error) {
	now := s.now().Unix()
	f := p.first()
	v := Packet{ID: p.ID, Name: p.Name, Short: p.Short, Description: p.Description, Price: f.Amount / int64(max(f.Months, 1)),
		Currency: currencyOf(prov), Period: periodDays(f.Months, timeAt(now)), PeriodHuman: humanMonths(f.Months),
		TotalPrice: f.Amount, IsBase: p.IsBase, Base: isBase(o, p), IsFree: p.IsFree, IsPromo: !p.IsFree && isPromoFree(f.Amount),
		IsAdult: p.IsAdult, Include: nonNil(p.Includes), Available: nonNil(p.Addons), Agreement: p.Agreement,
		Packets: []PacketBrief{}, Benefits: jsonList[Benefit](p.Benefits), Channels: []tv.PacketChannel{},
		Libraries: []LibraryBrief{}, Videos: []VideoBrief{}, Provider: prov.Shortname}
	_ = json.Unmarshal([]byte(p.Design), &v.Design)
	if v.Design.SpecialFeatures == nil {
		v.Design.SpecialFeatures = []string{}
	}
	if p.hasTrial() {
		tp := p.TrialPrice
		v.TrialPrice, v.TrialPeriod = &tp, p.TrialDays
		th := humanDays(p.TrialDays)
		v.TrialPeriodHuman = &th
		v.IsUsedTrial = h.trialsUsed[p.ID]
		v.IsTrial = trialOpen(p.TrialDays, v.IsUsedTrial)
	}
	if p.AfterRenew != 0 {
		a := p.AfterRenew
		v.AfterRenewPacketID = &a
	}
	for _, id := range p.Includes {
		if q := o.byID[id]; q != nil {
			v.Packets = append(v.Packets, brief(prov, q))
		}
	}
	if p.IsBundle {
		v.Bundle = &BundleInfo{ID: p.ID, CustomName: p.Name, CustomPrice: f.Amount, CustomDescription: p.Description,
			InternetSpeed: p.InternetSpeed}
	}
	channels, err := s.packetChannels(ctx, prov.ID, p)
	if err != nil {
		return v, err
	}
	v.ChannelsCount = len(channels)
	if full || len(channels) <= 31 {
		v.Channels = channels
	} else {
		v.Channels = channels[:31]
	}
	if full {
		if v.Libraries, err = s.librariesOf(ctx, p.Libraries); err != nil {
			return v, err
		}
		if v.Videos, err = s.videosOf(ctx, jsonList[int64](p.Videos)); err != nil {
			return v, err
		}
	}
	if x := h.subOf(p.ID, now); x != nil {
		sub := s.subscriptionView(o, p, *x, h, now)
		v.Subscription = &PacketSubscription{ID: x.ID, State: sub.State, StartAt: x.StartAt, EndAt: x.EndAt,
			NextPayAt: sub.NextPayAt, NextPrice: sub.NextPrice, NextPeriodHuman: sub.PeriodHuman, Renew: x.Renew, Actions: sub.Actions}
		v.IsPaused = x.PausedAt > 0
		v.IsPurchased = x.active(now)
		v.UserPurchase = &UserPurchase{ID: x.ID, AccountID: h.accountID}
		if x.Renew && sub.NextPrice != nil {
			v.NextUserPurchase = &NextUserPurchase{}
			v.NextUserPurchase.PurchaseType.Amount = *sub.NextPrice
		}
	}
	return v, nil
}

func brief(prov *provider.Provider, p *packet) PacketBrief {
	f := p.first()
	return PacketBrief{ID: p.ID, Name: p.Name, Short: p.Short, IsBase: p.IsBase, Price: f.Amount, Currency: currencyOf(prov)}
}

// packetChannels: a packet's channels and those of the packets it includes.
func (s *Service) packetChannels(ctx context.Context, providerID int64, p *packet) ([]tv.PacketChannel, error) {
	if s.cfg.Lineup == nil {
		return []tv.PacketChannel{}, nil
	}
	out, err := s.cfg.Lineup.PacketChannels(ctx, providerID, p.ID)
	if err != nil {
		return nil, err
	}
	seen := map[int64]bool{}
	for _, c := range out {
		seen[c.ID] = true
	}
	for _, id := range p.Includes {
		more, err := s.cfg.Lineup.PacketChannels(ctx, providerID, id)
		if err != nil {
			return nil, err
		}
		for _, c := range more {
			if !seen[c.ID] {
				seen[c.ID] = true
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// librariesOf and videosOf read names from the catalogue's tables (read
// only: the catalogue owns them).
func (s *Service) librariesOf(ctx context.Context, ids []int64) ([]LibraryBrief, error) {
	out := []LibraryBrief{}
	for _, id := range ids {
		l := LibraryBrief{ID: id}
		if err := store.Get(ctx, s.db, `SELECT name FROM libraries WHERE id = ?`, []any{id}, &l.Name); err == nil {
			out = append(out, l)
		}
	}
	return out, nil
}

func (s *Service) videosOf(ctx context.Context, ids []int64) ([]VideoBrief, error) {
	out := []VideoBrief{}
	for _, id := range ids {
		v := VideoBrief{ID: id}
		var slug string
		if err := store.Get(ctx, s.db, `SELECT slug, title FROM contents WHERE id = ?`, []any{id}, &slug, &v.Title); err == nil {
			v.Slug = slug + "-" + strconv.FormatInt(id, 10)
			out = append(out, v)
		}
	}
	return out, nil
}

func nonNil(ids []int64) []int64 {
	if ids == nil {
		return []int64{}
	}
	return ids
}
