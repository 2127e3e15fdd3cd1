// Package fastconn is the media origin's connection-level fast path: a lean
// HTTP/1.1 loop in front of net/http on the same listener. It answers itself
// only GET and HEAD of immutable segment files the Source vouches for, with
// the body from memory or by sendfile(2), and hands every other request
// (API, pages, playlists, errors, anything odd) to net/http with the bytes
// it has read, through a channel-backed net.Listener.
package fastconn

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"efir/internal/media"
)

// Source says which requests the fast path answers: the media origin.
type Source interface {
	// Segment is the file a GET of target (a path without query) serves
	// now, ok=false for anything the handler should answer.
	Segment(target string, now time.Time) (media.SegmentFile, bool)
}

var _ Source = (*media.Origin)(nil)

// Config is what New needs. Zero fields take the defaults in brackets.
type Config struct {
	Source            Source
	ReadHeaderTimeout time.Duration // whole request head (10s), as http.Server's
	IdleTimeout       time.Duration // between requests of a connection (120s), as http.Server's
	Log               *slog.Logger  // answers are logged at debug level (slog.Default())
	Files             FileLimits
}

// Server runs the fast path of one listener.
type Server struct {
	cfg     Config
	files   *fileCache
	handoff *handoffListener

	mu    sync.Mutex
	ln    net.Listener
	conns map[*conn]struct{}

	shutting  atomic.Bool
	served    atomic.Int64
	handedOff atomic.Int64
}

// New makes a fast path; Serve runs it, Listener feeds net/http.
func New(cfg Config) *Server {
	if cfg.ReadHeaderTimeout <= 0 {
		cfg.ReadHeaderTimeout = 10 * time.Second
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = 120 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &Server{
		cfg:     cfg,
		files:   newFileCache(cfg.Files),
		handoff: newHandoffListener(),
		conns:   map[*conn]struct{}{},
	}
}

// Listener yields the connections handed to net/http: give it to
// http.Server.Serve. Its Addr is the real listener's once Serve has begun.
func (s *Server) Listener() net.Listener { return s.handoff }

// Stats counts requests answered here and connections handed to net/http.
type Stats struct{ Served, HandedOff int64 }

// Stats is a snapshot of the counts so far.
func (s *Server) Stats() Stats {
	return Stats{Served: s.served.Load(), HandedOff: s.handedOff.Load()}
}

// Serve accepts connections on ln until Shutdown (then it returns nil) or
// an error of the listener. Each connection starts here.
func (s *Server) Serve(ln net.Listener) error {
	s.mu.Lock()
	s.ln = ln
	s.handoff.setAddr(ln.Addr())
	if s.shutting.Load() { // Shutdown came first
		ln.Close()
	}
	s.mu.Unlock()
	var backoff time.Duration
	for {
		nc, err := ln.Accept()
		if err != nil {
			if s.shutting.Load() {
				return nil
			}
			if errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) || errors.Is(err, syscall.ENOBUFS) {
				// Out of descriptors or the like: wait as net/http does.
				backoff = min(max(2*backoff, 5*time.Millisecond), time.Second)
				time.Sleep(backoff)
				continue
			}
			return err
		}
		backoff = 0
		tc, ok := nc.(*net.TCPConn)
		if !ok {
			s.handedOff.Add(1)
			s.handoff.deliver(nc)
			continue
		}
		c := newConn(s, tc)
		s.mu.Lock()
		if s.shutting.Load() {
			s.mu.Unlock()
			nc.Close()
			continue
		}
		s.conns[c] = struct{}{}
		s.mu.Unlock()
		go c.serve()
	}
}

func (s *Server) forget(c *conn) {
	s.mu.Lock()
	delete(s.conns, c)
	s.mu.Unlock()
}

// Shutdown stops accepting, closes idle connections and waits for busy ones
// to finish their answer, like http.Server.Shutdown; a request that a busy
// connection hands off meanwhile still reaches net/http, so shut net/http
// down after this. When ctx ends first, the rest are closed and its error
// returned. It leaves the handoff listener to http.Server.Shutdown.
func (s *Server) Shutdown(ctx context.Context) error {
	s.shutting.Store(true)
	s.mu.Lock()
	if s.ln != nil {
		s.ln.Close()
	}
	s.mu.Unlock()
	poll := time.Millisecond
	for {
		if s.closeIdle() {
			return nil
		}
		select {
		case <-ctx.Done():
			s.mu.Lock()
			for c := range s.conns {
				c.nc.Close()
			}
			s.mu.Unlock()
			return ctx.Err()
		case <-time.After(poll):
			poll = min(2*poll, 100*time.Millisecond)
		}
	}
}

// closeIdle closes the connections waiting for a request and reports
// whether none is left.
func (s *Server) closeIdle() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.conns {
		if c.state.CompareAndSwap(stateIdle, stateClosed) {
			c.nc.Close()
		}
	}
	return len(s.conns) == 0
}
