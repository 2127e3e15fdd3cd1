package otp_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/config"
	"efir/internal/otp"
	"efir/internal/provider"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// sendCode issues a code asked for from addr through a second service on
// the same database, as another copy of efir would.
func sendCode(t *testing.T, db *store.DB, phone, addr string) {
	t.Helper()
	ctx := context.Background()
	providers, err := provider.NewService(ctx, db, provider.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := otp.NewService(db, otp.Config{}, providers)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(ctx, 1, phone, "login", netip.MustParseAddr(addr)); err != nil {
		t.Fatal(err)
	}
}

func TestCodeStatusEndpoints(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		for _, c := range []struct {
			path   string
			status int
			want   string
		}{
			{"/v2/otp/send_methods?phone=%2B7+900+000-00-01", 200, `{"methods":["sms"],"link":null}`},
			{"/v2/otp/send_methods", 400, `"phone":`},
			{"/v2/otp/send_methods?phone=123", 400, `"type":"validation_error"`},
			{"/v2/otp/exist?phone=79000000001", 200, `{"otp_exist":false}`},
			{"/v2/otp/exist?phone=abc", 400, `"type":"validation_error"`},
			{"/v2/dev/outbox", 200, `[]`},
		} {
			res := srv.Do(apitest.Request{Method: "GET", Path: c.path})
			if res.Status != c.status || !strings.Contains(string(res.Body), c.want) {
				t.Errorf("%s: %d %s, want %d with %s", c.path, res.Status, res.Body, c.status, c.want)
			}
		}
		// The code is told to the address that asked for it (the apitest
		// client's, 10.0.0.1), in any spelling of the phone.
		sendCode(t, db, "79000000001", "10.0.0.1")
		for path, want := range map[string]string{
			"/v2/otp/exist?phone=8+(900)+000-00-01": `{"otp_exist":true}`,
			"/v2/otp/exist?phone=79000000002":       `{"otp_exist":false}`,
			"/v2/dev/outbox?phone=79000000001":      `"phone":"79000000001","code":"`,
			"/v2/dev/outbox?phone=79000000002":      `[]`,
		} {
			res := srv.Do(apitest.Request{Method: "GET", Path: path})
			if res.Status != 200 || !strings.Contains(string(res.Body), want) {
				t.Errorf("%s: %d %s, want %s", path, res.Status, res.Body, want)
			}
		}
		// The Alma operator's network uses its own mask (also 11 digits here).
		srv.RemoteAddr = "192.168.77.1:1000"
		sendCode(t, db, "79000000003", "192.168.77.1")
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/otp/exist?phone=79000000003"})
		if res.Status != 200 || !strings.Contains(string(res.Body), `true`) {
			t.Errorf("alma network: %d %s", res.Status, res.Body)
		}
	})
}

func TestDevOutboxOnlyInDevelopment(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db, func(c *config.Config) { c.Dev = false })
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/dev/outbox"})
		if res.Status != 404 || res.ErrorType() != "not_found" {
			t.Fatalf("production outbox: %d %s", res.Status, res.Body)
		}
	})
}

func TestSendMethodsWithTelegram(t *testing.T) {
	bot := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"ok":true,"result":true}`))
	}))
	defer bot.Close()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db, func(c *config.Config) {
			c.OTPSender = "telegram"
			c.TelegramBotToken = "TOKEN:1"
			c.TelegramBotName = "efir_bot"
			c.TelegramAPIURL = bot.URL
		})
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/otp/send_methods?phone=89000000001"})
		want := `{"methods":["telegram","sms"],"link":"https://t.me/efir_bot?start=79000000001"}`
		if res.Status != 200 || strings.TrimSpace(string(res.Body)) != want {
			t.Fatalf("send methods: %d %s", res.Status, res.Body)
		}
		// The webhook exists and wants Telegram's secret header.
		res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/otp/telegram/webhook", Body: map[string]any{"update_id": 1},
			Header: http.Header{"X-Telegram-Bot-Api-Secret-Token": {"guess"}}})
		if res.Status != 401 {
			t.Fatalf("webhook without the secret: %d %s", res.Status, res.Body)
		}
	})
}
