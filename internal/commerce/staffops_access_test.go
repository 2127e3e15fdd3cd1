package commerce_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/commerce"
	"efir/internal/provider"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// What staff grant, pause, resume and end reaches the viewer's next request.
func TestStaffChangesReachTheViewer(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		srv := apitest.New(t, db)
		tok := srv.SignIn(t, "shopper", "efir24", "staff-access")
		var userID int64
		if err := store.Get(ctx, db, `SELECT id FROM users WHERE username = 'shopper' AND provider_id = 1`, nil, &userID); err != nil {
			t.Fatal(err)
		}
		providers, err := provider.NewService(ctx, db, provider.Config{})
		if err != nil {
			t.Fatal(err)
		}
		shop := commerce.New(db, commerce.Config{Providers: providers})

		base := packetByShort(t, srv, tok, "base-1")
		channel := closedChannel(t, srv, tok, base)
		stream := func(when string, want int) {
			t.Helper()
			res := srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/channels/%d/stream", channel), Token: tok})
			if res.Status != want {
				t.Fatalf("%s: stream %d %s, want %d", when, res.Status, res.Body, want)
			}
		}
		sub, err := shop.StaffGrant(ctx, 1, userID, base.ID, 0, time.Now().Add(24*time.Hour).Unix())
		if err != nil {
			t.Fatal(err)
		}
		stream("granted", http.StatusOK)
		if _, err := shop.StaffChangeSubscription(ctx, 1, userID, sub.ID, "pause", nil); err != nil {
			t.Fatal(err)
		}
		stream("paused", http.StatusForbidden)
		if _, err := shop.StaffChangeSubscription(ctx, 1, userID, sub.ID, "resume", nil); err != nil {
			t.Fatal(err)
		}
		stream("resumed", http.StatusOK)
		if _, err := shop.StaffChangeSubscription(ctx, 1, userID, sub.ID, "end", nil); err != nil {
			t.Fatal(err)
		}
		stream("ended", http.StatusForbidden)
	})
}
