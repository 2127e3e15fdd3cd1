package operator

import (
	"database/sql"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"efir/internal/commerce"
	"efir/internal/httpx"
	"efir/internal/store"
)

// The console's read model of subscribers: one place that reads what the
// viewer's side keeps (users, profiles, devices, subscriptions, accounts) for
// staff, always within the console's operator.

// SubscriberRow is a subscriber in a list.
type SubscriberRow struct {
	ID        int64  `json:"id"`
	Username  string `json:"username"`
	Phone     string `json:"phone"`
	Email     string `json:"email"`
	FirstName string `json:"first_name"`
	CreatedAt string `json:"created_at"`
	Blocked   bool   `json:"blocked"`
}

const subscriberColumns = `id, username, COALESCE(phone, ''), COALESCE(email, ''), first_name, date_joined, blocked_at`

func scanSubscriber(r store.Scanner) (SubscriberRow, error) {
	var v SubscriberRow
	var joined, blocked int64
	err := r.Scan(&v.ID, &v.Username, &v.Phone, &v.Email, &v.FirstName, &joined, &blocked)
	v.CreatedAt, v.Blocked = stamp(joined), blocked > 0
	return v, err
}

// handleSubscribers finds subscribers: digits match a phone's beginning (and
// the id), an address with @ the e-mail's beginning, anything else the
// login's beginning.
func (s *Service) handleSubscribers(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if q == "" || len(q) > 100 {
		return httpx.Invalid("q", "operator_query_invalid")
	}
	where, args := "", []any{}
	digits := strings.Map(func(c rune) rune {
		if c >= '0' && c <= '9' {
			return c
		}
		if strings.ContainsRune("+-() ", c) {
			return -1
		}
		return 'x'
	}, q)
	switch {
	case digits != "" && !strings.Contains(digits, "x"):
		id, _ := strconv.ParseInt(digits, 10, 64)
		where, args = "(phone LIKE ? OR id = ?)", []any{digits + "%", id}
	case strings.Contains(q, "@"):
		where, args = `LOWER(email) LIKE ? ESCAPE '\'`, []any{escapeLike(strings.ToLower(q)) + "%"}
	default:
		where, args = `LOWER(username) LIKE ? ESCAPE '\'`, []any{escapeLike(strings.ToLower(q)) + "%"}
	}
	out := []SubscriberRow{}
	err = store.Each(r.Context(), s.db, `SELECT `+subscriberColumns+` FROM users WHERE provider_id = ? AND is_guest = FALSE AND `+
		where+` ORDER BY id LIMIT ? OFFSET ?`, append(append([]any{sessionFrom(r.Context()).ProviderID}, args...), limit, offset),
		func(row store.Scanner) error {
			v, err := scanSubscriber(row)
			out = append(out, v)
			return err
		})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

type subscriberCard struct {
	Subscriber    SubscriberRow                `json:"subscriber"`
	Profiles      []cardProfile                `json:"profiles"`
	Devices       []cardDevice                 `json:"devices"`
	Subscriptions []commerce.StaffSubscription `json:"subscriptions"`
	Account       *cardAccount                 `json:"account"`
}

type cardProfile struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Role string `json:"role"`
}

type cardDevice struct {
	ID         int64  `json:"id"`
	Serial     string `json:"serial"`
	DeviceType string `json:"device_type"`
	CreatedAt  string `json:"created_at"`
}

type cardAccount struct {
	Balance  int64  `json:"balance"`
	Currency string `json:"currency"`
}

func (s *Service) handleSubscriber(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx := r.Context()
	sess := sessionFrom(ctx)
	var card subscriberCard
	card.Subscriber, err = scanSubscriber(s.db.QueryRow(ctx, `SELECT `+subscriberColumns+` FROM users
		WHERE id = ? AND provider_id = ? AND is_guest = FALSE`, id, sess.ProviderID))
	if errors.Is(err, sql.ErrNoRows) {
		return httpx.NotFound()
	}
	if err != nil {
		return err
	}
	card.Profiles = []cardProfile{}
	if err := store.Each(ctx, s.db, "SELECT id, name, role FROM profiles WHERE user_id = ? ORDER BY id", []any{id},
		func(row store.Scanner) error {
			var p cardProfile
			if err := row.Scan(&p.ID, &p.Name, &p.Role); err != nil {
				return err
			}
			card.Profiles = append(card.Profiles, p)
			return nil
		}); err != nil {
		return err
	}
	card.Devices = []cardDevice{}
	if err := store.Each(ctx, s.db, "SELECT id, serial, device_type, created_at FROM devices WHERE user_id = ? ORDER BY id",
		[]any{id}, func(row store.Scanner) error {
			var d cardDevice
			var at int64
			if err := row.Scan(&d.ID, &d.Serial, &d.DeviceType, &at); err != nil {
				return err
			}
			d.CreatedAt = stamp(at)
			card.Devices = append(card.Devices, d)
			return nil
		}); err != nil {
		return err
	}
	// The subscriptions as commerce sees them (paused, future, closed).
	if card.Subscriptions, err = s.cfg.Shop.StaffSubscriptions(ctx, sess.ProviderID, id); err != nil {
		return err
	}
	if sess.Member.Role.Can(PermMoney) {
		var a cardAccount
		err := s.db.QueryRow(ctx, "SELECT balance, currency FROM accounts WHERE user_id = ? ORDER BY id LIMIT 1", id).
			Scan(&a.Balance, &a.Currency)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err == nil {
			card.Account = &a
		}
	}
	httpx.OK(w, card)
	return nil
}
