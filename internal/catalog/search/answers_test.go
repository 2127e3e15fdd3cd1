package search_test

import (
	"context"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"efir/internal/catalog/search"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// A text read from a request is a piece of the request line: anonymous
// suggestions with a long padding parameter each, every text new and
// finding nothing, must not keep the lines, nor push out the answers
// viewers use (more texts than answers are kept).
func TestAnswersHoldNoRequestLines(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		ix := search.New(db)
		fl := search.Filter{ProviderID: provider}
		suggest := func(text string) []search.Hit {
			t.Helper()
			hs, err := ix.Suggest(ctx, fl, text, 10)
			if err != nil {
				t.Fatal(err)
			}
			return hs
		}
		if !has(suggest("матр"), "Матрос и море") {
			t.Fatal("not found at first")
		}
		// Behind the index's back: only a kept answer still has it.
		f.exec(t, "DELETE FROM search_docs WHERE title = 'Матрос и море'")

		const requests, pad = 4200, 32 << 10
		padding := strings.Repeat("p", pad)
		before := heapInUse()
		for i := range requests {
			text := strconv.Itoa(900000 + i) // digits: one look-up, no typos
			line := text + "&pad=" + padding
			suggest(line[:len(text)])
		}
		after := heapInUse()
		n, bytes := search.AnswersKept(ix)
		runtime.KeepAlive(ix)
		if grown := int64(after) - int64(before); grown > 16<<20 {
			t.Errorf("the heap grew by %d MiB after %d suggestions (%d answers kept, %d bytes counted)",
				grown>>20, requests, n, bytes)
		}
		if !has(suggest("матр"), "Матрос и море") {
			t.Error("texts finding nothing pushed out an answer in use")
		}
	})
}

// Texts that differ only in case, accents or spacing share one answer; a
// finished last word is another text.
func TestAnswersShareEquivalentTexts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		newFixture(t, db)
		ix := search.New(db)
		fl := search.Filter{ProviderID: provider}
		for _, text := range []string{"матр", "МАТР", "  Матр", "мАтр", "матр"} {
			hs, err := ix.Suggest(ctx, fl, text, 10)
			if err != nil {
				t.Fatal(err)
			}
			if !has(hs, "Матрос и море") {
				t.Errorf("%q: %q", text, titles(hs))
			}
		}
		if n, _ := search.AnswersKept(ix); n != 1 {
			t.Errorf("%d answers kept for one text, want 1", n)
		}
		for _, text := range []string{"матр ", "матр!", "МАТР  "} {
			if _, err := ix.Suggest(ctx, fl, text, 10); err != nil {
				t.Fatal(err)
			}
		}
		if n, _ := search.AnswersKept(ix); n != 2 {
			t.Errorf("%d answers kept for a text and its finished form, want 2", n)
		}
	})
}
