// Package m3u reads M3U/M3U8 channel playlists (IPTV line-ups) as a stream:
// every #EXTINF entry with its URL goes to a callback as soon as it is
// complete, so memory does not grow with the playlist.
package m3u

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
)

// Header holds the attributes of the #EXTM3U line (url-tvg, x-tvg-url,
// catchup defaults...). Keys are lower case.
type Header struct {
	Attrs map[string]string
}

// Get gives a header attribute.
func (h Header) Get(key string) string { return h.Attrs[key] }

// GuideURL is the XMLTV address the playlist points to, if any.
func (h Header) GuideURL() string {
	for _, k := range []string{"url-tvg", "x-tvg-url", "tvg-url"} {
		if v := h.Attrs[k]; v != "" {
			return v
		}
	}
	return ""
}

// Entry is one channel of the playlist.
type Entry struct {
	Name     string            // the display name after the comma
	URL      string            // the stream address
	Duration string            // the #EXTINF duration, "-1" for live
	Attrs    map[string]string // every attribute, keys lower case
	Group    string            // group-title, else the #EXTGRP before it
	Line     int               // line of the #EXTINF
}

// Get gives an attribute of the entry.
func (e *Entry) Get(key string) string { return e.Attrs[key] }

// Int gives an integer attribute, ok false when missing or not a number.
func (e *Entry) Int(key string) (int, bool) {
	v := strings.TrimSpace(e.Attrs[key])
	if v == "" {
		return 0, false
	}
	n, err := strconv.Atoi(v)
	return n, err == nil
}

// Problem is a line the parser could not use; parsing goes on after it.
type Problem struct {
	Line   int
	Reason string
	Detail string
}

// Handler receives the parsed playlist. Header is called once, before the
// first entry (with empty attributes when the #EXTM3U line is missing). The
// Entry passed is reused: copy what must outlive the call. A handler error
// stops parsing and is returned by Parse.
type Handler struct {
	Header  func(Header) error
	Entry   func(*Entry) error
	Problem func(Problem)
}

// maxLine bounds one line; longer lines are reported and skipped.
const maxLine = 64 << 10

// maxAttrs bounds the attributes kept of one line.
const maxAttrs = 64

// Parse reads a playlist from r. The error is non-nil only when reading r
// fails or a handler returns one.
func Parse(r io.Reader, h Handler) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var (
		lineNo     int
		headerDone bool
		pending    bool // an #EXTINF waits for its URL
		group      string
		e          = &Entry{Attrs: map[string]string{}}
	)
	problem := func(line int, reason, detail string) {
		if h.Problem != nil {
			if len(detail) > 200 {
				detail = detail[:200] + "…"
			}
			h.Problem(Problem{Line: line, Reason: reason, Detail: detail})
		}
	}
	header := func(attrs map[string]string) error {
		headerDone = true
		if h.Header != nil {
			return h.Header(Header{Attrs: attrs})
		}
		return nil
	}
	for {
		raw, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			// too long: skip to the end of the line
			lineNo++
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = br.ReadSlice('\n')
			}
			problem(lineNo, "line too long", "")
			if err != nil && err != io.EOF {
				return err
			}
			if err == io.EOF {
				break
			}
			continue
		}
		if err != nil && err != io.EOF {
			return err
		}
		if len(raw) == 0 && err == io.EOF {
			break
		}
		lineNo++
		line := strings.TrimSpace(string(raw))
		if lineNo == 1 {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		switch {
		case line == "":
		case hasPrefixFold(line, "#EXTM3U"):
			if !headerDone {
				attrs, _ := parseAttrs(line[len("#EXTM3U"):])
				if herr := header(attrs); herr != nil {
					return herr
				}
			}
		case hasPrefixFold(line, "#EXTINF:"):
			if !headerDone {
				if herr := header(map[string]string{}); herr != nil {
					return herr
				}
			}
			if pending {
				problem(e.Line, "no url", e.Name)
			}
			clear(e.Attrs)
			dur, attrs, name := splitExtinf(line[len("#EXTINF:"):])
			e.Duration, e.Name, e.Line, e.URL = dur, name, lineNo, ""
			for k, v := range attrs {
				e.Attrs[k] = v
			}
			e.Group = e.Attrs["group-title"]
			if e.Group == "" {
				e.Group = group
			}
			group = ""
			pending = true
		case hasPrefixFold(line, "#EXTGRP:"):
			group = strings.TrimSpace(line[len("#EXTGRP:"):])
			if pending && e.Group == "" {
				e.Group = group
			}
		case line[0] == '#':
			// #EXTVLCOPT, #KODIPROP and comments carry nothing we store
		default:
			if !headerDone {
				if herr := header(map[string]string{}); herr != nil {
					return herr
				}
			}
			if !pending {
				problem(lineNo, "url without #EXTINF", line)
				break
			}
			pending = false
			e.URL = line
			if e.Name == "" {
				e.Name = e.Attrs["tvg-name"]
			}
			if h.Entry != nil {
				if herr := h.Entry(e); herr != nil {
					return herr
				}
			}
		}
		if err == io.EOF {
			break
		}
	}
	if pending {
		problem(e.Line, "no url", e.Name)
	}
	if !headerDone && h.Header != nil {
		return h.Header(Header{Attrs: map[string]string{}})
	}
	return nil
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// splitExtinf splits what follows "#EXTINF:" into the duration, the
// attributes and the display name (after the first comma outside quotes).
func splitExtinf(s string) (dur string, attrs map[string]string, name string) {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && (s[i] == '-' || s[i] == '+' || s[i] == '.' || (s[i] >= '0' && s[i] <= '9')) {
		i++
	}
	dur = s[:i]
	attrs, rest := parseAttrs(s[i:])
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, ",") {
		name = strings.TrimSpace(rest[1:])
	} else if j := strings.IndexByte(rest, ','); j >= 0 {
		name = strings.TrimSpace(rest[j+1:])
	}
	return dur, attrs, name
}

// parseAttrs reads key=value pairs; values may be in double or single
// quotes or bare (up to a space or a comma). It stops at the first comma
// outside quotes and returns the text from there on.
func parseAttrs(s string) (map[string]string, string) {
	attrs := map[string]string{}
	i := 0
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) || s[i] == ',' {
			break
		}
		k := i
		for i < len(s) && s[i] != '=' && s[i] != ' ' && s[i] != '\t' && s[i] != ',' {
			i++
		}
		key := strings.ToLower(s[k:i])
		if i >= len(s) || s[i] != '=' {
			continue // a bare word: nothing to keep
		}
		i++ // '='
		var val string
		if i < len(s) && (s[i] == '"' || s[i] == '\'') {
			q := s[i]
			i++
			v := i
			for i < len(s) && s[i] != q {
				i++
			}
			val = s[v:i]
			if i < len(s) {
				i++
			}
		} else {
			v := i
			for i < len(s) && s[i] != ' ' && s[i] != '\t' && s[i] != ',' {
				i++
			}
			val = s[v:i]
		}
		if key != "" && len(attrs) < maxAttrs {
			attrs[key] = strings.TrimSpace(val)
		}
	}
	if i > len(s) {
		i = len(s)
	}
	return attrs, s[i:]
}
