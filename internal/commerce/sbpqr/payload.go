// Package sbpqr builds and reads the payload of a dynamic SBP (Faster
// Payments System, NSPK) QR code and draws it as a PNG. The sandbox gateway
// shows it to the payer; a real gateway hands out its own payload.
package sbpqr

import (
	"crypto/rand"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// The payload is the NSPK payment link that every Russian bank's app opens
// from a scanned QR code, for example
//
//	https://qr.nspk.ru/AD1000T6S4L9E1QH8JD6AMRBV0KD2K3J?type=02&bank=100000000004&sum=19900&cur=RUB&crc=F405
//
// Its parts, in this order:
//
//   - the path is the QR id: 32 characters of [A-Z0-9]; links issued by NSPK
//     start with "AD1000" for dynamic and "AS1000" for static codes, and
//     NewQRID keeps that shape;
//   - type=02 marks a dynamic code (one payment, fixed sum; 01 is static);
//   - bank is the 12-digit NSPK member id of the payee's bank;
//   - sum is the amount in kopecks, cur is always RUB;
//   - crc is CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no
//     final xor) over every byte before "&crc=", as 4 upper-case hex digits.
//
// The order and the CRC rule were checked against links that Tinkoff and
// Tochka issued for their merchants: their CRCs match this computation (see
// the tests). Only dynamic links are built and read here.
const (
	Prefix        = "https://qr.nspk.ru/"
	TypeDynamic   = "02"
	Currency      = "RUB"
	qridLen       = 32
	qridDynPrefix = "AD1000"
)

// SandboxBank is the member id the sandbox gateway puts in its links: it has
// the shape of a real one but belongs to no bank we know of, so a real
// banking app scanning a test code finds nothing to pay.
const SandboxBank = "100000000000"

// Params are the fields of a dynamic payment link.
type Params struct {
	QRID   string // 32 characters of [A-Z0-9]
	Bank   string // 12-digit NSPK member id
	Amount int64  // kopecks, > 0
}

// ErrPayload is returned by Parse for anything that is not a well-formed
// dynamic NSPK link with a matching CRC.
var ErrPayload = errors.New("sbpqr: not a dynamic SBP payment link")

// Payload builds the link of p. It does not validate p: callers build p from
// NewQRID and their own amounts, and Parse is the check for outside input.
func Payload(p Params) string {
	s := Prefix + p.QRID + "?type=" + TypeDynamic + "&bank=" + p.Bank +
		"&sum=" + strconv.FormatInt(p.Amount, 10) + "&cur=" + Currency
	return s + "&crc=" + crcHex(s)
}

// Parse reads a link built by Payload (or by NSPK) back, checking its shape
// and its CRC.
func Parse(s string) (Params, error) {
	body, crc, ok := cutLast(s, "&crc=")
	if !ok || !strings.HasPrefix(body, Prefix) {
		return Params{}, ErrPayload
	}
	if !strings.EqualFold(crc, crcHex(body)) {
		return Params{}, fmt.Errorf("%w: crc mismatch", ErrPayload)
	}
	qrid, query, ok := strings.Cut(strings.TrimPrefix(body, Prefix), "?")
	if !ok || !validQRID(qrid) {
		return Params{}, fmt.Errorf("%w: bad QR id", ErrPayload)
	}
	q, err := url.ParseQuery(query)
	if err != nil {
		return Params{}, ErrPayload
	}
	if q.Get("type") != TypeDynamic || q.Get("cur") != Currency {
		return Params{}, fmt.Errorf("%w: not a dynamic RUB link", ErrPayload)
	}
	bank := q.Get("bank")
	if len(bank) != 12 || !digits(bank) {
		return Params{}, fmt.Errorf("%w: bad bank id", ErrPayload)
	}
	sum := q.Get("sum")
	amount, err := strconv.ParseInt(sum, 10, 64)
	if err != nil || amount <= 0 || !digits(sum) {
		return Params{}, fmt.Errorf("%w: bad sum", ErrPayload)
	}
	return Params{QRID: qrid, Bank: bank, Amount: amount}, nil
}

// NewQRID makes a random QR id in the shape of NSPK's dynamic ids: "AD1000"
// and 26 random characters of [A-Z0-9] (about 134 bits).
func NewQRID() string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	b := make([]byte, qridLen)
	copy(b, qridDynPrefix)
	// 256 is not a multiple of 36, so bytes at or above 252 are redrawn
	// to keep every character equally likely.
	var buf [64]byte
	for i := len(qridDynPrefix); i < qridLen; {
		_, _ = rand.Read(buf[:])
		for _, c := range buf {
			if c >= 252 || i == qridLen {
				continue
			}
			b[i] = alphabet[c%36]
			i++
		}
	}
	return string(b)
}

func validQRID(s string) bool {
	if len(s) != qridLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func cutLast(s, sep string) (before, after string, ok bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// crcHex is CRC-16/CCITT-FALSE of s as 4 upper-case hex digits.
func crcHex(s string) string {
	crc := uint16(0xFFFF)
	for i := 0; i < len(s); i++ {
		crc ^= uint16(s[i]) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return fmt.Sprintf("%04X", crc)
}
