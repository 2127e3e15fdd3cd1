package artwork

import "strconv"

// ladders are the JPEG widths drawn for each kind, ascending. A request's
// ?w= snaps up to the next step (the largest when over it), so a picture
// exists in a handful of sizes a cache can hold, not one per pixel. Each
// ladder holds the kind's default width (pixelSizes: the address without w,
// which lists and link previews use), and every width gives a whole height
// at the kind's aspect ratio. They follow spec 9 "Images" (CSS widths times
// a pixel ratio of 1 to 3); web/src/shared/lib/artworkSrcset.ts lists the
// same steps for srcset (TestLaddersMatchWebClient keeps the two in step).
var ladders = map[string][]int{
	// content 282/222/202: 300 for 1x, 600 for 2x, 846 = 282 x 3
	Poster: {300, 400, 600, 846},
	// content-h tiles 332 (x3 = 996) and episode previews 130..168 (x3 = 504)
	Cover: {352, 512, 640, 1024},
	// person tiles 168, the person page's portrait 240 (x3 = 720)
	Person: {180, 300, 480, 720},
	// news tiles 332, the news page's picture 1080 wide. Capped at 1920
	// like the backdrops below.
	News: {352, 640, 1088, 1920},
	// Backdrops and banners are shown up to 1920 CSS px wide, but are capped
	// at 1920 pixels, not 1920 x 3: a 5760 px (or even 3840 px) picture is
	// 20-60 MB of canvas and a quarter of a second or more of drawing and
	// encoding each, several times the memo's share of a picture; and these
	// pictures are soft gradients and shapes under the client's own text,
	// which a 2x screen shows upscaled from 1920 with no visible loss.
	Background: {640, 1280, 1920},
	// packet cards 312, promo-wide 1080, the slider's background up to 1920
	Promo: {480, 768, 1536, 1920},
}

// parseWidth reads the w query value for kind. Any run of decimal digits
// snaps up the kind's ladder (0 to its first step, past its top to the
// top); anything else (a sign, a space, letters, nothing) is not a width.
func parseWidth(kind, s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		if n < 1_000_000 { // past every ladder's top: stop before it can overflow
			n = n*10 + int(c-'0')
		}
	}
	return snapWidth(kind, n), true
}

// snapWidth is the smallest step of kind's ladder at least w wide, else
// its largest; an unknown kind has the cover's ladder, as it is drawn.
func snapWidth(kind string, w int) int {
	steps, ok := ladders[kind]
	if !ok {
		steps = ladders[Cover]
	}
	for _, s := range steps {
		if s >= w {
			return s
		}
	}
	return steps[len(steps)-1]
}

// sizeAt is the picture's pixel size at width w (0: the kind's default):
// the height keeps the kind's view-box aspect ratio.
func sizeAt(kind string, w int) [2]int {
	def, ok := pixelSizes[kind]
	if !ok {
		def = pixelSizes[Cover]
	}
	if w <= 0 || w == def[0] {
		return def
	}
	box := boxOf(kind)
	return [2]int{w, (w*box[1] + box[0]/2) / box[0]}
}

// Srcset is the srcset attribute of a generated picture's address (as URL
// gives it): one candidate per step of its kind's ladder, the default step
// as the address itself, so a browser that loaded it (as src, or on another
// page) finds it in its cache. Any other address (an operator's picture,
// an SVG, one with a query) has none: "".
func Srcset(src string) string {
	kind, id, ok := parseURL(src)
	if !ok {
		return ""
	}
	base := URL(kind, id)
	def := pixelSizes[kind][0]
	var b []byte
	for i, w := range ladders[kind] {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, base...)
		if w != def {
			b = append(b, "?w="...)
			b = strconv.AppendInt(b, int64(w), 10)
		}
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(w), 10)
		b = append(b, 'w')
	}
	return string(b)
}

// parseURL reads the kind and id of an address URL gives, exactly.
func parseURL(src string) (string, int64, bool) {
	const prefix, ext = "/v2/artwork/", ".jpg"
	if len(src) <= len(prefix)+len(ext) || src[:len(prefix)] != prefix || src[len(src)-len(ext):] != ext {
		return "", 0, false
	}
	rest := src[len(prefix) : len(src)-len(ext)]
	for i := 0; i < len(rest); i++ {
		if rest[i] != '/' {
			continue
		}
		kind, digits := rest[:i], rest[i+1:]
		id, err := strconv.ParseInt(digits, 10, 64)
		if !Valid(kind) || err != nil || id <= 0 || digits != strconv.FormatInt(id, 10) {
			return "", 0, false
		}
		return kind, id, true
	}
	return "", 0, false
}
