package commerce

import (
	"context"
	"time"
)

// ActiveSources answers how the subscriptions a viewer holds at now came
// to be ("paid", "trial", "promo", "grant"; one entry per subscription):
// analytics derives the metrics user state from it.
func (s *Service) ActiveSources(ctx context.Context, userID int64, now time.Time) ([]string, error) {
	subs, err := subsOf(ctx, s.db, userID)
	if err != nil {
		return nil, err
	}
	out := []string{}
	for _, x := range subs {
		if x.active(now.Unix()) {
			out = append(out, x.Source)
		}
	}
	return out, nil
}
