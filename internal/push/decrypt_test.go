package push

import (
	"crypto/ecdh"
	"encoding/binary"
	"errors"
)

// decrypt is the browser's side of RFC 8291: it opens a message sealed for
// the key pair ua with the auth secret, checking the aes128gcm header.
func decrypt(msg []byte, ua *ecdh.PrivateKey, authSecret []byte) ([]byte, error) {
	if len(msg) < 21 {
		return nil, errors.New("short header")
	}
	salt, rs, idlen := msg[:16], binary.BigEndian.Uint32(msg[16:20]), int(msg[20])
	if rs < 18 || len(msg) < 21+idlen {
		return nil, errors.New("bad header")
	}
	as, err := ecdh.P256().NewPublicKey(msg[21 : 21+idlen])
	if err != nil {
		return nil, err
	}
	record := msg[21+idlen:]
	if len(record) > int(rs) {
		return nil, errors.New("more than one record")
	}
	shared, err := ua.ECDH(as)
	if err != nil {
		return nil, err
	}
	cek, nonce, err := contentKeys(shared, authSecret, ua.PublicKey().Bytes(), as.Bytes(), salt)
	if err != nil {
		return nil, err
	}
	gcm, err := newGCM(cek)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, record, nil)
	if err != nil {
		return nil, err
	}
	// Strip the padding back to the delimiter, which must be 2 (last record).
	i := len(plain) - 1
	for i >= 0 && plain[i] == 0 {
		i--
	}
	if i < 0 || plain[i] != 2 {
		return nil, errors.New("no last-record delimiter")
	}
	return plain[:i], nil
}
