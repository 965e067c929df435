package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/config"
	"github.com/belwise/site/internal/store"
)

// staffCommand runs `site staff add EMAIL`: it makes the account with that
// address staff, creating it when there is none, and prints a one-time
// link to set a password for an account that has none yet. Nothing is
// emailed: the operator hands the link over.
func staffCommand(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) != 2 || args[0] != "add" {
		return usageError{fmt.Errorf("usage: site staff add EMAIL")}
	}
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
	res, err := auth.New(auth.Options{DB: db, SiteURL: cfg.SiteURL}).AddStaff(ctx, args[1])
	if err != nil {
		var ae *apierr.Error
		if errors.As(err, &ae) && ae.Kind == apierr.Invalid {
			return usageError{fmt.Errorf("%s: %s", args[1], ae.Message)}
		}
		return err
	}
	switch {
	case res.Created:
		fmt.Fprintf(stdout, "created the staff account %s\n", res.User.Email)
	default:
		fmt.Fprintf(stdout, "%s is staff now\n", res.User.Email)
	}
	if res.Link != "" {
		fmt.Fprintf(stdout, "It has no password yet. Send its owner this one-time link to choose one (valid for 7 days):\n\n  %s\n", res.Link)
	}
	fmt.Fprintln(stdout, "Staff sign in in two steps: unless they have one, their next sign-in sets up an authenticator app.")
	return nil
}
