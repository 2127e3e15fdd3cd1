package store

import "strings"

// EscapeLike makes s match itself in a LIKE pattern written with
// ESCAPE '\' (both dialects).
func EscapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(s)
}
