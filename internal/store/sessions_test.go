package store_test

import (
	"crypto/sha256"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

func hashOf(s string) []byte {
	h := sha256.Sum256([]byte(s))
	return h[:]
}

func TestSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		ann := mkUser(t, db, "")
		bob := mkUser(t, db, "")
		exp := t0.Add(time.Hour)
		for _, s := range []store.Session{
			{TokenHash: hashOf("a1"), UserID: ann.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: exp},
			{TokenHash: hashOf("a2"), UserID: ann.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: exp},
			{TokenHash: hashOf("a3"), UserID: ann.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0.Add(-time.Second)},
			{TokenHash: hashOf("b1"), UserID: bob.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: exp},
		} {
			if err := db.CreateSession(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		err := db.CreateSession(ctx, store.Session{TokenHash: hashOf("a1"), UserID: bob.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: exp})
		wantErr(t, "duplicate token", err, store.ErrConflict)

		cases := []struct {
			name    string
			token   string
			now     time.Time
			user    string
			wantErr error
		}{
			{"valid", "a1", t0, ann.ID, nil},
			{"valid other user", "b1", t0.Add(59 * time.Minute), bob.ID, nil},
			{"expires exactly now", "a1", exp, "", store.ErrNotFound},
			{"expired", "a1", exp.Add(time.Second), "", store.ErrNotFound},
			{"created expired", "a3", t0, "", store.ErrNotFound},
			{"unknown", "zz", t0, "", store.ErrNotFound},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				s, u, err := db.SessionUser(ctx, hashOf(tc.token), tc.now)
				wantErr(t, tc.name, err, tc.wantErr)
				if tc.wantErr != nil {
					return
				}
				if u.ID != tc.user || s.UserID != tc.user || u.FullName != "Test User" || u.Role != "buyer" {
					t.Fatalf("got session %+v user %+v", s, u)
				}
				sameTime(t, "ExpiresAt", s.ExpiresAt, exp)
				sameTime(t, "LastSeenAt", s.LastSeenAt, t0)
			})
		}

		later := t0.Add(30 * time.Minute)
		if err := db.TouchSession(ctx, hashOf("a1"), later, later.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		s, _, err := db.SessionUser(ctx, hashOf("a1"), exp.Add(time.Minute))
		if err != nil {
			t.Fatalf("touched session should outlive old expiry: %v", err)
		}
		sameTime(t, "touched LastSeenAt", s.LastSeenAt, later)
		wantErr(t, "touch unknown", db.TouchSession(ctx, hashOf("zz"), later, later), store.ErrNotFound)

		n, err := db.SignOutEverywhere(ctx, ann.ID, t0)
		if err != nil || n != 3 { // a1, a2 and the expired a3
			t.Fatalf("SignOutEverywhere = %d, %v; want 3", n, err)
		}
		if _, _, err := db.SessionUser(ctx, hashOf("b1"), t0); err != nil {
			t.Fatalf("other user's session was deleted: %v", err)
		}

		if err := db.DeleteExpired(ctx, exp); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SignOutEverywhere(ctx, bob.ID, exp); err != nil {
			t.Fatal(err)
		}
	})
}

func TestDeleteExpired(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		u := mkUser(t, db, "")
		for i, exp := range []time.Time{t0.Add(-time.Minute), t0, t0.Add(time.Minute)} {
			s := store.Session{TokenHash: hashOf(string(rune('a' + i))), UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: exp}
			if err := db.CreateSession(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		tokens := []store.Token{
			{Hash: hashOf("old-expired"), UserID: u.ID, Purpose: "verify", CreatedAt: t0.Add(-72 * time.Hour), ExpiresAt: t0.Add(-48 * time.Hour)},
			{Hash: hashOf("fresh-expired"), UserID: u.ID, Purpose: "verify", CreatedAt: t0.Add(-2 * time.Hour), ExpiresAt: t0.Add(-time.Hour)},
			{Hash: hashOf("live"), UserID: u.ID, Purpose: "reset", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
		}
		for _, tk := range tokens {
			if err := db.CreateToken(ctx, tk); err != nil {
				t.Fatal(err)
			}
		}
		if _, _, err := db.Hit(ctx, "ended", time.Minute, t0.Add(-2*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.Hit(ctx, "running", time.Minute, t0); err != nil {
			t.Fatal(err)
		}

		if err := db.DeleteExpired(ctx, t0); err != nil {
			t.Fatal(err)
		}
		var sessions, toks, limits int
		row := db.SQL().QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM sessions), (SELECT COUNT(*) FROM email_tokens), (SELECT COUNT(*) FROM rate_limits)`)
		if err := row.Scan(&sessions, &toks, &limits); err != nil {
			t.Fatal(err)
		}
		if sessions != 1 || toks != 2 || limits != 1 {
			t.Fatalf("after DeleteExpired: sessions=%d tokens=%d limits=%d; want 1, 2, 1", sessions, toks, limits)
		}
		// The running window must survive with its count.
		if n, _, err := db.Hit(ctx, "running", time.Minute, t0); err != nil || n != 2 {
			t.Fatalf("running window = %d, %v; want 2", n, err)
		}
	})
}
