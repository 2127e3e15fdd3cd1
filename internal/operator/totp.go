package operator

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"crypto/subtle"
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// The second factor: time-based one-time passwords of RFC 6238 (HMAC-SHA1,
// 30-second steps, six digits), what every authenticator app speaks.
const (
	totpStep   = 30
	totpDigits = 6
	// totpDrift is how many steps either side of now a code may come from
	// (a phone's clock a little off, a code typed at the end of its step).
	totpDrift = 1
)

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// newTOTPSecret is 160 random bits (RFC 4226's recommended length), in base32.
func newTOTPSecret() (string, error) {
	var b [20]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return b32.EncodeToString(b[:]), nil
}

// totpCode is the code of secret at time step.
func totpCode(secret string, step int64) (string, error) {
	key, err := b32.DecodeString(strings.ToUpper(strings.TrimSpace(secret)))
	if err != nil {
		return "", fmt.Errorf("totp secret: %w", err)
	}
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], uint64(step))
	mac := hmac.New(sha1.New, key)
	mac.Write(msg[:])
	sum := mac.Sum(nil)
	off := sum[len(sum)-1] & 0x0f
	n := binary.BigEndian.Uint32(sum[off:off+4]) & 0x7fffffff
	return fmt.Sprintf("%0*d", totpDigits, n%1_000_000), nil
}

// checkTOTP finds the step of code around now, later than lastStep (a code
// is accepted once: replaying it, or an older one, fails). It answers the
// step to remember, or 0.
func checkTOTP(secret, code string, now time.Time, lastStep int64) int64 {
	code = strings.TrimSpace(code)
	if len(code) != totpDigits {
		return 0
	}
	current := now.Unix() / totpStep
	for d := int64(-totpDrift); d <= totpDrift; d++ {
		step := current + d
		if step <= lastStep {
			continue
		}
		want, err := totpCode(secret, step)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step
		}
	}
	return 0
}

// otpauthURL is what an authenticator app reads from a QR code.
func otpauthURL(issuer, account, secret string) string {
	label := url.PathEscape(issuer + ":" + account)
	q := url.Values{"secret": {secret}, "issuer": {issuer}, "algorithm": {"SHA1"}, "digits": {"6"}, "period": {"30"}}
	return "otpauth://totp/" + label + "?" + q.Encode()
}
