package push

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
)

// The message encryption of RFC 8291: an ECDH P-256 agreement between a
// one-off key of ours and the browser's key, mixed with the browser's auth
// secret, keys one aes128gcm record (RFC 8188) that carries the payload.

const (
	recordSize = 4096 // rs of the header: the whole message is one record
	// MaxPayload is the most plaintext one message carries: push services
	// take 4096 bytes of body, less the header (86), the tag (16) and the
	// padding delimiter (1).
	MaxPayload = recordSize - 86 - 16 - 1
)

var errPayloadTooLarge = errors.New("push: payload over 3993 bytes")

// encrypt seals plaintext for the browser key uaPublic (65 bytes,
// uncompressed) and auth secret (16 bytes) with a fresh key and salt.
func encrypt(plaintext, uaPublic, authSecret []byte) ([]byte, error) {
	as, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return nil, err
	}
	return encryptWith(plaintext, uaPublic, authSecret, as, salt)
}

// encryptWith is encrypt with the application server's key and the salt
// given (the RFC's worked example fixes both).
func encryptWith(plaintext, uaPublic, authSecret []byte, as *ecdh.PrivateKey, salt []byte) ([]byte, error) {
	if len(plaintext) > MaxPayload {
		return nil, errPayloadTooLarge
	}
	ua, err := ecdh.P256().NewPublicKey(uaPublic)
	if err != nil {
		return nil, err
	}
	shared, err := as.ECDH(ua)
	if err != nil {
		return nil, err
	}
	asPublic := as.PublicKey().Bytes()
	cek, nonce, err := contentKeys(shared, authSecret, uaPublic, asPublic, salt)
	if err != nil {
		return nil, err
	}
	gcm, err := newGCM(cek)
	if err != nil {
		return nil, err
	}
	// The header: salt, record size, key id (our public key).
	out := make([]byte, 0, 21+len(asPublic)+len(plaintext)+1+gcm.Overhead())
	out = append(out, salt...)
	out = binary.BigEndian.AppendUint32(out, recordSize)
	out = append(out, byte(len(asPublic)))
	out = append(out, asPublic...)
	// One record, the last: the plaintext, then the delimiter 0x02, no padding.
	record := append(append([]byte(nil), plaintext...), 2)
	return gcm.Seal(out, nonce, record, nil), nil
}

// contentKeys derives the content-encryption key and nonce (RFC 8291 3.4,
// RFC 8188 2.2) from the ECDH secret.
func contentKeys(shared, authSecret, uaPublic, asPublic, salt []byte) (cek, nonce []byte, err error) {
	keyInfo := append([]byte("WebPush: info\x00"), uaPublic...)
	keyInfo = append(keyInfo, asPublic...)
	ikm, err := hkdf.Key(sha256.New, shared, authSecret, string(keyInfo), 32)
	if err != nil {
		return nil, nil, err
	}
	if cek, err = hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16); err != nil {
		return nil, nil, err
	}
	nonce, err = hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	return cek, nonce, err
}

func newGCM(key []byte) (cipher.AEAD, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}
