package search

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzParse: any text a viewer sends parses without panicking into bounded
// words of letters and digits only, so the query the backends receive can
// never carry syntax of its own; normalising is idempotent.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", " ", "матрица", "Матрица снов", "vfnhbwf", "Ktc`yjr", `"quoted" OR * NEAR(a b)`,
		"{words}: x*", "it's", "a'b'c", "ёЁйЙ", "ß Æ œ", "日本語 テスト", "\x00\xff\xfe", "--", "a-b-c-d-e-f-g-h-i-j-k",
		strings.Repeat("я", 300), strings.Repeat("ab ", 100), "матр ", "2049", "x\u0301y", "\u00ad", "ǅ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		words := Words(text)
		if len(words) > MaxWords {
			t.Fatalf("%d words", len(words))
		}
		for _, w := range words {
			if w == "" || utf8.RuneCountInString(w) > 2*maxWordRunes {
				t.Fatalf("word %q", w)
			}
			for _, r := range w {
				if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
					t.Fatalf("word %q has %q", w, r)
				}
			}
		}
		n := Normalize(text)
		if Normalize(n) != n {
			t.Fatalf("Normalize not idempotent: %q -> %q -> %q", text, n, Normalize(n))
		}
		q := parse(text)
		e := q.expr(map[string][]string{})
		for _, c := range e {
			for _, g := range c {
				for _, tm := range g {
					if tm.text == "" || strings.ContainsAny(tm.text, `"'*:{}()\ `) {
						t.Fatalf("term %q from %q", tm.text, text)
					}
				}
			}
		}
		if fq := fts5Query(e); strings.Count(fq, "(") != strings.Count(fq, ")") || strings.Count(fq, `"`)%2 != 0 {
			t.Fatalf("fts5 query %s", fq)
		}
		if tq := tsquery(e); strings.Count(tq, "(") != strings.Count(tq, ")") {
			t.Fatalf("tsquery %s", tq)
		}
		for _, w := range words {
			_ = Stem(w)
			_ = LatinKey(w)
			_ = keyPrefixes(w)
			_ = deletions(w)
		}
		if other, ok := SwitchLayout(text); ok && utf8.RuneCountInString(other) != utf8.RuneCountInString(text) {
			t.Fatalf("layout changed the length: %q -> %q", text, other)
		}
	})
}
