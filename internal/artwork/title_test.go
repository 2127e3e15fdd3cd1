package artwork

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"testing"
)

// titleDoc is what the tests read of a graphic title's SVG.
type titleDoc struct {
	ViewBox, Width, Height, Label string
	Elements                      map[string]int
	Rects                         []map[string]string
}

func parseTitle(t *testing.T, svg []byte) titleDoc {
	t.Helper()
	d := titleDoc{Elements: map[string]int{}}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return d
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, svg)
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		d.Elements[el.Name.Local]++
		attrs := map[string]string{}
		for _, a := range el.Attr {
			attrs[a.Name.Local] = a.Value
		}
		switch el.Name.Local {
		case "svg":
			d.ViewBox, d.Width, d.Height, d.Label = attrs["viewBox"], attrs["width"], attrs["height"], attrs["aria-label"]
		case "rect":
			d.Rects = append(d.Rects, attrs)
		}
	}
}

func TestGraphicTitle(t *testing.T) {
	for i, title := range append(longTitles, "Северный ветер", `Tom <&> "Jerry" 'n'`, "日本", "\x01 A\tB") {
		s := Subject{Kind: Title, ID: int64(i + 1), Title: title, Genre: []string{"", "drama", "scifi"}[i%3]}
		if i%2 == 0 {
			s.Color = "#2b1a5e"
		}
		svg := Draw(s)
		d := parseTitle(t, svg)
		// Letters are outlines: no font needed, none substituted.
		if d.Elements["text"] > 0 || d.Elements["tspan"] > 0 || d.Elements["image"] > 0 || d.Elements["style"] > 0 {
			t.Errorf("%q: elements %v", title, d.Elements)
		}
		// Transparent: nothing paints the ground (no rectangle at all).
		if len(d.Rects) > 0 {
			t.Errorf("%q: a background %v", title, d.Rects)
		}
		w, h := TitleSize(title)
		drawn := d.Elements["path"] > 0
		if drawn != (w > 0 && h > 0) || (title == "" && drawn) {
			t.Errorf("%q: %d paths, size %dx%d", title, d.Elements["path"], w, h)
		}
		if drawn {
			if !strings.HasSuffix(d.ViewBox, fmt.Sprintf(" %d %d", w, h)) || d.Width != fmt.Sprint(w) || d.Height != fmt.Sprint(h) {
				t.Errorf("%q: view box %q %sx%s, TitleSize %dx%d", title, d.ViewBox, d.Width, d.Height, w, h)
			}
			if w > titleMaxW || h > titleMaxH || h < titleLo/2 {
				t.Errorf("%q: %dx%d points", title, w, h)
			}
		}
		if want := strings.TrimSpace(strings.Map(func(r rune) rune {
			if r < 0x20 {
				return -1
			}
			return r
		}, title)); title != "\x01 A\tB" && d.Label != want {
			t.Errorf("%q: aria-label %q", title, d.Label)
		}
		if !bytes.Equal(svg, Draw(s)) {
			t.Fatalf("%q: two drawings differ", title)
		}
		if len(svg) >= 16<<10 {
			t.Errorf("%q: %d bytes", title, len(svg))
		}
	}
	// Escaped, not merely parseable: the markup of a title stays text.
	svg := string(Draw(Subject{Kind: Title, ID: 1, Title: `Tom <&> "Jerry"`}))
	if !strings.Contains(svg, `aria-label="Tom &lt;&amp;&gt; &quot;Jerry&quot;"`) {
		t.Errorf("unescaped label:\n%s", svg)
	}
	// The fill runs from white to a tint of the banner's colour.
	if !strings.Contains(svg, `stop-color="#fff"`) || !strings.Contains(string(Draw(Subject{Kind: Title, ID: 1, Title: "А",
		Color: "#2b1a5e"})), `stop-color="`+lightTint(colorPaletteOf("#2b1a5e"))+`"`) {
		t.Errorf("fill:\n%s", svg)
	}
	// A long title wraps to two lines rather than shrinking to nothing.
	if _, h := TitleSize("Премиум: кино без ограничений"); h < titleLo*3/2 {
		t.Errorf("two-line title %d points high", h)
	}
}

func colorPaletteOf(hex string) string {
	p, _ := colorPalette(hex)
	return p.a
}
