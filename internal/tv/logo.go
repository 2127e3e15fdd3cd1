package tv

import (
	"context"
	"fmt"
	"hash/fnv"
	"html"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"efir/internal/httpx"
	"efir/internal/store"
)

// channelColor is the operator's colour, else one derived from the slug so
// that every channel keeps its own.
func channelColor(c *channel) string {
	if validColor(c.ColorBg) {
		return strings.ToLower(c.ColorBg)
	}
	h := fnv.New32a()
	h.Write([]byte(c.Slug))
	hue := float64(h.Sum32() % 360)
	r, g, b := hsl(hue, 0.55, 0.42)
	return fmt.Sprintf("#%02x%02x%02x", r, g, b)
}

func validColor(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	_, err := strconv.ParseUint(s[1:], 16, 32)
	return err == nil
}

// shade moves a #rrggbb colour towards white (f > 0) or black (f < 0).
func shade(hex string, f float64) string {
	if !validColor(hex) {
		return hex
	}
	n, _ := strconv.ParseUint(hex[1:], 16, 32)
	ch := []float64{float64(n >> 16 & 0xff), float64(n >> 8 & 0xff), float64(n & 0xff)}
	for i, v := range ch {
		if f > 0 {
			ch[i] = v + (255-v)*f
		} else {
			ch[i] = v * (1 + f)
		}
	}
	return fmt.Sprintf("#%02x%02x%02x", int(ch[0]+0.5), int(ch[1]+0.5), int(ch[2]+0.5))
}

func hsl(h, s, l float64) (uint8, uint8, uint8) {
	c := (1 - abs(2*l-1)) * s
	x := c * (1 - abs(mod(h/60, 2)-1))
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
	return uint8((r + m) * 255), uint8((g + m) * 255), uint8((b + m) * 255)
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

func mod(a, b float64) float64 { return a - b*float64(int(a/b)) }

// logoSVG draws a 200x200 tile: the channel colour as a gradient, its number
// in a badge and its name (shortened to fit) in white.
func logoSVG(c *channel) string {
	color := channelColor(c)
	name := c.Name
	if utf8.RuneCountInString(name) > 14 {
		name = string([]rune(name)[:13]) + "…"
	}
	size := 34
	if n := utf8.RuneCountInString(name); n > 8 {
		size = 34 * 8 / n
		size = max(size, 20)
	}
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="%[1]s">`+
		`<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%[2]s"/><stop offset="1" stop-color="%[3]s"/></linearGradient></defs>`+
		`<rect width="200" height="200" rx="28" fill="url(#g)"/>`+
		`<circle cx="100" cy="78" r="38" fill="#ffffff" fill-opacity="0.18"/>`+
		`<text x="100" y="92" text-anchor="middle" font-family="Inter,Arial,sans-serif" font-size="40" font-weight="700" fill="#fff">%[4]d</text>`+
		`<text x="100" y="158" text-anchor="middle" font-family="Inter,Arial,sans-serif" font-size="%[5]d" font-weight="600" fill="#fff">%[6]s</text>`+
		`</svg>`, html.EscapeString(c.Name), shade(color, 0.15), shade(color, -0.35), c.Number, size, html.EscapeString(name))
}

// handleLogo serves the generated logo. <img> sends no token, so the
// request's provider picks the channel; the logo shows the channel's name,
// so it is found only where the channel is: the viewer's provider's, and
// for a child profile not above 12 (guests' 4K rule is left out: a signed-in
// viewer's <img> comes without its token).
func (s *Service) handleLogo(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r, false)
	if err != nil {
		return err
	}
	c, err := logoChannel(r.Context(), s.db, v, r.PathValue("id"))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, _ = w.Write([]byte(logoSVG(c)))
	return nil
}

func logoChannel(ctx context.Context, db store.Querier, v *viewer, ref string) (*channel, error) {
	id, err := strconv.ParseInt(ref, 10, 64)
	if err != nil || id <= 0 {
		return nil, httpx.NotFound()
	}
	c := &channel{ID: id}
	if err := store.Get(ctx, db, "SELECT slug, name, number, color_bg, age FROM channels WHERE id = ? AND provider_id = ?",
		[]any{id, v.providerID}, &c.Slug, &c.Name, &c.Number, &c.ColorBg, &c.Age); err != nil {
		return nil, err
	}
	if v.child && c.Age > childMaxAge {
		return nil, httpx.NotFound()
	}
	return c, nil
}
