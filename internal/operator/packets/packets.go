package packets

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/provider"
	"efir/internal/store"
)

// Limits of what the editor takes.
const (
	maxName        = 200
	maxShort       = 200
	maxDescription = 5000
	maxMonths      = 36
	maxAmount      = 10_000_000_000 // minor units (100 000 000.00)
	maxTrialDays   = 365
	maxSort        = 1_000_000
	daysPerMonth   = 30
)

// Packet is one of the operator's packets as the editor shows it.
type Packet struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Short       string `json:"short"`
	Description string `json:"description"`
	IsBase      bool   `json:"is_base"`
	IsFree      bool   `json:"is_free"`
	// OnSale: viewers see the packet and may buy it (not hidden).
	OnSale     bool     `json:"on_sale"`
	IsAdult    bool     `json:"is_adult"`
	IsBundle   bool     `json:"is_bundle"`
	Sort       int      `json:"sort"`
	TrialDays  int      `json:"trial_days"`
	TrialPrice int64    `json:"trial_price"`
	Currency   string   `json:"currency"`
	Periods    []Period `json:"periods"`
	ChannelIDs []int64  `json:"channel_ids"`
	LibraryIDs []int64  `json:"library_ids"`
	// AddonIDs are the add-ons offered on top of this base packet.
	AddonIDs []int64 `json:"addon_ids"`
	// IncludeIDs are the packets this one includes (a bundle's members).
	IncludeIDs []int64 `json:"include_ids"`
	// Subscribers holds the packet now (open subscriptions).
	Subscribers int64 `json:"subscribers"`
}

// Period is one price option: its length, price and the pay systems that
// sell it (empty: every one).
type Period struct {
	ID         int64    `json:"id"`
	Months     int      `json:"months"`
	Amount     int64    `json:"amount"`
	PaySystems []string `json:"paysystems"`
	// Subscribers renew on this option; OldPrice of them at another price
	// than today's (what they bought at).
	Subscribers int64 `json:"subscribers"`
	OldPrice    int64 `json:"subscribers_at_other_price"`
}

// openSub: a subscription that still holds or renews its packet.
const openSub = `s.closed_at = 0 AND (s.renew = TRUE OR s.end_at = 0 OR s.end_at > ?)`

// load reads the operator's packet id (store.ErrNotFound when it is not one).
func (s *Section) load(ctx context.Context, q store.Querier, providerID, id int64) (*Packet, error) {
	p := &Packet{}
	var hidden bool
	err := store.Get(ctx, q, `SELECT id, name, short, description, is_base, is_free, is_hidden, is_adult, is_bundle, sort,
		trial_days, trial_price, currency FROM packets WHERE id = ? AND provider_id = ?`, []any{id, providerID},
		&p.ID, &p.Name, &p.Short, &p.Description, &p.IsBase, &p.IsFree, &hidden, &p.IsAdult, &p.IsBundle, &p.Sort,
		&p.TrialDays, &p.TrialPrice, &p.Currency)
	if err != nil {
		return nil, err
	}
	p.OnSale = !hidden
	now := s.staff.Now()
	p.Periods = []Period{}
	err = store.Each(ctx, q, `SELECT id, months, amount, paysystems FROM packet_periods WHERE packet_id = ? ORDER BY months`,
		[]any{id}, func(r store.Scanner) error {
			var x Period
			var ps string
			if err := r.Scan(&x.ID, &x.Months, &x.Amount, &ps); err != nil {
				return err
			}
			x.PaySystems = splitList(ps)
			p.Periods = append(p.Periods, x)
			return nil
		})
	if err != nil {
		return nil, err
	}
	err = store.Each(ctx, q, `SELECT pp.id, COUNT(s.id), COALESCE(SUM(CASE WHEN s.price <> pp.amount THEN 1 ELSE 0 END), 0)
		FROM packet_periods pp JOIN subscriptions s ON s.period_id = pp.id AND `+openSub+`
		WHERE pp.packet_id = ? GROUP BY pp.id`, []any{now, id}, func(r store.Scanner) error {
		var pid, n, old int64
		if err := r.Scan(&pid, &n, &old); err != nil {
			return err
		}
		for i := range p.Periods {
			if p.Periods[i].ID == pid {
				p.Periods[i].Subscribers, p.Periods[i].OldPrice = n, old
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := store.Get(ctx, q, `SELECT COUNT(*) FROM subscriptions s WHERE s.packet_id = ? AND `+openSub,
		[]any{id, now}, &p.Subscribers); err != nil {
		return nil, err
	}
	ids := func(query string) ([]int64, error) {
		out := []int64{}
		err := store.Each(ctx, q, query, []any{id}, func(r store.Scanner) error {
			var v int64
			err := r.Scan(&v)
			out = append(out, v)
			return err
		})
		return out, err
	}
	if p.ChannelIDs, err = ids(`SELECT channel_id FROM packet_channels WHERE packet_id = ? ORDER BY channel_id`); err != nil {
		return nil, err
	}
	if p.LibraryIDs, err = ids(`SELECT library_id FROM packet_libraries WHERE packet_id = ? ORDER BY library_id`); err != nil {
		return nil, err
	}
	if p.AddonIDs, err = ids(`SELECT addon_id FROM packet_addons WHERE base_id = ? ORDER BY addon_id`); err != nil {
		return nil, err
	}
	if p.IncludeIDs, err = ids(`SELECT included_id FROM packet_includes WHERE packet_id = ? ORDER BY included_id`); err != nil {
		return nil, err
	}
	return p, nil
}

func splitList(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

// packetOf reads the request's packet of the session's operator (404 for
// another operator's).
func (s *Section) packetOf(ctx context.Context, q store.Querier, r *http.Request) (*Packet, error) {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return nil, err
	}
	p, err := s.load(ctx, q, operator.ProviderOf(r), id)
	if errors.Is(store.MapErr(err), store.ErrNotFound) {
		return nil, httpx.NotFound()
	}
	return p, err
}

func (s *Section) handleGet(w http.ResponseWriter, r *http.Request) error {
	p, err := s.packetOf(r.Context(), s.db, r)
	if err != nil {
		return err
	}
	httpx.OK(w, p)
	return nil
}

// Choice is one thing a packet may hold (a channel, a library, another
// packet, a pay system).
type Choice struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Number int    `json:"number,omitempty"`
	IsBase bool   `json:"is_base,omitempty"`
}

// PaySystemChoice is a pay system a price option may be sold through.
type PaySystemChoice struct {
	Shortname string `json:"shortname"`
	Title     string `json:"title"`
}

// Choices are what the packet editor picks from.
type Choices struct {
	Channels   []Choice          `json:"channels"`
	Libraries  []Choice          `json:"libraries"`
	Packets    []Choice          `json:"packets"`
	PaySystems []PaySystemChoice `json:"paysystems"`
	Currency   string            `json:"currency"`
}

func (s *Section) choices(ctx context.Context, providerID int64) (*Choices, error) {
	c := &Choices{Channels: []Choice{}, Libraries: []Choice{}, Packets: []Choice{}, PaySystems: []PaySystemChoice{}}
	list := func(query string, scan func(r store.Scanner) (Choice, error), into *[]Choice) error {
		return store.Each(ctx, s.db, query, []any{providerID}, func(r store.Scanner) error {
			x, err := scan(r)
			*into = append(*into, x)
			return err
		})
	}
	if err := list(`SELECT id, name, number FROM channels WHERE provider_id = ? ORDER BY number, id`, func(r store.Scanner) (Choice, error) {
		var x Choice
		return x, r.Scan(&x.ID, &x.Name, &x.Number)
	}, &c.Channels); err != nil {
		return nil, err
	}
	if err := list(`SELECT id, name FROM libraries WHERE provider_id = ? ORDER BY sort, id`, func(r store.Scanner) (Choice, error) {
		var x Choice
		return x, r.Scan(&x.ID, &x.Name)
	}, &c.Libraries); err != nil {
		return nil, err
	}
	if err := list(`SELECT id, name, is_base FROM packets WHERE provider_id = ? ORDER BY sort, id`, func(r store.Scanner) (Choice, error) {
		var x Choice
		return x, r.Scan(&x.ID, &x.Name, &x.IsBase)
	}, &c.Packets); err != nil {
		return nil, err
	}
	prov, err := provider.Stored(ctx, s.db, providerID)
	if err != nil {
		return nil, err
	}
	for _, ps := range prov.Commerce.PaySystems {
		c.PaySystems = append(c.PaySystems, PaySystemChoice{Shortname: ps.Shortname, Title: ps.Title})
	}
	c.Currency = currencyOf(prov.Currency.ISOCode)
	return c, nil
}

func currencyOf(iso string) string {
	if iso == "" {
		return "RUB"
	}
	return iso
}

func (s *Section) handleChoices(w http.ResponseWriter, r *http.Request) error {
	c, err := s.choices(r.Context(), operator.ProviderOf(r))
	if err != nil {
		return err
	}
	httpx.OK(w, c)
	return nil
}

// packetInput is a new packet or a change of one (nil: unchanged).
type packetInput struct {
	Name        *string  `json:"name"`
	Short       *string  `json:"short"`
	Description *string  `json:"description"`
	IsBase      *bool    `json:"is_base"`
	IsFree      *bool    `json:"is_free"`
	OnSale      *bool    `json:"on_sale"`
	IsAdult     *bool    `json:"is_adult"`
	Sort        *int     `json:"sort"`
	TrialDays   *int     `json:"trial_days"`
	TrialPrice  *int64   `json:"trial_price"`
	ChannelIDs  *[]int64 `json:"channel_ids"`
	LibraryIDs  *[]int64 `json:"library_ids"`
	AddonIDs    *[]int64 `json:"addon_ids"`
	IncludeIDs  *[]int64 `json:"include_ids"`
	// Periods: the price options of a new packet (creation only).
	Periods []periodInput `json:"periods"`
}

// apply checks in and writes it onto p.
func (in *packetInput) apply(p *Packet) error {
	text := func(field string, v *string, most int, required bool, dst *string) error {
		if v == nil {
			return nil
		}
		t := strings.TrimSpace(*v)
		if (required && t == "") || utf8.RuneCountInString(t) > most || strings.ContainsRune(t, 0) {
			if required {
				return httpx.Invalid(field, "console_packets_name_invalid")
			}
			return httpx.Invalid(field, "console_packets_text_invalid")
		}
		*dst = t
		return nil
	}
	if err := text("name", in.Name, maxName, true, &p.Name); err != nil {
		return err
	}
	if err := text("short", in.Short, maxShort, false, &p.Short); err != nil {
		return err
	}
	if err := text("description", in.Description, maxDescription, false, &p.Description); err != nil {
		return err
	}
	flag := func(v *bool, dst *bool) {
		if v != nil {
			*dst = *v
		}
	}
	flag(in.IsBase, &p.IsBase)
	flag(in.IsFree, &p.IsFree)
	flag(in.OnSale, &p.OnSale)
	flag(in.IsAdult, &p.IsAdult)
	if in.Sort != nil {
		if *in.Sort < 0 || *in.Sort > maxSort {
			return httpx.Invalid("sort", "console_packets_sort_invalid")
		}
		p.Sort = *in.Sort
	}
	if in.TrialDays != nil {
		if *in.TrialDays < 0 || *in.TrialDays > maxTrialDays {
			return httpx.Invalid("trial_days", "console_packets_trial_invalid")
		}
		p.TrialDays = *in.TrialDays
	}
	if in.TrialPrice != nil {
		if *in.TrialPrice < 0 || *in.TrialPrice > maxAmount {
			return httpx.Invalid("trial_price", "console_packets_amount_invalid")
		}
		p.TrialPrice = *in.TrialPrice
	}
	set := func(v *[]int64, dst *[]int64) {
		if v != nil {
			out := slices.Clone(*v)
			slices.Sort(out)
			*dst = slices.Compact(out)
			if *dst == nil {
				*dst = []int64{}
			}
		}
	}
	set(in.ChannelIDs, &p.ChannelIDs)
	set(in.LibraryIDs, &p.LibraryIDs)
	set(in.AddonIDs, &p.AddonIDs)
	set(in.IncludeIDs, &p.IncludeIDs)
	p.IsBundle = len(p.IncludeIDs) > 0
	return nil
}

// checkRelations refuses ids that are not the operator's, a packet that
// includes or offers itself, and add-ons on a packet that is not a base one.
func checkRelations(ctx context.Context, q store.Querier, providerID int64, p *Packet) error {
	owned := func(table string, ids []int64) (bool, error) {
		if len(ids) == 0 {
			return true, nil
		}
		have := map[int64]bool{}
		err := store.Each(ctx, q, `SELECT id FROM `+table+` WHERE provider_id = ?`, []any{providerID}, func(r store.Scanner) error {
			var id int64
			err := r.Scan(&id)
			have[id] = true
			return err
		})
		if err != nil {
			return false, err
		}
		for _, id := range ids {
			if !have[id] {
				return false, nil
			}
		}
		return true, nil
	}
	for _, c := range []struct {
		field, table string
		ids          []int64
	}{
		{"channel_ids", "channels", p.ChannelIDs},
		{"library_ids", "libraries", p.LibraryIDs},
		{"addon_ids", "packets", p.AddonIDs},
		{"include_ids", "packets", p.IncludeIDs},
	} {
		ok, err := owned(c.table, c.ids)
		if err != nil {
			return err
		}
		if !ok || (c.table == "packets" && slices.Contains(c.ids, p.ID)) {
			return httpx.Invalid(c.field, "console_packets_ids_unknown")
		}
	}
	if len(p.AddonIDs) > 0 && !p.IsBase {
		return httpx.Invalid("addon_ids", "console_packets_addons_need_base")
	}
	return nil
}

// writeSets replaces the packet's channels, libraries, add-ons and members.
func writeSets(ctx context.Context, tx *store.Tx, p *Packet) error {
	for _, t := range []struct {
		table, owner, other string
		ids                 []int64
	}{
		{"packet_channels", "packet_id", "channel_id", p.ChannelIDs},
		{"packet_libraries", "packet_id", "library_id", p.LibraryIDs},
		{"packet_addons", "base_id", "addon_id", p.AddonIDs},
		{"packet_includes", "packet_id", "included_id", p.IncludeIDs},
	} {
		if _, err := tx.Exec(ctx, `DELETE FROM `+t.table+` WHERE `+t.owner+` = ?`, p.ID); err != nil {
			return err
		}
		for _, id := range t.ids {
			if _, err := tx.Exec(ctx, `INSERT INTO `+t.table+` (`+t.owner+`, `+t.other+`) VALUES (?, ?)`, p.ID, id); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkSale: a paid packet on sale needs a price option (a packet without
// one would sell for nothing).
func checkSale(p *Packet) error {
	if p.OnSale && !p.IsFree && len(p.Periods) == 0 {
		return httpx.Invalid("on_sale", "console_packets_no_price")
	}
	return nil
}

func (s *Section) handleCreate(w http.ResponseWriter, r *http.Request) error {
	var in packetInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if in.Name == nil {
		return httpx.Invalid("name", "console_packets_name_invalid")
	}
	ctx, providerID := r.Context(), operator.ProviderOf(r)
	p := &Packet{ChannelIDs: []int64{}, LibraryIDs: []int64{}, AddonIDs: []int64{}, IncludeIDs: []int64{}, Periods: []Period{}}
	if err := in.apply(p); err != nil {
		return err
	}
	if in.OnSale == nil {
		// A new packet is on sale once it has a price (or is free).
		p.OnSale = len(in.Periods) > 0 || p.IsFree
	}
	periods := make([]Period, 0, len(in.Periods))
	for i, pi := range in.Periods {
		x, err := pi.period(i)
		if err != nil {
			return err
		}
		for _, y := range periods {
			if y.Months == x.Months {
				return httpx.Invalid("periods", "console_packets_months_taken")
			}
		}
		periods = append(periods, x)
	}
	p.Periods = periods
	if err := checkSale(p); err != nil {
		return err
	}
	var out *Packet
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		prov, err := provider.Stored(ctx, tx, providerID)
		if err != nil {
			return err
		}
		if err := checkPaySystems(ctx, tx, prov, periods); err != nil {
			return err
		}
		if err := checkRelations(ctx, tx, providerID, p); err != nil {
			return err
		}
		if in.Sort == nil {
			if err := store.Get(ctx, tx, `SELECT COALESCE(MAX(sort), 0) + 1 FROM packets WHERE provider_id = ?`,
				[]any{providerID}, &p.Sort); err != nil {
				return err
			}
		}
		p.Currency = currencyOf(prov.Currency.ISOCode)
		p.ID, err = store.InsertID(ctx, tx, `INSERT INTO packets (provider_id, name, short, description, price, currency,
			period_days, is_base, is_free, is_hidden, is_adult, is_bundle, sort, trial_days, trial_price)
			VALUES (?, ?, ?, ?, 0, ?, 30, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			providerID, p.Name, p.Short, p.Description, p.Currency, p.IsBase, p.IsFree, !p.OnSale, p.IsAdult, p.IsBundle,
			p.Sort, p.TrialDays, p.TrialPrice)
		if err != nil {
			return err
		}
		if err := writeSets(ctx, tx, p); err != nil {
			return err
		}
		for _, x := range periods {
			if _, err := tx.Exec(ctx, `INSERT INTO packet_periods (packet_id, months, amount, paysystems) VALUES (?, ?, ?, ?)`,
				p.ID, x.Months, x.Amount, strings.Join(x.PaySystems, ",")); err != nil {
				return err
			}
		}
		if err := syncPrice(ctx, tx, p.ID); err != nil {
			return err
		}
		if out, err = s.load(ctx, tx, providerID, p.ID); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "packet.create", "packet", p.ID, nil, out)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

func (s *Section) handlePatch(w http.ResponseWriter, r *http.Request) error {
	var in packetInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	ctx, providerID := r.Context(), operator.ProviderOf(r)
	var out *Packet
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		before, err := s.packetOf(ctx, tx, r)
		if err != nil {
			return err
		}
		p := *before
		if err := in.apply(&p); err != nil {
			return err
		}
		if err := checkSale(&p); err != nil {
			return err
		}
		if err := checkRelations(ctx, tx, providerID, &p); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE packets SET name = ?, short = ?, description = ?, is_base = ?, is_free = ?,
			is_hidden = ?, is_adult = ?, is_bundle = ?, sort = ?, trial_days = ?, trial_price = ? WHERE id = ? AND provider_id = ?`,
			p.Name, p.Short, p.Description, p.IsBase, p.IsFree, !p.OnSale, p.IsAdult, p.IsBundle, p.Sort, p.TrialDays,
			p.TrialPrice, p.ID, providerID); err != nil {
			return err
		}
		if err := writeSets(ctx, tx, &p); err != nil {
			return err
		}
		if out, err = s.load(ctx, tx, providerID, p.ID); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "packet.update", "packet", p.ID, before, out)
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}
