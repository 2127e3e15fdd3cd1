package fastconn

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// serveContentRange is what http.ServeContent, the handler's way, answers to
// a Range value on a file of size bytes: the status and the Content-Range.
func serveContentRange(v string, size int64) (int, string) {
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.Header.Set("Range", v)
	w := httptest.NewRecorder()
	http.ServeContent(w, r, "", time.Time{}, strings.NewReader(strings.Repeat("x", int(size))))
	return w.Code, w.Header().Get("Content-Range")
}

// checkRangeAgrees: whatever parseRange takes, ServeContent answers with
// the same single range.
func checkRangeAgrees(t *testing.T, v string, size int64) {
	t.Helper()
	start, length, ok := parseRange([]byte(v), size)
	if !ok {
		return
	}
	if strings.Contains(v, ",") {
		// A list of ranges is the handler's to tidy (coalesce, or answer
		// with the whole file), even when it holds one range.
		t.Fatalf("Range %q taken by the fast path", v)
	}
	code, cr := serveContentRange(v, size)
	want := fmt.Sprintf("bytes %d-%d/%d", start, start+length-1, size)
	if code != http.StatusPartialContent || cr != want {
		t.Fatalf("Range %q on %d bytes: fast path %s, ServeContent %d %q", v, size, want, code, cr)
	}
}

func TestParseRange(t *testing.T) {
	for _, tc := range []struct {
		v             string
		start, length int64
		ok            bool
	}{
		{"bytes=0-9", 0, 10, true},
		{"bytes=10-", 10, 90, true},
		{"bytes=-10", 90, 10, true},
		{"bytes=-1000", 0, 100, true},
		{"bytes=90-1000", 90, 10, true},
		{"bytes= 5 - 6 ", 5, 2, true},
		{"bytes=99-99", 99, 1, true},
		{"bytes=100-", 0, 0, false}, // 416: net/http's
		{"bytes=-0", 0, 0, false},
		{"bytes=5-4", 0, 0, false},
		{"bytes=0-1,3-4", 0, 0, false},
		{"bytes=a-b", 0, 0, false},
		{"bytes=--1", 0, 0, false},
		{"bytes=+1-2", 0, 0, false},
		{"Bytes=0-1", 0, 0, false},
		{"items=0-1", 0, 0, false},
		{"bytes=", 0, 0, false},
		{"bytes=0-99999999999999999999", 0, 0, false},
		{"bytes=0-9,", 0, 0, false}, // one range to ServeContent, but a list: the handler's
		{"bytes=0-19,0-19,5-24", 0, 0, false},
	} {
		start, length, ok := parseRange([]byte(tc.v), 100)
		if ok != tc.ok || ok && (start != tc.start || length != tc.length) {
			t.Errorf("%q: %d+%d %v, want %d+%d %v", tc.v, start, length, ok, tc.start, tc.length, tc.ok)
		}
		checkRangeAgrees(t, tc.v, 100)
	}
}

func FuzzParseRange(f *testing.F) {
	for _, v := range []string{"bytes=0-9", "bytes=-5", "bytes=7-", "bytes= 1 - 2", "bytes=3-1", "bytes=0-0,1-1",
		"bytes=0-9,", "bytes=,0-9", "bytes=0-19,0-19,0-19,1-20", "bytes=-0,-0"} {
		f.Add(v, int64(10))
	}
	f.Fuzz(func(t *testing.T, v string, size int64) {
		if size < 0 || size > 1<<16 {
			size = int64(len(strconv.Itoa(int(size)))) // keep ServeContent's body small
		}
		checkRangeAgrees(t, v, size)
	})
}
