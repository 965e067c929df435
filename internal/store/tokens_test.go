package store_test

import (
	"errors"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

func TestVerifyEmail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		// Two sign-ups with one address: each keeps its own credentials, and
		// the account holds none until one of them is verified.
		u, first, err := db.RecordSignUp(ctx, store.NewSignup{Email: "ann@example.com", PasswordHash: "h-first", FullName: "First", Locale: "en"}, t0)
		if err != nil {
			t.Fatal(err)
		}
		u2, second, err := db.RecordSignUp(ctx, store.NewSignup{Email: "ann@example.com", PasswordHash: "h-second", FullName: "Second", Locale: "nl"}, t0.Add(time.Second))
		if err != nil || u2.ID != u.ID || second == first {
			t.Fatalf("second sign-up: %+v %q %v", u2, second, err)
		}
		if got, _ := db.UserByID(ctx, u.ID); got.PasswordHash != "" || got.FullName != "" || got.EmailVerifiedAt != nil {
			t.Fatalf("an unverified account must hold no credentials: %+v", got)
		}
		pending, err := db.PendingSignups(ctx, u.ID, 5)
		if err != nil || len(pending) != 2 || pending[0].ID != second || pending[1].PasswordHash != "h-first" {
			t.Fatalf("pending %+v, %v", pending, err)
		}
		tokens := []store.Token{
			{Hash: hashOf("v1"), UserID: u.ID, Purpose: "verify", SignupID: second, CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
			{Hash: hashOf("v2"), UserID: u.ID, Purpose: "verify", SignupID: first, CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
			{Hash: hashOf("old"), UserID: u.ID, Purpose: "verify", SignupID: second, CreatedAt: t0, ExpiresAt: t0.Add(time.Minute)},
			{Hash: hashOf("bare"), UserID: u.ID, Purpose: "verify", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
			{Hash: hashOf("r1"), UserID: u.ID, Purpose: "reset", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
		}
		for _, tk := range tokens {
			if err := db.CreateToken(ctx, tk); err != nil {
				t.Fatal(err)
			}
		}
		at := t0.Add(2 * time.Minute)
		cases := []struct {
			name    string
			token   string
			wantErr error
		}{
			{"expired", "old", store.ErrNotFound},
			{"reset token is not a verify token", "r1", store.ErrNotFound},
			{"unknown", "nope", store.ErrNotFound},
			{"a link without a sign-up applies nothing", "bare", store.ErrNotFound},
			{"first use applies its own sign-up", "v1", nil},
			{"second use", "v1", store.ErrNotFound},
			// Verifying retired every other verification link.
			{"the other sign-up's link", "v2", store.ErrNotFound},
		}
		for i, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				got, err := db.VerifyEmail(ctx, hashOf(tc.token), at.Add(time.Duration(i)*time.Second))
				wantErr(t, tc.name, err, tc.wantErr)
				if tc.wantErr != nil {
					return
				}
				if got.ID != u.ID || got.EmailVerifiedAt == nil || got.PasswordHash != "h-second" || got.FullName != "Second" || got.Locale != "nl" {
					t.Fatalf("got %+v", got)
				}
			})
		}
		if pending, err := db.PendingSignups(ctx, u.ID, 5); err != nil || len(pending) != 0 {
			t.Fatalf("pending sign-ups left after verifying: %+v, %v", pending, err)
		}
		for _, name := range []string{"v2", "bare"} {
			if !tokenUsed(t, db, name) {
				t.Errorf("verification link %s was not retired by the verification", name)
			}
		}
		if tokenUsed(t, db, "r1") {
			t.Error("verifying retired a reset link")
		}
		got, _ := db.UserByID(ctx, u.ID)
		if got.PasswordHash != "h-second" || got.EmailVerifiedAt == nil {
			t.Fatalf("after the other link was refused: %+v", got)
		}
		// The reset link is another kind and still works.
		if _, err := db.ResetPassword(ctx, hashOf("r1"), "h-reset", at); err != nil {
			t.Fatalf("reset link after verifying: %v", err)
		}

		// A verified address records no sign-up.
		again, sid, err := db.RecordSignUp(ctx, store.NewSignup{Email: "ann@example.com", PasswordHash: "h-late", FullName: "Late", Locale: "en"}, at)
		if err != nil || sid != "" || again.ID != u.ID || again.PasswordHash != "h-reset" {
			t.Fatalf("sign-up for a verified address: %+v %q %v", again, sid, err)
		}
	})
}

// TestStaleAccountsAreRemoved: the cleanup drops pending sign-ups after a
// week and unverified accounts left with none; a later sign-up starts fresh.
func TestStaleAccountsAreRemoved(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		stale, _, err := db.RecordSignUp(ctx, store.NewSignup{Email: "stale@example.com", PasswordHash: "squatter", FullName: "S", Locale: "en"}, t0)
		if err != nil {
			t.Fatal(err)
		}
		// Old, but signed up again recently: kept until that sign-up is a week old too.
		busy, _, err := db.RecordSignUp(ctx, store.NewSignup{Email: "busy@example.com", PasswordHash: "a", FullName: "B", Locale: "en"}, t0)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.RecordSignUp(ctx, store.NewSignup{Email: "busy@example.com", PasswordHash: "b", FullName: "B", Locale: "en"}, t0.Add(6*24*time.Hour)); err != nil {
			t.Fatal(err)
		}
		// A staff account the agency made (site staff add) waits for its owner.
		staff, err := db.CreateUser(ctx, store.NewUser{Email: "new-staff@example.com", Role: store.RoleStaff}, t0)
		if err != nil {
			t.Fatal(err)
		}
		verified := mkUser(t, db, "")
		if err := db.CreateToken(ctx, store.Token{Hash: hashOf("rv"), UserID: verified.ID, Purpose: "reset", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ResetPassword(ctx, hashOf("rv"), "h", t0); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateToken(ctx, store.Token{Hash: hashOf("sv"), UserID: stale.ID, Purpose: "verify", CreatedAt: t0, ExpiresAt: t0.Add(48 * time.Hour)}); err != nil {
			t.Fatal(err)
		}

		if err := db.DeleteExpired(ctx, t0.Add(7*24*time.Hour-time.Minute)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.UserByID(ctx, stale.ID); err != nil {
			t.Fatalf("removed before a week: %v", err)
		}
		if err := db.DeleteExpired(ctx, t0.Add(7*24*time.Hour+time.Minute)); err != nil {
			t.Fatal(err)
		}
		_, err = db.UserByID(ctx, stale.ID)
		wantErr(t, "unverified account after a week", err, store.ErrNotFound)
		if p, _ := db.PendingSignups(ctx, busy.ID, 5); len(p) != 1 || p[0].PasswordHash != "b" {
			t.Fatalf("busy account's sign-ups: %+v", p)
		}
		if _, err := db.UserByID(ctx, verified.ID); err != nil {
			t.Fatalf("a verified account was removed: %v", err)
		}
		if _, err := db.UserByID(ctx, staff.ID); err != nil {
			t.Fatalf("an unverified staff account was removed: %v", err)
		}
		if err := db.DeleteExpired(ctx, t0.Add(13*24*time.Hour+time.Minute)); err != nil {
			t.Fatal(err)
		}
		_, err = db.UserByID(ctx, busy.ID)
		wantErr(t, "busy account a week after its last sign-up", err, store.ErrNotFound)

		fresh, sid, err := db.RecordSignUp(ctx, store.NewSignup{Email: "stale@example.com", PasswordHash: "owner", FullName: "O", Locale: "en"}, t0.Add(8*24*time.Hour))
		if err != nil || sid == "" || fresh.ID == stale.ID {
			t.Fatalf("a later sign-up must start a new account: %+v %q %v", fresh, sid, err)
		}
		if p, _ := db.PendingSignups(ctx, fresh.ID, 5); len(p) != 1 || p[0].PasswordHash != "owner" {
			t.Fatalf("fresh account's sign-ups: %+v", p)
		}
	})
}

func TestResetPassword(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		u := mkUser(t, db, "")
		other := mkUser(t, db, "")
		for _, tk := range []store.Token{
			{Hash: hashOf("r1"), UserID: u.ID, Purpose: "reset", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
			{Hash: hashOf("r2"), UserID: u.ID, Purpose: "reset", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
			{Hash: hashOf("v1"), UserID: u.ID, Purpose: "verify", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
			{Hash: hashOf("o1"), UserID: other.ID, Purpose: "reset", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
			{Hash: hashOf("late"), UserID: other.ID, Purpose: "reset", CreatedAt: t0, ExpiresAt: t0.Add(time.Second)},
		} {
			if err := db.CreateToken(ctx, tk); err != nil {
				t.Fatal(err)
			}
		}
		for _, s := range []store.Session{
			{TokenHash: hashOf("s1"), UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0.Add(time.Hour)},
			{TokenHash: hashOf("s2"), UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0.Add(time.Hour)},
			{TokenHash: hashOf("so"), UserID: other.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0.Add(time.Hour)},
		} {
			if err := db.CreateSession(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		at := t0.Add(time.Minute)

		cases := []struct {
			name    string
			token   string
			wantErr error
		}{
			{"verify token cannot reset", "v1", store.ErrNotFound},
			{"expired", "late", store.ErrNotFound},
			{"unknown", "zz", store.ErrNotFound},
			{"valid", "r1", nil},
			{"same token again", "r1", store.ErrNotFound},
			{"sibling token burned", "r2", store.ErrNotFound},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				got, err := db.ResetPassword(ctx, hashOf(tc.token), "new-"+tc.token, at)
				wantErr(t, tc.name, err, tc.wantErr)
				if tc.wantErr != nil {
					return
				}
				if got.ID != u.ID || got.PasswordHash != "new-"+tc.token || got.EmailVerifiedAt == nil {
					t.Fatalf("got %+v", got)
				}
				sameTime(t, "EmailVerifiedAt", *got.EmailVerifiedAt, at)
			})
		}

		for _, s := range []string{"s1", "s2"} {
			_, _, err := db.SessionUser(ctx, hashOf(s), t0)
			wantErr(t, "session "+s+" after reset", err, store.ErrNotFound)
		}
		if _, _, err := db.SessionUser(ctx, hashOf("so"), t0); err != nil {
			t.Fatalf("other user's session lost: %v", err)
		}
		if got, _ := db.UserByID(ctx, other.ID); got.PasswordHash != "hash" {
			t.Fatalf("other user's password changed: %+v", got)
		}
		// A reset retires every outstanding link, of every kind.
		for _, name := range []string{"v1", "r2"} {
			if !tokenUsed(t, db, name) {
				t.Errorf("link %s still outstanding after the reset", name)
			}
		}
		if tokenUsed(t, db, "o1") {
			t.Error("another user's link was retired")
		}
		// Failed attempts must not have changed anything for the other user.
		if _, err := db.ResetPassword(ctx, hashOf("o1"), "x", at); err != nil {
			t.Fatalf("other user's reset token: %v", err)
		}
	})
}

func TestSignOutEverywhere(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		u, other := mkUser(t, db, ""), mkUser(t, db, "")
		for _, tk := range []store.Token{
			{Hash: hashOf("r1"), UserID: u.ID, Purpose: "reset", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
			{Hash: hashOf("v1"), UserID: u.ID, Purpose: "verify", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
			{Hash: hashOf("o1"), UserID: other.ID, Purpose: "reset", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
		} {
			if err := db.CreateToken(ctx, tk); err != nil {
				t.Fatal(err)
			}
		}
		for _, s := range []store.Session{
			{TokenHash: hashOf("s1"), UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0.Add(time.Hour)},
			{TokenHash: hashOf("s2"), UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0.Add(time.Hour)},
			{TokenHash: hashOf("so"), UserID: other.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0.Add(time.Hour)},
		} {
			if err := db.CreateSession(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		n, err := db.SignOutEverywhere(ctx, u.ID, t0.Add(time.Minute))
		if err != nil || n != 2 {
			t.Fatalf("ended %d sessions, %v", n, err)
		}
		for _, name := range []string{"r1", "v1"} {
			if !tokenUsed(t, db, name) {
				t.Errorf("link %s still outstanding after signing out everywhere", name)
			}
		}
		if _, err := db.ResetPassword(ctx, hashOf("r1"), "x", t0.Add(time.Minute)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("reset link after signing out everywhere: %v", err)
		}
		if tokenUsed(t, db, "o1") {
			t.Error("another user's link was retired")
		}
		if _, _, err := db.SessionUser(ctx, hashOf("so"), t0); err != nil {
			t.Fatalf("another user's session ended: %v", err)
		}
	})
}

// tokenUsed reports whether the link stored as hashOf(name) is used up.
func tokenUsed(t *testing.T, db *store.DB, name string) bool {
	t.Helper()
	var used bool
	if err := db.SQL().QueryRowContext(ctxT(t), db.Rebind(`SELECT used_at IS NOT NULL FROM email_tokens WHERE hash = ?`), hashOf(name)).Scan(&used); err != nil {
		t.Fatalf("token %s: %v", name, err)
	}
	return used
}
