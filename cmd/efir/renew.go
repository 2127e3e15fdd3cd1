package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"efir/internal/app"
	"efir/internal/config"
)

// renew charges every subscription due at -at (default now) once; the
// server does the same every minute.
func renew(ctx context.Context, cfg config.Config, args []string) error {
	fs := flag.NewFlagSet("renew", flag.ContinueOnError)
	at := fs.String("at", "", "the moment to renew at (RFC 3339); default now")
	if err := fs.Parse(args); err != nil {
		return err
	}
	when := time.Now()
	if *at != "" {
		t, err := time.Parse(time.RFC3339, *at)
		if err != nil {
			return fmt.Errorf("-at: %w", err)
		}
		when = t
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	n, err := app.RenewOnce(ctx, cfg, db, when)
	if err != nil {
		return err
	}
	fmt.Printf("%d subscriptions renewed\n", n)
	return nil
}
