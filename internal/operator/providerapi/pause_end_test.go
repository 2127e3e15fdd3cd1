package providerapi_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"efir/internal/app"
	"efir/internal/config"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// A pause with a planned end: set, moved, cleared, refused in the past,
// and lifted by the renewal job at that very moment however late the job
// runs, so the subscription's end moves by exactly the planned length.
func TestProviderAPIPauseEnd(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("billing", nil)
		base := "/v2/users/" + itoa(f.userID("shopper"))
		month := f.clock.Now().Add(30 * 24 * time.Hour)
		var granted []subscription
		res := f.call("POST", base+"/subscriptions", token, []map[string]any{{"packet_id": 3, "end_at": month.Unix()}})
		mustStatus(t, res, http.StatusCreated)
		res.JSON(t, &granted)
		sub := base + "/subscriptions/" + itoa(granted[0].ID)
		pauseURL := sub + "/pauses/" + itoa(granted[0].ID)

		// Not paused yet: there is no pause to change.
		mustStatus(t, f.call("PATCH", pauseURL, token, map[string]any{"end_at": month.Unix()}), http.StatusNotFound)
		mustStatus(t, f.call("POST", sub+"/pauses", token, nil), http.StatusCreated)
		pausedAt := f.clock.Now()

		mustStatus(t, f.call("PATCH", pauseURL, token, map[string]any{}), http.StatusBadRequest)
		mustStatus(t, f.call("PATCH", pauseURL, token, map[string]any{"end_at": "soon"}), http.StatusBadRequest)
		mustStatus(t, f.call("PATCH", pauseURL, token, map[string]any{"end_at": pausedAt.Add(-time.Hour).Unix()}),
			http.StatusBadRequest)
		mustStatus(t, f.call("PATCH", pauseURL, token, map[string]any{"end_at": pausedAt.AddDate(11, 0, 0).Unix()}),
			http.StatusBadRequest)
		mustStatus(t, f.call("PATCH", base+"/subscriptions/"+itoa(granted[0].ID)+"/pauses/999999", token,
			map[string]any{"end_at": pausedAt.Add(time.Hour).Unix()}), http.StatusNotFound)

		// Cleared with null, then set to a week as RFC 3339.
		var p pause
		res = f.call("PATCH", pauseURL, token, map[string]any{"end_at": nil})
		mustStatus(t, res, http.StatusOK)
		if res.JSON(t, &p); p.EndAt != nil {
			t.Fatalf("cleared pause %+v", p)
		}
		week := pausedAt.Add(7 * 24 * time.Hour)
		res = f.call("PATCH", pauseURL, token, map[string]any{"end_at": week.UTC().Format(time.RFC3339)})
		mustStatus(t, res, http.StatusOK)
		if res.JSON(t, &p); p.EndAt == nil || *p.EndAt != week.UTC().Format(time.RFC3339) {
			t.Fatalf("pause with an end %+v", p)
		}
		var pauses []pause
		f.call("GET", base+"/pauses", token, nil).JSON(t, &pauses)
		if len(pauses) != 1 || pauses[0].EndAt == nil || *pauses[0].EndAt != *p.EndAt {
			t.Fatalf("pauses %+v", pauses)
		}

		// The job runs before the week is over: nothing happens; it runs
		// three days late: the pause is lifted as of its planned end.
		cfg := config.Config{Addr: ":0", DataDir: t.TempDir(), PublicURL: "http://efir.test", OTPSender: "outbox"}
		if _, err := app.RenewOnce(context.Background(), cfg, db, week.Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
		var one subscription
		if f.call("GET", sub, token, nil).JSON(t, &one); !one.IsPaused {
			t.Fatalf("lifted early %+v", one)
		}
		if _, err := app.RenewOnce(context.Background(), cfg, db, week.Add(72*time.Hour)); err != nil {
			t.Fatal(err)
		}
		f.call("GET", sub, token, nil).JSON(t, &one)
		if one.IsPaused || one.EndAt != month.Add(7*24*time.Hour).UTC().Format(time.RFC3339) {
			t.Fatalf("after the planned end %+v (want end %s)", one, month.Add(7*24*time.Hour).UTC().Format(time.RFC3339))
		}
		mustStatus(t, f.call("PATCH", pauseURL, token, map[string]any{"end_at": week.Add(time.Hour).Unix()}), http.StatusNotFound)

		// A fresh pause forgets the old planned end.
		mustStatus(t, f.call("POST", sub+"/pauses", token, nil), http.StatusCreated)
		f.call("GET", sub+"/pauses", token, nil).JSON(t, &pauses)
		if len(pauses) != 1 || pauses[0].EndAt != nil {
			t.Fatalf("fresh pause %+v", pauses)
		}
		got := auditActions(t, db, "billing")
		n := 0
		for _, a := range got {
			if a == "subscription.pause_until" {
				n++
			}
		}
		if n != 2 {
			t.Fatalf("audit %v", got)
		}
	})
}
