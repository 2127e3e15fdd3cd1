package identity

import (
	"strings"
	"testing"
	"time"
)

func TestPasswordHash(t *testing.T) {
	h, err := HashPassword("efir24")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Contains(h, "efir24") {
		t.Fatalf("hash %q", h)
	}
	if ok, err := CheckPassword(h, "efir24"); !ok || err != nil {
		t.Fatalf("right password: %v %v", ok, err)
	}
	if ok, _ := CheckPassword(h, "efir25"); ok {
		t.Fatal("wrong password accepted")
	}
	h2, _ := HashPassword("efir24")
	if h2 == h {
		t.Fatal("two hashes of one password are equal: no salt")
	}
}

func FuzzCheckPassword(f *testing.F) {
	good, _ := HashPassword("pw")
	for _, s := range []string{good, "", "$argon2id$", "$argon2id$v=19$m=1,t=1,p=1$$", "$argon2id$v=19$m=99999999,t=1,p=1$YQ$YQ",
		"$argon2i$v=19$m=16,t=1,p=1$YWJj$YWJj", "$argon2id$v=19$m=16,t=1,p=0$YWJj$YWJj"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, encoded string) {
		// Malformed hashes must fail cleanly and never ask for huge memory.
		_, _ = CheckPassword(encoded, "pw")
	})
}

// The sliding windows themselves are tested in package ratelimit, on
// every store; the sign-in limits through the API in the HTTP tests.
func TestWaitSeconds(t *testing.T) {
	for d, want := range map[time.Duration]int{0: 0, time.Millisecond: 1, 1500 * time.Millisecond: 2, time.Hour: 3600} {
		if got := waitSeconds(d); got != want {
			t.Errorf("waitSeconds(%v) = %d, want %d", d, got, want)
		}
	}
}
