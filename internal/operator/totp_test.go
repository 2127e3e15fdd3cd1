package operator

import (
	"encoding/base32"
	"testing"
	"time"
)

// RFC 6238 appendix B: the SHA-1 key "12345678901234567890" at the listed
// times gives these 8-digit codes; six digits are their last six.
func TestTOTPCodeRFC6238(t *testing.T) {
	secret := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString([]byte("12345678901234567890"))
	for unix, want := range map[int64]string{59: "287082", 1111111109: "081804", 1111111111: "050471",
		1234567890: "005924", 2000000000: "279037", 20000000000: "353130"} {
		got, err := totpCode(secret, unix/totpStep)
		if err != nil || got != want {
			t.Errorf("at %d: %q %v, want %q", unix, got, err, want)
		}
	}
}

// A code is accepted one step either side of now, once, and never an older
// step than the last accepted one.
func TestCheckTOTPDriftAndReplay(t *testing.T) {
	secret, err := newTOTPSecret()
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_800_000_000, 0)
	step := now.Unix() / totpStep
	code := func(s int64) string { c, _ := totpCode(secret, s); return c }
	cases := []struct {
		name     string
		code     string
		lastStep int64
		want     int64
	}{
		{"now", code(step), 0, step},
		{"a step ago (clock behind)", code(step - 1), 0, step - 1},
		{"a step ahead (clock ahead)", code(step + 1), 0, step + 1},
		{"two steps ago", code(step - 2), 0, 0},
		{"two steps ahead", code(step + 2), 0, 0},
		{"replayed", code(step), step, 0},
		{"older than the last accepted", code(step - 1), step, 0},
		{"wrong length", "12345", 0, 0},
	}
	for _, c := range cases {
		if got := checkTOTP(secret, c.code, now, c.lastStep); got != c.want {
			t.Errorf("%s: step %d, want %d", c.name, got, c.want)
		}
	}
}

func TestSealerRoundTripAndTamper(t *testing.T) {
	s, err := newSealer([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	sealed, err := s.seal("JBSWY3DPEHPK3PXP")
	if err != nil {
		t.Fatal(err)
	}
	if plain, err := s.open(sealed); err != nil || plain != "JBSWY3DPEHPK3PXP" {
		t.Fatalf("open: %q %v", plain, err)
	}
	other, _ := newSealer([]byte("another server secret of 32 bytes!!"))
	if _, err := other.open(sealed); err == nil {
		t.Fatal("another key opened the secret")
	}
	if _, err := s.open(sealed[:len(sealed)-2] + "AA"); err == nil {
		t.Fatal("a changed secret opened")
	}
}

func TestRolePermissions(t *testing.T) {
	for _, r := range Roles {
		if !r.Valid() || len(r.Permissions()) == 0 {
			t.Errorf("%s has no permissions", r)
		}
	}
	if RoleContent.Can(PermMoney) || RoleContent.Can(PermSubscribers) {
		t.Error("content editors see money or subscribers")
	}
	for _, p := range RoleFinance.Permissions() {
		if p[len(p)-5:] != ".read" {
			t.Errorf("finance may %s", p)
		}
	}
	if !RoleOwner.NeedsSecondFactor() || !RoleAdmin.NeedsSecondFactor() || RoleSupport.NeedsSecondFactor() {
		t.Error("second factor rule")
	}
}
