package artwork

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"strconv"
)

// palette is a picture's colours: a gradient from a to b and an accent for
// shapes and the title rule.
type palette struct{ a, b, accent string }

// genrePalettes give each genre its mood; an unknown genre gets a palette
// derived from the picture's id.
var genrePalettes = map[string]palette{
	"drama":         {"#17525a", "#0b1d2e", "#e0b354"},
	"comedy":        {"#f6a21e", "#d9412b", "#fff3c4"},
	"action":        {"#b3202a", "#1a1a1e", "#ff9f1c"},
	"thriller":      {"#12414f", "#05090d", "#4fd1c5"},
	"detective":     {"#34375a", "#101120", "#e9c46a"},
	"crime":         {"#5c1010", "#0d0b0b", "#e63946"},
	"scifi":         {"#3a1f8a", "#070b26", "#00e5ff"},
	"fantasy":       {"#4a2475", "#0d3b30", "#c9a7ff"},
	"romance":       {"#c2185b", "#4a148c", "#ffd1dc"},
	"adventure":     {"#2e7d32", "#0c2a1a", "#ffb300"},
	"horror":        {"#25302b", "#050605", "#c1121f"},
	"history":       {"#7a5632", "#24170d", "#f0c987"},
	"war":           {"#5b6327", "#1b1e0d", "#e0b07a"},
	"family":        {"#4fb3f0", "#1e5fc8", "#ffeb3b"},
	"cartoon":       {"#ff7043", "#9c3fb8", "#fff176"},
	"documentary":   {"#3f5560", "#0f1e26", "#80cbc4"},
	"music":         {"#e0338c", "#3a0ca3", "#ffd60a"},
	"sport":         {"#1c9a4a", "#0a3520", "#e8ff7a"},
	"news":          {"#1f6fd1", "#0b2545", "#8fd3ff"},
	"educational":   {"#1b8a8f", "#245f2a", "#ffe082"},
	"entertainment": {"#8e24aa", "#e65100", "#ffe0b2"},
}

// genreAliases map other catalogues' genre slugs to the palettes.
var genreAliases = map[string]string{
	"science-fiction": "scifi", "sci-fi": "scifi", "fantastika": "scifi", "animation": "cartoon",
	"multfilm": "cartoon", "musical": "music", "biography": "documentary", "gangster": "crime",
	"western": "adventure", "melodrama": "romance", "komediya": "comedy", "drama": "drama",
}

// seedOf is the picture's random source: the same kind and id always draw
// the same picture.
func seedOf(kind string, id int64) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(kind))
	return rand.New(rand.NewPCG(h.Sum64(), uint64(id)))
}

func paletteFor(genre string, rng *rand.Rand) palette {
	if p, ok := genrePalettes[genre]; ok {
		return p
	}
	if p, ok := genrePalettes[genreAliases[genre]]; ok {
		return p
	}
	return hashPalette(pleasantHues[rng.IntN(len(pleasantHues))] + rng.Float64()*10)
}

// pleasantHues leave out the yellow-greens that turn muddy when darkened.
var pleasantHues = []float64{0, 12, 24, 150, 165, 180, 195, 210, 225, 240, 255, 270, 285, 300, 315, 330, 345}

// hashPalette is a palette around a hue: a saturated tone to a deep one and
// a light accent on the opposite side of the wheel.
func hashPalette(hue float64) palette {
	return palette{hslHex(hue, 0.55, 0.42), hslHex(math.Mod(hue+40, 360), 0.6, 0.12), hslHex(math.Mod(hue+180, 360), 0.85, 0.72)}
}

// vary turns the gradient's hue a little, so that the pictures of one genre
// are related but not alike.
func (p palette) vary(rng *rand.Rand) palette {
	d := float64(rng.IntN(33) - 16)
	return palette{shiftHue(p.a, d), shiftHue(p.b, d), p.accent}
}

func shiftHue(hex string, d float64) string {
	n, err := strconv.ParseUint(hex[1:], 16, 32)
	if len(hex) != 7 || err != nil {
		return hex
	}
	h, s, l := toHSL(float64(n>>16&0xff)/255, float64(n>>8&0xff)/255, float64(n&0xff)/255)
	return hslHex(math.Mod(h+d+360, 360), s, l)
}

// colorPalette builds a palette from an operator's colour (#rrggbb).
func colorPalette(hex string) (palette, bool) {
	if len(hex) != 7 || hex[0] != '#' {
		return palette{}, false
	}
	n, err := strconv.ParseUint(hex[1:], 16, 32)
	if err != nil {
		return palette{}, false
	}
	r, g, b := float64(n>>16&0xff)/255, float64(n>>8&0xff)/255, float64(n&0xff)/255
	h, s, l := toHSL(r, g, b)
	return palette{hslHex(h, s, math.Max(0.3, math.Min(l, 0.5))), hslHex(math.Mod(h+25, 360), s, 0.1),
		hslHex(math.Mod(h+180, 360), 0.8, 0.75)}, true
}

func toHSL(r, g, b float64) (h, s, l float64) {
	mx, mn := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
	l = (mx + mn) / 2
	if mx == mn {
		return 0, 0, l
	}
	d := mx - mn
	if l > 0.5 {
		s = d / (2 - mx - mn)
	} else {
		s = d / (mx + mn)
	}
	switch mx {
	case r:
		h = (g - b) / d
		if g < b {
			h += 6
		}
	case g:
		h = (b-r)/d + 2
	default:
		h = (r-g)/d + 4
	}
	return h * 60, s, l
}

func hslHex(h, s, l float64) string {
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch {
	case h < 60:
		r, g = c, x
	case h < 120:
		r, g = x, c
	case h < 180:
		g, b = c, x
	case h < 240:
		g, b = x, c
	case h < 300:
		r, b = x, c
	default:
		r, b = c, x
	}
	return fmt.Sprintf("#%02x%02x%02x", int((r+m)*255+0.5), int((g+m)*255+0.5), int((b+m)*255+0.5))
}
