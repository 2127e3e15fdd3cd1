package fastconn

import (
	"io"
	"syscall"
	"unsafe"
)

// sendState is the progress of a sendFile across the writability waits.
type sendState struct {
	head []byte
	fd   int
	off  int64
	n    int64
	err  error
}

// sendFile writes head, then n bytes of f from off with sendfile(2). The
// head goes with MSG_MORE, so the kernel holds it to leave in the same
// packet as the start of the body (what TCP_CORK does, without two extra
// setsockopt calls per answer). The offset is explicit, so answers share
// one descriptor.
func (c *conn) sendFile(head []byte, f *file, off, n int64) error {
	c.send = sendState{head: head, fd: f.fd, off: off, n: n}
	if err := c.raw.Write(c.step); err != nil {
		return err
	}
	return c.send.err
}

// sendStep runs on the socket until done or it would block (false: the
// poller calls it again once the socket is writable).
func (c *conn) sendStep(sock uintptr) bool {
	s := &c.send
	for len(s.head) > 0 {
		n, _, errno := syscall.Syscall6(syscall.SYS_SENDTO, sock, uintptr(unsafe.Pointer(&s.head[0])),
			uintptr(len(s.head)), syscall.MSG_MORE|syscall.MSG_NOSIGNAL, 0, 0)
		switch errno {
		case 0:
			s.head = s.head[n:]
		case syscall.EINTR:
		case syscall.EAGAIN:
			return false
		default:
			s.err = errno
			return true
		}
	}
	for s.n > 0 {
		n, err := syscall.Sendfile(int(sock), s.fd, &s.off, int(min(s.n, 1<<30)))
		if n > 0 {
			s.n -= int64(n)
		}
		switch {
		case err == syscall.EINTR:
		case err == syscall.EAGAIN:
			return false
		case err != nil:
			s.err = err
			return true
		case n == 0:
			s.err = io.ErrUnexpectedEOF // the file shrank
			return true
		}
	}
	return true
}
