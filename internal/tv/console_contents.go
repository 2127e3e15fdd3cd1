package tv

import (
	"context"

	"efir/internal/store"
)

// ConsoleForgetContents unlinks deleted contents from the guide (the
// programmes stay, without their film) and from the viewers' favourites.
func ConsoleForgetContents(ctx context.Context, q store.Querier, providerID int64, ids []int64) error {
	in := store.InList(len(ids))
	args := store.IDArgs(ids)
	if _, err := q.Exec(ctx, `UPDATE schedule SET content_id = NULL WHERE content_id IN (`+in+`)`, args...); err != nil {
		return err
	}
	if _, err := q.Exec(ctx, `UPDATE programs SET content_id = NULL WHERE provider_id = ? AND content_id IN (`+in+`)`,
		append([]any{providerID}, args...)...); err != nil {
		return err
	}
	_, err := q.Exec(ctx, `DELETE FROM favorites WHERE kind = 'content' AND object_id IN (`+in+`)`, args...)
	return err
}
