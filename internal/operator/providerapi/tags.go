package providerapi

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"unicode/utf8"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Tags are groups an operator's own systems put subscribers in (a tariff
// plan, a district, "staff"): kept here so that the provider API can read
// them back with the subscriber. Efir itself gives them no meaning.

// Tag is one of the operator's tags.
type Tag struct {
	ID          int64  `json:"id"`
	Shortname   string `json:"shortname"`
	Name        string `json:"name"`
	Description string `json:"description"`
}

// UserTag is a tag a subscriber carries; id is the link's (what DELETE of
// the subscriber's tag takes).
type UserTag struct {
	ID          int64  `json:"id"`
	TagID       int64  `json:"tag_id"`
	Shortname   string `json:"shortname"`
	Name        string `json:"name"`
	Description string `json:"description"`
}

const (
	maxTags           = 1000
	maxTagName        = 100
	maxTagDescription = 500
)

// tagShortname: a machine name, as the operator's systems refer to it.
var tagShortname = regexp.MustCompile(`^[a-z0-9][a-z0-9_.-]{0,49}$`)

// tagBody is what creating or changing a tag takes (absent: unchanged).
type tagBody struct {
	Shortname   *httpx.Text `json:"shortname"`
	Name        *httpx.Text `json:"name"`
	Description *httpx.Text `json:"description"`
}

// apply checks b and writes it over t.
func (b tagBody) apply(t *Tag) error {
	if b.Shortname != nil {
		t.Shortname = strings.ToLower(b.Shortname.String())
	}
	if b.Name != nil {
		t.Name = b.Name.String()
	}
	if b.Description != nil {
		t.Description = b.Description.String()
	}
	switch {
	case !tagShortname.MatchString(t.Shortname):
		return httpx.Invalid("shortname", "providerapi_tag_shortname_invalid")
	case utf8.RuneCountInString(t.Name) > maxTagName:
		return httpx.Invalid("name", "providerapi_tag_name_invalid")
	case utf8.RuneCountInString(t.Description) > maxTagDescription:
		return httpx.Invalid("description", "providerapi_tag_description_invalid")
	}
	if t.Name == "" {
		t.Name = t.Shortname
	}
	return nil
}

func shortnameTaken(err error) error {
	if errors.Is(err, store.ErrConflict) {
		return httpx.Invalid("shortname", "providerapi_tag_shortname_taken")
	}
	return err
}

func (s *Service) tags(ctx context.Context, providerID int64) ([]Tag, error) {
	out := []Tag{}
	err := store.Each(ctx, s.db, `SELECT id, shortname, name, description FROM subscriber_tags WHERE provider_id = ?
		ORDER BY shortname`, []any{providerID}, func(r store.Scanner) error {
		var t Tag
		err := r.Scan(&t.ID, &t.Shortname, &t.Name, &t.Description)
		out = append(out, t)
		return err
	})
	return out, err
}

func (s *Service) tag(ctx context.Context, q store.Querier, providerID, id int64) (Tag, error) {
	t := Tag{ID: id}
	err := store.Get(ctx, q, `SELECT shortname, name, description FROM subscriber_tags WHERE id = ? AND provider_id = ?`,
		[]any{id, providerID}, &t.Shortname, &t.Name, &t.Description)
	if errors.Is(err, store.ErrNotFound) {
		return t, httpx.NotFound()
	}
	return t, err
}

// createTag adds a tag, at most maxTags per operator.
func (s *Service) createTag(ctx context.Context, providerID int64, b tagBody) (Tag, error) {
	var t Tag
	if b.Shortname == nil {
		return t, httpx.Invalid("shortname", "providerapi_tag_shortname_invalid")
	}
	if err := b.apply(&t); err != nil {
		return t, err
	}
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var n int
		if err := store.Get(ctx, tx, `SELECT COUNT(*) FROM subscriber_tags WHERE provider_id = ?`, []any{providerID}, &n); err != nil {
			return err
		}
		if n >= maxTags {
			return httpx.Invalid("shortname", "providerapi_tag_too_many")
		}
		id, err := store.InsertID(ctx, tx, `INSERT INTO subscriber_tags (provider_id, shortname, name, description, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`, providerID, t.Shortname, t.Name, t.Description, s.now().Unix())
		t.ID = id
		return shortnameTaken(err)
	})
	return t, err
}

// changeTag changes a tag's fields that b gives; it answers the tag before
// and after.
func (s *Service) changeTag(ctx context.Context, providerID, id int64, b tagBody) (before, after Tag, err error) {
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if before, err = s.tag(ctx, tx, providerID, id); err != nil {
			return err
		}
		after = before
		if err := b.apply(&after); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE subscriber_tags SET shortname = ?, name = ?, description = ? WHERE id = ?`,
			after.Shortname, after.Name, after.Description, id)
		return shortnameTaken(store.MapErr(err))
	})
	return before, after, err
}

// deleteTag removes a tag and takes it off every subscriber.
func (s *Service) deleteTag(ctx context.Context, providerID, id int64) (Tag, error) {
	var t Tag
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var err error
		if t, err = s.tag(ctx, tx, providerID, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM subscriber_tag_links WHERE tag_id = ?`, id); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM subscriber_tags WHERE id = ?`, id)
		return err
	})
	return t, err
}

// userTags are the tags of each of userIDs, by shortname.
func (s *Service) userTags(ctx context.Context, userIDs []int64) (map[int64][]UserTag, error) {
	out := make(map[int64][]UserTag, len(userIDs))
	if len(userIDs) == 0 {
		return out, nil
	}
	args := make([]any, len(userIDs))
	for i, id := range userIDs {
		args[i] = id
	}
	err := store.Each(ctx, s.db, `SELECT l.user_id, l.id, t.id, t.shortname, t.name, t.description
		FROM subscriber_tag_links l JOIN subscriber_tags t ON t.id = l.tag_id
		WHERE l.user_id IN (`+strings.TrimSuffix(strings.Repeat("?,", len(args)), ",")+`) ORDER BY t.shortname`, args,
		func(r store.Scanner) error {
			var user int64
			var t UserTag
			err := r.Scan(&user, &t.ID, &t.TagID, &t.Shortname, &t.Name, &t.Description)
			out[user] = append(out[user], t)
			return err
		})
	return out, err
}

// tagUser puts the operator's tag on a subscriber (added false: it was
// there already).
func (s *Service) tagUser(ctx context.Context, providerID, userID, tagID int64) (added bool, err error) {
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		var n int
		if err := store.Get(ctx, tx, `SELECT COUNT(*) FROM subscriber_tags WHERE id = ? AND provider_id = ?`,
			[]any{tagID, providerID}, &n); err != nil {
			return err
		}
		if n == 0 {
			return httpx.Invalid("tag_id", "providerapi_tag_unknown")
		}
		if err := store.Get(ctx, tx, `SELECT COUNT(*) FROM subscriber_tag_links WHERE user_id = ? AND tag_id = ?`,
			[]any{userID, tagID}, &n); err != nil || n > 0 {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO subscriber_tag_links (user_id, tag_id, created_at) VALUES (?, ?, ?)`,
			userID, tagID, s.now().Unix())
		added = err == nil
		return store.MapErr(err)
	})
	if errors.Is(err, store.ErrConflict) {
		return false, nil // put on by a call at the same moment
	}
	return added, err
}

// untagUser takes the tag link id off the subscriber (404: not theirs).
func (s *Service) untagUser(ctx context.Context, userID, linkID int64) (UserTag, error) {
	var t UserTag
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		err := store.Get(ctx, tx, `SELECT l.id, t.id, t.shortname, t.name, t.description FROM subscriber_tag_links l
			JOIN subscriber_tags t ON t.id = l.tag_id WHERE l.id = ? AND l.user_id = ?`, []any{linkID, userID},
			&t.ID, &t.TagID, &t.Shortname, &t.Name, &t.Description)
		if errors.Is(err, store.ErrNotFound) {
			return httpx.NotFound()
		} else if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM subscriber_tag_links WHERE id = ?`, linkID)
		return err
	})
	return t, err
}
