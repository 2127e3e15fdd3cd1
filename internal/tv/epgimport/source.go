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

// httpClient is the command line's: unguarded, the server's administrator
// chose the address.
var httpClient = &http.Client{Transport: NewTransport()}

// NewTransport is the transport of guide downloads: it gives up on a server
// that does not answer; the body itself may take as long as it takes
// (guides are large), until ctx ends.
func NewTransport() *http.Transport {
	return &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		TLSHandshakeTimeout:   15 * time.Second,
		ResponseHeaderTimeout: 60 * time.Second,
		IdleConnTimeout:       30 * time.Second,
	}
}

// Open opens an import source: "-" is standard input, http(s):// addresses
// are downloaded as a stream, anything else is a file. Gzip input is
// recognised by its magic bytes, whatever the name says.
func Open(ctx context.Context, src string) (io.ReadCloser, error) {
	var rc io.ReadCloser
	switch {
	case src == "-":
		rc = io.NopCloser(os.Stdin)
	case isURL(src):
		return OpenURL(ctx, httpClient, src)
	default:
		f, err := os.Open(src)
		if err != nil {
			return nil, err
		}
		rc = f
	}
	return decompressed(rc, src)
}

// OpenURL downloads an http(s) address with client (a guarded one for
// addresses the console's staff give) as a stream, gzip or not; other
// addresses are refused, so no file of the server is ever read.
func OpenURL(ctx context.Context, client *http.Client, addr string) (io.ReadCloser, error) {
	if !isURL(addr) {
		return nil, fmt.Errorf("%s: not an http(s) address", addr)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, addr, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", "efir-import")
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, fmt.Errorf("%s: HTTP %s", addr, resp.Status)
	}
	return decompressed(resp.Body, addr)
}

func isURL(src string) bool {
	return strings.HasPrefix(src, "http://") || strings.HasPrefix(src, "https://")
}

// decompressed reads rc through Decompress; closing it closes rc.
func decompressed(rc io.ReadCloser, src string) (io.ReadCloser, error) {
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
