package identity

import (
	"strconv"
	"strings"
	"testing"
)

func TestWatchObject(t *testing.T) {
	for _, c := range []struct {
		statID, kind string
		id           int64
	}{
		{"tv12-0a1b2c3d4e5f6a7b", WatchChannel, 12},
		{"vod345-0a1b2c3d4e5f6a7b", WatchContent, 345},
		{"trailer9-0a1b2c3d4e5f6a7b", "", 0},
		{"tv-12", "", 0},
		{"tv12", "", 0},
		{"tv0-aa", "", 0},
		{"tv+12-aa", "", 0},
		{"tv-5-aa", "", 0},
		{"vod99999999999999999999-aa", "", 0},
		{"ch-7", "", 0},
	} {
		kind, id, ok := watchObject(c.statID)
		if kind != c.kind || id != c.id || ok != (c.kind != "") {
			t.Errorf("%q: %q %d %v, want %q %d", c.statID, kind, id, ok, c.kind, c.id)
		}
	}
}

// A stat id is the player's word: whatever it is, an object is read only
// from the prefix, a positive id and the dash after it.
func FuzzWatchObject(f *testing.F) {
	for _, s := range []string{"tv1-aa", "vod2-bb", "trailer3-cc", "tv-1", "", "tv", "vod007-x", "tv1--"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, statID string) {
		kind, id, ok := watchObject(statID)
		if !ok {
			return
		}
		prefix := map[string]string{WatchChannel: "tv", WatchContent: "vod"}[kind]
		if prefix == "" || id <= 0 {
			t.Fatalf("%q: kind %q id %d", statID, kind, id)
		}
		digits, _, _ := strings.Cut(strings.TrimPrefix(statID, prefix), "-")
		if n, err := strconv.ParseInt(digits, 10, 64); err != nil || n != id {
			t.Fatalf("%q: id %d from %q", statID, id, digits)
		}
	})
}
