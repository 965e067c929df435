package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/google/uuid"
)

// TestSignupsMigration: accounts from before pending sign-ups existed. An
// unverified account's credentials become its one pending sign-up and its
// outstanding link is bound to it; a verified account's leftover
// verification links are retired.
func TestSignupsMigration(t *testing.T) {
	migratedTo(t, 2, func(t *testing.T, ctx context.Context, db *store.DB, exec func(string, ...any), ts func(time.Time) any) {
		pending, verified := uuid.NewString(), uuid.NewString()
		exec(`INSERT INTO users (id, email, password_hash, locale, email_verified_at, created_at) VALUES (?, ?, ?, 'nl', NULL, ?)`,
			pending, "old@example.com", "h-old", ts(t0))
		exec(`INSERT INTO profiles (id, full_name) VALUES (?, 'Old Name')`, pending)
		exec(`INSERT INTO users (id, email, password_hash, locale, email_verified_at, created_at) VALUES (?, ?, ?, 'en', ?, ?)`,
			verified, "done@example.com", "h-done", ts(t0), ts(t0))
		exec(`INSERT INTO profiles (id, full_name) VALUES (?, 'Done')`, verified)
		for _, tk := range []struct {
			name, user string
		}{{"pv", pending}, {"dv", verified}} {
			exec(`INSERT INTO email_tokens (hash, user_id, purpose, created_at, expires_at) VALUES (?, ?, 'verify', ?, ?)`,
				hashOf(tk.name), tk.user, ts(t0), ts(t0.Add(48*time.Hour)))
		}

		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		u, err := db.UserByID(ctx, pending)
		if err != nil || u.PasswordHash != "" || u.FullName != "" {
			t.Fatalf("unverified account after the migration: %+v, %v", u, err)
		}
		s, err := db.PendingSignups(ctx, pending, 5)
		if err != nil || len(s) != 1 || s[0].PasswordHash != "h-old" || s[0].FullName != "Old Name" || s[0].Locale != "nl" {
			t.Fatalf("pending sign-ups %+v, %v", s, err)
		}
		if !tokenUsed(t, db, "dv") {
			t.Error("a verified account's verification link is still outstanding")
		}
		u, err = db.VerifyEmail(ctx, hashOf("pv"), t0.Add(time.Hour))
		if err != nil || u.PasswordHash != "h-old" || u.FullName != "Old Name" || u.EmailVerifiedAt == nil {
			t.Fatalf("the old link: %+v, %v", u, err)
		}
		if d, _ := db.UserByID(ctx, verified); d.PasswordHash != "h-done" || d.FullName != "Done" {
			t.Fatalf("verified account changed: %+v", d)
		}
	})
}
