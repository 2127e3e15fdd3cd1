package search

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of a query: longer texts are refused by the HTTP layer (MaxRunes);
// words past MaxWords and runes past maxWordRunes are ignored, so no input
// makes a query expensive.
const (
	MaxRunes     = 255
	MaxWords     = 8
	maxWordRunes = 40
)

// latinFold maps accented Latin letters (the interface languages: Latvian,
// Romanian, Azerbaijani, plus the usual Western ones) to plain ones.
var latinFold = func() map[rune]string {
	m := map[rune]string{}
	for base, letters := range map[string]string{
		"a": "àáâãäåāăąǎ", "c": "çćĉċč", "d": "ďđ", "e": "èéêëēĕėęěə", "g": "ĝğġģ", "h": "ĥħ",
		"i": "ìíîïĩīĭįı", "j": "ĵ", "k": "ķ", "l": "ĺļľŀł", "n": "ñńņňŉ", "o": "òóôõöøōŏő",
		"r": "ŕŗř", "s": "śŝşšș", "t": "ţťŧț", "u": "ùúûüũūŭůűų", "w": "ŵ", "y": "ýÿŷ", "z": "źżž",
		"ss": "ß", "ae": "æ", "oe": "œ",
	} {
		for _, r := range letters {
			m[r] = base
		}
	}
	return m
}()

// appendFolded appends the search form of r: lower case, ё as е, Latin
// without diacritics. Letters and digits only; it reports false for others.
func appendFolded(b []byte, r rune) ([]byte, bool) {
	if r < utf8.RuneSelf {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			return append(b, byte(r)), true
		case r >= 'A' && r <= 'Z':
			return append(b, byte(r+'a'-'A')), true
		}
		return b, false
	}
	if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
		return b, false
	}
	r = unicode.ToLower(r)
	switch r {
	case 'ё':
		r = 'е'
	case 'й', 'ў', 'ґ':
		// Letters of their own, although they carry a mark.
	default:
		if s, ok := latinFold[r]; ok {
			return append(b, s...), true
		}
	}
	return utf8.AppendRune(b, r), true
}

// isJoiner: characters dropped inside a word rather than splitting it
// ("Ocean's" is one word, "oceans").
func isJoiner(r rune) bool {
	switch r {
	case '\'', '’', '`', 'ʼ', '\u00ad':
		return true
	}
	return false
}

// Words splits text into search words: runs of letters and digits, folded
// (appendFolded), at most MaxWords of at most maxWordRunes runes each.
func Words(text string) []string {
	var out []string
	var b []byte
	n := 0
	flush := func() {
		if len(b) > 0 {
			out = append(out, string(b))
			b, n = b[:0], 0
		}
	}
	for _, r := range text {
		if len(out) == MaxWords {
			break
		}
		if isJoiner(r) {
			continue
		}
		var ok bool
		if n < maxWordRunes {
			before := len(b)
			b, ok = appendFolded(b, r)
			if ok {
				n++
			} else {
				b = b[:before]
			}
		} else {
			ok = unicode.IsLetter(r) || unicode.IsDigit(r)
		}
		if !ok {
			flush()
		}
	}
	if len(out) < MaxWords {
		flush()
	}
	return out
}

// Normalize is the comparable form of a whole name: its words joined by one
// space ("Тёмная  вода!" -> "темная вода").
func Normalize(text string) string { return strings.Join(Words(text), " ") }

// script tells the alphabet of a folded word: 'c' Cyrillic, 'l' Latin, 'd'
// digits only, 'o' other or mixed.
func script(w string) byte {
	var cyr, lat, other bool
	for _, r := range w {
		switch {
		case r >= '0' && r <= '9':
		case r >= 'a' && r <= 'z':
			lat = true
		case unicode.Is(unicode.Cyrillic, r):
			cyr = true
		default:
			other = true
		}
	}
	switch {
	case other || cyr && lat:
		return 'o'
	case cyr:
		return 'c'
	case lat:
		return 'l'
	}
	return 'd'
}
