package artwork

import (
	"net/netip"
	"sync"
	"time"
)

// drawLimit caps the drawings (memo misses) one client address may cause:
// a token bucket per address, burst tokens full, refilled at perMinute a
// minute. Hits from the memo take no token.
//
// It lives in the process, not in package ratelimit (the database or
// Redis): what it protects is this process's CPU and memory, which other
// copies do not share, and a shared counter would put a write to the
// database's single writer in front of every drawing of a public address.
// Each copy of efir limiting its own drawings is the point.
type drawLimit struct {
	perSecond float64
	burst     float64
	max       int // addresses remembered at most

	mu      sync.Mutex
	buckets map[string]drawBucket
}

type drawBucket struct {
	tokens float64
	at     time.Time
}

// maxDrawClients bounds the addresses drawLimit remembers (~100 bytes
// each). An address forgotten starts over with a full bucket, which only
// loosens its limit; bucketsFull drops the full buckets first.
const maxDrawClients = 1 << 16

func newDrawLimit(perMinute int) *drawLimit {
	return &drawLimit{
		perSecond: float64(perMinute) / 60,
		burst:     float64(perMinute),
		max:       maxDrawClients,
		buckets:   map[string]drawBucket{},
	}
}

// take spends one of client's tokens at now; when there is none, ok is
// false and wait says when the next one comes.
func (l *drawLimit) take(client string, now time.Time) (wait time.Duration, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, seen := l.buckets[client]
	if !seen {
		if len(l.buckets) >= l.max {
			l.forget(now)
		}
		b = drawBucket{tokens: l.burst, at: now}
	}
	if d := now.Sub(b.at); d > 0 {
		b.tokens = min(l.burst, b.tokens+d.Seconds()*l.perSecond)
		b.at = now
	}
	if b.tokens < 1 {
		l.buckets[client] = b
		return time.Duration((1 - b.tokens) / l.perSecond * float64(time.Second)), false
	}
	b.tokens--
	l.buckets[client] = b
	return 0, true
}

// forget makes room: the buckets that have filled up again carry nothing
// worth keeping; when every bucket is still in use, a random half goes.
func (l *drawLimit) forget(now time.Time) {
	refill := time.Duration(l.burst / l.perSecond * float64(time.Second))
	for k, b := range l.buckets {
		if now.Sub(b.at) >= refill {
			delete(l.buckets, k)
		}
	}
	for k := range l.buckets {
		if len(l.buckets) < l.max/2 {
			break
		}
		delete(l.buckets, k)
	}
}

// clientKey is the key of a client address: an IPv6 client usually holds
// a whole /64 and can pick any address in it, so the /64 is what is
// counted (as the sign-in limits do).
func clientKey(ip netip.Addr) string {
	ip = ip.Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}
