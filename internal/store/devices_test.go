package store_test

import (
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// TestUserSessions: the profile page's devices are the user's own
// unexpired sessions, named by their device id, the asking one told apart;
// one is signed out by that id, never another user's.
func TestUserSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		ann := mkUser(t, db, "")
		bob := mkUser(t, db, "")
		exp := t0.Add(time.Hour)
		for _, s := range []store.Session{
			{TokenHash: hashOf("a1"), UserID: ann.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: exp, DeviceID: "ann-laptop-000000", Browser: "Firefox", System: "Linux"},
			{TokenHash: hashOf("a2"), UserID: ann.ID, CreatedAt: t0, LastSeenAt: t0.Add(time.Minute), ExpiresAt: exp, DeviceID: "ann-phone-0000000", Browser: "Chrome", System: "Android"},
			{TokenHash: hashOf("a3"), UserID: ann.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0.Add(-time.Second), DeviceID: "ann-expired-00000"},
			{TokenHash: hashOf("b1"), UserID: bob.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: exp, DeviceID: "bob-laptop-000000"},
			// Without a device id (sessions made before the column, in
			// tests): several may exist.
			{TokenHash: hashOf("b2"), UserID: bob.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: exp},
			{TokenHash: hashOf("b3"), UserID: bob.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: exp},
		} {
			if err := db.CreateSession(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		list, err := db.UserSessions(ctx, ann.ID, hashOf("a1"), t0)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].DeviceID != "ann-phone-0000000" || list[1].DeviceID != "ann-laptop-000000" {
			t.Fatalf("sessions: %+v", list)
		}
		if list[0].TokenHash != nil || list[1].TokenHash == nil || list[0].Browser != "Chrome" || list[0].System != "Android" || list[1].System != "Linux" {
			t.Fatalf("current or device: %+v", list)
		}
		sameTime(t, "LastSeenAt", list[0].LastSeenAt, t0.Add(time.Minute))
		if list, err := db.UserSessions(ctx, ann.ID, nil, t0); err != nil || len(list) != 2 || list[0].TokenHash != nil || list[1].TokenHash != nil {
			t.Fatalf("without a current one: %+v %v", list, err)
		}
		// The session made through SessionUser carries its device too.
		s, _, err := db.SessionUser(ctx, hashOf("a2"), t0)
		if err != nil || s.DeviceID != "ann-phone-0000000" || s.Browser != "Chrome" || s.System != "Android" {
			t.Fatalf("SessionUser: %+v %v", s, err)
		}

		wantErr(t, "another user's device", db.DeleteUserSession(ctx, ann.ID, "bob-laptop-000000"), store.ErrNotFound)
		wantErr(t, "unknown device", db.DeleteUserSession(ctx, ann.ID, "nothing-like-it-0"), store.ErrNotFound)
		wantErr(t, "empty id", db.DeleteUserSession(ctx, bob.ID, ""), store.ErrNotFound)
		if _, _, err := db.SessionUser(ctx, hashOf("b1"), t0); err != nil {
			t.Fatalf("bob's session after ann's attempt: %v", err)
		}
		if err := db.DeleteUserSession(ctx, ann.ID, "ann-phone-0000000"); err != nil {
			t.Fatal(err)
		}
		_, _, err = db.SessionUser(ctx, hashOf("a2"), t0)
		wantErr(t, "signed-out device", err, store.ErrNotFound)
		if _, _, err := db.SessionUser(ctx, hashOf("a1"), t0); err != nil {
			t.Fatalf("the other device: %v", err)
		}
	})
}

// TestChangePassword: the new hash is set and every session but the kept
// one ends; another user's sessions stay.
func TestChangePassword(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		ann := mkUser(t, db, "")
		bob := mkUser(t, db, "")
		exp := t0.Add(time.Hour)
		for _, s := range []store.Session{
			{TokenHash: hashOf("a1"), UserID: ann.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: exp},
			{TokenHash: hashOf("a2"), UserID: ann.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: exp},
			{TokenHash: hashOf("a3"), UserID: ann.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: exp},
			{TokenHash: hashOf("b1"), UserID: bob.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: exp},
		} {
			if err := db.CreateSession(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		n, err := db.ChangePassword(ctx, ann.ID, "new-hash", hashOf("a2"), t0)
		if err != nil || n != 2 {
			t.Fatalf("ended %d, %v", n, err)
		}
		for tok, live := range map[string]bool{"a1": false, "a2": true, "a3": false, "b1": true} {
			_, _, err := db.SessionUser(ctx, hashOf(tok), t0)
			if (err == nil) != live {
				t.Errorf("session %s: %v, want live %v", tok, err, live)
			}
		}
		u, err := db.UserByID(ctx, ann.ID)
		if err != nil || u.PasswordHash != "new-hash" {
			t.Fatalf("hash: %q %v", u.PasswordHash, err)
		}
		_, err = db.ChangePassword(ctx, "not-an-id", "x", nil, t0)
		wantErr(t, "unknown user", err, store.ErrNotFound)
	})
}

func TestUpdateProfile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		ann := mkUser(t, db, "")
		if err := db.UpdateProfile(ctx, ann.ID, "Ann de Vries", "nl"); err != nil {
			t.Fatal(err)
		}
		u, err := db.UserByID(ctx, ann.ID)
		if err != nil || u.FullName != "Ann de Vries" || u.Locale != "nl" {
			t.Fatalf("%+v %v", u, err)
		}
		wantErr(t, "unknown user", db.UpdateProfile(ctx, "7d1f0f8e-0000-4000-8000-000000000000", "X", "en"), store.ErrNotFound)
		if err := db.UpdateProfile(ctx, ann.ID, "Ann", "fr"); err == nil {
			t.Fatal("the schema took locale fr")
		}
	})
}
