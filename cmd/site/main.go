// Command site serves the Belwise website: the embedded prerendered
// frontend and its JSON API.
//
//	site [serve]           run the web server (the default)
//	site seed              add the demo data to the database
//	site staff add EMAIL   make an account staff (creating it if needed)
//	site digests send      queue the weekly digests or monthly reports now
//	site backup FILE       write a checked copy of the embedded database
//	site healthcheck       GET /healthz of the running server (containers)
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
)

const usage = `usage: site [command]

commands:
  serve             run the web server (default)
  seed              add the demo catalogue, buyer, staff member and quote requests
                    to the database (idempotent)
  staff add EMAIL   make the account with EMAIL staff, creating it when there is
                    none, and print a one-time link to set its password if it has none
  digests send [--week|--month] [--now]
                    queue the weekly digest of the week just ended (--week, the
                    default) or the monthly report of the month just ended
                    (--month) for every buyer whose Monday 08:00 or first of the
                    month has come in their time zone; --now ignores that time.
                    Each is sent once: a second run queues nothing new. The
                    server's job worker sends what is queued.
  backup FILE       write a consistent copy of the embedded SQLite database
                    to FILE while the site runs (VACUUM INTO), check it
                    (PRAGMA integrity_check) and checkpoint the WAL; on
                    PostgreSQL it explains pg_dump and exits 1
  healthcheck       GET http://127.0.0.1:PORT/healthz and exit 0 on 200
                    (the container image's HEALTHCHECK: it has no curl)
  help              show this help

configuration comes from the environment; see .env.example:
HOST, PORT, SITE_URL, DATA_DIR, LOG_LEVEL, DATABASE_URL, SEED_DEMO,
SMTP_URL, MAIL_FROM, QUOTE_INBOX, STAFF_ALERTS, RATE_LIMIT_SCALE, TRUST_PROXY, METRICS_ADDR
`

// exitUsage is returned for a bad command line or configuration, so
// scripts can tell "fix your setup" from a runtime failure (1).
const exitUsage = 2

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Getenv, os.Stderr))
}

// run dispatches the subcommand and returns the exit code. Subcommands
// such as "seed" plug in here.
func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve", "seed", "staff", "digests", "backup", "healthcheck":
		if len(args) > 0 && cmd != "staff" && cmd != "digests" && cmd != "backup" {
			fmt.Fprintf(stderr, "site %s: unexpected arguments %q\n\n%s", cmd, args, usage)
			return exitUsage
		}
		var err error
		switch cmd {
		case "seed":
			err = seedCommand(ctx, getenv, stderr)
		case "staff":
			err = staffCommand(ctx, args, getenv, stderr)
		case "digests":
			err = digestsCommand(ctx, args, getenv, stdout)
		case "backup":
			err = backupCommand(ctx, args, getenv, stderr)
		case "healthcheck":
			err = healthcheckCommand(ctx, getenv)
		default:
			err = serve(ctx, getenv, stderr)
		}
		var ue usageError
		switch {
		case errors.As(err, &ue):
			fmt.Fprintf(stderr, "site: %v\n", err)
			return exitUsage
		case err != nil:
			fmt.Fprintf(stderr, "site: %v\n", err)
			return 1
		}
		return 0
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stderr, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "site: unknown command %q\n\n%s", cmd, usage)
		return exitUsage
	}
}

// usageError marks failures the operator fixes by changing the
// configuration; they exit with exitUsage.
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }
