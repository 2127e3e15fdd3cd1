package commerce

import (
	"context"

	"efir/internal/store"
)

// ConsoleContentLicences counts the viewers' licences of ids that still
// give the film (bought for good, or a rental not over at now): a content
// somebody paid for is withdrawn, not deleted.
func ConsoleContentLicences(ctx context.Context, q store.Querier, ids []int64, now int64) (int, error) {
	var n int
	err := store.Get(ctx, q, `SELECT COUNT(*) FROM licences WHERE content_id IN (`+store.InList(len(ids))+`)
		AND (end_at = 0 OR end_at > ?)`, append(store.IDArgs(ids), now), &n)
	return n, err
}

// ConsoleDropContentOffers removes the provider's rent and buy offers of
// ids.
func ConsoleDropContentOffers(ctx context.Context, q store.Querier, providerID int64, ids []int64) error {
	_, err := q.Exec(ctx, `DELETE FROM content_offers WHERE provider_id = ? AND content_id IN (`+store.InList(len(ids))+`)`,
		append([]any{providerID}, store.IDArgs(ids)...)...)
	return err
}
