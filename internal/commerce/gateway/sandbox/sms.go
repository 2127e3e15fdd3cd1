package sandbox

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"efir/internal/commerce/gateway"
	"efir/internal/httpx"
	"efir/internal/otp"
	"efir/internal/store"
)

// Limits of a mobile-balance payment. The wrong tries count across resent
// codes, so sending again never buys more guesses.
const (
	maxSMSTries = 3 // the third wrong code cancels the payment
	maxSMSSends = 3 // codes sent per payment, the first one included
)

// newSMSCode is 6 random digits.
func newSMSCode() string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic(fmt.Sprintf("sandbox: no randomness: %v", err))
	}
	return fmt.Sprintf("%06d", n.Int64())
}

// hashSMSCode is "salt$sha256(salt, payment id, code)": a six-digit code has
// little entropy, but a copied table is still no list of working codes.
func hashSMSCode(paymentID, code string) string {
	salt := make([]byte, 16)
	_, _ = rand.Read(salt)
	return hex.EncodeToString(salt) + "$" + smsDigest(salt, paymentID, code)
}

func smsDigest(salt []byte, paymentID, code string) string {
	h := sha256.New()
	h.Write(salt)
	h.Write([]byte(paymentID + "\x00" + code))
	return hex.EncodeToString(h.Sum(nil))
}

func checkSMSCode(stored, paymentID, code string) bool {
	saltHex, want, ok := strings.Cut(stored, "$")
	salt, err := hex.DecodeString(saltHex)
	if !ok || err != nil {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(smsDigest(salt, paymentID, code)), []byte(want)) == 1
}

// sendCode texts the code to the payer in the payment's language.
func (s *Service) sendCode(ctx context.Context, p *payment, code string) error {
	if s.sender == nil {
		return errors.New("no SMS sender configured")
	}
	text := httpx.T(p.Lang, "sandbox_sms_text", formatAmount(p.Lang, p.Amount, p.Currency), code)
	return s.sender.Send(ctx, otp.Message{Phone: p.Phone, Text: text, Code: code})
}

// ConfirmSMS checks the payer's code; the right one makes the payment
// succeed, the third wrong one cancels it (ErrWrongCode either way when
// wrong). Confirming a payment that already succeeded is no error.
func (g *shop) ConfirmSMS(ctx context.Context, paymentID, code string) error {
	p, err := g.load(ctx, paymentID)
	if err != nil {
		return err
	}
	if p.Method != gateway.MethodMobileBalance {
		return rejected("not a mobile-balance payment")
	}
	_, err = g.s.confirmSMS(ctx, p, code, g.s.notifyBase)
	return err
}

// confirmSMS is ConfirmSMS for the API and the hosted page alike; base is
// where the notification goes ("" none). triesLeft is for the page.
func (s *Service) confirmSMS(ctx context.Context, p *payment, code, base string) (triesLeft int, err error) {
	switch p.Status {
	case gateway.StatusSucceeded:
		return 0, nil
	case gateway.StatusCanceled:
		return 0, rejected("the payment is canceled")
	}
	now := s.now().Unix()
	code = strings.TrimSpace(code)
	if len(code) == 6 && allDigits(code) && p.SMSCodeHash != "" && checkSMSCode(p.SMSCodeHash, p.ID, code) {
		ok, err := settle(ctx, s.db, p.ID, "", outcome{Status: gateway.StatusSucceeded}, now)
		if err != nil {
			return 0, unavailable(err)
		}
		if ok {
			s.notifyID(ctx, base, p.ID)
			return 0, nil
		}
		// Ended meanwhile: only a success is an answer to the right code.
		if now, err := loadPayment(ctx, s.db, "", p.ID); err != nil {
			return 0, unavailable(err)
		} else if now.Status != gateway.StatusSucceeded {
			return 0, rejected("the payment is canceled")
		}
		return 0, nil
	}
	// One statement counts the try and cancels on the last, so that
	// copies of the server checking codes at once cannot overshoot.
	var status string
	var tries int
	err = s.db.QueryRow(ctx, `UPDATE sandbox_payments
		SET sms_tries = sms_tries + 1,
			status = CASE WHEN sms_tries + 1 >= ? THEN 'canceled' ELSE status END,
			failure_reason = CASE WHEN sms_tries + 1 >= ? THEN ? ELSE failure_reason END,
			sms_code_hash = CASE WHEN sms_tries + 1 >= ? THEN '' ELSE sms_code_hash END,
			updated_at = ?
		WHERE id = ? AND status = 'pending'
		RETURNING status, sms_tries`,
		maxSMSTries, maxSMSTries, ReasonSMSCodeFailed, maxSMSTries, now, p.ID).Scan(&status, &tries)
	if errors.Is(store.MapErr(err), store.ErrNotFound) {
		// Ended meanwhile; the caller reads how.
		return 0, gateway.ErrWrongCode
	} else if err != nil {
		return 0, unavailable(err)
	}
	if gateway.Status(status) == gateway.StatusCanceled {
		s.notifyID(ctx, base, p.ID)
	}
	return max(0, maxSMSTries-tries), gateway.ErrWrongCode
}

// errNoMoreCodes: the payment has had all the codes it may get.
var errNoMoreCodes = errors.New("sandbox: no more codes for this payment")

// resendCode sends a new code in place of the old one.
func (s *Service) resendCode(ctx context.Context, p *payment) error {
	code := newSMSCode()
	res, err := s.db.Exec(ctx, `UPDATE sandbox_payments
		SET sms_code_hash = ?, sms_sends = sms_sends + 1, updated_at = ?
		WHERE id = ? AND status = 'pending' AND sms_sends < ?`,
		hashSMSCode(p.ID, code), s.now().Unix(), p.ID, maxSMSSends)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return errNoMoreCodes
	}
	return s.sendCode(ctx, p, code)
}
