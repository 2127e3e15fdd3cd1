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
	prov := sessionFrom(r.Context()).ProviderID
	digits := strings.Map(func(c rune) rune {
		if c >= '0' && c <= '9' {
			return c
		}
		if strings.ContainsRune("+-() ", c) {
			return -1
		}
		return 'x'
	}, q)
	var out []SubscriberRow
	switch {
	case digits != "" && !strings.Contains(digits, "x"):
		out, err = s.subscribersByPhone(r, prov, digits, limit, offset)
	case strings.Contains(q, "@"):
		out, err = s.subscribersWhere(r, `LOWER(email) LIKE ? ESCAPE '\'`, escapeLike(strings.ToLower(q))+"%", prov, limit, offset)
	default:
		out, err = s.subscribersWhere(r, `LOWER(username) LIKE ? ESCAPE '\'`, escapeLike(strings.ToLower(q))+"%", prov, limit, offset)
	}
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// subscribersByPhone: the subscriber with the id digits, then those whose phone begins with digits in phone order. The phone
// prefix is a range of the (operator, phone) index, so a short prefix over a
// million subscribers still reads only the page it answers.
func (s *Service) subscribersByPhone(r *http.Request, prov int64, digits string, limit, offset int) ([]SubscriberRow, error) {
	out := []SubscriberRow{}
	id, _ := strconv.ParseInt(digits, 10, 64)
	if id > 0 {
		// The id's subscriber takes the first place of the first page.
		v, err := scanSubscriber(s.db.QueryRow(r.Context(), `SELECT `+subscriberColumns+` FROM users
			WHERE id = ? AND provider_id = ? AND is_guest = FALSE AND (phone IS NULL OR phone NOT LIKE ?)`, id, prov, digits+"%"))
		switch {
		case err == nil && offset == 0:
			out = append(out, v)
			limit--
		case err == nil:
			offset--
		case !errors.Is(store.MapErr(err), store.ErrNotFound):
			return nil, err
		}
	}
	where, args := "phone >= ?", []any{prov, digits}
	if upper, ok := prefixEnd(digits); ok {
		where, args = where+" AND phone < ?", append(args, upper)
	}
	err := store.Each(r.Context(), s.db, `SELECT `+subscriberColumns+` FROM users WHERE provider_id = ? AND `+where+`
		AND is_guest = FALSE ORDER BY phone LIMIT ? OFFSET ?`, append(args, max(limit, 0), offset), func(row store.Scanner) error {
		v, err := scanSubscriber(row)
		out = append(out, v)
		return err
	})
	return out, err
}

// prefixEnd is the first string of digits after every one that begins with
// prefix ("79" -> "8", "7999" -> "8"); none for a prefix of nines.
func prefixEnd(prefix string) (string, bool) {
	b := []byte(prefix)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < '9' {
			b[i]++
			return string(b[:i+1]), true
		}
	}
	return "", false
}

// subscribersWhere lists the operator's subscribers matching one condition
// on one argument, in the order they registered.
func (s *Service) subscribersWhere(r *http.Request, where string, arg any, prov int64, limit, offset int) ([]SubscriberRow, error) {
	out := []SubscriberRow{}
	err := store.Each(r.Context(), s.db, `SELECT `+subscriberColumns+` FROM users WHERE provider_id = ? AND is_guest = FALSE AND `+
		where+` ORDER BY id LIMIT ? OFFSET ?`, []any{prov, arg, limit, offset}, func(row store.Scanner) error {
		v, err := scanSubscriber(row)
		out = append(out, v)
		return err
	})
	return out, err
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
