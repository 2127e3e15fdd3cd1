package operator

import (
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"efir/internal/httpx"
	"efir/internal/store"
)

func (s *Service) handleStaffList(w http.ResponseWriter, r *http.Request) error {
	out := []StaffView{}
	err := store.Each(r.Context(), s.db, `SELECT `+memberColumns+` FROM staff WHERE provider_id = ? ORDER BY email`,
		[]any{sessionFrom(r.Context()).ProviderID}, func(row store.Scanner) error {
			m, err := scanMember(row)
			if err != nil {
				return err
			}
			out = append(out, m.view())
			return nil
		})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

type inviteView struct {
	Staff     StaffView `json:"staff"`
	SetupURL  string    `json:"setup_url"`
	ExpiresAt string    `json:"expires_at"`
}

func (s *Service) handleStaffInvite(w http.ResponseWriter, r *http.Request) error {
	var b struct {
		Email string `json:"email"`
		Name  string `json:"name"`
		Role  Role   `json:"role"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	email := normalEmail(b.Email)
	if !validEmail(email) {
		return httpx.Invalid("email", "operator_email_invalid")
	}
	if !b.Role.Valid() {
		return httpx.Invalid("role", "operator_role_invalid")
	}
	name := strings.TrimSpace(b.Name)
	if len([]rune(name)) > 100 {
		return httpx.Invalid("name", "operator_name_long")
	}
	sess := sessionFrom(r.Context())
	if b.Role == RoleOwner && sess.Member.Role != RoleOwner && !sess.Member.platform() {
		return httpx.Forbidden("operator_owner_only")
	}
	ctx := r.Context()
	var out inviteView
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		m, err := createMember(ctx, tx, s.now().Unix(), sql.NullInt64{Int64: sess.ProviderID, Valid: true}, email, name, b.Role)
		if err != nil {
			return err
		}
		link, expires, err := setupLink(ctx, tx, s.cfg.PublicURL, s.now(), m)
		if err != nil {
			return err
		}
		out = inviteView{Staff: m.view(), SetupURL: link, ExpiresAt: stamp(expires)}
		return record(ctx, tx, s.change(r, "staff.invite", "staff", m.ID, nil, m.view()))
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

// colleague loads staff member id of the console's operator (404 otherwise),
// and refuses a change of an owner by anyone but an owner.
func (s *Service) colleague(r *http.Request, q store.Querier) (member, error) {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return member{}, err
	}
	sess := sessionFrom(r.Context())
	m, err := memberByID(r.Context(), q, id)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && (!m.ProviderID.Valid || m.ProviderID.Int64 != sess.ProviderID)) {
		return member{}, httpx.NotFound()
	}
	if err != nil {
		return member{}, err
	}
	if m.Role == RoleOwner && sess.Member.Role != RoleOwner && !sess.Member.platform() {
		return member{}, httpx.Forbidden("operator_owner_only")
	}
	return m, nil
}

func (s *Service) handleStaffPatch(w http.ResponseWriter, r *http.Request) error {
	var b struct {
		Name     *string `json:"name"`
		Role     *Role   `json:"role"`
		Disabled *bool   `json:"disabled"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	sess := sessionFrom(r.Context())
	if b.Role != nil && !b.Role.Valid() {
		return httpx.Invalid("role", "operator_role_invalid")
	}
	if b.Name != nil && len([]rune(strings.TrimSpace(*b.Name))) > 100 {
		return httpx.Invalid("name", "operator_name_long")
	}
	if b.Role != nil && *b.Role == RoleOwner && sess.Member.Role != RoleOwner && !sess.Member.platform() {
		return httpx.Forbidden("operator_owner_only")
	}
	ctx := r.Context()
	var after member
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		m, err := s.colleague(r, tx)
		if err != nil {
			return err
		}
		if m.ID == sess.Member.ID && (b.Role != nil && *b.Role != m.Role || b.Disabled != nil && *b.Disabled) {
			return httpx.BadRequest("operator_not_yourself")
		}
		role, disabledAt, name := m.Role, m.DisabledAt, m.Name
		if b.Role != nil {
			role = *b.Role
		}
		if b.Name != nil {
			name = strings.TrimSpace(*b.Name)
		}
		if b.Disabled != nil {
			disabledAt = 0
			if *b.Disabled {
				disabledAt = max(m.DisabledAt, s.now().Unix())
			}
		}
		if m.Role == RoleOwner && (role != RoleOwner || disabledAt > 0) {
			var owners int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM staff WHERE provider_id = ? AND role = 'owner' AND disabled_at = 0
				AND id <> ?`, sess.ProviderID, m.ID).Scan(&owners); err != nil {
				return err
			}
			if owners == 0 {
				return httpx.BadRequest("operator_last_owner")
			}
		}
		if _, err := tx.Exec(ctx, "UPDATE staff SET name = ?, role = ?, disabled_at = ? WHERE id = ?", name, string(role),
			disabledAt, m.ID); err != nil {
			return err
		}
		if disabledAt > 0 {
			// Blocked: out of every console at once.
			if _, err := tx.Exec(ctx, "DELETE FROM staff_sessions WHERE staff_id = ?", m.ID); err != nil {
				return err
			}
		}
		if after, err = memberByID(ctx, tx, m.ID); err != nil {
			return err
		}
		return record(ctx, tx, s.change(r, "staff.update", "staff", m.ID, m.view(), after.view()))
	})
	if err != nil {
		return err
	}
	httpx.OK(w, after.view())
	return nil
}

func (s *Service) handleStaffSetupLink(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var out inviteView
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		m, err := s.colleague(r, tx)
		if err != nil {
			return err
		}
		link, expires, err := setupLink(ctx, tx, s.cfg.PublicURL, s.now(), m)
		if err != nil {
			return err
		}
		out = inviteView{Staff: m.view(), SetupURL: link, ExpiresAt: stamp(expires)}
		return record(ctx, tx, s.change(r, "staff.setup_link", "staff", m.ID, nil, nil))
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}
