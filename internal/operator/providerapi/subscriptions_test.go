package providerapi_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type subscription struct {
	ID     int64 `json:"id"`
	Packet struct {
		ID    int64  `json:"id"`
		Name  string `json:"name"`
		Price string `json:"price"`
	} `json:"packet"`
	StartAt  string `json:"start_at"`
	EndAt    string `json:"end_at"`
	Renew    bool   `json:"renew"`
	IsPaused bool   `json:"is_paused"`
	Type     string `json:"type"`
}

// The operator's system grants packets for a time, sees them among the
// subscriptions (future ones among the futures too), and ends them; the
// subscriber's viewer access follows.
func TestProviderAPISubscriptions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("billing", nil)
		base := "/v2/users/" + strconv.FormatInt(f.userID("shopper"), 10)
		now := f.clock.Now()
		month := now.Add(30 * 24 * time.Hour)

		res := f.call("POST", base+"/subscriptions", token, []map[string]any{
			{"packet_id": 3, "end_at": month.Format(time.RFC3339)},
			{"packet_id": 8, "start_at": month.Unix(), "end_at": month.Add(30 * 24 * time.Hour).Unix()},
		})
		mustStatus(t, res, http.StatusCreated)
		var granted []subscription
		res.JSON(t, &granted)
		if len(granted) != 2 || granted[0].Packet.ID != 3 || granted[0].Type != "grant" || granted[0].Renew ||
			granted[0].Packet.Price != "199.00" || granted[1].StartAt != month.UTC().Format(time.RFC3339) {
			t.Fatalf("granted %+v", granted)
		}

		list := func(query string) []subscription {
			t.Helper()
			var out []subscription
			res := f.call("GET", base+"/subscriptions"+query, token, nil)
			mustStatus(t, res, http.StatusOK)
			res.JSON(t, &out)
			return out
		}
		ids := func(list []subscription) string {
			var s []string
			for _, x := range list {
				s = append(s, strconv.FormatInt(x.Packet.ID, 10))
			}
			return strings.Join(s, ",")
		}
		if got := ids(list("")); !strings.Contains(got, "3") || !strings.Contains(got, "8") {
			t.Fatalf("subscriptions: packets %s", got)
		}
		if got := ids(list("?types=active")); got != "3" {
			t.Fatalf("active: packets %s", got)
		}
		if got := ids(list("?types=planned")); got != "8" {
			t.Fatalf("planned: packets %s", got)
		}
		if got := ids(list("?types=current,planned&packet_ids=8")); got != "8" {
			t.Fatalf("packet_ids=8: packets %s", got)
		}
		var futures []struct {
			ID     int64 `json:"id"`
			Packet struct {
				ID int64 `json:"id"`
			} `json:"packet"`
		}
		f.call("GET", base+"/futures", token, nil).JSON(t, &futures)
		if len(futures) != 1 || futures[0].ID != granted[1].ID || futures[0].Packet.ID != 8 {
			t.Fatalf("futures %+v", futures)
		}

		viewer := f.srv.SignIn(t, "shopper", "efir24", "tv-9")
		var held []heldPacket
		f.srv.Do(apitest.Request{Method: "GET", Path: "/v2/packets?purchases=1", Token: viewer}).JSON(t, &held)
		if !strings.Contains(packetIDs(held), "3") {
			t.Fatalf("the viewer does not hold the granted packet: %s", packetIDs(held))
		}

		// The same packet again is refused; a grant never renews.
		mustStatus(t, f.call("POST", base+"/subscriptions", token, map[string]any{"packet_id": 3, "end_at": month.Unix()}), http.StatusConflict)
		mustStatus(t, f.call("POST", base+"/subscriptions", token, map[string]any{"packet_id": 4, "end_at": month.Unix(), "renew": true}),
			http.StatusBadRequest)

		end := base + "/subscriptions/" + strconv.FormatInt(granted[0].ID, 10)
		mustStatus(t, f.call("DELETE", end, token, nil), http.StatusNoContent)
		mustStatus(t, f.call("DELETE", end, token, nil), http.StatusConflict)
		mustStatus(t, f.call("DELETE", base+"/subscriptions/999999", token, nil), http.StatusNotFound)
		if got := ids(list("?types=active")); got != "" {
			t.Fatalf("active after ending: packets %s", got)
		}
		f.srv.Do(apitest.Request{Method: "GET", Path: "/v2/packets?purchases=1", Token: viewer}).JSON(t, &held)
		if strings.Contains(packetIDs(held), "3") {
			t.Fatal("the viewer still holds the ended packet")
		}

		if got := auditActions(t, db, "billing"); strings.Join(got, ",") != "subscription.grant,subscription.grant,subscription.end" {
			t.Fatalf("audit %v", got)
		}
	})
}

// heldPacket is a packet the viewer's own API lists as held.
type heldPacket struct {
	ID int64 `json:"id"`
}

func packetIDs(list []heldPacket) string {
	var s []string
	for _, p := range list {
		s = append(s, strconv.FormatInt(p.ID, 10))
	}
	return strings.Join(s, ",")
}

// Grants with bad input answer 400 and grant nothing.
func TestProviderAPIGrantInput(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("billing", nil)
		base := "/v2/users/" + strconv.FormatInt(f.userID("shopper"), 10) + "/subscriptions"
		later := f.clock.Now().Add(time.Hour).Unix()
		many := make([]map[string]any, 21)
		for i := range many {
			many[i] = map[string]any{"packet_id": 3, "end_at": later}
		}
		for _, c := range []struct {
			body   any
			status int
		}{
			{[]map[string]any{}, 400},
			{many, 400},
			{map[string]any{"packet_id": 3, "end_at": "tomorrow"}, 400},
			{map[string]any{"packet_id": 3, "start_at": "2030-13-01T00:00:00Z", "end_at": later}, 400},
			{map[string]any{"packet_id": 3}, 400},
			{map[string]any{"end_at": later}, 400},
			{map[string]any{"packet_id": 6, "end_at": later}, 404},
			{"[{", 400},
		} {
			res := f.call("POST", base, token, c.body)
			if res.Status != c.status || res.ErrorType() == "" {
				t.Errorf("%v: %d %s", c.body, res.Status, res.Body)
			}
		}
		for _, q := range []string{"?types=someday", "?packet_ids=x"} {
			mustStatus(t, f.call("GET", base+q, token, nil), http.StatusBadRequest)
		}
		if got := auditActions(t, db, "billing"); len(got) != 0 {
			t.Fatalf("refused grants audited: %v", got)
		}
	})
}
