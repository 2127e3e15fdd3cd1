package catalog

import (
	"strconv"
	"strings"
)

// maxRefLen bounds a path reference: longer ones are not ours.
const maxRefLen = 300

// parseRef reads a content, person or row reference from a path: "123",
// "matrica-snov-123" or any text ending in "-<digits>". The trailing digits
// are the id; the text before them is not checked (a renamed content keeps
// answering under its old slug, the client canonicalises the address).
func parseRef(ref string) (int64, bool) {
	if ref == "" || len(ref) > maxRefLen {
		return 0, false
	}
	i := len(ref)
	for i > 0 && ref[i-1] >= '0' && ref[i-1] <= '9' {
		i--
	}
	digits := ref[i:]
	if digits == "" || len(digits) > 18 {
		return 0, false
	}
	if i > 0 && ref[i-1] != '-' {
		// "abc123": digits glued to text are part of a word, not an id.
		return 0, false
	}
	id, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || id <= 0 {
		return 0, false
	}
	return id, true
}

// wireSlug is the slug on the wire: "<stored slug>-<id>", or the id alone
// when nothing is stored.
func wireSlug(slug string, id int64) string {
	slug = strings.Trim(slug, "-")
	if slug == "" {
		return strconv.FormatInt(id, 10)
	}
	return slug + "-" + strconv.FormatInt(id, 10)
}
