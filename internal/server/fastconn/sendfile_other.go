//go:build !linux

package fastconn

import "io"

type sendState struct{}

// sendFile writes head, then n bytes of f from off; the standard copy
// stands in for Linux's sendfile(2) with MSG_MORE.
func (c *conn) sendFile(head []byte, f *file, off, n int64) error {
	if _, err := c.nc.Write(head); err != nil {
		return err
	}
	_, err := io.Copy(c.nc, io.NewSectionReader(f.f, off, n))
	return err
}

func (c *conn) sendStep(uintptr) bool { return true }
