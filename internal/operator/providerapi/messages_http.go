package providerapi

import (
	"net/http"
	"unicode/utf8"

	"efir/internal/httpx"
	"efir/internal/identity"
)

// Message is a message of the operator to a subscriber (the reference's
// Message). Messages here carry no pictures (icon and background null) and
// no parameters.
type Message struct {
	ID         int64          `json:"id"`
	Title      string         `json:"title"`
	Text       string         `json:"text"`
	Icon       *string        `json:"icon"`
	Background *string        `json:"background"`
	Params     map[string]any `json:"params"`
	CreatedAt  string         `json:"created_at"`
	IsRemoved  bool           `json:"is_removed"`
}

func messageView(m identity.SubscriberMessage) Message {
	return Message{ID: m.ID, Title: m.Title, Text: m.Text, Params: map[string]any{}, CreatedAt: stamp(m.CreatedAt),
		IsRemoved: m.Removed}
}

// The bounds of a message.
const (
	maxMessageTitle = 200
	maxMessageText  = 2000
)

// handleMessages lists the subscriber's messages the viewer has not
// dismissed, the newest first.
func (s *Service) handleMessages(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	list, err := s.cfg.Subscribers.OperatorMessages(r.Context(), u.ProviderID, u.ID, limit, offset)
	if err != nil {
		return err
	}
	out := make([]Message, 0, len(list))
	for _, m := range list {
		out = append(out, messageView(m))
	}
	httpx.OK(w, out)
	return nil
}

// handleSendMessage gives the subscriber a message; the apps show it at
// once.
func (s *Service) handleSendMessage(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	var b struct {
		Title httpx.Text `json:"title"`
		Text  httpx.Text `json:"text"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	title, text := b.Title.String(), b.Text.String()
	if utf8.RuneCountInString(title) > maxMessageTitle {
		return httpx.Invalid("title", "providerapi_message_title")
	}
	if text == "" || utf8.RuneCountInString(text) > maxMessageText {
		return httpx.Invalid("text", "providerapi_message_text")
	}
	m, err := s.cfg.Subscribers.OperatorSendMessage(r.Context(), u.ProviderID, u.ID, title, text)
	if err != nil {
		return err
	}
	v := messageView(m)
	if err := s.audit(r, "message.send", u.ID, nil, v); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, v)
	return nil
}

// message reads the path's message of the path's subscriber.
func (s *Service) message(r *http.Request) (identity.Subscriber, int64, error) {
	u, err := s.user(r, "user_id")
	if err != nil {
		return u, 0, err
	}
	id, err := httpx.PathID(r, "id")
	return u, id, err
}

// handleMessage reads one message, a dismissed one too (is_removed).
func (s *Service) handleMessage(w http.ResponseWriter, r *http.Request) error {
	u, id, err := s.message(r)
	if err != nil {
		return err
	}
	m, err := s.cfg.Subscribers.OperatorMessage(r.Context(), u.ProviderID, u.ID, id)
	if err != nil {
		return err
	}
	httpx.OK(w, messageView(m))
	return nil
}

// handleRemoveMessage takes a message away from the apps (it stays stored,
// marked removed) and answers it as it was.
func (s *Service) handleRemoveMessage(w http.ResponseWriter, r *http.Request) error {
	u, id, err := s.message(r)
	if err != nil {
		return err
	}
	m, err := s.cfg.Subscribers.OperatorRemoveMessage(r.Context(), u.ProviderID, u.ID, id)
	if err != nil {
		return err
	}
	v := messageView(m)
	if !m.Removed {
		after := v
		after.IsRemoved = true
		if err := s.audit(r, "message.remove", u.ID, v, after); err != nil {
			return err
		}
	}
	httpx.OK(w, v)
	return nil
}
