package sbpqr

import (
	"errors"

	qrcode "github.com/skip2/go-qrcode"
)

// PNG draws payload as a QR code image of size×size pixels (quiet zone
// included). Medium error correction (15%) keeps a ~100-character link at
// a version phones read easily from a screen.
func PNG(payload string, size int) ([]byte, error) {
	if payload == "" {
		return nil, errors.New("sbpqr: empty payload")
	}
	if size < 64 || size > 2048 {
		return nil, errors.New("sbpqr: size must be 64..2048 pixels")
	}
	return qrcode.Encode(payload, qrcode.Medium, size)
}
