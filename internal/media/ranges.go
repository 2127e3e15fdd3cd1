package media

import (
	"cmp"
	"fmt"
	"mime/multipart"
	"net/textproto"
	"slices"
	"strconv"
	"strings"
)

// maxRanges is the most byte ranges one request gets as parts, once
// overlapping and nearby ranges are coalesced. Players ask for one range;
// many small ranges are a broken client or an attack (RFC 9110 14.2, the
// Apache "Range header DoS" of 2011), each costing a part header, a seek
// and a copy.
const maxRanges = 8

// partGap: ranges closer than this are sent as one part, gap included: a
// part's header (boundary, Content-Type, Content-Range) costs about as much
// as these bytes (RFC 9110 14.2 allows coalescing such ranges).
const partGap = 80

// byteRange is [start, end) of a file.
type byteRange struct{ start, end int64 }

// tidyRange is the Range value the origin answers for v, a Range header of
// a file of size bytes and type ctype, handed to http.ServeContent:
//
//   - v itself when it names one range or ServeContent refuses it (bad
//     syntax, nothing satisfiable: 416), so those answers stay exactly
//     ServeContent's, which the connection fast path copies;
//   - overlapping, adjacent and nearly adjacent ranges coalesced, in
//     ascending order when any were, which leaves at most one part per
//     distinct piece of the file;
//   - "" (no Range: the whole file with 200) when more than maxRanges
//     distinct ranges remain, or when the parts with their headers would
//     be larger than the file itself.
//
// Ignoring a Range is always allowed (RFC 9110 14.2) and it is what nginx
// (max_ranges), Apache (MaxRanges) and ServeContent itself (ranges summing
// past the file) do with the ones they will not serve; a 416 would break a
// client that merely asked clumsily. So no answer to a Range value has a
// body larger than the whole file.
func tidyRange(v string, size int64, ctype string) string {
	rs, ok := parseRanges(v, size)
	if !ok || len(rs) <= 1 {
		return v
	}
	// An empty range ("-0") carries nothing but its part header.
	kept := slices.DeleteFunc(slices.Clone(rs), func(r byteRange) bool { return r.end <= r.start })
	merged := coalesce(kept)
	switch {
	case len(merged) == 0 || len(merged) > maxRanges:
		return ""
	case len(merged) == 1:
		return formatRanges(merged)
	case multipartSize(merged, size, ctype) > size:
		return ""
	case len(merged) == len(rs):
		return v // nothing to coalesce: the ranges as asked, in their order
	}
	return formatRanges(merged)
}

// parseRanges reads a Range value as net/http's ServeContent does, for a
// file of size bytes: ok is false where it answers 416 (bad syntax, or no
// range that begins inside the file). Ranges beginning past the end are
// left out, ends past it are cut to it.
func parseRanges(v string, size int64) ([]byteRange, bool) {
	spec, found := strings.CutPrefix(v, "bytes=")
	if !found {
		return nil, false
	}
	var rs []byteRange
	for part := range strings.SplitSeq(spec, ",") {
		part = textproto.TrimString(part)
		if part == "" {
			continue
		}
		first, last, found := strings.Cut(part, "-")
		if !found {
			return nil, false
		}
		first, last = textproto.TrimString(first), textproto.TrimString(last)
		if first == "" {
			// the last n bytes
			if last == "" || last[0] == '-' {
				return nil, false
			}
			n, err := strconv.ParseInt(last, 10, 64)
			if err != nil || n < 0 {
				return nil, false
			}
			rs = append(rs, byteRange{size - min(n, size), size})
			continue
		}
		a, err := strconv.ParseInt(first, 10, 64)
		if err != nil || a < 0 {
			return nil, false
		}
		if a >= size {
			continue // begins past the end: no overlap
		}
		end := size
		if last != "" {
			b, err := strconv.ParseInt(last, 10, 64)
			if err != nil || a > b {
				return nil, false
			}
			end = min(b, size-1) + 1
		}
		rs = append(rs, byteRange{a, end})
	}
	return rs, len(rs) > 0
}

// coalesce sorts rs and joins the ranges that overlap, touch or lie less
// than partGap apart.
func coalesce(rs []byteRange) []byteRange {
	rs = slices.Clone(rs)
	slices.SortFunc(rs, func(a, b byteRange) int { return cmp.Compare(a.start, b.start) })
	out := rs[:0]
	for _, r := range rs {
		if n := len(out); n > 0 && r.start < out[n-1].end+partGap {
			out[n-1].end = max(out[n-1].end, r.end)
			continue
		}
		out = append(out, r)
	}
	return out
}

func formatRanges(rs []byteRange) string {
	b := []byte("bytes=")
	for i, r := range rs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, r.start, 10)
		b = append(b, '-')
		b = strconv.AppendInt(b, r.end-1, 10)
	}
	return string(b)
}

// multipartSize is the length of the multipart/byteranges body
// ServeContent writes for rs, measured the way it measures it: the part
// headers through a multipart writer, plus the bytes of the ranges.
func multipartSize(rs []byteRange, size int64, ctype string) int64 {
	var w countingWriter
	mw := multipart.NewWriter(&w)
	var n int64
	for _, r := range rs {
		_, _ = mw.CreatePart(textproto.MIMEHeader{
			"Content-Range": {fmt.Sprintf("bytes %d-%d/%d", r.start, r.end-1, size)},
			"Content-Type":  {ctype},
		})
		n += r.end - r.start
	}
	_ = mw.Close()
	return n + int64(w)
}

type countingWriter int64

func (w *countingWriter) Write(p []byte) (int, error) {
	*w += countingWriter(len(p))
	return len(p), nil
}
