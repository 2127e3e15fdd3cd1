package settings_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The test server's clock (newServer).
var testNow = time.Unix(1_800_000_000, 0)

const (
	efirBot = "123456789:AAEfirDemoBotToken_abcdefghijklmnopqrs"
	almaBot = "555555555:AAAlmaDemoBotToken_abcdefghijklmnopqrs"
)

// launchData signs mini-app launch data for Telegram user tgID with token,
// as Telegram does.
func launchData(token string, tgID int64, authDate time.Time) string {
	v := url.Values{}
	v.Set("user", `{"id":`+strconv.FormatInt(tgID, 10)+`,"first_name":"Dana"}`)
	v.Set("auth_date", strconv.FormatInt(authDate.Unix(), 10))
	v.Set("query_id", "AAHdF6IQAAAAAN0XohDhrOrc")
	lines := []string{}
	for k := range v {
		lines = append(lines, k+"="+v.Get(k))
	}
	sort.Strings(lines)
	key := hmac.New(sha256.New, []byte("WebAppData"))
	key.Write([]byte(token))
	m := hmac.New(sha256.New, key.Sum(nil))
	m.Write([]byte(strings.Join(lines, "\n")))
	v.Set("hash", hex.EncodeToString(m.Sum(nil)))
	return v.Encode()
}

type modesView struct {
	Partners []struct {
		ID            string `json:"id"`
		HideLogout    bool   `json:"hide_logout"`
		HomeURL       string `json:"home_url"`
		InstallNotice *struct {
			Variant       string `json:"variant"`
			ReopenSeconds int    `json:"reopen_seconds"`
		} `json:"install_notice"`
	} `json:"partners"`
	Telegram struct {
		Configured bool  `json:"configured"`
		BotID      int64 `json:"bot_id"`
	} `json:"telegram"`
}

// The partners are the operator's settings and reach the viewers' network
// data; the bot token is kept sealed and never shown again.
func TestModesSettings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		owner := signIn(t, srv, ownerEmail, ownerPass)
		partners := []map[string]any{{
			"id": "Bank_App", "name": "Bank", "hide_logout": true, "home_url": "https://bank.example/tv",
			"closed_outside_webview": true, "install_notice": map[string]any{"variant": "bank_app", "delay_seconds": 0, "reopen_seconds": 259200},
			"app_offer": "",
		}}
		var m modesView
		res := owner.do("PATCH", "/v2/operator/settings/modes", map[string]any{"partners": partners, "telegram_bot_token": efirBot})
		mustStatus(t, res, http.StatusOK)
		res.JSON(t, &m)
		if len(m.Partners) != 1 || m.Partners[0].ID != "bank_app" || !m.Partners[0].HideLogout || !m.Telegram.Configured ||
			m.Telegram.BotID != 123456789 || m.Partners[0].InstallNotice == nil || m.Partners[0].InstallNotice.ReopenSeconds != 259200 {
			t.Fatalf("saved modes: %s", res.Body)
		}
		if strings.Contains(string(res.Body), "AAEfir") {
			t.Fatalf("the token is shown: %s", res.Body)
		}
		var sealed string
		if err := store.Get(t.Context(), db, "SELECT token_sealed FROM telegram_bots WHERE provider_id = 1", nil, &sealed); err != nil ||
			strings.Contains(sealed, "AAEfir") {
			t.Fatalf("the token is not sealed: %q %v", sealed, err)
		}
		var audit int
		if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM audit_log WHERE action = 'settings.modes.update' AND (before_json LIKE '%AAEfir%' OR after_json LIKE '%AAEfir%')", nil, &audit); err != nil || audit != 0 {
			t.Fatalf("the token is in the audit log: %d %v", audit, err)
		}

		var ni struct {
			Partners []struct {
				ID                   string `json:"id"`
				HomeURL              string `json:"home_url"`
				ClosedOutsideWebview bool   `json:"closed_outside_webview"`
			} `json:"partners"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/network"}).JSON(t, &ni)
		if len(ni.Partners) != 1 || ni.Partners[0].HomeURL != "https://bank.example/tv" || !ni.Partners[0].ClosedOutsideWebview {
			t.Fatalf("network partners: %+v", ni.Partners)
		}

		// Refusals name the field; nothing changes.
		for _, bad := range []map[string]any{
			{"partners": []map[string]any{{"id": "a b"}}},
			{"partners": []map[string]any{{"id": "x", "home_url": "javascript:alert(1)"}}},
			{"partners": []map[string]any{{"id": "x"}, {"id": "X"}}},
			{"partners": []map[string]any{{"id": "x", "install_notice": map[string]any{"variant": "v", "reopen_seconds": -1}}}},
			{"telegram_bot_token": "not-a-token"},
		} {
			res := owner.do("PATCH", "/v2/operator/settings/modes", bad)
			if res.Status != http.StatusBadRequest || res.ErrorType() != "validation_error" {
				t.Fatalf("%v: %d %s", bad, res.Status, res.Body)
			}
		}
		owner.do("GET", "/v2/operator/settings/modes", nil).JSON(t, &m)
		if len(m.Partners) != 1 || !m.Telegram.Configured {
			t.Fatalf("a refusal changed the modes: %+v", m)
		}
		// Other settings' changes keep the partners.
		mustStatus(t, owner.do("PATCH", "/v2/operator/settings", map[string]any{"device_limit": 4}), http.StatusOK)
		owner.do("GET", "/v2/operator/settings/modes", nil).JSON(t, &m)
		if len(m.Partners) != 1 {
			t.Fatalf("a settings change lost the partners: %+v", m)
		}
		// "" removes the bot.
		owner.do("PATCH", "/v2/operator/settings/modes", map[string]any{"telegram_bot_token": ""}).JSON(t, &m)
		if m.Telegram.Configured || len(m.Partners) != 1 {
			t.Fatalf("after removing the bot: %+v", m)
		}
	})
}

// Signing in from the mini app: valid launch data signs the Telegram user
// in (the same user each time, a registered one, not a guest); tampered,
// expired or another operator's bot's data is refused.
func TestTelegramSignIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		addStaff(t, db, 2, "owner@alma.example", "owner")
		signInAuth := func(addr, data string) *apitest.Response {
			srv.RemoteAddr = addr
			return srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/telegram", Body: map[string]string{"init_data": data}})
		}
		const efirAddr, almaAddr = "10.0.0.7:5000", "192.168.77.7:5000"
		fresh := testNow.Add(-10 * time.Minute)

		// No bot yet: the mini app cannot sign in.
		res := signInAuth(efirAddr, launchData(efirBot, 77, fresh))
		if res.Status != http.StatusForbidden || res.ErrorType() != "permission_denied" {
			t.Fatalf("without a bot: %d %s", res.Status, res.Body)
		}
		mustStatus(t, signIn(t, srv, ownerEmail, ownerPass).do("PATCH", "/v2/operator/settings/modes",
			map[string]any{"telegram_bot_token": efirBot}), http.StatusOK)
		mustStatus(t, signIn(t, srv, "owner@alma.example", staffPass).do("PATCH", "/v2/operator/settings/modes",
			map[string]any{"telegram_bot_token": almaBot}), http.StatusOK)

		res = signInAuth(efirAddr, launchData(efirBot, 77, fresh))
		mustStatus(t, res, http.StatusOK)
		var tok struct {
			AccessToken string `json:"access_token"`
		}
		res.JSON(t, &tok)
		device := srv.SignInDevice(t, tok.AccessToken, "tg-serial-1")
		var me struct {
			ID        int64  `json:"id"`
			IsGuest   bool   `json:"is_guest"`
			FirstName string `json:"first_name"`
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: device}).JSON(t, &me)
		if me.IsGuest || me.FirstName != "Dana" || me.ID == 0 {
			t.Fatalf("the mini app's user: %+v", me)
		}
		// The same Telegram account is the same user next time.
		res = signInAuth(efirAddr, launchData(efirBot, 77, testNow))
		mustStatus(t, res, http.StatusOK)
		var again int64
		if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM telegram_logins WHERE provider_id = 1 AND telegram_id = 77", nil, &again); err != nil || again != 1 {
			t.Fatalf("links of the Telegram account: %d %v", again, err)
		}

		valid := launchData(efirBot, 77, fresh)
		for name, data := range map[string]string{
			"tampered":               strings.Replace(valid, "Dana", "Eve", 1),
			"expired":                launchData(efirBot, 77, testNow.Add(-25*time.Hour)),
			"another operator's bot": launchData(almaBot, 77, fresh),
			"a made-up bot":          launchData("111111111:AAMadeUpBotToken_abcdefghijklmnopqrst", 77, fresh),
			"empty":                  "",
		} {
			res := signInAuth(efirAddr, data)
			if res.Status != http.StatusBadRequest || res.ErrorType() != "validation_error" {
				t.Errorf("%s: %d %s", name, res.Status, res.Body)
			}
		}
		// The other operator's viewers sign in with its own bot, as its own user.
		res = signInAuth(almaAddr, launchData(almaBot, 77, fresh))
		mustStatus(t, res, http.StatusOK)
		res = signInAuth(almaAddr, launchData(efirBot, 77, fresh))
		if res.Status != http.StatusBadRequest {
			t.Fatalf("Efir's bot at Alma: %d %s", res.Status, res.Body)
		}
		var users int
		if err := store.Get(t.Context(), db, "SELECT COUNT(DISTINCT user_id) FROM telegram_logins WHERE telegram_id = 77", nil, &users); err != nil || users != 2 {
			t.Fatalf("one Telegram account at two operators: %d users %v", users, err)
		}
	})
}

// Who may call the modes' routes: settings.write (owner, admin); the
// mini-app sign-in is open to anyone with launch data.
func TestModesCallers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		addStaff(t, db, 1, "admin2@efir.example", "admin")
		as := map[string]*console{
			"nobody":  signIn(t, srv, "", ""),
			"owner":   signIn(t, srv, ownerEmail, ownerPass),
			"admin":   signIn(t, srv, "admin2@efir.example", staffPass),
			"support": signIn(t, srv, supportEmail, staffPass),
			"content": signIn(t, srv, editorEmail, staffPass),
			"finance": signIn(t, srv, financeEmail, staffPass),
		}
		calls := []struct {
			method, path string
			body         any
			want         map[string]int
		}{
			{"GET", "/v2/operator/settings/modes", nil,
				map[string]int{"nobody": 401, "owner": 200, "admin": 200, "support": 403, "content": 403, "finance": 403}},
			{"PATCH", "/v2/operator/settings/modes", map[string]any{"telegram_bot_token": efirBot},
				map[string]int{"nobody": 401, "owner": 200, "admin": 200, "support": 403, "content": 403, "finance": 403}},
			// A console session gives nothing here: only the launch data counts.
			{"POST", "/v2/auth/telegram", map[string]string{"init_data": launchData(efirBot, 9, testNow)},
				map[string]int{"nobody": 200, "owner": 200, "admin": 200, "support": 200, "content": 200, "finance": 200}},
			{"POST", "/v2/auth/telegram", map[string]string{"init_data": launchData(almaBot, 9, testNow)},
				map[string]int{"nobody": 400, "owner": 400, "admin": 400, "support": 400, "content": 400, "finance": 400}},
		}
		for _, c := range calls {
			for _, who := range []string{"nobody", "owner", "admin", "support", "content", "finance"} {
				res := as[who].do(c.method, c.path, c.body)
				if res.Status != c.want[who] {
					t.Errorf("%s %s as %s: %d, want %d: %s", c.method, c.path, who, res.Status, c.want[who], res.Body)
				}
			}
		}
	})
}
