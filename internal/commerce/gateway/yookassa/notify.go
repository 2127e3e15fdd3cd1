package yookassa

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/netip"

	"efir/internal/commerce/gateway"
)

const maxNotification = 64 << 10 // a payment object is a few KiB

// DefaultNetworks are the addresses YooKassa sends notifications from, as
// its webhooks documentation publishes them. Should YooKassa add a range,
// Config.AllowedNetworks takes the new list without a release.
// A fresh slice each call, so no caller can change another's.
func DefaultNetworks() []netip.Prefix {
	return []netip.Prefix{
		netip.MustParsePrefix("185.71.76.0/27"),
		netip.MustParsePrefix("185.71.77.0/27"),
		netip.MustParsePrefix("77.75.153.0/25"),
		netip.MustParsePrefix("77.75.156.11/32"),
		netip.MustParsePrefix("77.75.156.35/32"),
		netip.MustParsePrefix("77.75.154.128/25"),
		netip.MustParsePrefix("2a02:5180::/32"),
	}
}

type notification struct {
	Type   string `json:"type"`
	Event  string `json:"event"`
	Object struct {
		ID        string `json:"id"`
		PaymentID string `json:"payment_id"` // refunds
	} `json:"object"`
}

// Notification answers which payment a YooKassa notification is about.
// YooKassa signs nothing, so the source address is the only check: clientIP
// (as the server resolved it, never a header read here) must lie in the
// allowed networks. Nothing else of the body is trusted: the caller reads the
// payment with GetPayment.
func (c *Client) Notification(r *http.Request, clientIP string) (string, error) {
	ip, err := netip.ParseAddr(clientIP)
	if err != nil {
		return "", fmt.Errorf("%w: yookassa: client address %q unreadable", gateway.ErrNotification, clip(clientIP, 64))
	}
	ip = ip.Unmap().WithZone("")
	if !c.fromYooKassa(ip) {
		return "", fmt.Errorf("%w: yookassa: %s is not a YooKassa address", gateway.ErrNotification, ip)
	}
	if r.Body == nil {
		return "", fmt.Errorf("%w: yookassa: empty notification", gateway.ErrNotification)
	}
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxNotification+1))
	if err != nil {
		return "", fmt.Errorf("%w: yookassa: reading the notification: %v", gateway.ErrNotification, err)
	}
	if len(raw) > maxNotification {
		return "", fmt.Errorf("%w: yookassa: notification larger than %d bytes", gateway.ErrNotification, maxNotification)
	}
	var n notification
	if err := json.Unmarshal(raw, &n); err != nil || n.Type != "notification" {
		return "", fmt.Errorf("%w: yookassa: not a notification", gateway.ErrNotification)
	}
	var id string
	switch n.Event {
	case "payment.succeeded", "payment.canceled", "payment.waiting_for_capture":
		id = n.Object.ID
	case "refund.succeeded":
		id = n.Object.PaymentID
	default:
		return "", fmt.Errorf("%w: yookassa: event %q is not one we subscribe to", gateway.ErrNotification, clip(n.Event, 64))
	}
	if !plausibleID(id) {
		return "", fmt.Errorf("%w: yookassa: %s without a usable payment id", gateway.ErrNotification, n.Event)
	}
	return id, nil
}

func (c *Client) fromYooKassa(ip netip.Addr) bool {
	for _, p := range c.allowed {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// plausibleID: YooKassa's ids are 36-character UUID-like strings; anything
// long or with control characters is not worth a GET.
func plausibleID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, b := range []byte(id) {
		if b <= ' ' || b >= 0x7f {
			return false
		}
	}
	return true
}
