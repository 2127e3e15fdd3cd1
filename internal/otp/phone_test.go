package otp

import (
	"strings"
	"testing"
)

func TestNormalizePhone(t *testing.T) {
	for _, c := range []struct {
		in     string
		digits int
		want   string
		ok     bool
	}{
		{"8 (900) 000-00-01", 11, "79000000001", true},
		{"+7 900 000 00 01", 11, "79000000001", true},
		{"79000000001", 11, "79000000001", true},
		{"900 000-00-01", 11, "79000000001", true},
		{"+7 (900) 000-00", 11, "", false},
		{"701 000 00 01", 11, "77010000001", true}, // Kazakhstan, local form
		{"+1 900 000 00 01", 11, "", false},
		{"+7 900 000 00 011", 11, "", false},
		{"", 11, "", false},
		{"phone", 11, "", false},
		{"996 555 123 456", 12, "996555123456", true},
		{"555 123 456", 9, "555123456", true},
		{"555 123 45", 9, "", false},
		{strings.Repeat("1", 65), 11, "", false},
		{"79000000001", 0, "", false},
	} {
		got, ok := NormalizePhone(c.in, c.digits)
		if got != c.want || ok != c.ok {
			t.Errorf("NormalizePhone(%q, %d) = %q, %v; want %q, %v", c.in, c.digits, got, ok, c.want, c.ok)
		}
	}
}

func FuzzNormalizePhone(f *testing.F) {
	for _, s := range []string{"8 (900) 000-00-01", "+7 900 000 00 01", "9000000001", "+996 555 123 456", "", "８９００", "+7+7+7"} {
		f.Add(s, 11)
		f.Add(s, 12)
	}
	f.Fuzz(func(t *testing.T, in string, digits int) {
		got, ok := NormalizePhone(in, digits)
		if !ok {
			if got != "" {
				t.Fatalf("rejected input gave %q", got)
			}
			return
		}
		if len(got) != digits {
			t.Fatalf("%q: %d digits, want %d", got, len(got), digits)
		}
		for _, c := range got {
			if c < '0' || c > '9' {
				t.Fatalf("%q: not only digits", got)
			}
		}
		if digits == 11 && got[0] != '7' {
			t.Fatalf("%q: 11-digit numbers are +7", got)
		}
		// Normalising the stored form again changes nothing.
		if again, ok := NormalizePhone(got, digits); !ok || again != got {
			t.Fatalf("not idempotent: %q -> %q", got, again)
		}
	})
}
