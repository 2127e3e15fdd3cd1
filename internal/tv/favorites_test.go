package tv

import (
	"fmt"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestFavorites(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		me, other := as{user: "base"}, as{user: "night"}
		res := f.do(me, "POST", "/v2/users/self/favorites", fmt.Sprintf(`{"channel_id": %d}`, f.ch["free"]))
		if res.status != 201 {
			t.Fatalf("add: %d %s", res.status, res.body)
		}
		var fav favoriteJSON
		res.decode(t, &fav)
		if fav.Kind != "channel" || fav.ObjectID != f.ch["free"] || fav.CreatedAt == "" {
			t.Errorf("favourite %+v", fav)
		}
		// Again: the same entry.
		var again favoriteJSON
		f.do(me, "POST", "/v2/users/self/favorites", fmt.Sprintf(`{"channel_id": %d}`, f.ch["free"])).decode(t, &again)
		if again.ID != fav.ID {
			t.Errorf("second add made %d", again.ID)
		}
		if res := f.do(me, "POST", "/v2/users/self/favorites", `{"content_id": 555}`); res.status != 201 {
			t.Errorf("content favourite: %d", res.status)
		}
		if !f.channels(me, "/v2/users/self/channel_list")["free"].IsFavored {
			t.Error("is_favored not set")
		}
		var list []favoriteJSON
		f.do(me, "GET", "/v2/users/self/favorites?kind=channel", "").decode(t, &list)
		if len(list) != 1 || list[0].ID != fav.ID {
			t.Errorf("list %+v", list)
		}

		// Isolation: another user and another profile of the same user
		// neither see nor delete it.
		for _, who := range []as{other, {user: "base", profile: 2}} {
			var theirs []favoriteJSON
			f.do(who, "GET", "/v2/users/self/favorites", "").decode(t, &theirs)
			if len(theirs) != 0 {
				t.Errorf("%+v sees %+v", who, theirs)
			}
			if res := f.do(who, "DELETE", fmt.Sprintf("/v2/users/self/favorites/%d", fav.ID), ""); res.status != 404 {
				t.Errorf("%+v deletes another's favourite: %d", who, res.status)
			}
			if f.channels(who, "/v2/users/self/channel_list")["free"].IsFavored {
				t.Errorf("%+v: is_favored leaks", who)
			}
		}

		for _, c := range []struct {
			who  as
			body string
			want int
		}{
			{as{}, `{"channel_id": 1}`, 401},
			{as{guest: true}, fmt.Sprintf(`{"channel_id": %d}`, f.ch["free"]), 403},
			{me, `{}`, 400},
			{me, `{"channel_id": 1, "program_id": 2}`, 400},
			{me, `{"channel_id": -4}`, 400},
			{me, fmt.Sprintf(`{"channel_id": %d}`, f.ch["other"]), 404},
			{me, `{"program_id": 999999}`, 404},
			{me, `{"channel_id": "x"}`, 400},
		} {
			if res := f.do(c.who, "POST", "/v2/users/self/favorites", c.body); res.status != c.want {
				t.Errorf("%+v %s: %d, want %d (%s)", c.who, c.body, res.status, c.want, res.body)
			}
		}

		var gone map[string]int64
		res = f.do(me, "DELETE", fmt.Sprintf("/v2/users/self/favorites/%d", fav.ID), "")
		res.decode(t, &gone)
		if res.status != 200 || gone["object_id"] != f.ch["free"] {
			t.Errorf("delete: %d %s", res.status, res.body)
		}
		if res := f.do(me, "DELETE", fmt.Sprintf("/v2/users/self/favorites/%d", fav.ID), ""); res.status != 404 {
			t.Errorf("second delete: %d", res.status)
		}
		if res := f.do(as{guest: true}, "GET", "/v2/users/self/favorites", ""); res.status != 200 || string(res.body) != "[]\n" {
			t.Errorf("guest list: %d %s", res.status, res.body)
		}
	})
}
