package operator_test

import (
	"net/http"
	"strconv"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// Who may call what: every console call by nobody, each role of the demo
// operator, and a staff member of another operator. 401 without a session;
// 403 where the role lacks the permission; anything else means allowed.
func TestConsoleCallers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newConsoleServer(t, db, newClock())
		as := map[string]*console{
			"nobody":  newConsole(t, srv),
			"owner":   newConsole(t, srv).signIn(ownerEmail, ownerPass),
			"support": newConsole(t, srv).signIn(supportEmail, staffPass),
			"content": newConsole(t, srv).signIn(editorEmail, staffPass),
			"finance": newConsole(t, srv).signIn(financeEmail, staffPass),
		}
		var demoUser, supportID int64
		if err := store.Get(t.Context(), db, "SELECT id FROM users WHERE username = 'demo'", nil, &demoUser); err != nil {
			t.Fatal(err)
		}
		if err := store.Get(t.Context(), db, "SELECT id FROM staff WHERE email = ?", []any{supportEmail}, &supportID); err != nil {
			t.Fatal(err)
		}
		subscriber := "/v2/operator/subscribers/" + strconv.FormatInt(demoUser, 10)
		member := "/v2/operator/staff/" + strconv.FormatInt(supportID, 10)
		const no, yes = false, true
		calls := []struct {
			method, path string
			body         any
			// allowed for owner, support, content, finance
			owner, support, content, finance bool
		}{
			{"GET", "/v2/operator/me", nil, yes, yes, yes, yes},
			{"GET", "/v2/operator/providers", nil, yes, yes, yes, yes},
			{"GET", "/v2/operator/staff", nil, yes, no, no, no},
			{"POST", "/v2/operator/staff", map[string]string{"email": "x@efir.example", "role": "support"}, yes, no, no, no},
			{"PATCH", member, map[string]string{"name": "Поддержка"}, yes, no, no, no},
			{"POST", member + "/setup_link", nil, yes, no, no, no},
			{"GET", "/v2/operator/audit", nil, yes, yes, no, yes},
			{"GET", "/v2/operator/dashboard/now", nil, yes, yes, no, yes},
			{"GET", "/v2/operator/dashboard/series", nil, yes, yes, no, yes},
			{"GET", "/v2/operator/packets", nil, yes, yes, no, yes},
			{"GET", "/v2/operator/subscribers?q=7900", nil, yes, yes, no, yes},
			{"GET", subscriber, nil, yes, yes, no, yes},
			{"POST", subscriber + "/block", map[string]bool{"blocked": false}, yes, yes, no, no},
			{"DELETE", subscriber + "/sessions", nil, yes, yes, no, no},
			{"DELETE", subscriber + "/devices/999999", nil, yes, yes, no, no},
			{"POST", subscriber + "/parental_reset", nil, yes, yes, no, no},
			{"POST", subscriber + "/subscriptions", map[string]int64{"packet_id": 0}, yes, yes, no, no},
			{"PATCH", subscriber + "/subscriptions/999999", map[string]string{"action": "pause"}, yes, yes, no, no},
			{"GET", subscriber + "/ledger", nil, yes, yes, no, yes},
			{"POST", subscriber + "/ledger", map[string]any{"amount": 1, "reason": "test", "idempotency_key": "perm"}, yes, yes, no, no},
			{"GET", subscriber + "/transactions", nil, yes, yes, no, yes},
			{"POST", subscriber + "/transactions/999999/refund", map[string]any{"amount": 1, "reason": "x", "idempotency_key": "perm"}, yes, yes, no, no},
			{"GET", "/v2/operator/integrations/tokens", nil, yes, no, no, no},
			{"POST", "/v2/operator/integrations/tokens", map[string]string{"name": "perm"}, yes, no, no, no},
			{"DELETE", "/v2/operator/integrations/tokens/999999", nil, yes, no, no, no},
			{"GET", "/v2/operator/integrations/log", nil, yes, no, no, no},
		}
		for _, c := range calls {
			for who, want := range map[string]bool{"nobody": false, "owner": c.owner, "support": c.support, "content": c.content, "finance": c.finance} {
				res := as[who].do(c.method, c.path, c.body)
				switch {
				case who == "nobody" && res.Status != http.StatusUnauthorized:
					t.Errorf("%s %s without a session: %d", c.method, c.path, res.Status)
				case who != "nobody" && want && (res.Status == http.StatusUnauthorized || res.Status == http.StatusForbidden):
					t.Errorf("%s %s as %s: %d %s, want allowed", c.method, c.path, who, res.Status, res.Body)
				case who != "nobody" && !want && res.Status != http.StatusForbidden:
					t.Errorf("%s %s as %s: %d, want 403", c.method, c.path, who, res.Status)
				}
			}
		}
		// Money on a subscriber's card only for roles that read money.
		for who, money := range map[string]bool{"owner": true, "support": true, "finance": true} {
			var card struct {
				Account *struct {
					Balance int64 `json:"balance"`
				} `json:"account"`
			}
			as[who].do("GET", subscriber, nil).JSON(t, &card)
			if (card.Account != nil) != money {
				t.Errorf("%s sees the account: %v", who, card.Account != nil)
			}
		}
	})
}

// Staff of one operator never reach another's data: Alma Demo's subscriber
// and staff are not found from Efir Demo's console, and a member of Alma
// Demo sees only Alma Demo.
func TestConsoleOperatorIsolation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newConsoleServer(t, db, newClock())
		owner := newConsole(t, srv).signIn(ownerEmail, ownerPass)
		var alma int64
		if err := store.Get(t.Context(), db, "SELECT id FROM users WHERE username = 'alma'", nil, &alma); err != nil {
			t.Fatal(err)
		}
		mustStatus(t, owner.do("GET", "/v2/operator/subscribers/"+strconv.FormatInt(alma, 10), nil), http.StatusNotFound)
		var found []struct {
			ID int64 `json:"id"`
		}
		owner.do("GET", "/v2/operator/subscribers?q=7701", nil).JSON(t, &found)
		owner.do("GET", "/v2/operator/subscribers?q="+strconv.FormatInt(alma, 10), nil).JSON(t, &found)
		if len(found) != 0 {
			t.Fatalf("Alma's subscriber found from Efir Demo: %+v", found)
		}
		if _, err := db.Exec(t.Context(), `INSERT INTO staff (provider_id, email, role, password_hash, created_at)
			SELECT 2, 'alma-support@alma.example', 'support', password_hash, 0 FROM staff WHERE email = ?`, supportEmail); err != nil {
			t.Fatal(err)
		}
		var almaStaff int64
		if err := store.Get(t.Context(), db, "SELECT id FROM staff WHERE email = 'alma-support@alma.example'", nil, &almaStaff); err != nil {
			t.Fatal(err)
		}
		mustStatus(t, owner.do("PATCH", "/v2/operator/staff/"+strconv.FormatInt(almaStaff, 10), map[string]bool{"disabled": true}), http.StatusNotFound)
		mustStatus(t, owner.do("POST", "/v2/operator/staff/"+strconv.FormatInt(almaStaff, 10)+"/setup_link", nil), http.StatusNotFound)

		other := newConsole(t, srv).signIn("alma-support@alma.example", staffPass)
		var me struct {
			Provider struct {
				ID int64 `json:"id"`
			} `json:"provider"`
		}
		other.do("GET", "/v2/operator/me", nil).JSON(t, &me)
		if me.Provider.ID != 2 {
			t.Fatalf("Alma's staff works on %d", me.Provider.ID)
		}
		other.do("GET", "/v2/operator/subscribers?q=7900", nil).JSON(t, &found)
		if len(found) != 0 {
			t.Fatalf("Efir Demo's subscribers found from Alma Demo: %+v", found)
		}
		mustStatus(t, other.do("POST", "/v2/operator/me/provider", map[string]int64{"provider_id": 1}), http.StatusForbidden)
		var audit []any
		other.do("GET", "/v2/operator/audit", nil).JSON(t, &audit)
		if len(audit) != 0 {
			t.Fatalf("Alma's staff reads Efir Demo's audit log: %v", audit)
		}
	})
}
