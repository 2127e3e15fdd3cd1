package otp

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/netip"
	"strings"
	"testing"
	"time"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// clock is a settable test clock.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

// testService builds the code service on db with two operators: id 1 with
// 6-digit codes and id 2 with 4-digit codes.
func testService(t *testing.T, db *store.DB, cfg Config) (*Service, *clock) {
	t.Helper()
	ctx := context.Background()
	for _, p := range []provider.Provider{
		{ID: 1, Shortname: "demo", Name: "Efir Demo", IsDefault: true, OTPLength: 6},
		{ID: 2, Shortname: "alma", Name: "Alma Demo", OTPLength: 4},
	} {
		if err := provider.Save(ctx, db, &p); err != nil {
			t.Fatal(err)
		}
	}
	providers, err := provider.NewService(ctx, db, provider.Config{})
	if err != nil {
		t.Fatal(err)
	}
	c := &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	cfg.Now = c.now
	s, err := NewService(db, cfg, providers)
	if err != nil {
		t.Fatal(err)
	}
	return s, c
}

var client = netip.MustParseAddr("203.0.113.9")

// lastCode reads the newest outbox code of phone.
func lastCode(t *testing.T, db *store.DB, phone string) string {
	t.Helper()
	list, err := ListOutbox(context.Background(), db, phone, 1)
	if err != nil || len(list) == 0 {
		t.Fatalf("no outbox entry for %s: %v", phone, err)
	}
	return list[0].Code
}

// wantCodeError checks a 400 validation_error with detail token = key.
func wantCodeError(t *testing.T, err error, key string) {
	t.Helper()
	var e *httpx.Error
	if !errors.As(err, &e) || e.Status != 400 || e.Type != httpx.TypeValidation || e.Key != key || e.Detail["token"] != key {
		t.Fatalf("want 400 validation_error %s, got %#v", key, err)
	}
}

func wantRateLimited(t *testing.T, err error, wait string) {
	t.Helper()
	var e *httpx.Error
	if !errors.As(err, &e) || e.Status != 429 || e.Type != httpx.TypeRateLimited || e.Detail["wait"] != wait {
		t.Fatalf("want 429 with wait %s, got %#v", wait, err)
	}
}

func TestSendAndVerify(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, _ := testService(t, db, Config{})
		var logs bytes.Buffer
		old := slog.Default()
		slog.SetDefault(slog.New(slog.NewTextHandler(&logs, nil)))
		err := s.Send(ctx, 1, "79000000001", "login", client)
		slog.SetDefault(old)
		if err != nil {
			t.Fatal(err)
		}
		code := lastCode(t, db, "79000000001")
		if len(code) != 6 || strings.Trim(code, "0123456789") != "" {
			t.Fatalf("code %q", code)
		}
		if !strings.Contains(logs.String(), "phone=79000000001 code="+code) {
			t.Fatalf("log line lacks the code: %s", logs.String())
		}
		// Only a hash is stored.
		var hash string
		if err := store.Get(ctx, db, "SELECT code_hash FROM otp_codes", nil, &hash); err != nil {
			t.Fatal(err)
		}
		if hash == code || strings.HasPrefix(hash, code) || len(hash) < 64 {
			t.Fatalf("stored %q", hash)
		}
		if ok, _ := s.Exists(ctx, "79000000001", Requester{Address: client}); !ok {
			t.Fatal("live code not seen")
		}
		wantCodeError(t, s.Verify(ctx, "79000000001", "login", wrong(code)), "error_code_wrong")
		wantCodeError(t, s.Verify(ctx, "79000000001", "alma", code), "error_code_request_new")  // other purpose
		wantCodeError(t, s.Verify(ctx, "79000000002", "login", code), "error_code_request_new") // other phone
		if err := s.Verify(ctx, "79000000001", "login", code); err != nil {
			t.Fatalf("right code: %v", err)
		}
		// One-time: the same code again is refused.
		wantCodeError(t, s.Verify(ctx, "79000000001", "login", code), "error_code_request_new")
		if ok, _ := s.Exists(ctx, "79000000001", Requester{Address: client}); ok {
			t.Fatal("used code still live")
		}
		// The provider's code length.
		if err := s.Send(ctx, 2, "77010000001", "alma", client); err != nil {
			t.Fatal(err)
		}
		if c := lastCode(t, db, "77010000001"); len(c) != 4 {
			t.Fatalf("alma code %q", c)
		}
	})
}

func wrong(code string) string {
	b := []byte(code)
	b[0] = '0' + (b[0]-'0'+1)%10
	return string(b)
}

func TestCodeExpiresAndBurns(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, clk := testService(t, db, Config{})
		must(t, s.Send(ctx, 1, "79000000001", "login", client))
		code := lastCode(t, db, "79000000001")
		clk.advance(5*time.Minute - time.Second)
		if ok, _ := s.Exists(ctx, "79000000001", Requester{Address: client}); !ok {
			t.Fatal("code expired early")
		}
		clk.advance(time.Second)
		if ok, _ := s.Exists(ctx, "79000000001", Requester{Address: client}); ok {
			t.Fatal("expired code still live")
		}
		wantCodeError(t, s.Verify(ctx, "79000000001", "login", code), "error_code_expired")

		// Five wrong tries burn the code; the right one is useless then.
		clk.advance(time.Minute)
		must(t, s.Send(ctx, 1, "79000000001", "login", client))
		code = lastCode(t, db, "79000000001")
		for i := 1; i < maxTries; i++ {
			wantCodeError(t, s.Verify(ctx, "79000000001", "login", wrong(code)), "error_code_wrong")
		}
		wantCodeError(t, s.Verify(ctx, "79000000001", "login", wrong(code)), "error_code_burnt")
		wantCodeError(t, s.Verify(ctx, "79000000001", "login", code), "error_code_request_new")

		// A new code replaces the old one.
		clk.advance(time.Minute)
		must(t, s.Send(ctx, 1, "79000000001", "login", client))
		first := lastCode(t, db, "79000000001")
		clk.advance(time.Minute)
		must(t, s.Send(ctx, 1, "79000000001", "login", client))
		second := lastCode(t, db, "79000000001")
		if first != second {
			wantCodeError(t, s.Verify(ctx, "79000000001", "login", first), "error_code_wrong")
		}
		must(t, s.Verify(ctx, "79000000001", "login", second))
	})
}

func TestRateLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, clk := testService(t, db, Config{})
		phone := "79000000001"
		must(t, s.Send(ctx, 1, phone, "login", client))
		clk.advance(10 * time.Second)
		wantRateLimited(t, s.Send(ctx, 1, phone, "login", client), "50")
		// The gap applies whatever the purpose: it is the same phone.
		wantRateLimited(t, s.Send(ctx, 1, phone, "alma", client), "50")
		clk.advance(50 * time.Second)
		for i := 2; i <= phonePerHour; i++ {
			must(t, s.Send(ctx, 1, phone, "login", client))
			clk.advance(time.Minute)
		}
		// Sixth send within the hour: wait until the first one leaves the window.
		wantRateLimited(t, s.Send(ctx, 1, phone, "login", client), "3300")
		clk.advance(3300 * time.Second)
		must(t, s.Send(ctx, 1, phone, "login", client))

		// Per client address: 20 an hour over any phones.
		ip := netip.MustParseAddr("198.51.100.7")
		for i := range addressPerHour {
			must(t, s.Send(ctx, 1, "7900100"+pad4(i), "login", ip))
		}
		wantRateLimited(t, s.Send(ctx, 1, "79009999999", "login", ip), "3600")
		// Another address is not affected, nor a send without an address.
		must(t, s.Send(ctx, 1, "79009999999", "login", netip.MustParseAddr("198.51.100.8")))
		must(t, s.Send(ctx, 1, "79008888888", "login", netip.Addr{}))
	})
}

func pad4(i int) string {
	s := "0000" + string(rune('0'+i/10)) + string(rune('0'+i%10))
	return s[len(s)-4:]
}

func TestSendText(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, _ := testService(t, db, Config{})
		must(t, s.SendText(ctx, 1, "79000000001", "Ваш новый ПИН: 1234"))
		list, err := ListOutbox(ctx, db, "", 10)
		if err != nil || len(list) != 1 || list[0].Text != "Ваш новый ПИН: 1234" || list[0].Code != "" || list[0].CreatedAt == 0 {
			t.Fatalf("outbox: %v %+v", err, list)
		}
	})
}

func TestNewServiceConfig(t *testing.T) {
	db := storetest.SQLite(t)
	for _, cfg := range []Config{{Sender: "sms"}, {Sender: "telegram"}, {Sender: "pigeon"}} {
		if _, err := NewService(db, cfg, nil); err == nil {
			t.Errorf("%+v: want an error", cfg)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
