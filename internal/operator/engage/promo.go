package engage

import (
	"context"
	"crypto/rand"
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// Campaign is a promo campaign with its keys' counts.
type Campaign struct {
	ID           int64   `json:"id"`
	Name         string  `json:"name"`
	Kind         string  `json:"kind"`
	Days         int     `json:"days"`
	PacketIDs    []int64 `json:"packet_ids"`
	Amount       int64   `json:"amount"`
	Currency     string  `json:"currency"`
	Description  string  `json:"description"`
	StartsAt     int64   `json:"starts_at"`
	ExpiresAt    int64   `json:"expires_at"`
	UsesPerKey   int     `json:"uses_per_key"`
	PerUserLimit int     `json:"per_user_limit"`
	TotalLimit   int     `json:"total_limit"`
	Disabled     bool    `json:"disabled"`
	DisabledAt   int64   `json:"disabled_at"`
	Keys         int     `json:"keys"`
	UsedKeys     int     `json:"used_keys"`
	Redemptions  int     `json:"redemptions"`
	CreatedAt    int64   `json:"created_at"`
}

const campaignColumns = `c.id, c.name, c.kind, c.days, c.packet_ids, c.amount, c.currency, c.description, c.starts_at,
	c.expires_at, COALESCE((SELECT MAX(k.max_uses) FROM promo_keys k WHERE k.campaign_id = c.id), c.uses_per_key), c.per_user_limit, c.total_limit, c.disabled_at, c.created_at,
	(SELECT COUNT(*) FROM promo_keys k WHERE k.campaign_id = c.id),
	(SELECT COUNT(*) FROM promo_keys k WHERE k.campaign_id = c.id AND k.uses > 0),
	(SELECT COUNT(*) FROM promo_uses u JOIN promo_keys k ON k.id = u.key_id WHERE k.campaign_id = c.id)`

func scanCampaign(row store.Scanner) (Campaign, error) {
	var c Campaign
	var packets string
	err := row.Scan(&c.ID, &c.Name, &c.Kind, &c.Days, &packets, &c.Amount, &c.Currency, &c.Description, &c.StartsAt,
		&c.ExpiresAt, &c.UsesPerKey, &c.PerUserLimit, &c.TotalLimit, &c.DisabledAt, &c.CreatedAt, &c.Keys, &c.UsedKeys,
		&c.Redemptions)
	c.PacketIDs = []int64{}
	for _, f := range strings.Split(packets, ",") {
		if id, e := strconv.ParseInt(strings.TrimSpace(f), 10, 64); e == nil {
			c.PacketIDs = append(c.PacketIDs, id)
		}
	}
	c.Disabled = c.DisabledAt != 0
	return c, store.MapErr(err)
}

func (s *Service) campaign(ctx context.Context, q store.Querier, providerID, id int64) (Campaign, error) {
	return scanCampaign(q.QueryRow(ctx, `SELECT `+campaignColumns+` FROM promo_campaigns c WHERE c.id = ? AND c.provider_id = ?`,
		id, providerID))
}

func (s *Service) handleCampaigns(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	out := []Campaign{}
	err = store.Each(r.Context(), s.db, `SELECT `+campaignColumns+` FROM promo_campaigns c WHERE c.provider_id = ?
		ORDER BY c.id DESC LIMIT ? OFFSET ?`, []any{operator.ProviderOf(r), limit, offset}, func(row store.Scanner) error {
		c, err := scanCampaign(row)
		out = append(out, c)
		return err
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

func (s *Service) handleCampaign(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	c, err := s.campaign(r.Context(), s.db, operator.ProviderOf(r), id)
	if err != nil {
		return err
	}
	httpx.OK(w, c)
	return nil
}

// Limits of a new campaign.
const (
	maxKeys      = 100_000
	maxDays      = 3660
	maxUses      = 1_000_000
	maxAmount    = 100_000_000 // minor units
	keyLength    = 12
	keysPerBatch = 500
)

// keyAlphabet leaves out the symbols that read as others (0 and O, 1 and
// I): 32 symbols, so a random byte picks one evenly; a key of 12 is 60
// random bits.
const keyAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

type campaignBody struct {
	Name         string  `json:"name"`
	Kind         string  `json:"kind"`
	Days         int     `json:"days"`
	PacketIDs    []int64 `json:"packet_ids"`
	Amount       int64   `json:"amount"`
	Description  string  `json:"description"`
	Count        int     `json:"count"`
	UsesPerKey   int     `json:"uses_per_key"`
	PerUserLimit int     `json:"per_user_limit"`
	TotalLimit   int     `json:"total_limit"`
	StartsAt     int64   `json:"starts_at"`
	ExpiresAt    int64   `json:"expires_at"`
}

func (s *Service) validCampaign(ctx context.Context, providerID int64, b *campaignBody) error {
	var f fields
	b.Name = strings.TrimSpace(b.Name)
	b.Description = strings.TrimSpace(b.Description)
	if b.Name == "" || len([]rune(b.Name)) > 200 {
		f.add("name", "console_engage_name_required")
	}
	if len([]rune(b.Description)) > 1000 {
		f.add("description", "console_engage_too_long")
	}
	if b.Count < 1 || b.Count > maxKeys {
		f.add("count", "console_engage_count_range")
	}
	if b.UsesPerKey == 0 {
		b.UsesPerKey = 1
	}
	if b.UsesPerKey < 1 || b.UsesPerKey > maxUses {
		f.add("uses_per_key", "console_engage_limit_range")
	}
	if b.PerUserLimit < 0 || b.PerUserLimit > maxUses {
		f.add("per_user_limit", "console_engage_limit_range")
	}
	if b.TotalLimit < 0 || b.TotalLimit > 100*maxUses {
		f.add("total_limit", "console_engage_limit_range")
	}
	if b.StartsAt < 0 || b.ExpiresAt < 0 || (b.ExpiresAt != 0 && b.ExpiresAt <= b.StartsAt) {
		f.add("expires_at", "console_engage_period_invalid")
	}
	switch b.Kind {
	case "days":
		if b.Days < 1 || b.Days > maxDays {
			f.add("days", "console_engage_days_range")
		}
		if len(b.PacketIDs) == 0 || len(b.PacketIDs) > 50 {
			f.add("packet_ids", "console_engage_packets_required")
		} else {
			ok, err := s.ownPackets(ctx, providerID, b.PacketIDs)
			if err != nil {
				return err
			}
			if !ok {
				f.add("packet_ids", "console_engage_packet_unknown")
			}
		}
		b.Amount = 0
	case "balance":
		if b.Amount < 1 || b.Amount > maxAmount {
			f.add("amount", "console_engage_amount_range")
		}
		b.Days, b.PacketIDs = 0, nil
	default:
		f.add("kind", "console_engage_kind_invalid")
	}
	return f.err()
}

// ownPackets: every id is a packet of the operator.
func (s *Service) ownPackets(ctx context.Context, providerID int64, ids []int64) (bool, error) {
	seen := map[int64]bool{}
	for _, id := range ids {
		if id <= 0 || seen[id] {
			return false, nil
		}
		seen[id] = true
	}
	var n int
	err := store.Get(ctx, s.db, `SELECT COUNT(*) FROM packets WHERE provider_id = ? AND id IN (`+
		strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")+`)`, append([]any{providerID}, int64sAny(ids)...), &n)
	return n == len(ids), err
}

func int64sAny(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

func joinIDs(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(parts, ",")
}

// newKey is a random key of the alphabet.
func newKey() string {
	var b [keyLength]byte
	_, _ = rand.Read(b[:]) // crypto/rand never fails on supported systems
	for i := range b {
		b[i] = keyAlphabet[int(b[i])%len(keyAlphabet)]
	}
	return string(b[:])
}

// generateKeys adds n new keys to the campaign in batches; a key that
// happens to exist already at the operator is drawn again.
func generateKeys(ctx context.Context, tx *store.Tx, providerID, campaignID int64, n, maxUses int) error {
	for n > 0 {
		size := min(n, keysPerBatch)
		args := make([]any, 0, size*4)
		for range size {
			args = append(args, campaignID, providerID, newKey(), maxUses)
		}
		res, err := tx.Exec(ctx, `INSERT INTO promo_keys (campaign_id, provider_id, key_text, max_uses) VALUES `+
			store.Placeholders(size, 4)+` ON CONFLICT DO NOTHING`, args...)
		if err != nil {
			return err
		}
		added, err := res.RowsAffected()
		if err != nil {
			return err
		}
		n -= int(added)
	}
	return nil
}

func (s *Service) handleCreateCampaign(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var b campaignBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	prov := operator.ProviderOf(r)
	if err := s.validCampaign(ctx, prov, &b); err != nil {
		return err
	}
	currency := ""
	if b.Kind == "balance" {
		currency = s.currency(ctx, prov)
	}
	var c Campaign
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		id, err := store.InsertID(ctx, tx, `INSERT INTO promo_campaigns (provider_id, name, kind, days, amount, currency,
			packet_ids, description, starts_at, expires_at, uses_per_key, per_user_limit, total_limit, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, prov, b.Name, b.Kind, b.Days, b.Amount, currency,
			joinIDs(b.PacketIDs), b.Description, b.StartsAt, b.ExpiresAt, b.UsesPerKey, b.PerUserLimit, b.TotalLimit, s.staff.Now())
		if err != nil {
			return err
		}
		if err := generateKeys(ctx, tx, prov, id, b.Count, b.UsesPerKey); err != nil {
			return err
		}
		if c, err = s.campaign(ctx, tx, prov, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "promo.campaign_create", "promo_campaign", id, nil, c)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, c)
	return nil
}

// handleDisableCampaign stops a campaign's keys at once (for good): none of
// them can be checked or redeemed any more.
func (s *Service) handleDisableCampaign(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	prov := operator.ProviderOf(r)
	var after Campaign
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		before, err := s.campaign(ctx, tx, prov, id)
		if err != nil {
			return err
		}
		if before.Disabled {
			after = before
			return nil
		}
		now := s.staff.Now()
		if _, err := tx.Exec(ctx, `UPDATE promo_campaigns SET disabled_at = ? WHERE id = ? AND provider_id = ?`,
			now, id, prov); err != nil {
			return err
		}
		if after, err = s.campaign(ctx, tx, prov, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "promo.campaign_disable", "promo_campaign", id, before, after)
	})
	if err != nil {
		return err
	}
	httpx.OK(w, after)
	return nil
}

// handleExportKeys streams the campaign's keys as CSV: key, uses, max uses,
// used (yes/no), in the order they were made.
func (s *Service) handleExportKeys(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	c, err := s.campaign(ctx, s.db, operator.ProviderOf(r), id)
	if err != nil {
		return err
	}
	// Whoever takes the keys away is on record (the keys are worth money).
	if err := s.staff.Audit(ctx, s.db, r, "promo.keys_export", "promo_campaign", c.ID, nil, nil); err != nil {
		return err
	}
	rows, err := s.db.Query(ctx, `SELECT key_text, uses, max_uses FROM promo_keys WHERE campaign_id = ? ORDER BY id`, c.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="promo-`+strconv.FormatInt(c.ID, 10)+`-keys.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	out := csv.NewWriter(w)
	_ = out.Write([]string{"key", "uses", "max_uses", "used"})
	n := 0
	for rows.Next() {
		var key string
		var uses, max int
		if err := rows.Scan(&key, &uses, &max); err != nil {
			break // the answer has started: the client sees a short file
		}
		used := "no"
		if uses > 0 {
			used = "yes"
		}
		_ = out.Write([]string{key, strconv.Itoa(uses), strconv.Itoa(max), used})
		if n++; n%1000 == 0 {
			out.Flush()
		}
	}
	out.Flush()
	return nil
}

// Report is the redemption report of a period: per day, per campaign and
// the redemptions themselves (newest first, a page of them).
type Report struct {
	Total     int              `json:"total"`
	Days      []ReportDay      `json:"days"`
	Campaigns []ReportCampaign `json:"campaigns"`
	Items     []Redemption     `json:"items"`
}

type ReportDay struct {
	Day   string `json:"day"`
	Count int    `json:"count"`
}

type ReportCampaign struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// Redemption is one use of a key by a viewer.
type Redemption struct {
	Key          string `json:"key"`
	CampaignID   int64  `json:"campaign_id"`
	CampaignName string `json:"campaign_name"`
	Kind         string `json:"kind"`
	UserID       int64  `json:"user_id"`
	Login        string `json:"login"`
	Phone        string `json:"phone"`
	CreatedAt    int64  `json:"created_at"`
}

const secondsADay = 86400

// handleRedemptions reports redemptions from..to (unix seconds; default the
// last 30 days), of one campaign or all.
func (s *Service) handleRedemptions(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	now := s.staff.Now()
	num := func(name string, def int64) (int64, bool) {
		v := q.Get(name)
		if v == "" {
			return def, true
		}
		n, err := strconv.ParseInt(v, 10, 64)
		return n, err == nil && n >= 0
	}
	var f fields
	to, ok := num("to", now+1)
	if !ok {
		f.add("to", "error_wrong_number")
	}
	from, ok := num("from", to-30*secondsADay)
	if !ok || from > to {
		f.add("from", "error_wrong_number")
	}
	campaign, ok := num("campaign_id", 0)
	if !ok {
		f.add("campaign_id", "error_wrong_number")
	}
	if err := f.err(); err != nil {
		return err
	}
	where := `FROM promo_uses u JOIN promo_keys k ON k.id = u.key_id JOIN promo_campaigns c ON c.id = k.campaign_id
		WHERE k.provider_id = ? AND u.created_at >= ? AND u.created_at < ?`
	args := []any{operator.ProviderOf(r), from, to}
	if campaign != 0 {
		where += ` AND c.id = ?`
		args = append(args, campaign)
	}
	rep := Report{Days: []ReportDay{}, Campaigns: []ReportCampaign{}, Items: []Redemption{}}
	if err := store.Get(ctx, s.db, `SELECT COUNT(*) `+where, args, &rep.Total); err != nil {
		return err
	}
	err = store.Each(ctx, s.db, `SELECT u.created_at / 86400 AS d, COUNT(*) `+where+` GROUP BY u.created_at / 86400 ORDER BY d`,
		args, func(row store.Scanner) error {
			var d int64
			var n int
			if err := row.Scan(&d, &n); err != nil {
				return err
			}
			rep.Days = append(rep.Days, ReportDay{Day: time.Unix(d*secondsADay, 0).UTC().Format(time.DateOnly), Count: n})
			return nil
		})
	if err != nil {
		return err
	}
	err = store.Each(ctx, s.db, `SELECT c.id, c.name, COUNT(*) `+where+` GROUP BY c.id, c.name ORDER BY COUNT(*) DESC, c.id`,
		args, func(row store.Scanner) error {
			var c ReportCampaign
			if err := row.Scan(&c.ID, &c.Name, &c.Count); err != nil {
				return err
			}
			rep.Campaigns = append(rep.Campaigns, c)
			return nil
		})
	if err != nil {
		return err
	}
	err = store.Each(ctx, s.db, `SELECT k.key_text, c.id, c.name, c.kind, u.user_id, us.username, COALESCE(us.phone, ''), u.created_at `+
		strings.Replace(where, "WHERE", "JOIN users us ON us.id = u.user_id WHERE", 1)+
		` ORDER BY u.created_at DESC, u.key_id DESC LIMIT ? OFFSET ?`, append(args, limit, offset), func(row store.Scanner) error {
		var x Redemption
		if err := row.Scan(&x.Key, &x.CampaignID, &x.CampaignName, &x.Kind, &x.UserID, &x.Login, &x.Phone, &x.CreatedAt); err != nil {
			return err
		}
		rep.Items = append(rep.Items, x)
		return nil
	})
	if err != nil {
		return err
	}
	httpx.OK(w, rep)
	return nil
}
