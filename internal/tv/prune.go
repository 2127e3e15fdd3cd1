package tv

import (
	"context"
	"time"

	"efir/internal/store"
)

// PruneSchedule drops schedule entries older than the longest archive of
// any channel plus a day: nobody can watch or list them any more.
func PruneSchedule(ctx context.Context, db *store.DB, now time.Time) (int64, error) {
	var longest *int64
	if err := store.Get(ctx, db, "SELECT MAX(archived_days) FROM channels", nil, &longest); err != nil {
		return 0, err
	}
	days := int64(scheduleBack / day)
	if longest != nil {
		days = max(days, *longest)
	}
	res, err := db.Exec(ctx, "DELETE FROM schedule WHERE start_at < ?", now.Unix()-(days+1)*day)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
