package search

import "unicode/utf8"

// One typo: a deleted, added or replaced letter, or two neighbours swapped.
// The vocabulary keeps each word with its one-letter deletions
// (search_deletes); a typed word's deletions meet them there (the symmetric
// deletion method), and osa1 confirms the candidates.

// typoMinRunes: shorter words are not corrected (too many neighbours).
const typoMinRunes = 4

// deletions gives w and every form of w with one rune removed, without repeats.
func deletions(w string) []string {
	out := []string{w}
	seen := map[string]bool{w: true}
	for i, r := range w {
		d := w[:i] + w[i+utf8.RuneLen(r):]
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// osa1 reports whether a and b are at most one edit apart (insertion,
// deletion, substitution or transposition of neighbours).
func osa1(a, b string) bool {
	if a == b {
		return true
	}
	ra, rb := []rune(a), []rune(b)
	if len(ra) < len(rb) {
		ra, rb = rb, ra
	}
	switch len(ra) - len(rb) {
	case 0:
		i := 0
		for i < len(ra) && ra[i] == rb[i] {
			i++
		}
		if i+1 < len(ra) && ra[i] == rb[i+1] && ra[i+1] == rb[i] && string(ra[i+2:]) == string(rb[i+2:]) {
			return true
		}
		return string(ra[i+1:]) == string(rb[i+1:])
	case 1:
		i := 0
		for i < len(rb) && ra[i] == rb[i] {
			i++
		}
		return string(ra[i+1:]) == string(rb[i:])
	}
	return false
}
