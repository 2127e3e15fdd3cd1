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
func TestPNGHoldsPayload(t *testing.T) {
	payload := Payload(Params{QRID: NewQRID(), Bank: SandboxBank, Amount: 123456})
	raw, err := PNG(payload, 256)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 256 || b.Dy() != 256 {
		t.Fatalf("image is %v, want 256×256", b)
	}
	if got := decodeQR(t, img); got != payload {
		t.Fatalf("decoded %q, want %q", got, payload)
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
