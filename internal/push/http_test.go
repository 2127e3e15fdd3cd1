package push_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/push"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// Who may call the push routes: every kind of caller against every route.
func TestPushCallers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		const (
			none = iota
			login
			guest
			child
			adult
			callers
		)
		names := [callers]string{"no token", "login token without device", "guest", "child profile", "adult"}
		var tokens [callers]string
		tokens[login] = f.srv.Login(t, "demo", "efir24")
		tokens[guest] = f.srv.Guest(t, "push-caller-guest")
		tokens[child] = f.srv.SignIn(t, "demo", "efir24", "push-caller-child")
		f.srv.ChildProfile(t, tokens[child], "Kid")
		tokens[adult] = f.srv.SignIn(t, "demo", "efir24", "push-caller-adult")

		// A subscription of another device of the demo account, which the
		// adult and the child may see; only the adult may stop it.
		spare := f.srv.SignIn(t, "demo", "efir24", "push-caller-spare")
		f.subscribe(spare, "caller-spare")
		var list []push.Subscription
		f.call(spare, "GET", "/v2/users/self/push_subscriptions", nil, http.StatusOK).JSON(t, &list)
		spareID := list[0].ID

		const (
			ok      = "200"
			created = "201"
			gone    = "204"
			noAuth  = "401 authentication_failed"
			denied  = "403 permission_denied"
		)
		type route struct {
			name   string
			method string
			path   func(c int) string
			body   func(c int) any
			want   [callers]string
		}
		fixed := func(p string) func(int) string { return func(int) string { return p } }
		sub := func(c int) any {
			return newBrowser(t).subscription(f.ps.endpoint(newBrowser(t), fmt.Sprintf("caller-%d", c)))
		}
		// own is the caller's own subscription (made for the route), or a
		// made-up id when the caller cannot have one.
		own := func(c int) string {
			if c == none || c == login {
				return "/v2/users/self/push_subscriptions/1"
			}
			var x push.Subscription
			res := f.srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/push_subscriptions", Token: tokens[c],
				Body: newBrowser(t).subscription(f.ps.endpoint(newBrowser(t), fmt.Sprintf("own-%d", c)))})
			res.JSON(t, &x)
			return fmt.Sprintf("/v2/users/self/push_subscriptions/%d", x.ID)
		}
		routes := []route{
			{"VAPID key", "GET", fixed("/v2/push/vapid_key"), nil, [callers]string{ok, ok, ok, ok, ok}},
			{"list", "GET", fixed("/v2/users/self/push_subscriptions"), nil, [callers]string{noAuth, noAuth, ok, ok, ok}},
			{"subscribe", "POST", fixed("/v2/users/self/push_subscriptions"), sub, [callers]string{noAuth, noAuth, created, created, created}},
			{"stop own device", "DELETE", own, nil, [callers]string{noAuth, noAuth, gone, gone, gone}},
			{"stop another device", "DELETE", fixed(fmt.Sprintf("/v2/users/self/push_subscriptions/%d", spareID)), nil,
				[callers]string{noAuth, noAuth, "404 not_found", denied, gone}},
		}
		for _, r := range routes {
			for c := range callers {
				var body any
				if r.body != nil {
					body = r.body(c)
				}
				path := r.path(c)
				res := f.srv.Do(apitest.Request{Method: r.method, Path: path, Token: tokens[c], Body: body})
				got := fmt.Sprint(res.Status)
				if res.Status >= 400 {
					got += " " + res.ErrorType()
				}
				if got != r.want[c] {
					t.Errorf("%s (%s %s) as %s: %s, want %s: %s", r.name, r.method, path, names[c], got, r.want[c], res.Body)
				}
			}
		}
	})
}

// One viewer cannot see or stop another's subscriptions; a device's
// subscription is replaced when the browser gives a new one, moves with its
// endpoint, and goes with the device at sign-out and at its removal.
func TestSubscriptionsIsolationAndLife(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		mine := f.srv.SignIn(t, "demo", "efir24", "push-life-a")
		theirs := f.srv.Guest(t, "push-life-b")
		f.subscribe(mine, "life-a")
		var list []push.Subscription
		f.call(mine, "GET", "/v2/users/self/push_subscriptions", nil, http.StatusOK).JSON(t, &list)
		if len(list) != 1 || !list[0].Current {
			t.Fatalf("own list %+v", list)
		}
		id := list[0].ID
		var others []push.Subscription
		f.call(theirs, "GET", "/v2/users/self/push_subscriptions", nil, http.StatusOK).JSON(t, &others)
		if len(others) != 0 {
			t.Fatalf("another viewer sees %+v", others)
		}
		f.call(theirs, "DELETE", fmt.Sprintf("/v2/users/self/push_subscriptions/%d", id), nil, http.StatusNotFound)
		if f.count(`SELECT COUNT(*) FROM push_subscriptions WHERE id = ?`, id) != 1 {
			t.Fatal("another viewer removed the subscription")
		}
		// The browser's new subscription replaces the device's.
		b := newBrowser(t)
		f.call(mine, "POST", "/v2/users/self/push_subscriptions", b.subscription(f.ps.endpoint(b, "life-a2")), http.StatusOK)
		if n := f.count(`SELECT COUNT(*) FROM push_subscriptions WHERE endpoint LIKE ?`, "%/wpush/life-a%"); n != 1 {
			t.Fatalf("%d subscriptions for one device", n)
		}
		// The same browser signed in as a new device: the endpoint moves.
		again := f.srv.SignIn(t, "demo", "efir24", "push-life-a-again")
		f.call(again, "POST", "/v2/users/self/push_subscriptions", b.subscription(f.ps.endpoint(b, "life-a2")), http.StatusCreated)
		if n := f.count(`SELECT COUNT(*) FROM push_subscriptions WHERE endpoint LIKE ?`, "%/wpush/life-a2"); n != 1 {
			t.Fatalf("the endpoint is held by %d devices", n)
		}
		// Sign-out takes the device's subscription with it.
		f.call(again, "POST", "/v2/auth/logout", nil, http.StatusNoContent)
		if n := f.count(`SELECT COUNT(*) FROM push_subscriptions WHERE endpoint LIKE ?`, "%/wpush/life-a2"); n != 0 {
			t.Fatal("a signed-out device keeps its subscription")
		}
		// Removing a device from another one does too.
		f.subscribe(mine, "life-a3")
		var dev struct {
			Device struct {
				ID int64 `json:"id"`
			} `json:"device"`
		}
		_ = dev
		var device int64
		if err := store.Get(t.Context(), db, `SELECT device_id FROM push_subscriptions WHERE endpoint LIKE ?`,
			[]any{"%/wpush/life-a3"}, &device); err != nil {
			t.Fatal(err)
		}
		other := f.srv.SignIn(t, "demo", "efir24", "push-life-remover")
		f.call(other, "DELETE", fmt.Sprintf("/v2/users/self/devices/%d", device), nil, http.StatusNoContent)
		if f.count(`SELECT COUNT(*) FROM push_subscriptions WHERE device_id = ?`, device) != 0 {
			t.Fatal("a removed device keeps its subscription")
		}
	})
}

// What the browser sends is checked: an https endpoint, a P-256 key, a
// 16-byte secret.
func TestSubscribeValidation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		tok := f.srv.SignIn(t, "demo", "efir24", "push-invalid")
		b := newBrowser(t)
		good := b.subscription("https://push.example/wpush/x")
		keys := good["keys"].(map[string]string)
		for _, c := range []struct {
			name  string
			body  map[string]any
			field string
		}{
			{"http endpoint", map[string]any{"endpoint": "http://push.example/x", "keys": keys}, "endpoint"},
			{"no endpoint", map[string]any{"endpoint": "", "keys": keys}, "endpoint"},
			{"long endpoint", map[string]any{"endpoint": "https://push.example/" + strings.Repeat("a", 2100), "keys": keys}, "endpoint"},
			{"bad key", map[string]any{"endpoint": "https://push.example/x", "keys": map[string]string{"p256dh": "AAAA", "auth": keys["auth"]}}, "keys.p256dh"},
			{"short secret", map[string]any{"endpoint": "https://push.example/x", "keys": map[string]string{"p256dh": keys["p256dh"], "auth": "AAAA"}}, "keys.auth"},
		} {
			res := f.srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/push_subscriptions", Token: tok, Body: c.body})
			if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), `"`+c.field+`"`) {
				t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
			}
		}
		// Padded base64 (some libraries pad) is taken.
		padded := map[string]any{"endpoint": "https://push.example/wpush/padded",
			"keys": map[string]string{"p256dh": keys["p256dh"] + "=", "auth": keys["auth"] + "=="}}
		f.call(tok, "POST", "/v2/users/self/push_subscriptions", padded, http.StatusCreated)
	})
}
