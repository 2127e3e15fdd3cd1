package engage_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// Who may call what: nobody (401), each role of the demo operator (403
// where the role lacks the permission), and a member of another operator,
// who reaches none of the demo operator's objects (404, or an empty list).
func TestCallers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		demo := f.id(`SELECT id FROM users WHERE username = 'demo'`)
		packet := f.id(`SELECT id FROM packets WHERE provider_id = 1 ORDER BY id LIMIT 1`)
		c := f.campaign(map[string]any{"name": "Права", "kind": "days", "days": 3, "packet_ids": []int64{packet}, "count": 2})
		var b broadcast
		f.do(f.owner, "POST", "/v2/operator/messages", map[string]any{"title": "Позже", "text": "x", "audience": "all",
			"send_at": f.clock.Now().Unix() + 3600}, http.StatusCreated).JSON(t, &b)
		var sv survey
		f.do(f.owner, "POST", "/v2/operator/surveys", map[string]any{"title": "Опрос", "questions": []map[string]any{
			{"question": "Да?", "answers": []map[string]string{{"text": "Да"}}}}}, http.StatusCreated).JSON(t, &sv)

		as := map[string]*apitest.Staff{
			"owner":   f.owner,
			"admin":   f.addStaff(1, adminEmail, "admin"),
			"support": f.srv.SignInStaff(t, supportEmail, staffPass),
			"content": f.srv.SignInStaff(t, editorEmail, staffPass),
			"finance": f.srv.SignInStaff(t, financeEmail, staffPass),
			"alma":    f.addStaff(2, almaEmail, "owner"),
		}
		campaign := fmt.Sprintf("/v2/operator/promo/campaigns/%d", c.ID)
		survey := fmt.Sprintf("/v2/operator/surveys/%d", sv.ID)
		card := fmt.Sprintf("/v2/operator/subscribers/%d", demo)
		const no, yes = false, true
		// other: what the other operator's owner gets (0: allowed, an
		// answer of its own operator).
		calls := []struct {
			method, path                            string
			body                                    any
			owner, admin, support, content, finance bool
			other                                   int
		}{
			{"GET", "/v2/operator/promo/campaigns", nil, yes, yes, yes, no, yes, 0},
			{"POST", "/v2/operator/promo/campaigns", map[string]any{"name": "", "kind": "days", "count": 1}, yes, yes, no, no, no, 0},
			{"GET", campaign, nil, yes, yes, yes, no, yes, http.StatusNotFound},
			{"GET", campaign + "/keys.csv", nil, yes, yes, no, no, no, http.StatusNotFound},
			{"GET", "/v2/operator/promo/redemptions", nil, yes, yes, yes, no, yes, 0},
			{"GET", "/v2/operator/messages", nil, yes, yes, yes, yes, no, 0},
			{"POST", "/v2/operator/messages", map[string]any{"title": "", "text": "", "audience": "all"}, yes, yes, yes, yes, no, 0},
			{"GET", "/v2/operator/surveys", nil, yes, yes, yes, yes, no, 0},
			{"POST", "/v2/operator/surveys", map[string]any{"title": ""}, yes, yes, yes, yes, no, 0},
			{"GET", survey, nil, yes, yes, yes, yes, no, http.StatusNotFound},
			{"PATCH", survey, map[string]any{"title": "Опрос"}, yes, yes, yes, yes, no, http.StatusNotFound},
			{"GET", survey + "/results", nil, yes, yes, yes, yes, no, http.StatusNotFound},
			{"GET", card + "/promo_uses", nil, yes, yes, yes, no, yes, http.StatusNotFound},
			{"GET", card + "/messages", nil, yes, yes, yes, no, yes, http.StatusNotFound},
			{"POST", fmt.Sprintf("/v2/operator/messages/%d/cancel", b.ID), nil, yes, yes, yes, yes, no, http.StatusNotFound},
			{"POST", campaign + "/disable", nil, yes, yes, no, no, no, http.StatusNotFound},
		}
		nobody := f.srv
		for _, c := range calls {
			if res := nobody.Do(apitest.Request{Method: c.method, Path: c.path, Body: c.body}); res.Status != http.StatusUnauthorized {
				t.Errorf("%s %s without a session: %d", c.method, c.path, res.Status)
			}
			for who, want := range map[string]bool{"owner": c.owner, "admin": c.admin, "support": c.support, "content": c.content,
				"finance": c.finance} {
				res := as[who].Do(apitest.Request{Method: c.method, Path: c.path, Body: c.body})
				switch {
				case want && (res.Status == http.StatusUnauthorized || res.Status == http.StatusForbidden):
					t.Errorf("%s %s as %s: %d %s, want allowed", c.method, c.path, who, res.Status, res.Body)
				case !want && res.Status != http.StatusForbidden:
					t.Errorf("%s %s as %s: %d, want 403", c.method, c.path, who, res.Status)
				}
			}
			res := as["alma"].Do(apitest.Request{Method: c.method, Path: c.path, Body: c.body})
			switch {
			case c.other != 0 && res.Status != c.other:
				t.Errorf("%s %s by another operator: %d %s, want %d", c.method, c.path, res.Status, res.Body, c.other)
			case c.other == 0 && c.method == "GET" && (res.Status != http.StatusOK || string(res.Body) == "" ||
				(res.Body[0] == '[' && strings.TrimSpace(string(res.Body)) != "[]")):
				t.Errorf("%s %s by another operator: %d %s, want its own empty answer", c.method, c.path, res.Status, res.Body)
			}
		}
	})
}
