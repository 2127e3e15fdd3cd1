package search

import (
	"strings"
	"unicode/utf8"
)

// Transliteration. Cyrillic titles are found by Latin text however it was
// transliterated ("matrica", "matritsa", "matrytsa" all find "Матрица"), and
// Latin titles by Cyrillic text ("матрикс" finds "Matrix"): both sides are
// reduced to one phonetic key. The key forgets the differences between the
// usual systems (ц ts/tz/c, х kh/h/x, ы y/i, й j/y/i, ю yu/ju/iu, щ shch/sch,
// doubled letters), so the same reduction of both sides makes them meet.

// cyrLatin is a plain transliteration of Cyrillic letters (Russian plus the
// Kazakh, Kyrgyz, Tajik, Uzbek and Ukrainian letters).
var cyrLatin = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "e", 'ж': "zh", 'з': "z",
	'и': "i", 'й': "i", 'к': "k", 'л': "l", 'м': "m", 'н': "n", 'о': "o", 'п': "p", 'р': "r",
	'с': "s", 'т': "t", 'у': "u", 'ф': "f", 'х': "h", 'ц': "c", 'ч': "ch", 'ш': "sh", 'щ': "sh",
	'ъ': "", 'ы': "y", 'ь': "", 'э': "e", 'ю': "yu", 'я': "ya",
	'ә': "a", 'ғ': "g", 'қ': "k", 'ң': "n", 'ө': "o", 'ұ': "u", 'ү': "u", 'һ': "h", 'і': "i",
	'ї': "i", 'є': "e", 'ў': "u", 'ґ': "g", 'ҷ': "j", 'ӣ': "i", 'ӯ': "u", 'ҳ': "h",
}

// keyRules fold Latin spellings, longest first at each position.
var keyRules = []struct{ from, to string }{
	{"shch", "sh"}, {"tsch", "ch"}, {"sch", "sh"}, {"tch", "ch"},
	{"zh", "z"}, {"kh", "h"}, {"ph", "f"}, {"ck", "k"},
	{"ts", "c"}, {"tz", "c"}, {"cz", "c"},
	{"ya", "ia"}, {"ja", "ia"}, {"yu", "iu"}, {"ju", "iu"}, {"yo", "io"}, {"jo", "io"},
	{"ye", "e"}, {"ie", "e"}, {"je", "e"},
	{"x", "ks"}, {"q", "k"}, {"w", "v"}, {"y", "i"}, {"j", "i"},
}

// LatinKey is the transliteration key of a folded word (see above). Words
// in other alphabets keep their letters.
func LatinKey(w string) string {
	var lat strings.Builder
	lat.Grow(len(w) + 4)
	for _, r := range w {
		if s, ok := cyrLatin[r]; ok {
			lat.WriteString(s)
		} else {
			lat.WriteRune(r)
		}
	}
	s := lat.String()
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		matched := false
		for _, k := range keyRules {
			if strings.HasPrefix(s[i:], k.from) {
				to := k.to
				// ё is е in folded Cyrillic, so "yo" after a consonant is
				// е too ("Fyodor", "Pyotr"); at the start it is "йо" ("York").
				if to == "io" && len(out) > 0 && isConsonant(out[len(out)-1]) {
					to = "e"
				}
				out = appendCollapsed(out, to)
				i += len(k.from)
				matched = true
				break
			}
		}
		if !matched {
			_, size := utf8.DecodeRuneInString(s[i:])
			out = appendCollapsed(out, s[i:i+size])
			i += size
		}
	}
	return string(out)
}

func isConsonant(c byte) bool {
	return c >= 'a' && c <= 'z' && !strings.ContainsRune("aeiouy", rune(c))
}

// appendCollapsed appends s without doubling the last letter ("anna" and
// "ana" meet).
func appendCollapsed(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if len(b) > 0 && b[len(b)-1] == c && c < utf8.RuneSelf && (c < '0' || c > '9') {
			continue
		}
		b = append(b, c)
	}
	return b
}

// keyPrefixes are the keys to match as prefixes for a word still being
// typed: the key, and the key without its last letter when that letter may
// begin a two-letter spelling ("matrit" is on its way to "matritsa", whose
// key "matrica" does not begin with "matrit").
func keyPrefixes(w string) []string {
	k := LatinKey(w)
	if k == "" {
		return nil
	}
	if len(w) >= 3 && script(w) == 'l' {
		switch w[len(w)-1] {
		case 't', 's', 'k', 'z', 'c', 'y', 'j', 'i', 'p', 'e':
			if short := LatinKey(w[:len(w)-1]); short != k && len(short) >= 3 {
				return []string{k, short}
			}
		}
	}
	return []string{k}
}

// The keyboard layouts: text typed with the wrong one ("vfnhbwf" for
// "матрица", "ьфекшч" for "matrix") is searched converted too.
const (
	qwerty = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`" + "QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>~"
	jcuken = "йцукенгшщзхъфывапролджэячсмитьбюё" + "ЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮЁ"
)

var toRussian, toLatin = func() (map[rune]rune, map[rune]rune) {
	ru, la := map[rune]rune{}, map[rune]rune{}
	q, j := []rune(qwerty), []rune(jcuken)
	for i := range q {
		ru[q[i]] = j[i]
		la[j[i]] = q[i]
	}
	return ru, la
}()

// SwitchLayout retypes text on the other keyboard layout: Latin-layout text
// without Cyrillic letters becomes Russian and the other way round. ok is
// false when the text mixes both or has neither.
func SwitchLayout(text string) (string, bool) {
	var lat, cyr bool
	for _, r := range text {
		if _, isLat := toRussian[r]; isLat && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			lat = true
		} else if _, isCyr := toLatin[r]; isCyr {
			cyr = true
		}
	}
	if lat == cyr {
		return "", false
	}
	m := toRussian
	if cyr {
		m = toLatin
	}
	var b strings.Builder
	b.Grow(len(text) * 2)
	for _, r := range text {
		if t, ok := m[r]; ok {
			r = t
		}
		b.WriteRune(r)
	}
	return b.String(), true
}
