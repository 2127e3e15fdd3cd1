package commerce

import (
	"testing"
	"time"
)

func TestDiscountPercent(t *testing.T) {
	for _, c := range []struct {
		amount      int64
		months      int
		first       int64
		firstMonths int
		want        int
	}{
		{29900, 1, 29900, 1, 0},
		{80700, 3, 29900, 1, 10},   // 269 a month against 299
		{152400, 6, 29900, 1, 15},  // 254 against 299
		{269100, 12, 29900, 1, 25}, // 224.25 against 299
		{99900, 3, 29900, 1, 0},    // dearer per month: never negative
		{0, 1, 29900, 1, 100},      // free
		{100, 1, 0, 1, 0},          // no first price: no discount
	} {
		if got := discountPercent(c.amount, c.months, c.first, c.firstMonths); got != c.want {
			t.Errorf("discount(%d/%d vs %d/%d) = %d, want %d", c.amount, c.months, c.first, c.firstMonths, got, c.want)
		}
	}
}

func TestPeriodDays(t *testing.T) {
	for _, c := range []struct {
		months int
		start  time.Time
		want   int
	}{
		{1, time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC), 30}, // a month is 30 days, whatever the month
		{3, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 90},
		{12, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 365},
		{12, time.Date(2027, 6, 1, 0, 0, 0, 0, time.UTC), 366}, // the year to June 2028 holds 29 February
		{24, time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC), 365 + 366},
		{13, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 365 + 30},
	} {
		if got := periodDays(c.months, c.start); got != c.want {
			t.Errorf("periodDays(%d, %s) = %d, want %d", c.months, c.start.Format("2006-01-02"), got, c.want)
		}
	}
}

func TestChargeAmountOrder(t *testing.T) {
	p := func(v int64) *int64 { return &v }
	for _, c := range []struct {
		purchase, total, price *int64
		want                   int64
	}{
		{p(100), p(200), p(300), 100},
		{nil, p(200), p(300), 200},
		{nil, nil, p(300), 300},
		{p(0), p(200), p(300), 0}, // a 0.00 purchase is free, not "missing"
		{nil, nil, nil, 0},
	} {
		if got := chargeAmount(c.purchase, c.total, c.price); got != c.want {
			t.Errorf("chargeAmount = %d, want %d", got, c.want)
		}
	}
}

func TestTrialAndFreeRules(t *testing.T) {
	if !trialOpen(7, false) || trialOpen(7, true) || trialOpen(0, false) {
		t.Fatal("a trial is open only with a period and not used before")
	}
	if !isPromoFree(0) || isPromoFree(1) {
		t.Fatal("only 0.00 counts as free")
	}
	for _, c := range []struct{ amount, balance, want int64 }{{29900, 100000, 0}, {29900, 10000, 19900}, {29900, -5, 29900}, {0, 0, 0}} {
		if got := shortfall(c.amount, c.balance); got != c.want {
			t.Errorf("shortfall(%d, %d) = %d, want %d", c.amount, c.balance, got, c.want)
		}
	}
	for _, c := range []struct{ paid, start, end, now, want int64 }{
		{30000, 0, 30, 15, 15000}, {30000, 0, 30, 30, 0}, {30000, 0, 30, 0, 30000}, {29900, 0, 30, 10, 19933}, {0, 0, 30, 10, 0},
	} {
		if got := unusedPart(c.paid, c.start, c.end, c.now); got != c.want {
			t.Errorf("unusedPart(%v) = %d, want %d", c, got, c.want)
		}
	}
}

func TestHumanPeriods(t *testing.T) {
	if h := humanMonths(12); h.Years != 1 || h.Months != 0 {
		t.Fatalf("12 months = %+v", h)
	}
	if h := humanDays(7); h.Days != 7 {
		t.Fatalf("7 days = %+v", h)
	}
	if h := humanDays(90); h.Months != 3 {
		t.Fatalf("90 days = %+v", h)
	}
}
