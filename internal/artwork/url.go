// Package artwork draws the generated pictures of the catalogue (posters,
// covers, backgrounds, person portraits, promotion banners, news pictures):
// deterministic, with no network. One description of each picture has two
// outputs: JPEG, which lists and link previews use (a browser decodes it far
// quicker than an SVG document, and social networks show no SVG), and SVG.
package artwork

import "strconv"

// Kinds of generated pictures and their aspect ratios.
const (
	Poster     = "poster"     // 2:3, contents
	Cover      = "cover"      // 16:9, contents and episodes
	Background = "background" // wide 16:9 backdrop of a content page
	Person     = "person"     // 3:4 portrait
	Promo      = "promo"      // wide banner of a promotion (promo-bg, promo-wide)
	News       = "news"       // 16:9 picture of a news item
)

// URL is the address of a generated picture (JPEG).
func URL(kind string, id int64) string {
	return "/v2/artwork/" + kind + "/" + strconv.FormatInt(id, 10) + ".jpg"
}
