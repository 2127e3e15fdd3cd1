package operator_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The demo owner (no second factor required) signs in, reads the session and
// signs out; the cookie is HttpOnly and SameSite, and no viewer token works.
func TestStaffSignInAndOut(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newConsoleServer(t, db, newClock())
		c := newConsole(t, srv)
		res := c.do("POST", "/v2/operator/auth/login", map[string]string{"email": " Admin@Efir.Example ", "password": ownerPass})
		mustStatus(t, res, http.StatusOK)
		sc := res.Header.Get("Set-Cookie")
		if !strings.Contains(sc, "HttpOnly") || !strings.Contains(sc, "SameSite=Strict") || strings.Contains(sc, "Secure") {
			t.Fatalf("cookie %q", sc)
		}
		var a loginAnswer
		res.JSON(t, &a)
		c.csrf = a.Session.CSRFToken
		if a.Status != "ok" || a.Session.Staff.Role != "owner" || len(a.Session.Permissions) < 10 {
			t.Fatalf("login %s", res.Body)
		}
		mustStatus(t, c.do("GET", "/v2/operator/me", nil), http.StatusOK)
		// Over https the cookie is Secure.
		https := srv.Do(apitestLogin(ownerEmail, ownerPass, "https"))
		if !strings.Contains(https.Header.Get("Set-Cookie"), "Secure") {
			t.Fatalf("https cookie %q", https.Header.Get("Set-Cookie"))
		}
		mustStatus(t, c.do("POST", "/v2/operator/auth/logout", nil), http.StatusNoContent)
		mustStatus(t, c.do("GET", "/v2/operator/me", nil), http.StatusUnauthorized)
		// A viewer's token is not a staff session.
		viewer := srv.SignIn(t, "demo", "efir24", "pc-1")
		mustStatus(t, srv.Do(apitestGet("/v2/operator/me", viewer)), http.StatusUnauthorized)
	})
}

// Wrong e-mails and passwords answer alike; the fifth wrong password in a
// row locks the account for 15 minutes, even for the right password.
func TestStaffLockout(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clk := newClock()
		srv := newConsoleServer(t, db, clk)
		c := newConsole(t, srv)
		nobody, _ := c.login("nobody@efir.example", "whatever-it-is")
		wrong, _ := c.login(supportEmail, "not-the-password")
		if nobody.Status != http.StatusUnauthorized || wrong.Status != http.StatusUnauthorized || nobody.ErrorType() != wrong.ErrorType() {
			t.Fatalf("unknown e-mail %d %s, wrong password %d %s", nobody.Status, nobody.Body, wrong.Status, wrong.Body)
		}
		for range 4 {
			c.login(supportEmail, "not-the-password")
		}
		res, _ := c.login(supportEmail, staffPass)
		if res.Status != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
			t.Fatalf("locked: %d %s %v", res.Status, res.Body, res.Header)
		}
		clk.Add(15*time.Minute + time.Second)
		c.signIn(supportEmail, staffPass)
	})
}

// Sessions end after 30 minutes without a call and 12 hours after sign-in,
// however busy.
func TestStaffSessionExpiry(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clk := newClock()
		srv := newConsoleServer(t, db, clk)
		idle := newConsole(t, srv).signIn(supportEmail, staffPass)
		clk.Add(29 * time.Minute)
		mustStatus(t, idle.do("GET", "/v2/operator/me", nil), http.StatusOK) // a call restarts the idle clock
		clk.Add(29 * time.Minute)
		mustStatus(t, idle.do("GET", "/v2/operator/me", nil), http.StatusOK)
		clk.Add(31 * time.Minute)
		mustStatus(t, idle.do("GET", "/v2/operator/me", nil), http.StatusUnauthorized)

		busy := newConsole(t, srv).signIn(financeEmail, staffPass)
		start := clk.Now()
		for clk.Now().Sub(start) < 12*time.Hour-20*time.Minute {
			clk.Add(20 * time.Minute)
			mustStatus(t, busy.do("GET", "/v2/operator/me", nil), http.StatusOK)
		}
		clk.Add(20 * time.Minute)
		mustStatus(t, busy.do("GET", "/v2/operator/me", nil), http.StatusUnauthorized)
	})
}

// A change needs the session's CSRF token; reading does not.
func TestStaffCSRF(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newConsoleServer(t, db, newClock())
		c := newConsole(t, srv).signIn(ownerEmail, ownerPass)
		token := c.csrf
		body := map[string]string{"email": "new@efir.example", "role": "support"}
		for _, bad := range []string{"", "forged"} {
			c.csrf = bad
			res := c.do("POST", "/v2/operator/staff", body)
			if res.Status != http.StatusForbidden || res.ErrorType() != "csrf_failed" {
				t.Fatalf("csrf %q: %d %s", bad, res.Status, res.Body)
			}
		}
		mustStatus(t, c.do("GET", "/v2/operator/staff", nil), http.StatusOK)
		c.csrf = token
		mustStatus(t, c.do("POST", "/v2/operator/staff", body), http.StatusCreated)
	})
}

// An invited admin sets a password by the link, must enrol an authenticator
// before the first session, then signs in with its codes (a code once; one
// step of clock drift) or a recovery code (once).
func TestStaffSecondFactor(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clk := newClock()
		srv := newConsoleServer(t, db, clk)
		owner := newConsole(t, srv).signIn(ownerEmail, ownerPass)
		res := owner.do("POST", "/v2/operator/staff", map[string]string{"email": "ops@efir.example", "name": "Ops", "role": "admin"})
		mustStatus(t, res, http.StatusCreated)
		var invite struct {
			SetupURL string `json:"setup_url"`
		}
		res.JSON(t, &invite)
		u, err := url.Parse(invite.SetupURL)
		if err != nil || !strings.HasPrefix(invite.SetupURL, "http://efir.test/operator/setup?token=") {
			t.Fatalf("setup url %q", invite.SetupURL)
		}
		token := u.Query().Get("token")
		c := newConsole(t, srv)
		mustStatus(t, c.do("POST", "/v2/operator/auth/setup", map[string]string{"token": token, "password": "short"}), http.StatusBadRequest)
		const pass = "a long admin password"
		mustStatus(t, c.do("POST", "/v2/operator/auth/setup", map[string]string{"token": token, "password": pass}), http.StatusOK)
		mustStatus(t, c.do("POST", "/v2/operator/auth/setup", map[string]string{"token": token, "password": pass}), http.StatusNotFound)

		_, a := c.login("ops@efir.example", pass)
		if a.Status != "totp_setup_required" || a.Challenge == "" || a.Session != nil {
			t.Fatalf("first sign-in: %+v", a)
		}
		res = c.do("POST", "/v2/operator/auth/totp/setup", map[string]string{"challenge": a.Challenge})
		mustStatus(t, res, http.StatusOK)
		var enrol struct {
			Secret     string `json:"secret"`
			OtpauthURL string `json:"otpauth_url"`
		}
		res.JSON(t, &enrol)
		if !strings.HasPrefix(enrol.OtpauthURL, "otpauth://totp/") || !strings.Contains(enrol.OtpauthURL, "secret="+enrol.Secret) {
			t.Fatalf("enrolment %+v", enrol)
		}
		mustStatus(t, c.do("POST", "/v2/operator/auth/totp/confirm", map[string]string{"challenge": a.Challenge, "code": "000000"}), http.StatusBadRequest)
		res = c.do("POST", "/v2/operator/auth/totp/confirm", map[string]string{"challenge": a.Challenge, "code": code(t, enrol.Secret, clk.Now())})
		mustStatus(t, res, http.StatusOK)
		var done loginAnswer
		res.JSON(t, &done)
		if done.Status != "ok" || len(done.RecoveryCodes) != 10 || done.Session == nil {
			t.Fatalf("confirm %s", res.Body)
		}
		c.csrf = done.Session.CSRFToken
		mustStatus(t, c.do("GET", "/v2/operator/me", nil), http.StatusOK)
		mustStatus(t, c.do("POST", "/v2/operator/auth/logout", nil), http.StatusNoContent)

		// Next sign-in: the code step. The code just used is refused (replay);
		// 30 s later the previous step's code still works (clock drift).
		clk.Add(30 * time.Second)
		_, a = c.login("ops@efir.example", pass)
		if a.Status != "totp_required" {
			t.Fatalf("second sign-in %+v", a)
		}
		replay := c.do("POST", "/v2/operator/auth/totp", map[string]string{"challenge": a.Challenge, "code": code(t, enrol.Secret, clk.Now().Add(-30*time.Second))})
		mustStatus(t, replay, http.StatusUnauthorized)
		clk.Add(30 * time.Second)
		res = c.do("POST", "/v2/operator/auth/totp", map[string]string{"challenge": a.Challenge, "code": code(t, enrol.Secret, clk.Now().Add(-30*time.Second))})
		mustStatus(t, res, http.StatusOK)

		// A recovery code signs in once.
		rc := newConsole(t, srv)
		_, a = rc.login("ops@efir.example", pass)
		mustStatus(t, rc.do("POST", "/v2/operator/auth/totp", map[string]string{"challenge": a.Challenge, "code": strings.ToUpper(done.RecoveryCodes[3])}), http.StatusOK)
		_, a = rc.login("ops@efir.example", pass)
		mustStatus(t, rc.do("POST", "/v2/operator/auth/totp", map[string]string{"challenge": a.Challenge, "code": done.RecoveryCodes[3]}), http.StatusUnauthorized)
		// A challenge lives 5 minutes.
		_, a = rc.login("ops@efir.example", pass)
		clk.Add(5*time.Minute + time.Second)
		mustStatus(t, rc.do("POST", "/v2/operator/auth/totp", map[string]string{"challenge": a.Challenge, "code": code(t, enrol.Secret, clk.Now())}), http.StatusUnauthorized)

		// The secret is sealed at rest.
		var sealed string
		if err := store.Get(t.Context(), db, "SELECT totp_secret FROM staff WHERE email = 'ops@efir.example'", nil, &sealed); err != nil {
			t.Fatal(err)
		}
		if sealed == "" || strings.Contains(sealed, enrol.Secret) {
			t.Fatalf("stored secret %q", sealed)
		}
	})
}
