package push

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// subscription is a device's subscription as sending needs it.
type subscription struct {
	id                     int64
	endpoint, p256dh, auth string
}

// errGone is a subscription the push service no longer has.
var errGone = fmt.Errorf("push: subscription gone")

// busyError is a push service that may take the message later: it was
// unreachable, or answered 429 or 5xx (RFC 8030 8.4), with the wait it asked
// for in Retry-After (0 when none).
type busyError struct {
	err  error
	wait time.Duration
}

func (e *busyError) Error() string { return "push service busy: " + e.err.Error() }
func (e *busyError) Unwrap() error { return e.err }

// retryAfter reads Retry-After in seconds (the HTTP-date form is taken as
// no wish: push services send seconds).
func retryAfter(h string) time.Duration {
	n, err := strconv.Atoi(strings.TrimSpace(h))
	if err != nil || n <= 0 {
		return 0
	}
	return time.Duration(min(n, 24*3600)) * time.Second
}

// send encrypts payload for x and posts it to its push service (RFC 8030
// 5) for ttl seconds with the urgency given. A subscription the service
// answers 404 or 410 for is forgotten; a busy service is a *busyError.
func (s *Service) send(ctx context.Context, x subscription, payload []byte, ttl int64, urgency string) error {
	ua, err := decodeKey(x.p256dh)
	if err != nil {
		return err
	}
	secret, err := decodeKey(x.auth)
	if err != nil {
		return err
	}
	body, err := encrypt(payload, ua, secret)
	if err != nil {
		return err
	}
	authz, err := vapidAuthorization(s.key, x.endpoint, s.subject, s.now())
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, x.endpoint, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("TTL", ttlHeader(ttl))
	req.Header.Set("Urgency", urgency)
	req.Header.Set("Content-Encoding", "aes128gcm")
	req.Header.Set("Content-Type", "application/octet-stream")
	req.Header.Set("Authorization", authz)
	res, err := s.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		return &busyError{err: err}
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 4096))
	switch {
	case res.StatusCode >= 200 && res.StatusCode < 300:
		return nil
	case res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusGone:
		if err := s.forget(ctx, x.id, x.endpoint); err != nil {
			return err
		}
		return errGone
	case res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500:
		return &busyError{err: fmt.Errorf("answered %s", res.Status), wait: retryAfter(res.Header.Get("Retry-After"))}
	}
	return fmt.Errorf("push service answered %s", res.Status)
}
