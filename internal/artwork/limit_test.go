package artwork

import (
	"net/netip"
	"strconv"
	"testing"
	"time"
)

func TestDrawLimit(t *testing.T) {
	now := time.Unix(1e9, 0)
	l := newDrawLimit(60) // a burst of 60, then one a second
	for i := range 60 {
		if _, ok := l.take("a", now); !ok {
			t.Fatalf("drawing %d refused within the burst", i+1)
		}
	}
	wait, ok := l.take("a", now)
	if ok || wait != time.Second {
		t.Fatalf("past the burst: %v %v", wait, ok)
	}
	if _, ok := l.take("b", now); !ok {
		t.Fatal("another address was refused")
	}
	if _, ok := l.take("a", now.Add(time.Second)); !ok {
		t.Fatal("no token a second later")
	}
	if _, ok := l.take("a", now.Add(time.Second)); ok {
		t.Fatal("two tokens a second")
	}
	// The addresses remembered are bounded; the ones still counting stay
	// when the full ones can go.
	l.max = 100
	for i := range 1000 {
		l.take(strconv.Itoa(i), now.Add(time.Hour+time.Duration(i)*time.Second))
		if len(l.buckets) > l.max {
			t.Fatalf("%d addresses remembered", len(l.buckets))
		}
	}
}

func TestClientKey(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.7":          "203.0.113.7",
		"::ffff:203.0.113.7":   "203.0.113.7",
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::1": "2001:db8:1:2::/64",
		"2001:db8:1:3:3:4:5:6": "2001:db8:1:3::/64",
	} {
		if got := clientKey(netip.MustParseAddr(in)); got != want {
			t.Errorf("%s: %s, want %s", in, got, want)
		}
	}
}
