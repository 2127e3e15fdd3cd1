package tv

import (
	"strings"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// A logo shows the channel's name: it is found only where the channel is,
// for the viewer's provider and, for a child profile, not above 12.
func TestLogoFollowsChannelVisibility(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		logo := func(slug string) string { return "/v2/channels/" + itoa(f.ch[slug]) + "/logo.svg" }
		kid := as{user: "base", child: true}
		for _, c := range []struct {
			who  as
			slug string
			want int
		}{
			{as{}, "base", 200},
			{as{}, "hidden", 200}, // opens by id, as the channel does
			{as{}, "adult", 200},  // no session: no child rule
			{as{}, "other", 404},  // another operator's
			{as{user: "base"}, "other", 404},
			{as{user: "base"}, "teen", 200},
			{kid, "base", 200},
			{kid, "teen", 404},
			{kid, "adult", 404},
		} {
			res := f.do(c.who, "GET", logo(c.slug), "")
			if res.status != c.want {
				t.Errorf("%+v %s: %d, want %d", c.who, c.slug, res.status, c.want)
			}
			if c.want == 404 && strings.Contains(string(res.body), "Channel "+c.slug) {
				t.Errorf("%+v %s: the name in the answer", c.who, c.slug)
			}
		}
		if res := f.do(as{}, "GET", logo("base"), ""); !strings.Contains(string(res.body), ">Channel base<") {
			t.Errorf("logo: %s", res.body)
		}
	})
}
