package push

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"efir/internal/store"
)

// VAPID (RFC 8292): the application server identifies itself to push
// services with an ES256-signed JWT and its public key; browsers subscribe
// with that key, so it must stay the same for every copy of efir and across
// restarts. It is made once per installation and kept in settings.

const vapidSetting = "push_vapid_key"

// jwtLife is how long a VAPID token is valid (RFC 8292 allows 24 hours).
const jwtLife = 12 * time.Hour

var b64 = base64.RawURLEncoding

// loadVAPID reads the installation's key, making it on the first start.
func loadVAPID(ctx context.Context, db *store.DB) (*ecdsa.PrivateKey, error) {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		return nil, err
	}
	// Two copies starting together both insert; the first wins and both
	// read back the winner.
	if _, err := db.Exec(ctx, "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
		vapidSetting, b64.EncodeToString(der)); err != nil {
		return nil, fmt.Errorf("vapid key: %w", err)
	}
	var v string
	if err := store.Get(ctx, db, "SELECT value FROM settings WHERE name = ?", []any{vapidSetting}, &v); err != nil {
		return nil, fmt.Errorf("vapid key: %w", err)
	}
	raw, err := b64.DecodeString(v)
	if err != nil {
		return nil, fmt.Errorf("vapid key: the %s setting is not base64url", vapidSetting)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(raw)
	if err != nil {
		return nil, fmt.Errorf("vapid key: %w", err)
	}
	key, ok := parsed.(*ecdsa.PrivateKey)
	if !ok || key.Curve != elliptic.P256() {
		return nil, errors.New("vapid key: not a P-256 key")
	}
	return key, nil
}

// publicKeyBytes is the key's uncompressed point (65 bytes), the form
// browsers take as applicationServerKey and the k= of the header.
func publicKeyBytes(k *ecdsa.PrivateKey) []byte {
	pub, err := k.PublicKey.ECDH()
	if err != nil {
		panic(err) // a P-256 key always converts
	}
	return pub.Bytes()
}

// vapidAuthorization is the Authorization header for a message to endpoint:
// a JWT for the push service's origin signed with key, and the public key.
func vapidAuthorization(key *ecdsa.PrivateKey, endpoint, subject string, now time.Time) (string, error) {
	u, err := url.Parse(endpoint)
	if err != nil {
		return "", err
	}
	claims := map[string]any{"aud": u.Scheme + "://" + u.Host, "exp": now.Add(jwtLife).Unix()}
	if subject != "" {
		claims["sub"] = subject
	}
	body, err := json.Marshal(claims)
	if err != nil {
		return "", err
	}
	signing := b64.EncodeToString([]byte(`{"typ":"JWT","alg":"ES256"}`)) + "." + b64.EncodeToString(body)
	sum := sha256.Sum256([]byte(signing))
	r, s, err := ecdsa.Sign(rand.Reader, key, sum[:])
	if err != nil {
		return "", err
	}
	// ES256 is r and s as two 32-byte big-endian numbers (RFC 7518 3.4).
	sig := make([]byte, 64)
	r.FillBytes(sig[:32])
	s.FillBytes(sig[32:])
	return "vapid t=" + signing + "." + b64.EncodeToString(sig) + ", k=" + b64.EncodeToString(publicKeyBytes(key)), nil
}

// subjectOf is the VAPID contact: the installation's public address when it
// is https (push services want a way to reach the sender), else none.
func subjectOf(publicURL string) string {
	u, err := url.Parse(publicURL)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return ""
	}
	return "https://" + u.Host
}

// ttlHeader is the TTL header's value.
func ttlHeader(seconds int64) string { return strconv.FormatInt(max(seconds, 0), 10) }
