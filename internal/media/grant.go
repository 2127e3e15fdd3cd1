package media

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"strings"
)

// Grant is what a signed media URL allows: one asset, played as a live loop,
// an archive range or a VOD, to one user's device until Expires.
type Grant struct {
	Kind     string // KindLive, KindArchive or KindVOD
	Asset    string // asset directory name, e.g. "ch01"
	Epoch    int64  // loop: unix second where the asset's cycle 0 starts (per-channel offset)
	Start    int64  // archive: unix second of the first moment
	Duration int64  // archive: seconds; 0 = open end (EVENT playlist growing up to now)
	UserID   int64
	DeviceID int64
	Expires  int64 // unix seconds
}

// Kinds of grant.
const (
	KindLive    = "live"
	KindArchive = "archive"
	KindVOD     = "vod"
)

// The token is base64url(payload) "." base64url(HMAC-SHA256(secret, payload)).
// The payload is binary (a version byte, the kind, the asset name and
// varints) so a URL stays short; the version byte lets the format change
// without old tokens being misread.
const tokenVersion = 1

var kindCodes = []string{KindLive, KindArchive, KindVOD}

var (
	errBadToken = errors.New("media: bad token")
	b64         = base64.RawURLEncoding
)

func (g Grant) payload() []byte {
	kind := byte(0xff)
	for i, k := range kindCodes {
		if k == g.Kind {
			kind = byte(i)
		}
	}
	b := make([]byte, 0, 3+len(g.Asset)+6*binary.MaxVarintLen64)
	b = append(b, tokenVersion, kind, byte(len(g.Asset)))
	b = append(b, g.Asset...)
	for _, v := range []int64{g.Epoch, g.Start, g.Duration, g.UserID, g.DeviceID, g.Expires} {
		b = binary.AppendVarint(b, v)
	}
	return b
}

// encodeToken signs g with secret.
func encodeToken(g Grant, secret []byte) string {
	p := g.payload()
	return b64.EncodeToString(p) + "." + b64.EncodeToString(mac(secret, p))
}

func mac(secret, payload []byte) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write(payload)
	return m.Sum(nil)
}

// decodeToken checks the signature (in constant time) before reading
// anything from the payload, so a forged payload is never parsed.
func decodeToken(tok string, secret []byte) (Grant, error) {
	ps, ss, ok := strings.Cut(tok, ".")
	if !ok || len(tok) > 512 {
		return Grant{}, errBadToken
	}
	p, err1 := b64.DecodeString(ps)
	sig, err2 := b64.DecodeString(ss)
	if err1 != nil || err2 != nil || !hmac.Equal(sig, mac(secret, p)) {
		return Grant{}, errBadToken
	}
	return parsePayload(p)
}

func parsePayload(p []byte) (Grant, error) {
	orig := p
	if len(p) < 3 || p[0] != tokenVersion || int(p[1]) >= len(kindCodes) {
		return Grant{}, errBadToken
	}
	g := Grant{Kind: kindCodes[p[1]]}
	n := int(p[2])
	p = p[3:]
	if len(p) < n {
		return Grant{}, errBadToken
	}
	g.Asset, p = string(p[:n]), p[n:]
	for _, dst := range []*int64{&g.Epoch, &g.Start, &g.Duration, &g.UserID, &g.DeviceID, &g.Expires} {
		v, k := binary.Varint(p)
		if k <= 0 {
			return Grant{}, errBadToken
		}
		*dst, p = v, p[k:]
	}
	// Only the canonical encoding is accepted (no padded varints), so one
	// grant has exactly one token.
	if len(p) != 0 || !validAssetName(g.Asset) || !bytes.Equal(g.payload(), orig) {
		return Grant{}, errBadToken
	}
	return g, nil
}
