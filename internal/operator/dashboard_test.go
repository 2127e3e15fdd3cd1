package operator_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/identity"
	"efir/internal/operator"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type watched struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Viewers int64  `json:"viewers"`
}

type nowAnswer struct {
	Viewers   int64     `json:"viewers"`
	ByChannel []watched `json:"by_channel"`
	ByContent []watched `json:"by_content"`
	At        int64     `json:"at"`
}

// "Watching now" counts the distinct viewers whose players reported in the
// last 90 s, by channel and by content with their names; a viewer silent
// for longer is forgotten, and another operator's viewers never count.
func TestDashboardWatchingNow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c := newClock()
		srv := newConsoleServer(t, db, c)
		owner := newConsole(t, srv).signIn(ownerEmail, ownerPass)
		var channel int64
		var channelName string
		if err := store.Get(ctx, db, "SELECT id, name FROM channels WHERE provider_id = 1 ORDER BY id LIMIT 1", nil,
			&channel, &channelName); err != nil {
			t.Fatal(err)
		}
		// An episode of a season of a series is named with the series.
		content := func(parent any, kind, title string) int64 {
			t.Helper()
			id, err := store.InsertID(ctx, db, `INSERT INTO contents (provider_id, parent_id, content_type, slug, title)
				VALUES (1, ?, ?, ?, ?) RETURNING id`, parent, kind, "dash-"+kind, title)
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		episode := content(content(content(nil, "series", "Тайга"), "season", "Сезон 1"), "episode", "Серия 2")
		const episodeName = "Тайга · Серия 2"
		demoTV := srv.SignIn(t, "demo", "efir24", "serial-tv")
		demoPhone := srv.SignIn(t, "demo", "efir24", "serial-phone")
		guest := srv.Guest(t, "dash-guest")
		report := func(tok, statID string) {
			t.Helper()
			res := srv.Do(apitest.Request{Method: "PATCH", Path: "/v2/users/self/stat/" + statID + "?duration=30", Token: tok})
			mustStatus(t, res, http.StatusNoContent)
		}
		tv := fmt.Sprintf("tv%d-0a0b", channel)
		report(demoTV, tv)
		report(demoPhone, fmt.Sprintf("vod%d-0c0d", episode))
		report(guest, tv)
		report(guest, "tv999999-0e0f") // no channel of the operator: not listed
		// Alma Demo's viewers of the same ids are Alma Demo's.
		slot := c.Now().Unix() / 10
		if _, err := db.Exec(ctx, `INSERT INTO watch_now (provider_id, slot, object_kind, object_id, viewers) VALUES
			(2, ?, 'channel', ?, 5), (2, ?, 'content', ?, 5), (2, ?, '', 0, 10)`, slot, channel, slot, episode, slot); err != nil {
			t.Fatal(err)
		}
		now := func() nowAnswer {
			t.Helper()
			var a nowAnswer
			res := owner.do("GET", "/v2/operator/dashboard/now", nil)
			mustStatus(t, res, http.StatusOK)
			res.JSON(t, &a)
			return a
		}
		a := now()
		want := nowAnswer{Viewers: 2, ByChannel: []watched{{channel, channelName, 2}},
			ByContent: []watched{{episode, episodeName, 1}}, At: c.Now().Unix()}
		if fmt.Sprint(a) != fmt.Sprint(want) {
			t.Fatalf("watching now: %+v, want %+v", a, want)
		}

		c.Add(60 * time.Second)
		report(guest, tv)
		c.Add(30 * time.Second) // the demo viewer's reports are 90 s old: still watching
		if a := now(); a.Viewers != 2 || len(a.ByContent) != 1 {
			t.Fatalf("at 90 s: %+v, want the demo viewer still counted", a)
		}
		c.Add(time.Second)
		a = now()
		want = nowAnswer{Viewers: 1, ByChannel: []watched{{channel, channelName, 1}}, ByContent: []watched{}, At: c.Now().Unix()}
		if fmt.Sprint(a) != fmt.Sprint(want) {
			t.Fatalf("at 91 s: %+v, want %+v", a, want)
		}
	})
}

type seriesAnswer struct {
	Bucket    string `json:"bucket"`
	From      int64  `json:"from"`
	To        int64  `json:"to"`
	CountedAt int64  `json:"counted_at"`
	Points    []struct {
		Start   int64 `json:"start"`
		SignUps int64 `json:"sign_ups"`
		Revenue *[]struct {
			Currency string `json:"currency"`
			Amount   int64  `json:"amount"`
		} `json:"revenue"`
		Active []struct {
			PacketID int64  `json:"packet_id"`
			Name     string `json:"name"`
			Count    int64  `json:"count"`
		} `json:"active_subscriptions"`
		Churn      int64    `json:"churn"`
		WatchHours *float64 `json:"watch_hours"`
	} `json:"points"`
}

// The series on a small known fixture over three days (the last one until
// now): sign-ups without guests, revenue less a refund by currency, active
// subscriptions by packet at each day's end (at now for today), churn, and
// watch hours. Another operator's rows never count.
func TestDashboardSeries(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c := newClock()
		srv := newConsoleServer(t, db, c)
		finance := newConsole(t, srv).signIn(financeEmail, staffPass)
		now := c.Now().Unix()
		const hour, day = int64(3600), int64(86400)
		d2 := now - now%day // today, now is 08:00
		d0, d1 := d2-2*day, d2-day
		path := fmt.Sprintf("/v2/operator/dashboard/series?from=%d&to=%d", d0+5, now)
		get := func(who *console, path string) seriesAnswer {
			t.Helper()
			var a seriesAnswer
			res := who.do("GET", path, nil)
			mustStatus(t, res, http.StatusOK)
			res.JSON(t, &a)
			return a
		}
		before := get(finance, path)

		exec := func(q string, args ...any) int64 {
			t.Helper()
			id, err := store.InsertID(ctx, db, q+" RETURNING id", args...)
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		user := func(provider int64, name string, guest bool, joined int64) int64 {
			return exec("INSERT INTO users (provider_id, username, is_guest, date_joined) VALUES (?, ?, ?, ?)", provider, name, guest, joined)
		}
		u1 := user(1, "dash-u1", false, d0+hour)
		u2 := user(1, "dash-u2", false, d1+2*hour)
		user(1, "dash-guest", true, d1+3*hour)
		u4 := user(1, "dash-u4", false, d2+hour)
		alma := user(2, "dash-alma", false, d1)
		u6 := user(1, "dash-u6", false, d0-hour)
		u7 := user(1, "dash-u7", false, d0-5*day)
		u8 := user(1, "dash-u8", false, d0-5*day)

		pay := func(u, provider int64, kind, status string, amount, refunded int64, currency string, at int64) {
			exec(`INSERT INTO payments (user_id, provider_id, account_id, kind, status, amount, currency, paysystem, gateway, idem_key,
				refunded, created_at, updated_at) VALUES (?, ?, 0, ?, ?, ?, ?, 'card', 'sandbox', ?, ?, ?, ?)`,
				u, provider, kind, status, amount, currency, fmt.Sprintf("dash-%d-%d-%s", u, at, currency), refunded, at, at)
		}
		pay(u1, 1, "subscription", "complete", 30000, 0, "RUB", d0+2*hour)
		pay(u2, 1, "refill", "complete", 20000, 5000, "RUB", d1+hour)
		pay(u2, 1, "refill", "complete", 500, 0, "KZT", d1+hour+1)
		pay(u4, 1, "refill", "error", 10000, 0, "RUB", d2+hour)
		pay(u4, 1, "card_link", "complete", 100, 0, "RUB", d2+hour+1)
		pay(alma, 2, "refill", "complete", 70000, 0, "RUB", d1+hour)

		packet := func(provider int64, name string) int64 {
			return exec("INSERT INTO packets (provider_id, name, sort) VALUES (?, ?, 1000)", provider, name)
		}
		p, q := packet(1, "Dashboard P"), packet(1, "Dashboard Q")
		other := packet(2, "Alma packet")
		sub := func(u, packet, start, end int64, renew bool, closed, paused int64) {
			exec(`INSERT INTO subscriptions (user_id, packet_id, start_at, end_at, renew, closed_at, paused_at, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, u, packet, start, end, renew, closed, paused, start)
		}
		sub(u1, p, d0+hour, 0, false, 0, 0)                   // runs on
		sub(u2, p, d0+3*hour, d1+5*hour, false, 0, 0)         // lapsed on day 1: churn
		sub(u4, p, d1+hour, d2+4*hour, true, 0, 0)            // lapsed, its renewal still tried: no churn yet
		sub(u6, p, d0-10*day, d2+2*hour, false, d2+2*hour, 0) // ended by staff...
		sub(u6, q, d2+2*hour, 0, false, 0, 0)                 // ...for another packet: a switch, no churn
		sub(u7, p, d0-5*day, d2+hour, false, d2+hour, 0)      // closed on day 2: churn
		sub(u8, p, d0-5*day, d2+20*hour, false, 0, d1+6*hour) // paused on day 1
		sub(u1, p, d2+10*hour, d2+10*hour, true, 0, 0)        // bought ahead, not charged yet
		sub(alma, other, d0, d2+hour, false, 0, 0)            // Alma Demo's

		for _, r := range []identity.WatchReport{
			{UserID: u1, ProviderID: 1, StatID: "tv1-aa", Duration: 5400, At: time.Unix(d1+hour, 0)},
			{UserID: u2, ProviderID: 1, StatID: "vod2-bb", Duration: 1800, At: time.Unix(d1+2*hour, 0)},
			{UserID: u4, ProviderID: 1, StatID: "tv1-cc", Duration: 900, At: time.Unix(d2+hour, 0)},
			{UserID: alma, ProviderID: 2, StatID: "tv1-dd", Duration: 36000, At: time.Unix(d1+hour, 0)},
		} {
			if err := identity.RecordWatch(ctx, db, r); err != nil {
				t.Fatal(err)
			}
		}

		// The job counts again the buckets still open to change.
		if err := operator.CountDashboard(ctx, db, []int64{1, 2}, c.Now()); err != nil {
			t.Fatal(err)
		}
		a := get(finance, path)
		if a.CountedAt != now {
			t.Errorf("counted at %d, want %d", a.CountedAt, now)
		}
		if a.Bucket != "day" || a.From != d0 || a.To != d2+day || len(a.Points) != 3 || len(before.Points) != 3 {
			t.Fatalf("range %s %d..%d with %d points, want day %d..%d with 3", a.Bucket, a.From, a.To, len(a.Points), d0, d2+day)
		}
		type counts struct{ p, q int64 }
		wantSignUps := []int64{1, 1, 1}
		wantRevenue := []string{"[{RUB 30000}]", "[{KZT 500} {RUB 15000}]", "[]"}
		wantActive := []counts{{5, 0}, {4, 0}, {1, 1}}
		wantChurn := []int64{0, 1, 1}
		wantHours := []float64{0, 2, 0.25}
		for i, pt := range a.Points {
			was := before.Points[i]
			if pt.Start != d0+int64(i)*day {
				t.Errorf("point %d starts at %d", i, pt.Start)
			}
			if got := pt.SignUps - was.SignUps; got != wantSignUps[i] {
				t.Errorf("day %d: %d sign-ups, want %d", i, got, wantSignUps[i])
			}
			if pt.Revenue == nil || fmt.Sprint(*pt.Revenue) != wantRevenue[i] || was.Revenue == nil || len(*was.Revenue) != 0 {
				t.Errorf("day %d: revenue %v, want %s", i, pt.Revenue, wantRevenue[i])
			}
			var got counts
			for _, x := range pt.Active {
				switch x.PacketID {
				case p:
					got.p = x.Count
				case q:
					got.q = x.Count
				case other:
					t.Errorf("day %d: Alma Demo's packet counted", i)
				}
			}
			if got != wantActive[i] {
				t.Errorf("day %d: active P %d, Q %d, want %d, %d", i, got.p, got.q, wantActive[i].p, wantActive[i].q)
			}
			if got := pt.Churn - was.Churn; got != wantChurn[i] {
				t.Errorf("day %d: churn %d, want %d", i, got, wantChurn[i])
			}
			if pt.WatchHours == nil || *pt.WatchHours != wantHours[i] {
				t.Errorf("day %d: watch hours %v, want %v", i, pt.WatchHours, wantHours[i])
			}
		}

		// By hour: the same sign-ups in their hours, no watch hours.
		h := get(finance, fmt.Sprintf("/v2/operator/dashboard/series?bucket=hour&from=%d&to=%d", d1, d2))
		if len(h.Points) != 24 || h.Points[2].SignUps != 1 || h.Points[3].SignUps != 0 || h.Points[2].WatchHours != nil {
			t.Errorf("by hour: %d points, sign-ups at 02:00 %d", len(h.Points), h.Points[2].SignUps)
		}
		if h.Points[1].Revenue == nil || fmt.Sprint(*h.Points[1].Revenue) != "[{RUB 15000} {KZT 500}]" &&
			fmt.Sprint(*h.Points[1].Revenue) != "[{KZT 500} {RUB 15000}]" {
			t.Errorf("by hour, 01:00: revenue %v", h.Points[1].Revenue)
		}

		// A role without money.read sees no revenue.
		operator.WithoutPermission(t, operator.RoleFinance, operator.PermMoney)
		for _, pt := range get(finance, path).Points {
			if pt.Revenue != nil {
				t.Fatalf("revenue shown without money.read: %v", *pt.Revenue)
			}
		}
	})
}

// A bad range is refused with the field that is wrong.
func TestDashboardSeriesRange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClock()
		srv := newConsoleServer(t, db, c)
		owner := newConsole(t, srv).signIn(ownerEmail, ownerPass)
		now := c.Now().Unix()
		for _, q := range []string{
			"from=yesterday",
			"to=-5",
			fmt.Sprintf("from=%d&to=%d", now, now-86400),
			fmt.Sprintf("from=%d&to=%d", now, now),
			"bucket=week",
			fmt.Sprintf("from=%d&to=%d", now-401*86400, now),
			fmt.Sprintf("bucket=hour&from=%d&to=%d", now-401*3600, now),
		} {
			res := owner.do("GET", "/v2/operator/dashboard/series?"+q, nil)
			if res.Status != http.StatusBadRequest || res.ErrorType() != "validation_error" {
				t.Errorf("%s: %d %s, want 400 validation_error", q, res.Status, res.Body)
			}
		}
		mustStatus(t, owner.do("GET", fmt.Sprintf("/v2/operator/dashboard/series?from=%d&to=%d", now-399*86400, now), nil), http.StatusOK)
		mustStatus(t, owner.do("GET", "/v2/operator/dashboard/series?bucket=hour", nil), http.StatusOK)
	})
}
