package operator

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"efir/internal/httpx"
	"efir/internal/store"
)

// entry is one change for the audit log: who (a staff member, later a
// provider API token), from where, what, and the object before and after.
type entry struct {
	At         int64
	ProviderID sql.NullInt64
	Actor      member
	ActorKind  string // staff (default), api, system
	IP         string
	Action     string
	ObjectType string
	ObjectID   any
	Before     any
	After      any
}

// record writes e in the transaction of the change itself: a change is never
// without its entry, and an entry never without its change.
func record(ctx context.Context, q store.Querier, e entry) error {
	kind, actor, actorID := e.ActorKind, e.Actor.Email, e.Actor.ID
	if kind == "" {
		kind = "staff"
	}
	before, err := auditJSON(e.Before)
	if err != nil {
		return err
	}
	after, err := auditJSON(e.After)
	if err != nil {
		return err
	}
	id := ""
	if e.ObjectID != nil {
		id = fmt.Sprint(e.ObjectID)
	}
	_, err = q.Exec(ctx, `INSERT INTO audit_log (provider_id, at, actor_kind, actor_id, actor, ip, action, object_type, object_id,
		before_json, after_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, e.ProviderID, e.At, kind, actorID, actor,
		e.IP, e.Action, e.ObjectType, id, before, after)
	return err
}

func auditJSON(v any) (string, error) {
	if v == nil {
		return "", nil
	}
	b, err := json.Marshal(v)
	return string(b), err
}

// change is the entry of a change made by the request's staff member on the
// operator the console works on.
func (s *Service) change(r *http.Request, action, objectType string, objectID, before, after any) entry {
	sess := sessionFrom(r.Context())
	return entry{At: s.now().Unix(), ProviderID: sql.NullInt64{Int64: sess.ProviderID, Valid: true}, Actor: sess.Member,
		IP: httpx.ClientIP(r).String(), Action: action, ObjectType: objectType, ObjectID: objectID, Before: before, After: after}
}

// ownChange is the entry of what m did to their own account (no session yet).
func (s *Service) ownChange(r *http.Request, m member, action string) entry {
	return entry{At: s.now().Unix(), ProviderID: m.ProviderID, Actor: m, IP: httpx.ClientIP(r).String(), Action: action,
		ObjectType: "staff", ObjectID: m.ID}
}

// AuditView is an audit entry on the wire.
type AuditView struct {
	ID         int64           `json:"id"`
	At         string          `json:"at"`
	Actor      string          `json:"actor"`
	ActorKind  string          `json:"actor_kind"`
	IP         string          `json:"ip"`
	Action     string          `json:"action"`
	ObjectType string          `json:"object_type"`
	ObjectID   string          `json:"object_id"`
	Before     json.RawMessage `json:"before"`
	After      json.RawMessage `json:"after"`
}

func (s *Service) handleAudit(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	where := []string{"provider_id = ?"}
	args := []any{sessionFrom(r.Context()).ProviderID}
	if text := strings.TrimSpace(q.Get("q")); text != "" {
		if len(text) > 100 {
			return httpx.Invalid("q", "operator_query_long")
		}
		like := "%" + escapeLike(strings.ToLower(text)) + "%"
		where = append(where, `(LOWER(action) LIKE ? ESCAPE '\' OR LOWER(actor) LIKE ? ESCAPE '\' OR LOWER(object_type) LIKE ? ESCAPE '\'
			OR object_id LIKE ? ESCAPE '\')`)
		args = append(args, like, like, like, like)
	}
	for _, f := range []string{"object_type", "object_id"} {
		if v := q.Get(f); v != "" {
			where = append(where, f+" = ?")
			args = append(args, v)
		}
	}
	for _, f := range []struct{ name, op string }{{"from", ">="}, {"to", "<="}} {
		if v := q.Get(f.name); v != "" {
			var at int64
			if _, err := fmt.Sscan(v, &at); err != nil || at < 0 {
				return httpx.Invalid(f.name, "operator_time_invalid")
			}
			where = append(where, "at "+f.op+" ?")
			args = append(args, at)
		}
	}
	out := []AuditView{}
	err = store.Each(r.Context(), s.db, `SELECT id, at, actor, actor_kind, ip, action, object_type, object_id, before_json,
		after_json FROM audit_log WHERE `+strings.Join(where, " AND ")+` ORDER BY id DESC LIMIT ? OFFSET ?`,
		append(args, limit, offset), func(row store.Scanner) error {
			var v AuditView
			var at int64
			var before, after string
			if err := row.Scan(&v.ID, &at, &v.Actor, &v.ActorKind, &v.IP, &v.Action, &v.ObjectType, &v.ObjectID, &before, &after); err != nil {
				return err
			}
			v.At, v.Before, v.After = stamp(at), rawOrNull(before), rawOrNull(after)
			out = append(out, v)
			return nil
		})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

func rawOrNull(s string) json.RawMessage {
	if s == "" {
		return json.RawMessage("null")
	}
	return json.RawMessage(s)
}

// escapeLike makes s match itself in a LIKE pattern.
func escapeLike(s string) string { return store.EscapeLike(s) }
