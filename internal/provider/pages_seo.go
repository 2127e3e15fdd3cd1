package provider

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"efir/internal/store"
)

// An operator's own SEO masks (table seo_masks, written in the console's
// pages section): a text given there replaces the built-in text of its page
// type, text type and language. Page meta and GET /v2/seo/masks read them
// through SEOMaskOf, cached for seoOwnTTL per operator (a change made by
// this process drops its copy at once, see ForgetSEOMasks).

// SEOTextTypes are the texts of a page type.
var SEOTextTypes = []string{"title", "description", "h1"}

// SEOPages are the page types with SEO texts ("/contents/*"), in order.
func SEOPages() []string { return slices.Clone(seoPages) }

// seoOwnTTL bounds how long another copy of efir shows an operator's old
// texts after a change.
const seoOwnTTL = 15 * time.Second

type seoOwnKey struct {
	db         *store.DB
	providerID int64
}

type seoOwnEntry struct {
	at    time.Time
	texts map[string]string // lang|page|text -> value
}

var seoOwn = struct {
	mu sync.Mutex
	m  map[seoOwnKey]seoOwnEntry
}{m: map[seoOwnKey]seoOwnEntry{}}

func seoOwnIndex(lang, page, text string) string { return lang + "|" + page + "|" + text }

// OwnSEOTexts are the operator's own texts of lang (page|text -> value),
// nil when it has none.
func OwnSEOTexts(ctx context.Context, db *store.DB, providerID int64, lang string) (map[string]string, error) {
	texts, err := ownSEO(ctx, db, providerID)
	if err != nil {
		return nil, err
	}
	var out map[string]string
	for k, v := range texts {
		if rest, ok := strings.CutPrefix(k, lang+"|"); ok {
			if out == nil {
				out = map[string]string{}
			}
			out[rest] = v
		}
	}
	return out, nil
}

func ownSEO(ctx context.Context, db *store.DB, providerID int64) (map[string]string, error) {
	key := seoOwnKey{db, providerID}
	seoOwn.mu.Lock()
	e, ok := seoOwn.m[key]
	seoOwn.mu.Unlock()
	if ok && time.Since(e.at) < seoOwnTTL {
		return e.texts, nil
	}
	texts := map[string]string{}
	err := store.Each(ctx, db, `SELECT lang, page_type, text_type, value FROM seo_masks WHERE provider_id = ?`,
		[]any{providerID}, func(sc store.Scanner) error {
			var lang, page, text, value string
			if err := sc.Scan(&lang, &page, &text, &value); err != nil {
				return err
			}
			texts[seoOwnIndex(lang, page, text)] = value
			return nil
		})
	if err != nil {
		return nil, err
	}
	seoOwn.mu.Lock()
	seoOwn.m[key] = seoOwnEntry{at: time.Now(), texts: texts}
	seoOwn.mu.Unlock()
	return texts, nil
}

// ForgetSEOMasks drops the cached own texts of an operator (after a change).
func ForgetSEOMasks(providerID int64) {
	seoOwn.mu.Lock()
	defer seoOwn.mu.Unlock()
	for k := range seoOwn.m {
		if k.providerID == providerID {
			delete(seoOwn.m, k)
		}
	}
}

// SEOMaskOf is SEOMaskFor with the operator's own texts in place of the
// built-in ones. The built-in mask stands when the own texts cannot be read:
// a page's meta is never worth a failed page.
func SEOMaskOf(ctx context.Context, db *store.DB, providerID int64, lang, brand, path string) (SEOMask, bool) {
	m, ok := SEOMaskFor(lang, brand, path)
	if !ok || db == nil {
		return m, ok
	}
	texts, err := ownSEO(ctx, db, providerID)
	if err != nil || len(texts) == 0 {
		return m, ok
	}
	fill := func(text string, into *string) {
		if v, found := texts[seoOwnIndex(lang, path, text)]; found {
			*into = strings.ReplaceAll(v, "%s", brand)
		}
	}
	fill("title", &m.Title)
	fill("description", &m.Description)
	fill("h1", &m.H1)
	return m, true
}

// SaveSEOText writes an operator's own text of a page type in lang; an
// empty value goes back to the built-in text.
func SaveSEOText(ctx context.Context, q store.Querier, providerID int64, lang, page, text, value string, now int64) error {
	if value == "" {
		_, err := q.Exec(ctx, `DELETE FROM seo_masks WHERE provider_id = ? AND page_type = ? AND text_type = ? AND lang = ?`,
			providerID, page, text, lang)
		return err
	}
	_, err := q.Exec(ctx, `INSERT INTO seo_masks (provider_id, page_type, text_type, lang, value, updated_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (provider_id, page_type, text_type, lang)
		DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`, providerID, page, text, lang, value, now)
	return err
}
