package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/jackc/pgx/v5/pgconn"
)

func TestUnavailablePostgres(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := store.Open(ctx, store.Config{DatabaseURL: "postgres://postgres@127.0.0.1:1/site?sslmode=disable&connect_timeout=3"})
	if err != nil {
		t.Fatalf("Open must not need a live server: %v", err)
	}
	defer db.Close()
	if db.Embedded() || db.Dialect() != "postgres" {
		t.Fatalf("dialect = %s", db.Dialect())
	}

	checks := []struct {
		name string
		call func() error
	}{
		{"Ping", func() error { return db.Ping(ctx) }},
		{"UserByEmail", func() error { _, err := db.UserByEmail(ctx, "a@example.com"); return err }},
		{"Hit", func() error { _, _, err := db.Hit(ctx, "k", time.Minute, t0); return err }},
		{"CreateOrders", func() error {
			return db.CreateOrders(ctx, []store.NewOrder{{BuyerID: testAgents[0].ID, AgentID: testAgents[0].ID, CreatedAt: t0}})
		}},
		{"Migrate", func() error { return db.Migrate(ctx) }},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			err := c.call()
			if !errors.Is(err, store.ErrUnavailable) {
				t.Fatalf("error = %v, want ErrUnavailable", err)
			}
			if errors.Is(err, store.ErrNotFound) || err.Error() == store.ErrUnavailable.Error() {
				t.Fatalf("error %q lost the driver's message or has the wrong kind", err)
			}
		})
	}
}

func TestOpenRejects(t *testing.T) {
	ctx := context.Background()
	for _, bad := range []string{"postgres://%zz", "mysql://root@localhost/db", "postgres://u@h:notaport/db"} {
		if db, err := store.Open(ctx, store.Config{DatabaseURL: bad}); err == nil {
			db.Close()
			t.Errorf("Open(%q) succeeded", bad)
		}
	}

	garbage := t.TempDir()
	if err := os.WriteFile(filepath.Join(garbage, "site.db"), []byte("this is not an sqlite database, just text padding it out well beyond one hundred bytes so the header check is the thing that fails"), 0o600); err != nil {
		t.Fatal(err)
	}
	if db, err := store.Open(ctx, store.Config{DataDir: garbage}); err == nil {
		db.Close()
		t.Error("Open accepted a file that is not a database")
	}

	dirAsFile := t.TempDir()
	if err := os.Mkdir(filepath.Join(dirAsFile, "site.db"), 0o700); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(ctx, store.Config{DataDir: dirAsFile})
	if err == nil {
		db.Close()
		t.Fatal("Open accepted a directory as the database file")
	}
	if !errors.Is(err, store.ErrUnavailable) {
		t.Errorf("unopenable SQLite file: %v, want ErrUnavailable", err)
	}
}

func TestOpenSQLite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nested", "data")
	db, err := store.Open(context.Background(), store.Config{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if !db.Embedded() || db.Dialect() != "sqlite" {
		t.Fatalf("dialect = %s", db.Dialect())
	}
	if _, err := os.Stat(filepath.Join(dir, "site.db")); err != nil {
		t.Fatal(err)
	}
	var mode string
	var fk int
	if err := db.SQL().QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode = %q, %v", mode, err)
	}
	if err := db.SQL().QueryRow("PRAGMA foreign_keys").Scan(&fk); err != nil || fk != 1 {
		t.Fatalf("foreign_keys = %d, %v", fk, err)
	}
}

// A PostgreSQL backend that dies in the middle of a transaction (a crash,
// a failover; here pg_terminate_backend) is an outage, not a server fault:
// the transaction's next statement and its commit report ErrUnavailable,
// and the pool serves the next call from a fresh connection.
func TestConnClosedMidTransactionIsUnavailable(t *testing.T) {
	db := storetest.Postgres(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin, err := store.Open(ctx, store.Config{DatabaseURL: os.Getenv(storetest.EnvURL)})
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()

	err = db.WithTx(ctx, func(tx *sql.Tx) error {
		var pid int
		if err := tx.QueryRowContext(ctx, "SELECT pg_backend_pid()").Scan(&pid); err != nil {
			return err
		}
		var ok bool
		if err := admin.SQL().QueryRowContext(ctx, "SELECT pg_terminate_backend($1)", pid).Scan(&ok); err != nil || !ok {
			t.Fatalf("terminate backend %d: %v %v", pid, ok, err)
		}
		// The first statement reads the server's FATAL message, a second
		// one meets pgx's "conn closed": both are outages.
		for range 2 {
			if _, err := tx.ExecContext(ctx, "SELECT 1"); err == nil {
				t.Fatal("a statement on a terminated backend succeeded")
			} else if !errors.Is(store.Classify(err), store.ErrUnavailable) {
				t.Fatalf("statement after terminate: %v (%T), want ErrUnavailable", err, err)
			}
		}
		return nil // commit: fails on the dead connection
	})
	if !errors.Is(err, store.ErrUnavailable) {
		t.Fatalf("WithTx on a terminated backend = %v, want ErrUnavailable", err)
	}
	// Recovered: the pool opens a new connection.
	if err := db.Ping(ctx); err != nil {
		t.Fatalf("ping after terminate: %v", err)
	}
	if _, err := db.UserByEmail(ctx, "nobody@example.com"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("query after terminate: %v", err)
	}
}

// pgx's "conn closed", however wrapped, is an outage.
func TestConnClosedClassified(t *testing.T) {
	for _, err := range []error{pgconn.ErrConnClosed, fmt.Errorf("commit: %w", pgconn.ErrConnClosed)} {
		if !errors.Is(store.Classify(err), store.ErrUnavailable) {
			t.Errorf("%v: not unavailable", err)
		}
	}
}

// A table locked by a hung session does not hold PostgreSQL's callers
// beyond their deadline (the web layer's request deadline) and the
// statement_timeout the store sets on every connection.
func TestLockedTableBoundedByStatementTimeout(t *testing.T) {
	base := storetest.PostgresURL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := store.Open(ctx, store.Config{DatabaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	var timeout string
	if err := db.SQL().QueryRowContext(ctx, "SHOW statement_timeout").Scan(&timeout); err != nil || timeout != "30s" {
		t.Fatalf("statement_timeout = %q, %v; want 30s", timeout, err)
	}

	// A short statement_timeout from the URL wins over the default.
	short, err := store.Open(ctx, store.Config{DatabaseURL: base + "&statement_timeout=300"})
	if err != nil {
		t.Fatal(err)
	}
	defer short.Close()
	locker, err := db.SQL().BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer locker.Rollback()
	if _, err := locker.ExecContext(ctx, "LOCK TABLE users IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = short.UserByEmail(ctx, "a@example.com")
	if !errors.Is(err, store.ErrUnavailable) || time.Since(start) > 5*time.Second {
		t.Fatalf("read of a locked table: %v after %v; want ErrUnavailable within the statement timeout", err, time.Since(start))
	}
	// The caller's deadline bounds it too, and the pool recovers.
	qctx, qcancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer qcancel()
	start = time.Now()
	if _, err := db.UserByEmail(qctx, "a@example.com"); err == nil || time.Since(start) > 3*time.Second {
		t.Fatalf("read with a 500 ms deadline: %v after %v", err, time.Since(start))
	}
	locker.Rollback()
	if _, err := db.UserByEmail(ctx, "a@example.com"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("after the lock is gone: %v", err)
	}
}
