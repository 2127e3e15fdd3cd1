package search

import (
	"strings"

	"github.com/kljensen/snowball/english"
	"github.com/kljensen/snowball/russian"
)

// Stem gives the word form stem of a folded word: the Russian Snowball
// stemmer for Cyrillic words, the English (Porter2) one for Latin words,
// the word itself otherwise (digits, other alphabets, short words).
func Stem(w string) string {
	if len(w) < 3 {
		return w
	}
	switch script(w) {
	case 'c':
		return russian.Stem(w, true)
	case 'l':
		return english.Stem(w, true)
	}
	return w
}

// StemForms gives the stem and, for a Russian stem whose last syllable has
// a fleeting vowel, the stem without it: "ветер" and "ветр" (ветра), "огон"
// and "огн" (огня), "сон" and "сн" (сна). Both sides of a match use both.
func StemForms(w string) []string {
	s := Stem(w)
	r := []rune(s)
	n := len(r)
	if n >= 3 && script(w) == 'c' && (r[n-2] == 'е' || r[n-2] == 'о') && isRuConsonant(r[n-1]) && isRuConsonant(r[n-3]) {
		return []string{s, string(r[:n-2]) + string(r[n-1])}
	}
	return []string{s}
}

func isRuConsonant(r rune) bool {
	return strings.ContainsRune("бвгджзклмнпрстфхцчшщ", r)
}
