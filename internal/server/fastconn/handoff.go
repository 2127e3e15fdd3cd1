package fastconn

import (
	"io"
	"net"
	"sync"
)

// handoffListener is the net.Listener that http.Server serves: its
// connections are the ones the fast path gave up, with what it had read.
type handoffListener struct {
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
	mu    sync.Mutex
	addr  net.Addr
}

func newHandoffListener() *handoffListener {
	return &handoffListener{conns: make(chan net.Conn), done: make(chan struct{})}
}

func (l *handoffListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *handoffListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

func (l *handoffListener) Addr() net.Addr {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.addr == nil {
		return &net.TCPAddr{}
	}
	return l.addr
}

func (l *handoffListener) setAddr(a net.Addr) {
	l.mu.Lock()
	l.addr = a
	l.mu.Unlock()
}

// deliver gives c to net/http, or closes it when net/http has shut down.
func (l *handoffListener) deliver(c net.Conn) {
	select {
	case l.conns <- c:
	case <-l.done:
		c.Close()
	}
}

// handedConn is a connection net/http reads from the start of a request:
// first the bytes the fast path had read, then the socket. It passes
// ReadFrom (sendfile for net/http's file answers) and CloseWrite (its
// lingering close) to the TCP connection, and nothing else: a promoted
// WriteTo would read past the prefix.
type handedConn struct {
	net.Conn
	tcp    *net.TCPConn
	prefix []byte
}

func (c *handedConn) Read(p []byte) (int, error) {
	if len(c.prefix) > 0 {
		n := copy(p, c.prefix)
		c.prefix = c.prefix[n:]
		return n, nil
	}
	return c.Conn.Read(p)
}

func (c *handedConn) ReadFrom(r io.Reader) (int64, error) { return c.tcp.ReadFrom(r) }

func (c *handedConn) CloseWrite() error { return c.tcp.CloseWrite() }
