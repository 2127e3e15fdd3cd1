package xmltv

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"
)

// guideStream generates an XMLTV document of about size bytes on the fly,
// so the test itself holds nothing of it.
type guideStream struct {
	size, written int
	buf           []byte
	n             int
	closed        bool
}

func (g *guideStream) Read(p []byte) (int, error) {
	for len(g.buf) == 0 {
		switch {
		case g.written == 0 && g.n == 0:
			g.buf = []byte(`<?xml version="1.0"?><tv>`)
		case g.written < g.size:
			start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(g.n) * 30 * time.Minute)
			g.buf = fmt.Appendf(nil, `<programme start="%s +0000" stop="%s +0000" channel="ch%d">`+
				`<title lang="ru">Программа %d</title><desc lang="ru">%s</desc><category lang="ru">Кино</category>`+
				`<episode-num system="xmltv_ns">1.%d.</episode-num><rating><value>16+</value></rating></programme>`+"\n",
				start.Format("20060102150405"), start.Add(30*time.Minute).Format("20060102150405"), g.n%300, g.n,
				strings.Repeat("Описание передачи. ", 20), g.n%40)
			g.n++
		case !g.closed:
			g.buf, g.closed = []byte(`</tv>`), true
		default:
			return 0, io.EOF
		}
	}
	n := copy(p, g.buf)
	g.buf = g.buf[n:]
	g.written += n
	return n, nil
}

// TestParserMemoryFlat parses a generated 50 MB guide and checks that the
// live heap late in the stream is no larger than early on: the parser keeps
// one entry at a time (the parallel one a few fragments), whatever the
// size. No timing is involved.
func TestParserMemoryFlat(t *testing.T) {
	for _, mode := range []struct {
		name    string
		workers int
		slack   uint64
	}{{"sequential", 0, 2 << 20}, {"parallel", 2, 32 << 20}} {
		t.Run(mode.name, func(t *testing.T) { memoryFlat(t, mode.workers, mode.slack) })
	}
}

func memoryFlat(t *testing.T, workers int, slack uint64) {
	size := 50 << 20
	if testing.Short() {
		size = 5 << 20
	}
	heapAt := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	gen := &guideStream{size: size}
	var early, late uint64
	count := 0
	err := Parse(gen, Options{Workers: workers}, Handler{Programme: func(p *Programme) error {
		count++
		switch count {
		case 2000:
			early = heapAt()
		default:
			if gen.written > size*9/10 && late == 0 {
				late = heapAt()
			}
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	if gen.written < size || late == 0 {
		t.Fatalf("stream too short: %d bytes, %d programmes", gen.written, count)
	}
	t.Logf("%d MB, %d programmes, live heap %d KB early, %d KB late", gen.written>>20, count, early>>10, late>>10)
	if late > early+slack {
		t.Errorf("live heap grew from %d KB to %d KB over the stream", early>>10, late>>10)
	}
}
