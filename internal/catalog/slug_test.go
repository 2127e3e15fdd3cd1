package catalog

import (
	"strconv"
	"strings"
	"testing"
)

func TestParseRef(t *testing.T) {
	for _, c := range []struct {
		ref  string
		id   int64
		good bool
	}{
		{"123", 123, true},
		{"matrica-snov-123", 123, true},
		{"wrong-text-123", 123, true},
		{"-7", 7, true},
		{"severnyj-veter-2-45", 45, true},
		{"", 0, false},
		{"matrica-snov", 0, false},
		{"abc123", 0, false},
		{"0", 0, false},
		{"matrica-0", 0, false},
		{"12a", 0, false},
		{"1234567890123456789", 0, false},
		{"-", 0, false},
		{"x-" + strings.Repeat("9", 19), 0, false},
		{strings.Repeat("a", 400) + "-1", 0, false},
		{"фильм-5", 5, true},
	} {
		id, ok := parseRef(c.ref)
		if ok != c.good || id != c.id {
			t.Errorf("parseRef(%q) = %d %v, want %d %v", c.ref, id, ok, c.id, c.good)
		}
	}
}

func TestWireSlug(t *testing.T) {
	for _, c := range []struct {
		slug string
		id   int64
		want string
	}{{"matrica-snov", 5, "matrica-snov-5"}, {"", 5, "5"}, {"-x-", 9, "x-9"}} {
		if got := wireSlug(c.slug, c.id); got != c.want {
			t.Errorf("wireSlug(%q, %d) = %q", c.slug, c.id, got)
		}
	}
}

// FuzzParseRef: no reference panics; an accepted one ends in its id, and a
// wire slug always parses back to its id.
func FuzzParseRef(f *testing.F) {
	for _, s := range []string{"1", "matrica-snov-123", "abc", "-", "a-0", "9223372036854775807", "x-9223372036854775808", "ё-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, ref string) {
		id, ok := parseRef(ref)
		if !ok {
			if id != 0 {
				t.Fatalf("%q refused with id %d", ref, id)
			}
			return
		}
		if id <= 0 || !strings.HasSuffix(ref, strconv.FormatInt(id, 10)) {
			t.Fatalf("%q -> %d", ref, id)
		}
		wire := wireSlug(ref, id)
		if len(wire) > maxRefLen {
			return
		}
		if back, ok := parseRef(wire); !ok || back != id {
			t.Fatalf("wireSlug(%q, %d) parses as %d %v", ref, id, back, ok)
		}
	})
}
