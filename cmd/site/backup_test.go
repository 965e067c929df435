package main

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/belwise/site/internal/config"
	"github.com/belwise/site/internal/store"
)

// `site backup FILE` while another connection writes all the time: the
// copy passes its check, and a site started on it (the README's restore:
// the copy as DATA_DIR/site.db) is migrated, ready and holds the data,
// including rows written before the backup began. The WAL is then
// checkpointed down to nothing.
func TestBackupUnderWriteLoad(t *testing.T) {
	dir := t.TempDir()
	log := slog.New(slog.DiscardHandler)
	ctx := context.Background()
	live, err := openDatabase(ctx, config.Config{DataDir: dir, SeedDemo: true}, log)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()

	// The load: jobs enqueued as fast as the database takes them.
	var wrote atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			if err := live.EnqueueJobs(ctx, time.Now(), store.NewJob{Kind: "load"}); err != nil {
				t.Errorf("writer: %v", err)
				return
			}
			wrote.Add(1)
		}
	})
	for wrote.Load() < 50 {
		time.Sleep(5 * time.Millisecond)
	}
	before := wrote.Load()

	copyDir := t.TempDir()
	file := filepath.Join(copyDir, "site.db")
	env := map[string]string{"DATA_DIR": dir}
	var out strings.Builder
	if code := run(ctx, []string{"backup", file}, func(k string) string { return env[k] }, &out); code != 0 {
		t.Fatalf("backup under load: exit %d: %s", code, out.String())
	}
	during := wrote.Load() - before
	close(stop)
	wg.Wait()
	if during == 0 {
		t.Error("the writer wrote nothing during the backup: it was not under load")
	}
	if !strings.Contains(out.String(), "integrity check: ok") {
		t.Errorf("output %q", out.String())
	}

	// A second backup to the same file is refused.
	if code := run(ctx, []string{"backup", file}, func(k string) string { return env[k] }, &out); code == 0 {
		t.Error("backup over an existing file succeeded")
	}

	// Restore: a site on the copy.
	restored, err := openDatabase(ctx, config.Config{DataDir: copyDir, SeedDemo: true}, log)
	if err != nil {
		t.Fatalf("starting on the copy: %v", err)
	}
	defer restored.Close()
	if !restored.ready.Load() {
		t.Fatal("the copy is not ready")
	}
	if u, err := restored.UserByEmail(ctx, demoEmail); err != nil || u.Email != demoEmail {
		t.Fatalf("demo buyer in the copy: %+v, %v", u, err)
	}
	var n int64
	if err := restored.SQL().QueryRow("SELECT count(*) FROM jobs WHERE kind = 'load'").Scan(&n); err != nil || n < before {
		t.Fatalf("copy holds %d load jobs (%v), want at least the %d written before", n, err, before)
	}
	t.Logf("%d jobs written before, %d during the backup; the copy holds %d", before, during, n)

	// Without load the WAL is checkpointed to an empty file.
	if err := live.Backup(ctx, filepath.Join(t.TempDir(), "again.db")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "site.db-wal")); err == nil && fi.Size() != 0 {
		t.Errorf("WAL is %d bytes after the backup's checkpoint", fi.Size())
	}
}

// On PostgreSQL the command explains pg_dump and fails.
func TestBackupOnPostgresExplainsPgDump(t *testing.T) {
	env := map[string]string{"DATABASE_URL": "postgres://postgres@127.0.0.1:1/x", "DATA_DIR": t.TempDir()}
	var out strings.Builder
	code := run(context.Background(), []string{"backup", filepath.Join(t.TempDir(), "x.db")}, func(k string) string { return env[k] }, &out)
	if code == 0 || !strings.Contains(out.String(), "pg_dump") || !strings.Contains(out.String(), "pg_restore") {
		t.Fatalf("exit %d: %s", code, out.String())
	}
	if code := run(context.Background(), []string{"backup"}, func(k string) string { return env[k] }, &out); code != exitUsage {
		t.Fatalf("backup without FILE: exit %d", code)
	}
}
