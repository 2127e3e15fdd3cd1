package search

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The columns of the full-text index: folded words, their stems, their
// transliteration keys.
type column byte

const (
	colWords column = iota
	colStems
	colKeys
)

// term is one token to look for in one column, whole or as a prefix.
type term struct {
	col    column
	text   string
	prefix bool
}

// group: any of its terms (the ways one typed word may match).
type group []term

// conj: every group (every typed word).
type conj []group

// expr: any of its conjunctions (the text as typed, and retyped on the other
// keyboard layout). The backends translate it into their own syntax.
type expr []conj

// syntax is how a backend's query language writes an expr: its "or" and
// "and" operators and one term.
type syntax struct {
	or, and string
	term    func(b *strings.Builder, t term)
}

// write is e in the syntax: (( t | t ) & ( t )) | (...), every level in
// parentheses so no precedence rule matters.
func (x syntax) write(e expr) string {
	var b strings.Builder
	for i, c := range e {
		if i > 0 {
			b.WriteString(x.or)
		}
		b.WriteString("(")
		for j, g := range c {
			if j > 0 {
				b.WriteString(x.and)
			}
			b.WriteString("(")
			for k, t := range g {
				if k > 0 {
					b.WriteString(x.or)
				}
				x.term(&b, t)
			}
			b.WriteString(")")
		}
		b.WriteString(")")
	}
	return b.String()
}

// variant is the text, or its layout-switched form, as words.
type variant struct {
	words  []string
	norm   string     // words joined by one space
	prefix bool       // the last word may be unfinished (no trailing space)
	layout bool       // retyped on the other keyboard layout
	stems  [][]string // per word: StemForms
	keys   [][]string // per word: keys, matched as prefixes for the last word when prefix
}

// query is a parsed search text.
type query struct {
	variants []*variant
}

func newVariant(text string, layout bool) *variant {
	words := Words(text)
	if len(words) == 0 {
		return nil
	}
	v := &variant{words: words, norm: strings.Join(words, " "), layout: layout}
	// A trailing space or punctuation means the last word is finished.
	trimmed := strings.TrimRightFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	v.prefix = len(trimmed) == len(text)
	v.stems = make([][]string, len(words))
	v.keys = make([][]string, len(words))
	for i, w := range words {
		v.stems[i] = StemForms(w)
		if script(w) == 'd' {
			continue
		}
		if v.lastPrefix(i) {
			v.keys[i] = keyPrefixes(w)
		} else if k := LatinKey(w); k != "" {
			v.keys[i] = []string{k}
		}
	}
	return v
}

func (v *variant) lastPrefix(i int) bool { return v.prefix && i == len(v.words)-1 }

// parse reads a search text. It never fails: text without letters or digits
// gives an empty query.
func parse(text string) *query {
	q := &query{}
	if v := newVariant(text, false); v != nil {
		q.variants = append(q.variants, v)
		if other, ok := SwitchLayout(text); ok {
			if lv := newVariant(other, true); lv != nil && lv.norm != v.norm {
				q.variants = append(q.variants, lv)
			}
		}
	}
	return q
}

func (q *query) empty() bool { return len(q.variants) == 0 }

// key is all of the text a search depends on, in a string of its own:
// texts that differ only in case, accents or spacing share it ("Матрица",
// " матрица", "МАТРИЦА"). A trailing space or punctuation still counts: it
// finishes the last word.
func (q *query) key() string {
	var b strings.Builder
	for _, v := range q.variants {
		flag := byte('a')
		if v.prefix {
			flag++
		}
		if v.layout {
			flag += 2
		}
		b.WriteByte(flag)
		b.WriteString(v.norm)
		b.WriteByte('\n')
	}
	return b.String()
}

// expr builds the match expression; typos adds, per word of the text as
// typed, the vocabulary words one typo away.
func (q *query) expr(typos map[string][]string) expr {
	var e expr
	for _, v := range q.variants {
		var c conj
		for i, w := range v.words {
			g := group{{col: colWords, text: w, prefix: v.lastPrefix(i)}}
			for _, s := range v.stems[i] {
				g = append(g, term{col: colStems, text: s})
			}
			for _, k := range v.keys[i] {
				g = append(g, term{col: colKeys, text: k, prefix: v.lastPrefix(i)})
			}
			if !v.layout {
				for _, t := range typos[w] {
					g = append(g, term{col: colWords, text: t})
				}
			}
			c = append(c, g)
		}
		e = append(e, c)
	}
	return e
}

// typoEligible: word i may be corrected. A word still being typed needs
// one letter more: "матр" is the start of "матрица", not a typo of "матч".
func (v *variant) typoEligible(i int) bool {
	w := v.words[i]
	n := utf8.RuneCountInString(w)
	if v.lastPrefix(i) {
		n--
	}
	return n >= typoMinRunes && script(w) != 'd'
}

// typoWords are the words of the text as typed that may be corrected.
func (q *query) typoWords() []string {
	v := q.variants[0]
	var out []string
	for i, w := range v.words {
		if v.typoEligible(i) {
			out = append(out, w)
		}
	}
	return out
}
