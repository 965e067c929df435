package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/belwise/site/internal/store/storetest"
)

// `site digests send --now` queues every due digest once: a second run
// queues nothing and says so. On both engines.
func TestDigestsSendOnce(t *testing.T) {
	engines := map[string]func(t *testing.T) map[string]string{
		"sqlite": func(t *testing.T) map[string]string { return map[string]string{"DATA_DIR": t.TempDir()} },
		"postgres": func(t *testing.T) map[string]string {
			return map[string]string{"DATA_DIR": t.TempDir(), "DATABASE_URL": storetest.PostgresURL(t)}
		},
	}
	for name, mk := range engines {
		t.Run(name, func(t *testing.T) {
			env := mk(t)
			env["SITE_URL"] = "https://belwise.test"
			var out bytes.Buffer
			stdout = &out
			t.Cleanup(func() { stdout = os.Stdout })
			site := func(args ...string) (int, string) {
				out.Reset()
				var errs bytes.Buffer
				code := run(context.Background(), args, func(k string) string { return env[k] }, &errs)
				return code, out.String() + errs.String()
			}
			if code, out := site("seed"); code != 0 {
				t.Fatalf("seed: %d %s", code, out)
			}
			// The demo buyer has three live agents: one weekly digest, three
			// monthly reports.
			for _, c := range []struct {
				args []string
				want string
			}{
				{[]string{"digests", "send", "--week", "--now"}, "weekly digest: 1 queued, 0 already sent before"},
				{[]string{"digests", "send", "--now"}, "weekly digest: 0 queued, 1 already sent before (not sent again)"},
				{[]string{"digests", "send", "--month", "--now"}, "monthly report: 3 queued, 0 already sent before"},
				{[]string{"digests", "send", "--month", "--now"}, "monthly report: 0 queued, 3 already sent before (not sent again)"},
			} {
				code, got := site(c.args...)
				if code != 0 || !strings.Contains(got, c.want) {
					t.Fatalf("%v: exit %d\n%s\nwant %q", c.args, code, got, c.want)
				}
			}
			if code, got := site("digests", "send"); code != 0 || !strings.Contains(got, "Nothing new to send") {
				t.Fatalf("without --now: exit %d\n%s", code, got)
			}
			for _, bad := range [][]string{{"digests"}, {"digests", "send", "--week", "--month"}, {"digests", "send", "--daily"}} {
				if code, got := site(bad...); code != exitUsage {
					t.Errorf("%v: exit %d, want %d\n%s", bad, code, exitUsage, got)
				}
			}
		})
	}
}
