package xmltv

import (
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
)

type recorded struct {
	chs   []Channel
	progs []Programme
	probs []Problem
}

func record(t testing.TB, r io.Reader, opt Options) recorded {
	t.Helper()
	var rec recorded
	err := Parse(r, opt, Handler{
		Channel: func(c *Channel) error { rec.chs = append(rec.chs, *c); return nil },
		Programme: func(p *Programme) error {
			cp := *p
			cp.Categories = append([]string(nil), p.Categories...)
			cp.Countries = append([]string(nil), p.Countries...)
			if len(cp.Categories) == 0 {
				cp.Categories = nil
			}
			if len(cp.Countries) == 0 {
				cp.Countries = nil
			}
			rec.progs = append(rec.progs, cp)
			return nil
		},
		Problem: func(p Problem) { rec.probs = append(rec.probs, p) },
	})
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestParallelSameAsSequential cuts documents into tiny fragments and checks
// that the parallel parser reports exactly what the sequential one does,
// lines and offsets included, also when an end tag hides in CDATA or a
// comment.
func TestParallelSameAsSequential(t *testing.T) {
	target, max := chunkTarget, chunkMax
	t.Cleanup(func() { chunkTarget, chunkMax = target, max })
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tv>\n<channel id=\"c\"><display-name>C</display-name></channel>\n")
	for i := 0; i < 400; i++ {
		fmt.Fprintf(&b, "<programme start=\"202601%02d%02d0000\" stop=\"202601%02d%02d3000\" channel=\"c\">\n<title>T%d</title>", i/24+1, i%24, i/24+1, i%24, i)
		switch i % 50 {
		case 7:
			b.WriteString("<desc><![CDATA[a </programme> inside]]></desc>")
		case 9:
			b.WriteString("<!-- </programme> --><desc>after comment</desc>")
		case 11:
			b.WriteString("<category>x</category><category lang=\"ru\">y</category>")
		case 13:
			fmt.Fprintf(&b, "</programme>\n<programme start=\"oops\" channel=\"c\"><title>bad%d</title>", i)
		}
		b.WriteString("</programme>\n")
	}
	b.WriteString("</tv>\n")
	doc := b.String()
	for _, size := range []int{64, 300, 4096, 1 << 20} {
		chunkTarget, chunkMax = size, 1<<20
		seq := record(t, strings.NewReader(doc), Options{})
		par := record(t, strings.NewReader(doc), Options{Workers: 3})
		if len(seq.progs) != 400 || len(seq.probs) != 8 {
			t.Fatalf("sequential: %d programmes, %d problems", len(seq.progs), len(seq.probs))
		}
		// a syntax error ends the sequential parse but only one fragment of
		// the parallel one: compare up to the first syntax error
		if len(seq.probs) > 0 && seq.probs[len(seq.probs)-1].Reason == "xml syntax" {
			stop := seq.probs[len(seq.probs)-1].Line
			par = cutAt(par, stop)
		}
		if !reflect.DeepEqual(seq.chs, par.chs) || !reflect.DeepEqual(seq.progs, par.progs) {
			t.Fatalf("size %d: %d/%d programmes differ", size, len(seq.progs), len(par.progs))
		}
		if !reflect.DeepEqual(seq.probs, par.probs) {
			t.Fatalf("size %d: problems differ:\n%+v\n%+v", size, seq.probs, par.probs)
		}
	}
}

func cutAt(r recorded, line int) recorded {
	var out recorded
	out.chs = r.chs
	for _, p := range r.progs {
		if p.Line < line {
			out.progs = append(out.progs, p)
		}
	}
	for _, p := range r.probs {
		if p.Line <= line {
			out.probs = append(out.probs, p)
		}
	}
	return out
}

func TestParallelLegacyCharset(t *testing.T) {
	doc := "<?xml version=\"1.0\" encoding=\"windows-1251\"?><tv><programme start=\"20260101000000\" stop=\"20260101010000\" channel=\"c\"><title>\xcd\xee\xe2\xee\xf1\xf2\xe8</title></programme></tv>"
	rec := record(t, strings.NewReader(doc), Options{Workers: 2})
	if len(rec.progs) != 1 || rec.progs[0].Title != "Новости" {
		t.Fatalf("%+v", rec)
	}
}

func TestParallelFallsBackWithoutCut(t *testing.T) {
	target, max := chunkTarget, chunkMax
	t.Cleanup(func() { chunkTarget, chunkMax = target, max })
	chunkTarget, chunkMax = 16, 64
	// an unclosed comment early keeps every cut unsafe: the parser goes on
	// in one piece and still reads what a sequential parse reads
	doc := "<tv><!-- open " + strings.Repeat("x", 200) + " --><programme start=\"20260101000000\" stop=\"20260101010000\" channel=\"c\"><title>A</title></programme></tv>"
	seq := record(t, strings.NewReader(doc), Options{})
	par := record(t, strings.NewReader(doc), Options{Workers: 2})
	if !reflect.DeepEqual(seq, par) || len(par.progs) != 1 {
		t.Fatalf("%+v\n%+v", seq, par)
	}
}

func TestParallelSyntaxError(t *testing.T) {
	target := chunkTarget
	t.Cleanup(func() { chunkTarget = target })
	chunkTarget = 32
	doc := "<tv>" + prog1("A") + "<programme><bad</programme>\n" + prog1("B") + "</tv>"
	rec := record(t, strings.NewReader(doc), Options{Workers: 2})
	if len(rec.probs) == 0 || rec.probs[0].Reason != "xml syntax" || len(rec.progs) < 1 {
		t.Fatalf("%+v", rec)
	}
}

func prog1(title string) string {
	return `<programme start="20260101000000" stop="20260101010000" channel="c"><title>` + title + "</title></programme>\n"
}
