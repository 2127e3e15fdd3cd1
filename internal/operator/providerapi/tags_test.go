package providerapi_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

type tag struct {
	ID          int64  `json:"id"`
	Shortname   string `json:"shortname"`
	Name        string `json:"name"`
	Description string `json:"description"`
}

type taggedUser struct {
	ID   int64 `json:"id"`
	Tags []struct {
		ID        int64  `json:"id"`
		TagID     int64  `json:"tag_id"`
		Shortname string `json:"shortname"`
	} `json:"tags"`
}

// Tags: made, checked, renamed, put on a subscriber once however often
// asked, read back with the subscriber (alone and in lists), taken off,
// removed from everybody with the tag; another operator's token sees none
// of them and cannot use them.
func TestProviderAPITags(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("crm", nil)
		alma := f.almaToken()

		var vip, district tag
		res := f.call("POST", "/v2/tags", token, map[string]any{"shortname": "VIP", "description": "Gold plan"})
		mustStatus(t, res, http.StatusCreated).JSON(t, &vip)
		if vip.Shortname != "vip" || vip.Name != "vip" || vip.Description != "Gold plan" {
			t.Fatalf("tag %+v", vip)
		}
		mustStatus(t, f.call("POST", "/v2/tags", token, map[string]any{"shortname": "district-7", "name": "Район 7"}),
			http.StatusCreated).JSON(t, &district)
		for _, bad := range []map[string]any{{}, {"shortname": ""}, {"shortname": "-x"}, {"shortname": "a b"},
			{"shortname": "vip"}, {"shortname": "ok", "name": string(make([]rune, 101))}} {
			mustStatus(t, f.call("POST", "/v2/tags", token, bad), http.StatusBadRequest)
		}
		var renamed tag
		mustStatus(t, f.call("PATCH", "/v2/tags/"+itoa(vip.ID), token, map[string]any{"name": "VIP clients"}),
			http.StatusOK).JSON(t, &renamed)
		if renamed.Name != "VIP clients" || renamed.Shortname != "vip" {
			t.Fatalf("renamed %+v", renamed)
		}
		mustStatus(t, f.call("PATCH", "/v2/tags/"+itoa(vip.ID), token, map[string]any{"shortname": "district-7"}),
			http.StatusBadRequest)
		var list []tag
		f.call("GET", "/v2/tags", token, nil).JSON(t, &list)
		if len(list) != 2 || list[0].Shortname != "district-7" || list[1].Shortname != "vip" {
			t.Fatalf("tags %+v", list)
		}

		// Another operator sees none of them, changes none, uses none.
		f.call("GET", "/v2/tags", alma, nil).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("Alma sees %+v", list)
		}
		mustStatus(t, f.call("GET", "/v2/tags/"+itoa(vip.ID), alma, nil), http.StatusNotFound)
		mustStatus(t, f.call("PATCH", "/v2/tags/"+itoa(vip.ID), alma, map[string]any{"name": "x"}), http.StatusNotFound)
		mustStatus(t, f.call("DELETE", "/v2/tags/"+itoa(vip.ID), alma, nil), http.StatusNotFound)

		shopper := f.userID("shopper")
		user := "/v2/users/" + itoa(shopper)
		var u taggedUser
		mustStatus(t, f.call("POST", user+"/tags", token, map[string]any{"tag_id": vip.ID}), http.StatusCreated).JSON(t, &u)
		if len(u.Tags) != 1 || u.Tags[0].TagID != vip.ID || u.Tags[0].Shortname != "vip" {
			t.Fatalf("tagged %+v", u)
		}
		mustStatus(t, f.call("POST", user+"/tags", token, map[string]any{"tag_id": vip.ID}), http.StatusOK)
		mustStatus(t, f.call("POST", user+"/tags", token, map[string]any{"tag_id": district.ID}), http.StatusCreated)
		mustStatus(t, f.call("POST", user+"/tags", token, map[string]any{"tag_id": 999999}), http.StatusBadRequest)
		mustStatus(t, f.call("POST", user+"/tags", token, map[string]any{}), http.StatusBadRequest)
		f.call("GET", user, token, nil).JSON(t, &u)
		if len(u.Tags) != 2 || u.Tags[0].Shortname != "district-7" {
			t.Fatalf("read back %+v", u)
		}
		var users []taggedUser
		f.call("GET", "/v2/users?username=shopper", token, nil).JSON(t, &users)
		if len(users) != 1 || len(users[0].Tags) != 2 {
			t.Fatalf("in the list %+v", users)
		}

		// Taking one off: only by its link, only on its subscriber.
		link := u.Tags[1].ID
		mustStatus(t, f.call("DELETE", "/v2/users/"+itoa(f.userID("demo"))+"/tags/"+itoa(link), token, nil), http.StatusNotFound)
		mustStatus(t, f.call("DELETE", user+"/tags/"+itoa(link), token, nil), http.StatusOK).JSON(t, &u)
		if len(u.Tags) != 1 || u.Tags[0].TagID != district.ID {
			t.Fatalf("after untag %+v", u)
		}
		mustStatus(t, f.call("DELETE", user+"/tags/"+itoa(link), token, nil), http.StatusNotFound)

		// Removing a tag takes it off everybody.
		mustStatus(t, f.call("DELETE", "/v2/tags/"+itoa(district.ID), token, nil), http.StatusNoContent)
		f.call("GET", user, token, nil).JSON(t, &u)
		if len(u.Tags) != 0 {
			t.Fatalf("a removed tag stays %+v", u)
		}
		got := auditActions(t, db, "crm")
		want := map[string]int{"tag.create": 2, "tag.update": 1, "subscriber.tag": 2, "subscriber.untag": 1, "tag.delete": 1}
		for _, a := range got {
			want[a]--
		}
		for a, n := range want {
			if n != 0 {
				t.Fatalf("audit %v: %s off by %d", got, a, n)
			}
		}
	})
}

// Moving a subscriber to another operator is refused, and says why; a
// subscriber of another operator is not found.
func TestProviderAPIChangeProviderRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("crm", nil)
		shopper := itoa(f.userID("shopper"))
		res := f.call("PUT", "/v2/users/"+shopper+"/change_provider/2", token, nil)
		if res.Status != http.StatusForbidden || res.ErrorType() != "permission_denied" {
			t.Fatalf("change_provider: %d %s", res.Status, res.Body)
		}
		mustStatus(t, f.call("PUT", "/v2/users/"+shopper+"/change_provider/2", f.almaToken(), nil), http.StatusNotFound)
		var provider int64
		if err := store.Get(t.Context(), db, `SELECT provider_id FROM users WHERE username = 'shopper'`, nil, &provider); err != nil || provider != 1 {
			t.Fatalf("the subscriber moved: %d %v", provider, err)
		}
	})
}

// The user list's filters kept by other areas: tags (ids or shortnames),
// subscriptions to packets and the time they gave them; all_providers is
// refused.
func TestProviderAPIUserFilters(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("crm", nil)
		var vip tag
		mustStatus(t, f.call("POST", "/v2/tags", token, map[string]any{"shortname": "vip"}), http.StatusCreated).JSON(t, &vip)
		shopper := f.userID("shopper")
		mustStatus(t, f.call("POST", "/v2/users/"+itoa(shopper)+"/tags", token, map[string]any{"tag_id": vip.ID}), http.StatusCreated)
		now := f.clock.Now()
		mustStatus(t, f.call("POST", "/v2/users/"+itoa(shopper)+"/subscriptions", token,
			[]map[string]any{{"packet_id": 8, "end_at": now.Add(30 * 24 * time.Hour).Unix()}}), http.StatusCreated)

		ids := func(query string) []int64 {
			t.Helper()
			var list []taggedUser
			mustStatus(t, f.call("GET", "/v2/users?limit=1000&"+query, token, nil), http.StatusOK).JSON(t, &list)
			out := []int64{}
			for _, u := range list {
				out = append(out, u.ID)
			}
			return out
		}
		only := func(query string) {
			t.Helper()
			if got := ids(query); len(got) != 1 || got[0] != shopper {
				t.Fatalf("%s: %v, want only %d", query, got, shopper)
			}
		}
		none := func(query string) {
			t.Helper()
			if got := ids(query); len(got) != 0 {
				t.Fatalf("%s: %v, want none", query, got)
			}
		}
		only("tags=vip")
		only("tags=" + itoa(vip.ID) + ",nobody")
		none("tags=nobody")
		none("tags=999999")
		if all := ids(""); len(all) < 2 {
			t.Fatalf("the whole list %v", all)
		}
		// Packet 8's holders: the shopper's grant and the demo's own; the tag
		// narrows them to the shopper.
		var holders int
		if err := store.Get(t.Context(), db, `SELECT COUNT(DISTINCT user_id) FROM subscriptions WHERE packet_id = 8`, nil,
			&holders); err != nil {
			t.Fatal(err)
		}
		if got := ids("subscriptions=8"); len(got) != holders || !slices.Contains(got, shopper) {
			t.Fatalf("subscriptions=8: %v, want %d holders with %d", got, holders, shopper)
		}
		only("subscriptions=8&tags=vip")
		only("subscriptions=8,3&tags=vip&date_from=" + now.Add(24*time.Hour).UTC().Format(time.RFC3339))
		none("subscriptions=8&tags=vip&date_from=" + itoa(now.Add(60*24*time.Hour).Unix()))
		none("subscriptions=8&tags=vip&date_to=" + itoa(now.Add(-time.Hour).Unix()))
		only("tags=vip&date_to=" + itoa(now.Add(time.Hour).Unix()))
		mustStatus(t, f.call("GET", "/v2/users?subscriptions=basic", token, nil), http.StatusBadRequest)
		mustStatus(t, f.call("GET", "/v2/users?date_from=yesterday", token, nil), http.StatusBadRequest)
		mustStatus(t, f.call("GET", "/v2/users?all_providers=true", token, nil), http.StatusBadRequest)
		// Another operator's token finds nobody by this operator's tag.
		var alma []taggedUser
		mustStatus(t, f.call("GET", "/v2/users?tags=vip", f.almaToken(), nil), http.StatusOK).JSON(t, &alma)
		if len(alma) != 0 {
			t.Fatalf("Alma finds %+v", alma)
		}
	})
}
