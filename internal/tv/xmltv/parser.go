package xmltv

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"golang.org/x/text/encoding/htmlindex"
)

// Limits that keep one entry's memory bounded whatever the input holds.
const (
	maxText       = 64 << 10 // bytes kept of one text element
	maxCategories = 32
	maxCountries  = 16
)

// Parse reads an XMLTV document from r and calls h for every channel and
// programme, in document order. Entries it cannot use go to h.Problem and
// parsing goes on; a syntax error ends the document (reported as a Problem
// with reason "xml syntax"; with Workers > 1 it ends only the fragment it is
// in). The error is non-nil only when reading r fails or a handler returns
// an error.
func Parse(r io.Reader, opt Options, h Handler) error {
	if opt.Langs == nil {
		opt.Langs = DefaultLangs
	}
	if opt.Zone == nil {
		opt.Zone = time.UTC
	}
	if opt.Workers > 1 {
		return parseParallel(r, opt, h)
	}
	return parseFrom(r, opt, h, 0, 0)
}

// parseFrom parses r as (a part of) a document whose first byte is at line
// lineBase+1 and offset offBase of the whole input.
func parseFrom(r io.Reader, opt Options, h Handler, lineBase int, offBase int64) error {
	p := &parser{opt: opt, h: h, lineBase: lineBase, offBase: offBase}
	d := xml.NewDecoder(r)
	// Real guides contain bare '&', HTML entities and legacy charsets.
	d.Strict = false
	d.Entity = xml.HTMLEntity
	d.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
		enc, err := htmlindex.Get(label)
		if err != nil {
			return nil, fmt.Errorf("unknown charset %q", label)
		}
		return enc.NewDecoder().Reader(in), nil
	}
	p.d = d
	return p.run()
}

// parser is a small state machine over the token stream: it knows whether it
// is inside a <channel> or a <programme> and which child element's text it
// collects. Everything it holds is reset per entry.
type parser struct {
	opt      Options
	h        Handler
	d        *xml.Decoder
	lineBase int
	offBase  int64

	in    int // 0 outside, 1 in channel, 2 in programme
	depth int // element depth inside the entry (the entry itself is 1)
	field string
	attrs struct{ lang, system string }
	text  []byte
	// inRatingValue is set between <value> and </value> of a <rating>.
	inRatingValue bool

	ch       Channel
	chRank   int
	pr       Programme
	startRaw string
	stopRaw  string
	ranks    struct{ title, sub, desc int }
	cats     []langText
}

type langText struct {
	rank int
	text string
}

func (p *parser) run() error {
	for {
		// RawToken: XMLTV has no namespaces, and skipping their bookkeeping
		// and the nesting check is a good part of the decoder's cost.
		tok, err := p.d.RawToken()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				p.problem(int(se.Line)+p.lineBase, "xml syntax", se.Msg)
				return nil
			}
			if strings.Contains(err.Error(), "charset") {
				// the decoder wraps the CharsetReader's error in its own text
				p.problem(0, "xml syntax", err.Error())
				return nil
			}
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if err := p.start(t); err != nil {
				return err
			}
		case xml.EndElement:
			if err := p.end(t); err != nil {
				return err
			}
		case xml.CharData:
			if p.field != "" && len(p.text) < maxText {
				p.text = append(p.text, t[:min(len(t), maxText-len(p.text))]...)
			}
		}
	}
}

func (p *parser) line() int {
	l, _ := p.d.InputPos()
	return l + p.lineBase
}

func (p *parser) problem(line int, reason, detail string) {
	if p.h.Problem != nil {
		p.h.Problem(Problem{Line: line, Offset: p.d.InputOffset() + p.offBase, Reason: reason, Detail: detail})
	}
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (p *parser) start(e xml.StartElement) error {
	name := e.Name.Local
	if p.in == 0 {
		switch name {
		case "channel":
			p.in, p.depth = 1, 1
			p.ch = Channel{ID: strings.TrimSpace(attr(e, "id")), Line: p.line()}
			p.chRank = 1 << 30
		case "programme":
			p.in, p.depth = 2, 1
			p.pr = Programme{Channel: strings.TrimSpace(attr(e, "channel")), Line: p.line(), Offset: p.d.InputOffset() + p.offBase,
				Categories: p.pr.Categories[:0], Countries: p.pr.Countries[:0]}
			p.startRaw, p.stopRaw = attr(e, "start"), attr(e, "stop")
			p.ranks.title, p.ranks.sub, p.ranks.desc = 1<<30, 1<<30, 1<<30
			p.cats = p.cats[:0]
		}
		return nil
	}
	p.depth++
	if p.depth == 2 {
		p.field, p.text = name, p.text[:0]
		p.attrs.lang, p.attrs.system = attr(e, "lang"), attr(e, "system")
		switch name {
		case "icon":
			if src := strings.TrimSpace(attr(e, "src")); src != "" {
				if p.in == 1 && p.ch.Icon == "" {
					p.ch.Icon = src
				} else if p.in == 2 && p.pr.Icon == "" {
					p.pr.Icon = src
				}
			}
		case "previously-shown":
			p.pr.PreviouslyShown = true
		case "new":
			p.pr.New = true
		case "rating":
			p.inRatingValue = false
		}
		return nil
	}
	if p.depth == 3 && p.field == "rating" && name == "value" {
		p.inRatingValue, p.text = true, p.text[:0]
	}
	return nil
}

func (p *parser) end(e xml.EndElement) error {
	if p.in == 0 {
		return nil
	}
	p.depth--
	entry := (p.in == 1 && e.Name.Local == "channel") || (p.in == 2 && e.Name.Local == "programme")
	if entry && p.depth >= 1 {
		// a child left open (RawToken does not check nesting): close it here
		if p.field != "" {
			p.endField()
		}
		p.depth = 0
	}
	if p.depth == 1 {
		p.endField()
		p.field = ""
		return nil
	}
	if p.depth > 1 {
		return nil
	}
	// the entry itself ends
	in := p.in
	p.in, p.field = 0, ""
	if in == 1 {
		return p.endChannel()
	}
	return p.endProgramme()
}

// rank orders a text's language: preferred languages first, then texts
// without a language, then any other.
func (p *parser) rank(lang string) int {
	lang = strings.ToLower(strings.TrimSpace(lang))
	if lang == "" {
		return len(p.opt.Langs)
	}
	for i, l := range p.opt.Langs {
		if lang == l || strings.HasPrefix(lang, l+"-") || strings.HasPrefix(lang, l+"_") {
			return i
		}
	}
	return len(p.opt.Langs) + 1
}

// endField stores the text of a finished child element.
func (p *parser) endField() {
	text := strings.TrimSpace(string(p.text))
	if p.in == 1 {
		if p.field == "display-name" && text != "" {
			if r := p.rank(p.attrs.lang); r < p.chRank {
				p.ch.Name, p.chRank = text, r
			}
		}
		return
	}
	pr := &p.pr
	switch p.field {
	case "title":
		if r := p.rank(p.attrs.lang); text != "" && r < p.ranks.title {
			pr.Title, p.ranks.title = text, r
		}
	case "sub-title":
		if r := p.rank(p.attrs.lang); text != "" && r < p.ranks.sub {
			pr.SubTitle, p.ranks.sub = text, r
		}
	case "desc":
		if r := p.rank(p.attrs.lang); text != "" && r < p.ranks.desc {
			pr.Desc, p.ranks.desc = text, r
		}
	case "category":
		if text != "" && len(p.cats) < maxCategories {
			p.cats = append(p.cats, langText{p.rank(p.attrs.lang), text})
		}
	case "episode-num":
		s, ep := parseEpisode(p.attrs.system, text)
		if pr.Season == 0 && pr.Episode == 0 {
			pr.Season, pr.Episode = s, ep
		} else if p.attrs.system == "xmltv_ns" && (s != 0 || ep != 0) {
			// xmltv_ns is the machine-readable one: it wins over onscreen
			pr.Season, pr.Episode = s, ep
		}
	case "rating":
		if !p.inRatingValue {
			break
		}
		if pr.Rating == "" {
			pr.Rating = text
		}
		if age, ok := RatingAge(text); ok && (!pr.HasAge || age > pr.Age) {
			pr.Age, pr.HasAge = age, true
		}
	case "date":
		pr.Year = parseYear(text)
	case "country":
		if text != "" && len(pr.Countries) < maxCountries {
			pr.Countries = append(pr.Countries, text)
		}
	}
	p.inRatingValue = false
}

func (p *parser) endChannel() error {
	if p.ch.ID == "" {
		p.problem(p.ch.Line, "channel without id", p.ch.Name)
		return nil
	}
	if p.h.Channel != nil {
		return p.h.Channel(&p.ch)
	}
	return nil
}

func (p *parser) endProgramme() error {
	pr := &p.pr
	bad := func(reason, detail string) error {
		p.problem(pr.Line, reason, detail)
		return nil
	}
	if pr.Channel == "" {
		return bad("missing channel", pr.Title)
	}
	if strings.TrimSpace(p.startRaw) == "" {
		return bad("missing start", pr.Channel+" "+pr.Title)
	}
	var err error
	if pr.Start, err = ParseTime(p.startRaw, p.opt.Zone); err != nil {
		return bad("bad time", fmt.Sprintf("start %q", p.startRaw))
	}
	if strings.TrimSpace(p.stopRaw) != "" {
		if pr.Stop, err = ParseTime(p.stopRaw, p.opt.Zone); err != nil {
			return bad("bad time", fmt.Sprintf("stop %q", p.stopRaw))
		}
		if !pr.Stop.After(pr.Start) {
			return bad("stop before start", fmt.Sprintf("%s %s %s..%s", pr.Channel, pr.Title, p.startRaw, p.stopRaw))
		}
	}
	if pr.Title == "" {
		return bad("missing title", pr.Channel+" "+p.startRaw)
	}
	// keep the categories of the best language present
	best := 1 << 30
	for _, c := range p.cats {
		best = min(best, c.rank)
	}
	for _, c := range p.cats {
		if c.rank == best {
			pr.Categories = append(pr.Categories, c.text)
		}
	}
	if p.h.Programme != nil {
		return p.h.Programme(pr)
	}
	return nil
}
