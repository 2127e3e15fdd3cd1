package sandbox

import (
	"bytes"
	"context"
	"crypto/hmac"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"

	"efir/internal/commerce/gateway"
)

// SignatureHeader carries the hex HMAC-SHA256 of the notification body
// under the service secret.
const SignatureHeader = "X-Sandbox-Signature"

// maxNotification is the most of a notification body that is read.
const maxNotification = 64 << 10

// Notification events.
const (
	EventSucceeded = "payment.succeeded"
	EventCanceled  = "payment.canceled"
)

// notification is the body the sandbox posts, shaped like the notifications
// of the real gateways: only the id matters, the receiver re-reads the
// payment with GetPayment.
type notification struct {
	Type   string `json:"type"`
	Event  string `json:"event"`
	Object struct {
		ID string `json:"id"`
	} `json:"object"`
}

// NotifyPath is where one operator's sandbox notifications are received
// (by commerce, on this same server).
func NotifyPath(provider string) string {
	return "/v2/payments/notify/" + Name + "/" + url.PathEscape(provider)
}

// notifyID is notify for a payment known by id (read fresh: the caller only
// knows that it ended).
func (s *Service) notifyID(ctx context.Context, base, id string) {
	if base == "" {
		return
	}
	p, err := loadPayment(ctx, s.db, "", id)
	if err != nil {
		slog.WarnContext(ctx, "sandbox: notification not sent", "payment", id, "err", err)
		return
	}
	s.notify(ctx, base, p)
}

// notify posts that p ended to base + NotifyPath, waiting at most
// notifyTimeout. A failure is logged and otherwise ignored: the receiver
// also polls GetPayment.
func (s *Service) notify(ctx context.Context, base string, p *payment) {
	if base == "" || !p.final() {
		return
	}
	var n notification
	n.Type, n.Event, n.Object.ID = "notification", EventCanceled, p.ID
	if p.Status == gateway.StatusSucceeded {
		n.Event = EventSucceeded
	}
	body, _ := json.Marshal(n)
	// The payment has ended whatever happens to the payer's request.
	ctx, cancel := context.WithTimeout(detach(ctx), notifyTimeout)
	defer cancel()
	target := strings.TrimRight(base, "/") + NotifyPath(p.Provider)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		slog.WarnContext(ctx, "sandbox: notification not sent", "payment", p.ID, "url", target, "err", err)
		return
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(SignatureHeader, hex.EncodeToString(s.mac(body)))
	res, err := s.client.Do(req)
	if err != nil {
		slog.WarnContext(ctx, "sandbox: notification not delivered", "payment", p.ID, "url", target, "err", err)
		return
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		slog.WarnContext(ctx, "sandbox: notification refused", "payment", p.ID, "url", target, "status", res.StatusCode)
	}
}

// Notification checks the signature of a sandbox notification and answers
// the payment it names. The address does not matter: only the secret
// could have signed the body.
func (g *shop) Notification(r *http.Request, clientIP string) (string, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxNotification+1))
	if err != nil || len(body) > maxNotification {
		return "", gateway.ErrNotification
	}
	sig, err := hex.DecodeString(r.Header.Get(SignatureHeader))
	if err != nil || !hmac.Equal(sig, g.s.mac(body)) {
		return "", gateway.ErrNotification
	}
	var n notification
	if err := json.Unmarshal(body, &n); err != nil || n.Type != "notification" ||
		(n.Event != EventSucceeded && n.Event != EventCanceled) || !validPaymentID(n.Object.ID) {
		return "", gateway.ErrNotification
	}
	return n.Object.ID, nil
}
