package push_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/push"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// fixture is efir (the wired handler) on a database, a local push service,
// and a push.Service on the same database whose client trusts the local
// service and whose clock the test moves: it sends what efir queued.
type fixture struct {
	t      *testing.T
	db     *store.DB
	srv    *apitest.Server
	ps     *pushService
	sender *push.Service
	mu     sync.Mutex
	now    time.Time
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	f := &fixture{t: t, db: db, srv: apitest.New(t, db), now: time.Now()}
	var key struct {
		PublicKey string `json:"public_key"`
	}
	f.call("", "GET", "/v2/push/vapid_key", nil, http.StatusOK).JSON(t, &key)
	f.ps = newPushService(t, key.PublicKey)
	sender, err := push.New(context.Background(), db, push.Config{Client: f.ps.srv.Client(), Now: f.clock})
	if err != nil {
		t.Fatal(err)
	}
	if sender.PublicKey() != key.PublicKey {
		t.Fatal("a second copy of efir made another VAPID key")
	}
	f.sender = sender
	return f
}

func (f *fixture) clock() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fixture) advance(d time.Duration) {
	f.mu.Lock()
	f.now = f.now.Add(d)
	f.mu.Unlock()
}

func (f *fixture) call(token, method, path string, body any, want int) *apitest.Response {
	f.t.Helper()
	res := f.srv.Do(apitest.Request{Method: method, Path: path, Token: token, Body: body})
	if res.Status != want {
		f.t.Fatalf("%s %s: %d, want %d: %s", method, path, res.Status, want, res.Body)
	}
	return res
}

func (f *fixture) userID(token string) int64 {
	f.t.Helper()
	var u struct {
		ID int64 `json:"id"`
	}
	f.call(token, "GET", "/v2/users/self", nil, http.StatusOK).JSON(f.t, &u)
	return u.ID
}

// subscribe makes a browser for the device of token and stores its
// subscription; it answers the browser.
func (f *fixture) subscribe(token, name string) *browser {
	f.t.Helper()
	b := newBrowser(f.t)
	f.call(token, "POST", "/v2/users/self/push_subscriptions", b.subscription(f.ps.endpoint(b, name)), http.StatusCreated)
	return b
}

func (f *fixture) deliver() int {
	f.t.Helper()
	n, err := f.sender.DeliverDue(context.Background())
	if err != nil {
		f.t.Fatal(err)
	}
	return n
}

func (f *fixture) count(q string, args ...any) int {
	f.t.Helper()
	var n int
	if err := store.Get(context.Background(), f.db, q, args, &n); err != nil {
		f.t.Fatal(err)
	}
	return n
}

// A notification reaches every subscribed device of its viewer, encrypted
// for each browser, with a VAPID token of the installation's key, its TTL
// and urgency; the payload carries the spec's fields.
func TestDeliveryToLocalPushService(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		phone := f.srv.SignIn(t, "demo", "efir24", "push-phone")
		laptop := f.srv.SignIn(t, "demo", "efir24", "push-laptop")
		f.subscribe(phone, "phone")
		f.subscribe(laptop, "laptop")
		other := f.srv.Guest(t, "push-other")
		f.subscribe(other, "other")

		n := push.Notification{Title: "Новый фильм", Body: "Смотрите сегодня", Icon: "/icons/tv.svg", Action: "Смотреть",
			Destination: push.Destination{Type: "content", ID: 42, Slug: "film-42"}, TimeToLive: 600, Urgency: "high"}
		if got, err := f.sender.QueueUser(context.Background(), db, n, f.userID(phone)); err != nil || got != 1 {
			t.Fatalf("queued for %d viewers: %v", got, err)
		}
		if sent := f.deliver(); sent != 2 {
			t.Fatalf("sent %d, want 2; refused: %v", sent, f.ps.rejected)
		}
		got := f.ps.messages()
		if len(got) != 2 || len(f.ps.rejected) != 0 {
			t.Fatalf("received %d, refused %v", len(got), f.ps.rejected)
		}
		ends := map[string]bool{}
		for _, m := range got {
			ends[m.endpoint] = true
			if m.ttl != 600 || m.urgency != "high" {
				t.Fatalf("TTL %d urgency %q", m.ttl, m.urgency)
			}
			if m.note.Title != "Новый фильм" || m.note.Body != "Смотрите сегодня" || m.note.Icon != "/icons/tv.svg" ||
				m.note.Action != "Смотреть" || m.note.Destination != n.Destination || m.note.TimeToLive != 600 ||
				m.note.ID == 0 || m.note.TimeStart < time.Now().Add(-time.Minute).Unix() {
				t.Fatalf("payload %+v", m.note)
			}
			for _, field := range []string{"id", "title", "body", "icon", "action", "destination", "time_to_live", "time_start"} {
				if _, ok := m.raw[field]; !ok {
					t.Fatalf("payload without %s: %v", field, m.raw)
				}
			}
		}
		if !ends["/wpush/phone"] || !ends["/wpush/laptop"] || ends["/wpush/other"] {
			t.Fatalf("delivered to %v", ends)
		}
		if f.count(`SELECT COUNT(*) FROM push_deliveries`) != 0 || f.count(`SELECT COUNT(*) FROM push_notifications`) != 0 {
			t.Fatal("the queue keeps what was sent")
		}
		// Sent once.
		if sent := f.deliver(); sent != 0 {
			t.Fatalf("sent again: %d", sent)
		}
	})
}

// The push service's 410 (and 404) means the subscription is over: it is
// forgotten and gets nothing more; other devices still get theirs.
func TestGoneSubscriptionIsRemoved(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		a := f.srv.SignIn(t, "demo", "efir24", "push-gone-a")
		b := f.srv.SignIn(t, "demo", "efir24", "push-gone-b")
		f.subscribe(a, "gone-a")
		f.subscribe(b, "gone-b")
		f.ps.mu.Lock()
		f.ps.gone["/wpush/gone-a"] = true
		f.ps.mu.Unlock()
		if _, err := f.sender.QueueUser(context.Background(), db, push.Notification{Title: "x", Body: "y"}, f.userID(a)); err != nil {
			t.Fatal(err)
		}
		if sent := f.deliver(); sent != 1 {
			t.Fatalf("sent %d, want 1", sent)
		}
		if n := f.count(`SELECT COUNT(*) FROM push_subscriptions WHERE endpoint LIKE ?`, "%/wpush/gone-a"); n != 0 {
			t.Fatal("a gone subscription stays")
		}
		if n := f.count(`SELECT COUNT(*) FROM push_subscriptions WHERE endpoint LIKE ?`, "%/wpush/gone-b"); n != 1 {
			t.Fatal("the other device's subscription went too")
		}
		var list []push.Subscription
		f.call(a, "GET", "/v2/users/self/push_subscriptions", nil, http.StatusOK).JSON(t, &list)
		if len(list) != 1 || list[0].Current {
			t.Fatalf("list after 410: %+v", list)
		}
	})
}

// A notification with a later start time waits in the queue and goes out
// then, with what is left of its time to live; one whose time to live
// passed before it could be sent is dropped.
func TestStartTimeQueue(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		tok := f.srv.SignIn(t, "demo", "efir24", "push-later")
		f.subscribe(tok, "later")
		user := f.userID(tok)
		start := f.clock().Add(time.Hour).Unix()
		if _, err := f.sender.QueueUser(context.Background(), db, push.Notification{Title: "Матч", Body: "Через час",
			TimeStart: start, TimeToLive: 1800}, user); err != nil {
			t.Fatal(err)
		}
		if sent := f.deliver(); sent != 0 {
			t.Fatalf("sent %d before its start", sent)
		}
		if f.count(`SELECT COUNT(*) FROM push_deliveries`) != 1 {
			t.Fatal("the notification is not kept")
		}
		f.advance(time.Hour + 10*time.Minute)
		if sent := f.deliver(); sent != 1 {
			t.Fatalf("sent %d at its time; refused %v", sent, f.ps.rejected)
		}
		m := f.ps.messages()[0]
		if m.note.TimeStart != start || m.ttl != 1200 || m.urgency != "normal" {
			t.Fatalf("start %d ttl %d urgency %q", m.note.TimeStart, m.ttl, m.urgency)
		}

		// Expired before the job came round: dropped, nothing sent.
		if _, err := f.sender.QueueUser(context.Background(), db, push.Notification{Title: "Поздно", Body: "x",
			TimeStart: f.clock().Unix() + 60, TimeToLive: 60}, user); err != nil {
			t.Fatal(err)
		}
		f.advance(5 * time.Minute)
		if sent := f.deliver(); sent != 0 {
			t.Fatalf("an expired notification was sent")
		}
		if f.count(`SELECT COUNT(*) FROM push_deliveries`) != 0 || f.count(`SELECT COUNT(*) FROM push_notifications`) != 0 {
			t.Fatal("an expired notification stays queued")
		}
	})
}

// A message the operator sends with "also as a push" reaches the
// recipients' devices, now or at its time; without it, nothing is pushed.
func TestOperatorMessageAsPush(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		tok := f.srv.SignIn(t, "demo", "efir24", "push-console")
		f.subscribe(tok, "console")
		owner := f.srv.SignInStaff(t, "admin@efir.example", "efir24-admin")
		send := func(body map[string]any) {
			t.Helper()
			if res := owner.Do(apitest.Request{Method: "POST", Path: "/v2/operator/messages", Body: body}); res.Status != http.StatusCreated {
				t.Fatalf("send: %d %s", res.Status, res.Body)
			}
		}
		send(map[string]any{"title": "Без пуша", "text": "Только в сообщениях", "audience": "all"})
		if sent := f.deliver(); sent != 0 {
			t.Fatalf("a message without push was pushed")
		}
		send(map[string]any{"title": "Новые каналы", "text": "Десять новых каналов", "link": "https://efir.example/news",
			"audience": "user", "user_id": f.userID(tok), "push": true})
		// The server queued it on its own (real) clock: the test's sender
		// catches up with it first.
		f.advance(time.Since(f.clock()) + time.Second)
		if sent := f.deliver(); sent != 1 {
			t.Fatalf("sent %d; refused %v", sent, f.ps.rejected)
		}
		m := f.ps.messages()[0]
		if m.note.Title != "Новые каналы" || !strings.HasPrefix(m.note.Body, "Десять новых каналов") ||
			m.note.Destination != (push.Destination{Type: "url", Src: "https://efir.example/news"}) {
			t.Fatalf("payload %+v", m.note)
		}
	})
}

// The system's messages (a stopped stream, a failed renewal) are posted
// and pushed, leading to the messages.
func TestMessengerPushesSystemMessages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		tok := f.srv.SignIn(t, "demo", "efir24", "push-system")
		f.subscribe(tok, "system")
		posted := &postedMessages{}
		m := push.Messenger{Messages: posted, Push: f.sender}
		if _, err := m.PostMessage(context.Background(), f.userID(tok), "Трансляция остановлена", "Лимит устройств"); err != nil {
			t.Fatal(err)
		}
		if posted.n != 1 {
			t.Fatal("the message was not posted")
		}
		if sent := f.deliver(); sent != 1 {
			t.Fatalf("sent %d; refused %v", sent, f.ps.rejected)
		}
		got := f.ps.messages()[0]
		if got.note.Title != "Трансляция остановлена" || got.note.Destination != push.ToMessages || got.urgency != "high" {
			t.Fatalf("payload %+v urgency %s", got.note, got.urgency)
		}
	})
}

type postedMessages struct{ n int }

func (p *postedMessages) PostMessage(context.Context, int64, string, string) (int64, error) {
	p.n++
	return int64(p.n), nil
}

// A busy push service (503 with Retry-After) gets the message again after
// the wait it asked for, and only the device that missed it does; a service
// that stays busy is given up after five tries.
func TestBusyPushServiceIsTriedAgain(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		a := f.srv.SignIn(t, "demo", "efir24", "push-busy-a")
		b := f.srv.SignIn(t, "demo", "efir24", "push-busy-b")
		f.subscribe(a, "busy-a")
		f.subscribe(b, "busy-b")
		f.ps.mu.Lock()
		f.ps.busy["/wpush/busy-a"] = 1
		f.ps.mu.Unlock()
		user := f.userID(a)
		if _, err := f.sender.QueueUser(context.Background(), db, push.Notification{Title: "Матч", Body: "Начался"}, user); err != nil {
			t.Fatal(err)
		}
		if sent := f.deliver(); sent != 1 {
			t.Fatalf("sent %d, want 1 (one service busy)", sent)
		}
		f.advance(60 * time.Second) // past the first backoff, short of the 90 s asked for
		if sent := f.deliver(); sent != 0 {
			t.Fatalf("sent %d before the wait the service asked for", sent)
		}
		f.advance(31 * time.Second)
		if sent := f.deliver(); sent != 1 {
			t.Fatalf("sent %d on the retry, want 1; refused %v", sent, f.ps.rejected)
		}
		got := map[string]int{}
		for _, m := range f.ps.messages() {
			got[m.endpoint]++
		}
		if got["/wpush/busy-a"] != 1 || got["/wpush/busy-b"] != 1 {
			t.Fatalf("messages per device %v, want one each", got)
		}
		if f.count(`SELECT COUNT(*) FROM push_deliveries`) != 0 {
			t.Fatal("a delivered notification stays queued")
		}

		// Busy for good: five tries, then dropped.
		f.ps.mu.Lock()
		f.ps.busy["/wpush/busy-a"] = 100
		f.ps.mu.Unlock()
		if _, err := f.sender.QueueUser(context.Background(), db, push.Notification{Title: "x", Body: "y", TimeToLive: 7 * 24 * 3600}, user); err != nil {
			t.Fatal(err)
		}
		f.deliver()
		for i := 0; i < 6; i++ {
			f.advance(time.Hour)
			f.deliver()
		}
		f.ps.mu.Lock()
		left := f.ps.busy["/wpush/busy-a"]
		f.ps.mu.Unlock()
		if tries := 100 - left; tries != 5 {
			t.Fatalf("%d tries of a busy service, want 5", tries)
		}
		if f.count(`SELECT COUNT(*) FROM push_deliveries`) != 0 {
			t.Fatal("a notification whose tries are used up stays queued")
		}
	})
}
