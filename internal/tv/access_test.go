package tv

import (
	"slices"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestAccessRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		anon := f.channels(as{}, "/v2/channels/channel_list")
		for _, slug := range []string{"uhd", "hidden", "other"} {
			if _, ok := anon[slug]; ok {
				t.Errorf("anonymous sees %s", slug)
			}
		}
		if c := anon["free"]; !c.IsPurchased || !c.IsAvailable || c.AccessError != nil || c.AvailableArchivedDays != 7 {
			t.Errorf("free channel for anonymous: %+v", c)
		}
		if c := anon["upstream"]; !c.IsFree || !c.IsPurchased {
			t.Errorf("a channel of the free packet is free for everybody: %+v", c)
		}
		if c := anon["base"]; c.IsPurchased || c.IsAvailable || c.AccessError == nil || *c.AccessError == "" || c.AvailableArchivedDays != 0 {
			t.Errorf("base channel for anonymous: %+v", c)
		}
		if c := anon["base"]; c.ArchivedDays != 3 || !c.HasCatchup || c.Cover.Full == "" || c.RatingAge != "12+" {
			t.Errorf("base channel fields: %+v", c)
		}
		if c := anon["noarch"]; c.HasCatchup || c.ArchivedDays != 0 {
			t.Errorf("no archive: %+v", c)
		}
		if _, ok := f.channels(as{guest: true}, "/v2/channels/channel_list")["uhd"]; ok {
			t.Error("a guest sees the 4K channel")
		}

		base := f.channels(as{user: "base"}, "/v2/users/self/channel_list")
		if !base["base"].IsPurchased || !base["uhd"].IsPurchased || base["adult"].IsPurchased {
			t.Errorf("base user: base %v uhd %v adult %v", base["base"].IsPurchased, base["uhd"].IsPurchased, base["adult"].IsPurchased)
		}
		if base["adult"].AccessError == nil {
			t.Error("adult channel without access_error for a user without the packet")
		}
		if f.channels(as{user: "expired"}, "/v2/users/self/channel_list")["base"].IsPurchased {
			t.Error("an ended subscription still counts")
		}
		if f.channels(as{user: "future"}, "/v2/users/self/channel_list")["adult"].IsPurchased {
			t.Error("a subscription that has not started counts")
		}
		if !f.channels(as{user: "night"}, "/v2/users/self/channel_list")["adult"].IsPurchased {
			t.Error("night user lacks the adult channel")
		}

		child := f.channels(as{user: "base", child: true}, "/v2/users/self/channel_list")
		for slug, c := range child {
			if c.Age > 12 {
				t.Errorf("child profile sees %s (age %d)", slug, c.Age)
			}
		}
		if _, ok := child["free"]; !ok {
			t.Error("child profile lost the free kids channel")
		}

		if res := f.do(as{}, "GET", "/v2/users/self/channel_list", ""); res.status != 401 {
			t.Errorf("users/self/channel_list without a token: %d", res.status)
		}
		free := f.channels(as{}, "/v2/channels/free_list")
		if len(free) != 2 || free["free"].ID == 0 || free["upstream"].ID == 0 {
			t.Errorf("free_list: %v", free)
		}
	})
}

func TestChannelLookup(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for path, want := range map[string]int{
			"/v2/channels/base":                                      200,
			"/v2/channels/" + itoa(f.ch["base"]):                     200,
			"/v2/channels/" + itoa(f.ch["hidden"]):                   200, // opens, only not listed
			"/v2/channels/" + itoa(f.ch["other"]):                    404, // another operator's
			"/v2/channels/uhd":                                       404, // 4K for anonymous
			"/v2/channels/nope":                                      404,
			"/v2/channels/base/config":                               200,
			"/v2/channels/base/packets":                              200,
			"/v2/channels/" + itoa(f.ch["base"]) + "/logo.svg":       200,
			"/v2/channels/" + itoa(f.ch["base"]) + "/logo.svg?x=<b>": 200,
		} {
			if res := f.do(as{}, "GET", path, ""); res.status != want {
				t.Errorf("%s: %d, want %d (%s)", path, res.status, want, res.body)
			}
		}
		if res := f.do(as{user: "base", child: true}, "GET", "/v2/channels/teen", ""); res.status != 404 {
			t.Errorf("child opens a 16+ channel: %d", res.status)
		}
		var packets []packetJSON
		f.do(as{}, "GET", "/v2/channels/base/packets", "").decode(t, &packets)
		if len(packets) != 1 || packets[0].Name != "base" || packets[0].ChannelsCount != 4 {
			t.Errorf("packets: %+v", packets)
		}
	})
}

func TestCategoryVisibility(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		cats := func(who as) map[int64]categoryJSON {
			var list []categoryJSON
			f.do(who, "GET", "/v2/channels/category_list", "").decode(t, &list)
			out := map[int64]categoryJSON{}
			for _, k := range list {
				out[k.ID] = k
			}
			return out
		}
		anon := cats(as{})
		if _, ok := anon[7]; ok {
			t.Error("anonymous sees the 4K category (its only channel is 4K)")
		}
		if k, ok := anon[18]; !ok || !k.Tags.IsAdult {
			t.Errorf("adult category: %+v", k)
		}
		if k := anon[32]; !k.Tags.AllChannels || slices.Contains(k.Channels, f.ch["hidden"]) || slices.Contains(k.Channels, f.ch["uhd"]) {
			t.Errorf("all channels: %+v", k)
		}
		if _, ok := cats(as{user: "base"})[7]; !ok {
			t.Error("a signed-in user lost the 4K category")
		}
		child := cats(as{user: "base", child: true})
		if _, ok := child[18]; ok {
			t.Error("child sees the adult category")
		}
		if slices.Contains(child[32].Channels, f.ch["teen"]) {
			t.Error("child sees a 16+ channel in all channels")
		}
	})
}
