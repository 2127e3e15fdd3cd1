package sbpqr

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/makiuchi-d/gozxing"
	gozxingqr "github.com/makiuchi-d/gozxing/qrcode"
)

// The image must hold the payload itself: decode it with an independent
// reader and compare the text.
// Many payloads (their QR ids are random) at the sizes the server draws.
func TestPNGHoldsPayload(t *testing.T) {
	for i := range 100 {
		payload := Payload(Params{QRID: NewQRID(), Bank: SandboxBank, Amount: int64(100 + i*997)})
		for _, size := range []int{240, 320} {
			raw, err := PNG(payload, size)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
				t.Fatalf("image is %v, want %d×%d", b, size, size)
			}
			if got := decodeQR(t, img); got != payload {
				t.Fatalf("decoded %q, want %q", got, payload)
			}
		}
	}
}

func TestPNGRefuses(t *testing.T) {
	if _, err := PNG("", 256); err == nil {
		t.Error("empty payload accepted")
	}
	if _, err := PNG("x", 10); err == nil {
		t.Error("tiny size accepted")
	}
}

func decodeQR(t *testing.T, img image.Image) string {
	t.Helper()
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := gozxingqr.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("decode QR: %v", err)
	}
	return res.GetText()
}
