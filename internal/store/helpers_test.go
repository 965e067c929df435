package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// t0 has sub-microsecond digits on purpose: the store keeps microseconds on
// both engines, and comparisons below must agree with that.
var t0 = time.Date(2025, 3, 10, 12, 0, 0, 123456789, time.UTC)

func us(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

var userSeq int

func mkUser(t *testing.T, db *store.DB, email string) store.User {
	t.Helper()
	if email == "" {
		userSeq++
		email = fmt.Sprintf("user%d@example.com", userSeq)
	}
	u, err := db.CreateUser(ctxT(t), store.NewUser{Email: email, PasswordHash: "hash", FullName: "Test User", Locale: "nl"}, t0)
	if err != nil {
		t.Fatalf("CreateUser(%s): %v", email, err)
	}
	return u
}

func wantErr(t *testing.T, what string, got, want error) {
	t.Helper()
	if want == nil {
		if got != nil {
			t.Fatalf("%s: unexpected error %v", what, got)
		}
		return
	}
	if !errors.Is(got, want) {
		t.Fatalf("%s: error = %v, want %v", what, got, want)
	}
}

func sameTime(t *testing.T, what string, got, want time.Time) {
	t.Helper()
	if !got.Equal(us(want)) {
		t.Errorf("%s = %v, want %v", what, got, us(want))
	}
	if got.Location() != time.UTC {
		t.Errorf("%s location = %v, want UTC", what, got.Location())
	}
}

// claimMail claims due jobs and reads each as the email it sends, as the
// mail handler does.
func claimMail(ctx context.Context, db *store.DB, now time.Time, lease time.Duration, limit int) ([]store.OutboxMessage, error) {
	jobs, err := db.ClaimJobs(ctx, now, lease, limit)
	if err != nil {
		return nil, err
	}
	out := make([]store.OutboxMessage, len(jobs))
	for i, j := range jobs {
		if out[i], err = store.MailOf(j); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// migratedTo runs fn as a subtest per engine (SQLite, then PostgreSQL when
// TEST_DATABASE_URL is set) on a fresh database migrated up to version, for
// the tests of the migrations after it: exec runs a statement written with
// ?, ts gives a time as the engine stores it.
func migratedTo(t *testing.T, version int64, fn func(t *testing.T, ctx context.Context, db *store.DB, exec func(string, ...any), ts func(time.Time) any)) {
	for _, engine := range []struct {
		name string
		cfg  func(t *testing.T) store.Config
	}{
		{"sqlite", func(t *testing.T) store.Config { return store.Config{DataDir: t.TempDir()} }},
		{"postgres", func(t *testing.T) store.Config { return store.Config{DatabaseURL: storetest.PostgresURL(t)} }},
	} {
		t.Run(engine.name, func(t *testing.T) {
			ctx := ctxT(t)
			db, err := store.Open(ctx, engine.cfg(t))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if err := db.MigrateTo(ctx, version); err != nil {
				t.Fatal(err)
			}
			exec := func(q string, args ...any) {
				t.Helper()
				if _, err := db.SQL().ExecContext(ctx, db.Rebind(q), args...); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			ts := func(tm time.Time) any {
				if db.Embedded() {
					return tm.UTC().Format("2006-01-02T15:04:05.000000Z")
				}
				return tm
			}
			fn(t, ctx, db, exec, ts)
		})
	}
}
