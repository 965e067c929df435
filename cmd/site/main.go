// Command site serves the Belwise website: the embedded prerendered
// frontend and its JSON API.
//
//	site [serve]   run the web server (the default)
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
  serve   run the web server (default)
  help    show this help

configuration comes from the environment: HOST, PORT, SITE_URL, DATA_DIR, LOG_LEVEL
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
	case "serve":
		if len(args) > 0 {
			fmt.Fprintf(stderr, "site serve: unexpected arguments %q\n\n%s", args, usage)
			return exitUsage
		}
		err := serve(ctx, getenv, stderr)
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
