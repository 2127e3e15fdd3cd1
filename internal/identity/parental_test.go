package identity

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"efir/internal/httpx"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// clock is an injectable time for the PIN rules.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

// pinFixture is a service on a fresh database with one user, one device and
// a device token (rows written directly: these tests are about the rules,
// the HTTP tests go through the API).
type pinFixture struct {
	s     *Service
	clock *clock
	db    *store.DB
	sess  *httpx.Session
}

func newPINFixture(t *testing.T, db *store.DB) *pinFixture {
	t.Helper()
	c := &clock{t: time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)}
	s := New(db, nil, nil, Options{Now: c.now})
	ctx := context.Background()
	sess := &httpx.Session{ProviderID: 1}
	err := db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		if sess.UserID, err = store.InsertID(ctx, tx, `INSERT INTO users (provider_id, username, phone, date_joined)
			VALUES (1, 'pinuser', '79001112233', 0) RETURNING id`); err != nil {
			return err
		}
		if sess.ProfileID, err = store.InsertID(ctx, tx, `INSERT INTO profiles (user_id, name, role, created_at)
			VALUES (?, 'Main', 'adult', 0) RETURNING id`, sess.UserID); err != nil {
			return err
		}
		if sess.DeviceID, err = store.InsertID(ctx, tx, `INSERT INTO devices (user_id, created_at, login_at)
			VALUES (?, 0, 0) RETURNING id`, sess.UserID); err != nil {
			return err
		}
		sess.TokenID, err = store.InsertID(ctx, tx, `INSERT INTO tokens (hash, user_id, device_id, profile_id, issued_at, expires_at)
			VALUES ('h', ?, ?, ?, 0, 9999999999) RETURNING id`, sess.UserID, sess.DeviceID, sess.ProfileID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return &pinFixture{s: s, clock: c, db: db, sess: sess}
}

func (f *pinFixture) patch(t *testing.T, p ParentalPatch) error {
	t.Helper()
	ctx := context.Background()
	var out error
	err := f.db.Tx(ctx, func(tx *store.Tx) error {
		out = f.s.applyParentalPatch(ctx, tx, f.sess.UserID, p)
		return nil // commit whatever happened, to look at the counters
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func (f *pinFixture) state(t *testing.T) *pinState {
	t.Helper()
	st, err := loadPINState(context.Background(), f.db, f.sess.UserID)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func str(s string) *string { return &s }

// errType is the client-facing type of err ("" for nil, "?" for others).
func errType(err error) string {
	if err == nil {
		return ""
	}
	var e *httpx.Error
	if errors.As(err, &e) {
		return e.Type
	}
	return "?"
}

func wantErr(t *testing.T, err error, status int, typ string) *httpx.Error {
	t.Helper()
	var e *httpx.Error
	if !errors.As(err, &e) || e.Status != status || e.Type != typ {
		t.Fatalf("error %v, want %d %s", err, status, typ)
	}
	return e
}

func TestValidPIN(t *testing.T) {
	for code, want := range map[string]bool{
		"1234": true, "0000": true, "9999": true,
		"": false, "123": false, "12345": false, "12a4": false, " 123": false, "١٢٣٤": false, "-123": false,
	} {
		if got := validPIN(code); got != want {
			t.Errorf("validPIN(%q) = %v, want %v", code, got, want)
		}
	}
}

func TestHashPIN(t *testing.T) {
	h1, err := hashPIN("1234")
	if err != nil {
		t.Fatal(err)
	}
	h2, _ := hashPIN("1234")
	if h1 == h2 {
		t.Error("two hashes of one PIN are equal: the salt is missing")
	}
	// The stored form is scheme$salt$mac: neither the PIN nor its plain hex
	// encoding. (A random hex string may contain "1234" by chance, so the test
	// looks at the fields, not at substrings.)
	parts := strings.Split(h1, "$")
	if len(parts) != 3 || len(parts[2]) != 64 || parts[2] == "31323334" || slices.Contains(parts, "1234") {
		t.Errorf("the stored form %q is not scheme$salt$mac", h1)
	}
	if !pinMatches(h1, "1234") || !pinMatches(h2, "1234") {
		t.Error("the right PIN does not match")
	}
	for _, bad := range []string{"1235", "", "12345", "0000"} {
		if pinMatches(h1, bad) {
			t.Errorf("%q matches", bad)
		}
	}
	for _, stored := range []string{"", "1234", "hs256$$", "hs256$zz$00", "md5$00$00", h1 + "$x"} {
		if pinMatches(stored, "1234") {
			t.Errorf("malformed stored form %q matches", stored)
		}
	}
}

func TestRandomPIN(t *testing.T) {
	seen := map[string]bool{}
	for range 200 {
		p, err := randomPIN()
		if err != nil {
			t.Fatal(err)
		}
		if !validPIN(p) {
			t.Fatalf("random PIN %q is not 4 digits", p)
		}
		seen[p] = true
	}
	if len(seen) < 150 {
		t.Errorf("only %d different PINs in 200 draws", len(seen))
	}
}

func TestParentalPatchRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newPINFixture(t, db)
		// Format and contradictions.
		wantErr(t, f.patch(t, ParentalPatch{Code: str("12a4")}), 400, httpx.TypeValidation)
		wantErr(t, f.patch(t, ParentalPatch{Code: str("1234"), Status: str("ignore")}), 400, httpx.TypeValidation)
		wantErr(t, f.patch(t, ParentalPatch{Status: str("set")}), 400, httpx.TypeValidation)
		// Skip the dialogue, then set a PIN anyway.
		if err := f.patch(t, ParentalPatch{Status: str("ignore")}); err != nil {
			t.Fatal(err)
		}
		if st := f.state(t); st.Status != pinStatusIgnore {
			t.Fatalf("status %q, want ignore", st.Status)
		}
		if err := f.patch(t, ParentalPatch{Status: str("ignore")}); err != nil {
			t.Fatalf("ignore twice: %v", err)
		}
		if err := f.patch(t, ParentalPatch{Code: str("1234")}); err != nil {
			t.Fatal(err)
		}
		st := f.state(t)
		if st.Status != pinStatusSet || !pinMatches(st.Hash, "1234") {
			t.Fatalf("after set: %+v", st)
		}
		// Once set, ignore is refused and changing needs the current PIN.
		wantErr(t, f.patch(t, ParentalPatch{Status: str("ignore")}), 400, httpx.TypeValidation)
		e := wantErr(t, f.patch(t, ParentalPatch{Code: str("5678")}), 400, httpx.TypeValidation)
		if e.Detail["current_parental_code"] == "" {
			t.Errorf("detail %v, want current_parental_code", e.Detail)
		}
		e = wantErr(t, f.patch(t, ParentalPatch{Code: str("5678"), CurrentCode: str("0000")}), 400, "wrong_parental_code")
		if e.Args[0] != pinMaxFailures-1 {
			t.Errorf("tries left %v, want %d", e.Args, pinMaxFailures-1)
		}
		if st := f.state(t); st.Failures != 1 || !pinMatches(st.Hash, "1234") {
			t.Fatalf("a wrong current PIN: %+v", st)
		}
		if err := f.patch(t, ParentalPatch{Code: str("5678"), CurrentCode: str("1234")}); err != nil {
			t.Fatal(err)
		}
		if st := f.state(t); !pinMatches(st.Hash, "5678") || st.Failures != 0 {
			t.Fatalf("after change: %+v", st)
		}
	})
}

func TestPINTryLimitAndLock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newPINFixture(t, db)
		ctx := context.Background()
		check := func(code string) error { return f.s.checkPIN(ctx, f.sess.UserID, code, nil) }

		wantErr(t, check("1234"), 400, httpx.TypeValidation) // no PIN set yet
		if err := f.patch(t, ParentalPatch{Code: str("1234")}); err != nil {
			t.Fatal(err)
		}
		if err := check("1234"); err != nil {
			t.Fatal(err)
		}
		for left := pinMaxFailures - 1; left >= 1; left-- {
			e := wantErr(t, check("4321"), 400, "wrong_parental_code")
			if e.Args[0] != left {
				t.Fatalf("tries left %v, want %d", e.Args, left)
			}
		}
		// The fifth wrong try locks checking for five minutes.
		e := wantErr(t, check("4321"), http.StatusTooManyRequests, httpx.TypeRateLimited)
		if e.Detail["wait"] != "300" {
			t.Errorf("wait %q, want 300", e.Detail["wait"])
		}
		// Even the right PIN is refused while locked, with the time left.
		f.clock.advance(2 * time.Minute)
		e = wantErr(t, check("1234"), http.StatusTooManyRequests, httpx.TypeRateLimited)
		if e.Detail["wait"] != "180" {
			t.Errorf("wait %q, want 180", e.Detail["wait"])
		}
		f.clock.advance(3 * time.Minute)
		// After the lock a full set of tries is available again.
		e = wantErr(t, check("0000"), 400, "wrong_parental_code")
		if e.Args[0] != pinMaxFailures-1 {
			t.Fatalf("after the lock: tries left %v", e.Args)
		}
		if err := check("1234"); err != nil {
			t.Fatal(err)
		}
		if st := f.state(t); st.Failures != 0 {
			t.Errorf("a right PIN leaves %d failures", st.Failures)
		}
		// A changed PIN is checked from then on; a reset clears a lock.
		for range pinMaxFailures {
			_ = check("9999")
		}
		if st := f.state(t); st.LockedUntil <= f.clock.now().Unix() {
			t.Fatal("not locked after 5 wrong tries")
		}
		if err := storePIN(ctx, db, f.sess.UserID, "2468"); err != nil {
			t.Fatal(err)
		}
		if err := check("2468"); err != nil {
			t.Fatalf("after a reset: %v", err)
		}
	})
}

func TestParentalGateAndPass(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newPINFixture(t, db)
		ctx := context.Background()
		gate := func(code string) error { return f.s.parentalGate(ctx, f.sess, protectsProfiles, code) }
		settings := func(code string) error { return f.s.checkParentalForSettings(ctx, f.sess, code) }

		// No PIN: everything passes.
		if err := gate(""); err != nil {
			t.Fatal(err)
		}
		if err := settings(""); err != nil {
			t.Fatal(err)
		}
		if err := f.patch(t, ParentalPatch{Code: str("1234")}); err != nil {
			t.Fatal(err)
		}
		wantErr(t, gate(""), http.StatusForbidden, "parental_code_required")
		wantErr(t, gate("1111"), 400, "wrong_parental_code")
		if err := gate("1234"); err != nil {
			t.Fatal(err)
		}
		// The right code granted a pass for the device's duration (30 min default).
		if err := gate(""); err != nil {
			t.Fatalf("within the pass: %v", err)
		}
		if err := settings(""); err != nil {
			t.Fatalf("settings within the pass: %v", err)
		}
		f.clock.advance(30*time.Minute + time.Second)
		wantErr(t, gate(""), http.StatusForbidden, "parental_code_required")

		// A device that does not protect profiles lets the switch through,
		// but its parental settings stay protected.
		if _, err := db.Exec(ctx, `UPDATE devices SET parental_settings = ? WHERE id = ?`,
			`{"profile":false,"program":true,"vod":true,"channel":true,"pay":false,"settings":false,"duration":5}`, f.sess.DeviceID); err != nil {
			t.Fatal(err)
		}
		if err := gate(""); err != nil {
			t.Fatalf("profile protection off: %v", err)
		}
		wantErr(t, settings(""), http.StatusForbidden, "parental_code_required")
		if err := settings("1234"); err != nil {
			t.Fatal(err)
		}
		var until int64
		if err := store.Get(ctx, db, "SELECT parental_pass_until FROM tokens WHERE id = ?", []any{f.sess.TokenID}, &until); err != nil {
			t.Fatal(err)
		}
		if want := f.clock.now().Unix() + 5*60; until != want {
			t.Errorf("pass until %d, want %d (the device's 5 minutes)", until, want)
		}
		// The ignore status protects nothing.
		if _, err := db.Exec(ctx, "UPDATE users SET parental_status = 'ignore' WHERE id = ?", f.sess.UserID); err != nil {
			t.Fatal(err)
		}
		f.clock.advance(time.Hour)
		if err := settings(""); err != nil {
			t.Fatalf("status ignore: %v", errType(err))
		}
	})
}
