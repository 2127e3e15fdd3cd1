package httpx

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strings"
	"sync"
)

// Languages are the interface languages of the product.
var Languages = []string{"ru", "en", "bg", "kk", "tg", "ky", "uz", "ka", "lv", "az", "ro"}

// messages is the catalogue of texts the server shows to people, by key and
// language. Feature packages add their keys with Register at init time.
var (
	messagesMu sync.RWMutex
	messages   = map[string]map[string]string{}
)

// Register adds texts for a language: Register("en", map[key]text).
func Register(lang string, texts map[string]string) {
	messagesMu.Lock()
	defer messagesMu.Unlock()
	m := messages[lang]
	if m == nil {
		m = map[string]string{}
		messages[lang] = m
	}
	for k, v := range texts {
		m[k] = v
	}
}

// RegisterFS registers the texts files in dir of fsys: flat JSON objects of
// key -> text named {lang}.json (or {topic}.{lang}.json), so translators edit
// data, not Go. The files are embedded in the binary, so a broken file is a
// programming error: RegisterFS panics, and every test run shows it.
func RegisterFS(fsys fs.FS, dir string) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.json"))
	if err != nil || len(names) == 0 {
		panic(fmt.Sprintf("httpx: no texts files in %s: %v", dir, err))
	}
	for _, name := range names {
		base := strings.TrimSuffix(path.Base(name), ".json")
		lang := base[strings.LastIndex(base, ".")+1:]
		if !slices.Contains(Languages, lang) {
			panic(fmt.Sprintf("httpx: texts file %s: %q is not an interface language", name, lang))
		}
		raw, err := fs.ReadFile(fsys, name)
		if err != nil {
			panic(fmt.Sprintf("httpx: texts file %s: %v", name, err))
		}
		var texts map[string]string
		if err := json.Unmarshal(raw, &texts); err != nil {
			panic(fmt.Sprintf("httpx: texts file %s: %v", name, err))
		}
		Register(lang, texts)
	}
}

// Keys lists the keys the catalogue holds in lang itself, sorted (for tests
// that check every language has every key).
func Keys(lang string) []string {
	messagesMu.RLock()
	defer messagesMu.RUnlock()
	keys := make([]string, 0, len(messages[lang]))
	for k := range messages[lang] {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Has tells whether the catalogue holds key in lang itself (no fallback).
func Has(lang, key string) bool {
	messagesMu.RLock()
	defer messagesMu.RUnlock()
	_, ok := messages[lang][key]
	return ok
}

// T translates key into lang (falling back to ru, then en, then the key) and
// formats it with args.
func T(lang, key string, args ...any) string {
	messagesMu.RLock()
	s, ok := messages[lang][key]
	if !ok {
		if s, ok = messages["ru"][key]; !ok {
			if s, ok = messages["en"][key]; !ok {
				s = key
			}
		}
	}
	messagesMu.RUnlock()
	if len(args) > 0 {
		return fmt.Sprintf(s, args...)
	}
	return s
}

// NormalizeLang maps a language tag to one of Languages ("" when none):
// kz -> kk, ru-RU -> ru, uz-Latn -> uz.
func NormalizeLang(tag string) string {
	tag = strings.ToLower(strings.TrimSpace(tag))
	if i := strings.IndexAny(tag, "-_;"); i >= 0 {
		tag = tag[:i]
	}
	if tag == "kz" {
		tag = "kk"
	}
	for _, l := range Languages {
		if l == tag {
			return l
		}
	}
	return ""
}

// Lang picks the language of server texts from Accept-Language (first known
// tag wins; q-values are honoured by order, as browsers send them sorted).
func Lang(r *http.Request) string {
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		if l := NormalizeLang(part); l != "" {
			return l
		}
	}
	return "ru"
}

//go:embed texts/*.json
var textFiles embed.FS

// The texts of the API conventions themselves (errors of any endpoint).
func init() { RegisterFS(textFiles, "texts") }
