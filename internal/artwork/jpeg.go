package artwork

import (
	"image/jpeg"
)

// jpegQuality: the gradients show no blocks at 80, and a poster is ~20 KB.
const jpegQuality = 80

// DrawJPEG renders the subject as a JPEG picture at its kind's default size.
func DrawJPEG(s Subject) []byte { return DrawJPEGAt(s, 0) }

// DrawJPEGAt renders the subject as a JPEG picture width pixels wide (0:
// the default), as tall as the kind's aspect ratio makes it. The encoder
// takes about as long as the drawing (image/jpeg at ~25 ns a pixel; handing
// it YCbCr instead of RGBA is no quicker). It waits for a turn (drawing):
// a burst of requests queues instead of holding a canvas each.
func DrawJPEGAt(s Subject, width int) []byte {
	drawing <- struct{}{}
	defer func() { <-drawing }()
	c := canvases.Get().(*rasterCanvas)
	defer canvases.Put(c)
	c.draw(s, width)
	c.out.Reset()
	c.out.Grow(len(c.img.Pix) / 16)
	if err := jpeg.Encode(&c.out, c.img, &jpeg.Options{Quality: jpegQuality}); err != nil {
		panic(err) // writes to memory fail only on a broken image
	}
	// The picture outlives the canvas (the memo keeps it for minutes): a
	// copy of its exact size, not a view of the encoder's buffer, which is
	// several times larger and reused by the next drawing.
	body := make([]byte, c.out.Len())
	copy(body, c.out.Bytes())
	return body
}
