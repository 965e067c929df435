package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/belwise/site/internal/config"
	"github.com/belwise/site/internal/store"
)

// pgDumpHelp is what `site backup` says on PostgreSQL.
const pgDumpHelp = `site backup copies the embedded SQLite database only. On PostgreSQL use
pg_dump, which takes a consistent snapshot while the site runs:

  pg_dump --format=custom --file=belwise.dump "$DATABASE_URL"

and restore into an empty database (site stopped, or a new one) with:

  pg_restore --no-owner --dbname="$DATABASE_URL" belwise.dump
`

// backupCommand writes a checked copy of the embedded database to FILE
// while the site may be running (store.Backup).
func backupCommand(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		return usageError{errors.New("usage: site backup FILE")}
	}
	cfg, err := config.Load(getenv)
	if err != nil {
		return usageError{fmt.Errorf("invalid configuration:\n  %s", strings.ReplaceAll(err.Error(), "\n", "\n  "))}
	}
	if cfg.DatabaseURL != "" {
		fmt.Fprint(stderr, pgDumpHelp)
		return errors.New("backup: DATABASE_URL is PostgreSQL; use pg_dump")
	}
	db, err := store.Open(ctx, store.Config{DataDir: cfg.DataDir})
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Backup(ctx, args[0]); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "backed up %s/site.db to %s (integrity check: ok)\n", cfg.DataDir, args[0])
	return nil
}
