package operator_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

type importReport struct {
	Rows     int  `json:"rows"`
	Create   int  `json:"create"`
	Update   int  `json:"update"`
	Applied  bool `json:"applied"`
	Problems []struct {
		Line    int    `json:"line"`
		Field   string `json:"field"`
		Message string `json:"message"`
	} `json:"problems"`
}

func countUsers(t *testing.T, db *store.DB) int {
	t.Helper()
	var n int
	if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM users", nil, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A CSV import is checked row by row first and written only when no row has
// a problem, all at once; an export round-trips through it.
func TestSubscribersImportAllOrNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newConsoleServer(t, db, newClock())
		support := newConsole(t, srv).signIn(supportEmail, staffPass)
		shopper := userID(t, db, "shopper")
		before := countUsers(t, db)

		bad := "phone;email;first_name;contract\n" +
			"+7 955 000-00-01;anna@example.com;Anna;C-1\n" +
			"12;;Bad phone;C-2\n" + // line 3: not a phone
			"\n" +
			"79550000001;;Twice;C-3\n" + // line 5: the phone of line 2
			"79550000003;ANNA@example.com;Same mail;C-4\n" // line 6: the e-mail of line 2
		res := support.do("POST", "/v2/operator/subscribers/import?apply=true", bad)
		mustStatus(t, res, http.StatusOK)
		var rep importReport
		res.JSON(t, &rep)
		lines := []string{}
		for _, p := range rep.Problems {
			lines = append(lines, strconv.Itoa(p.Line)+":"+p.Field)
		}
		if rep.Applied || rep.Rows != 4 || strings.Join(lines, " ") != "3:phone 5:phone 6:email" {
			t.Fatalf("bad file: %s", res.Body)
		}
		if countUsers(t, db) != before {
			t.Fatal("a file with problems wrote subscribers")
		}

		good := "id,phone,email,first_name,contract,device_limit,active\n" +
			",+7 955 000-00-01,anna@example.com,Anna,C-1,2,true\n" +
			",79550000002,,Boris,C-2,,false\n" +
			strconv.FormatInt(shopper, 10) + ",,,Shopper Renamed,,,\n"
		res = support.do("POST", "/v2/operator/subscribers/import", good)
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &rep)
		if rep.Applied || rep.Create != 2 || rep.Update != 1 || len(rep.Problems) != 0 || countUsers(t, db) != before {
			t.Fatalf("preview: %s", res.Body)
		}
		res = support.do("POST", "/v2/operator/subscribers/import?apply=true", good)
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &rep)
		if !rep.Applied || countUsers(t, db) != before+2 {
			t.Fatalf("apply: %s", res.Body)
		}
		var name, uid string
		var limit, blocked int64
		if err := store.Get(t.Context(), db, `SELECT first_name, provider_uid, COALESCE(device_limit, 0), blocked_at FROM users
			WHERE phone = '79550000001'`, nil, &name, &uid, &limit, &blocked); err != nil || name != "Anna" || uid != "C-1" || limit != 2 || blocked != 0 {
			t.Fatalf("anna: %v %q %q %d %d", err, name, uid, limit, blocked)
		}
		if err := store.Get(t.Context(), db, "SELECT blocked_at FROM users WHERE phone = '79550000002'", nil, &blocked); err != nil || blocked == 0 {
			t.Fatalf("boris is not blocked: %v", err)
		}
		if err := store.Get(t.Context(), db, "SELECT first_name FROM users WHERE id = ?", []any{shopper}, &name); err != nil || name != "Shopper Renamed" {
			t.Fatalf("shopper: %v %q", err, name)
		}
		// The same file again changes the two it registered.
		res = support.do("POST", "/v2/operator/subscribers/import?apply=true", good)
		res.JSON(t, &rep)
		if !rep.Applied || rep.Create != 0 || rep.Update != 3 || countUsers(t, db) != before+2 {
			t.Fatalf("again: %s", res.Body)
		}

		// The export has every subscriber, Anna with her fields.
		res = support.do("GET", "/v2/operator/subscribers/export", nil)
		mustStatus(t, res, http.StatusOK)
		body := string(res.Body)
		if !strings.HasPrefix(body, "id,username,phone,email,first_name,last_name,provider_uid,comment,device_limit,active,created_at\n") ||
			!strings.Contains(body, ",79550000001,anna@example.com,Anna,,C-1,,2,true,") || strings.Count(body, "\n") < 4 {
			t.Fatalf("export:\n%s", body)
		}
		// Exported, then imported unchanged: nothing new, no problem.
		res = support.do("POST", "/v2/operator/subscribers/import", body)
		res.JSON(t, &rep)
		if rep.Create != 0 || len(rep.Problems) != 0 {
			t.Fatalf("round trip: %s", res.Body)
		}

		var audit int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM audit_log WHERE action IN ('subscribers.import', 'subscribers.export')`,
			nil, &audit); err != nil || audit != 3 {
			t.Fatalf("audit entries %d %v", audit, err)
		}

		for _, f := range []struct{ body, want string }{
			{"", "file"}, {"phone,colour\n1,2\n", "file"}, {"phone\n\"unclosed\n", "file"}, {"id\nx\n", "file"},
		} {
			res := support.do("POST", "/v2/operator/subscribers/import", f.body)
			var e struct {
				Error struct {
					Detail map[string]string `json:"detail"`
				} `json:"error"`
			}
			if res.Status != http.StatusBadRequest || json.Unmarshal(res.Body, &e) != nil || e.Error.Detail[f.want] == "" {
				t.Fatalf("%q: %d %s", f.body, res.Status, res.Body)
			}
		}

		finance := newConsole(t, srv).signIn(financeEmail, staffPass)
		mustStatus(t, finance.do("POST", "/v2/operator/subscribers/import", good), http.StatusForbidden)
		mustStatus(t, finance.do("GET", "/v2/operator/subscribers/export", nil), http.StatusOK)
		editor := newConsole(t, srv).signIn(editorEmail, staffPass)
		mustStatus(t, editor.do("GET", "/v2/operator/subscribers/export", nil), http.StatusForbidden)
	})
}

// A phone prefix finds subscribers in phone order, page by page, with the
// subscriber whose id the digits are first.
func TestSubscriberSearchByPhonePrefix(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newConsoleServer(t, db, newClock())
		support := newConsole(t, srv).signIn(supportEmail, staffPass)
		var csv strings.Builder
		csv.WriteString("phone\n")
		for _, p := range []string{"79560000003", "79560000001", "79570000000", "79560000002", "79599999999"} {
			csv.WriteString(p + "\n")
		}
		res := support.do("POST", "/v2/operator/subscribers/import?apply=true", csv.String())
		mustStatus(t, res, http.StatusOK)
		phones := func(q string) string {
			res := support.do("GET", "/v2/operator/subscribers?limit=2&"+q, nil)
			mustStatus(t, res, http.StatusOK)
			var rows []struct {
				ID    int64  `json:"id"`
				Phone string `json:"phone"`
			}
			if err := json.Unmarshal(res.Body, &rows); err != nil {
				t.Fatal(err)
			}
			out := []string{}
			for _, r := range rows {
				out = append(out, r.Phone)
			}
			return strings.Join(out, " ")
		}
		if got := phones("q=%2B7%20956"); got != "79560000001 79560000002" {
			t.Fatalf("first page %q", got)
		}
		if got := phones("q=7956&offset=2"); got != "79560000003" {
			t.Fatalf("second page %q", got)
		}
		if got := phones("q=7959"); got != "79599999999" {
			t.Fatalf("nines %q", got)
		}
		shopper := userID(t, db, "shopper")
		var phone string
		if err := store.Get(t.Context(), db, "SELECT COALESCE(phone, '') FROM users WHERE id = ?", []any{shopper}, &phone); err != nil {
			t.Fatal(err)
		}
		if got := phones("q=" + strconv.FormatInt(shopper, 10)); !strings.HasPrefix(got, phone) {
			t.Fatalf("by id %q, want %q first", got, phone)
		}
	})
}
