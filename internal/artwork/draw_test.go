package artwork

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"testing"
)

// wellFormed parses an SVG document to the end.
func wellFormed(t *testing.T, svg []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, svg)
		}
	}
}

var longTitles = []string{
	"Матрица снов", "Последний трамвай до Озёрной", "Приключения робота Винтика", "Шорох",
	"Дело о пропавшем скрипаче", "Кукольный мастер с Гороховой", "Караоке-агентство",
	"Ресторан «Жар-птица»", "Оченьоченьоченьдлинноеслово без пробелов вообще", strings.Repeat("Слово ", 40), "",
}

func TestDrawEveryKind(t *testing.T) {
	genres := []string{"", "drama", "comedy", "scifi", "horror", "cartoon", "science-fiction", "unknown"}
	for kind := range boxes {
		for id := int64(1); id <= 60; id++ {
			s := Subject{Kind: kind, ID: id, Title: longTitles[int(id)%len(longTitles)], Label: "2019 · Фантастика",
				Genre: genres[int(id)%len(genres)]}
			if id%7 == 0 {
				s.Color = "#d62f3b"
			}
			svg := Draw(s)
			wellFormed(t, svg)
			if len(svg) >= 4096 {
				t.Errorf("%s %d: %d bytes, want under 4 KB", kind, id, len(svg))
			}
			box := boxes[kind]
			if !bytes.Contains(svg, fmt.Appendf(nil, `viewBox="0 0 %d %d"`, box[0], box[1])) {
				t.Errorf("%s %d: no view box %v", kind, id, box)
			}
			if !bytes.Equal(svg, Draw(s)) {
				t.Fatalf("%s %d: two drawings differ", kind, id)
			}
		}
	}
	// Different ids make different pictures.
	a, b := Draw(Subject{Kind: Poster, ID: 1, Title: "Х"}), Draw(Subject{Kind: Poster, ID: 2, Title: "Х"})
	if bytes.Equal(a, b) {
		t.Error("two ids drew the same poster")
	}
}

func TestDrawEscapes(t *testing.T) {
	for kind := range boxes {
		svg := Draw(Subject{Kind: kind, ID: 5, Title: `<script>alert("x")</script> & 'Tom' <b>`, Label: "<i>&"})
		wellFormed(t, svg)
		for _, bad := range []string{"<script", "<b>", "<i>", `"x"`, "& "} {
			if bytes.Contains(svg, []byte(bad)) {
				t.Errorf("%s: unescaped %q in\n%s", kind, bad, svg)
			}
		}
	}
	if got := escape("a\x00b\x1fc\td\uFFFEe"); got != "abc de" {
		t.Errorf("escape dropped %q", got)
	}
}

func TestFitTitle(t *testing.T) {
	size, lines := fitTitle("МАТРИЦА СНОВ", 336, 3, 30, 66, textWidth)
	if len(lines) == 0 || len(lines) > 3 || size < 30 {
		t.Errorf("fit: %d %q", size, lines)
	}
	for _, title := range longTitles {
		size, lines := fitTitle(strings.ToUpper(title), 336, 3, 30, 66, textWidth)
		if len(lines) > 3 {
			t.Errorf("%q: %d lines", title, len(lines))
		}
		for _, l := range lines {
			if textWidth(l)*float64(size) > 336*1.01 {
				t.Errorf("%q: line %q is wider than the box", title, l)
			}
		}
	}
	if got := initials("Фёдор Михайлович Белозёров"); got != "ФБ" {
		t.Errorf("initials %q", got)
	}
	if got := initials("«Мадонна»"); got != "М" {
		t.Errorf("initials %q", got)
	}
}
