package commerce

import "time"

// The spec's money rules ("Validation rules"): period lengths, the discount
// of a longer period, the amount compared with the balance, and when a trial
// applies. All money is integer minor units.

const (
	daysPerMonth = 30
	secondsADay  = 86400
)

// PeriodHuman is a length as people say it: whole years, else months, else days.
type PeriodHuman struct {
	Days   int `json:"days"`
	Months int `json:"months"`
	Years  int `json:"years"`
}

// humanMonths says a length of months in years where it divides.
func humanMonths(months int) PeriodHuman {
	if months > 0 && months%12 == 0 {
		return PeriodHuman{Years: months / 12}
	}
	return PeriodHuman{Months: months}
}

func humanDays(days int) PeriodHuman {
	if days > 0 && days%daysPerMonth == 0 {
		return humanMonths(days / daysPerMonth)
	}
	return PeriodHuman{Days: days}
}

// periodDays is the length in days of a period of months starting at start:
// a year is 365 or 366 days (the calendar year that starts then), a month 30.
func periodDays(months int, start time.Time) int {
	years, rest := months/12, months%12
	days := rest * daysPerMonth
	t := start.UTC()
	for i := 0; i < years; i++ {
		next := t.AddDate(1, 0, 0)
		days += int(next.Sub(t).Hours() / 24)
		t = next
	}
	return days
}

// periodEnd is the instant a period of months bought at start ends.
func periodEnd(start int64, months int) int64 {
	return start + int64(periodDays(months, time.Unix(start, 0)))*secondsADay
}

// discountPercent is what a period saves against paying the first (shortest)
// period's monthly price each month: 100 minus the percent of this period's
// monthly price against that, never negative. A year counts 12 months.
func discountPercent(amount int64, months int, firstAmount int64, firstMonths int) int {
	if months <= 0 || firstMonths <= 0 || firstAmount <= 0 {
		return 0
	}
	// amount/months against firstAmount/firstMonths, in integers:
	// percent = amount*firstMonths*100 / (months*firstAmount), rounded.
	num := amount * int64(firstMonths) * 100
	den := int64(months) * firstAmount
	pct := (num + den/2) / den
	d := 100 - pct
	if d < 0 {
		return 0
	}
	return int(d)
}

// chargeAmount is the amount compared with the balance: the purchase
// amount, else the total price, else the price (spec 5).
func chargeAmount(purchaseAmount, totalPrice, price *int64) int64 {
	switch {
	case purchaseAmount != nil:
		return *purchaseAmount
	case totalPrice != nil:
		return *totalPrice
	case price != nil:
		return *price
	}
	return 0
}

// isPromoFree: a packet priced 0.00 counts as free (promo packets).
func isPromoFree(price int64) bool { return price == 0 }

// trialOpen: a trial applies only when its period is non-empty and the
// viewer has not used the packet's trial before (a change of period does not
// reset it).
func trialOpen(trialDays int, used bool) bool { return trialDays > 0 && !used }

// shortfall is what the balance lacks to pay amount (0 when it suffices).
func shortfall(amount, balance int64) int64 {
	if balance >= amount {
		return 0
	}
	if balance < 0 {
		return amount
	}
	return amount - balance
}

func timeAt(unix int64) time.Time { return time.Unix(unix, 0).UTC() }
