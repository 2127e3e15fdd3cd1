package fastconn

import "bytes"

// parseRange reads a Range value naming one satisfiable byte range of a file
// of size bytes: "bytes=a-b", "bytes=a-" or "bytes=-n". It answers what
// http.ServeContent answers for the same value; ok is false for everything
// else (several ranges, no overlap, odd syntax), which the handler then
// answers: a 416, the whole file, or ranges coalesced by the media origin
// (many or overlapping ones are never a multipart body larger than the
// file). Any list of ranges goes there, so both paths answer it alike.
func parseRange(v []byte, size int64) (start, length int64, ok bool) {
	spec, found := bytes.CutPrefix(v, []byte("bytes="))
	if !found || bytes.IndexByte(spec, ',') >= 0 || size <= 0 {
		return 0, 0, false
	}
	spec = bytes.Trim(spec, " \t")
	first, last, found := bytes.Cut(spec, []byte("-"))
	if !found {
		return 0, 0, false
	}
	first, last = bytes.Trim(first, " \t"), bytes.Trim(last, " \t")
	if len(first) == 0 {
		// The last n bytes.
		n, ok := digits(last)
		if !ok || n == 0 {
			return 0, 0, false
		}
		n = min(n, size)
		return size - n, n, true
	}
	a, ok := digits(first)
	if !ok || a >= size {
		return 0, 0, false
	}
	if len(last) == 0 {
		return a, size - a, true
	}
	b, ok := digits(last)
	if !ok || b < a {
		return 0, 0, false
	}
	b = min(b, size-1)
	return a, b - a + 1, true
}

// digits is a non-negative decimal of at most 18 digits (no overflow).
func digits(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}
