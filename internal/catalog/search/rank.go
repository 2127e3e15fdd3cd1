package search

import (
	"slices"
	"sort"
	"strings"
)

// Tiers of a hit, best first: the whole name as typed, the name beginning
// with the text, every word whole, the last word as a prefix, word forms or
// transliteration or the other keyboard layout, a typo.
const (
	TierExact       = 6
	TierTitlePrefix = 5
	TierWords       = 4
	TierPrefix      = 3
	TierForms       = 2
	TierTypo        = 1
)

// docTokens are a candidate's tokens (a title has a handful: lists are
// cheaper than sets).
type docTokens struct {
	words, stems, keys []string
}

func newDocTokens(words, stems, keys string) *docTokens {
	return &docTokens{words: strings.Fields(words), stems: strings.Fields(stems), keys: strings.Fields(keys)}
}

// wordTier is how well word i of v matches the document (0: not at all).
func (v *variant) wordTier(i int, d *docTokens, typos bool) int {
	w, last := v.words[i], v.lastPrefix(i)
	typos = typos && !v.layout && v.typoEligible(i)
	best := 0
	for _, dw := range d.words {
		switch {
		case dw == w:
			return TierWords
		case last && strings.HasPrefix(dw, w):
			best = TierPrefix
		case best < TierTypo && typos && osa1(w, dw):
			best = TierTypo
		}
	}
	if best >= TierForms {
		return best
	}
	for _, s := range v.stems[i] {
		if slices.Contains(d.stems, s) {
			return TierForms
		}
	}
	for _, k := range v.keys[i] {
		for _, dk := range d.keys {
			if dk == k || last && strings.HasPrefix(dk, k) {
				return TierForms
			}
		}
	}
	return best
}

// tier scores a document for the query: the best of its variants; 0 when
// it does not match (a backend match is confirmed here, so both databases
// rank alike).
func (q *query) tier(c *candidate, typos bool) int {
	best := 0
	for _, v := range q.variants {
		t := v.docTier(c, typos)
		if v.layout && t > TierForms {
			t = TierForms
		}
		best = max(best, t)
	}
	return best
}

func (v *variant) docTier(c *candidate, typos bool) int {
	for _, name := range [2]string{c.titleNorm, c.originalNorm} {
		if name == "" {
			continue
		}
		if name == v.norm {
			return TierExact
		}
	}
	t := TierWords
	for i := range v.words {
		wt := v.wordTier(i, c.tokens, typos)
		if wt == 0 {
			return 0
		}
		t = min(t, wt)
	}
	if t >= TierPrefix {
		for _, name := range [2]string{c.titleNorm, c.originalNorm} {
			if name != "" && strings.HasPrefix(name, v.norm) && (v.prefix || strings.HasPrefix(name[len(v.norm):], " ")) {
				return TierTitlePrefix
			}
		}
	}
	return t
}

// rank scores the candidates, drops those that do not match and sorts the
// rest: tier, then popularity, then the rank position of the rebuild.
func (q *query) rank(cands []*candidate, typos bool) []*candidate {
	out := cands[:0]
	for _, c := range cands {
		if c.tier = q.tier(c, typos); c.tier > 0 {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.tier != b.tier {
			return a.tier > b.tier
		}
		if a.Popularity != b.Popularity {
			return a.Popularity > b.Popularity
		}
		return a.docID < b.docID
	})
	return out
}
