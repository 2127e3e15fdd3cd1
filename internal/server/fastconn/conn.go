package fastconn

import (
	"bytes"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Connection states, for Shutdown: only an idle connection (waiting for
// the first byte of a request) may be closed under it.
const (
	stateActive int32 = iota
	stateIdle
	stateClosed
)

// conn is one connection while the fast path owns it.
type conn struct {
	s     *Server
	nc    *net.TCPConn
	raw   syscall.RawConn
	bufp  *[]byte // from bufPool
	buf   []byte  // read buffer; buf[r:w] is read and not yet used
	r, w  int
	state atomic.Int32 // shared with Shutdown

	// Deadlines: the first request and a head that did not come whole in
	// one read get ReadHeaderTimeout; a connection between requests gets
	// IdleTimeout, renewed at most once a second (a timer reset per
	// request would cost more than the second it saves).
	headerDeadline bool
	idleSince      time.Time

	now  time.Time // of the request being answered
	out  []byte    // answer head being built
	pair [2][]byte // head and body of a memory answer
	bufs net.Buffers
	send sendState
	step func(fd uintptr) bool // c.sendStep, made once
}

var bufPool = sync.Pool{New: func() any { b := make([]byte, maxHead); return &b }}

func newConn(s *Server, nc *net.TCPConn) *conn {
	c := &conn{s: s, nc: nc}
	c.state.Store(stateActive)
	return c
}

// serve answers requests until one is handed off or the connection ends.
func (c *conn) serve() {
	c.bufp = bufPool.Get().(*[]byte)
	c.buf = *c.bufp
	handed := false
	defer func() {
		if !handed {
			c.nc.Close()
		}
		c.s.forget(c)
		c.buf = nil
		bufPool.Put(c.bufp)
	}()
	var err error
	if c.raw, err = c.nc.SyscallConn(); err != nil {
		return
	}
	c.step = c.sendStep
	c.now = time.Now()
	c.nc.SetReadDeadline(c.now.Add(c.s.cfg.ReadHeaderTimeout))
	c.headerDeadline = true
	first := true
	var h head
	for {
		v := needMore
		if c.w > c.r {
			v = parseHead(c.buf[c.r:c.w], &h)
		}
		switch v {
		case needMore:
			if !c.fill(first) {
				return
			}
			continue
		case handOff:
			handed = true
			c.handOff()
			return
		}
		switch c.answer(&h) {
		case answerHandOff:
			handed = true
			c.handOff()
			return
		case answerFailed:
			return
		}
		c.r += h.length
		first = false
		if h.close || c.s.shutting.Load() {
			return
		}
	}
}

// fill reads more of the request; false when the connection is done.
func (c *conn) fill(first bool) bool {
	if c.r == c.w {
		c.r, c.w = 0, 0
	} else if c.r > 0 {
		c.w = copy(c.buf, c.buf[c.r:c.w])
		c.r = 0
	}
	idle := c.w == 0
	if idle {
		c.state.Store(stateIdle)
		if c.s.shutting.Load() {
			return false
		}
		if !first && (c.headerDeadline || c.now.Sub(c.idleSince) > time.Second) {
			c.idleSince = c.now
			c.headerDeadline = false
			c.nc.SetReadDeadline(c.now.Add(c.s.cfg.IdleTimeout))
		}
	} else if !c.headerDeadline {
		// A head in pieces: from now on it has ReadHeaderTimeout.
		c.headerDeadline = true
		c.nc.SetReadDeadline(time.Now().Add(c.s.cfg.ReadHeaderTimeout))
	}
	n, err := c.nc.Read(c.buf[c.w:])
	if idle && n > 0 && !c.state.CompareAndSwap(stateIdle, stateActive) {
		return false // Shutdown closed it
	}
	c.w += n
	return err == nil || n > 0
}

// handOff gives the connection, and what was read of the request, to
// net/http. net/http sets its own deadlines as it starts reading.
func (c *conn) handOff() {
	c.s.handedOff.Add(1)
	c.nc.SetReadDeadline(time.Time{})
	prefix := bytes.Clone(c.buf[c.r:c.w])
	c.s.handoff.deliver(&handedConn{Conn: c.nc, tcp: c.nc, prefix: prefix})
}
