package catalog

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"efir/internal/httpx"
)

// Filter lists are bounded: a list past 50 values, in one
// comma list or in repeated parameters, is a validation error naming it.
func TestFilterListsAreBounded(t *testing.T) {
	const filterItems = 50
	values := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = strconv.Itoa(i + 1)
		}
		return out
	}
	for _, name := range []string{"content_type", "main_genre", "genre", "country"} {
		items := values(filterItems)
		if name == "content_type" {
			items = strings.Split(strings.Repeat("movie,", filterItems-1)+"series", ",")
		}
		if _, _, err := parseFilterQuery(url.Values{name: {strings.Join(items, ",")}}); err != nil {
			t.Errorf("%s: %d values refused: %v", name, len(items), err)
		}
		for _, q := range []url.Values{
			{name: {strings.Join(append(items, items[0]), ",")}},
			{name: append(items, items[0])},
			{name: {strings.Repeat(items[0]+",", 200_000)}},
		} {
			_, _, err := parseFilterQuery(q)
			var he *httpx.Error
			if !errors.As(err, &he) || he.Type != httpx.TypeValidation || he.Detail[name] == "" {
				t.Errorf("%s: %d values: %v", name, len(q[name]), err)
			}
		}
	}
}
