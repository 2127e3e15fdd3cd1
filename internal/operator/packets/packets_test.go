package packets_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/app"
	"efir/internal/config"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// clock is the test's time, moved by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

// The demo's console staff (internal/demo/staff.go).
const (
	ownerEmail   = "admin@efir.example"
	ownerPass    = "efir24-admin"
	supportEmail = "support@efir.example"
	editorEmail  = "editor@efir.example"
	financeEmail = "finance@efir.example"
	staffPass    = "efir24-staff"
)

type period struct {
	ID          int64    `json:"id"`
	Months      int      `json:"months"`
	Amount      int64    `json:"amount"`
	PaySystems  []string `json:"paysystems"`
	Subscribers int64    `json:"subscribers"`
	OldPrice    int64    `json:"subscribers_at_other_price"`
}

type packet struct {
	ID         int64    `json:"id"`
	Name       string   `json:"name"`
	OnSale     bool     `json:"on_sale"`
	IsBase     bool     `json:"is_base"`
	IsBundle   bool     `json:"is_bundle"`
	Periods    []period `json:"periods"`
	ChannelIDs []int64  `json:"channel_ids"`
	LibraryIDs []int64  `json:"library_ids"`
	AddonIDs   []int64  `json:"addon_ids"`
	IncludeIDs []int64  `json:"include_ids"`
}

type choices struct {
	Channels []struct {
		ID int64 `json:"id"`
	} `json:"channels"`
	Libraries []struct {
		ID int64 `json:"id"`
	} `json:"libraries"`
	Packets []struct {
		ID     int64 `json:"id"`
		IsBase bool  `json:"is_base"`
	} `json:"packets"`
	PaySystems []struct {
		Shortname string `json:"shortname"`
	} `json:"paysystems"`
}

func must(t *testing.T, res *apitest.Response, want int) *apitest.Response {
	t.Helper()
	if res.Status != want {
		t.Fatalf("status %d, want %d: %s", res.Status, want, res.Body)
	}
	return res
}

func call(method, path string, body any) apitest.Request {
	return apitest.Request{Method: method, Path: path, Body: body}
}

// staffOf adds a member of providerID with role (no second factor asked)
// sharing the demo staff's password.
func staffOf(t *testing.T, db *store.DB, providerID int64, email, role string) {
	t.Helper()
	if _, err := db.Exec(t.Context(), `INSERT INTO staff (provider_id, email, role, password_hash, totp_exempt, created_at)
		SELECT ?, ?, ?, password_hash, TRUE, 0 FROM staff WHERE email = ?`, providerID, email, role, supportEmail); err != nil {
		t.Fatal(err)
	}
}

// createPacket makes a base packet of one month at amount with a channel
// and a library of the demo operator.
func createPacket(t *testing.T, db *store.DB, owner *apitest.Staff, name string, amount int64) packet {
	t.Helper()
	// The demo's catalogue is not seeded in API tests: a library of its own.
	if _, err := db.Exec(t.Context(), `INSERT INTO libraries (provider_id, slug, name) VALUES (1, ?, ?)`,
		"lib-"+strings.ToLower(strings.ReplaceAll(name, " ", "-")), name+" library"); err != nil {
		t.Fatal(err)
	}
	var c choices
	must(t, owner.Do(call("GET", "/v2/operator/packet_choices", nil)), http.StatusOK).JSON(t, &c)
	if len(c.Channels) == 0 || len(c.Libraries) == 0 || len(c.PaySystems) == 0 {
		t.Fatalf("choices: %+v", c)
	}
	var p packet
	must(t, owner.Do(call("POST", "/v2/operator/packets", map[string]any{
		"name": name, "short": "console-" + strings.ToLower(strings.ReplaceAll(name, " ", "-")), "is_base": true,
		"channel_ids": []int64{c.Channels[0].ID}, "library_ids": []int64{c.Libraries[0].ID},
		"periods": []map[string]any{{"months": 1, "amount": amount}},
	})), http.StatusCreated).JSON(t, &p)
	if !p.OnSale || len(p.Periods) != 1 || p.Periods[0].Amount != amount || len(p.ChannelIDs) != 1 || len(p.LibraryIDs) != 1 {
		t.Fatalf("created: %+v", p)
	}
	return p
}

type viewerPacket struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Price int64  `json:"price"`
}

func viewerPackets(t *testing.T, srv *apitest.Server, token string) map[int64]viewerPacket {
	t.Helper()
	var list []viewerPacket
	must(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/packets", Token: token}), http.StatusOK).JSON(t, &list)
	out := map[int64]viewerPacket{}
	for _, p := range list {
		out[p.ID] = p
	}
	return out
}

// A packet made in the console is on sale to viewers at once; a price
// change applies to new purchases, and an existing subscription renews at
// the price it was bought at until the operator applies the new one.
func TestPacketOnSaleAndPriceChanges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := &clock{now: time.Unix(1_800_000_000, 0)}
		srv := apitest.NewWithOptions(t, db, app.Options{Now: c.Now})
		owner := srv.SignInStaff(t, ownerEmail, ownerPass)
		p := createPacket(t, db, owner, "Console Cinema", 25000)

		viewer := srv.SignIn(t, "shopper", "efir24", "shopper-pc")
		seen, ok := viewerPackets(t, srv, viewer)[p.ID]
		if !ok || seen.Name != "Console Cinema" {
			t.Fatalf("the viewer does not see the new packet: %+v", seen)
		}
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: viewer,
			Body: map[string]any{"packet_id": p.ID, "period_id": p.Periods[0].ID, "trial": false, "idempotency_key": "console-buy"}})
		must(t, res, http.StatusCreated)
		var sub struct {
			ID int64 `json:"id"`
		}
		res.JSON(t, &sub)

		// The price goes up: new purchases see it, the subscriber does not.
		path := fmt.Sprintf("/v2/operator/packets/%d/periods/%d", p.ID, p.Periods[0].ID)
		must(t, owner.Do(call("PATCH", path, map[string]any{"amount": 30000})), http.StatusOK).JSON(t, &p)
		if p.Periods[0].Amount != 30000 || p.Periods[0].Subscribers != 1 || p.Periods[0].OldPrice != 1 {
			t.Fatalf("after the change: %+v", p.Periods)
		}
		if got := viewerPackets(t, srv, viewer)[p.ID]; got.Price != 30000 {
			t.Fatalf("viewers see %+v", got)
		}
		cfg := config.Config{Addr: ":0", DataDir: t.TempDir(), PublicURL: "http://efir.test", OTPSender: "outbox"}
		charges := func() []int64 {
			t.Helper()
			var out []int64
			if err := store.Each(t.Context(), db, `SELECT amount FROM subscription_charges WHERE subscription_id = ? ORDER BY period_start`,
				[]any{sub.ID}, func(r store.Scanner) error {
					var a int64
					err := r.Scan(&a)
					out = append(out, a)
					return err
				}); err != nil {
				t.Fatal(err)
			}
			return out
		}
		renewAt := func(at time.Time) {
			t.Helper()
			if _, err := app.RenewOnce(context.Background(), cfg, db, at); err != nil {
				t.Fatal(err)
			}
		}
		var endAt int64
		end := func() time.Time {
			t.Helper()
			if err := store.Get(t.Context(), db, `SELECT end_at FROM subscriptions WHERE id = ?`, []any{sub.ID}, &endAt); err != nil {
				t.Fatal(err)
			}
			return time.Unix(endAt+60, 0)
		}
		renewAt(end())
		if got := charges(); len(got) != 2 || got[1] != 25000 {
			t.Fatalf("renewal after a price change charged %v, want the bought 25000", got)
		}

		// The operator applies the new price: the next renewal charges it.
		must(t, owner.Do(call("POST", path+"/apply_price", nil)), http.StatusOK).JSON(t, &p)
		if p.Periods[0].OldPrice != 0 {
			t.Fatalf("after apply: %+v", p.Periods)
		}
		renewAt(end())
		if got := charges(); len(got) != 3 || got[2] != 30000 {
			t.Fatalf("renewal after apply charged %v, want 30000", got)
		}
		var actions []string
		if err := store.Each(t.Context(), db, `SELECT action FROM audit_log WHERE object_type IN ('packet', 'packet_period') ORDER BY id`, nil,
			func(r store.Scanner) error {
				var a string
				err := r.Scan(&a)
				actions = append(actions, a)
				return err
			}); err != nil {
			t.Fatal(err)
		}
		if strings.Join(actions, ",") != "packet.create,packet_period.update,packet_period.apply_price" {
			t.Fatalf("audit: %v", actions)
		}

		// Off sale: viewers no longer see it.
		must(t, owner.Do(call("PATCH", fmt.Sprintf("/v2/operator/packets/%d", p.ID), map[string]any{"on_sale": false})), http.StatusOK)
		if _, ok := viewerPackets(t, srv, viewer)[p.ID]; ok {
			t.Fatal("a packet off sale is still offered")
		}
	})
}

// The editor's rules: relations only among the operator's own things,
// add-ons on base packets, bundles, a price before going on sale, the last
// price of a packet on sale kept.
func TestPacketEditorRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		owner := srv.SignInStaff(t, ownerEmail, ownerPass)
		var c choices
		owner.Do(call("GET", "/v2/operator/packet_choices", nil)).JSON(t, &c)

		var p packet
		must(t, owner.Do(call("POST", "/v2/operator/packets", map[string]any{"name": "Draft"})), http.StatusCreated).JSON(t, &p)
		if p.OnSale {
			t.Fatal("a packet without a price is on sale")
		}
		one := fmt.Sprintf("/v2/operator/packets/%d", p.ID)
		must(t, owner.Do(call("PATCH", one, map[string]any{"on_sale": true})), http.StatusBadRequest)
		must(t, owner.Do(call("PATCH", one, map[string]any{"name": " "})), http.StatusBadRequest)
		must(t, owner.Do(call("PATCH", one, map[string]any{"channel_ids": []int64{99999999}})), http.StatusBadRequest)
		must(t, owner.Do(call("PATCH", one, map[string]any{"include_ids": []int64{p.ID}})), http.StatusBadRequest)
		var addon int64
		for _, x := range c.Packets {
			if !x.IsBase {
				addon = x.ID
			}
		}
		must(t, owner.Do(call("PATCH", one, map[string]any{"addon_ids": []int64{addon}})), http.StatusBadRequest)
		must(t, owner.Do(call("PATCH", one, map[string]any{"is_base": true, "addon_ids": []int64{addon},
			"include_ids": []int64{addon}})), http.StatusOK).JSON(t, &p)
		if !p.IsBase || !p.IsBundle || len(p.AddonIDs) != 1 || len(p.IncludeIDs) != 1 {
			t.Fatalf("relations: %+v", p)
		}
		// Prices: a pay system of the operator only, one per length.
		periods := one + "/periods"
		must(t, owner.Do(call("POST", periods, map[string]any{"months": 1, "amount": 100, "paysystems": []string{"nope"}})), http.StatusBadRequest)
		must(t, owner.Do(call("POST", periods, map[string]any{"months": 0, "amount": 100})), http.StatusBadRequest)
		must(t, owner.Do(call("POST", periods, map[string]any{"months": 1, "amount": 100,
			"paysystems": []string{c.PaySystems[0].Shortname}})), http.StatusCreated).JSON(t, &p)
		must(t, owner.Do(call("POST", periods, map[string]any{"months": 1, "amount": 200})), http.StatusBadRequest)
		must(t, owner.Do(call("PATCH", one, map[string]any{"on_sale": true})), http.StatusOK)
		last := fmt.Sprintf("%s/%d", periods, p.Periods[0].ID)
		must(t, owner.Do(call("PATCH", last, map[string]any{"months": 3})), http.StatusBadRequest)
		must(t, owner.Do(call("DELETE", last, nil)), http.StatusBadRequest)
		must(t, owner.Do(call("POST", periods, map[string]any{"months": 3, "amount": 250})), http.StatusCreated)
		must(t, owner.Do(call("DELETE", last, nil)), http.StatusOK).JSON(t, &p)
		if len(p.Periods) != 1 || p.Periods[0].Months != 3 {
			t.Fatalf("after withdrawing: %+v", p.Periods)
		}
		var price int64
		if err := store.Get(t.Context(), db, `SELECT price FROM packets WHERE id = ?`, []any{p.ID}, &price); err != nil || price != 83 {
			t.Fatalf("the packet's own price %d %v, want its shortest option's a month", price, err)
		}
	})
}

// Another operator's packets are not found; another operator's staff do
// not reach the demo's packets.
func TestPacketsOfAnotherOperator(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		owner := srv.SignInStaff(t, ownerEmail, ownerPass)
		p := createPacket(t, db, owner, "Mine", 100)
		staffOf(t, db, 2, "alma-admin@alma.example", "admin")
		alma := srv.SignInStaff(t, "alma-admin@alma.example", staffPass)
		one := fmt.Sprintf("/v2/operator/packets/%d", p.ID)
		must(t, alma.Do(call("GET", one, nil)), http.StatusNotFound)
		must(t, alma.Do(call("PATCH", one, map[string]any{"name": "Theirs"})), http.StatusNotFound)
		must(t, alma.Do(call("POST", one+"/periods", map[string]any{"months": 2, "amount": 1})), http.StatusNotFound)
		must(t, alma.Do(call("POST", fmt.Sprintf("%s/periods/%d/apply_price", one, p.Periods[0].ID), nil)), http.StatusNotFound)
		// Nor can Alma's packets hold the demo's channels.
		var mine choices
		owner.Do(call("GET", "/v2/operator/packet_choices", nil)).JSON(t, &mine)
		must(t, alma.Do(call("POST", "/v2/operator/packets", map[string]any{"name": "X", "channel_ids": []int64{mine.Channels[0].ID}})),
			http.StatusBadRequest)
		var name string
		if err := store.Get(t.Context(), db, `SELECT name FROM packets WHERE id = ?`, []any{p.ID}, &name); err != nil || name != "Mine" {
			t.Fatalf("name %q %v", name, err)
		}
	})
}

// Who may call what: 401 without a session, 403 where the role lacks the
// permission, anything else allowed.
func TestPacketCallers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		staffOf(t, db, 1, "admin2@efir.example", "admin")
		as := map[string]*apitest.Staff{
			"owner":   srv.SignInStaff(t, ownerEmail, ownerPass),
			"admin":   srv.SignInStaff(t, "admin2@efir.example", staffPass),
			"support": srv.SignInStaff(t, supportEmail, staffPass),
			"content": srv.SignInStaff(t, editorEmail, staffPass),
			"finance": srv.SignInStaff(t, financeEmail, staffPass),
		}
		p := createPacket(t, db, as["owner"], "Perm", 100)
		one := fmt.Sprintf("/v2/operator/packets/%d", p.ID)
		per := fmt.Sprintf("%s/periods/%d", one, p.Periods[0].ID)
		const no, yes = false, true
		calls := []struct {
			method, path                     string
			body                             any
			admin, support, content, finance bool
		}{
			{"GET", "/v2/operator/packet_choices", nil, yes, yes, no, yes},
			{"GET", one, nil, yes, yes, no, yes},
			{"POST", "/v2/operator/packets", map[string]any{"name": "Perm 2"}, yes, no, no, no},
			{"PATCH", one, map[string]any{"description": "x"}, yes, no, no, no},
			{"POST", one + "/periods", map[string]any{"months": 2, "amount": 150}, yes, no, no, no},
			{"PATCH", per, map[string]any{"amount": 120}, yes, no, no, no},
			{"POST", per + "/apply_price", nil, yes, no, no, no},
			{"DELETE", one + "/periods/99999999", nil, yes, no, no, no},
			{"GET", "/v2/operator/paysystems", nil, yes, no, no, no},
			{"POST", "/v2/operator/paysystems", map[string]any{"shortname": "perm", "kind": "info", "title": "Perm"}, yes, no, no, no},
			{"PATCH", "/v2/operator/paysystems/office", map[string]any{"how_to_use": "x"}, yes, no, no, no},
			{"PATCH", "/v2/operator/paysystems", map[string]any{"order": []string{}}, yes, no, no, no},
			{"POST", "/v2/operator/gateway", map[string]any{"gateway": "sandbox"}, yes, no, no, no},
		}
		for _, c := range calls {
			if res := srv.Do(call(c.method, c.path, c.body)); res.Status != http.StatusUnauthorized {
				t.Errorf("%s %s without a session: %d", c.method, c.path, res.Status)
			}
			for who, want := range map[string]bool{"owner": true, "admin": c.admin, "support": c.support, "content": c.content, "finance": c.finance} {
				res := as[who].Do(call(c.method, c.path, c.body))
				switch {
				case want && (res.Status == http.StatusUnauthorized || res.Status == http.StatusForbidden):
					t.Errorf("%s %s as %s: %d %s, want allowed", c.method, c.path, who, res.Status, res.Body)
				case !want && res.Status != http.StatusForbidden:
					t.Errorf("%s %s as %s: %d, want 403", c.method, c.path, who, res.Status)
				}
			}
		}
	})
}
