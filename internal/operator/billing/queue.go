package billing

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"efir/internal/commerce"
	"efir/internal/store"
)

// The queue: every callback is a row of billing_callbacks before it is sent.
// AUTH, PACKET and BALANCE are tried at once by the request that needs them
// (holding the row's lease while they do); DELETE_SUBSCRIPTION waits for the
// worker. A PACKET or DELETE_SUBSCRIPTION that fails (no answer in time, a
// status other than 2xx, an answer that does not read) is tried again after
// 30 s, 1 min, 2 min, ... up to 6 h, 12 tries in all; AUTH and BALANCE are
// answered at once and not tried again (their moment has passed).

// row is a callback as stored.
type row struct {
	ID, ProviderID, UserID int64
	Kind, Key, Payload     string
	State                  string
	Attempts               int
	NextAt, ClaimedUntil   int64
	LastStatus             int
	LastAnswer, LastError  string
	CreatedAt, DoneAt      int64
}

const rowColumns = `id, provider_id, user_id, kind, idem_key, payload, state, attempts, next_at, claimed_until,
	last_status, last_answer, last_error, created_at, done_at`

func scanRow(r store.Scanner) (row, error) {
	var x row
	err := r.Scan(&x.ID, &x.ProviderID, &x.UserID, &x.Kind, &x.Key, &x.Payload, &x.State, &x.Attempts, &x.NextAt,
		&x.ClaimedUntil, &x.LastStatus, &x.LastAnswer, &x.LastError, &x.CreatedAt, &x.DoneAt)
	return x, err
}

func loadRow(ctx context.Context, q store.Querier, id int64) (row, error) {
	return scanRow(q.QueryRow(ctx, `SELECT `+rowColumns+` FROM billing_callbacks WHERE id = ?`, id))
}

// retried: the kind is tried again from the queue.
func retried(kind string) bool { return kind == KindPacket || kind == KindDelete }

// backoff is the wait after the n-th failed try.
func backoff(n int) int64 {
	d := int64(firstDelay)
	for i := 1; i < n && d < maxDelay; i++ {
		d *= 2
	}
	return min(d, maxDelay)
}

// enqueue stores a new callback of user about env; claimed: the caller
// sends it now (the worker leaves it alone meanwhile).
func (s *Service) enqueue(ctx context.Context, providerID int64, env envelope, claimed bool) (row, error) {
	now := s.now()
	env.CreatedAt = stamp(now)
	body, err := json.Marshal(env)
	if err != nil {
		return row{}, err
	}
	claim := int64(0)
	if claimed {
		claim = now + lease
	}
	id, err := store.InsertID(ctx, s.db, `INSERT INTO billing_callbacks (provider_id, kind, idem_key, user_id, payload,
		state, next_at, claimed_until, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		providerID, env.Type, env.ID, env.User.ID, string(body), statePending, now, claim, now)
	if err != nil {
		return row{}, err
	}
	return loadRow(ctx, s.db, id)
}

// claim takes the pending row id for one try, if no one holds it.
func (s *Service) claim(ctx context.Context, id int64) (bool, error) {
	now := s.now()
	res, err := s.db.Exec(ctx, `UPDATE billing_callbacks SET claimed_until = ? WHERE id = ? AND claimed_until <= ?
		AND state IN ('pending', 'failed')`, now+lease, id, now)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// outcome is what one try came to.
type outcome struct {
	state  string // delivered, refused, or pending/failed after a failure
	reply  reply
	status int
	err    string
}

// attempt sends the claimed row once and records the try and the row's new
// state (the lease let go).
func (s *Service) attempt(ctx context.Context, x row) (outcome, error) {
	set, err := settingsOf(ctx, s.db, x.ProviderID)
	if err != nil {
		return outcome{}, err
	}
	started := time.Now()
	var out outcome
	if !set.on() {
		out.err = "billing callbacks are off"
	} else if secret, err := s.staff.Open(set.Sealed); err != nil {
		out.err = "the secret does not open"
	} else {
		out = s.post(ctx, set.URL, secret, x)
	}
	took := time.Since(started).Milliseconds()
	now := s.now()
	attempts := x.Attempts + 1
	next, done := int64(0), now
	if out.state == "" {
		switch {
		case retried(x.Kind) && attempts < maxAttempts:
			out.state, next, done = statePending, now+backoff(attempts), 0
		default:
			out.state = stateFailed
		}
	}
	answer := ""
	if out.state == stateRefused {
		answer = out.reply.Reason
	} else if out.reply.Balance != nil {
		answer = strconv.FormatInt(*out.reply.Balance, 10) + " " + out.reply.Currency
	} else if out.state == stateDelivered {
		answer = "ok"
	}
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO billing_callback_attempts (callback_id, at, status, answer, error, duration_ms)
			VALUES (?, ?, ?, ?, ?, ?)`, x.ID, now, out.status, answer, out.err, took); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE billing_callbacks SET state = ?, attempts = ?, next_at = ?, claimed_until = 0,
			last_status = ?, last_answer = ?, last_error = ?, done_at = ? WHERE id = ?`,
			out.state, attempts, next, out.status, answer, out.err, done, x.ID)
		return err
	})
	if out.state == stateFailed && retried(x.Kind) {
		slog.WarnContext(ctx, "billing callback given up", "id", x.ID, "kind", x.Kind, "provider", x.ProviderID, "err", out.err)
	}
	return out, err
}

// post is one signed POST of x to url.
func (s *Service) post(ctx context.Context, url, secret string, x row) outcome {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	body := []byte(x.Payload)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return outcome{err: "bad address"}
	}
	ts := s.now()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Efir-Billing-Callbacks/1")
	req.Header.Set(HeaderKind, x.Kind)
	req.Header.Set(HeaderTimestamp, strconv.FormatInt(ts, 10))
	req.Header.Set(HeaderSignature, Sign(secret, ts, body))
	req.Header.Set(HeaderKey, x.Key)
	res, err := s.client.Do(req)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return outcome{err: "no answer in " + s.cfg.Timeout.String()}
		}
		return outcome{err: shorten(err.Error())}
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	out := outcome{status: res.StatusCode}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		out.err = shorten(fmt.Sprintf("status %d: %s", res.StatusCode, strings.TrimSpace(string(raw))))
		return out
	}
	var rp reply
	if len(bytes.TrimSpace(raw)) > 0 {
		if err := json.Unmarshal(raw, &rp); err != nil {
			out.err = "the answer is not JSON"
			return out
		}
	}
	out.reply = rp
	switch x.Kind {
	case KindAuth, KindPacket:
		if rp.Allow == nil {
			out.err = `the answer has no "allow"`
			return out
		}
		out.state = stateDelivered
		if !*rp.Allow {
			out.state = stateRefused
			out.reply.Reason = shorten(rp.Reason)
		}
	case KindBal:
		if rp.Balance == nil {
			out.err = `the answer has no "balance"`
			return out
		}
		out.state = stateDelivered
	default:
		out.state = stateDelivered
	}
	return out
}

func shorten(s string) string {
	if r := []rune(s); len(r) > 300 {
		return string(r[:300]) + "…"
	}
	return s
}

// RunOnce sends the due callbacks of every operator (at most 50) and
// answers how many it tried.
func (s *Service) RunOnce(ctx context.Context) (int, error) {
	now := s.now()
	var ids []int64
	err := store.Each(ctx, s.db, `SELECT id FROM billing_callbacks WHERE state = 'pending' AND next_at <= ?
		AND claimed_until <= ? ORDER BY next_at, id LIMIT 50`, []any{now, now}, func(r store.Scanner) error {
		var id int64
		err := r.Scan(&id)
		ids = append(ids, id)
		return err
	})
	if err != nil {
		return 0, err
	}
	tried := 0
	for _, id := range ids {
		if ctx.Err() != nil {
			break
		}
		ok, err := s.claim(ctx, id)
		if err != nil {
			return tried, err
		}
		if !ok {
			continue // another copy took it
		}
		x, err := loadRow(ctx, s.db, id)
		if err != nil {
			return tried, err
		}
		if _, err := s.deliver(ctx, x); err != nil {
			return tried, err
		}
		tried++
	}
	return tried, nil
}

// deliver tries a claimed row and, for a PACKET the billing allowed, makes
// the purchase (the viewer who asked may have had no answer in time).
func (s *Service) deliver(ctx context.Context, x row) (outcome, error) {
	out, err := s.attempt(ctx, x)
	if err != nil || x.Kind != KindPacket || out.state != stateDelivered || s.cfg.Granter == nil {
		return out, err
	}
	if c, ok := chargeOf(x); ok {
		s.noteBalance(ctx, x.ProviderID, x.UserID, out.reply, c.Currency)
		if _, gerr := s.cfg.Granter.GrantBilledPacket(ctx, c); gerr != nil {
			slog.InfoContext(ctx, "billing allowed a packet Efir could not grant", "callback", x.ID, "err", gerr)
		}
	}
	return out, nil
}

// chargeOf reads back the purchase a PACKET row asked for.
func chargeOf(x row) (commerce.PacketCharge, bool) {
	var env envelope
	if json.Unmarshal([]byte(x.Payload), &env) != nil || env.Packet == nil {
		return commerce.PacketCharge{}, false
	}
	p := env.Packet
	return commerce.PacketCharge{ProviderID: x.ProviderID, UserID: x.UserID, PacketID: p.ID, PacketName: p.Name,
		PeriodID: p.PeriodID, Months: p.Months, Amount: p.Amount, Currency: p.Currency, Trial: p.Trial, Key: p.Purchase}, true
}

// Run sends the queue until ctx ends, and prunes old callbacks hourly.
func (s *Service) Run(ctx context.Context) {
	tick := time.NewTicker(s.cfg.Poll)
	defer tick.Stop()
	var pruned time.Time
	for {
		if _, err := s.RunOnce(ctx); err != nil && ctx.Err() == nil {
			slog.ErrorContext(ctx, "billing callbacks failed", "err", err)
		}
		if time.Since(pruned) > time.Hour {
			pruned = time.Now()
			if err := s.Prune(ctx); err != nil && ctx.Err() == nil {
				slog.ErrorContext(ctx, "billing callbacks prune failed", "err", err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// Prune drops callbacks finished more than keepDays ago, with their tries.
func (s *Service) Prune(ctx context.Context) error {
	before := s.now() - keepDays*86400
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM billing_callback_attempts WHERE callback_id IN (SELECT id FROM
			billing_callbacks WHERE state <> 'pending' AND done_at > 0 AND done_at < ?)`, before); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM billing_callbacks WHERE state <> 'pending' AND done_at > 0 AND done_at < ?`, before)
		return err
	})
}
