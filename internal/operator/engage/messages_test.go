package engage_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/operator/engage"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type broadcast struct {
	ID         int64  `json:"id"`
	Status     string `json:"status"`
	Recipients int    `json:"recipients"`
}

func (f *fixture) got(userID, broadcastID int64) int {
	f.t.Helper()
	var n int
	if err := store.Get(f.t.Context(), f.db, `SELECT COUNT(*) FROM messages WHERE user_id = ? AND broadcast_id = ?`,
		[]any{userID, broadcastID}, &n); err != nil {
		f.t.Fatal(err)
	}
	return n
}

// A message to a packet's subscribers reaches only them; one to everybody
// reaches every registered viewer of the operator and no other operator's;
// the viewer reads it in the existing list, and the card shows it.
func TestSendMessages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		packet := f.id(`SELECT id FROM packets WHERE provider_id = 1 ORDER BY id LIMIT 1`)
		holder, other := f.viewer(1, "engage-holder"), f.viewer(1, "engage-other")
		f.hold(holder, packet)
		demo := f.id(`SELECT id FROM users WHERE username = 'demo'`)
		alma := f.id(`SELECT id FROM users WHERE username = 'alma'`)

		var b broadcast
		f.do(f.owner, "POST", "/v2/operator/messages", map[string]any{"title": "Новое в пакете", "text": "Смотрите сегодня.",
			"audience": "packet", "packet_id": packet}, http.StatusCreated).JSON(t, &b)
		if b.Status != "sent" || f.got(holder, b.ID) != 1 || f.got(other, b.ID) != 0 || f.got(alma, b.ID) != 0 {
			t.Fatalf("packet message: %+v holder %d other %d", b, f.got(holder, b.ID), f.got(other, b.ID))
		}
		var holders int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM messages WHERE broadcast_id = ?`, []any{b.ID}, &holders); err != nil {
			t.Fatal(err)
		}
		if holders != b.Recipients {
			t.Fatalf("recipients %d, rows %d", b.Recipients, holders)
		}

		var all broadcast
		f.do(f.owner, "POST", "/v2/operator/messages", map[string]any{"title": "Всем", "text": "Привет.", "link": "https://efir.example/news",
			"audience": "all"}, http.StatusCreated).JSON(t, &all)
		var viewers int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM users WHERE provider_id = 1 AND is_guest = FALSE`, nil, &viewers); err != nil {
			t.Fatal(err)
		}
		if all.Recipients != viewers || f.got(other, all.ID) != 1 || f.got(alma, all.ID) != 0 {
			t.Fatalf("everybody: %+v of %d", all, viewers)
		}

		var one broadcast
		f.do(f.owner, "POST", "/v2/operator/messages", map[string]any{"title": "Лично", "text": "Только вам.", "audience": "user",
			"user_id": demo}, http.StatusCreated).JSON(t, &one)
		if one.Recipients != 1 || f.got(demo, one.ID) != 1 {
			t.Fatalf("one viewer: %+v", one)
		}
		token := f.srv.SignIn(t, "demo", "efir24", "engage-msg")
		var list []struct {
			Title string `json:"title"`
			Text  string `json:"text"`
			Link  string `json:"link"`
		}
		f.srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/messages", Token: token}).JSON(t, &list)
		// The link also comes on its own (the viewer's notice of an external poll reads it).
		if len(list) < 2 || list[0].Title != "Лично" || list[1].Title != "Всем" || list[1].Text != "Привет.\n\nhttps://efir.example/news" ||
			list[1].Link != "https://efir.example/news" || list[0].Link != "" {
			t.Fatalf("viewer's list: %+v", list)
		}
		var card []struct {
			Title       string `json:"title"`
			BroadcastID int64  `json:"broadcast_id"`
			Link        string `json:"link"`
		}
		f.do(f.owner, "GET", fmt.Sprintf("/v2/operator/subscribers/%d/messages", demo), nil, http.StatusOK).JSON(t, &card)
		if len(card) < 2 || card[0].BroadcastID != one.ID || card[1].Link != "https://efir.example/news" {
			t.Fatalf("card: %+v", card)
		}

		// Bad forms: a viewer or packet of another operator, a bad link.
		almaPacket := f.id(`SELECT id FROM packets WHERE provider_id = 2 ORDER BY id LIMIT 1`)
		for _, body := range []map[string]any{
			{"title": "x", "text": "y", "audience": "user", "user_id": alma},
			{"title": "x", "text": "y", "audience": "packet", "packet_id": almaPacket},
			{"title": "x", "text": "y", "audience": "all", "link": "javascript:alert(1)"},
			{"title": "", "text": "y", "audience": "all"},
			{"title": "x", "text": "y", "audience": "friends"},
		} {
			f.do(f.owner, "POST", "/v2/operator/messages", body, http.StatusBadRequest)
		}
		var n int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM audit_log WHERE action = 'message.send'`, nil, &n); err != nil || n != 3 {
			t.Fatalf("audit: %d %v", n, err)
		}
	})
}

// A message for later is sent by the job once its time comes, once; a
// cancelled one never.
func TestScheduledMessages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		demo := f.id(`SELECT id FROM users WHERE username = 'demo'`)
		at := f.clock.Now().Add(time.Hour).Unix()
		var b, c broadcast
		f.do(f.owner, "POST", "/v2/operator/messages", map[string]any{"title": "Позже", "text": "Через час.", "audience": "user",
			"user_id": demo, "send_at": at}, http.StatusCreated).JSON(t, &b)
		f.do(f.owner, "POST", "/v2/operator/messages", map[string]any{"title": "Отменим", "text": "Не дойдёт.", "audience": "all",
			"send_at": at}, http.StatusCreated).JSON(t, &c)
		if b.Status != "scheduled" || f.got(demo, b.ID) != 0 {
			t.Fatalf("scheduled: %+v", b)
		}
		f.do(f.owner, "POST", fmt.Sprintf("/v2/operator/messages/%d/cancel", c.ID), nil, http.StatusOK)
		f.do(f.owner, "POST", fmt.Sprintf("/v2/operator/messages/%d/cancel", c.ID), nil, http.StatusConflict)

		if n, err := engage.DeliverDue(t.Context(), db, f.clock.Now().Unix(), nil); err != nil || n != 0 {
			t.Fatalf("before its time: %d %v", n, err)
		}
		f.clock.Add(time.Hour)
		if n, err := engage.DeliverDue(t.Context(), db, f.clock.Now().Unix(), nil); err != nil || n != 1 {
			t.Fatalf("at its time: %d %v", n, err)
		}
		if n, err := engage.DeliverDue(t.Context(), db, f.clock.Now().Unix()+60, nil); err != nil || n != 0 {
			t.Fatalf("again: %d %v", n, err)
		}
		if f.got(demo, b.ID) != 1 || f.got(demo, c.ID) != 0 {
			t.Fatalf("delivered %d and cancelled %d", f.got(demo, b.ID), f.got(demo, c.ID))
		}
		f.owner = f.srv.SignInStaff(t, ownerEmail, ownerPass) // the session idled out meanwhile
		var list []broadcast
		f.do(f.owner, "GET", "/v2/operator/messages", nil, http.StatusOK).JSON(t, &list)
		if len(list) != 2 || list[0].Status != "cancelled" || list[1].Status != "sent" || list[1].Recipients != 1 {
			t.Fatalf("list: %+v", list)
		}
		f.do(f.owner, "POST", fmt.Sprintf("/v2/operator/messages/%d/cancel", b.ID), nil, http.StatusConflict)
	})
}
