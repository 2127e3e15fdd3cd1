package sbpqr

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"

	"github.com/makiuchi-d/gozxing"
	gozxingqr "github.com/makiuchi-d/gozxing/qrcode"
	qrcode "github.com/skip2/go-qrcode"
)

// PNG draws payload as a QR code image of size×size pixels (quiet zone
// included). Medium error correction (15%) keeps a ~100-character link at
// a version phones read easily from a screen. Every module is a whole
// number of pixels (the rest of size is white margin): modules stretched
// to fractional widths blur into each other and some readers misread them.
func PNG(payload string, size int) ([]byte, error) {
	if payload == "" {
		return nil, errors.New("sbpqr: empty payload")
	}
	if size < 64 || size > 2048 {
		return nil, errors.New("sbpqr: size must be 64..2048 pixels")
	}
	// The encoder draws a code a reader cannot read for about one payload in
	// a hundred; every drawing is read back and, when it fails, drawn again
	// at another error-correction level (a different mask and layout).
	var img *image.Gray
	for _, level := range []qrcode.RecoveryLevel{qrcode.Medium, qrcode.High, qrcode.Low, qrcode.Highest} {
		q, err := qrcode.New(payload, level)
		if err != nil {
			return nil, err
		}
		if img, err = draw(q.Bitmap(), size); err != nil {
			return nil, err
		}
		if readBack(img) == payload {
			var buf bytes.Buffer
			if err := png.Encode(&buf, img); err != nil {
				return nil, err
			}
			return buf.Bytes(), nil
		}
	}
	return nil, errors.New("sbpqr: no readable QR code for the payload")
}

// draw puts the modules (quiet zone included) on a white size×size square.
func draw(bits [][]bool, size int) (*image.Gray, error) {
	n := len(bits)
	scale := size / n
	if scale < 1 {
		return nil, errors.New("sbpqr: size too small for the payload")
	}
	img := image.NewGray(image.Rect(0, 0, size, size))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	off := (size - n*scale) / 2
	for y, row := range bits {
		for x, dark := range row {
			if !dark {
				continue
			}
			for dy := range scale {
				for dx := range scale {
					img.SetGray(off+x*scale+dx, off+y*scale+dy, color.Gray{})
				}
			}
		}
	}
	return img, nil
}

// readBack decodes img with an independent reader ("" when it cannot).
func readBack(img image.Image) string {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return ""
	}
	res, err := gozxingqr.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		return ""
	}
	return res.GetText()
}
