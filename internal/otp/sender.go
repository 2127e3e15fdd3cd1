package otp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"efir/internal/store"
)

// Message is one text to a phone; Code is set when the text carries a
// one-time code (the outbox lists it separately).
type Message struct {
	Phone string
	Text  string
	Code  string
}

// Sender delivers messages to phones.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// sendTimeout bounds one delivery attempt to an outside service.
const sendTimeout = 10 * time.Second

// outboxSender "sends" by storing the message and logging it: the default for
// development and the demo, and what e2e tests read. The log line carries
// `phone=<digits> code=<code>` inside the message itself so that it reads
// the same in text and JSON logs.
type outboxSender struct {
	db  *store.DB
	now func() time.Time
}

func (o *outboxSender) Send(ctx context.Context, m Message) error {
	_, err := o.db.Exec(ctx, "INSERT INTO otp_outbox (phone, code, text, created_at) VALUES (?, ?, ?, ?)",
		m.Phone, m.Code, m.Text, o.now().Unix())
	if err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	if m.Code != "" {
		slog.InfoContext(ctx, fmt.Sprintf("outbox message phone=%s code=%s", m.Phone, m.Code))
	} else {
		slog.InfoContext(ctx, fmt.Sprintf("outbox message phone=%s", m.Phone), "text", m.Text)
	}
	return nil
}

// OutboxEntry is one message of the outbox sender.
type OutboxEntry struct {
	CreatedAt int64  `json:"created_at"`
	Phone     string `json:"phone"`
	Code      string `json:"code"`
	Text      string `json:"text"`
}

// ListOutbox gives the latest outbox messages, newest first, of one phone or
// of all ("" phone). limit is clamped to 1..1000.
func ListOutbox(ctx context.Context, db *store.DB, phone string, limit int) ([]OutboxEntry, error) {
	limit = max(1, min(limit, 1000))
	q := "SELECT created_at, phone, code, text FROM otp_outbox"
	var args []any
	if phone != "" {
		q += " WHERE phone = ?"
		args = append(args, phone)
	}
	q += " ORDER BY id DESC LIMIT ?"
	args = append(args, limit)
	rows, err := db.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []OutboxEntry{}
	for rows.Next() {
		var e OutboxEntry
		if err := rows.Scan(&e.CreatedAt, &e.Phone, &e.Code, &e.Text); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// smsSender posts {phone, text} as JSON to an HTTP SMS gateway with a bearer
// token; any answer other than 2xx is a failed delivery.
type smsSender struct {
	url, token string
	client     *http.Client
}

func newSMSSender(url, token string) *smsSender {
	return &smsSender{url: url, token: token, client: &http.Client{Timeout: sendTimeout}}
}

func (s *smsSender) Send(ctx context.Context, m Message) error {
	body, _ := json.Marshal(map[string]string{"phone": m.Phone, "text": m.Text})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("sms gateway: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if s.token != "" {
		req.Header.Set("Authorization", "Bearer "+s.token)
	}
	res, err := s.client.Do(req)
	if err != nil {
		return fmt.Errorf("sms gateway: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode < 200 || res.StatusCode > 299 {
		snippet, _ := io.ReadAll(io.LimitReader(res.Body, 200))
		return fmt.Errorf("sms gateway answered %d: %s", res.StatusCode, bytes.TrimSpace(snippet))
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	return nil
}
