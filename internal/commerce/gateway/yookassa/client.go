package yookassa

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"time"

	"efir/internal/commerce/gateway"
)

// DefaultBaseURL is YooKassa's production API.
const DefaultBaseURL = "https://api.yookassa.ru/v3"

// DefaultTimeout bounds one API call: long enough for a bank's slow answer,
// short enough that the payer is not left staring at a spinner.
const DefaultTimeout = 15 * time.Second

const (
	maxKeyLen  = 64      // YooKassa's limit for an Idempotence-Key
	maxAnswer  = 1 << 20 // an API answer larger than this is not one of YooKassa's
	maxMessage = 200     // runes of YooKassa's error description kept in ours
)

// Config is one YooKassa shop.
type Config struct {
	ShopID    string
	SecretKey string
	// BaseURL defaults to DefaultBaseURL.
	BaseURL string
	// HTTPClient defaults to a client with DefaultTimeout.
	HTTPClient *http.Client
	// AllowedNetworks are the sources notifications are accepted from;
	// default DefaultNetworks().
	AllowedNetworks []netip.Prefix
	// Now is the clock; default time.Now.
	Now func() time.Time
}

// Client talks to one YooKassa shop. It is safe for concurrent use.
type Client struct {
	shopID, secretKey string
	baseURL           string
	http              *http.Client
	allowed           []netip.Prefix
	now               func() time.Time
}

var _ gateway.Gateway = (*Client)(nil)

// New checks cfg and fills in its defaults.
func New(cfg Config) (*Client, error) {
	if cfg.ShopID == "" || strings.ContainsAny(cfg.ShopID, ":\r\n") {
		// Basic auth cannot carry a colon in the user name.
		return nil, errors.New("yookassa: shop id is empty or malformed")
	}
	if cfg.SecretKey == "" || strings.ContainsAny(cfg.SecretKey, "\r\n") {
		return nil, errors.New("yookassa: secret key is empty or malformed")
	}
	base := cfg.BaseURL
	if base == "" {
		base = DefaultBaseURL
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil ||
		u.RawQuery != "" || u.Fragment != "" {
		// No user info: credentials go in the header only, never in a URL an
		// error message would quote.
		shown := base
		if err == nil {
			shown = u.Redacted()
		}
		shown = strings.ReplaceAll(shown, cfg.SecretKey, "<secret>")
		return nil, fmt.Errorf("yookassa: base URL %q is not an http(s) URL without credentials", shown)
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: DefaultTimeout}
	}
	allowed := slices.Clone(cfg.AllowedNetworks)
	if len(allowed) == 0 {
		allowed = DefaultNetworks()
	}
	for i, p := range allowed {
		if !p.IsValid() {
			return nil, fmt.Errorf("yookassa: allowed network %d is not a valid prefix", i)
		}
		allowed[i] = p.Masked()
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	return &Client{
		shopID:    cfg.ShopID,
		secretKey: cfg.SecretKey,
		baseURL:   strings.TrimRight(base, "/"),
		http:      hc,
		allowed:   allowed,
		now:       now,
	}, nil
}

// Name is the gateway's name in URLs and stored rows.
func (c *Client) Name() string { return "yookassa" }

// apiError is YooKassa's error body (and its 202 "processing" body).
type apiError struct {
	Type        string `json:"type"`
	Code        string `json:"code"`
	Description string `json:"description"`
	Parameter   string `json:"parameter"`
	RetryAfter  int64  `json:"retry_after"` // milliseconds, with 202
}

// call sends one request and decodes a successful answer into out. The
// error wraps gateway.ErrRejected when YooKassa refused the request (nothing
// was done) and gateway.ErrUnavailable whenever the outcome is unknown.
func (c *Client) call(ctx context.Context, method, path, idemKey string, in, out any) error {
	op := method + " " + path
	var body io.Reader
	if in != nil {
		raw, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("%w: yookassa %s: %s", gateway.ErrRejected, op, c.redact(err.Error()))
		}
		body = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return fmt.Errorf("%w: yookassa %s: %s", gateway.ErrRejected, op, c.redact(err.Error()))
	}
	req.SetBasicAuth(c.shopID, c.secretKey)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if idemKey != "" {
		req.Header.Set("Idempotence-Key", idemKey)
	}
	res, err := c.http.Do(req)
	if err != nil {
		// The request may have reached YooKassa: unknown outcome.
		return c.unavailable(op, err.Error())
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	if err != nil {
		return c.unavailable(op, "reading the answer: "+err.Error())
	}

	switch code := res.StatusCode; {
	case code == http.StatusAccepted:
		// Accepted but not finished: repeat with the same key later.
		var e apiError
		_ = json.Unmarshal(raw, &e)
		return c.unavailable(op, fmt.Sprintf("still processing, retry after %d ms", e.RetryAfter))
	case code/100 == 2:
		if err := json.Unmarshal(raw, out); err != nil {
			return c.unavailable(op, "unreadable answer: "+err.Error())
		}
		return nil
	case code == http.StatusTooManyRequests || code/100 == 5:
		// 429 is a 4xx but nothing final: the same request succeeds later.
		return c.unavailable(op, c.describe(code, raw))
	case code/100 == 4:
		return fmt.Errorf("%w: yookassa %s: %s", gateway.ErrRejected, op, c.describe(code, raw))
	default:
		return c.unavailable(op, c.describe(code, raw))
	}
}

func (c *Client) unavailable(op, msg string) error {
	return fmt.Errorf("%w: yookassa %s: %s", gateway.ErrUnavailable, op, c.redact(msg))
}

// describe makes YooKassa's error body readable in our error.
func (c *Client) describe(status int, raw []byte) string {
	var e apiError
	if json.Unmarshal(raw, &e) != nil || e.Code == "" {
		return fmt.Sprintf("HTTP %d", status)
	}
	msg := fmt.Sprintf("HTTP %d %s", status, e.Code)
	if e.Description != "" {
		msg += ": " + clip(e.Description, maxMessage)
	}
	if e.Parameter != "" {
		msg += " (parameter " + clip(e.Parameter, maxMessage) + ")"
	}
	return c.redact(msg)
}

// redact removes the secret key from text that may end up in a log.
func (c *Client) redact(s string) string {
	return strings.ReplaceAll(s, c.secretKey, "<secret>")
}

func clip(s string, n int) string {
	if t := truncate(s, n); len(t) < len(s) {
		return t + "…"
	}
	return s
}

// checkKey refuses an idempotence key YooKassa would refuse, before a request
// whose failure we could not tell from a network error.
func checkKey(key string) error {
	if key == "" || len(key) > maxKeyLen {
		return fmt.Errorf("%w: yookassa: idempotence key must have 1 to %d characters", gateway.ErrRejected, maxKeyLen)
	}
	for _, b := range []byte(key) {
		if b <= ' ' || b >= 0x7f {
			return fmt.Errorf("%w: yookassa: idempotence key must be printable ASCII", gateway.ErrRejected)
		}
	}
	return nil
}
