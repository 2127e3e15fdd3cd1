package store

import "strings"

// Placeholders is the VALUES list of a multi-row INSERT: rows groups of cols
// placeholders, "(?, ?), (?, ?)".
func Placeholders(rows, cols int) string {
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")"
	return strings.TrimSuffix(strings.Repeat(row+", ", rows), ", ")
}

// InList is the list inside IN (...) for n values: "?, ?, ?".
func InList(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

// IDArgs are ids as query arguments.
func IDArgs(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}
