package push

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// Notification is the spec's Push notification: the payload the service
// worker gets and shows. ID is given when it is queued.
type Notification struct {
	ID          int64       `json:"id"`
	Title       string      `json:"title"`
	Body        string      `json:"body"`
	Icon        string      `json:"icon,omitempty"`
	Action      string      `json:"action,omitempty"` // the label of the notification's button
	Destination Destination `json:"destination"`
	TimeToLive  int64       `json:"time_to_live"` // seconds from TimeStart the push service keeps it
	TimeStart   int64       `json:"time_start"`   // unix seconds; a later one is queued till then
	// Urgency is RFC 8030's: very-low, low, normal (default) or high.
	Urgency string `json:"-"`
}

// Destination is where a click on the notification leads (the service
// worker turns it into a page): a channel, a content, a packet, a news item,
// the viewer's messages or an address.
type Destination struct {
	Type string `json:"type"` // channel, content, packet, news, messages, url
	ID   int64  `json:"id,omitempty"`
	Code string `json:"code,omitempty"`
	Slug string `json:"slug,omitempty"`
	Src  string `json:"src,omitempty"`
}

// Destinations of the notifications efir sends itself.
var (
	ToMessages = Destination{Type: "messages"}
)

const (
	// DefaultTTL keeps a notification a day at the push service.
	DefaultTTL = 24 * 60 * 60
	maxTitle   = 120
	maxBody    = 400
	// defaultIcon is the app's icon, served by the web client.
	defaultIcon = "/favicon.svg"
)

var urgencies = map[string]bool{"very-low": true, "low": true, "normal": true, "high": true}

// normalise fills the defaults and cuts the texts to what a notification
// shows (a system shows a few lines; a push message is at most 4 KB).
func (n *Notification) normalise(now int64) {
	n.Title = cut(strings.TrimSpace(n.Title), maxTitle)
	n.Body = cut(strings.TrimSpace(n.Body), maxBody)
	if n.Icon == "" {
		n.Icon = defaultIcon
	}
	if n.TimeToLive <= 0 {
		n.TimeToLive = DefaultTTL
	}
	if n.TimeStart < now {
		n.TimeStart = now
	}
	if !urgencies[n.Urgency] {
		n.Urgency = "normal"
	}
	if n.Destination.Type == "" {
		n.Destination = ToMessages
	}
}

// payload is the notification as the service worker reads it, within
// MaxPayload (the body is shortened further when long fields need it).
func (n Notification) payload() ([]byte, error) {
	for {
		b, err := json.Marshal(n)
		if err != nil || len(b) <= MaxPayload || n.Body == "" {
			if err == nil && len(b) > MaxPayload {
				return nil, errPayloadTooLarge
			}
			return b, err
		}
		n.Body = cut(n.Body, utf8.RuneCountInString(n.Body)/2)
	}
}

// cut shortens s to at most n runes, ending with an ellipsis when cut.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n <= 1 {
		return ""
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
