// Package xmltv reads XMLTV programme guides as a stream: the parser hands
// every <channel> and <programme> to a callback as soon as its end tag is read
// and keeps nothing else, so memory stays flat however large the guide is.
package xmltv

import "time"

// Channel is one <channel> element.
type Channel struct {
	ID   string
	Name string // display-name in the preferred language
	Icon string // icon src
	Line int    // line of the start tag, for reports
}

// Programme is one <programme> element. Texts are already chosen by the
// preferred languages (Options.Langs).
type Programme struct {
	Channel    string
	Start      time.Time
	Stop       time.Time // zero when the element has no stop attribute
	Title      string
	SubTitle   string
	Desc       string
	Categories []string
	// Season and Episode are 1-based; 0 means unknown.
	Season, Episode int
	// Age is the strictest rating mapped onto 0/6/12/16/18; Rating is the
	// first rating's text as given ("18+", "PG-13").
	Age             int
	HasAge          bool
	Rating          string
	Icon            string
	Year            int
	Countries       []string
	PreviouslyShown bool
	New             bool
	Line            int   // line of the start tag
	Offset          int64 // byte offset of the start tag (uncompressed)
}

// Problem is an entry the parser could not use; parsing goes on after it.
type Problem struct {
	Line   int
	Offset int64
	Reason string // short machine-friendly reason: "missing start", "bad time", ...
	Detail string
}

// Handler receives the parsed entries. The values passed are reused by the
// parser: copy what must outlive the call. A non-nil error stops parsing and
// is returned by Parse.
type Handler struct {
	Channel   func(*Channel) error
	Programme func(*Programme) error
	Problem   func(Problem)
}

// Options tune the parser.
type Options struct {
	// Langs lists the preferred languages of texts, best first; texts in
	// other languages are used only when none of these is present.
	Langs []string
	// Zone is the zone of times written without an offset (XMLTV says UTC).
	Zone *time.Location
	// Workers > 1 parses parts of the document on that many goroutines
	// (see parallel.go); the handler is still called in document order
	// from the caller's goroutine.
	Workers int
}

// DefaultLangs prefers Russian, then English.
var DefaultLangs = []string{"ru", "en"}
