package identity

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Profiles: every user has 1 to maxProfiles viewer profiles, adult or child.
// The active profile belongs to a device (and its tokens); switching to an
// adult profile, or editing one, goes through the parental gate (action
// "profile") so that a child cannot leave a child profile without the PIN.

const (
	maxProfiles       = 5
	maxProfileNameLen = 32

	profileRoleAdult = "adult"
	profileRoleChild = "child"
)

const profileColumns = "id, name, role, icon_avatar_id, type"

func scanProfile(sc interface{ Scan(...any) error }) (*Profile, error) {
	var p Profile
	if err := sc.Scan(&p.ID, &p.Name, &p.Role, &p.IconAvatarID, &p.Type); err != nil {
		return nil, store.MapErr(err)
	}
	p.Icon = avatarIconURL(p.IconAvatarID)
	return &p, nil
}

// loadProfile reads a profile of userID; another user's profile is
// store.ErrNotFound (404), so its existence is never revealed.
func loadProfile(ctx context.Context, q store.Querier, userID, id int64) (*Profile, error) {
	return scanProfile(q.QueryRow(ctx, "SELECT "+profileColumns+" FROM profiles WHERE id = ? AND user_id = ?", id, userID))
}

// profilesOf lists the user's profiles, oldest first.
func profilesOf(ctx context.Context, q store.Querier, userID int64) ([]Profile, error) {
	rows, err := q.Query(ctx, "SELECT "+profileColumns+" FROM profiles WHERE user_id = ? ORDER BY id", userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Profile{}
	for rows.Next() {
		p, err := scanProfile(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *p)
	}
	return out, store.MapErr(rows.Err())
}

// lockUserRow serialises changes of one user's profiles (the count check of
// create and delete). SQLite transactions already run one at a time; on
// PostgreSQL this no-op UPDATE takes the user's row lock, which is portable
// where SELECT ... FOR UPDATE is not.
func lockUserRow(ctx context.Context, tx store.Querier, userID int64) error {
	res, err := tx.Exec(ctx, "UPDATE users SET id = id WHERE id = ?", userID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// cleanProfileName trims a profile name and checks it: required, at most
// maxProfileNameLen characters, printable.
func cleanProfileName(name string) (string, *httpx.Error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", httpx.Invalid("name", "error_required")
	case utf8.RuneCountInString(name) > maxProfileNameLen:
		return "", httpx.Invalid("name", "error_profile_name_long")
	case !validName(name, maxProfileNameLen):
		return "", httpx.Invalid("name", "error_profile_name_invalid")
	}
	return name, nil
}

func cleanProfileRole(role string) (string, *httpx.Error) {
	switch r := strings.ToLower(strings.TrimSpace(role)); r {
	case profileRoleAdult, profileRoleChild:
		return r, nil
	}
	return "", httpx.Invalid("role", "error_profile_role")
}

// profileInput is the body of POST and PATCH /v2/users/self/profiles.
type profileInput struct {
	Name         *string      `json:"name"`
	Role         *string      `json:"role"`
	IconAvatarID *int         `json:"icon_avatar_id"`
	ParentalCode *looseString `json:"parental_code"`
}

func (in *profileInput) code() string {
	if in.ParentalCode == nil {
		return ""
	}
	return in.ParentalCode.String()
}

// apply validates the given fields onto p.
func (in *profileInput) apply(p *Profile) error {
	if in.Name != nil {
		name, err := cleanProfileName(*in.Name)
		if err != nil {
			return err
		}
		p.Name = name
	}
	if in.Role != nil {
		role, err := cleanProfileRole(*in.Role)
		if err != nil {
			return err
		}
		p.Role = role
	}
	if in.IconAvatarID != nil {
		if !validAvatar(*in.IconAvatarID) {
			return httpx.Invalid("icon_avatar_id", "error_profile_avatar")
		}
		p.IconAvatarID = *in.IconAvatarID
	}
	p.Icon = avatarIconURL(p.IconAvatarID)
	return nil
}

// handleListProfiles answers GET /v2/users/self/profiles.
func (s *Service) handleListProfiles(w http.ResponseWriter, r *http.Request) error {
	list, err := profilesOf(r.Context(), s.db, httpx.SessionFrom(r.Context()).UserID)
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

// handleCreateProfile answers POST /v2/users/self/profiles. A profile without
// a chosen avatar gets a random one; the sixth profile is refused.
func (s *Service) handleCreateProfile(w http.ResponseWriter, r *http.Request) error {
	var in profileInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if in.Name == nil {
		return httpx.Invalid("name", "error_required")
	}
	p := Profile{Role: profileRoleAdult, Type: "regular", IconAvatarID: randomAvatar()}
	if err := in.apply(&p); err != nil {
		return err
	}
	ctx := r.Context()
	sess := httpx.SessionFrom(ctx)
	// An adult profile made from a child profile is a way out of it in the
	// making: the same parental gate as switching to one.
	if sess.ChildMode && p.Role == profileRoleAdult {
		if err := s.parentalGate(ctx, sess, protectsProfiles, in.code()); err != nil {
			return err
		}
	}
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := lockUserRow(ctx, tx, sess.UserID); err != nil {
			return err
		}
		var n int
		if err := store.Get(ctx, tx, "SELECT COUNT(*) FROM profiles WHERE user_id = ?", []any{sess.UserID}, &n); err != nil {
			return err
		}
		if n >= maxProfiles {
			return httpx.BadRequest("error_profile_limit", maxProfiles)
		}
		var err error
		p.ID, err = store.InsertID(ctx, tx, `INSERT INTO profiles (user_id, name, role, icon_avatar_id, type, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, sess.UserID, p.Name, p.Role, p.IconAvatarID, p.Type, s.now().Unix())
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, p)
	return nil
}

// handlePatchProfile answers PATCH /v2/users/self/profiles/{id}. Editing an
// adult profile, or making a child profile adult, needs the parental gate.
func (s *Service) handlePatchProfile(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var in profileInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	sess := httpx.SessionFrom(ctx)
	p, err := loadProfile(ctx, s.db, sess.UserID, id)
	if err != nil {
		return err
	}
	wasAdult := p.Role == profileRoleAdult
	if err := in.apply(p); err != nil {
		return err
	}
	if wasAdult || p.Role == profileRoleAdult {
		if err := s.parentalGate(ctx, sess, protectsProfiles, in.code()); err != nil {
			return err
		}
	}
	res, err := s.db.Exec(ctx, "UPDATE profiles SET name = ?, role = ?, icon_avatar_id = ? WHERE id = ? AND user_id = ?",
		p.Name, p.Role, p.IconAvatarID, id, sess.UserID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound // deleted meanwhile
	}
	httpx.OK(w, p)
	return nil
}

// handleDeleteProfile answers DELETE /v2/users/self/profiles/{id}. The
// profile active on the caller's device and the user's last profile cannot be
// deleted; deleting an adult profile is an edit of it (parental gate, the code
// in the body or the parental_code query parameter). Other devices that had
// the profile active move to a remaining one, of the same role when there is
// one, so a child's device does not silently become adult.
func (s *Service) handleDeleteProfile(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var in profileInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	code := in.code()
	if code == "" {
		code = strings.TrimSpace(r.URL.Query().Get("parental_code"))
	}
	ctx := r.Context()
	sess := httpx.SessionFrom(ctx)
	p, err := loadProfile(ctx, s.db, sess.UserID, id)
	if err != nil {
		return err
	}
	if id == sess.ProfileID {
		return httpx.Forbidden("error_profile_active")
	}
	if p.Role == profileRoleAdult {
		if err := s.parentalGate(ctx, sess, protectsProfiles, code); err != nil {
			return err
		}
	}
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := lockUserRow(ctx, tx, sess.UserID); err != nil {
			return err
		}
		var next int64
		err := store.Get(ctx, tx, `SELECT id FROM profiles WHERE user_id = ? AND id <> ?
			ORDER BY CASE WHEN role = ? THEN 0 ELSE 1 END, id LIMIT 1`, []any{sess.UserID, id, p.Role}, &next)
		if errors.Is(err, store.ErrNotFound) {
			return httpx.Forbidden("error_profile_last")
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE tokens SET profile_id = ? WHERE profile_id = ? AND user_id = ?",
			next, id, sess.UserID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE devices SET profile_id = ? WHERE profile_id = ? AND user_id = ?",
			next, id, sess.UserID); err != nil {
			return err
		}
		res, err := tx.Exec(ctx, "DELETE FROM profiles WHERE id = ? AND user_id = ?", id, sess.UserID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return store.ErrNotFound
		}
		return nil
	})
	if err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

// activeProfile is the profile of the session: the token's, else the
// device's, else the user's first.
func activeProfile(ctx context.Context, q store.Querier, sess *httpx.Session) (*Profile, error) {
	if sess.ProfileID != 0 {
		p, err := loadProfile(ctx, q, sess.UserID, sess.ProfileID)
		if !errors.Is(err, store.ErrNotFound) {
			return p, err
		}
	}
	id, err := deviceProfile(ctx, q, sess.UserID, sess.DeviceID)
	if err != nil {
		return nil, err
	}
	if id == 0 {
		return nil, store.ErrNotFound
	}
	return loadProfile(ctx, q, sess.UserID, id)
}

// handleGetActiveProfile answers GET /v2/users/self/profile.
func (s *Service) handleGetActiveProfile(w http.ResponseWriter, r *http.Request) error {
	p, err := activeProfile(r.Context(), s.db, httpx.SessionFrom(r.Context()))
	if err != nil {
		return err
	}
	httpx.OK(w, p)
	return nil
}

// profileSwitch is the body of POST /v2/users/self/profile.
type profileSwitch struct {
	ProfileID    looseString `json:"profile_id"`
	ParentalCode looseString `json:"parental_code"`
}

// handleSwitchProfile answers POST /v2/users/self/profile: the device (and
// its tokens) switch to another profile of the user. An adult target needs
// the parental gate; a child target never does, and it ends the token's PIN
// pass, so a child handed the device cannot use the adult's pass to switch
// back.
func (s *Service) handleSwitchProfile(w http.ResponseWriter, r *http.Request) error {
	var in profileSwitch
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	raw := in.ProfileID.String()
	if raw == "" {
		return httpx.Invalid("profile_id", "error_required")
	}
	id, ok := parseID(raw)
	if !ok {
		return httpx.Invalid("profile_id", "error_wrong_number")
	}
	ctx := r.Context()
	sess := httpx.SessionFrom(ctx)
	p, err := loadProfile(ctx, s.db, sess.UserID, id)
	if err != nil {
		return err
	}
	if p.Role == profileRoleAdult && id != sess.ProfileID {
		if err := s.parentalGate(ctx, sess, protectsProfiles, in.ParentalCode.String()); err != nil {
			return err
		}
	}
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := s.setActiveProfile(ctx, tx, sess.TokenID, sess.DeviceID, id); err != nil {
			return err
		}
		if p.Role != profileRoleChild {
			return nil
		}
		if sess.DeviceID != 0 {
			_, err := tx.Exec(ctx, "UPDATE tokens SET parental_pass_until = 0 WHERE device_id = ?", sess.DeviceID)
			return err
		}
		_, err := tx.Exec(ctx, "UPDATE tokens SET parental_pass_until = 0 WHERE id = ?", sess.TokenID)
		return err
	})
	if err != nil {
		return err
	}
	httpx.OK(w, p)
	return nil
}
