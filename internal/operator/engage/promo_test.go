package engage_test

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type campaign struct {
	ID          int64  `json:"id"`
	Keys        int    `json:"keys"`
	UsedKeys    int    `json:"used_keys"`
	Redemptions int    `json:"redemptions"`
	Disabled    bool   `json:"disabled"`
	Kind        string `json:"kind"`
}

func (f *fixture) campaign(body map[string]any) campaign {
	f.t.Helper()
	var c campaign
	f.do(f.owner, "POST", "/v2/operator/promo/campaigns", body, http.StatusCreated).JSON(f.t, &c)
	return c
}

func (f *fixture) keysOf(campaignID int64) []string {
	f.t.Helper()
	var keys []string
	err := store.Each(f.t.Context(), f.db, `SELECT key_text FROM promo_keys WHERE campaign_id = ? ORDER BY id`, []any{campaignID},
		func(row store.Scanner) error {
			var k string
			keys = append(keys, k)
			return row.Scan(&keys[len(keys)-1])
		})
	if err != nil {
		f.t.Fatal(err)
	}
	return keys
}

func TestGenerateKeys(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		packet := f.id(`SELECT id FROM packets WHERE provider_id = 1 ORDER BY id LIMIT 1`)
		c := f.campaign(map[string]any{"name": "Весна", "kind": "days", "days": 14, "packet_ids": []int64{packet}, "count": 1234})
		if c.Keys != 1234 || c.UsedKeys != 0 {
			t.Fatalf("campaign: %+v", c)
		}
		keys := f.keysOf(c.ID)
		seen := map[string]bool{}
		for _, k := range keys {
			if len(k) != 12 || strings.ContainsAny(k, "01IO") || strings.ToUpper(k) != k || seen[k] {
				t.Fatalf("bad or repeated key %q", k)
			}
			seen[k] = true
		}
		if len(seen) != 1234 {
			t.Fatalf("%d keys", len(seen))
		}
		// Bad forms, and a packet of another operator.
		alma := f.id(`SELECT id FROM packets WHERE provider_id = 2 ORDER BY id LIMIT 1`)
		for _, b := range []map[string]any{
			{"name": "", "kind": "days", "days": 1, "packet_ids": []int64{packet}, "count": 1},
			{"name": "x", "kind": "days", "days": 1, "packet_ids": []int64{packet}, "count": 0},
			{"name": "x", "kind": "days", "days": 1, "packet_ids": []int64{packet}, "count": 100001},
			{"name": "x", "kind": "days", "days": 1, "packet_ids": []int64{alma}, "count": 1},
			{"name": "x", "kind": "balance", "amount": 0, "count": 1},
			{"name": "x", "kind": "gift", "count": 1},
			{"name": "x", "kind": "balance", "amount": 100, "count": 1, "starts_at": 100, "expires_at": 50},
		} {
			f.do(f.owner, "POST", "/v2/operator/promo/campaigns", b, http.StatusBadRequest)
		}
		var n int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM audit_log WHERE action = 'promo.campaign_create'
			AND object_id = ?`, []any{fmt.Sprint(c.ID)}, &n); err != nil || n != 1 {
			t.Fatalf("audit entries: %d %v", n, err)
		}
	})
}

// A viewer redeems a key: the report, the subscriber's card and the CSV
// export show it; the campaign's limits and disabling hold.
func TestRedemption(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		demo := f.id(`SELECT id FROM users WHERE username = 'demo'`)
		token := f.srv.SignIn(t, "demo", "efir24", "engage-tv")
		redeem := func(key string) *apitest.Response {
			return f.srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/promokeys", Token: token, Body: map[string]string{"key": key}})
		}
		c := f.campaign(map[string]any{"name": "Подарок", "kind": "balance", "amount": 10000, "count": 3, "per_user_limit": 1})
		keys := f.keysOf(c.ID)
		if res := redeem(keys[1]); res.Status != http.StatusCreated {
			t.Fatalf("redeem: %d %s", res.Status, res.Body)
		}
		// One key of the campaign per viewer.
		if res := redeem(keys[2]); res.Status != http.StatusBadRequest {
			t.Fatalf("second key of the campaign: %d %s", res.Status, res.Body)
		}

		var rep struct {
			Total int `json:"total"`
			Days  []struct {
				Day   string `json:"day"`
				Count int    `json:"count"`
			} `json:"days"`
			Campaigns []struct {
				ID    int64 `json:"id"`
				Count int   `json:"count"`
			} `json:"campaigns"`
			Items []struct {
				Key    string `json:"key"`
				UserID int64  `json:"user_id"`
				Login  string `json:"login"`
			} `json:"items"`
		}
		f.do(f.owner, "GET", fmt.Sprintf("/v2/operator/promo/redemptions?campaign_id=%d", c.ID), nil, http.StatusOK).JSON(t, &rep)
		if rep.Total != 1 || len(rep.Days) != 1 || rep.Days[0].Count != 1 || len(rep.Campaigns) != 1 || rep.Campaigns[0].ID != c.ID ||
			len(rep.Items) != 1 || rep.Items[0].Key != keys[1] || rep.Items[0].UserID != demo || rep.Items[0].Login != "demo" {
			t.Fatalf("report: %+v", rep)
		}
		var uses []struct {
			Key        string `json:"key"`
			CampaignID int64  `json:"campaign_id"`
		}
		f.do(f.owner, "GET", fmt.Sprintf("/v2/operator/subscribers/%d/promo_uses", demo), nil, http.StatusOK).JSON(t, &uses)
		if len(uses) != 1 || uses[0].Key != keys[1] || uses[0].CampaignID != c.ID {
			t.Fatalf("card: %+v", uses)
		}

		res := f.do(f.owner, "GET", fmt.Sprintf("/v2/operator/promo/campaigns/%d/keys.csv", c.ID), nil, http.StatusOK)
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
			t.Fatalf("content type %q", ct)
		}
		rows, err := csv.NewReader(strings.NewReader(string(res.Body))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		want := [][]string{{"key", "uses", "max_uses", "used"}, {keys[0], "0", "1", "no"}, {keys[1], "1", "1", "yes"}, {keys[2], "0", "1", "no"}}
		if fmt.Sprint(rows) != fmt.Sprint(want) {
			t.Fatalf("csv:\n%v\nwant\n%v", rows, want)
		}

		var exports int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM audit_log WHERE action = 'promo.keys_export'`, nil, &exports); err != nil || exports != 1 {
			t.Fatalf("export audit: %d %v", exports, err)
		}
		// A total limit: the second redemption of the campaign is refused
		// (the same viewer may use several of its keys).
		total := f.campaign(map[string]any{"name": "Один раз", "kind": "balance", "amount": 100, "count": 3, "total_limit": 1})
		tk := f.keysOf(total.ID)
		if res := redeem(tk[0]); res.Status != http.StatusCreated {
			t.Fatalf("redeem: %d %s", res.Status, res.Body)
		}
		if res := redeem(tk[1]); res.Status != http.StatusBadRequest {
			t.Fatalf("past the total: %d %s", res.Status, res.Body)
		}
		// Disabling stops every key at once.
		other := f.campaign(map[string]any{"name": "Стоп", "kind": "balance", "amount": 100, "count": 2})
		ok := f.keysOf(other.ID)
		var after campaign
		f.do(f.owner, "POST", fmt.Sprintf("/v2/operator/promo/campaigns/%d/disable", other.ID), nil, http.StatusOK).JSON(t, &after)
		if !after.Disabled {
			t.Fatalf("not disabled: %+v", after)
		}
		if res := redeem(ok[0]); res.Status != http.StatusBadRequest {
			t.Fatalf("key of a disabled campaign: %d %s", res.Status, res.Body)
		}
		var n int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM audit_log WHERE action = 'promo.campaign_disable'`, nil, &n); err != nil || n != 1 {
			t.Fatalf("audit: %d %v", n, err)
		}
		// A campaign not valid yet.
		later := f.campaign(map[string]any{"name": "Завтра", "kind": "balance", "amount": 100, "count": 1,
			"starts_at": f.clock.Now().Unix() + 86400})
		if res := redeem(f.keysOf(later.ID)[0]); res.Status != http.StatusBadRequest {
			t.Fatalf("key before its start: %d %s", res.Status, res.Body)
		}
	})
}
