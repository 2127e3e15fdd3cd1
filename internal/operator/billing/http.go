package billing

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// The console's part (permission integrations.write, for reading too): the
// callback address and secret, and the log of callbacks with a resend.

// Register mounts the console's calls.
func (s *Service) Register(mux *http.ServeMux) {
	g := func(pattern string, h httpx.Handler) {
		mux.Handle(pattern, s.staff.Guard(operator.PermIntegrationsW, h))
	}
	g("GET /v2/operator/integrations/billing", s.handleSettings)
	g("PATCH /v2/operator/integrations/billing", s.handleSaveSettings)
	g("POST /v2/operator/integrations/billing/secret", s.handleRotateSecret)
	g("GET /v2/operator/integrations/callbacks", s.handleCallbacks)
	g("POST /v2/operator/integrations/callbacks/{id}/resend", s.handleResend)
}

// Settings are the callback settings as the console shows them (never the
// secret).
type Settings struct {
	URL          string  `json:"url"`
	Enabled      bool    `json:"enabled"`
	AuthFailOpen bool    `json:"auth_fail_open"`
	HasSecret    bool    `json:"has_secret"`
	UpdatedAt    *string `json:"updated_at"`
}

func (x settings) view() Settings {
	return Settings{URL: x.URL, Enabled: x.Enabled, AuthFailOpen: x.AuthFailOpen, HasSecret: x.Sealed != "",
		UpdatedAt: stampOrNil(x.UpdatedAt)}
}

// withSecret answers a save that made a secret, or a rotation: the secret,
// this once.
type withSecret struct {
	Settings
	Secret string `json:"secret,omitempty"`
}

func (s *Service) handleSettings(w http.ResponseWriter, r *http.Request) error {
	x, err := settingsOf(r.Context(), s.db, operator.ProviderOf(r))
	if err != nil {
		return err
	}
	httpx.OK(w, x.view())
	return nil
}

type saveBody struct {
	URL          *string `json:"url"`
	Enabled      *bool   `json:"enabled"`
	AuthFailOpen *bool   `json:"auth_fail_open"`
}

const maxURL = 500

func checkURL(raw string) bool {
	if raw == "" {
		return true
	}
	if utf8.RuneCountInString(raw) > maxURL || strings.ContainsAny(raw, " \t\r\n") {
		return false
	}
	u, err := url.Parse(raw)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.User == nil
}

// handleSaveSettings saves the address and switches; the first save makes
// the secret and answers it.
func (s *Service) handleSaveSettings(w http.ResponseWriter, r *http.Request) error {
	var b saveBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	ctx := r.Context()
	pid := operator.ProviderOf(r)
	var out withSecret
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		before, err := settingsOf(ctx, tx, pid)
		if err != nil {
			return err
		}
		after := before
		if b.URL != nil {
			after.URL = strings.TrimSpace(*b.URL)
		}
		if b.Enabled != nil {
			after.Enabled = *b.Enabled
		}
		if b.AuthFailOpen != nil {
			after.AuthFailOpen = *b.AuthFailOpen
		}
		if !checkURL(after.URL) {
			return httpx.Invalid("url", "billing_cb_url_invalid")
		}
		if after.Enabled && after.URL == "" {
			return httpx.Invalid("url", "billing_cb_url_required")
		}
		if after.Sealed == "" {
			if out.Secret, after.Sealed, err = s.makeSecret(); err != nil {
				return err
			}
		}
		after.UpdatedAt = s.now()
		if err := saveSettings(ctx, tx, after); err != nil {
			return err
		}
		out.Settings = after.view()
		return s.staff.Audit(ctx, tx, r, "billing.settings", "billing_settings", pid, auditView(before), auditView(after))
	})
	if err != nil {
		return err
	}
	s.forgetBalances()
	httpx.OK(w, out)
	return nil
}

// auditView is the settings in the audit log: no secret, and nothing while
// there were none.
func auditView(x settings) any {
	if x.UpdatedAt == 0 && x.Sealed == "" {
		return nil
	}
	return x.view()
}

func (s *Service) makeSecret() (plain, sealed string, err error) {
	if plain, err = newSecret(); err != nil {
		return "", "", err
	}
	sealed, err = s.staff.Seal(plain)
	return plain, sealed, err
}

func saveSettings(ctx context.Context, tx *store.Tx, x settings) error {
	_, err := tx.Exec(ctx, `INSERT INTO billing_settings (provider_id, url, secret_sealed, enabled, auth_fail_open, updated_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (provider_id) DO UPDATE SET url = excluded.url,
		secret_sealed = excluded.secret_sealed, enabled = excluded.enabled, auth_fail_open = excluded.auth_fail_open,
		updated_at = excluded.updated_at`, x.ProviderID, x.URL, x.Sealed, x.Enabled, x.AuthFailOpen, x.UpdatedAt)
	return err
}

// handleRotateSecret makes a new secret at once (the old one stops signing)
// and answers it, the only time it is shown.
func (s *Service) handleRotateSecret(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	pid := operator.ProviderOf(r)
	var out withSecret
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		before, err := settingsOf(ctx, tx, pid)
		if err != nil {
			return err
		}
		after := before
		if out.Secret, after.Sealed, err = s.makeSecret(); err != nil {
			return err
		}
		after.UpdatedAt = s.now()
		if err := saveSettings(ctx, tx, after); err != nil {
			return err
		}
		out.Settings = after.view()
		return s.staff.Audit(ctx, tx, r, "billing.secret_rotate", "billing_settings", pid, auditView(before), auditView(after))
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

func (s *Service) forgetBalances() {
	s.mu.Lock()
	clear(s.balance)
	s.mu.Unlock()
}

// Callback is one callback as the console lists it, with its tries (the
// newest first).
type Callback struct {
	ID         int64     `json:"id"`
	Kind       string    `json:"kind"`
	State      string    `json:"state"`
	UserID     int64     `json:"user_id"`
	Key        string    `json:"idempotency_key"`
	Attempts   int       `json:"attempts"`
	CreatedAt  string    `json:"created_at"`
	NextAt     *string   `json:"next_at"`
	DoneAt     *string   `json:"done_at"`
	LastStatus int       `json:"last_status"`
	LastAnswer string    `json:"last_answer"`
	LastError  string    `json:"last_error"`
	Payload    string    `json:"payload"`
	Resendable bool      `json:"resendable"`
	Tries      []Attempt `json:"tries"`
}

// Attempt is one try of a callback.
type Attempt struct {
	At         string `json:"at"`
	Status     int    `json:"status"`
	Answer     string `json:"answer"`
	Error      string `json:"error"`
	DurationMS int64  `json:"duration_ms"`
}

// resendable: a queued kind not delivered yet.
func (x row) resendable() bool {
	return retried(x.Kind) && (x.State == statePending || x.State == stateFailed)
}

func (x row) view() Callback {
	c := Callback{ID: x.ID, Kind: x.Kind, State: x.State, UserID: x.UserID, Key: x.Key, Attempts: x.Attempts,
		CreatedAt: stamp(x.CreatedAt), DoneAt: stampOrNil(x.DoneAt), LastStatus: x.LastStatus, LastAnswer: x.LastAnswer,
		LastError: x.LastError, Payload: x.Payload, Resendable: x.resendable(), Tries: []Attempt{}}
	if x.State == statePending {
		c.NextAt = stampOrNil(x.NextAt)
	}
	return c
}

var (
	kinds  = []string{KindAuth, KindPacket, KindDelete, KindBal}
	states = []string{statePending, stateDelivered, stateRefused, stateFailed}
)

func oneOf(v string, list []string) bool {
	for _, x := range list {
		if v == x {
			return true
		}
	}
	return false
}

// handleCallbacks lists the operator's callbacks, the newest first; kind
// and state filter.
func (s *Service) handleCallbacks(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	where, args := `provider_id = ?`, []any{operator.ProviderOf(r)}
	if k := q.Get("kind"); k != "" {
		if !oneOf(k, kinds) {
			return httpx.Invalid("kind", "billing_cb_filter_invalid")
		}
		where, args = where+` AND kind = ?`, append(args, k)
	}
	if st := q.Get("state"); st != "" {
		if !oneOf(st, states) {
			return httpx.Invalid("state", "billing_cb_filter_invalid")
		}
		where, args = where+` AND state = ?`, append(args, st)
	}
	ctx := r.Context()
	list := []Callback{}
	at := map[int64]int{}
	err = store.Each(ctx, s.db, `SELECT `+rowColumns+` FROM billing_callbacks WHERE `+where+` ORDER BY id DESC LIMIT ? OFFSET ?`,
		append(args, limit, offset), func(sc store.Scanner) error {
			x, err := scanRow(sc)
			at[x.ID] = len(list)
			list = append(list, x.view())
			return err
		})
	if err != nil {
		return err
	}
	if err := s.withTries(ctx, list, at); err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

// withTries fills the tries of the listed callbacks.
func (s *Service) withTries(ctx context.Context, list []Callback, at map[int64]int) error {
	if len(list) == 0 {
		return nil
	}
	ids := make([]any, 0, len(list))
	for _, c := range list {
		ids = append(ids, c.ID)
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")
	return store.Each(ctx, s.db, `SELECT callback_id, at, status, answer, error, duration_ms FROM billing_callback_attempts
		WHERE callback_id IN (`+marks+`) ORDER BY id DESC`, ids, func(sc store.Scanner) error {
		var id, when int64
		var a Attempt
		if err := sc.Scan(&id, &when, &a.Status, &a.Answer, &a.Error, &a.DurationMS); err != nil {
			return err
		}
		a.At = stamp(when)
		i := at[id]
		list[i].Tries = append(list[i].Tries, a)
		return nil
	})
}

// handleResend tries a pending or given-up PACKET or DELETE_SUBSCRIPTION
// now and answers it as it stands after the try.
func (s *Service) handleResend(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx := r.Context()
	x, err := scanRow(s.db.QueryRow(ctx, `SELECT `+rowColumns+` FROM billing_callbacks WHERE id = ? AND provider_id = ?`,
		id, operator.ProviderOf(r)))
	if errors.Is(store.MapErr(err), store.ErrNotFound) {
		return httpx.NotFound()
	}
	if err != nil {
		return err
	}
	if !x.resendable() {
		return httpx.New(http.StatusConflict, httpx.TypeConflict, "billing_cb_not_resendable")
	}
	ok, err := s.claim(ctx, x.ID)
	if err != nil {
		return err
	}
	if !ok {
		return httpx.New(http.StatusConflict, httpx.TypeConflict, "billing_cb_busy")
	}
	if _, err := s.deliver(ctx, x); err != nil {
		return err
	}
	after, err := loadRow(ctx, s.db, x.ID)
	if err != nil {
		return err
	}
	type mark struct {
		State    string `json:"state"`
		Attempts int    `json:"attempts"`
	}
	if err := s.staff.Audit(ctx, s.db, r, "billing_callback.resend", "billing_callback", x.ID,
		mark{x.State, x.Attempts}, mark{after.State, after.Attempts}); err != nil {
		return err
	}
	list := []Callback{after.view()}
	if err := s.withTries(ctx, list, map[int64]int{after.ID: 0}); err != nil {
		return err
	}
	httpx.OK(w, list[0])
	return nil
}
