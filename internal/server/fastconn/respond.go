package fastconn

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

type answerResult int

const (
	answered answerResult = iota
	answerHandOff
	answerFailed // the connection broke mid-answer
)

// answer serves a parsed head, or says it is net/http's to answer.
func (c *conn) answer(h *head) answerResult {
	c.now = time.Now()
	seg, ok := c.s.cfg.Source.Segment(string(h.path), c.now)
	if !ok {
		return answerHandOff
	}
	f, err := c.s.files.get(seg.Path)
	if err != nil {
		return answerHandOff // net/http answers a missing file with its rules
	}
	defer f.release()
	start, length := int64(0), f.size
	if h.rng != nil {
		if start, length, ok = parseRange(h.rng, f.size); !ok {
			return answerHandOff
		}
	}
	if c.s.shutting.Load() {
		h.close = true // as net/http does while shutting down
	}
	c.out = appendHead(c.out[:0], h, seg.ContentType, f, start, length, c.now)
	switch {
	case h.head:
		_, err = c.nc.Write(c.out)
	case f.data != nil:
		// Head and body in one writev.
		c.pair = [2][]byte{c.out, f.data[start : start+length]}
		c.bufs = c.pair[:]
		_, err = c.bufs.WriteTo(c.nc)
	default:
		err = c.sendFile(c.out, f, start, length)
	}
	c.s.served.Add(1)
	if c.s.cfg.Log.Enabled(context.Background(), slog.LevelDebug) {
		c.logAnswer(h, length, err)
	}
	if err != nil {
		return answerFailed
	}
	return answered
}

// appendHead writes the answer head the handler would write for the same
// request: the same fields and values (net/http's order), so that a client
// cannot tell which path answered.
func appendHead(b []byte, h *head, ctype string, f *file, start, length int64, now time.Time) []byte {
	if h.http10 {
		b = append(b, "HTTP/1.0 "...)
	} else {
		b = append(b, "HTTP/1.1 "...)
	}
	if h.rng != nil {
		b = append(b, "206 Partial Content\r\n"...)
	} else {
		b = append(b, "200 OK\r\n"...)
	}
	b = append(b, "Accept-Ranges: bytes\r\n"+
		"Access-Control-Allow-Origin: *\r\n"+
		"Access-Control-Expose-Headers: Content-Length, Content-Range\r\n"+
		"Cache-Control: public, max-age=31536000, immutable\r\n"+
		"Content-Length: "...)
	b = strconv.AppendInt(b, length, 10)
	if h.rng != nil {
		b = append(b, "\r\nContent-Range: bytes "...)
		b = strconv.AppendInt(b, start, 10)
		b = append(b, '-')
		b = strconv.AppendInt(b, start+length-1, 10)
		b = append(b, '/')
		b = strconv.AppendInt(b, f.size, 10)
	}
	b = append(b, "\r\nContent-Type: "...)
	b = append(b, ctype...)
	b = append(b, "\r\nLast-Modified: "...)
	b = append(b, f.modified...)
	b = append(b, "\r\nX-Content-Type-Options: nosniff\r\nDate: "...)
	b = append(b, httpDate(now)...)
	if h.close && !h.http10 {
		b = append(b, "\r\nConnection: close"...)
	}
	return append(b, "\r\n\r\n"...)
}

// logAnswer is the request log line of the handler's middleware, at debug
// level like its media lines; the grant stays out of it.
func (c *conn) logAnswer(h *head, length int64, err error) {
	path := string(h.path)
	if rest, ok := strings.CutPrefix(path, "/media/"); ok {
		_, file, _ := strings.Cut(rest, "/")
		path = "/media/…/" + file
	}
	method, status := http.MethodGet, http.StatusOK
	if h.head {
		method, length = http.MethodHead, 0
	}
	if h.rng != nil {
		status = http.StatusPartialContent
	}
	ip := ""
	if a, ok := c.nc.RemoteAddr().(*net.TCPAddr); ok {
		ip = a.IP.String()
	}
	attrs := []slog.Attr{slog.String("method", method), slog.String("path", path),
		slog.Int("status", status), slog.Int64("bytes", length),
		slog.Duration("took", time.Since(c.now)), slog.String("ip", ip), slog.Bool("fast", true)}
	if err != nil {
		attrs = append(attrs, slog.String("err", err.Error()))
	}
	c.s.cfg.Log.LogAttrs(context.Background(), slog.LevelDebug, "http", attrs...)
}

// httpDate is the Date value of now, formatted once a second.
func httpDate(now time.Time) string {
	sec := now.Unix()
	if d := lastDate.Load(); d != nil && d.sec == sec {
		return d.text
	}
	d := &dateText{sec: sec, text: now.UTC().Format(http.TimeFormat)}
	lastDate.Store(d)
	return d.text
}

type dateText struct {
	sec  int64
	text string
}

var lastDate atomic.Pointer[dateText]
