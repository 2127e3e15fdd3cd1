package search

// AnswersKept says how many suggestions an index keeps, and their bytes.
func AnswersKept(ix *Index) (n, bytes int) { return ix.answers.len(), ix.answers.bytes() }
