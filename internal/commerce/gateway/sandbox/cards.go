package sandbox

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"efir/internal/commerce/gateway"
	"efir/internal/store"
)

// cardBehaviour is what a test card does when paid with.
type cardBehaviour int

const (
	cardSucceeds        cardBehaviour = iota
	cardDeclined                      // FailureReason card_declined
	cardAsks3DS                       // a 3-D Secure code page first
	cardRenewalsDecline               // succeeds, but payments with its saved token are declined
)

// testCards are the only numbers the sandbox knows; Key is the text that
// says on the page what the card does.
var testCards = []struct {
	Number    string
	Behaviour cardBehaviour
	Key       string
}{
	{"4242424242424242", cardSucceeds, "sandbox_test_card_succeeds"},
	{"4000000000000002", cardDeclined, "sandbox_test_card_declined"},
	{"4000000000003220", cardAsks3DS, "sandbox_test_card_3ds"},
	{"4000000000000341", cardRenewalsDecline, "sandbox_test_card_renewal"},
}

// threeDSCode is the one code the sandbox's 3-D Secure page accepts.
const threeDSCode = "111111"

// Failure reasons of the sandbox (Payment.FailureReason).
const (
	ReasonCardDeclined    = "card_declined"
	Reason3DSFailed       = "3ds_failed"
	ReasonSMSCodeFailed   = "sms_code_failed"
	ReasonCanceledByPayer = "canceled_by_payer"
)

// What a later payment with a saved card does (sandbox_cards.renewal).
const (
	renewalSucceeds = "succeed"
	renewalDeclines = "decline"
)

// cardForm is the card page's form as typed.
type cardForm struct {
	Number, Expiry, CVC, Holder string
}

// typedCard is what the sandbox keeps of a valid form: never the number.
type typedCard struct {
	Behaviour cardBehaviour
	Brand     string
	Last4     string
}

// checkCard validates the form at now; the errors map a field to a text
// key. An unknown number is a field error too: the payment does not change.
func checkCard(f cardForm, now time.Time) (typedCard, map[string]string) {
	errs := map[string]string{}
	number := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, f.Number)
	var card typedCard
	switch {
	case number == "":
		errs["number"] = "sandbox_error_number_required"
	default:
		known := false
		for _, tc := range testCards {
			if tc.Number == number {
				card = typedCard{Behaviour: tc.Behaviour, Brand: cardBrand(number), Last4: number[len(number)-4:]}
				known = true
			}
		}
		if !known {
			errs["number"] = "sandbox_error_unknown_card"
		}
	}
	if key := checkExpiry(f.Expiry, now); key != "" {
		errs["expiry"] = key
	}
	if cvc := strings.TrimSpace(f.CVC); len(cvc) != 3 || !allDigits(cvc) {
		errs["cvc"] = "sandbox_error_cvc"
	}
	if utf8.RuneCountInString(f.Holder) > 100 {
		errs["holder"] = "sandbox_error_holder"
	}
	return card, errs
}

// checkExpiry reads MM/YY (spaces allowed, the slash optional) and refuses a
// month already over; the card is good through the end of its month.
func checkExpiry(s string, now time.Time) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, " ", ""), "/", "")
	if len(s) != 4 || !allDigits(s) {
		return "sandbox_error_expiry_format"
	}
	month, _ := strconv.Atoi(s[:2])
	year, _ := strconv.Atoi(s[2:])
	if month < 1 || month > 12 {
		return "sandbox_error_expiry_format"
	}
	year += 2000
	nowYear, nowMonth := now.UTC().Year(), int(now.UTC().Month())
	if year < nowYear || year == nowYear && month < nowMonth {
		return "sandbox_error_expiry_past"
	}
	return ""
}

// cardBrand names the payment system by the number's first digit, as far
// as the sandbox needs it.
func cardBrand(number string) string {
	switch number[0] {
	case '4':
		return "visa"
	case '5':
		return "mastercard"
	case '2':
		return "mir"
	}
	return "unknown"
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// savedCard is one row of sandbox_cards.
type savedCard struct {
	Token, Provider, Brand, Last4, Renewal string
}

func loadCard(ctx context.Context, q store.Querier, provider, token string) (*savedCard, error) {
	var c savedCard
	err := store.Get(ctx, q, `SELECT token, provider, brand, last4, renewal FROM sandbox_cards
		WHERE token = ? AND provider = ?`, []any{token, provider},
		&c.Token, &c.Provider, &c.Brand, &c.Last4, &c.Renewal)
	if err != nil {
		return nil, err
	}
	return &c, nil
}

func insertCard(ctx context.Context, q store.Querier, c savedCard, now int64) error {
	_, err := q.Exec(ctx, `INSERT INTO sandbox_cards (token, provider, brand, last4, renewal, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`, c.Token, c.Provider, c.Brand, c.Last4, c.Renewal, now)
	return err
}

// savedCardOutcome decides a payment with a saved card at once, the way a
// bank answers a merchant-initiated renewal: no page, no code.
func savedCardOutcome(c *savedCard) outcome {
	o := outcome{Status: gateway.StatusSucceeded, Brand: c.Brand, Last4: c.Last4, Token: c.Token}
	if c.Renewal != renewalSucceeds {
		o.Status, o.Reason = gateway.StatusCanceled, ReasonCardDeclined
	}
	return o
}

// payByCard ends a card payment as paid, saving the card when the payment
// asked for it; false when the payment changed meanwhile (then no card is
// saved either).
func (s *Service) payByCard(ctx context.Context, p *payment, fromChallenge string, c typedCard) (bool, error) {
	now := s.now().Unix()
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		o := outcome{Status: gateway.StatusSucceeded, Brand: c.Brand, Last4: c.Last4}
		if p.SaveCard {
			card := savedCard{Token: "card_" + randomHex(16), Provider: p.Provider, Brand: c.Brand,
				Last4: c.Last4, Renewal: renewalSucceeds}
			if c.Behaviour == cardRenewalsDecline {
				card.Renewal = renewalDeclines
			}
			if err := insertCard(ctx, tx, card, now); err != nil {
				return err
			}
			o.Token = card.Token
		}
		ok, err := settle(ctx, tx, p.ID, fromChallenge, o, now)
		if err == nil && !ok {
			err = errRaced
		}
		return err
	})
	if errors.Is(err, errRaced) {
		return false, nil
	}
	return err == nil, err
}
