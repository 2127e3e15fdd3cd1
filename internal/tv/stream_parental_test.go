package tv

import (
	"context"
	"fmt"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// TestStreamParentalProof: an 18+ channel, and an 18+ programme in another
// channel's catch-up, are streamed only when the PIN's proof holds; nothing
// below 18 asks for it.
func TestStreamParentalProof(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		hour := f.now - f.now%3600
		adultProg := hour - 30*3600
		if _, err := db.Exec(context.Background(), "UPDATE schedule SET age = 18 WHERE channel_id = ? AND start_at = ?",
			f.ch["base"], adultProg); err != nil {
			t.Fatal(err)
		}
		f.svc.cache.Invalidate()
		f.parental.locked = map[string]bool{actionChannel: true, actionProgram: true}
		for _, c := range []struct {
			name, slug, q string
			want          int
		}{
			{"18+ channel without proof", "adult", "", 403},
			{"18+ programme in catch-up without proof", "base", fmt.Sprintf("?ts=%d", adultProg+60), 403},
			{"16+ programme asks nothing", "base", fmt.Sprintf("?ts=%d", hour-25*3600+60), 200},
			{"live base channel asks nothing", "base", "", 200},
		} {
			who := as{user: "base"}
			if c.slug == "adult" {
				who = as{user: "night"}
			}
			res, _ := f.stream(who, c.slug, c.q)
			if res.status != c.want || (c.want == 403 && res.errorType() != "parental_code_required") {
				t.Errorf("%s: %d %s, want %d", c.name, res.status, res.body, c.want)
			}
		}
		// With the proof (the device does not protect them, or a pass holds).
		f.parental.locked = map[string]bool{}
		if res, _ := f.stream(as{user: "night"}, "adult", ""); res.status != 200 {
			t.Errorf("18+ channel with proof: %d %s", res.status, res.body)
		}
		if res, _ := f.stream(as{user: "base"}, "base", fmt.Sprintf("?ts=%d", adultProg+60)); res.status != 200 {
			t.Errorf("18+ programme with proof: %d %s", res.status, res.body)
		}
	})
}
