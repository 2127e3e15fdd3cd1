package epgimport

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"
)

// httpClient gives up on a server that does not answer; the body itself may
// take as long as it takes (guides are large), until ctx ends.
var httpClient = &http.Client{Transport: &http.Transport{
	Proxy:                 http.ProxyFromEnvironment,
	TLSHandshakeTimeout:   15 * time.Second,
	ResponseHeaderTimeout: 60 * time.Second,
	IdleConnTimeout:       30 * time.Second,
}}

// Open opens an import source: "-" is standard input, http(s):// addresses
// are downloaded as a stream, anything else is a file. Gzip input is
// recognised by its magic bytes, whatever the name says.
func Open(ctx context.Context, src string) (io.ReadCloser, error) {
	var rc io.ReadCloser
	switch {
	case src == "-":
		rc = io.NopCloser(os.Stdin)
	case strings.HasPrefix(src, "http://") || strings.HasPrefix(src, "https://"):
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, src, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("User-Agent", "efir-import")
		resp, err := httpClient.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
			return nil, fmt.Errorf("%s: HTTP %s", src, resp.Status)
		}
		rc = resp.Body
	default:
		f, err := os.Open(src)
		if err != nil {
			return nil, err
		}
		rc = f
	}
	r, err := Decompress(rc)
	if err != nil {
		rc.Close()
		return nil, fmt.Errorf("%s: %w", src, err)
	}
	return struct {
		io.Reader
		io.Closer
	}{r, rc}, nil
}

// Decompress returns r itself, or a gzip reader when r starts with the
// gzip magic bytes.
func Decompress(r io.Reader) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	magic, err := br.Peek(2)
	if err != nil && err != io.EOF {
		return nil, err
	}
	if len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, err
		}
		return zr, nil
	}
	return br, nil
}
