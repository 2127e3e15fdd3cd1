package catalog

import (
	"context"

	"efir/internal/store"
)

// What deleting a content from the console touches in the catalogue's own
// tables: the content's tree, the banners that lead to it and the rows
// that show it.

// ConsoleContentTree is the provider's content id and everything under it
// (a series' seasons and episodes), the content first.
func ConsoleContentTree(ctx context.Context, q store.Querier, providerID, id int64) ([]int64, error) {
	out := []int64{id}
	for next := []int64{id}; len(next) > 0; {
		var found []int64
		err := store.Each(ctx, q, `SELECT id FROM contents WHERE provider_id = ? AND parent_id IN (`+store.InList(len(next))+`)`,
			append([]any{providerID}, store.IDArgs(next)...), func(r store.Scanner) error {
				var c int64
				err := r.Scan(&c)
				found = append(found, c)
				return err
			})
		if err != nil {
			return nil, err
		}
		out, next = append(out, found...), found
	}
	return out, nil
}

// ConsoleContentBanners counts the provider's banners that lead to any of
// ids.
func ConsoleContentBanners(ctx context.Context, q store.Querier, providerID int64, ids []int64) (int, error) {
	var n int
	err := store.Get(ctx, q, `SELECT COUNT(*) FROM promotions WHERE provider_id = ? AND dest_type = 'content'
		AND dest_id IN (`+store.InList(len(ids))+`)`, append([]any{providerID}, store.IDArgs(ids)...), &n)
	return n, err
}

// ConsoleForgetContents takes ids out of every row of the provider.
func ConsoleForgetContents(ctx context.Context, q store.Querier, providerID int64, ids []int64) error {
	_, err := q.Exec(ctx, `DELETE FROM row_items WHERE kind = 'content' AND object_id IN (`+store.InList(len(ids))+`)
		AND row_id IN (SELECT id FROM rows WHERE provider_id = ?)`, append(store.IDArgs(ids), providerID)...)
	return err
}
