package providerapi_test

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// count is a number the database gives.
func count(t *testing.T, db *store.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := store.Get(t.Context(), db, query, args, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A device read alone; blocking (DELETE of a user) and archiving, each
// once in the audit log however often it is asked.
func TestProviderAPIBlockAndArchive(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("CRM", nil)
		res := f.call("POST", "/v2/users", token, map[string]any{"username": "leaver", "password": "secret42"})
		mustStatus(t, res, http.StatusCreated)
		var u user
		res.JSON(t, &u)
		base := "/v2/users/" + itoa(u.ID)
		f.srv.SignIn(t, "leaver", "secret42", "tv-leaver")

		var devices []struct {
			ID     int64  `json:"id"`
			Serial string `json:"serial"`
			UserID int64  `json:"user_id"`
		}
		f.call("GET", base+"/devices", token, nil).JSON(t, &devices)
		if len(devices) != 1 {
			t.Fatalf("devices %+v", devices)
		}
		var device struct {
			ID     int64  `json:"id"`
			Serial string `json:"serial"`
			UserID int64  `json:"user_id"`
		}
		res = f.call("GET", base+"/devices/"+itoa(devices[0].ID), token, nil)
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &device)
		if device.ID != devices[0].ID || device.Serial != "tv-leaver" || device.UserID != u.ID {
			t.Fatalf("device %+v", device)
		}
		demoDevices := count(t, db, "SELECT COUNT(*) FROM devices WHERE user_id = ?", f.userID("demo"))
		if demoDevices > 0 {
			var id int64
			if err := store.Get(t.Context(), db, "SELECT MIN(id) FROM devices WHERE user_id = ?", []any{f.userID("demo")}, &id); err != nil {
				t.Fatal(err)
			}
			// Another subscriber's device is not this one's.
			mustStatus(t, f.call("GET", base+"/devices/"+itoa(id), token, nil), http.StatusNotFound)
		}

		mustStatus(t, f.call("DELETE", base, token, nil), http.StatusNoContent)
		mustStatus(t, f.call("DELETE", base, token, nil), http.StatusNoContent)
		login := f.srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "leaver", "password": "secret42"}})
		mustStatus(t, login, http.StatusForbidden)
		f.call("GET", base, token, nil).JSON(t, &u)
		if u.IsActive {
			t.Fatal("a blocked subscriber is active")
		}
		// Blocked, the subscriber keeps the device; archived, it goes, and
		// the subscriptions end.
		mustStatus(t, f.call("PATCH", base, token, map[string]any{"is_active": true}), http.StatusOK)
		mustStatus(t, f.call("POST", base+"/subscriptions", token, map[string]any{"packet_id": 3,
			"end_at": f.clock.Now().Add(30 * 24 * time.Hour).Unix()}), http.StatusCreated)
		mustStatus(t, f.call("DELETE", base+"/archive", token, nil), http.StatusNoContent)
		mustStatus(t, f.call("DELETE", base+"/archive", token, nil), http.StatusNoContent)
		if n := count(t, db, "SELECT COUNT(*) FROM devices WHERE user_id = ?", u.ID); n != 0 {
			t.Fatalf("%d devices left", n)
		}
		var current []subscription
		f.call("GET", base+"/subscriptions/current", token, nil).JSON(t, &current)
		if len(current) != 0 {
			t.Fatalf("current after the archive %+v", current)
		}
		mustStatus(t, f.srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login",
			Body: map[string]string{"login": "leaver", "password": "secret42"}}), http.StatusForbidden)
		want := "subscriber.create,subscriber.block,subscriber.update,subscription.grant,subscriber.archive"
		if got := strings.Join(auditActions(t, db, "CRM"), ","); got != want {
			t.Fatalf("audit %s", got)
		}
		var after string
		if err := store.Get(t.Context(), db, `SELECT after_json FROM audit_log WHERE action = 'subscriber.archive'`, nil, &after); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(after, `"devices_removed":[`+itoa(devices[0].ID)+`]`) || !strings.Contains(after, "subscriptions_ended") {
			t.Fatalf("archive audit %s", after)
		}
	})
}

type pause struct {
	ID             int64   `json:"id"`
	SubscriptionID int64   `json:"subscription_id"`
	StartAt        string  `json:"start_at"`
	EndAt          *string `json:"end_at"`
}

// A subscription read alone, its renewal, and its pauses: one at a time,
// the end moved later by the time it stood.
func TestProviderAPISubscriptionPauses(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("billing", nil)
		base := "/v2/users/" + itoa(f.userID("shopper"))
		month := f.clock.Now().Add(30 * 24 * time.Hour)
		var granted []subscription
		res := f.call("POST", base+"/subscriptions", token, []map[string]any{{"packet_id": 3, "end_at": month.Unix()},
			{"packet_id": 8, "end_at": month.Unix()}})
		mustStatus(t, res, http.StatusCreated)
		res.JSON(t, &granted)
		sub := base + "/subscriptions/" + itoa(granted[0].ID)

		var one subscription
		f.call("GET", sub, token, nil).JSON(t, &one)
		if one.ID != granted[0].ID || one.Packet.ID != 3 || one.Type != "grant" {
			t.Fatalf("subscription %+v", one)
		}
		mustStatus(t, f.call("GET", base+"/subscriptions/999999", token, nil), http.StatusNotFound)
		mustStatus(t, f.call("PATCH", sub, token, map[string]any{"end_at": month.Unix()}), http.StatusBadRequest)
		mustStatus(t, f.call("PATCH", sub, token, map[string]any{}), http.StatusBadRequest)
		mustStatus(t, f.call("PATCH", sub, token, map[string]any{"renew": true}), http.StatusConflict) // a grant has no price
		mustStatus(t, f.call("PATCH", sub, token, map[string]any{"renew": false}), http.StatusOK)

		res = f.call("POST", sub+"/pauses", token, nil)
		mustStatus(t, res, http.StatusCreated)
		var p pause
		res.JSON(t, &p)
		if p.ID != granted[0].ID || p.SubscriptionID != granted[0].ID || p.EndAt != nil ||
			p.StartAt != f.clock.Now().UTC().Format(time.RFC3339) {
			t.Fatalf("pause %+v", p)
		}
		mustStatus(t, f.call("POST", sub+"/pauses", token, nil), http.StatusConflict)
		var pauses []pause
		f.call("GET", sub+"/pauses", token, nil).JSON(t, &pauses)
		if len(pauses) != 1 {
			t.Fatalf("pauses of the subscription %+v", pauses)
		}
		f.call("GET", base+"/pauses", token, nil).JSON(t, &pauses)
		if len(pauses) != 1 || pauses[0].ID != p.ID {
			t.Fatalf("pauses %+v", pauses)
		}
		var current []subscription
		f.call("GET", base+"/subscriptions/current", token, nil).JSON(t, &current)
		if len(current) != 2 {
			t.Fatalf("current %+v", current)
		}

		f.clock.Add(24 * time.Hour)
		mustStatus(t, f.call("DELETE", sub+"/pauses/"+itoa(granted[1].ID), token, nil), http.StatusNotFound)
		mustStatus(t, f.call("DELETE", sub+"/pauses/"+itoa(p.ID), token, nil), http.StatusNoContent)
		mustStatus(t, f.call("DELETE", sub+"/pauses/"+itoa(p.ID), token, nil), http.StatusNotFound)
		f.call("GET", sub, token, nil).JSON(t, &one)
		if one.IsPaused || one.EndAt != month.Add(24*time.Hour).UTC().Format(time.RFC3339) {
			t.Fatalf("resumed %+v", one)
		}

		// Every running subscription at once, and back.
		res = f.call("POST", base+"/pauses", token, nil)
		mustStatus(t, res, http.StatusCreated)
		res.JSON(t, &pauses)
		if len(pauses) < 2 {
			t.Fatalf("paused all: %+v", pauses)
		}
		mustStatus(t, f.call("DELETE", base+"/pauses/delete", token, nil), http.StatusNoContent)
		f.call("GET", base+"/pauses", token, nil).JSON(t, &pauses)
		if len(pauses) != 0 {
			t.Fatalf("pauses left %+v", pauses)
		}
		got := strings.Join(auditActions(t, db, "billing"), ",")
		if !strings.HasPrefix(got, "subscription.grant,subscription.grant,subscription.pause,subscription.resume,subscription.pause,") ||
			strings.Count(got, "subscription.pause") != strings.Count(got, "subscription.resume") {
			t.Fatalf("audit %s", got)
		}
	})
}

type userPromoKey struct {
	PromoKey struct {
		ID       int64  `json:"id"`
		Key      string `json:"key"`
		IsActive bool   `json:"is_active"`
	} `json:"promo_key"`
	Title  string `json:"title"`
	Result struct {
		Type      string  `json:"type"`
		Days      int     `json:"days"`
		PacketIDs []int64 `json:"packet_ids"`
		Amount    string  `json:"amount"`
	} `json:"result"`
}

// Promo keys used for a subscriber as the viewer would, listed, and
// deactivated for everybody.
func TestProviderAPIPromoKeys(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("CRM", nil)
		base := "/v2/users/" + itoa(f.userID("shopper"))
		res := f.call("POST", base+"/promokeys", token, map[string]any{"key": "efir30"})
		mustStatus(t, res, http.StatusCreated)
		var used userPromoKey
		res.JSON(t, &used)
		if used.PromoKey.Key != "EFIR30" || !used.PromoKey.IsActive || used.Result.Type != "days" || used.Result.Days != 30 ||
			len(used.Result.PacketIDs) != 1 || used.Title == "" {
			t.Fatalf("used %+v", used)
		}
		mustStatus(t, f.call("POST", base+"/promokeys", token, map[string]any{"key": "EFIR30"}), http.StatusConflict)
		mustStatus(t, f.call("POST", base+"/promokeys", token, map[string]any{"key": "USED2025"}), http.StatusConflict)
		mustStatus(t, f.call("POST", base+"/promokeys", token, map[string]any{"key": "NOSUCH"}), http.StatusNotFound)
		mustStatus(t, f.call("POST", base+"/promokeys", token, map[string]any{"key": ""}), http.StatusBadRequest)
		mustStatus(t, f.call("POST", base+"/promokeys", token, map[string]any{"key": strings.Repeat("A", 16)}), http.StatusBadRequest)

		var gift int64
		if err := store.Get(t.Context(), db, "SELECT id FROM promo_keys WHERE key_text = 'GIFT500' AND provider_id = 1", nil, &gift); err != nil {
			t.Fatal(err)
		}
		mustStatus(t, f.call("DELETE", "/v2/promokeys/"+itoa(gift), f.almaToken(), nil), http.StatusNotFound)
		mustStatus(t, f.call("DELETE", "/v2/promokeys/"+itoa(gift), token, nil), http.StatusNoContent)
		mustStatus(t, f.call("DELETE", "/v2/promokeys/"+itoa(gift), token, nil), http.StatusNoContent)
		mustStatus(t, f.call("POST", base+"/promokeys", token, map[string]any{"key": "GIFT500"}), http.StatusConflict)

		var list []userPromoKey
		f.call("GET", base+"/promokeys", token, nil).JSON(t, &list)
		if len(list) != 1 || list[0].PromoKey.Key != "EFIR30" {
			t.Fatalf("used keys %+v", list)
		}
		if got := strings.Join(auditActions(t, db, "CRM"), ","); got != "promo.redeem,promo_key.deactivate" {
			t.Fatalf("audit %s", got)
		}
	})
}

type entityLicence struct {
	ID          int64   `json:"id"`
	PurchasedAt string  `json:"purchased_at"`
	DTRStatus   bool    `json:"dtr_status"`
	ContentID   int64   `json:"content_id"`
	Type        string  `json:"type"`
	EndAt       *string `json:"end_at"`
}

// Film licences granted free of charge (once), listed and ended.
func TestProviderAPIEntityLicences(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("CRM", nil)
		base := "/v2/users/" + itoa(f.userID("shopper"))
		offer := func(provider int64, kind string, hours int) int64 {
			id, err := store.InsertID(t.Context(), db, `INSERT INTO content_offers (provider_id, content_id, kind, amount, currency,
				rental_hours) VALUES (?, 4242, ?, 19900, 'RUB', ?) RETURNING id`, provider, kind, hours)
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		rent, buy, alma := offer(1, "rent", 48), offer(1, "buy", 0), offer(2, "buy", 0)
		balance := count(t, db, "SELECT COUNT(*) FROM ledger_entries WHERE user_id = ?", f.userID("shopper"))

		var list []entityLicence
		res := f.call("POST", base+"/entity_licenses", token, map[string]any{"entity_license_id": rent})
		mustStatus(t, res, http.StatusCreated)
		res.JSON(t, &list)
		if len(list) != 1 || list[0].ID != rent || list[0].DTRStatus || list[0].Type != "rent" || list[0].EndAt == nil {
			t.Fatalf("granted %+v", list)
		}
		mustStatus(t, f.call("POST", base+"/entity_licenses", token, map[string]any{"entity_license_id": rent}), http.StatusCreated)
		res = f.srv.DoProvider(apitest.Request{Method: "POST", Path: "/provider-api" + base + "/entity_licenses?token=" + token,
			Form: true, Body: map[string]string{"entity_license_id": itoa(buy)}})
		mustStatus(t, res, http.StatusCreated)
		res.JSON(t, &list)
		if len(list) != 2 || list[0].ID != buy || !list[0].DTRStatus || list[0].EndAt != nil {
			t.Fatalf("licences %+v", list)
		}
		mustStatus(t, f.call("POST", base+"/entity_licenses", token, map[string]any{"entity_license_id": alma}), http.StatusNotFound)
		mustStatus(t, f.call("POST", base+"/entity_licenses", token, map[string]any{}), http.StatusBadRequest)

		var ended entityLicence
		res = f.call("DELETE", base+"/entity_licenses/"+itoa(rent), token, nil)
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &ended)
		if ended.ID != rent {
			t.Fatalf("ended %+v", ended)
		}
		mustStatus(t, f.call("DELETE", base+"/entity_licenses/"+itoa(rent), token, nil), http.StatusNotFound)
		f.call("GET", base+"/entity_licenses", token, nil).JSON(t, &list)
		if len(list) != 1 || list[0].ID != buy {
			t.Fatalf("left %+v", list)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM ledger_entries WHERE user_id = ?", f.userID("shopper")); n != balance {
			t.Fatal("a granted licence was charged")
		}
		if got := strings.Join(auditActions(t, db, "CRM"), ","); got != "licence.grant,licence.grant,licence.end" {
			t.Fatalf("audit %s", got)
		}
	})
}

type message struct {
	ID        int64          `json:"id"`
	Title     string         `json:"title"`
	Text      string         `json:"text"`
	Icon      *string        `json:"icon"`
	Params    map[string]any `json:"params"`
	IsRemoved bool           `json:"is_removed"`
}

// Messages sent to a subscriber show in the apps; taken away, they stay
// readable here.
func TestProviderAPIMessages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("CRM", nil)
		base := "/v2/users/" + itoa(f.userID("shopper"))
		res := f.call("POST", base+"/messages", token, map[string]any{"title": "Оплата", "text": "Спасибо за оплату!"})
		mustStatus(t, res, http.StatusCreated)
		var m message
		res.JSON(t, &m)
		if m.Title != "Оплата" || m.Text != "Спасибо за оплату!" || m.Icon != nil || m.IsRemoved {
			t.Fatalf("message %+v", m)
		}
		viewer := f.srv.SignIn(t, "shopper", "efir24", "tv-shopper")
		var seen []struct {
			ID int64 `json:"id"`
		}
		f.srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/messages", Token: viewer}).JSON(t, &seen)
		if len(seen) == 0 || seen[0].ID != m.ID {
			t.Fatalf("the viewer sees %+v", seen)
		}
		var list []message
		f.call("GET", base+"/messages?limit=1", token, nil).JSON(t, &list)
		if len(list) != 1 || list[0].ID != m.ID {
			t.Fatalf("messages %+v", list)
		}
		mustStatus(t, f.call("GET", base+"/messages/"+itoa(m.ID), token, nil), http.StatusOK)
		mustStatus(t, f.call("DELETE", base+"/messages/"+itoa(m.ID), token, nil), http.StatusOK)
		mustStatus(t, f.call("DELETE", base+"/messages/"+itoa(m.ID), token, nil), http.StatusOK)
		f.call("GET", base+"/messages/"+itoa(m.ID), token, nil).JSON(t, &m)
		if !m.IsRemoved {
			t.Fatal("a removed message is not marked")
		}
		f.call("GET", base+"/messages", token, nil).JSON(t, &list)
		for _, x := range list {
			if x.ID == m.ID {
				t.Fatal("a removed message is listed")
			}
		}
		for _, body := range []map[string]any{{"title": "x"}, {"text": strings.Repeat("я", 2001)},
			{"text": "x", "title": strings.Repeat("я", 201)}} {
			mustStatus(t, f.call("POST", base+"/messages", token, body), http.StatusBadRequest)
		}
		mustStatus(t, f.call("GET", base+"/messages?limit=0", token, nil), http.StatusBadRequest)
		if got := strings.Join(auditActions(t, db, "CRM"), ","); got != "message.send,message.remove" {
			t.Fatalf("audit %s", got)
		}
	})
}

// The operator's line-up and single packets with their purchases.
func TestProviderAPIChannelsAndPackets(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("CRM", nil)
		type channel struct {
			ID        int64   `json:"id"`
			Name      string  `json:"name"`
			Num       int     `json:"num"`
			Icon      string  `json:"icon"`
			IsHidden  bool    `json:"is_hidden"`
			PacketIDs []int64 `json:"packet_ids"`
		}
		var all []channel
		f.call("GET", "/v2/channels?limit=100", token, nil).JSON(t, &all)
		if n := count(t, db, "SELECT COUNT(*) FROM channels WHERE provider_id = 1"); len(all) != min(n, 100) || n == 0 {
			t.Fatalf("%d channels of %d", len(all), n)
		}
		carried := false
		for i, c := range all {
			if i > 0 && c.Num < all[i-1].Num || c.Icon == "" {
				t.Fatalf("channel %+v", c)
			}
			carried = carried || len(c.PacketIDs) > 0
		}
		if !carried {
			t.Fatal("no channel is in a packet")
		}
		var page []channel
		f.call("GET", "/v2/channels?limit=1&offset=1", token, nil).JSON(t, &page)
		if len(page) != 1 || page[0].ID != all[1].ID {
			t.Fatalf("page %+v", page)
		}
		name := []rune(all[1].Name)
		f.call("GET", "/v2/channels?search="+url.QueryEscape(strings.ToUpper(string(name[1:]))), token, nil).JSON(t, &page)
		if len(page) == 0 || !slices.ContainsFunc(page, func(c channel) bool { return c.ID == all[1].ID }) {
			t.Fatalf("search %q found %+v", string(name[1:]), page)
		}
		var one channel
		f.call("GET", "/v2/channels/"+itoa(all[0].ID), token, nil).JSON(t, &one)
		if one.ID != all[0].ID || one.Name != all[0].Name {
			t.Fatalf("channel %+v", one)
		}
		mustStatus(t, f.call("GET", "/v2/channels/"+itoa(all[0].ID), f.almaToken(), nil), http.StatusNotFound)
		mustStatus(t, f.call("GET", "/v2/channels?limit=0", token, nil), http.StatusBadRequest)

		var packet struct {
			ID    int64  `json:"id"`
			Price string `json:"price"`
		}
		f.call("GET", "/v2/packets/2", token, nil).JSON(t, &packet)
		if packet.ID != 2 || packet.Price != "299.00" {
			t.Fatalf("packet %+v", packet)
		}
		var purchases []struct {
			ID     int64  `json:"id"`
			Amount string `json:"amount"`
		}
		f.call("GET", "/v2/packets/2/purchases", token, nil).JSON(t, &purchases)
		if len(purchases) != 4 || purchases[0].Amount != "299.00" {
			t.Fatalf("purchases %+v", purchases)
		}
		mustStatus(t, f.call("GET", "/v2/packets/999", token, nil), http.StatusNotFound)
		mustStatus(t, f.call("GET", "/v2/packets/999/purchases", token, nil), http.StatusNotFound)
	})
}

// Another operator's token reaches none of the demo operator's subscribers
// through the new paths, and changes nothing.
func TestProviderAPIRestIsolation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		alma := f.almaToken()
		demo := "/v2/users/" + itoa(f.userID("demo"))
		var sub, account, device int64
		if err := store.Get(t.Context(), db, "SELECT MIN(id) FROM subscriptions WHERE user_id = ?", []any{f.userID("demo")}, &sub); err != nil {
			t.Fatal(err)
		}
		if err := store.Get(t.Context(), db, "SELECT MIN(id) FROM accounts WHERE user_id = ?", []any{f.userID("demo")}, &account); err != nil {
			t.Fatal(err)
		}
		_ = store.Get(t.Context(), db, "SELECT COALESCE(MIN(id), 1) FROM devices WHERE user_id = ?", []any{f.userID("demo")}, &device)
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{"DELETE", demo, nil},
			{"DELETE", demo + "/archive", nil},
			{"GET", demo + "/devices/" + itoa(device), nil},
			{"GET", demo + "/subscriptions/current", nil},
			{"GET", demo + "/subscriptions/" + itoa(sub), nil},
			{"PATCH", demo + "/subscriptions/" + itoa(sub), map[string]any{"renew": false}},
			{"GET", demo + "/pauses", nil},
			{"POST", demo + "/pauses", nil},
			{"DELETE", demo + "/pauses/delete", nil},
			{"GET", demo + "/subscriptions/" + itoa(sub) + "/pauses", nil},
			{"POST", demo + "/subscriptions/" + itoa(sub) + "/pauses", nil},
			{"DELETE", demo + "/subscriptions/" + itoa(sub) + "/pauses/" + itoa(sub), nil},
			{"POST", demo + "/accounts", nil},
			{"POST", demo + "/accounts/" + itoa(account) + "/transactions", map[string]any{"amount": "1", "idempotency_key": "a"}},
			{"GET", demo + "/promokeys", nil},
			{"POST", demo + "/promokeys", map[string]any{"key": "EFIR30"}},
			{"GET", demo + "/entity_licenses", nil},
			{"POST", demo + "/entity_licenses", map[string]any{"entity_license_id": 1}},
			{"DELETE", demo + "/entity_licenses/1", nil},
			{"GET", demo + "/messages", nil},
			{"POST", demo + "/messages", map[string]any{"text": "x"}},
			{"GET", demo + "/messages/1", nil},
			{"DELETE", demo + "/messages/1", nil},
			{"GET", "/v2/packets/2", nil},
			{"GET", "/v2/packets/2/purchases", nil},
		} {
			if res := f.call(c.method, c.path, alma, c.body); res.Status != http.StatusNotFound {
				t.Errorf("%s %s with another operator's token: %d %s", c.method, c.path, res.Status, res.Body)
			}
		}
		if n := count(t, db, "SELECT COUNT(*) FROM audit_log WHERE actor_kind = 'api'"); n != 0 {
			t.Fatalf("%d changes audited", n)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM users WHERE username = 'demo' AND blocked_at > 0"); n != 0 {
			t.Fatal("the demo subscriber was blocked")
		}
	})
}
