package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/belwise/site/internal/config"
	"github.com/belwise/site/internal/reports"
	"github.com/belwise/site/internal/store"
)

// stdout is where commands that report what they did write (a variable
// for the tests).
var stdout io.Writer = os.Stdout

// digestsCommand runs `site digests send [--week|--month] [--now]`: it
// queues the weekly digests (of the week just ended) or the monthly reports
// (of the month just ended) that are due, all of them with --now, as the
// server's periodic job does. The server's job worker sends them. Each is
// queued once ever, so a second run says it queued nothing new.
func digestsCommand(ctx context.Context, args []string, getenv func(string) string, out io.Writer) error {
	const use = "usage: site digests send [--week|--month] [--now]"
	if len(args) == 0 || args[0] != "send" {
		return usageError{errors.New(use)}
	}
	what, force := reports.Week, false
	seen := map[string]bool{}
	for _, a := range args[1:] {
		if seen[a] {
			return usageError{fmt.Errorf("%s given twice; %s", a, use)}
		}
		seen[a] = true
		switch a {
		case "--week", "-week":
			what = reports.Week
		case "--month", "-month":
			what = reports.Month
		case "--now", "-now":
			force = true
		default:
			return usageError{fmt.Errorf("unknown flag %q; %s", a, use)}
		}
	}
	if (seen["--week"] || seen["-week"]) && (seen["--month"] || seen["-month"]) {
		return usageError{fmt.Errorf("--week or --month, not both; %s", use)}
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
	res, err := reports.New(reports.Options{DB: db, SiteURL: cfg.SiteURL, StaffAlerts: cfg.StaffAlerts}).Send(ctx, what, force)
	if err != nil {
		return err
	}
	name := map[string]string{reports.Week: "weekly digest", reports.Month: "monthly report"}[what]
	fmt.Fprintf(out, "%s: %d queued, %d already sent before (not sent again)", name, res.Queued, res.Already)
	if res.NotDue > 0 {
		fmt.Fprintf(out, ", %d not due yet (--now sends them)", res.NotDue)
	}
	if res.Off > 0 {
		fmt.Fprintf(out, ", %d turned off by the buyer", res.Off)
	}
	fmt.Fprintln(out)
	if res.Queued > 0 {
		fmt.Fprintln(out, "The server's job worker sends them within seconds.")
	} else {
		fmt.Fprintln(out, "Nothing new to send.")
	}
	return nil
}
