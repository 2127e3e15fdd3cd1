package yookassa

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// YooKassa writes amounts as decimal strings with two fraction digits
// ("299.00"). Every currency it takes (RUB, USD, EUR, KZT, ...) has two minor
// digits, so minor units are hundredths. Only integer arithmetic: a float
// cannot hold every kopeck exactly.

// formatAmount writes minor units as YooKassa's decimal string.
func formatAmount(minor int64) (string, error) {
	if minor < 0 {
		return "", fmt.Errorf("negative amount %d", minor)
	}
	return fmt.Sprintf("%d.%02d", minor/100, minor%100), nil
}

var errAmount = errors.New("not an amount")

// parseAmount reads "123.45", "123.4" or "123" into minor units. Signs,
// exponents and a third fraction digit are refused: none is an amount
// YooKassa sends, and rounding one would be guessing.
func parseAmount(s string) (int64, error) {
	whole, frac, dot := strings.Cut(s, ".")
	if !allDigits(whole) || dot && (len(frac) > 2 || !allDigits(frac)) {
		return 0, fmt.Errorf("%w: %q", errAmount, s)
	}
	var f int64
	for i := range 2 {
		f *= 10
		if i < len(frac) {
			f += int64(frac[i] - '0')
		}
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w > (math.MaxInt64-f)/100 {
		return 0, fmt.Errorf("%w: %q is too large", errAmount, s)
	}
	return w*100 + f, nil
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// validCurrency: an ISO 4217 letter code; YooKassa itself says which it takes.
func validCurrency(c string) bool {
	if len(c) != 3 {
		return false
	}
	for _, r := range []byte(c) {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}
