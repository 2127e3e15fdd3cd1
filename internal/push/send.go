package push

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
)

// subscription is a device's subscription as sending needs it.
type subscription struct {
	id                     int64
	endpoint, p256dh, auth string
}

// errGone is a subscription the push service no longer has.
var errGone = fmt.Errorf("push: subscription gone")

// send encrypts payload for x and posts it to its push service (RFC 8030
// 5) for ttl seconds with the urgency given. A subscription the service
// answers 404 or 410 for is forgotten.
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
		return err
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
	}
	return fmt.Errorf("push service answered %s", res.Status)
}
