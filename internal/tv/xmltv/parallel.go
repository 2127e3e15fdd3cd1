package xmltv

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"regexp"
	"strings"
)

// encoding/xml reads about 20-30 MB/s, the slowest part of an import. A
// guide is a flat list of <channel> and <programme> elements, so it can be
// cut after a "</programme>" or "</channel>" into fragments that decode on
// their own: workers decode fragments side by side, and the caller's
// goroutine hands their entries to the handler in document order. Memory
// stays bounded: a few fragments are in flight at a time.

// Fragment sizes: a cut is made at the last element end once a fragment
// has chunkTarget bytes; a fragment that reaches chunkMax without a safe
// cut ends the parallel part (the rest is parsed in one piece).
var (
	chunkTarget = 1 << 20
	chunkMax    = 16 << 20
)

var (
	endTags      = [][]byte{[]byte("</programme>"), []byte("</channel>")}
	encodingDecl = regexp.MustCompile(`^\s*(?:\xef\xbb\xbf)?<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']`)
)

// event is one handler call recorded by a worker.
type event struct {
	ch   *Channel
	pr   *Programme
	prob *Problem
}

type job struct {
	data     []byte
	lineBase int
	offBase  int64
	// rest, when set, is the remainder of the input to parse in one piece
	// (after this point the parallel part is over)
	rest   io.Reader
	err    error // reading the input failed here
	result chan []event
}

func parseParallel(r io.Reader, opt Options, h Handler) error {
	workers := opt.Workers
	done := make(chan struct{})
	defer close(done)
	jobs := make(chan *job, workers)
	ordered := make(chan *job, workers*2)
	go cut(r, jobs, ordered, done)
	for w := 0; w < workers; w++ {
		go func() {
			for j := range jobs {
				j.result <- decodeFragment(j, opt)
			}
		}()
	}
	for j := range ordered {
		if j.rest != nil {
			return parseFrom(j.rest, opt, h, j.lineBase, j.offBase)
		}
		if j.err != nil {
			return j.err
		}
		for _, e := range <-j.result {
			var err error
			switch {
			case e.ch != nil && h.Channel != nil:
				err = h.Channel(e.ch)
			case e.pr != nil && h.Programme != nil:
				err = h.Programme(e.pr)
			case e.prob != nil && h.Problem != nil:
				h.Problem(*e.prob)
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// decodeFragment parses one fragment, recording copies of what it finds.
func decodeFragment(j *job, opt Options) []event {
	var out []event
	_ = parseFrom(bytes.NewReader(j.data), opt, Handler{
		Channel: func(c *Channel) error { cp := *c; out = append(out, event{ch: &cp}); return nil },
		Programme: func(p *Programme) error {
			cp := *p
			cp.Categories = append([]string(nil), p.Categories...)
			cp.Countries = append([]string(nil), p.Countries...)
			out = append(out, event{pr: &cp})
			return nil
		},
		Problem: func(p Problem) { out = append(out, event{prob: &p}) },
	}, j.lineBase, j.offBase)
	return out
}

// cut reads the input and sends fragments, in order, to ordered (for the
// caller) and to jobs (for the workers).
func cut(r io.Reader, jobs, ordered chan<- *job, done <-chan struct{}) {
	defer close(ordered)
	defer close(jobs)
	br := bufio.NewReaderSize(r, 256<<10)
	send := func(j *job) bool {
		select {
		case ordered <- j:
		case <-done:
			return false
		}
		if j.result != nil {
			select {
			case jobs <- j:
			case <-done:
				return false
			}
		}
		return true
	}
	var (
		buf      []byte
		lineBase int
		offBase  int64
		first    = true
		block    = make([]byte, 256<<10)
	)
	for {
		n, err := io.ReadFull(br, block)
		buf = append(buf, block[:n]...)
		if first && len(buf) > 0 {
			first = false
			if m := encodingDecl.FindSubmatch(buf[:min(len(buf), 512)]); m != nil {
				enc := strings.ToLower(string(m[1]))
				if enc != "utf-8" && enc != "utf8" {
					// a legacy charset: only one decoder can know it
					send(&job{rest: io.MultiReader(bytes.NewReader(buf), br)})
					return
				}
			}
		}
		eof := errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
		if err != nil && !eof {
			if len(buf) > 0 {
				send(&job{data: buf, lineBase: lineBase, offBase: offBase, result: make(chan []event, 1)})
			}
			send(&job{err: err})
			return
		}
		if eof {
			if len(buf) > 0 {
				send(&job{data: buf, lineBase: lineBase, offBase: offBase, result: make(chan []event, 1)})
			}
			return
		}
		if len(buf) < chunkTarget {
			continue
		}
		at := safeCut(buf)
		if at < 0 {
			if len(buf) >= chunkMax {
				send(&job{rest: io.MultiReader(bytes.NewReader(buf), br), lineBase: lineBase, offBase: offBase})
				return
			}
			continue
		}
		frag := buf[:at]
		if !send(&job{data: frag, lineBase: lineBase, offBase: offBase, result: make(chan []event, 1)}) {
			return
		}
		lineBase += bytes.Count(frag, []byte{'\n'})
		offBase += int64(at)
		buf = append(make([]byte, 0, chunkTarget+len(block)), buf[at:]...)
	}
}

// safeCut gives the position just after the last element end tag of buf
// that is outside comments and CDATA sections, or -1.
func safeCut(buf []byte) int {
	at := -1
	for _, t := range endTags {
		if i := bytes.LastIndex(buf, t); i >= 0 && i+len(t) > at {
			at = i + len(t)
		}
	}
	if at < 0 {
		return -1
	}
	head := buf[:at]
	if bytes.Count(head, []byte("<![CDATA[")) != bytes.Count(head, []byte("]]>")) ||
		bytes.Count(head, []byte("<!--")) != bytes.Count(head, []byte("-->")) {
		return -1 // the tag may sit inside a comment or CDATA: do not cut here
	}
	return at
}
