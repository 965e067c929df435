package main

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/belwise/site/internal/store"
)

// `site staff add` makes a staff member out of a new address (with a link
// to choose a password) or an existing account; `site seed` run twice adds
// the demo once, its staff member included.
func TestStaffAndSeedCommands(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"DATA_DIR": dir, "SITE_URL": "https://belwise.test"}
	site := func(args ...string) (int, string) {
		var out bytes.Buffer
		code := run(context.Background(), args, func(k string) string { return env[k] }, &out)
		return code, out.String()
	}
	link := regexp.MustCompile(`https://belwise\.test/auth#invite=[A-Za-z0-9_-]{43}\n`)

	code, out := site("staff", "add", " New.Person@Example.com ")
	if code != 0 || !strings.Contains(out, "created the staff account new.person@example.com") || !link.MatchString(out) {
		t.Fatalf("staff add (new): exit %d\n%s", code, out)
	}
	// Still without a password: promoting again hands out a fresh link.
	if code, out = site("staff", "add", "new.person@example.com"); code != 0 || !strings.Contains(out, "is staff now") || !link.MatchString(out) {
		t.Fatalf("staff add (again): exit %d\n%s", code, out)
	}

	for i, want := range []string{"seeded the sqlite database: staff member ops@example.com / demo-ops-2026", "already holds the staff member ops@example.com"} {
		code, out := site("seed")
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("seed #%d: exit %d\n%s", i+1, code, out)
		}
	}
	// The demo buyer can sign in: promoting it prints no link.
	if code, out = site("staff", "add", "demo@example.com"); code != 0 || !strings.Contains(out, "demo@example.com is staff now") || link.MatchString(out) {
		t.Fatalf("staff add (existing): exit %d\n%s", code, out)
	}

	db, err := store.Open(t.Context(), store.Config{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, email := range []string{"new.person@example.com", "demo@example.com", "ops@example.com"} {
		u, err := db.UserByEmail(t.Context(), email)
		if err != nil || u.Role != store.RoleStaff {
			t.Errorf("%s: %+v, %v", email, u, err)
		}
		// Only the demo staff member has a second step (the fixed demo
		// key); the others set one up when they first sign in.
		f, err := db.TOTPFactor(t.Context(), u.ID)
		if email == "ops@example.com" {
			if err != nil || f.Secret != "BELWISEDEMOSTAFFTWOSTEPKEY234567" || f.LastStep != -1 {
				t.Errorf("the demo staff member's factor: %+v, %v", f, err)
			}
		} else if !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s has a factor: %+v, %v", email, f, err)
		}
	}

	for _, args := range [][]string{{"staff"}, {"staff", "add"}, {"staff", "remove", "a@example.com"}, {"staff", "add", "not-an-email"}} {
		if code, out := site(args...); code != exitUsage {
			t.Errorf("%v: exit %d\n%s", args, code, out)
		}
	}
}
