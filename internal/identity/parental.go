package identity

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/store"
)

// The parental PIN protects actions (switching to an adult profile, adult
// content, payments, settings) on a user's devices.
//
// A PIN has 4 digits: only 10^4 values, so no hash can stop someone who has
// read the database from trying them all in milliseconds. The stored form
// (HMAC-SHA256 keyed by a random per-user salt) only keeps the PIN out of plain
// sight in dumps and logs and makes equal PINs look different. The real
// protection is the try limit on the API: pinMaxFailures wrong tries lock
// checking for pinLockDuration. The PIN itself never leaves the server except
// in the SMS of a reset.

const (
	pinStatusNotSet = "notset"
	pinStatusSet    = "set"
	pinStatusIgnore = "ignore" // the viewer skipped the dialogue that offers a PIN

	pinLength       = 4
	pinMaxFailures  = 5
	pinLockDuration = 5 * time.Minute
	pinSendInterval = time.Minute // between two PIN resets by SMS of one user

	pinHashScheme = "hs256"
)

// parentalActions are the actions a PIN check may be asked for.
var parentalActions = map[string]bool{
	"program": true, "channel": true, "vod": true, "pay": true, "profile": true, "parental": true, "settings": true,
}

// validPIN tells whether code is exactly pinLength ASCII digits.
func validPIN(code string) bool {
	if len(code) != pinLength {
		return false
	}
	for i := 0; i < len(code); i++ {
		if code[i] < '0' || code[i] > '9' {
			return false
		}
	}
	return true
}

// randomPIN draws a new PIN uniformly from 0000-9999.
func randomPIN() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(10000))
	if err != nil {
		return "", fmt.Errorf("pin entropy: %w", err)
	}
	return fmt.Sprintf("%04d", n.Int64()), nil
}

func pinMAC(salt []byte, pin string) []byte {
	m := hmac.New(sha256.New, salt)
	m.Write([]byte(pin))
	return m.Sum(nil)
}

// hashPIN gives the stored form "hs256$<salt hex>$<mac hex>".
func hashPIN(pin string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("pin salt: %w", err)
	}
	return pinHashScheme + "$" + hex.EncodeToString(salt) + "$" + hex.EncodeToString(pinMAC(salt, pin)), nil
}

// pinMatches compares pin with a stored hash in constant time.
func pinMatches(stored, pin string) bool {
	parts := strings.Split(stored, "$")
	if len(parts) != 3 || parts[0] != pinHashScheme {
		return false
	}
	salt, err1 := hex.DecodeString(parts[1])
	want, err2 := hex.DecodeString(parts[2])
	if err1 != nil || err2 != nil || len(salt) == 0 {
		return false
	}
	return hmac.Equal(pinMAC(salt, pin), want)
}

// Errors of the PIN rules.

func wrongParentalCode(triesLeft int) *httpx.Error {
	return httpx.New(http.StatusBadRequest, "wrong_parental_code", "error_wrong_parental_code", triesLeft).
		WithDetail("code", "error_wrong_parental_code_short")
}

func parentalLocked(wait int64) *httpx.Error {
	e := httpx.RateLimited(int(wait))
	e.Key, e.Args = "error_parental_locked", []any{max(int(wait), 1)}
	return e
}

func parentalNotSet() *httpx.Error {
	return httpx.BadRequest("error_parental_not_set")
}

// pinState is the PIN part of a users row.
type pinState struct {
	Status      string
	Hash        string // "" when none
	Failures    int
	LockedUntil int64
}

func loadPINState(ctx context.Context, q store.Querier, userID int64) (*pinState, error) {
	var st pinState
	var hash *string
	err := store.Get(ctx, q, `SELECT parental_status, parental_code_hash, parental_failures, parental_locked_until
		FROM users WHERE id = ?`, []any{userID}, &st.Status, &hash, &st.Failures, &st.LockedUntil)
	if err != nil {
		return nil, err
	}
	if hash != nil {
		st.Hash = *hash
	}
	return &st, nil
}

// verifyPIN checks code against the user's PIN under the try limit. It gives
// reject (an error for the client: wrong code, locked, no PIN) separately
// from err (the store failed) because a rejection must still be committed: a
// wrong try is only counted when q's writes are kept. Callers run it in a
// transaction that commits on reject (see checkPIN).
//
// A try is claimed before the PIN is compared, in one UPDATE that also checks
// the lock, so parallel requests cannot get more than pinMaxFailures tries
// per lock period. q may be s.db or a transaction.
func (s *Service) verifyPIN(ctx context.Context, q store.Querier, userID int64, code string) (reject *httpx.Error, err error) {
	st, err := loadPINState(ctx, q, userID)
	if err != nil {
		return nil, err
	}
	now := s.now().Unix()
	if st.LockedUntil > now {
		return parentalLocked(st.LockedUntil - now), nil
	}
	if st.Status != pinStatusSet || st.Hash == "" {
		return parentalNotSet(), nil
	}
	res, err := q.Exec(ctx, `UPDATE users SET parental_failures = parental_failures + 1
		WHERE id = ? AND parental_locked_until <= ?`, userID, now)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		// Locked by a parallel request since we read the state.
		return parentalLocked(int64(pinLockDuration.Seconds())), nil
	}
	var tries int
	if err := store.Get(ctx, q, "SELECT parental_failures FROM users WHERE id = ?", []any{userID}, &tries); err != nil {
		return nil, err
	}
	if tries <= pinMaxFailures && validPIN(code) && pinMatches(st.Hash, code) {
		_, err = q.Exec(ctx, "UPDATE users SET parental_failures = 0 WHERE id = ?", userID)
		return nil, err
	}
	if tries >= pinMaxFailures {
		until := now + int64(pinLockDuration.Seconds())
		_, err = q.Exec(ctx, "UPDATE users SET parental_failures = 0, parental_locked_until = ? WHERE id = ?", until, userID)
		return parentalLocked(until - now), err
	}
	return wrongParentalCode(pinMaxFailures - tries), nil
}

// checkPIN runs verifyPIN in its own transaction, so that a wrong try is
// counted even though the caller answers an error, and then, when the code is
// right, after (in the same transaction, may be nil).
func (s *Service) checkPIN(ctx context.Context, userID int64, code string, after func(tx *store.Tx) error) error {
	var reject *httpx.Error
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		if reject, err = s.verifyPIN(ctx, tx, userID, code); err != nil || reject != nil || after == nil {
			return err
		}
		return after(tx)
	})
	if err != nil {
		return err
	}
	if reject != nil {
		return reject
	}
	return nil
}

// deviceParental are the parental settings of the session's device (the
// defaults for a token without a device).
func deviceParental(ctx context.Context, q store.Querier, sess *httpx.Session) (ParentalSettings, error) {
	if sess.DeviceID == 0 {
		return DefaultParentalSettings, nil
	}
	var raw string
	err := store.Get(ctx, q, "SELECT parental_settings FROM devices WHERE id = ? AND user_id = ?",
		[]any{sess.DeviceID, sess.UserID}, &raw)
	if errors.Is(err, store.ErrNotFound) {
		return DefaultParentalSettings, nil // the device was just removed: the strictest reading
	}
	if err != nil {
		return ParentalSettings{}, err
	}
	return parseParentalSettings(raw), nil
}

// grantPass remembers a correct PIN on the session's token for the device's
// configured duration; it gives the end of the pass (unix seconds).
func (s *Service) grantPass(ctx context.Context, q store.Querier, sess *httpx.Session, ps ParentalSettings) (int64, error) {
	until := s.now().Unix() + max(int64(max(ps.Duration, 0))*60, minPassSeconds)
	_, err := q.Exec(ctx, "UPDATE tokens SET parental_pass_until = ? WHERE id = ?", until, sess.TokenID)
	return until, err
}

// passValid tells whether the session's token holds an unexpired pass.
func (s *Service) passValid(ctx context.Context, q store.Querier, tokenID int64) (bool, error) {
	var until int64
	err := store.Get(ctx, q, "SELECT parental_pass_until FROM tokens WHERE id = ?", []any{tokenID}, &until)
	if err != nil {
		return false, err
	}
	return until > s.now().Unix(), nil
}

// parentalGate lets a protected action through: when the user has no PIN, when
// protected says the device does not protect it (nil: always protected), when
// the token holds a valid pass and no code is given, or when code is right (a
// right code grants a pass). Otherwise 403 parental_code_required (no code),
// 400 wrong_parental_code, or 429 rate_limited while locked.
func (s *Service) parentalGate(ctx context.Context, sess *httpx.Session, protected func(ParentalSettings) bool, code string) error {
	st, err := loadPINState(ctx, s.db, sess.UserID)
	if err != nil {
		return err
	}
	if st.Status != pinStatusSet {
		return nil
	}
	ps, err := deviceParental(ctx, s.db, sess)
	if err != nil {
		return err
	}
	if protected != nil && !protected(ps) {
		return nil
	}
	if code == "" {
		ok, err := s.passValid(ctx, s.db, sess.TokenID)
		if err != nil || ok {
			return err
		}
		return httpx.ParentalCodeRequired()
	}
	return s.checkPIN(ctx, sess.UserID, code, func(tx *store.Tx) error {
		_, err := s.grantPass(ctx, tx, sess, ps)
		return err
	})
}

// checkParentalForSettings guards changes of a device's parental settings
// (PATCH of a device's parental_settings). When a PIN is set this ALWAYS needs
// a valid code or pass, whatever the device's "settings" flag says: otherwise
// anyone holding the device could first switch the protection off and then
// do whatever it protected, which would make the PIN pointless.
func (s *Service) checkParentalForSettings(ctx context.Context, sess *httpx.Session, code string) error {
	return s.parentalGate(ctx, sess, nil, strings.TrimSpace(code))
}

// protectsProfiles is the gate of switching to or editing an adult profile.
func protectsProfiles(ps ParentalSettings) bool { return ps.Profile }

// protectsSettings is the gate of the account's settings.
func protectsSettings(ps ParentalSettings) bool { return ps.Settings }

// applyParentalPatch applies the PIN fields of PATCH /v2/users/self in q:
//   - Status "ignore" (the dialogue's skip) only while no PIN was ever set;
//   - Code sets a PIN when none is set (notset or ignore) and changes it when
//     one is set, then CurrentCode must be right (wrong -> 400
//     wrong_parental_code; the try limit applies).
//
// A wrong CurrentCode is counted as a failed try through q, so q should be
// s.db (each write commits at once): a transaction rolled back on the
// returned error would undo the count and open the current PIN to brute force.
func (s *Service) applyParentalPatch(ctx context.Context, q store.Querier, userID int64, p ParentalPatch) error {
	st, err := loadPINState(ctx, q, userID)
	if err != nil {
		return err
	}
	if p.Code != nil && p.Status != nil {
		return httpx.Invalid("parental_status", "error_parental_status_with_code")
	}
	if p.Status != nil {
		if strings.TrimSpace(*p.Status) != pinStatusIgnore {
			return httpx.Invalid("parental_status", "error_parental_status")
		}
		switch st.Status {
		case pinStatusIgnore:
			return nil
		case pinStatusNotSet:
			_, err := q.Exec(ctx, "UPDATE users SET parental_status = ? WHERE id = ? AND parental_status = ?",
				pinStatusIgnore, userID, pinStatusNotSet)
			return err
		default:
			return httpx.Invalid("parental_status", "error_parental_ignore_set")
		}
	}
	if p.Code == nil {
		return nil // a current code alone changes nothing
	}
	code := strings.TrimSpace(*p.Code)
	if !validPIN(code) {
		return httpx.Invalid("parental_code", "error_parental_code_format")
	}
	if st.Status == pinStatusSet {
		current := ""
		if p.CurrentCode != nil {
			current = strings.TrimSpace(*p.CurrentCode)
		}
		if current == "" {
			return httpx.Invalid("current_parental_code", "error_required")
		}
		reject, err := s.verifyPIN(ctx, q, userID, current)
		if err != nil {
			return err
		}
		if reject != nil {
			return reject
		}
	}
	return storePIN(ctx, q, userID, code)
}

// storePIN saves a new PIN: status set, try counter and lock cleared.
func storePIN(ctx context.Context, q store.Querier, userID int64, pin string) error {
	hash, err := hashPIN(pin)
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `UPDATE users SET parental_code_hash = ?, parental_status = ?, parental_failures = 0,
		parental_locked_until = 0 WHERE id = ?`, hash, pinStatusSet, userID)
	return err
}

// parentalCheckRequest is the body of POST /v2/users/self/parental_code/check.
type parentalCheckRequest struct {
	Code   looseString `json:"code"`
	Action string      `json:"action"`
}

// handleParentalCheck answers POST /v2/users/self/parental_code/check: a
// right PIN grants this token a pass for the device's duration.
func (s *Service) handleParentalCheck(w http.ResponseWriter, r *http.Request) error {
	var in parentalCheckRequest
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	action := strings.ToLower(strings.TrimSpace(in.Action))
	switch {
	case action == "":
		return httpx.Invalid("action", "error_required")
	case !parentalActions[action]:
		return httpx.Invalid("action", "error_parental_action")
	}
	code := in.Code.String()
	if code == "" {
		return httpx.Invalid("code", "error_required")
	}
	if !validPIN(code) {
		return httpx.Invalid("code", "error_parental_code_format")
	}
	ctx := r.Context()
	sess := httpx.SessionFrom(ctx)
	ps, err := deviceParental(ctx, s.db, sess)
	if err != nil {
		return err
	}
	var until int64
	err = s.checkPIN(ctx, sess.UserID, code, func(tx *store.Tx) error {
		var err error
		until, err = s.grantPass(ctx, tx, sess, ps)
		return err
	})
	if err != nil {
		return err
	}
	httpx.OK(w, ParentalPass{Valid: true, PassUntil: until})
	return nil
}

// parentalSendResponse answers a PIN reset.
type parentalSendResponse struct {
	Message string `json:"message"`
}

// handleParentalSend answers POST /v2/users/self/parental_code/send: a new
// random PIN replaces the old one and goes to the user's phone by SMS. Owning
// the phone is what proves the right to reset, so the try counter and lock
// are cleared too.
func (s *Service) handleParentalSend(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sess := httpx.SessionFrom(ctx)
	lang := httpx.Lang(r)
	var phone *string
	var providerID, sentAt int64
	err := store.Get(ctx, s.db, "SELECT phone, provider_id, parental_sent_at FROM users WHERE id = ?",
		[]any{sess.UserID}, &phone, &providerID, &sentAt)
	if err != nil {
		return err
	}
	if phone == nil || *phone == "" {
		return httpx.Invalid("phone", "error_parental_no_phone")
	}
	// Any profile may ask (a parent who forgot the PIN is often stuck on a
	// child profile), so besides one a minute the resets are capped per hour:
	// each one replaces the PIN and costs an SMS.
	resetKey := strconv.FormatInt(sess.UserID, 10)
	if err := s.checkLimit(ctx, s.limits.pinReset, resetKey); err != nil {
		return err
	}
	// Claim the send slot first; a failed delivery keeps it taken so a broken
	// gateway is not hammered (the viewer retries after the interval).
	now := s.now().Unix()
	interval := int64(pinSendInterval.Seconds())
	res, err := s.db.Exec(ctx, "UPDATE users SET parental_sent_at = ? WHERE id = ? AND parental_sent_at <= ?",
		now, sess.UserID, now-interval)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return httpx.RateLimited(int(sentAt + interval - now))
	}
	pin, err := randomPIN()
	if err != nil {
		return err
	}
	// Deliver before storing: if delivery fails the old PIN keeps working
	// instead of being replaced by one nobody knows.
	if err := s.codes.SendText(ctx, providerID, *phone, httpx.T(lang, "parental_pin_sms", pin)); err != nil {
		return err
	}
	if err := storePIN(ctx, s.db, sess.UserID, pin); err != nil {
		return err
	}
	s.count(ctx, s.limits.pinReset, resetKey)
	httpx.OK(w, parentalSendResponse{Message: httpx.T(lang, "parental_pin_sent")})
	return nil
}
