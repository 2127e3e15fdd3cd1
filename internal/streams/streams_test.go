package streams

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The rule on a real store, with a clock the tests move: operator 1 limits
// its subscribers to fixture.limit streams at once, operator 2 to none.

type fixture struct {
	t     *testing.T
	db    *store.DB
	svc   *Service
	now   time.Time
	limit int
	posts []string // "user|title|text" of every message posted
	seq   int
}

func newFixture(t *testing.T, db *store.DB, limit int) *fixture {
	f := &fixture{t: t, db: db, now: time.Unix(1_800_000_000, 0), limit: limit}
	f.svc = New(db, Config{Now: func() time.Time { return f.now }, Operators: f, Messenger: f})
	return f
}

func (f *fixture) ByID(_ context.Context, id int64) (*provider.Provider, error) {
	switch id {
	case 1:
		return &provider.Provider{ID: 1, StreamLimit: f.limit}, nil
	case 2:
		return &provider.Provider{ID: 2}, nil
	}
	return nil, store.ErrNotFound
}

func (f *fixture) PostMessage(_ context.Context, userID int64, title, text string) (int64, error) {
	f.posts = append(f.posts, fmt.Sprintf("%d|%s|%s", userID, title, text))
	return int64(len(f.posts)), nil
}

func (f *fixture) wait(d time.Duration) { f.now = f.now.Add(d) }

// subscriber adds a user of operator providerID with n devices and gives a
// session per device.
func (f *fixture) subscriber(providerID int64, n int) []*httpx.Session {
	f.t.Helper()
	ctx := context.Background()
	f.seq++
	user, err := store.InsertID(ctx, f.db, `INSERT INTO users (provider_id, username, date_joined) VALUES (?, ?, ?) RETURNING id`,
		providerID, fmt.Sprintf("viewer%d", f.seq), f.now.Unix())
	if err != nil {
		f.t.Fatal(err)
	}
	var out []*httpx.Session
	for i := 0; i < n; i++ {
		dev, err := store.InsertID(ctx, f.db, `INSERT INTO devices (user_id, serial, created_at, login_at) VALUES (?, ?, ?, ?) RETURNING id`,
			user, fmt.Sprintf("serial-%d", i), f.now.Unix(), f.now.Unix())
		if err != nil {
			f.t.Fatal(err)
		}
		out = append(out, &httpx.Session{UserID: user, DeviceID: dev, ProviderID: providerID})
	}
	return out
}

// start hands a channel's stream to the session's device and gives its stat id.
func (f *fixture) start(sess *httpx.Session, channel int64) string {
	f.t.Helper()
	f.seq++
	id := fmt.Sprintf("tv%d-%d", channel, f.seq)
	if err := f.svc.StartStream(context.Background(), sess, id, "live", channel, "en"); err != nil {
		f.t.Fatal(err)
	}
	return id
}

// report is the player's watch report: "" when accepted, else the error
// type and message.
func (f *fixture) report(sess *httpx.Session, statID string) string {
	f.t.Helper()
	err := f.svc.StreamSeen(context.Background(), sess, statID, "en")
	if err == nil {
		return ""
	}
	var e *httpx.Error
	if !errors.As(err, &e) {
		f.t.Fatalf("report %s: %v", statID, err)
	}
	if e.Status != http.StatusConflict {
		f.t.Fatalf("report %s: status %d", statID, e.Status)
	}
	return e.Type + ": " + httpx.T("en", e.Key, e.Args...)
}

// startEach hands a stream to every device in turn, a second apart.
func (f *fixture) startEach(devices []*httpx.Session) []string {
	f.t.Helper()
	var ids []string
	for i, d := range devices {
		f.wait(time.Second)
		ids = append(ids, f.start(d, int64(i+1)))
	}
	return ids
}

func (f *fixture) mustRun(sess *httpx.Session, statID, what string) {
	f.t.Helper()
	if got := f.report(sess, statID); got != "" {
		f.t.Fatalf("%s: %s, want it running", what, got)
	}
}

func (f *fixture) mustStop(sess *httpx.Session, statID, what string) {
	f.t.Helper()
	got := f.report(sess, statID)
	want := fmt.Sprintf("stream_stopped: Streams at once allowed by your subscription: %d.", f.limit)
	if !strings.HasPrefix(got, want) {
		f.t.Fatalf("%s: %q, want %q...", what, got, want)
	}
}

func (f *fixture) mustPosts(n int) {
	f.t.Helper()
	if len(f.posts) != n {
		f.t.Fatalf("%d messages posted, want %d: %q", len(f.posts), n, f.posts)
	}
}

func TestOldestDeviceStopsPastTheLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, 2)
		dev := f.subscriber(1, 3)
		a := f.start(dev[0], 1)
		f.wait(10 * time.Second)
		b := f.start(dev[1], 2)
		f.wait(10 * time.Second)
		f.mustRun(dev[0], a, "A under the limit")
		f.mustRun(dev[1], b, "B under the limit")
		f.mustPosts(0)

		f.wait(10 * time.Second)
		c := f.start(dev[2], 3)
		f.mustPosts(1)
		if !strings.HasPrefix(f.posts[0], fmt.Sprintf("%d|Playback stopped on one of your devices|Streams at once allowed by your subscription: 2.", dev[0].UserID)) {
			t.Fatalf("message %q", f.posts[0])
		}
		f.mustStop(dev[0], a, "A, the oldest")
		f.mustRun(dev[1], b, "B")
		f.mustRun(dev[2], c, "C, the newest")
		f.wait(30 * time.Second)
		f.mustStop(dev[0], a, "A reporting again")
		f.mustRun(dev[1], b, "B later")
		f.mustRun(dev[2], c, "C later")
		f.mustPosts(1)

		// Watch here on A: A starts again and B, now the oldest, stops.
		f.wait(5 * time.Second)
		a2 := f.start(dev[0], 1)
		f.mustPosts(2)
		f.mustRun(dev[0], a2, "A again")
		f.mustStop(dev[1], b, "B after A took its place back")
		f.mustRun(dev[2], c, "C")
		f.mustStop(dev[0], a, "A's first stream")
		var reason string
		var limit int
		if err := store.Get(context.Background(), db, "SELECT stop_reason, stop_limit FROM active_streams WHERE stat_id = ?", []any{b}, &reason, &limit); err != nil || reason != "limit" || limit != 2 {
			t.Fatalf("B's row: %q %d (%v)", reason, limit, err)
		}
	})
}

func TestZappingDeviceStreamsOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, 2)
		dev := f.subscriber(1, 3)
		b := f.start(dev[1], 9)
		var last string
		for ch := int64(1); ch <= 5; ch++ {
			f.wait(3 * time.Second)
			last = f.start(dev[0], ch)
		}
		f.mustPosts(0)
		f.mustRun(dev[0], last, "the zapping device's channel")
		f.mustRun(dev[1], b, "the other device")
		// C comes: B's stream is older than A's last channel, so B stops.
		f.wait(time.Second)
		c := f.start(dev[2], 7)
		f.mustPosts(1)
		f.mustStop(dev[1], b, "B")
		f.mustRun(dev[0], last, "A")
		f.mustRun(dev[2], c, "C")
	})
}

func TestQuietStreamDoesNotCount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, 2)
		dev := f.subscriber(1, 3)
		ids := f.startEach(dev[:2])
		a, b := ids[0], ids[1]
		for i := 0; i < 3; i++ { // B reports, A is paused
			f.wait(30 * time.Second)
			f.mustRun(dev[1], b, "B")
		}
		f.wait(time.Second) // A quiet for 91 s
		c := f.start(dev[2], 3)
		f.mustPosts(0)
		f.mustRun(dev[1], b, "B")
		f.mustRun(dev[2], c, "C")
		// A resumes: the two places are taken by devices newer than it.
		f.mustStop(dev[0], a, "A resuming")
		f.mustPosts(1)
		f.mustRun(dev[1], b, "B")
		f.mustRun(dev[2], c, "C")
	})
}

func TestQuietStreamResumesWhenThePlaceIsFree(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, 2)
		dev := f.subscriber(1, 2)
		ids := f.startEach(dev)
		f.wait(10 * time.Minute) // both paused
		f.mustRun(dev[0], ids[0], "A resuming")
		f.mustRun(dev[1], ids[1], "B resuming")
		f.mustPosts(0)
	})
}

// A lowered limit (or two hand-outs that raced on two copies of the server)
// leaves more devices running than the limit: the older ones stop on their
// next report.
func TestReportsEnforceALoweredLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, 3)
		dev := f.subscriber(1, 3)
		ids := f.startEach(dev)
		f.limit = 2
		f.wait(time.Second)
		f.mustRun(dev[2], ids[2], "the newest")
		f.mustRun(dev[1], ids[1], "the second")
		f.mustStop(dev[0], ids[0], "the oldest")
		f.mustPosts(1)
	})
}

func TestNoLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, 0)
		dev := f.subscriber(1, 6)
		ids := f.startEach(dev)
		for i, d := range dev {
			f.mustRun(d, ids[i], fmt.Sprintf("device %d", i))
		}
		f.mustPosts(0)
		// An operator without the setting at all (provider 2) limits nothing.
		other := f.subscriber(2, 4)
		for i, id := range f.startEach(other) {
			f.mustRun(other[i], id, "a device of the operator without a limit")
		}
		f.mustPosts(0)
	})
}

func TestAnotherSubscriberIsApart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, 2)
		mine := f.subscriber(1, 2)
		theirs := f.subscriber(1, 3)
		a := f.start(mine[0], 1)
		b := f.start(mine[1], 2)
		f.startEach(theirs)
		f.mustRun(mine[0], a, "my first device")
		f.mustRun(mine[1], b, "my second device")
		if len(f.posts) != 1 || !strings.HasPrefix(f.posts[0], fmt.Sprint(theirs[0].UserID, "|")) {
			t.Fatalf("messages %q, want one to the other subscriber", f.posts)
		}
		// Their stat id is nothing to me: not mine to keep alive or stop.
		if got := f.report(mine[0], "no-such-stream"); got != "" {
			t.Fatalf("an id never handed out: %s", got)
		}
	})
}

func TestPruneDropsRowsQuietForADay(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, 2)
		dev := f.subscriber(1, 2)
		f.start(dev[0], 1)
		f.wait(keepFor - time.Minute)
		kept := f.start(dev[1], 2)
		f.wait(2 * time.Minute)
		if err := Prune(context.Background(), db, f.now); err != nil {
			t.Fatal(err)
		}
		var ids []string
		err := store.Each(context.Background(), db, "SELECT stat_id FROM active_streams", nil, func(r store.Scanner) error {
			var id string
			err := r.Scan(&id)
			ids = append(ids, id)
			return err
		})
		if err != nil || len(ids) != 1 || ids[0] != kept {
			t.Fatalf("left %q (%v), want only %s", ids, err, kept)
		}
	})
}
