package operator

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
)

// sealer keeps secrets at rest (authenticator secrets; later the gateways'
// credentials) encrypted with AES-256-GCM under a key derived from the
// server's secret, so a copy of the database alone does not give them away.
type sealer struct{ aead cipher.AEAD }

func newSealer(serverSecret []byte) (*sealer, error) {
	if len(serverSecret) < 32 {
		return nil, errors.New("operator: the server secret is shorter than 32 bytes")
	}
	mac := hmac.New(sha256.New, serverSecret)
	mac.Write([]byte("efir operator secrets v1"))
	block, err := aes.NewCipher(mac.Sum(nil))
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &sealer{aead: aead}, nil
}

func (s *sealer) seal(plain string) (string, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.RawStdEncoding.EncodeToString(s.aead.Seal(nonce, nonce, []byte(plain), nil)), nil
}

var errSealed = errors.New("operator: a sealed secret does not open")

func (s *sealer) open(sealed string) (string, error) {
	b, err := base64.RawStdEncoding.DecodeString(sealed)
	if err != nil || len(b) < s.aead.NonceSize() {
		return "", errSealed
	}
	plain, err := s.aead.Open(nil, b[:s.aead.NonceSize()], b[s.aead.NonceSize():], nil)
	if err != nil {
		return "", errSealed
	}
	return string(plain), nil
}
