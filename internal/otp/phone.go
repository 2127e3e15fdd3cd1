// Package otp issues and checks one-time sign-in codes: random digits stored
// only as salted hashes, short-lived, limited in tries and in how often they
// are sent, delivered through an outbox, an HTTP SMS gateway or a Telegram bot.
// It also owns the phone number normalisation every package shares.
package otp

// maxPhoneInput bounds what is scanned: no real phone needs more characters,
// even with a mask's brackets, spaces and dashes.
const maxPhoneInput = 64

// NormalizePhone turns what a viewer typed (or the browser autofilled) into
// the stored form: the full international digits. Only digits are taken. For
// an 11-digit mask (+7, Russia and Kazakhstan) a leading 8 or 7 is the
// country prefix and is written as 7, and 10 digits get the 7 prepended, so
// "8 (900) 000-00-01", "+7 900 000 00 01" and "900 000 00 01" all become
// "79000000001". Other masks take the digits as they are. The length must
// equal digits; ok is false otherwise.
func NormalizePhone(s string, digits int) (string, bool) {
	if len(s) > maxPhoneInput || digits <= 0 || digits > 15 {
		return "", false
	}
	b := make([]byte, 0, 16)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= '0' && c <= '9' {
			if len(b) == 16 {
				return "", false
			}
			b = append(b, c)
		}
	}
	if digits == 11 {
		switch {
		case len(b) == 11 && (b[0] == '7' || b[0] == '8'):
			b[0] = '7'
		case len(b) == 10:
			b = append([]byte{'7'}, b...)
		default:
			return "", false
		}
	}
	if len(b) != digits {
		return "", false
	}
	return string(b), true
}
