package media

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"
)

func TestTidyRange(t *testing.T) {
	const ts = "video/mp2t"
	for _, tc := range []struct{ v, want string }{
		// One range, or a refusal: ServeContent's own answer.
		{"bytes=0-9", "bytes=0-9"},
		{"bytes=-5", "bytes=-5"},
		{"bytes=0-9,", "bytes=0-9,"},
		{"bytes=5000-,6000-", "bytes=5000-,6000-"}, // 416
		{"bytes=a-b,0-1", "bytes=a-b,0-1"},         // 416
		{"items=0-1,2-3", "items=0-1,2-3"},         // 416
		// Overlapping, touching and near ranges: one part.
		{strings.Repeat("0-19,", 300)[:len(strings.Repeat("0-19,", 300))-1], "bytes=0-19"},
		{"bytes=0-99,50-149", "bytes=0-149"},
		{"bytes=0-99,100-199", "bytes=0-199"},
		{"bytes=100-199,0-29", "bytes=0-199"},
		{"bytes=100-199,0-9", "bytes=100-199,0-9"},
		{"bytes=-100,0-", "bytes=0-999"},
		{"bytes=0-0,-0", "bytes=0-0"},
		// Distinct ranges, as asked, while the parts are smaller than the file.
		{"bytes=0-99,500-599", "bytes=0-99,500-599"},
		{"bytes=500-599, 0-99", "bytes=500-599, 0-99"},
		{"bytes=0-9,500-509,990-999", "bytes=0-9,500-509,990-999"},
		// Coalesced, the rest in ascending order.
		{"bytes=900-999,0-9,5-14", "bytes=0-14,900-999"},
		// More distinct ranges than maxRanges, or parts larger than the
		// file, or nothing but empty ranges: the whole file.
		{"bytes=0-0,100-100,200-200,300-300,400-400,500-500,600-600,700-700,800-800", ""},
		{"bytes=0-449,550-999", ""},
		{"bytes=-0,-0", ""},
	} {
		v := tc.v
		if !strings.HasPrefix(v, "bytes=") && !strings.HasPrefix(v, "items=") {
			v = "bytes=" + v
		}
		if got := tidyRange(v, 1000, ts); got != tc.want {
			t.Errorf("%.60q: %q, want %q", v, got, tc.want)
		}
	}
}

// TestManyRangesOfASegment: a request of many overlapping ranges of a small
// segment (a 37 KB multipart answer for 6 KB of segment before) gets one
// part; many distinct ones get the whole segment. Either way the answer is
// no larger than the segment.
func TestManyRangesOfASegment(t *testing.T) {
	c := &clock{t: epoch}
	o, h := newTestOrigin(t, c)
	p := base(o.Sign(Grant{Kind: KindVOD, Asset: "fix"})) + "video-90p/1.ts"
	full, err := os.ReadFile("testdata/fix/90p/001.ts")
	if err != nil {
		t.Fatal(err)
	}
	var overlapping, distinct []string
	for i := range 300 {
		overlapping = append(overlapping, fmt.Sprintf("%d-%d", i, i+19))
		distinct = append(distinct, fmt.Sprintf("%d-%d", i*200, i*200))
	}
	w := get(h, p, "Range", "bytes="+strings.Join(overlapping, ","))
	if w.Code != 206 || w.Header().Get("Content-Range") != fmt.Sprintf("bytes 0-318/%d", len(full)) ||
		!bytes.Equal(w.Body.Bytes(), full[:319]) {
		t.Fatalf("overlapping: %d %v, %d bytes", w.Code, w.Header(), w.Body.Len())
	}
	w = get(h, p, "Range", "bytes="+strings.Join(distinct[:30], ","))
	if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), full) {
		t.Fatalf("distinct: %d %v, %d bytes", w.Code, w.Header(), w.Body.Len())
	}
	// A few distinct ranges are still parts.
	w = get(h, p, "Range", "bytes=0-99,1000-1099")
	if w.Code != 206 || !strings.HasPrefix(w.Header().Get("Content-Type"), "multipart/byteranges") || w.Body.Len() > len(full) {
		t.Fatalf("two ranges: %d %v", w.Code, w.Header())
	}
}

// servedParts is what an answer to a Range request delivers: the ranges of
// the file it holds ([start, end)) and whether each holds the file's bytes.
func servedParts(t *testing.T, w *httptest.ResponseRecorder, content []byte) (parts []byteRange) {
	t.Helper()
	size := int64(len(content))
	check := func(cr string, body []byte) {
		var a, b, n int64
		if _, err := fmt.Sscanf(cr, "bytes %d-%d/%d", &a, &b, &n); err != nil || n != size || a < 0 || b < a || b >= size {
			t.Fatalf("Content-Range %q of %d bytes", cr, size)
		}
		if !bytes.Equal(body, content[a:b+1]) {
			t.Fatalf("part %s holds other bytes", cr)
		}
		parts = append(parts, byteRange{a, b + 1})
	}
	mt, params, _ := mime.ParseMediaType(w.Header().Get("Content-Type"))
	if mt != "multipart/byteranges" {
		check(w.Header().Get("Content-Range"), w.Body.Bytes())
		return parts
	}
	mr := multipart.NewReader(bytes.NewReader(w.Body.Bytes()), params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return parts
		}
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(p)
		if err != nil {
			t.Fatal(err)
		}
		check(p.Header.Get("Content-Range"), body)
	}
}

// checkRangeAnswer: for any Range value, the origin's answer is never
// larger than the file, holds the file's bytes, covers every byte asked
// for, and is ServeContent's own wherever that was one range or a refusal.
func checkRangeAnswer(t *testing.T, v string, size int64) {
	t.Helper()
	content := make([]byte, size)
	for i := range content {
		content[i] = byte(i*7 + i/251)
	}
	const ctype = "video/mp2t"
	serve := func(tidy bool) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.Header.Set("Range", v)
		w := httptest.NewRecorder()
		if tidy {
			serveContent(w, r, size, ctype, time.Time{}, bytes.NewReader(content))
		} else {
			w.Header().Set("Content-Type", ctype)
			http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(content))
		}
		return w
	}
	plain, got := serve(false), serve(true)
	asked, ok := parseRanges(v, size)
	if plain.Code == http.StatusRequestedRangeNotSatisfiable {
		if got.Code != plain.Code || got.Header().Get("Content-Range") != plain.Header().Get("Content-Range") {
			t.Fatalf("%q on %d: ServeContent 416, origin %d", v, size, got.Code)
		}
		if ok && size > 0 {
			t.Fatalf("%q on %d: ServeContent refuses what parseRanges reads as %v", v, size, asked)
		}
		return
	}
	if plain.Code == http.StatusPartialContent && plain.Header().Get("Content-Range") != "" {
		// One range (even ServeContent's odd empty ones): its answer.
		if got.Code != plain.Code || got.Header().Get("Content-Range") != plain.Header().Get("Content-Range") ||
			!bytes.Equal(got.Body.Bytes(), plain.Body.Bytes()) {
			t.Fatalf("%q on %d: one range, yet the origin answers %d %q", v, size, got.Code, got.Header().Get("Content-Range"))
		}
		return
	}
	if int64(got.Body.Len()) > size {
		t.Fatalf("%q on %d: %d bytes answered", v, size, got.Body.Len())
	}
	switch got.Code {
	case http.StatusOK:
		if !bytes.Equal(got.Body.Bytes(), content) {
			t.Fatalf("%q on %d: 200 with other bytes", v, size)
		}
	case http.StatusPartialContent:
		parts := servedParts(t, got, content)
		if len(parts) > maxRanges {
			t.Fatalf("%q on %d: %d parts", v, size, len(parts))
		}
		for i, p := range parts {
			for _, q := range parts[:i] {
				if p.start < q.end && q.start < p.end {
					t.Fatalf("%q on %d: parts %v overlap", v, size, parts)
				}
			}
		}
		for _, a := range asked {
			if a.start == a.end {
				continue
			}
			covered := false
			for _, p := range parts {
				covered = covered || p.start <= a.start && a.end <= p.end
			}
			if !covered {
				t.Fatalf("%q on %d: %v asked for, parts %v", v, size, a, parts)
			}
		}
	default:
		t.Fatalf("%q on %d: %d", v, size, got.Code)
	}
}

func TestRangeAnswers(t *testing.T) {
	for _, v := range []string{
		"bytes=0-9", "bytes=-5", "bytes=0-", "bytes=0-9,20-29", "bytes=0-9,5-14", "bytes=-0", "bytes=-0,-0", "bytes=0-0,-0",
		"bytes=99-,0-0", "bytes=10-19,0-9,50-", "bytes=1000-", "bytes=1000-,0-1", "bytes=5-1,0-1", "bytes=,,0-1,,",
		"bytes=" + strings.Repeat("0-19,", 300), "bytes=" + strings.Repeat("3-3,", 40),
	} {
		for _, size := range []int64{0, 1, 10, 100, 6000} {
			checkRangeAnswer(t, v, size)
		}
	}
}

func FuzzRangeAnswer(f *testing.F) {
	for _, v := range []string{"bytes=0-9", "bytes=-5", "bytes=0-9,5-14", "bytes=0-0,2-2,4-4,6-6,8-8", "bytes=-0,-0",
		"bytes=0-1,100-101,200-201,300-301,400-401,500-501,600-601,700-701,800-801", "bytes=9-,0-0", "bytes= 1 - 2 , 4 - 5"} {
		f.Add(v, int64(1000))
	}
	f.Fuzz(func(t *testing.T, v string, size int64) {
		if size < 0 || size > 1<<14 {
			size = int64(len(v)) // keep the bodies small
		}
		checkRangeAnswer(t, v, size)
	})
}
