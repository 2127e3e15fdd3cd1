package identity

import (
	"context"
	"errors"
	"strings"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
)

// Bulk import of an operator's subscribers (the console's CSV import): every
// row is checked against the file and the store first, and the rows are
// written only when none has a problem, all in one transaction.

// ImportRow is one subscriber of an import, with its line in the file. ID
// set: that subscriber is changed. Otherwise the row changes the subscriber
// with its provider_uid, else its phone, else its login, and registers a new
// one when there is none. Fields left nil (empty cells) stay as they are.
type ImportRow struct {
	Line   int
	ID     int64
	Fields SubscriberFields
}

// ImportProblem is why a row cannot be imported: the field and the message
// key of the error.
type ImportProblem struct {
	Line  int
	Field string
	Key   string
}

// ImportPlan is what an import does (or did): how many subscribers it
// registers and changes, and the problems found (all of them, in line order).
type ImportPlan struct {
	Create, Update int
	Problems       []ImportProblem
}

// maxImportProblems bounds the problems reported: past them the file needs
// fixing anyway.
const maxImportProblems = 500

// importTarget is a checked row: its values and the subscriber it changes (0:
// a new one).
type importTarget struct {
	line int
	id   int64
	v    subscriberValues
}

// importIndex is the operator's subscribers by each key an import matches
// on, and the logins taken by anybody (logins are unique across operators).
type importIndex struct {
	ids                    map[int64]bool
	uid, phone, email, own map[string]int64
}

func loadImportIndex(ctx context.Context, q store.Querier, providerID int64) (*importIndex, error) {
	ix := &importIndex{ids: map[int64]bool{}, uid: map[string]int64{}, phone: map[string]int64{}, email: map[string]int64{},
		own: map[string]int64{}}
	err := store.Each(ctx, q, `SELECT id, username, COALESCE(phone, ''), COALESCE(email, ''), provider_uid FROM users
		WHERE provider_id = ? AND is_guest = FALSE`, []any{providerID}, func(r store.Scanner) error {
		var id int64
		var login, phone, email, uid string
		if err := r.Scan(&id, &login, &phone, &email, &uid); err != nil {
			return err
		}
		ix.ids[id], ix.own[login] = true, id
		for _, k := range []struct {
			m map[string]int64
			v string
		}{{ix.phone, phone}, {ix.email, email}, {ix.uid, uid}} {
			if k.v != "" {
				k.m[k.v] = id
			}
		}
		return nil
	})
	return ix, err
}

// loginsTaken are those of logins held by users outside the operator's
// subscribers (another operator's, or a guest's).
func loginsTaken(ctx context.Context, q store.Querier, providerID int64, logins []string) (map[string]bool, error) {
	taken := map[string]bool{}
	for start := 0; start < len(logins); start += 500 {
		chunk := logins[start:min(start+500, len(logins))]
		args := []any{providerID}
		for _, l := range chunk {
			args = append(args, l)
		}
		err := store.Each(ctx, q, `SELECT username FROM users WHERE (provider_id <> ? OR is_guest = TRUE) AND username IN (`+
			strings.TrimSuffix(strings.Repeat("?, ", len(chunk)), ", ")+`)`, args, func(r store.Scanner) error {
			var l string
			err := r.Scan(&l)
			taken[l] = true
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return taken, nil
}

// ImportSubscribers checks rows for the operator and, when apply is set and
// no row has a problem, writes them all in one transaction.
func (s *Service) ImportSubscribers(ctx context.Context, providerID int64, rows []ImportRow, apply bool, lang string) (ImportPlan, error) {
	p, err := s.providers.ByID(ctx, providerID)
	if err != nil {
		return ImportPlan{}, err
	}
	var plan ImportPlan
	var targets []importTarget
	check := func(q store.Querier) error {
		plan, targets, err = s.planImport(ctx, q, p, rows)
		return err
	}
	if !apply {
		return plan, check(s.db)
	}
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := check(tx); err != nil || len(plan.Problems) > 0 {
			return err
		}
		var fresh []importTarget
		for _, t := range targets {
			if t.id == 0 {
				fresh = append(fresh, t)
			} else if err := s.applyFields(ctx, tx, t.id, t.v); err != nil {
				return err
			}
		}
		for start := 0; start < len(fresh); start += importBatch {
			if err := s.importNew(ctx, tx, providerID, p.Currency.ISOCode, lang, fresh[start:min(start+importBatch, len(fresh))]); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, store.ErrConflict) {
		err = httpx.New(409, httpx.TypeConflict, "error_conflict")
	}
	return plan, err
}

// planImport checks every row: its fields, the subscriber it changes, and
// that no two rows, nor a row and another subscriber, hold one login, phone,
// e-mail or operator's id.
func (s *Service) planImport(ctx context.Context, q store.Querier, p *provider.Provider, rows []ImportRow) (ImportPlan, []importTarget, error) {
	var plan ImportPlan
	ix, err := loadImportIndex(ctx, q, p.ID)
	if err != nil {
		return plan, nil, err
	}
	problem := func(line int, field, key string) {
		if len(plan.Problems) < maxImportProblems {
			plan.Problems = append(plan.Problems, ImportProblem{Line: line, Field: field, Key: key})
		}
	}
	targets := make([]importTarget, 0, len(rows))
	// Who holds each key after the import: the file's rows claim keys for
	// their subscriber (a new one is -line).
	holder := map[string]int64{}
	var logins []string
	for _, row := range rows {
		v, err := checkFields(row.Fields, p)
		if err != nil {
			var he *httpx.Error
			if !errors.As(err, &he) {
				return plan, nil, err
			}
			for field, key := range he.Detail {
				problem(row.Line, field, key)
			}
			continue
		}
		t := importTarget{line: row.Line, id: row.ID, v: v}
		switch {
		case row.ID != 0:
			if !ix.ids[row.ID] {
				problem(row.Line, "id", "error_subscriber_not_found")
				continue
			}
		case deref(v.ProviderUID) != "" && ix.uid[*v.ProviderUID] != 0:
			t.id = ix.uid[*v.ProviderUID]
		case deref(v.Phone) != "" && ix.phone[*v.Phone] != 0:
			t.id = ix.phone[*v.Phone]
		case deref(v.Username) != "" && ix.own[*v.Username] != 0:
			t.id = ix.own[*v.Username]
		}
		if t.id == 0 && deref(v.Username) == "" && deref(v.Phone) == "" {
			problem(row.Line, "username", "error_login_or_phone_required")
			continue
		}
		self := t.id
		if self == 0 {
			self = -int64(row.Line)
		}
		ok := true
		for _, k := range []struct {
			field, kind string
			v           *string
			existing    map[string]int64
			taken       string
		}{
			{"username", "l", v.Username, ix.own, "error_username_taken"},
			{"phone", "p", v.Phone, ix.phone, "error_phone_taken"},
			{"email", "e", v.Email, ix.email, "error_duplicate_email"},
			{"provider_uid", "u", v.ProviderUID, ix.uid, "error_provider_uid_taken"},
		} {
			if deref(k.v) == "" {
				continue
			}
			key := k.kind + ":" + *k.v
			if other, seen := holder[key]; seen && other != self {
				problem(row.Line, k.field, k.taken)
				ok = false
				continue
			}
			if other := k.existing[*k.v]; other != 0 && other != self {
				problem(row.Line, k.field, k.taken)
				ok = false
				continue
			}
			holder[key] = self
		}
		if !ok {
			continue
		}
		if t.id == 0 && deref(v.Username) == "" {
			// A new subscriber without a login gets the phone as one.
			login := *v.Phone
			v.Username = &login
			t.v = v
		}
		if t.id == 0 || v.Username != nil {
			logins = append(logins, *t.v.Username)
		}
		if t.id == 0 {
			plan.Create++
		} else {
			plan.Update++
		}
		targets = append(targets, t)
	}
	taken, err := loginsTaken(ctx, q, p.ID, logins)
	if err != nil {
		return plan, nil, err
	}
	for _, t := range targets {
		if t.v.Username != nil && taken[*t.v.Username] {
			problem(t.line, "username", "error_username_taken")
		}
	}
	sortProblems(plan.Problems)
	return plan, targets, nil
}

// importBatch new subscribers are written a statement at a time.
const importBatch = 200

// importNew registers checked rows' new subscribers as createUser would (the
// user, an adult profile, an account), a batch in a few statements.
func (s *Service) importNew(ctx context.Context, tx *store.Tx, providerID int64, currency, lang string, batch []importTarget) error {
	now := s.now().Unix()
	if currency == "" {
		currency = "RUB"
	}
	args := make([]any, 0, len(batch)*12)
	logins := make([]any, 0, len(batch))
	for _, t := range batch {
		v := t.v
		var limit any
		if v.DeviceLimit != nil && *v.DeviceLimit > 0 {
			limit = *v.DeviceLimit
		}
		blocked := int64(0)
		if v.Active != nil && !*v.Active {
			blocked = now
		}
		login := strings.ToLower(deref(v.Username))
		logins = append(logins, login)
		args = append(args, providerID, login, nullString(deref(v.Phone)), nullString(deref(v.Email)), deref(v.FirstName),
			deref(v.LastName), deref(v.ProviderUID), deref(v.Comment), limit, blocked, now, "")
	}
	if _, err := tx.Exec(ctx, `INSERT INTO users (provider_id, username, phone, email, first_name, last_name, provider_uid,
		comment, device_limit, blocked_at, date_joined, refer_id) VALUES `+store.Placeholders(len(batch), 12), args...); err != nil {
		return err
	}
	ids := make(map[string]int64, len(batch))
	err := store.Each(ctx, tx, `SELECT id, username FROM users WHERE username IN (`+
		strings.TrimSuffix(strings.Repeat("?, ", len(logins)), ", ")+`)`, logins, func(r store.Scanner) error {
		var id int64
		var login string
		err := r.Scan(&id, &login)
		ids[login] = id
		return err
	})
	if err != nil {
		return err
	}
	profiles, accounts := make([]any, 0, len(batch)*4), make([]any, 0, len(batch)*2)
	for i, t := range batch {
		id := ids[logins[i].(string)]
		name := deref(t.v.FirstName)
		if r := []rune(name); len(r) > maxProfileName {
			name = string(r[:maxProfileName])
		}
		if name == "" {
			name = httpx.T(lang, "profile_default_name")
		}
		profiles = append(profiles, id, name, "adult", now)
		accounts = append(accounts, id, currency)
	}
	if _, err := tx.Exec(ctx, "INSERT INTO profiles (user_id, name, role, created_at) VALUES "+
		store.Placeholders(len(batch), 4), profiles...); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, "INSERT INTO accounts (user_id, currency) VALUES "+store.Placeholders(len(batch), 2), accounts...)
	return err
}

func sortProblems(ps []ImportProblem) {
	// Rows are checked in file order and the login check comes last: a
	// stable insertion sort keeps the few late ones in their place.
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && ps[j].Line < ps[j-1].Line; j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}

// Trimmed is a CSV cell as a field: nil for an empty cell (left as it is).
func Trimmed(cell string) *string {
	t := strings.TrimSpace(cell)
	if t == "" {
		return nil
	}
	return &t
}
