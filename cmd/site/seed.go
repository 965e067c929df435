package main

import (
	"context"
	"fmt"
	"io"

	"github.com/belwise/site/internal/config"
	"github.com/belwise/site/internal/store"
)

// seedCommand fills any database, including PostgreSQL, with the demo
// catalogue, buyer, staff member and quote requests. It is idempotent:
// running it twice adds nothing.
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
	res, err := seedDemo(ctx, db)
	if err != nil {
		return err
	}
	for _, a := range []struct {
		what, email, password string
		created               bool
	}{{"demo buyer", demoEmail, demoPassword, res.BuyerCreated}, {"staff member", opsEmail, opsPassword, res.StaffCreated}} {
		if a.created {
			fmt.Fprintf(stdout, "seeded the %s database: %s %s / %s\n", db.Dialect(), a.what, a.email, a.password)
		} else {
			fmt.Fprintf(stdout, "the %s database already holds the %s %s\n", db.Dialect(), a.what, a.email)
		}
	}
	fmt.Fprintf(stdout, "the staff member's authenticator key (demo only): %s\n", opsTOTPSecret)
	fmt.Fprintln(stdout, "missing demo agents and quote requests added")
	return nil
}
