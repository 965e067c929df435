package store_test

import (
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

func TestVerifyEmail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		u := mkUser(t, db, "")
		tokens := []store.Token{
			{Hash: hashOf("v1"), UserID: u.ID, Purpose: "verify", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
			{Hash: hashOf("v2"), UserID: u.ID, Purpose: "verify", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
			{Hash: hashOf("old"), UserID: u.ID, Purpose: "verify", CreatedAt: t0, ExpiresAt: t0.Add(time.Minute)},
			{Hash: hashOf("r1"), UserID: u.ID, Purpose: "reset", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
		}
		for _, tk := range tokens {
			if err := db.CreateToken(ctx, tk); err != nil {
				t.Fatal(err)
			}
		}
		at := t0.Add(2 * time.Minute)
		cases := []struct {
			name     string
			token    string
			wantErr  error
			verified time.Time
		}{
			{"first use", "v1", nil, at},
			{"second use", "v1", store.ErrNotFound, time.Time{}},
			{"expired", "old", store.ErrNotFound, time.Time{}},
			{"reset token is not a verify token", "r1", store.ErrNotFound, time.Time{}},
			{"unknown", "nope", store.ErrNotFound, time.Time{}},
			// Verifying again with a different valid token keeps the first time.
			{"already verified", "v2", nil, at},
		}
		for i, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				got, err := db.VerifyEmail(ctx, hashOf(tc.token), at.Add(time.Duration(i)*time.Second))
				wantErr(t, tc.name, err, tc.wantErr)
				if tc.wantErr != nil {
					return
				}
				if got.ID != u.ID || got.EmailVerifiedAt == nil {
					t.Fatalf("got %+v", got)
				}
				sameTime(t, "EmailVerifiedAt", *got.EmailVerifiedAt, tc.verified)
			})
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
		// The verify token is still usable: reset only burns reset tokens.
		if _, err := db.VerifyEmail(ctx, hashOf("v1"), at); err != nil {
			t.Fatalf("verify token burned by reset: %v", err)
		}
		// Failed attempts must not have changed anything for the other user.
		if _, err := db.ResetPassword(ctx, hashOf("o1"), "x", at); err != nil {
			t.Fatalf("other user's reset token: %v", err)
		}
	})
}
