package identity

import (
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"

	"efir/internal/httpx"
)

// The avatar catalogue is built into the server: every picture is an SVG drawn
// here from a few shapes, so profiles have icons without any network or file
// storage, and the same id always draws the same picture (clients and CDNs may
// cache them for a year).

// avatar is a catalogue entry: its category (a message key of the title) and
// the SVG body drawn over the coloured background.
type avatar struct {
	id       int
	category string
	name     string // for the SVG's accessible label
	bg1, bg2 string // background gradient
	body     string
}

// avatarCategoryKeys keep the picker's order of categories.
var avatarCategoryKeys = []string{"avatar_category_animals", "avatar_category_faces", "avatar_category_space"}

var (
	avatarCatalogue []avatar
	avatarByID      = map[int]*avatar{}
	avatarSVG       = map[int][]byte{}
)

func init() {
	avatarCatalogue = append(avatarCatalogue, animalAvatars()...)
	avatarCatalogue = append(avatarCatalogue, faceAvatars()...)
	avatarCatalogue = append(avatarCatalogue, spaceAvatars()...)
	for i := range avatarCatalogue {
		a := &avatarCatalogue[i]
		a.id = i + 1
		avatarByID[a.id] = a
		avatarSVG[a.id] = []byte(a.svg())
	}
}

// avatarSrc is the address of an avatar's picture.
func avatarIconURL(id int) string { return "/v2/profiles/avatars/" + strconv.Itoa(id) + ".svg" }

// validAvatar tells whether id is in the catalogue.
func validAvatar(id int) bool { _, ok := avatarByID[id]; return ok }

// randomAvatar picks the icon of a new profile that did not choose one.
func randomAvatar() int { return avatarCatalogue[rand.IntN(len(avatarCatalogue))].id }

// avatarCategories is the picker's catalogue with titles in lang.
func avatarCategories(lang string) []AvatarCategory {
	out := make([]AvatarCategory, 0, len(avatarCategoryKeys))
	for _, key := range avatarCategoryKeys {
		c := AvatarCategory{Title: httpx.T(lang, key), Avatars: []Avatar{}}
		for _, a := range avatarCatalogue {
			if a.category == key {
				c.Avatars = append(c.Avatars, Avatar{ID: a.id, Src: avatarIconURL(a.id)})
			}
		}
		out = append(out, c)
	}
	return out
}

func (s *Service) handleAvatarCategories(w http.ResponseWriter, r *http.Request) error {
	httpx.OK(w, avatarCategories(httpx.Lang(r)))
	return nil
}

// handleAvatarImage serves /v2/profiles/avatars/{file} where file is "<id>.svg".
func (s *Service) handleAvatarImage(w http.ResponseWriter, r *http.Request) error {
	id, ok := parseAvatarFile(r.PathValue("file"))
	if !ok {
		return httpx.NotFound()
	}
	body := avatarSVG[id]
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml")
	// The picture of an id never changes (it is drawn from code).
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	// A picture needs nothing from outside; no script may ever run in it.
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
	return nil
}

// parseAvatarFile reads "<id>.svg" (a decimal id without sign or leading
// zeros) and tells whether the id is in the catalogue.
func parseAvatarFile(name string) (int, bool) {
	digits, ok := strings.CutSuffix(name, ".svg")
	if !ok || digits == "" || len(digits) > 4 || digits[0] == '0' {
		return 0, false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	id, _ := strconv.Atoi(digits)
	return id, validAvatar(id)
}

func (a *avatar) svg() string {
	var b strings.Builder
	p := fmt.Sprintf("a%d", a.id) // ids inside the picture, unique per avatar
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="%s">`, a.name)
	fmt.Fprintf(&b, `<defs><linearGradient id="%s-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`, p, a.bg1, a.bg2)
	fmt.Fprintf(&b, `<clipPath id="%s-c"><circle cx="64" cy="64" r="64"/></clipPath></defs>`, p)
	fmt.Fprintf(&b, `<g clip-path="url(#%s-c)"><rect width="128" height="128" fill="url(#%s-bg)"/>`, p, p)
	b.WriteString(a.body)
	b.WriteString(`</g></svg>`)
	return b.String()
}

// Drawing helpers: small pieces shared by the motifs.

const ink = "#2B2D42"

// eyes draws two round eyes with a highlight.
func eyes(lx, rx, y, r float64) string {
	h := r * 0.35
	return fmt.Sprintf(`<circle cx="%g" cy="%g" r="%g" fill="%s"/><circle cx="%g" cy="%g" r="%g" fill="%s"/>`+
		`<circle cx="%g" cy="%g" r="%g" fill="#fff"/><circle cx="%g" cy="%g" r="%g" fill="#fff"/>`,
		lx, y, r, ink, rx, y, r, ink, lx+r*0.35, y-r*0.35, h, rx+r*0.35, y-r*0.35, h)
}

// smile draws a curved mouth from x-w to x+w at y, dipping by d.
func smile(x, y, w, d float64) string {
	return fmt.Sprintf(`<path d="M%g %g Q%g %g %g %g" fill="none" stroke="%s" stroke-width="3.5" stroke-linecap="round"/>`,
		x-w, y, x, y+d, x+w, y, ink)
}

// cheeks draws two blush spots.
func cheeks(lx, rx, y float64) string {
	return fmt.Sprintf(`<ellipse cx="%g" cy="%g" rx="6" ry="4" fill="#FF7B9C" opacity="0.55"/><ellipse cx="%g" cy="%g" rx="6" ry="4" fill="#FF7B9C" opacity="0.55"/>`, lx, y, rx, y)
}

// closedEye draws a happy closed eye (an arch) centred at x, y.
func closedEye(x, y float64, up bool) string {
	d := -6.0
	if !up {
		d = 6
	}
	return fmt.Sprintf(`<path d="M%g %g Q%g %g %g %g" fill="none" stroke="%s" stroke-width="3.5" stroke-linecap="round"/>`, x-6, y, x, y+d, x+6, y, ink)
}

// heart draws a heart of width 2w centred at x, y.
func heart(x, y, w float64, fill string) string {
	return fmt.Sprintf(`<path d="M%g %g C%g %g %g %g %g %g C%g %g %g %g %g %g Z" fill="%s"/>`,
		x, y+w*0.9,
		x-w*1.6, y-w*0.1, x-w*0.7, y-w*1.3, x, y-w*0.4,
		x+w*0.7, y-w*1.3, x+w*1.6, y-w*0.1, x, y+w*0.9, fill)
}

// starPoints gives the polygon of a five-pointed star.
func starPoints(cx, cy, outer, inner float64) string {
	var pts []string
	for i := 0; i < 10; i++ {
		r := outer
		if i%2 == 1 {
			r = inner
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", cx+r*math.Cos(a), cy+r*math.Sin(a)))
	}
	return strings.Join(pts, " ")
}

// sparkles draws small stars of a night sky.
func sparkles(points ...[3]float64) string {
	var b strings.Builder
	for _, p := range points {
		fmt.Fprintf(&b, `<circle cx="%g" cy="%g" r="%g" fill="#fff" opacity="0.8"/>`, p[0], p[1], p[2])
	}
	return b.String()
}

func animalAvatars() []avatar {
	const c = "avatar_category_animals"
	return []avatar{
		{category: c, name: "Cat", bg1: "#FFE1C4", bg2: "#FFB987", body: `<polygon points="30,56 36,16 62,40" fill="#F08A3C"/><polygon points="98,56 92,16 66,40" fill="#F08A3C"/>` +
			`<polygon points="36,48 39,26 53,40" fill="#FFC2D1"/><polygon points="92,48 89,26 75,40" fill="#FFC2D1"/>` +
			`<circle cx="64" cy="72" r="38" fill="#F4A259"/><path d="M50 40 Q54 48 52 56 M64 36 V52 M78 40 Q74 48 76 56" stroke="#D9772B" stroke-width="4" fill="none" stroke-linecap="round"/>` +
			eyes(50, 78, 68, 5.5) + `<polygon points="59,80 69,80 64,86" fill="#E5707E"/>` +
			`<path d="M56 90 Q60 95 64 88 Q68 95 72 90" fill="none" stroke="` + ink + `" stroke-width="3" stroke-linecap="round"/>` +
			`<path d="M30 80 L46 84 M30 90 L46 88 M98 80 L82 84 M98 90 L82 88" stroke="` + ink + `" stroke-width="2" stroke-linecap="round"/>`},
		{category: c, name: "Dog", bg1: "#D6EEF5", bg2: "#9CCFE3", body: `<circle cx="64" cy="70" r="36" fill="#C68B59"/>` +
			`<ellipse cx="32" cy="66" rx="12" ry="26" transform="rotate(18 32 66)" fill="#7F4F24"/><ellipse cx="96" cy="66" rx="12" ry="26" transform="rotate(-18 96 66)" fill="#7F4F24"/>` +
			`<ellipse cx="78" cy="58" rx="10" ry="9" fill="#A56A3B"/>` + eyes(50, 78, 60, 5) +
			`<ellipse cx="64" cy="86" rx="20" ry="15" fill="#F1D3B3"/><ellipse cx="64" cy="78" rx="8" ry="6" fill="` + ink + `"/>` +
			`<path d="M60 96 Q64 108 68 96 Z" fill="#FF7B9C"/>` + smile(64, 90, 10, 5)},
		{category: c, name: "Fox", bg1: "#FFF1D6", bg2: "#FFD59E", body: `<polygon points="24,54 32,12 58,40" fill="#E8772E"/><polygon points="104,54 96,12 70,40" fill="#E8772E"/>` +
			`<polygon points="32,46 36,24 50,40" fill="#3D2C2E"/><polygon points="96,46 92,24 78,40" fill="#3D2C2E"/>` +
			`<path d="M20 50 Q64 24 108 50 Q100 84 64 108 Q28 84 20 50 Z" fill="#E8772E"/>` +
			`<path d="M24 56 Q46 66 64 80 Q82 66 104 56 Q96 86 64 108 Q32 86 24 56 Z" fill="#FFF8F0"/>` +
			eyes(48, 80, 60, 5) + `<ellipse cx="64" cy="98" rx="7" ry="5" fill="` + ink + `"/>`},
		{category: c, name: "Bear", bg1: "#E3EBE5", bg2: "#B9CDBF", body: `<circle cx="34" cy="38" r="15" fill="#8D6346"/><circle cx="94" cy="38" r="15" fill="#8D6346"/>` +
			`<circle cx="34" cy="38" r="7" fill="#C9A27E"/><circle cx="94" cy="38" r="7" fill="#C9A27E"/>` +
			`<circle cx="64" cy="72" r="38" fill="#8D6346"/>` + eyes(50, 78, 64, 5) +
			`<ellipse cx="64" cy="86" rx="18" ry="14" fill="#D9B99B"/><ellipse cx="64" cy="80" rx="7" ry="5" fill="` + ink + `"/>` + smile(64, 89, 7, 5)},
		{category: c, name: "Rabbit", bg1: "#FCE4EC", bg2: "#F6B8CF", body: `<ellipse cx="46" cy="32" rx="10" ry="28" transform="rotate(-10 46 32)" fill="#F7F7F7"/><ellipse cx="82" cy="32" rx="10" ry="28" transform="rotate(10 82 32)" fill="#F7F7F7"/>` +
			`<ellipse cx="46" cy="34" rx="4.5" ry="20" transform="rotate(-10 46 34)" fill="#F7A1C4"/><ellipse cx="82" cy="34" rx="4.5" ry="20" transform="rotate(10 82 34)" fill="#F7A1C4"/>` +
			`<circle cx="64" cy="80" r="34" fill="#F7F7F7"/>` + eyes(51, 77, 74, 5) + cheeks(42, 86, 86) +
			`<ellipse cx="64" cy="86" rx="5" ry="3.5" fill="#E5707E"/><rect x="59" y="92" width="10" height="9" rx="2" fill="#fff" stroke="#C9C9C9" stroke-width="1.5"/>` +
			`<path d="M64 92 V101" stroke="#C9C9C9" stroke-width="1.5"/>`},
		{category: c, name: "Panda", bg1: "#D8F5E6", bg2: "#9EE0BD", body: `<circle cx="36" cy="40" r="14" fill="` + ink + `"/><circle cx="92" cy="40" r="14" fill="` + ink + `"/>` +
			`<circle cx="64" cy="72" r="38" fill="#FFFFFF"/>` +
			`<ellipse cx="49" cy="68" rx="9" ry="13" transform="rotate(35 49 68)" fill="` + ink + `"/><ellipse cx="79" cy="68" rx="9" ry="13" transform="rotate(-35 79 68)" fill="` + ink + `"/>` +
			`<circle cx="50" cy="66" r="3.5" fill="#fff"/><circle cx="78" cy="66" r="3.5" fill="#fff"/>` +
			`<ellipse cx="64" cy="82" rx="6" ry="4.5" fill="` + ink + `"/>` + smile(64, 89, 7, 5) + cheeks(40, 88, 84)},
		{category: c, name: "Owl", bg1: "#3A3D5C", bg2: "#1F2137", body: sparkles([3]float64{20, 30, 1.5}, [3]float64{106, 24, 2}, [3]float64{100, 104, 1.5}, [3]float64{18, 96, 1.2}) +
			`<polygon points="30,34 44,50 30,56" fill="#8A6246"/><polygon points="98,34 84,50 98,56" fill="#8A6246"/>` +
			`<ellipse cx="64" cy="76" rx="38" ry="42" fill="#A0785A"/><ellipse cx="64" cy="94" rx="22" ry="22" fill="#D8BFA4"/>` +
			`<path d="M54 90 q4 4 8 0 M66 90 q4 4 8 0 M60 100 q4 4 8 0" stroke="#A0785A" stroke-width="2.5" fill="none"/>` +
			`<circle cx="48" cy="64" r="15" fill="#FFF4D6"/><circle cx="80" cy="64" r="15" fill="#FFF4D6"/>` + eyes(48, 80, 64, 7.5) +
			`<polygon points="59,74 69,74 64,84" fill="#F4A261"/>`},
		{category: c, name: "Frog", bg1: "#FFF7C2", bg2: "#FFE57A", body: `<circle cx="40" cy="50" r="16" fill="#6BBF59"/><circle cx="88" cy="50" r="16" fill="#6BBF59"/>` +
			`<ellipse cx="64" cy="80" rx="44" ry="32" fill="#6BBF59"/>` +
			`<circle cx="40" cy="50" r="10" fill="#fff"/><circle cx="88" cy="50" r="10" fill="#fff"/>` + eyes(41, 87, 51, 5) +
			`<path d="M36 84 Q64 108 92 84" fill="none" stroke="#2F6B2A" stroke-width="4" stroke-linecap="round"/>` + cheeks(32, 96, 78) +
			`<circle cx="58" cy="70" r="1.8" fill="#2F6B2A"/><circle cx="70" cy="70" r="1.8" fill="#2F6B2A"/>`},
	}
}

// face draws the round head of the faces category.
func face(fill, rim string) string {
	return fmt.Sprintf(`<circle cx="64" cy="66" r="44" fill="%s"/><circle cx="64" cy="66" r="44" fill="none" stroke="%s" stroke-width="4"/>`+
		`<ellipse cx="48" cy="40" rx="12" ry="6" transform="rotate(-25 48 40)" fill="#fff" opacity="0.35"/>`, fill, rim)
}

func faceAvatars() []avatar {
	const c = "avatar_category_faces"
	return []avatar{
		{category: c, name: "Happy", bg1: "#4D5BCE", bg2: "#2E3A9E", body: face("#FFD93D", "#E8B800") + eyes(50, 78, 58, 5.5) + smile(64, 78, 18, 14) + cheeks(40, 88, 76)},
		{category: c, name: "Wink", bg1: "#2EC4B6", bg2: "#128C82", body: face("#FF9F68", "#E57A3E") +
			`<circle cx="50" cy="58" r="5.5" fill="` + ink + `"/><circle cx="52" cy="56" r="2" fill="#fff"/>` + closedEye(78, 60, true) + smile(64, 78, 16, 12) +
			`<path d="M70 86 Q76 96 82 84" fill="#FF5C8A"/>`},
		{category: c, name: "Cool", bg1: "#FF6B6B", bg2: "#C73E3E", body: face("#FFC75F", "#E0A330") +
			`<rect x="34" y="50" width="26" height="16" rx="6" fill="` + ink + `"/><rect x="68" y="50" width="26" height="16" rx="6" fill="` + ink + `"/>` +
			`<path d="M60 56 H68" stroke="` + ink + `" stroke-width="4"/><path d="M38 54 L46 54" stroke="#fff" stroke-width="2.5" stroke-linecap="round" opacity="0.7"/>` +
			`<path d="M50 84 Q66 92 80 80" fill="none" stroke="` + ink + `" stroke-width="3.5" stroke-linecap="round"/>`},
		{category: c, name: "Surprised", bg1: "#9B5DE5", bg2: "#6A2FB8", body: face("#7BD389", "#4FAF60") +
			`<path d="M40 42 Q50 34 58 40 M70 40 Q78 34 88 42" fill="none" stroke="` + ink + `" stroke-width="3.5" stroke-linecap="round"/>` +
			`<circle cx="50" cy="58" r="8" fill="#fff"/><circle cx="78" cy="58" r="8" fill="#fff"/>` + eyes(50, 78, 58, 4.5) +
			`<ellipse cx="64" cy="88" rx="9" ry="11" fill="` + ink + `"/>`},
		{category: c, name: "Laughing", bg1: "#FFD166", bg2: "#F4A300", body: face("#6EC6FF", "#3A9BDC") +
			closedEye(50, 58, true) + closedEye(78, 58, true) +
			`<path d="M42 74 H86 Q84 100 64 100 Q44 100 42 74 Z" fill="` + ink + `"/><path d="M52 92 Q64 84 76 92 Q70 100 64 100 Q58 100 52 92 Z" fill="#FF7B9C"/>` +
			`<rect x="48" y="74" width="32" height="6" fill="#fff"/>`},
		{category: c, name: "Playful", bg1: "#06D6A0", bg2: "#049A74", body: face("#C3A6FF", "#9A78E0") + eyes(50, 78, 58, 5.5) +
			smile(64, 78, 18, 10) + `<path d="M58 84 V94 Q64 102 70 94 V84 Z" fill="#FF5C8A"/><path d="M64 86 V95" stroke="#D9376E" stroke-width="2"/>`},
		{category: c, name: "Sleepy", bg1: "#1B2A4A", bg2: "#0D1628", body: face("#FF8FAB", "#E0607F") + closedEye(50, 60, false) + closedEye(78, 60, false) +
			smile(64, 82, 8, 4) + `<path d="M92 22 H104 L92 34 H104 M80 34 H88 L80 42 H88" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`},
		{category: c, name: "In love", bg1: "#FFAFCC", bg2: "#F37AA6", body: face("#FFE066", "#E6BE22") + heart(50, 58, 9, "#E63946") + heart(78, 58, 9, "#E63946") +
			smile(64, 80, 16, 12) + cheeks(38, 90, 76)},
	}
}

func spaceAvatars() []avatar {
	const c = "avatar_category_space"
	return []avatar{
		{category: c, name: "Robot", bg1: "#1D3557", bg2: "#0E1C30", body: `<path d="M64 34 V20" stroke="#A8DADC" stroke-width="4"/><circle cx="64" cy="18" r="6" fill="#E63946"/>` +
			`<rect x="22" y="56" width="10" height="22" rx="3" fill="#6C8EA4"/><rect x="96" y="56" width="10" height="22" rx="3" fill="#6C8EA4"/>` +
			`<rect x="30" y="34" width="68" height="64" rx="14" fill="#A8DADC"/><rect x="38" y="46" width="52" height="26" rx="10" fill="#274060"/>` +
			`<circle cx="52" cy="59" r="7" fill="#FFD166"/><circle cx="76" cy="59" r="7" fill="#FFD166"/>` +
			`<rect x="46" y="80" width="36" height="10" rx="3" fill="#457B9D"/><path d="M55 80 V90 M64 80 V90 M73 80 V90" stroke="#A8DADC" stroke-width="2"/>`},
		{category: c, name: "Alien", bg1: "#3A0CA3", bg2: "#240770", body: sparkles([3]float64{22, 28, 1.6}, [3]float64{104, 36, 1.2}, [3]float64{98, 100, 1.8}) +
			`<path d="M50 30 L42 14 M78 30 L86 14" stroke="#80ED99" stroke-width="3"/><circle cx="42" cy="14" r="4" fill="#80ED99"/><circle cx="86" cy="14" r="4" fill="#80ED99"/>` +
			`<path d="M64 24 C96 24 104 52 98 72 C92 94 76 110 64 110 C52 110 36 94 30 72 C24 52 32 24 64 24 Z" fill="#80ED99"/>` +
			`<ellipse cx="48" cy="66" rx="10" ry="15" transform="rotate(-30 48 66)" fill="` + ink + `"/><ellipse cx="80" cy="66" rx="10" ry="15" transform="rotate(30 80 66)" fill="` + ink + `"/>` +
			`<circle cx="50" cy="60" r="3" fill="#fff"/><circle cx="82" cy="60" r="3" fill="#fff"/>` + smile(64, 92, 6, 4)},
		{category: c, name: "Monster", bg1: "#FFCDB2", bg2: "#FF9F80", body: `<polygon points="34,40 28,14 48,32" fill="#F1FAEE"/><polygon points="94,40 100,14 80,32" fill="#F1FAEE"/>` +
			`<rect x="24" y="28" width="80" height="92" rx="36" fill="#9D4EDD"/>` +
			`<circle cx="64" cy="62" r="18" fill="#fff"/><circle cx="64" cy="64" r="9" fill="` + ink + `"/><circle cx="68" cy="60" r="3" fill="#fff"/>` +
			`<path d="M44 90 Q64 104 84 90" fill="none" stroke="` + ink + `" stroke-width="4" stroke-linecap="round"/>` +
			`<polygon points="52,93 56,93 54,99" fill="#fff"/><polygon points="72,93 76,93 74,99" fill="#fff"/>`},
		{category: c, name: "Ghost", bg1: "#2B2D52", bg2: "#16172E", body: sparkles([3]float64{24, 24, 1.5}, [3]float64{100, 20, 1.8}, [3]float64{108, 70, 1.2}) +
			`<path d="M30 110 V62 C30 38 46 24 64 24 C82 24 98 38 98 62 V110 L88 100 L78 110 L68 100 L58 110 L48 100 L38 110 Z" fill="#F8F9FA"/>` +
			`<ellipse cx="52" cy="60" rx="6" ry="9" fill="` + ink + `"/><ellipse cx="76" cy="60" rx="6" ry="9" fill="` + ink + `"/>` +
			`<ellipse cx="64" cy="82" rx="6" ry="7" fill="` + ink + `"/>` + cheeks(42, 86, 72)},
		{category: c, name: "Planet", bg1: "#03045E", bg2: "#01012E", body: sparkles([3]float64{18, 40, 1.6}, [3]float64{30, 104, 1.2}, [3]float64{108, 28, 2}, [3]float64{102, 96, 1.4}) +
			`<ellipse cx="64" cy="68" rx="54" ry="14" transform="rotate(-18 64 68)" fill="none" stroke="#FFB703" stroke-width="5" opacity="0.7"/>` +
			`<circle cx="64" cy="64" r="32" fill="#F4A261"/><path d="M36 52 Q64 60 92 50 M34 72 Q64 80 94 70" stroke="#E76F51" stroke-width="5" fill="none" opacity="0.6"/>` +
			eyes(54, 74, 62, 4) + smile(64, 74, 8, 6) +
			// the front half of the ring passes over the planet
			`<path d="M12.6 84.7 A54 14 -18 0 0 115.4 51.3" fill="none" stroke="#FFB703" stroke-width="5"/>`},
		{category: c, name: "Star", bg1: "#4361EE", bg2: "#2A3DB8", body: sparkles([3]float64{22, 26, 1.5}, [3]float64{106, 40, 1.8}, [3]float64{24, 100, 1.3}) +
			`<polygon points="` + starPoints(64, 68, 50, 22) + `" fill="#FFD60A" stroke="#FFC300" stroke-width="3" stroke-linejoin="round"/>` +
			eyes(56, 72, 66, 4) + smile(64, 76, 7, 5) + cheeks(50, 78, 76)},
		{category: c, name: "Moon", bg1: "#0B132B", bg2: "#1C2541", body: sparkles([3]float64{92, 28, 2}, [3]float64{104, 60, 1.4}, [3]float64{86, 100, 1.8}, [3]float64{20, 22, 1.2}) +
			`<path d="M70 18 A48 48 0 1 0 108 88 A38 38 0 1 1 70 18 Z" fill="#FFF3B0"/>` +
			closedEye(44, 64, false) + smile(48, 84, 8, 5) + cheeks(32, 56, 76)},
		{category: c, name: "Rocket", bg1: "#90E0EF", bg2: "#48CAE4", body: `<path d="M52 96 Q64 126 76 96 Z" fill="#FB8500"/><path d="M57 96 Q64 114 71 96 Z" fill="#FFB703"/>` +
			`<path d="M48 84 L32 100 L32 82 L48 70 Z" fill="#E63946"/><path d="M80 84 L96 100 L96 82 L80 70 Z" fill="#E63946"/>` +
			`<path d="M64 12 C84 28 84 64 80 96 H48 C44 64 44 28 64 12 Z" fill="#F1FAEE"/><path d="M64 12 C72 18 76 26 78 34 H50 C52 26 56 18 64 12 Z" fill="#E63946"/>` +
			`<circle cx="64" cy="56" r="11" fill="#457B9D" stroke="#1D3557" stroke-width="3"/><circle cx="60" cy="52" r="3" fill="#fff" opacity="0.8"/>`},
	}
}
