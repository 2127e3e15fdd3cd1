package epgimport

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"unicode"

	"efir/internal/store"
)

// Cyrillic letters of the platform's languages in Latin (passport style),
// so slugs of Russian names stay readable in addresses.
var translit = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "e", 'ж': "zh",
	'з': "z", 'и': "i", 'й': "y", 'к': "k", 'л': "l", 'м': "m", 'н': "n", 'о': "o",
	'п': "p", 'р': "r", 'с': "s", 'т': "t", 'у': "u", 'ф': "f", 'х': "kh", 'ц': "ts",
	'ч': "ch", 'ш': "sh", 'щ': "shch", 'ъ': "", 'ы': "y", 'ь': "", 'э': "e", 'ю': "yu",
	'я': "ya", 'і': "i", 'ї': "i", 'є': "e", 'ґ': "g", 'ә': "a", 'ғ': "g", 'қ': "k",
	'ң': "n", 'ө': "o", 'ұ': "u", 'ү': "u", 'һ': "h", 'ҳ': "h", 'ҷ': "j", 'ӣ': "i",
	'ӯ': "u", 'ў': "o",
}

// Slug makes an address-safe name: lower case Latin letters, digits and
// single dashes ("Первый канал HD" -> "pervyy-kanal-hd").
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		var part string
		switch {
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			part = string(r)
		case translit[r] != "" || (translit[r] == "" && hasTranslit(r)):
			part = translit[r]
		case r == '+':
			part = "plus"
		default:
			if b.Len() > 0 {
				dash = true
			}
			continue
		}
		if part == "" {
			continue
		}
		if dash {
			b.WriteByte('-')
			dash = false
		}
		b.WriteString(part)
		if b.Len() >= 60 {
			break
		}
	}
	return b.String()
}

func hasTranslit(r rune) bool {
	_, ok := translit[r]
	return ok
}

// freeSlug gives base, or base-2, base-3... whichever no channel of the
// provider uses yet.
func freeSlug(ctx context.Context, q store.Querier, provider int64, base string) (string, error) {
	if base == "" {
		base = "channel"
	}
	for i := 1; ; i++ {
		s := base
		if i > 1 {
			s = base + "-" + strconv.Itoa(i)
		}
		var id int64
		err := store.Get(ctx, q, "SELECT id FROM channels WHERE provider_id = ? AND slug = ?", []any{provider, s}, &id)
		if errors.Is(err, store.ErrNotFound) {
			return s, nil
		}
		if err != nil {
			return "", err
		}
	}
}
