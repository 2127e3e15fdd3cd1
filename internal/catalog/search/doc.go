// Package search is the catalogue's search index: titles, original titles,
// persons' and channels' names, matched by word, prefix, word form (Russian
// and English stems), Latin transliteration of Cyrillic (and back), the wrong
// keyboard layout and one typo, and ranked exact title > title prefix > whole
// words > word prefix > word forms and transliteration > typo, popularity
// breaking ties.
//
// Every token is made here in Go (normalise.go, translit.go, stem.go), so both
// databases index the same tokens; only the full-text match itself is
// dialect-specific (FTS5 on SQLite, tsvector with GIN on PostgreSQL, one
// function call per step), behind the backend interface. Document ids follow
// rank order, so a match in id order can stop after the first rows: that
// keeps a one-letter prefix cheap on a 100,000-title catalogue.
//
// The index follows the catalogue by object (update.go): database triggers
// queue what every writer changes (dirty.go), and a refresh rewrites those
// documents only, slotting a new or re-ranked one between its neighbours
// (a rebuild numbers documents with gaps). A whole rebuild remains for a
// missing or older index and for changes too many to apply one by one.
package search
