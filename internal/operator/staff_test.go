package operator_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"efir/internal/operator"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type staffJSON struct {
	ID       int64  `json:"id"`
	Email    string `json:"email"`
	Role     string `json:"role"`
	Disabled bool   `json:"disabled"`
}

type auditJSON struct {
	Actor      string         `json:"actor"`
	Action     string         `json:"action"`
	ObjectType string         `json:"object_type"`
	ObjectID   string         `json:"object_id"`
	IP         string         `json:"ip"`
	Before     map[string]any `json:"before"`
	After      map[string]any `json:"after"`
}

// The rules of staff changes, and the audit log holding each change with
// who, from where, and the member before and after.
func TestStaffChangesAndAudit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newConsoleServer(t, db, newClock())
		owner := newConsole(t, srv).signIn(ownerEmail, ownerPass)
		invite := func(c *console, email, role string) *staffJSON {
			res := c.do("POST", "/v2/operator/staff", map[string]string{"email": email, "role": role})
			if res.Status != http.StatusCreated {
				return nil
			}
			var v struct {
				Staff staffJSON `json:"staff"`
			}
			res.JSON(t, &v)
			return &v.Staff
		}
		admin := invite(owner, "second@efir.example", "admin")
		if admin == nil || admin.Role != "admin" {
			t.Fatalf("invite %+v", admin)
		}
		mustStatus(t, owner.do("POST", "/v2/operator/staff", map[string]string{"email": "SECOND@efir.example", "role": "support"}), http.StatusConflict)
		for _, bad := range []map[string]string{{"email": "not-an-address", "role": "support"}, {"email": "a@b.example", "role": "boss"}} {
			mustStatus(t, owner.do("POST", "/v2/operator/staff", bad), http.StatusBadRequest)
		}
		me := owner.do("GET", "/v2/operator/me", nil)
		var self struct {
			Staff staffJSON `json:"staff"`
		}
		me.JSON(t, &self)
		// Nobody changes their own role or blocks themselves; the last owner stays.
		mustStatus(t, owner.do("PATCH", "/v2/operator/staff/"+strconv.FormatInt(self.Staff.ID, 10), map[string]string{"role": "support"}), http.StatusBadRequest)
		mustStatus(t, owner.do("PATCH", "/v2/operator/staff/"+strconv.FormatInt(self.Staff.ID, 10), map[string]bool{"disabled": true}), http.StatusBadRequest)

		// An admin manages support staff but not owners.
		link := owner.do("POST", "/v2/operator/staff/"+strconv.FormatInt(admin.ID, 10)+"/setup_link", nil)
		mustStatus(t, link, http.StatusOK)
		if _, err := db.Exec(t.Context(), "UPDATE staff SET password_hash = (SELECT password_hash FROM staff WHERE email = ?), totp_exempt = TRUE WHERE id = ?",
			ownerEmail, admin.ID); err != nil {
			t.Fatal(err)
		}
		second := newConsole(t, srv).signIn("second@efir.example", ownerPass)
		if invite(second, "third@efir.example", "owner") != nil {
			t.Fatal("an admin invited an owner")
		}
		mustStatus(t, second.do("PATCH", "/v2/operator/staff/"+strconv.FormatInt(self.Staff.ID, 10), map[string]bool{"disabled": true}), http.StatusForbidden)
		helper := invite(second, "helper@efir.example", "support")
		if helper == nil {
			t.Fatal("an admin could not invite support")
		}
		// Blocking ends the member's sessions at once.
		res := second.do("PATCH", "/v2/operator/staff/"+strconv.FormatInt(helper.ID, 10), map[string]any{"disabled": true, "role": "finance"})
		mustStatus(t, res, http.StatusOK)
		victim := newConsole(t, srv).signIn(supportEmail, staffPass)
		var supportID int64
		if err := store.Get(t.Context(), db, "SELECT id FROM staff WHERE email = ?", []any{supportEmail}, &supportID); err != nil {
			t.Fatal(err)
		}
		mustStatus(t, owner.do("PATCH", "/v2/operator/staff/"+strconv.FormatInt(supportID, 10), map[string]bool{"disabled": true}), http.StatusOK)
		mustStatus(t, victim.do("GET", "/v2/operator/me", nil), http.StatusUnauthorized)
		if r, _ := victim.login(supportEmail, staffPass); r.Status != http.StatusUnauthorized {
			t.Fatalf("a blocked member signed in: %d", r.Status)
		}

		// The audit log: every change, newest first, searchable.
		var entries []auditJSON
		owner.do("GET", "/v2/operator/audit?limit=100", nil).JSON(t, &entries)
		actions := []string{}
		for _, e := range entries {
			actions = append(actions, e.Action+" "+e.Actor)
		}
		for _, want := range []string{"staff.invite admin@efir.example", "staff.setup_link admin@efir.example",
			"staff.invite second@efir.example", "staff.update second@efir.example", "staff.update admin@efir.example"} {
			if !strings.Contains(strings.Join(actions, "\n"), want) {
				t.Errorf("audit lacks %q in %v", want, actions)
			}
		}
		var update auditJSON
		for _, e := range entries {
			if e.Action == "staff.update" && e.Actor == "second@efir.example" {
				update = e
			}
		}
		if update.Before["role"] != "support" || update.After["role"] != "finance" || update.After["disabled"] != true || update.IP != "10.0.0.1" {
			t.Errorf("update entry %+v", update)
		}
		var found []auditJSON
		owner.do("GET", "/v2/operator/audit?q=SECOND@", nil).JSON(t, &found)
		if len(found) == 0 || len(found) >= len(entries) {
			t.Errorf("search by actor: %d of %d", len(found), len(entries))
		}
		mustStatus(t, owner.do("GET", "/v2/operator/audit?from=x", nil), http.StatusBadRequest)
	})
}

// efir operator add-admin: a new owner with a one-time set-up link.
func TestAddStaffFromTheCommandLine(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clk := newClock()
		srv := newConsoleServer(t, db, clk)
		link, err := operator.AddStaff(context.Background(), db, clk.Now(), "https://tv.example/", "demo", "Boss@Example.com", "Boss", operator.RoleOwner)
		if err != nil || !strings.HasPrefix(link, "https://tv.example/operator/setup?token=") {
			t.Fatalf("link %q %v", link, err)
		}
		if _, err := operator.AddStaff(context.Background(), db, clk.Now(), "", "nope", "x@example.com", "", operator.RoleOwner); err == nil {
			t.Fatal("an unknown operator was accepted")
		}
		token := link[strings.Index(link, "token=")+len("token="):]
		c := newConsole(t, srv)
		mustStatus(t, c.do("POST", "/v2/operator/auth/setup", map[string]string{"token": token, "password": "boss password 1"}), http.StatusOK)
		if _, a := c.login("boss@example.com", "boss password 1"); a.Status != "totp_setup_required" {
			t.Fatalf("a new owner must enrol a second factor: %+v", a)
		}
	})
}
