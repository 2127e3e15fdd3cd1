package epgimport

import (
	"context"
	"errors"
	"io"
	"runtime"
	"strconv"
	"time"

	"efir/internal/store"
)

// Options of both importers.
type Options struct {
	ProviderID int64 // 0: the default provider (1 when none is marked)
	// CreateChannels lets the XMLTV import create channels for <channel>
	// elements no channel matches (created hidden: they have no stream yet).
	CreateChannels bool
	Langs          []string       // preferred text languages, nil: ru, en
	Zone           *time.Location // XMLTV times without an offset, nil: UTC
	BatchSize      int            // rows per transaction, 0: 500
	Workers        int            // XMLTV decoding goroutines, 0: GOMAXPROCS, 1: sequential
	Problems       io.Writer      // where the first problems are printed (nil: nowhere)
	ShowProblems   int            // how many are printed, 0: 20
	Now            func() time.Time

	// OnProblem, when set, receives every skipped entry (not only the
	// first ShowProblems): its line, reason and detail.
	OnProblem func(line int, reason, detail string)
	// OnChannel, when set, receives every <channel> of an XMLTV guide
	// (its id and display name), matched or not.
	OnChannel func(id, name string, line int)
}

func (o *Options) defaults(ctx context.Context, db store.Querier) error {
	if o.BatchSize <= 0 {
		o.BatchSize = 500
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.ShowProblems <= 0 {
		o.ShowProblems = 20
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.ProviderID == 0 {
		id, err := DefaultProvider(ctx, db)
		if err != nil {
			return err
		}
		o.ProviderID = id
	}
	return nil
}

// DefaultProvider is the provider marked default, or 1 (the demo operator)
// when none is.
func DefaultProvider(ctx context.Context, db store.Querier) (int64, error) {
	var id int64
	err := store.Get(ctx, db, "SELECT id FROM providers WHERE is_default = TRUE ORDER BY id LIMIT 1", nil, &id)
	if errors.Is(err, store.ErrNotFound) {
		return 1, nil
	}
	return id, err
}

// LineupVersionKey is the settings row internal/tv watches (its
// BumpLineup/readLineupVersion): every copy of efir reloads its line-up and
// schedule caches within a second of the value moving.
const LineupVersionKey = "tv_lineup_version"

// BumpLineupVersion adds one to the line-up version, the way
// tv.BumpLineup does (kept here so the importer does not depend on the API
// package).
func BumpLineupVersion(ctx context.Context, db store.Querier) error {
	var v string
	err := store.Get(ctx, db, "SELECT value FROM settings WHERE name = ?", []any{LineupVersionKey}, &v)
	if errors.Is(err, store.ErrNotFound) {
		_, err = db.Exec(ctx, "INSERT INTO settings (name, value) VALUES (?, '1')", LineupVersionKey)
		return err
	}
	if err != nil {
		return err
	}
	n, _ := strconv.ParseInt(v, 10, 64)
	_, err = db.Exec(ctx, "UPDATE settings SET value = ? WHERE name = ?", strconv.FormatInt(n+1, 10), LineupVersionKey)
	return err
}
