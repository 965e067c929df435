package main

import (
	"context"
	"fmt"
	"io"

	"github.com/belwise/site/internal/config"
	"github.com/belwise/site/internal/store"
)

// seedCommand fills any database, including PostgreSQL, with the demo
// catalogue and buyer. It is idempotent: running it twice adds nothing.
func seedCommand(ctx context.Context, getenv func(string) string, stdout io.Writer) error {
	cfg, err := config.Load(getenv)
	if err != nil {
		return usageError{fmt.Errorf("invalid configuration: %w", err)}
	}
	if err := ensureWritableDir(cfg.DataDir); err != nil && cfg.DatabaseURL == "" {
		return usageError{fmt.Errorf("DATA_DIR=%q: %w", cfg.DataDir, err)}
	}
	db, err := store.Open(ctx, store.Config{DatabaseURL: cfg.DatabaseURL, DataDir: cfg.DataDir})
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		return fmt.Errorf("migrating the %s database: %w", db.Dialect(), err)
	}
	created, err := seedDemo(ctx, db)
	if err != nil {
		return err
	}
	if created {
		fmt.Fprintf(stdout, "seeded the %s database: demo buyer %s / %s\n", db.Dialect(), demoEmail, demoPassword)
	} else {
		fmt.Fprintf(stdout, "the %s database already holds the demo buyer %s; catalogue refreshed\n", db.Dialect(), demoEmail)
	}
	return nil
}
