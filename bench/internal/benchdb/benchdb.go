// Package benchdb isolates a benchmark run in a PostgreSQL schema of its
// own, so it never touches real data and leaves nothing behind.
package benchdb

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"

	"github.com/belwise/site/internal/store"
)

// TempSchema creates a fresh schema in the database at base and returns a
// URL whose connections use it, and a function that drops it.
func TempSchema(ctx context.Context, base string) (string, func(), error) {
	admin, err := store.Open(ctx, store.Config{DatabaseURL: base})
	if err != nil {
		return "", nil, err
	}
	var b [6]byte
	rand.Read(b[:])
	schema := "bench_" + hex.EncodeToString(b[:])
	if _, err := admin.SQL().ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		admin.Close()
		return "", nil, err
	}
	u, err := url.Parse(base)
	if err != nil {
		admin.Close()
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema) // pgx passes unknown parameters on as run-time settings
	u.RawQuery = q.Encode()
	return u.String(), func() {
		admin.SQL().ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		admin.Close()
	}, nil
}

// Engines runs fn on a fresh SQLite database in a temporary folder, then,
// when pgURL is set, on PostgreSQL in a temporary schema, and removes both.
// name is "SQLite" or "PostgreSQL". Without pgURL it says PostgreSQL was
// skipped.
func Engines(ctx context.Context, pgURL string, fn func(name string, cfg store.Config)) error {
	dir, err := os.MkdirTemp("", "bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	fn("SQLite", store.Config{DataDir: dir})
	if pgURL == "" {
		fmt.Println("\n(PostgreSQL skipped: pass -postgres or set TEST_DATABASE_URL)")
		return nil
	}
	u, drop, err := TempSchema(ctx, pgURL)
	if err != nil {
		return err
	}
	defer drop()
	fn("PostgreSQL", store.Config{DatabaseURL: u})
	return nil
}
