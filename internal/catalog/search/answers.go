package search

import (
	"container/list"
	"strings"
	"sync"
	"unsafe"
)

// answers keeps the latest suggestions: a text being typed is typed by
// many viewers (the first letters of popular titles most of all), and an
// answer from memory costs the database nothing. Answers belong to the
// state of the provider's index they were read from: any refresh, by any
// copy of efir, records a new state, and the next freshness check (within
// a second) sees it, so older answers are never used again and age out.
//
// Texts that find nothing are kept apart, in a smaller bound: anyone can
// type new ones without end, and they must not push out the answers
// viewers use.
type answers struct {
	mu    sync.Mutex
	found *answerLRU
	none  *answerLRU
}

// answerKey is everything a suggestion depends on. text is the parsed
// query (query.key), never the text as sent: that may be a piece of a
// much longer request line, which a kept key would keep whole.
type answerKey struct {
	state       string
	provider    int64
	child       bool
	guest       bool
	kinds       string
	contentType string
	text        string
	limit       int
}

type answer struct {
	key  answerKey
	hits []Hit
	size int
}

// Bounds of the answers kept: by count and by bytes, whichever is reached
// first (ten short hits an answer: a few megabytes at most).
const (
	answersKept    = 4096
	answersBytes   = 8 << 20
	noAnswersKept  = 512
	noAnswersBytes = 1 << 20
	answerOverhead = 256 // map slot, list element, key and slice headers
	hitSize        = int(unsafe.Sizeof(Hit{}))
)

func newAnswers(max int) *answers {
	return &answers{found: newAnswerLRU(max, answersBytes), none: newAnswerLRU(min(max, noAnswersKept), noAnswersBytes)}
}

func keyOf(state string, f *Filter, text string, limit int) answerKey {
	kinds := make([]string, len(f.Kinds))
	for i, k := range f.Kinds {
		kinds[i] = string(k)
	}
	return answerKey{state: state, provider: f.ProviderID, child: f.Child, guest: f.Guest,
		kinds: strings.Join(kinds, ","), contentType: strings.Clone(f.ContentType), text: text, limit: limit}
}

// get gives a copy of the answer kept for k.
func (a *answers) get(k answerKey) ([]Hit, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if hs, ok := a.found.get(k); ok {
		return hs, true
	}
	return a.none.get(k)
}

// put keeps a copy of hits as the answer for k.
func (a *answers) put(k answerKey, hits []Hit) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(hits) == 0 {
		a.found.remove(k)
		a.none.put(k, nil)
		return
	}
	a.none.remove(k)
	a.found.put(k, hits)
}

// len and bytes: what is kept (tests).
func (a *answers) len() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.found.order.Len() + a.none.order.Len()
}

func (a *answers) bytes() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.found.bytes + a.none.bytes
}

// answerLRU drops the least recently used answers past its bounds. The
// caller holds answers.mu.
type answerLRU struct {
	max, maxBytes, bytes int
	order                *list.List // of *answer, most recent first
	byKey                map[answerKey]*list.Element
}

func newAnswerLRU(max, maxBytes int) *answerLRU {
	return &answerLRU{max: max, maxBytes: maxBytes, order: list.New(), byKey: map[answerKey]*list.Element{}}
}

func (l *answerLRU) get(k answerKey) ([]Hit, bool) {
	e := l.byKey[k]
	if e == nil {
		return nil, false
	}
	l.order.MoveToFront(e)
	return append([]Hit{}, e.Value.(*answer).hits...), true
}

func (l *answerLRU) put(k answerKey, hits []Hit) {
	l.remove(k)
	an := &answer{key: k, hits: append([]Hit(nil), hits...)}
	an.size = sizeOf(an)
	if an.size > l.maxBytes {
		return
	}
	l.byKey[k] = l.order.PushFront(an)
	l.bytes += an.size
	for l.order.Len() > l.max || l.bytes > l.maxBytes {
		l.drop(l.order.Back())
	}
}

func (l *answerLRU) remove(k answerKey) {
	if e := l.byKey[k]; e != nil {
		l.drop(e)
	}
}

func (l *answerLRU) drop(e *list.Element) {
	an := l.order.Remove(e).(*answer)
	delete(l.byKey, an.key)
	l.bytes -= an.size
}

// sizeOf estimates the memory an answer holds. The state string is shared
// by every answer of a state, but counted in each: a bound, not a balance.
func sizeOf(an *answer) int {
	k := &an.key
	n := answerOverhead + len(k.state) + len(k.kinds) + len(k.contentType) + len(k.text)
	for i := range an.hits {
		h := &an.hits[i]
		n += hitSize + len(h.Kind) + len(h.Title) + len(h.Slug) + len(h.ContentType) + len(h.Image)
	}
	return n
}
