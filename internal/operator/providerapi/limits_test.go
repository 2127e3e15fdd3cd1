package providerapi_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// A token's calls per second, hour and day are limited; a call past one
// answers 429 rate_limited with the wait; a refused call takes nothing from
// the other windows; another token has its own counts.
func TestProviderAPIRateLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("limited", map[string]int{"per_second": 2, "per_hour": 3, "per_day": 4})
		_, other := f.issue("other", nil)
		refused := func(wantWait int) {
			t.Helper()
			res := f.call("GET", "/v2/packets", token, nil)
			if res.Status != http.StatusTooManyRequests || res.ErrorType() != "rate_limited" {
				t.Fatalf("want 429: %d %s", res.Status, res.Body)
			}
			wait, _ := strconv.Atoi(res.Header.Get("Retry-After"))
			if wait != wantWait {
				t.Fatalf("Retry-After %q, want %d", res.Header.Get("Retry-After"), wantWait)
			}
		}
		ok := func() { t.Helper(); mustStatus(t, f.call("GET", "/v2/packets", token, nil), http.StatusOK) }

		// Two a second.
		ok()
		ok()
		refused(1)
		refused(1)
		mustStatus(t, f.call("GET", "/v2/packets", other, nil), http.StatusOK)

		// Three an hour: the refused calls did not count.
		f.clock.Add(time.Second)
		ok()
		f.clock.Add(time.Second)
		refused(3600 - 2)

		// Four a day.
		f.clock.Add(time.Hour)
		ok()
		f.clock.Add(time.Second)
		refused(24*3600 - 3600 - 3)
		f.clock.Add(24 * time.Hour)
		ok()

		// The refused calls are in the log with their status.
		var n int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM provider_api_log l JOIN provider_api_tokens t ON t.id = l.token_id
			WHERE t.name = 'limited' AND l.status = 429`, nil, &n); err != nil {
			t.Fatal(err)
		}
		if n != 4 {
			t.Fatalf("%d refused calls logged, want 4", n)
		}
	})
}

// Every call of a known token is logged (method, path without the query,
// status, address); the console lists the log; rows past 30 days go.
func TestProviderAPILog(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		tokenID, token := f.issue("crm", nil)
		mustStatus(t, f.call("GET", "/v2/users?username=demo", token, nil), http.StatusOK)
		mustStatus(t, f.call("GET", "/v2/users/999999", token, nil), http.StatusNotFound)
		mustStatus(t, f.call("GET", "/v2/users", "efk_wrong", nil), http.StatusUnauthorized)

		var calls []struct {
			TokenID   int64  `json:"token_id"`
			TokenName string `json:"token_name"`
			Method    string `json:"method"`
			Path      string `json:"path"`
			Status    int    `json:"status"`
			IP        string `json:"ip"`
		}
		res := f.owner.Do(apitest.Request{Method: "GET", Path: "/v2/operator/integrations/log"})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &calls)
		if len(calls) != 2 {
			t.Fatalf("log %+v", calls)
		}
		if c := calls[1]; c.TokenID != tokenID || c.TokenName != "crm" || c.Method != "GET" || c.Path != "/provider-api/v2/users" ||
			c.Status != 200 || c.IP != "10.0.0.1" {
			t.Fatalf("first call logged as %+v", c)
		}
		if calls[0].Path != "/provider-api/v2/users/999999" || calls[0].Status != 404 {
			t.Fatalf("second call logged as %+v", calls[0])
		}
		var tokens []struct {
			LastUsedAt *string `json:"last_used_at"`
		}
		f.owner.Do(apitest.Request{Method: "GET", Path: "/v2/operator/integrations/tokens"}).JSON(t, &tokens)
		if len(tokens) != 1 || tokens[0].LastUsedAt == nil {
			t.Fatalf("tokens %+v", tokens)
		}

		f.clock.Add(31 * 24 * time.Hour)
		mustStatus(t, f.call("GET", "/v2/packets", token, nil), http.StatusOK)
		if err := f.api().Prune(t.Context()); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM provider_api_log", nil, &n); err != nil || n != 1 {
			t.Fatalf("%d rows after pruning (%v), want the newest 1", n, err)
		}
	})
}
