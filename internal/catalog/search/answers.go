package search

import (
	"container/list"
	"strings"
	"sync"
)

// answers keeps the latest suggestions: a text being typed is typed by
// many viewers (the first letters of popular titles most of all), and an
// answer from memory costs the database nothing. Answers belong to the
// state of the provider's index they were read from: any refresh, by any
// copy of efir, records a new state, and the next freshness check (within
// a second) sees it, so older answers are never used again and age out.
type answers struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *answer, most recent first
	byKey map[answerKey]*list.Element
}

// answerKey is everything a suggestion depends on.
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
}

// answersKept: a few megabytes at most (ten short hits an answer).
const answersKept = 4096

func newAnswers(max int) *answers {
	return &answers{max: max, order: list.New(), byKey: map[answerKey]*list.Element{}}
}

func keyOf(state string, f *Filter, text string, limit int) answerKey {
	kinds := make([]string, len(f.Kinds))
	for i, k := range f.Kinds {
		kinds[i] = string(k)
	}
	return answerKey{state: state, provider: f.ProviderID, child: f.Child, guest: f.Guest,
		kinds: strings.Join(kinds, ","), contentType: f.ContentType, text: text, limit: limit}
}

// get gives a copy of the answer kept for k.
func (a *answers) get(k answerKey) ([]Hit, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	e := a.byKey[k]
	if e == nil {
		return nil, false
	}
	a.order.MoveToFront(e)
	return append([]Hit(nil), e.Value.(*answer).hits...), true
}

// put keeps a copy of hits as the answer for k.
func (a *answers) put(k answerKey, hits []Hit) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if e := a.byKey[k]; e != nil {
		e.Value.(*answer).hits = append([]Hit(nil), hits...)
		a.order.MoveToFront(e)
		return
	}
	a.byKey[k] = a.order.PushFront(&answer{key: k, hits: append([]Hit(nil), hits...)})
	for a.order.Len() > a.max {
		last := a.order.Back()
		a.order.Remove(last)
		delete(a.byKey, last.Value.(*answer).key)
	}
}
