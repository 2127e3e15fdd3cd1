package commerce

import (
	"context"
	"strconv"
	"strings"

	"efir/internal/store"
)

// APIPromoPacketIDs lists the packets the operator's promo campaigns give
// (days of packets), each once in the order first named, for campaigns
// that have not expired: the reference's promo packets.
func (s *Service) APIPromoPacketIDs(ctx context.Context, providerID int64) ([]int64, error) {
	now := s.now().Unix()
	out := []int64{}
	seen := map[int64]bool{}
	err := store.Each(ctx, s.db, `SELECT packet_ids FROM promo_campaigns WHERE provider_id = ? AND packet_ids <> ''
		AND (expires_at = 0 OR expires_at > ?) ORDER BY id`, []any{providerID, now}, func(r store.Scanner) error {
		var list string
		if err := r.Scan(&list); err != nil {
			return err
		}
		for _, f := range strings.Split(list, ",") {
			if id, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64); err == nil && !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
		return nil
	})
	return out, err
}
