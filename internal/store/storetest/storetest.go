// Package storetest gives tests a migrated, private store.DB on every engine
// available: SQLite always, PostgreSQL when TEST_DATABASE_URL is set (e.g.
// postgres://postgres@127.0.0.1:5432/test?sslmode=disable). Each PostgreSQL
// test gets its own schema, so packages can run in parallel on one database.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
)

// EnvURL names the environment variable holding the PostgreSQL test URL.
const EnvURL = "TEST_DATABASE_URL"

// Each runs fn as a subtest per engine: "sqlite", then "postgres" (skipped
// when TEST_DATABASE_URL is unset).
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
}

// SQLite returns a migrated database in a fresh temporary directory.
func SQLite(t testing.TB) *store.DB {
	t.Helper()
	return open(t, store.Config{DataDir: t.TempDir()})
}

// Postgres returns a migrated database in a fresh schema, dropped when the
// test ends. It skips the test when TEST_DATABASE_URL is unset.
func Postgres(t testing.TB) *store.DB {
	t.Helper()
	return open(t, store.Config{DatabaseURL: PostgresURL(t)})
}

// PostgresURL creates an empty schema and returns a URL whose connections use
// it, for tests that need several handles on one database (e.g. two server
// instances). The schema is dropped when the test ends; nothing is migrated.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(EnvURL)
	if base == "" {
		t.Skip(EnvURL + " is not set")
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("storetest: parse %s: %v", EnvURL, err)
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	schema := "test_" + hex.EncodeToString(b[:])

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin, err := store.Open(ctx, store.Config{DatabaseURL: base})
	if err != nil {
		t.Fatalf("storetest: open %s: %v", EnvURL, err)
	}
	if _, err := admin.SQL().ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		admin.Close()
		t.Fatalf("storetest: create schema: %v", err)
	}
	t.Cleanup(func() {
		defer admin.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := admin.SQL().ExecContext(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("storetest: drop schema %s: %v", schema, err)
		}
	})

	q := u.Query()
	// pgx passes unknown URL parameters to the server as run-time settings.
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

func open(t testing.TB, cfg store.Config) *store.DB {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	db, err := store.Open(ctx, cfg)
	if err != nil {
		t.Fatalf("storetest: open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx); err != nil {
		t.Fatalf("storetest: migrate: %v", err)
	}
	return db
}
