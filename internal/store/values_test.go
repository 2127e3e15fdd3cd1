package store

import "testing"

func TestPlaceholders(t *testing.T) {
	if got := Placeholders(2, 3); got != "(?, ?, ?), (?, ?, ?)" {
		t.Fatalf("got %q", got)
	}
	if got := Placeholders(1, 1); got != "(?)" {
		t.Fatalf("got %q", got)
	}
}
