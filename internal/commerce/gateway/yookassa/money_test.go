package yookassa

import (
	"testing"
)

func TestMoney(t *testing.T) {
	formats := []struct {
		minor int64
		value string
	}{
		{0, "0.00"}, {1, "0.01"}, {10, "0.10"}, {100, "1.00"}, {29900, "299.00"},
		{123456789, "1234567.89"}, {9223372036854775807, "92233720368547758.07"},
	}
	for _, c := range formats {
		got, err := formatAmount(c.minor)
		if err != nil || got != c.value {
			t.Errorf("formatAmount(%d) = %q, %v; want %q", c.minor, got, err, c.value)
		}
		back, err := parseAmount(got)
		if err != nil || back != c.minor {
			t.Errorf("parseAmount(%q) = %d, %v; want %d", got, back, err, c.minor)
		}
	}
	if _, err := formatAmount(-1); err == nil {
		t.Error("formatAmount(-1) has no error")
	}

	parses := map[string]int64{
		"123.45": 12345, "123.4": 12340, "123": 12300, "0.5": 50, "0": 0, "007.00": 700,
		"92233720368547757.99": 9223372036854775799, "92233720368547758.00": 9223372036854775800,
	}
	for value, want := range parses {
		if got, err := parseAmount(value); err != nil || got != want {
			t.Errorf("parseAmount(%q) = %d, %v; want %d", value, got, err, want)
		}
	}
	for _, value := range []string{
		"1.234", "-1.00", "abc", "1e5", "", ".", "1.", ".5", "+1.00", " 1.00", "1.00 ", "1,00", "1.0.0",
		"0x10", "１.00", "92233720368547758.08", "99999999999999999999.00",
	} {
		if got, err := parseAmount(value); err == nil {
			t.Errorf("parseAmount(%q) = %d, want an error", value, got)
		}
	}
}
