package app

import (
	"strings"
	"testing"
	"time"

	"efir/internal/media"
)

// TestLazyOriginFeedsTheFastPathOnceStarted: the connection fast path never
// starts the origin; until something else has, it hands every request to
// the handler (which does start it).
func TestLazyOriginFeedsTheFastPathOnceStarted(t *testing.T) {
	o, err := media.NewOrigin(media.OriginConfig{Dir: "../media/testdata", Secret: []byte(strings.Repeat("k", 32))})
	if err != nil {
		t.Fatal(err)
	}
	started := false
	l := &lazyOrigin{init: func() (*media.Origin, error) { started = true; return o, nil }}
	seg := strings.TrimSuffix(o.Sign(media.Grant{Kind: media.KindVOD, Asset: "fix"}), "master.m3u8") + "video-90p/0.ts"
	if _, ok := l.Segment(seg, time.Now()); ok || started {
		t.Fatalf("before start: ok %v, started %v", ok, started)
	}
	if _, err := l.get(); err != nil {
		t.Fatal(err)
	}
	if f, ok := l.Segment(seg, time.Now()); !ok || !strings.HasSuffix(f.Path, "90p/000.ts") {
		t.Fatalf("after start: %+v %v", f, ok)
	}
}
