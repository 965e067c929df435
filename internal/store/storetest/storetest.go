// Package storetest gives tests a migrated, private store.DB on every engine
// available: SQLite always, PostgreSQL when TEST_DATABASE_URL is set (e.g.
// postgres://postgres@127.0.0.1:5432/test?sslmode=disable). Each PostgreSQL
// test gets its own database (Postgres) or schema (PostgresURL), so packages can
// run in parallel on one server.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"sync"
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

// Postgres returns a migrated database of its own, dropped when the test
// ends. It skips the test when TEST_DATABASE_URL is unset.
//
// The database is a copy (CREATE DATABASE … TEMPLATE) of one that was
// migrated once for this set of migrations, shared by every test process:
// running the migrations for each test took a second or two, most of the
// PostgreSQL tests' time.
func Postgres(t testing.TB) *store.DB {
	t.Helper()
	u := baseURL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	a, err := adminDB(ctx, u.String())
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	template, err := migratedTemplate(ctx, a, u)
	if err != nil {
		t.Fatalf("storetest: template: %v", err)
	}
	name := "test_" + randomHex(t)
	if _, err := a.SQL().ExecContext(ctx, `CREATE DATABASE `+name+` TEMPLATE `+template); err != nil {
		t.Fatalf("storetest: create database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := a.SQL().ExecContext(ctx, `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`); err != nil {
			t.Errorf("storetest: drop database %s: %v", name, err)
		}
	})
	return open(t, store.Config{DatabaseURL: withDatabase(u, name)})
}

var (
	adminOnce sync.Once
	admin     *store.DB
	adminErr  error
)

// adminDB is one connection pool per test process on TEST_DATABASE_URL's
// own database, for creating and dropping the tests' databases.
func adminDB(ctx context.Context, base string) (*store.DB, error) {
	adminOnce.Do(func() {
		admin, adminErr = store.Open(ctx, store.Config{DatabaseURL: base})
		if adminErr != nil {
			adminErr = fmt.Errorf("open %s: %w", EnvURL, adminErr)
		}
	})
	return admin, adminErr
}

// migratedTemplate returns the name of the migrated template database for
// the current migrations, building it first when no process has. An
// advisory lock makes concurrent test processes build it once; it is
// renamed into place only once migrated, so a half-built one is never copied.
func migratedTemplate(ctx context.Context, a *store.DB, u *url.URL) (string, error) {
	name := "storetest_tmpl_" + store.MigrationsSum()
	conn, err := a.SQL().Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(hashtext($1))`, name); err != nil {
		return "", err
	}
	defer conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock(hashtext($1))`, name)
	var exists bool
	if err := conn.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	building := name + "_b"
	if _, err := conn.ExecContext(ctx, `DROP DATABASE IF EXISTS `+building+` WITH (FORCE)`); err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, `CREATE DATABASE `+building); err != nil {
		return "", err
	}
	db, err := store.Open(ctx, store.Config{DatabaseURL: withDatabase(u, building)})
	if err != nil {
		return "", err
	}
	err = db.Migrate(ctx)
	db.Close()
	if err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, `ALTER DATABASE `+building+` RENAME TO `+name); err != nil {
		return "", err
	}
	return name, nil
}

// baseURL is TEST_DATABASE_URL parsed; it skips the test when it is unset.
func baseURL(t testing.TB) *url.URL {
	t.Helper()
	base := os.Getenv(EnvURL)
	if base == "" {
		t.Skip(EnvURL + " is not set")
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("storetest: parse %s: %v", EnvURL, err)
	}
	return u
}

// withDatabase is u pointing at database name.
func withDatabase(u *url.URL, name string) string {
	c := *u
	c.Path = "/" + name
	return c.String()
}

func randomHex(t testing.TB) string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b[:])
}

// PostgresURL creates an empty schema and returns a URL whose connections use
// it, for tests that need several handles on one database (e.g. two server
// instances). The schema is dropped when the test ends; nothing is migrated.
func PostgresURL(t testing.TB) string {
	t.Helper()
	u := baseURL(t)
	schema := "test_" + randomHex(t)

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	a, err := adminDB(ctx, u.String())
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	if _, err := a.SQL().ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatalf("storetest: create schema: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := a.SQL().ExecContext(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
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
