package channels

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// FuzzPlanM3U: the preview of any playlist never fails but for the
// documented refusals, and every channel has a source.
func FuzzPlanM3U(f *testing.F) {
	f.Add("#EXTM3U\n#EXTINF:-1 tvg-id=\"a\",A\nhttp://x/a.m3u8\n#EXTINF:-1 tvg-id=\"a\",A2\nrtmp://x/a\n")
	f.Add("#EXTINF:-1,\nhttp://x\n10.0.0.1:80\n#EXTINF:-1 group-title=\"a;b;;\",B\n")
	db := storetest.SQLite(f)
	f.Fuzz(func(t *testing.T, text string) {
		p, err := planM3U(context.Background(), db, 1, text)
		if err != nil {
			return // no entries, too many: refused with a 400
		}
		for _, c := range p.Channels {
			if len(c.Sources) == 0 || c.Name == "" {
				t.Fatalf("channel %+v", c)
			}
		}
	})
}

// The job fetches a due source once and moves its next fetch; a source
// not due is left alone.
func TestRunDue(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := time.Unix(1_800_000_000, 0)
		web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`<tv><channel id="x"><display-name>X</display-name></channel></tv>`))
		}))
		defer web.Close()
		ctx := context.Background()
		due, err := store.InsertID(ctx, db, `INSERT INTO guide_sources (provider_id, url, every_hours, next_fetch_at, created_at)
			VALUES (1, ?, 6, ?, 0) RETURNING id`, web.URL, now.Unix()-1)
		if err != nil {
			t.Fatal(err)
		}
		later, err := store.InsertID(ctx, db, `INSERT INTO guide_sources (provider_id, url, every_hours, next_fetch_at, created_at)
			VALUES (1, ?, 6, ?, 0) RETURNING id`, web.URL, now.Unix()+60)
		if err != nil {
			t.Fatal(err)
		}
		s := New(nil, db, nil, func() time.Time { return now }, []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")})
		s.RunDue(ctx)
		var status string
		var next int64
		if err := store.Get(ctx, db, "SELECT last_status, next_fetch_at FROM guide_sources WHERE id = ?", []any{due}, &status, &next); err != nil {
			t.Fatal(err)
		}
		if status != "ok" || next != now.Unix()+6*3600 {
			t.Fatalf("due source: %s next %d", status, next)
		}
		if err := store.Get(ctx, db, "SELECT last_status FROM guide_sources WHERE id = ?", []any{later}, &status); err != nil {
			t.Fatal(err)
		}
		if status != "" {
			t.Fatalf("a source not due was fetched: %s", status)
		}
	})
}

// A "fetch now" during the job's fetch waits for it rather than failing.
func TestWaitFetched(t *testing.T) {
	running.Store(int64(-7), true)
	go func() {
		time.Sleep(300 * time.Millisecond)
		running.Delete(int64(-7))
	}()
	if !waitFetched(context.Background(), -7, 5*time.Second) {
		t.Fatal("the end of the fetch under way was not seen")
	}
	running.Store(int64(-8), true)
	defer running.Delete(int64(-8))
	if waitFetched(context.Background(), -8, 300*time.Millisecond) {
		t.Fatal("a fetch still under way was taken as ended")
	}
}
