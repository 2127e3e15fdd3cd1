// Package search is the catalogue's search index: titles, original titles,
// persons' and channels' names, matched by word, prefix, word form (Russian
// and English stems), Latin transliteration of Cyrillic (and back), the wrong
// keyboard layout and one typo, and ranked exact title > title prefix > whole
// words > word prefix > word forms and transliteration > typo, popularity
// breaking ties.
//
// Every token is made here in Go (normalise.go, translit.go, stem.go), so both
// databases index the same tokens; only the full-text match itself is
// dialect-specific (FTS5 on SQLite, tsvector with GIN on PostgreSQL), behind
// the backend interface. Documents are written in popularity order at each
// rebuild, so document id order is rank order and a match ordered by id can
// stop after the first rows: that keeps a one-letter prefix cheap on a
// 100,000-title catalogue.
package search
