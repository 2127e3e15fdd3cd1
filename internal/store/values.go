package store

import "strings"

// Placeholders is the VALUES list of a multi-row INSERT: rows groups of cols
// placeholders, "(?, ?), (?, ?)".
func Placeholders(rows, cols int) string {
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")"
	return strings.TrimSuffix(strings.Repeat(row+", ", rows), ", ")
}
