package pagesadmin_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// Who may call what: the pages need catalog.write (owner, admin, content
// editor); support and finance are refused, nobody is asked to sign in.
// Another operator's staff reach none of Efir Demo's pages.
func TestPagesCallers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		for _, q := range []string{
			`INSERT INTO staff (provider_id, email, role, password_hash, totp_exempt, created_at)
				SELECT 1, 'admin2@efir.example', 'admin', password_hash, TRUE, 0 FROM staff WHERE email = 'support@efir.example'`,
			`INSERT INTO staff (provider_id, email, role, password_hash, created_at)
				SELECT 2, 'alma-editor@alma.example', 'content', password_hash, 0 FROM staff WHERE email = 'support@efir.example'`,
		} {
			if _, err := db.Exec(t.Context(), q); err != nil {
				t.Fatal(err)
			}
		}
		owner := srv.SignInStaff(t, ownerEmail, ownerPass)
		hp := home(t, owner)
		var rowID int64
		var full rowset
		must(t, owner.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/operator/pages/rowsets/%d", hp.ID)}), 200).JSON(t, &full)
		rowID = full.Rows[0].ID
		var news []struct {
			ID int64 `json:"id"`
		}
		must(t, owner.Do(apitest.Request{Method: "GET", Path: "/v2/operator/pages/news"}), 200).JSON(t, &news)
		var promos []struct {
			ID int64 `json:"id"`
		}
		must(t, owner.Do(apitest.Request{Method: "GET", Path: "/v2/operator/pages/promotions"}), 200).JSON(t, &promos)
		if len(news) == 0 || len(promos) == 0 {
			t.Fatal("the demo has news and promotions")
		}
		rs := fmt.Sprintf("/v2/operator/pages/rowsets/%d", hp.ID)
		rw := fmt.Sprintf("/v2/operator/pages/rows/%d", rowID)
		nw := fmt.Sprintf("/v2/operator/pages/news/%d", news[0].ID)
		pr := fmt.Sprintf("/v2/operator/pages/promotions/%d", promos[0].ID)
		calls := []struct {
			method, path string
			body         any
		}{
			{"GET", "/v2/operator/pages/rowsets", nil},
			{"GET", rs, nil},
			{"PATCH", rs, map[string]string{"title": "Главная"}},
			{"PATCH", rs, map[string]any{"row_ids": rowIDs(full)}},
			{"POST", rs + "/rows", map[string]string{"title": "Новый ряд"}},
			{"PATCH", "/v2/operator/pages/menu", map[string]any{"rowset_ids": []int64{hp.ID}}},
			{"GET", rw, nil},
			{"PATCH", rw, map[string]string{"title": full.Rows[0].Title}},
			{"DELETE", "/v2/operator/pages/rows/999999", nil},
			{"GET", "/v2/operator/pages/items?q=a", nil},
			{"GET", "/v2/operator/pages/vocabulary", nil},
			{"GET", "/v2/operator/pages/promotions", nil},
			{"POST", "/v2/operator/pages/promotions", map[string]string{"title": "Баннер", "dest_type": "text"}},
			{"PATCH", pr, map[string]string{"short": "Коротко"}},
			{"GET", "/v2/operator/pages/news", nil},
			{"POST", "/v2/operator/pages/news", map[string]string{"title": "Новость"}},
			{"PATCH", nw, map[string]string{"lead": "Коротко"}},
			{"GET", "/v2/operator/pages/seo", nil},
			{"PATCH", "/v2/operator/pages/seo", map[string]any{"lang": "en", "texts": []any{}}},
			{"POST", pr + "/image", map[string]string{"data": "eA=="}},
			{"DELETE", pr + "/image", nil},
			{"DELETE", pr, nil},
			{"DELETE", nw, nil},
		}
		who := []struct {
			name    string
			st      *apitest.Staff
			allowed bool
		}{
			{"nobody", nil, false},
			{"support", srv.SignInStaff(t, supportEmail, staffPass), false},
			{"finance", srv.SignInStaff(t, financeEmail, staffPass), false},
			{"content", srv.SignInStaff(t, editorEmail, staffPass), true},
			{"admin", srv.SignInStaff(t, "admin2@efir.example", staffPass), true},
			{"owner", owner, true},
		}
		for _, w := range who {
			for _, c := range calls {
				req := apitest.Request{Method: c.method, Path: c.path, Body: c.body}
				var res *apitest.Response
				if w.st == nil {
					res = srv.Do(req)
				} else {
					res = w.st.Do(req)
				}
				switch {
				case w.st == nil && res.Status != http.StatusUnauthorized:
					t.Errorf("%s %s without a session: %d", c.method, c.path, res.Status)
				case w.st != nil && !w.allowed && res.Status != http.StatusForbidden:
					t.Errorf("%s %s as %s: %d, want 403", c.method, c.path, w.name, res.Status)
				case w.allowed && (res.Status == http.StatusUnauthorized || res.Status == http.StatusForbidden || res.Status >= 500):
					t.Errorf("%s %s as %s: %d %s, want allowed", c.method, c.path, w.name, res.Status, res.Body)
				}
			}
			if w.allowed && w.name != "owner" {
				// The deletes above went through for the first allowed
				// member: recreate what the next one deletes.
				recreated := struct {
					ID int64 `json:"id"`
				}{}
				must(t, owner.Do(apitest.Request{Method: "POST", Path: "/v2/operator/pages/news", Body: map[string]string{"title": "Снова"}}), 201).JSON(t, &recreated)
				for i := range calls {
					if calls[i].path == nw {
						calls[i].path = fmt.Sprintf("/v2/operator/pages/news/%d", recreated.ID)
					}
				}
				nw = fmt.Sprintf("/v2/operator/pages/news/%d", recreated.ID)
				must(t, owner.Do(apitest.Request{Method: "POST", Path: "/v2/operator/pages/promotions", Body: map[string]string{"title": "Снова", "dest_type": "text"}}), 201).JSON(t, &recreated)
				for i := range calls {
					if rest, ok := strings.CutPrefix(calls[i].path, pr); ok {
						calls[i].path = fmt.Sprintf("/v2/operator/pages/promotions/%d", recreated.ID) + rest
					}
				}
				pr = fmt.Sprintf("/v2/operator/pages/promotions/%d", recreated.ID)
			}
		}

		// Alma Demo's editor sees Alma's pages only.
		alma := srv.SignInStaff(t, "alma-editor@alma.example", staffPass)
		var almaList []rowset
		must(t, alma.Do(apitest.Request{Method: "GET", Path: "/v2/operator/pages/rowsets"}), 200).JSON(t, &almaList)
		for _, x := range almaList {
			if x.ID == hp.ID {
				t.Fatal("Efir Demo's home page is listed for Alma Demo")
			}
		}
		must(t, alma.Do(apitest.Request{Method: "GET", Path: rs}), 404)
		must(t, alma.Do(apitest.Request{Method: "PATCH", Path: rs, Body: map[string]string{"title": "Чужая"}}), 404)
		must(t, alma.Do(apitest.Request{Method: "PATCH", Path: rs, Body: map[string]any{"row_ids": []int64{}}}), 404)
		must(t, alma.Do(apitest.Request{Method: "POST", Path: rs + "/rows", Body: map[string]string{"title": "Чужой"}}), 404)
		must(t, alma.Do(apitest.Request{Method: "GET", Path: rw}), 404)
		must(t, alma.Do(apitest.Request{Method: "PATCH", Path: rw, Body: map[string]string{"title": "Чужой"}}), 404)
		must(t, alma.Do(apitest.Request{Method: "PATCH", Path: pr, Body: map[string]string{"title": "Чужой"}}), 404)
		must(t, alma.Do(apitest.Request{Method: "DELETE", Path: nw}), 404)
		must(t, alma.Do(apitest.Request{Method: "PATCH", Path: "/v2/operator/pages/menu", Body: map[string]any{"rowset_ids": []int64{hp.ID}}}), 400)
		var almaNews []struct {
			ID int64 `json:"id"`
		}
		must(t, alma.Do(apitest.Request{Method: "GET", Path: "/v2/operator/pages/news?limit=100"}), 200).JSON(t, &almaNews)
		for _, x := range almaNews {
			if fmt.Sprintf("/v2/operator/pages/news/%d", x.ID) == nw {
				t.Fatal("Efir Demo's news listed for Alma Demo")
			}
		}
		// A row of Alma's cannot take Efir Demo's contents.
		var almaItems []item
		must(t, owner.Do(apitest.Request{Method: "GET", Path: "/v2/operator/pages/items?kind=content"}), 200).JSON(t, &almaItems)
		if len(almaList) > 0 {
			must(t, alma.Do(apitest.Request{Method: "POST", Path: fmt.Sprintf("/v2/operator/pages/rowsets/%d/rows", almaList[0].ID),
				Body: map[string]any{"title": "Чужое", "items": []map[string]any{{"kind": "content", "id": almaItems[0].ID}}}}), 400)
		}
		var found []item
		must(t, alma.Do(apitest.Request{Method: "GET", Path: "/v2/operator/pages/items?kind=content"}), 200).JSON(t, &found)
		if hasItem(found, almaItems[0].ID) {
			t.Fatal("Efir Demo's content found from Alma Demo")
		}
	})
}
