package artwork

import (
	"bytes"
	"image/jpeg"
)

// jpegQuality: the gradients show no blocks at 80, and a poster is ~20 KB.
const jpegQuality = 80

// DrawJPEG renders the subject as a JPEG picture at its kind's default size.
func DrawJPEG(s Subject) []byte { return DrawJPEGAt(s, 0) }

// DrawJPEGAt renders the subject as a JPEG picture width pixels wide (0:
// the default), as tall as the kind's aspect ratio makes it. The encoder
// takes about as long as the drawing (image/jpeg at ~25 ns a pixel; handing
// it YCbCr instead of RGBA is no quicker).
func DrawJPEGAt(s Subject, width int) []byte {
	c := canvases.Get().(*rasterCanvas)
	defer canvases.Put(c)
	c.draw(s, width)
	var b bytes.Buffer
	b.Grow(len(c.img.Pix) / 16)
	if err := jpeg.Encode(&b, c.img, &jpeg.Options{Quality: jpegQuality}); err != nil {
		panic(err) // writes to memory fail only on a broken image
	}
	return b.Bytes()
}
