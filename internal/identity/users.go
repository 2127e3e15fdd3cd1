package identity

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/mail"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
)

// ParentalPatch are the PIN fields of PATCH /v2/users/self; parental.go
// applies them (applyParentalPatch) inside the same transaction.
type ParentalPatch struct {
	Code        *string // new PIN
	CurrentCode *string // the PIN set now, needed to change it
	Status      *string // "ignore": the viewer declined the dialogue
}

func (p ParentalPatch) empty() bool { return p.Code == nil && p.CurrentCode == nil && p.Status == nil }

// looseString accepts a JSON string, number or null (httpx.Text): form-encoded
// bodies turn digits (a phone, a code, a numeric password) into numbers, and
// clients send app_version both ways.
type looseString = httpx.Text

// storedSettings is users.settings (JSON).
type storedSettings struct {
	ParentalChannels int      `json:"parentalChannels,omitempty"`
	Language         string   `json:"language,omitempty"`
	AudioLanguages   []string `json:"audio_languages,omitempty"`
	TextLanguages    []string `json:"text_languages,omitempty"`
}

// userRow is a users row as the API needs it.
type userRow struct {
	ID             int64
	ProviderID     int64
	Username       string
	Phone          string
	IsGuest        bool
	FirstName      string
	Email          string
	Timezone       string
	DateJoined     int64
	ReferID        string
	DeviceLimit    int
	ProviderUID    string
	Settings       storedSettings
	ParentalStatus string
}

func loadUserRow(ctx context.Context, q store.Querier, id int64) (*userRow, error) {
	var u userRow
	var phone, email *string
	var limit *int
	var settings string
	err := store.Get(ctx, q, `SELECT id, provider_id, username, phone, is_guest, first_name, email, timezone,
		date_joined, refer_id, device_limit, provider_uid, settings, parental_status FROM users WHERE id = ?`, []any{id},
		&u.ID, &u.ProviderID, &u.Username, &phone, &u.IsGuest, &u.FirstName, &email, &u.Timezone,
		&u.DateJoined, &u.ReferID, &limit, &u.ProviderUID, &settings, &u.ParentalStatus)
	if err != nil {
		return nil, err
	}
	if phone != nil {
		u.Phone = *phone
	}
	if email != nil {
		u.Email = *email
	}
	if limit != nil {
		u.DeviceLimit = *limit
	}
	_ = json.Unmarshal([]byte(settings), &u.Settings) // a broken blob reads as defaults
	return &u, nil
}

// deviceLimit is the user's own limit, else the provider's, else 5.
func deviceLimit(u *userRow, p *provider.Provider) int {
	switch {
	case u.DeviceLimit > 0:
		return u.DeviceLimit
	case p != nil && p.DeviceLimit > 0:
		return p.DeviceLimit
	}
	return 5
}

// userJSON builds the User answer.
func (s *Service) userJSON(ctx context.Context, q store.Querier, id int64, lang string) (*User, error) {
	u, err := loadUserRow(ctx, q, id)
	if err != nil {
		return nil, err
	}
	p, err := s.providers.ByID(ctx, u.ProviderID)
	if err != nil {
		return nil, err
	}
	accounts, err := accountsIn(ctx, q, id)
	if err != nil {
		return nil, err
	}
	out := &User{
		ID: u.ID, Username: u.Username, Phone: u.Phone, IsGuest: u.IsGuest, Timezone: u.Timezone,
		DateJoined: time.Unix(u.DateJoined, 0).UTC().Format(time.RFC3339), FirstName: u.FirstName,
		Email: u.Email, ParentalStatus: u.ParentalStatus, ReferID: u.ReferID,
		DeviceLimit: deviceLimit(u, p), ProviderUID: u.ProviderUID, Provider: s.providers.Info(p),
		Accounts: accounts,
		Settings: UserSettings{
			ParentalChannels: u.Settings.ParentalChannels, Language: u.Settings.Language,
			AudioLanguages: u.Settings.AudioLanguages, TextLanguages: u.Settings.TextLanguages,
		},
	}
	if out.Settings.ParentalChannels == 0 {
		out.Settings.ParentalChannels = 30
	}
	if out.Settings.AudioLanguages == nil {
		out.Settings.AudioLanguages = []string{}
	}
	if out.Settings.TextLanguages == nil {
		out.Settings.TextLanguages = []string{}
	}
	if u.ParentalStatus == "notset" && !u.IsGuest {
		out.ParentalDialogue = parentalDialogue(lang)
	}
	return out, nil
}

func parentalDialogue(lang string) *ParentalDialogue {
	return &ParentalDialogue{
		Title:   httpx.T(lang, "parental_dialogue_title"),
		Message: httpx.T(lang, "parental_dialogue_message"),
		Icon:    "lock",
		Buttons: []DialogueButton{
			{Label: httpx.T(lang, "parental_dialogue_set"), Action: "set", IsPrimary: true},
			{Label: httpx.T(lang, "parental_dialogue_skip"), Action: "skip"},
		},
	}
}

// newUser is what creating a user needs.
type newUser struct {
	ProviderID   int64
	Currency     string
	Username     string
	PasswordHash string // "" for none
	Phone        string // "" for none
	IsGuest      bool
	FirstName    string
	ReferID      string
	ProviderUID  string
	Lang         string // language of the default profile name
}

// maxProfileName is the longest profile name (as the profiles API allows).
const maxProfileName = 32

// createUser stores a user with one adult profile and one account.
func (s *Service) createUser(ctx context.Context, tx store.Querier, n newUser) (int64, error) {
	now := s.now().Unix()
	id, err := store.InsertID(ctx, tx, `INSERT INTO users (provider_id, username, password_hash, phone, is_guest,
		first_name, date_joined, refer_id, provider_uid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		n.ProviderID, strings.ToLower(n.Username), nullString(n.PasswordHash), nullString(n.Phone), n.IsGuest, n.FirstName, now,
		n.ReferID, n.ProviderUID)
	if err != nil {
		return 0, err
	}
	name := n.FirstName
	if r := []rune(name); len(r) > maxProfileName {
		name = string(r[:maxProfileName])
	}
	if name == "" {
		name = httpx.T(n.Lang, "profile_default_name")
	}
	if _, err := tx.Exec(ctx, "INSERT INTO profiles (user_id, name, role, created_at) VALUES (?, ?, 'adult', ?)",
		id, name, now); err != nil {
		return 0, err
	}
	currency := n.Currency
	if currency == "" {
		currency = "RUB"
	}
	if _, err := tx.Exec(ctx, "INSERT INTO accounts (user_id, currency) VALUES (?, ?)", id, currency); err != nil {
		return 0, err
	}
	return id, nil
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// getSelf answers GET /v2/users/self.
func (s *Service) getSelf(w http.ResponseWriter, r *http.Request) error {
	id := httpx.SessionFrom(r.Context()).UserID
	u, err := s.userJSON(r.Context(), s.db, id, httpx.Lang(r))
	if err != nil {
		return err
	}
	// Where the operator's billing keeps the money, its balance is the one
	// shown (asked here, outside any transaction).
	if u.Accounts, err = s.withBillingBalance(r.Context(), id, u.Accounts, nil); err != nil {
		return err
	}
	httpx.OK(w, u)
	return nil
}

// userPatch is the body of PATCH /v2/users/self.
type userPatch struct {
	FirstName *string `json:"first_name"`
	Email     *string `json:"email"`
	Settings  *struct {
		ParentalChannels *int      `json:"parentalChannels"`
		Language         *string   `json:"language"`
		AudioLanguages   *[]string `json:"audio_languages"`
		TextLanguages    *[]string `json:"text_languages"`
	} `json:"settings"`
	ParentalCode        *looseString `json:"parental_code"`
	CurrentParentalCode *looseString `json:"current_parental_code"`
	ParentalStatus      *string      `json:"parental_status"`
}

// patchSelf answers PATCH /v2/users/self. Every field is checked before
// anything is written. The PIN fields go first and outside the transaction
// of the rest: a wrong current PIN must stay counted as a failed try.
func (s *Service) patchSelf(w http.ResponseWriter, r *http.Request) error {
	var in userPatch
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	sess := httpx.SessionFrom(ctx)
	// A child profile may change its interface preferences, never the
	// account's name, e-mail or how long the PIN is remembered. Setting the
	// first PIN stays allowed (a parent often does it right after creating
	// the child profile), and changing one needs the current PIN anyway.
	accountChange := in.FirstName != nil || in.Email != nil || (in.Settings != nil && in.Settings.ParentalChannels != nil)
	if sess.ChildMode && accountChange {
		return httpx.Forbidden("error_child_profile_account")
	}
	// The account's data and the PIN's save time are settings the PIN
	// protects (action settings) when the device says so: the PIN's pass,
	// from POST /v2/users/self/parental_code/check, lets them through. The
	// viewer's language preferences are not.
	if accountChange {
		if err := s.parentalGate(ctx, sess, protectsSettings, ""); err != nil {
			return err
		}
	}
	var name, email *string
	if in.FirstName != nil {
		v := strings.TrimSpace(*in.FirstName)
		if !validName(v, 150) {
			return httpx.Invalid("first_name", "error_wrong_name")
		}
		name = &v
	}
	if in.Email != nil {
		v := strings.ToLower(strings.TrimSpace(*in.Email))
		if v != "" && !validEmail(v) {
			return httpx.Invalid("email", "error_wrong_email")
		}
		email = &v
	}
	if in.Settings != nil {
		var probe storedSettings // validation only; applied to the stored settings below
		if err := applySettings(&probe, in.Settings.ParentalChannels, in.Settings.Language,
			in.Settings.AudioLanguages, in.Settings.TextLanguages); err != nil {
			return err
		}
	}
	pp := ParentalPatch{Status: in.ParentalStatus}
	if in.ParentalCode != nil {
		c := in.ParentalCode.String()
		pp.Code = &c
	}
	if in.CurrentParentalCode != nil {
		c := in.CurrentParentalCode.String()
		pp.CurrentCode = &c
	}
	if email != nil && *email != "" {
		if err := s.checkEmailFree(ctx, s.db, sess.UserID, *email); err != nil {
			return err
		}
	}
	if !pp.empty() {
		if err := s.applyParentalPatch(ctx, s.db, sess.UserID, pp); err != nil {
			return err
		}
	}
	if name != nil || email != nil || in.Settings != nil {
		err := s.db.Tx(ctx, func(tx *store.Tx) error {
			u, err := loadUserRow(ctx, tx, sess.UserID)
			if err != nil {
				return err
			}
			if name != nil {
				u.FirstName = *name
			}
			if email != nil {
				u.Email = *email
			}
			if in.Settings != nil {
				if err := applySettings(&u.Settings, in.Settings.ParentalChannels, in.Settings.Language,
					in.Settings.AudioLanguages, in.Settings.TextLanguages); err != nil {
					return err
				}
			}
			settings, _ := json.Marshal(u.Settings)
			_, err = tx.Exec(ctx, "UPDATE users SET first_name = ?, email = ?, settings = ? WHERE id = ?",
				u.FirstName, nullString(u.Email), string(settings), u.ID)
			if errors.Is(err, store.ErrConflict) {
				return duplicateEmail() // a concurrent save took the address
			}
			return err
		})
		if err != nil {
			return err
		}
	}
	return s.getSelf(w, r)
}

// checkEmailFree answers duplicate_email when another user of the caller's
// provider has email.
func (s *Service) checkEmailFree(ctx context.Context, q store.Querier, userID int64, email string) error {
	var other int64
	err := store.Get(ctx, q, `SELECT o.id FROM users o JOIN users u ON u.provider_id = o.provider_id
		WHERE u.id = ? AND o.email = ? AND o.id <> u.id`, []any{userID, email}, &other)
	if err == nil {
		return duplicateEmail()
	}
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	return err
}

func duplicateEmail() error {
	return httpx.New(http.StatusBadRequest, "duplicate_email", "error_duplicate_email").
		WithDetail("email", "error_duplicate_email")
}

// applySettings validates and merges the given settings.
func applySettings(st *storedSettings, channels *int, lang *string, audio, text *[]string) error {
	if channels != nil {
		if *channels != 30 && *channels != 1 {
			return httpx.Invalid("settings.parentalChannels", "error_parental_channels")
		}
		st.ParentalChannels = *channels
	}
	if lang != nil {
		l := httpx.NormalizeLang(*lang)
		if l == "" && strings.TrimSpace(*lang) != "" {
			return httpx.Invalid("settings.language", "error_wrong_language")
		}
		st.Language = l
	}
	for _, f := range []struct {
		field string
		in    *[]string
		dst   *[]string
	}{{"settings.audio_languages", audio, &st.AudioLanguages}, {"settings.text_languages", text, &st.TextLanguages}} {
		if f.in == nil {
			continue
		}
		list, ok := cleanLanguageList(*f.in)
		if !ok {
			return httpx.Invalid(f.field, "error_wrong_language")
		}
		*f.dst = list
	}
	return nil
}

// cleanLanguageList accepts up to 20 track language codes (ISO 639-1 or -2,
// optionally with a region: "ru", "rus", "pt-BR"), lower-cased, deduplicated.
func cleanLanguageList(in []string) ([]string, bool) {
	if len(in) > 20 {
		return nil, false
	}
	out := make([]string, 0, len(in))
	seen := map[string]bool{}
	for _, l := range in {
		l = strings.ToLower(strings.TrimSpace(l))
		if len(l) < 2 || len(l) > 10 {
			return nil, false
		}
		for _, c := range l {
			if (c < 'a' || c > 'z') && c != '-' {
				return nil, false
			}
		}
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out, true
}

// validName: printable, at most max runes.
func validName(s string, max int) bool {
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > max {
		return false
	}
	for _, c := range s {
		if !unicode.IsPrint(c) {
			return false
		}
	}
	return true
}

// validEmail accepts a plain ASCII address user@domain.tld (no display name,
// no IDN: the client refuses Cyrillic input too).
func validEmail(s string) bool {
	if len(s) > 254 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f {
			return false
		}
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Name != "" || a.Address != s {
		return false
	}
	local, domain, ok := strings.Cut(s, "@")
	if !ok || local == "" || len(local) > 64 || strings.Contains(domain, "@") {
		return false
	}
	labels := strings.Split(domain, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for i := 0; i < len(l); i++ {
			c := l[i]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

// itoa is strconv.FormatInt for ids in messages and details.
func itoa(n int64) string { return strconv.FormatInt(n, 10) }
