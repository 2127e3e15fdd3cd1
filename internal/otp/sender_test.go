package otp

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"efir/internal/httpx"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestSMSGateway(t *testing.T) {
	var (
		mu     sync.Mutex
		got    []map[string]string
		status = http.StatusOK
	)
	gw := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if r.Method != "POST" || r.Header.Get("Authorization") != "Bearer s3cret" ||
			!strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		var m map[string]string
		_ = json.NewDecoder(r.Body).Decode(&m)
		got = append(got, m)
		w.WriteHeader(status)
		_, _ = io.WriteString(w, "queued")
	}))
	defer gw.Close()

	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		mu.Lock()
		got, status = nil, http.StatusOK
		mu.Unlock()
		s, _ := testService(t, db, Config{Sender: "sms", SMSGatewayURL: gw.URL, SMSGatewayToken: "s3cret"})
		must(t, s.Send(ctx, 1, "79000000001", "login", client))
		mu.Lock()
		if len(got) != 1 || got[0]["phone"] != "79000000001" || !strings.Contains(got[0]["text"], "Efir Demo") {
			t.Fatalf("gateway got %v", got)
		}
		code := codeIn(got[0]["text"])
		status = http.StatusBadGateway
		mu.Unlock()
		must(t, s.Verify(ctx, "79000000001", "login", code))

		// A failed delivery is a 503 for the client; the cause is kept for the log.
		err := s.SendText(ctx, 1, "79000000001", "hello")
		var e *httpx.Error
		if !errors.As(err, &e) || e.Status != 503 || e.Cause == nil || !strings.Contains(e.Cause.Error(), "502") {
			t.Fatalf("want 503 with the gateway status as cause, got %#v", err)
		}
		// Nothing went to the outbox.
		if list, _ := ListOutbox(ctx, db, "", 10); len(list) != 0 {
			t.Fatalf("outbox used: %+v", list)
		}
	})

	// An unreachable gateway is an error too.
	bad := newSMSSender("http://127.0.0.1:1/", "")
	if err := bad.Send(context.Background(), Message{Phone: "1", Text: "x"}); err == nil {
		t.Fatal("want an error")
	}
}

// fakeTelegram is a Bot API double recording sendMessage calls.
type fakeTelegram struct {
	mu    sync.Mutex
	sent  []map[string]any
	hooks []map[string]any
	fail  bool
	srv   *httptest.Server
}

func newFakeTelegram(t *testing.T) *fakeTelegram {
	f := &fakeTelegram{}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		var m map[string]any
		_ = json.NewDecoder(r.Body).Decode(&m)
		switch {
		case r.URL.Path != "/botTOKEN:1/sendMessage" && r.URL.Path != "/botTOKEN:1/setWebhook":
			w.WriteHeader(404)
			_, _ = io.WriteString(w, `{"ok":false,"description":"Not Found"}`)
		case f.fail:
			w.WriteHeader(400)
			_, _ = io.WriteString(w, `{"ok":false,"description":"Bad Request: chat not found"}`)
		case strings.HasSuffix(r.URL.Path, "setWebhook"):
			f.hooks = append(f.hooks, m)
			_, _ = io.WriteString(w, `{"ok":true,"result":true}`)
		default:
			f.sent = append(f.sent, m)
			_, _ = io.WriteString(w, `{"ok":true,"result":{"message_id":1}}`)
		}
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeTelegram) messages() []map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]map[string]any(nil), f.sent...)
}

func webhook(t *testing.T, s *Service, secret, body string) int {
	t.Helper()
	r := httptest.NewRequest("POST", "/v2/otp/telegram/webhook", strings.NewReader(body))
	r.Header.Set("X-Telegram-Bot-Api-Secret-Token", secret)
	w := httptest.NewRecorder()
	httpx.Handler(s.handleTelegramWebhook).ServeHTTP(w, r)
	return w.Code
}

func TestTelegramSender(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		tg := newFakeTelegram(t)
		s, clk := testService(t, db, Config{Sender: "telegram", TelegramBotToken: "TOKEN:1", TelegramAPIURL: tg.srv.URL,
			TelegramBotName: "@efir_bot"})
		secret := s.bot.webhookSecret()

		// Unlinked phone: the code goes to the fallback (outbox).
		must(t, s.Send(ctx, 1, "79000000001", "login", client))
		if len(tg.messages()) != 0 || lastCode(t, db, "79000000001") == "" {
			t.Fatal("unlinked phone must use the fallback")
		}

		// The webhook wants the secret.
		if code := webhook(t, s, "wrong", `{}`); code != 401 {
			t.Fatalf("bad secret answered %d", code)
		}
		// /start asks for the contact.
		if code := webhook(t, s, secret, `{"message":{"chat":{"id":555},"from":{"id":42},"text":"/start 79000000001"}}`); code != 200 {
			t.Fatalf("start answered %d", code)
		}
		msgs := tg.messages()
		if len(msgs) != 1 || msgs[0]["chat_id"] != float64(555) || !strings.Contains(toJSON(msgs[0]["reply_markup"]), `"request_contact":true`) {
			t.Fatalf("start reply %v", msgs)
		}
		// The bot answers in the Telegram user's language.
		webhook(t, s, secret, `{"message":{"chat":{"id":556},"from":{"id":44,"language_code":"kk"},"text":"/start"}}`)
		msgs = tg.messages()
		if last := msgs[len(msgs)-1]; !strings.Contains(last["text"].(string), "телефон нөміріңізбен") {
			t.Fatalf("kk reply %v", last)
		}
		// Someone else's contact links nothing.
		webhook(t, s, secret, `{"message":{"chat":{"id":555},"from":{"id":42},"contact":{"phone_number":"+79000000001","user_id":43}}}`)
		if _, err := chatOf(ctx, db, "79000000001"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("foreign contact linked: %v", err)
		}
		// Their own contact links the phone and re-issues the pending code into the chat.
		webhook(t, s, secret, `{"message":{"chat":{"id":555},"from":{"id":42},"contact":{"phone_number":"+79000000001","user_id":42}}}`)
		if chat, err := chatOf(ctx, db, "79000000001"); err != nil || chat != 555 {
			t.Fatalf("own contact: chat %d, %v", chat, err)
		}
		msgs = tg.messages()
		last := msgs[len(msgs)-1]["text"].(string)
		if !strings.Contains(last, "Efir Demo") || len(msgs) != 5 {
			t.Fatalf("re-issued code not in the chat: %v", msgs)
		}
		code := codeIn(last)
		must(t, s.Verify(ctx, "79000000001", "login", code))

		// Linked phone: codes go to Telegram.
		clk.advance(time.Minute)
		must(t, s.Send(ctx, 1, "79000000001", "login", client))
		msgs = tg.messages()
		if len(msgs) != 6 || msgs[5]["chat_id"] != float64(555) {
			t.Fatalf("linked phone: %v", msgs)
		}
		// Telegram failing: the fallback still delivers.
		tg.mu.Lock()
		tg.fail = true
		tg.mu.Unlock()
		before, _ := ListOutbox(ctx, db, "79000000001", 100)
		must(t, s.SendText(ctx, 1, "79000000001", "PIN 1234"))
		after, _ := ListOutbox(ctx, db, "79000000001", 100)
		if len(after) != len(before)+1 {
			t.Fatal("fallback not used when Telegram fails")
		}
		// Garbage updates are acknowledged.
		if code := webhook(t, s, secret, `not json`); code != 200 {
			t.Fatalf("garbage answered %d", code)
		}
	})
}

func TestTelegramWebhookRegistration(t *testing.T) {
	tg := newFakeTelegram(t)
	bot := newTelegramBot(tg.srv.URL, "TOKEN:1", "efir_bot")
	bot.registerWebhook("https://tv.example")
	tg.mu.Lock()
	defer tg.mu.Unlock()
	if len(tg.hooks) != 1 || tg.hooks[0]["url"] != "https://tv.example/v2/otp/telegram/webhook" || tg.hooks[0]["secret_token"] != bot.webhookSecret() {
		t.Fatalf("setWebhook: %v", tg.hooks)
	}
	// Errors never show the token.
	err := newTelegramBot("http://127.0.0.1:1", "SECRET:TOKEN", "b").call(context.Background(), "getMe", nil)
	if err == nil || strings.Contains(err.Error(), "SECRET:TOKEN") {
		t.Fatalf("error leaks the token: %v", err)
	}
}

func codeIn(text string) string {
	for _, f := range strings.Fields(text) {
		f = strings.TrimRight(f, ".")
		if len(f) >= 4 && strings.Trim(f, "0123456789") == "" {
			return f
		}
	}
	return ""
}

func toJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
