package push

import (
	"context"
	"log/slog"
)

// Messages posts a message to a viewer's messages (identity).
type Messages interface {
	PostMessage(ctx context.Context, userID int64, title, text string) (int64, error)
}

// Messenger posts the system's messages to viewers (a renewal that failed,
// a stream stopped by the limit) and pushes each to the viewer's subscribed
// devices too; a click opens the messages. It stands where those packages
// take a messenger, so they need not know about push.
type Messenger struct {
	Messages Messages
	Push     *Service
}

// PostMessage posts the message, then queues its push (a failed push is
// logged: the message is there all the same).
func (m Messenger) PostMessage(ctx context.Context, userID int64, title, text string) (int64, error) {
	id, err := m.Messages.PostMessage(ctx, userID, title, text)
	if err != nil || m.Push == nil {
		return id, err
	}
	n := Notification{Title: title, Body: text, Destination: ToMessages, Urgency: "high"}
	if _, err := m.Push.QueueUser(ctx, m.Push.db, n, userID); err != nil {
		slog.WarnContext(ctx, "push of a message failed", "user", userID, "err", err)
	}
	return id, nil
}
