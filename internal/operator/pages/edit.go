package pagesadmin

import (
	"context"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// The shape every change of one object takes here (rows, banners, news):
// read it in the change's transaction, change or delete it, read it again,
// and audit before and after.

// reader reads one object of the operator.
type reader[T any] func(ctx context.Context, q store.Querier, provider, id int64) (T, error)

// editOne answers PATCH of the path's object: save writes the change the
// body B asks of the current object, and the answer is the object after.
func editOne[T, B any](s *Section, w http.ResponseWriter, r *http.Request, action, objectType string, read reader[T],
	save func(ctx context.Context, tx *store.Tx, provider, id int64, cur T, body *B) error) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var b B
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var out T
	err = s.change(ctx, func(tx *store.Tx) error {
		cur, err := read(ctx, tx, provider, id)
		if err != nil {
			return err
		}
		if err := save(ctx, tx, provider, id, cur, &b); err != nil {
			return err
		}
		if out, err = read(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, action, objectType, id, cur, out)
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// deleteOne answers DELETE of the path's object.
func deleteOne[T any](s *Section, w http.ResponseWriter, r *http.Request, action, objectType string, read reader[T],
	del func(ctx context.Context, q store.Querier, provider, id int64) error) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	err = s.change(ctx, func(tx *store.Tx) error {
		cur, err := read(ctx, tx, provider, id)
		if err != nil {
			return err
		}
		if err := del(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, action, objectType, id, cur, nil)
	})
	if err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}
