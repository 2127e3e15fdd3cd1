package xmltv

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzXMLTV feeds arbitrary documents to the parser: it must never panic,
// every programme it hands out must have a channel, a title and a start, and
// a stop (when present) after the start. The files in testdata/ are the
// seed corpus and run with every go test.
func FuzzXMLTV(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.xml")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(sample))
	f.Add([]byte(`<tv><programme start="20260101000000 +0300" stop="20260101010000 +0300" channel="c"><title>t</title></programme></tv>`))
	// small fragments, so the parallel parser cuts fuzzed documents too
	chunkTarget = 64
	f.Fuzz(func(t *testing.T, doc []byte) {
		for _, workers := range []int{0, 2} {
			fuzzOne(t, doc, workers)
		}
	})
}

func fuzzOne(t *testing.T, doc []byte, workers int) {
	err := Parse(strings.NewReader(string(doc)), Options{Workers: workers}, Handler{
		Channel: func(c *Channel) error {
			if c.ID == "" {
				t.Fatal("channel without id")
			}
			return nil
		},
		Programme: func(p *Programme) error {
			if p.Channel == "" || p.Title == "" || p.Start.IsZero() {
				t.Fatalf("incomplete programme passed: %+v", p)
			}
			if !p.Stop.IsZero() && !p.Stop.After(p.Start) {
				t.Fatalf("stop not after start: %+v", p)
			}
			if p.Age < 0 || p.Age > 18 {
				t.Fatalf("age %d", p.Age)
			}
			return nil
		},
	})
	if err != nil {
		t.Fatalf("reading a byte slice cannot fail: %v", err)
	}
}
