package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"efir/internal/app"
	"efir/internal/catalog/search"
	"efir/internal/config"
	"efir/internal/demo"
	"efir/internal/server"
	"efir/internal/store"
)

// openDB connects and migrates.
func openDB(ctx context.Context, cfg config.Config) (*store.DB, error) {
	db, err := store.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

func serve(ctx context.Context, cfg config.Config) error {
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	if cfg.Demo {
		if err := demo.Seed(ctx, db); err != nil {
			return fmt.Errorf("demo operator: %w", err)
		}
		// The guide is generated around the current time, so it is made
		// at every start (only what is missing) and kept by KeepGuide.
		if err := demo.EnsureGuide(ctx, db, time.Now()); err != nil {
			return fmt.Errorf("demo guide: %w", err)
		}
		// After the guide: the catalogue's programmes link to its telecasts.
		if err := demo.EnsureCatalog(ctx, db); err != nil {
			return err
		}
		// After the catalogue: films are offered for rent and purchase.
		if err := demo.EnsureCommerce(ctx, db); err != nil {
			return fmt.Errorf("demo shop: %w", err)
		}
		if err := demo.EnsureStaff(ctx, db); err != nil {
			return fmt.Errorf("demo staff: %w", err)
		}
	}
	h, err := app.Handler(ctx, cfg, db, app.Options{WarmMedia: true, RunJobs: true})
	if err != nil {
		return err
	}
	// Search indexes of operators whose catalogue or line-up changed while
	// the server was down are rebuilt now rather than on the first search.
	go func() {
		if err := search.Refresh(ctx, db); err != nil {
			slog.Error("search index refresh", "err", err)
		}
	}()
	go app.RunJanitor(ctx, db, time.Hour)
	go demo.KeepGuide(ctx, db, time.Hour, cfg.Demo)
	return server.Serve(ctx, cfg.Addr, h, slog.Default())
}

func seed(ctx context.Context, cfg config.Config) error {
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := demo.Seed(ctx, db); err != nil {
		return err
	}
	if err := demo.EnsureGuide(ctx, db, time.Now()); err != nil {
		return err
	}
	if err := demo.EnsureCatalog(ctx, db); err != nil {
		return err
	}
	fmt.Println("demo operator ready")
	return nil
}
