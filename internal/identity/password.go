package identity

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// Password hashing: argon2id with the OWASP minimum parameters (19 MiB, 2
// passes, 1 lane), encoded with its salt and parameters so they can be raised
// later without breaking stored hashes:
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash> (raw base64).
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// HashPassword hashes a password for storage (also used by the demo seed).
func HashPassword(password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

var errBadHash = errors.New("malformed password hash")

// minMachineSecret is the shortest guest password hashed by hashMachineSecret.
const minMachineSecret = 24

// hashMachineSecret hashes a guest's password: a random secret the client
// generated (at least 24 characters, >= 128 bits). A memory-hard function
// protects low-entropy human passwords against guessing; a random secret of
// this size cannot be guessed anyway, so a salted SHA-256 keeps guest start-up
// within its budget without weakening anything. Encoded as
// $sha256$<salt>$<hash> (raw base64).
func hashMachineSecret(secret string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("secret salt: %w", err)
	}
	sum := sha256.Sum256(append(salt, secret...))
	return "$sha256$" + base64.RawStdEncoding.EncodeToString(salt) + "$" + base64.RawStdEncoding.EncodeToString(sum[:]), nil
}

// CheckPassword reports whether password matches encoded (constant time).
func CheckPassword(encoded, password string) (bool, error) {
	if rest, ok := strings.CutPrefix(encoded, "$sha256$"); ok {
		saltB64, sumB64, ok := strings.Cut(rest, "$")
		salt, err1 := base64.RawStdEncoding.DecodeString(saltB64)
		want, err2 := base64.RawStdEncoding.DecodeString(sumB64)
		if !ok || err1 != nil || err2 != nil || len(want) != sha256.Size {
			return false, errBadHash
		}
		got := sha256.Sum256(append(salt, password...))
		return subtle.ConstantTimeCompare(got[:], want) == 1, nil
	}
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errBadHash
	}
	var m uint32
	var t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil ||
		m == 0 || m > 1<<18 || t == 0 || t > 16 || p == 0 {
		return false, errBadHash
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return false, errBadHash
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil || len(want) == 0 || len(want) > 128 {
		return false, errBadHash
	}
	got := argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is checked against when a login is unknown, so that an unknown
// login costs the same time as a wrong password.
var dummyHash = sync.OnceValue(func() string {
	h, _ := HashPassword("efir-dummy-password")
	return h
})
