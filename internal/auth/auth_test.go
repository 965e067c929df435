package auth

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

func TestPasswordHash(t *testing.T) {
	ctx := t.Context()
	h, err := HashPassword(ctx, "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash format %q", h)
	}
	if h2, _ := HashPassword(ctx, "correct horse battery"); h2 == h {
		t.Fatal("two hashes of one password must differ (salt)")
	}
	for pw, want := range map[string]bool{"correct horse battery": true, "correct horse batterY": false, "": false} {
		if ok, err := CheckPassword(ctx, h, pw); err != nil || ok != want {
			t.Fatalf("CheckPassword(%q) = %v, %v", pw, ok, err)
		}
	}
	for _, bad := range []string{"", "plain", "$argon2i$v=19$m=1,t=1,p=1$AA$AA", "$argon2id$v=19$m=0,t=1,p=1$AA$AA"} {
		if _, err := CheckPassword(ctx, bad, "x"); err == nil {
			t.Fatalf("malformed hash %q accepted", bad)
		}
	}
}

func TestSlidingSession(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
		s := New(Options{DB: db, Now: func() time.Time { return now }})
		u, err := db.CreateUser(ctx, store.NewUser{Email: "s@example.com", PasswordHash: "x", Locale: "en"}, now)
		if err != nil {
			t.Fatal(err)
		}
		sess, err := s.startSession(ctx, u)
		if err != nil {
			t.Fatal(err)
		}

		now = now.Add(10 * time.Minute)
		if _, renewed, err := s.Authenticate(ctx, sess.Token); err != nil || renewed.Token != "" {
			t.Fatalf("within the hour: renewed=%v err=%v (no write expected)", renewed, err)
		}
		// Active every 13 days: the session outlives its 14-day idle timeout
		// but not its 60-day lifetime.
		for day := 13; day < 60; day += 13 {
			now = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC).AddDate(0, 0, day)
			_, renewed, err := s.Authenticate(ctx, sess.Token)
			if err != nil {
				t.Fatalf("day %d: %v", day, err)
			}
			if renewed.Token != sess.Token || renewed.ExpiresAt.After(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC).Add(MaxLifetime)) {
				t.Fatalf("day %d: renewal %+v", day, renewed)
			}
		}
		now = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC).Add(MaxLifetime + time.Minute)
		if _, _, err := s.Authenticate(ctx, sess.Token); !errors.Is(err, ErrUnauthenticated) {
			t.Fatalf("past the lifetime: %v", err)
		}

		// Idle past the timeout: gone.
		sess2, _ := s.startSession(ctx, u)
		now = now.Add(IdleTimeout + time.Second)
		if _, _, err := s.Authenticate(ctx, sess2.Token); !errors.Is(err, ErrUnauthenticated) {
			t.Fatalf("idle session: %v", err)
		}
		if _, _, err := s.Authenticate(ctx, "not a token"); !errors.Is(err, ErrUnauthenticated) {
			t.Fatal(err)
		}
	})
}
