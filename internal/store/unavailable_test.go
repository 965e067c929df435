package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
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
