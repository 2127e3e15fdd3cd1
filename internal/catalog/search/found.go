package search

import (
	"context"
	"time"
)

// Found is a result a viewer chose (POST /v2/search/found).
type Found struct {
	ProviderID  int64
	UserID      int64
	ProfileID   int64
	Text        string
	Title       string
	Kind        Kind
	ContentType string
	ObjectID    int64
}

// recentKept: how many chosen results a profile keeps.
const recentKept = 20

// RecordFound keeps the viewer's choice; the oldest beyond recentKept go.
func (ix *Index) RecordFound(ctx context.Context, f Found, now time.Time) error {
	if f.UserID == 0 {
		return nil
	}
	if _, err := ix.db.Exec(ctx, `INSERT INTO search_found (provider_id, user_id, profile_id, text, title, kind,
		content_type, object_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, f.ProviderID, f.UserID, f.ProfileID,
		f.Text, f.Title, string(f.Kind), f.ContentType, f.ObjectID, now.Unix()); err != nil {
		return err
	}
	_, err := ix.db.Exec(ctx, `DELETE FROM search_found WHERE user_id = ? AND profile_id = ? AND id <= (
		SELECT id FROM search_found WHERE user_id = ? AND profile_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
		f.UserID, f.ProfileID, f.UserID, f.ProfileID, recentKept)
	return err
}

// Recent gives the profile's latest chosen results that still pass the
// filter, newest first, each once.
func (ix *Index) Recent(ctx context.Context, f Filter, userID, profileID int64, limit int) ([]Hit, error) {
	if userID == 0 || limit <= 0 {
		return nil, nil
	}
	rows, err := ix.db.Query(ctx, `SELECT kind, object_id FROM search_found WHERE user_id = ? AND profile_id = ?
		AND provider_id = ? ORDER BY id DESC LIMIT ?`, userID, profileID, f.ProviderID, recentKept)
	if err != nil {
		return nil, err
	}
	var refs []Ref
	seen := map[Ref]bool{}
	for rows.Next() {
		var r Ref
		if err := rows.Scan(&r.Kind, &r.ID); err != nil {
			rows.Close()
			return nil, err
		}
		if !seen[r] {
			seen[r] = true
			refs = append(refs, r)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	hs, err := ix.Lookup(ctx, f, refs)
	if err != nil {
		return nil, err
	}
	return hs[:min(limit, len(hs))], nil
}
