package channels

import (
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
	"efir/internal/tv/epgimport"
)

// The line-up's categories: added, renamed and ordered by staff.

// categoryInput is a category's name as staff type it.
type categoryInput struct {
	Name *string `json:"name"`
}

func (in categoryInput) name() (string, error) {
	if in.Name == nil {
		return "", httpx.Invalid("name", "console_channels_category_name_invalid")
	}
	n := strings.TrimSpace(*in.Name)
	if n == "" || utf8.RuneCountInString(n) > 100 {
		return "", httpx.Invalid("name", "console_channels_category_name_invalid")
	}
	return n, nil
}

// firstConsoleCategory: categories made in the console take ids from here
// on, clear of the spec's fixed numbers and of the M3U import's (1001...).
const firstConsoleCategory = 2001

func (s *Section) handleCreateCategory(w http.ResponseWriter, r *http.Request) error {
	var in categoryInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	name, err := in.name()
	if err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var k Category
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := store.Get(ctx, tx, "SELECT COALESCE(MAX(id), 0) + 1, COALESCE(MAX(sort), 0) + 1 FROM categories WHERE provider_id = ?",
			[]any{provider}, &k.ID, &k.Sort); err != nil {
			return err
		}
		k.ID = max(k.ID, firstConsoleCategory)
		k.Name = name
		k.Slug = epgimport.Slug(name)
		if k.Slug == "" {
			k.Slug = "category"
		}
		k.Slug = fmt.Sprintf("%s-%d", k.Slug, k.ID)
		if _, err := tx.Exec(ctx, "INSERT INTO categories (provider_id, id, slug, name, sort) VALUES (?, ?, ?, ?, ?)",
			provider, k.ID, k.Slug, k.Name, k.Sort); err != nil {
			return err
		}
		if err := s.staff.Audit(ctx, tx, r, "channel_category.create", "channel_category", k.ID, nil, k); err != nil {
			return err
		}
		return s.changed(ctx, tx)
	})
	if err != nil {
		return err
	}
	s.invalidate()
	httpx.WriteJSON(w, http.StatusCreated, k)
	return nil
}

func (s *Section) handleUpdateCategory(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var in categoryInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	name, err := in.name()
	if err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var k Category
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := store.Get(ctx, tx, `SELECT id, slug, name, sort, (SELECT COUNT(*) FROM channel_categories cc
			WHERE cc.provider_id = c.provider_id AND cc.category_id = c.id) FROM categories c WHERE provider_id = ? AND id = ?`,
			[]any{provider, id}, &k.ID, &k.Slug, &k.Name, &k.Sort, &k.Channels); err != nil {
			return err
		}
		before := k
		k.Name = name
		if _, err := tx.Exec(ctx, "UPDATE categories SET name = ? WHERE provider_id = ? AND id = ?", name, provider, id); err != nil {
			return err
		}
		if err := s.staff.Audit(ctx, tx, r, "channel_category.update", "channel_category", id, before, k); err != nil {
			return err
		}
		return s.changed(ctx, tx)
	})
	if err != nil {
		return err
	}
	s.invalidate()
	httpx.OK(w, k)
	return nil
}

// handleCategoryOrder sorts the categories in the order given (those left
// out follow).
func (s *Section) handleCategoryOrder(w http.ResponseWriter, r *http.Request) error {
	var in orderInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if len(in.IDs) == 0 || len(in.IDs) > 10000 {
		return httpx.Invalid("ids", "console_channels_order_invalid")
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		var current []int64
		err := store.Each(ctx, tx, "SELECT id FROM categories WHERE provider_id = ? ORDER BY sort, id", []any{provider},
			func(sc store.Scanner) error {
				var id int64
				err := sc.Scan(&id)
				current = append(current, id)
				return err
			})
		if err != nil {
			return err
		}
		order, err := reorder(current, in.IDs)
		if err != nil {
			return err
		}
		for i, id := range order {
			if _, err := tx.Exec(ctx, "UPDATE categories SET sort = ? WHERE provider_id = ? AND id = ?", i+1, provider, id); err != nil {
				return err
			}
		}
		if err := s.staff.Audit(ctx, tx, r, "channel_category.order", "lineup", provider,
			map[string][]int64{"ids": current}, map[string][]int64{"ids": order}); err != nil {
			return err
		}
		return s.changed(ctx, tx)
	})
	if err != nil {
		return err
	}
	s.invalidate()
	return s.handleLineup(w, r)
}
