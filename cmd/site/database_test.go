package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/belwise/site/internal/config"
	"github.com/belwise/site/internal/store/storetest"
)

// flakyProxy refuses connections until up is set, then forwards them to
// target: a PostgreSQL server that is down at start and comes back.
func flakyProxy(t *testing.T, target string) (addr string, up *atomic.Bool) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	up = new(atomic.Bool)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			if !up.Load() {
				c.Close()
				continue
			}
			go func() {
				defer c.Close()
				s, err := net.Dial("tcp", target)
				if err != nil {
					return
				}
				defer s.Close()
				go io.Copy(s, c)
				io.Copy(c, s)
			}()
		}
	}()
	return ln.Addr().String(), up
}

func TestDatabaseDownAtStartIsRetried(t *testing.T) {
	base := storetest.PostgresURL(t) // skips without TEST_DATABASE_URL
	u, _ := url.Parse(base)
	addr, up := flakyProxy(t, u.Host)
	u.Host = addr
	q := u.Query()
	q.Set("connect_timeout", "2")
	u.RawQuery = q.Encode()

	retryEvery = 200 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := config.Config{DatabaseURL: u.String(), SeedDemo: true}
	log := slog.New(slog.DiscardHandler)

	db, err := openDatabase(ctx, cfg, log)
	if err != nil {
		t.Fatalf("an unreachable PostgreSQL must not stop the server: %v", err)
	}
	defer db.Close()
	if db.ready.Load() {
		t.Fatal("ready before the database answered")
	}
	ready := db.readiness(runningWorker(true))
	if ready(ctx) {
		t.Fatal("/readyz ready before the database answered")
	}

	up.Store(true)
	deadline := time.Now().Add(15 * time.Second)
	for !db.ready.Load() {
		if time.Now().After(deadline) {
			t.Fatal("never became ready after the database came back")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !ready(ctx) {
		t.Fatal("/readyz not ready once the database answered")
	}
	// Migrated, and never seeded: demo data is for the embedded database only.
	if empty, err := db.IsEmpty(ctx); err != nil || !empty {
		t.Fatalf("IsEmpty = %v, %v; PostgreSQL must not be seeded automatically", empty, err)
	}
}

func TestEmbeddedDatabaseIsSeededOnce(t *testing.T) {
	dir := t.TempDir()
	log := slog.New(slog.DiscardHandler)
	for i := 0; i < 2; i++ {
		db, err := openDatabase(context.Background(), config.Config{DataDir: dir, SeedDemo: true}, log)
		if err != nil {
			t.Fatal(err)
		}
		u, err := db.UserByEmail(context.Background(), demoEmail)
		if err != nil || u.EmailVerifiedAt == nil {
			t.Fatalf("start %d: demo buyer %+v, %v", i+1, u, err)
		}
		orders, err := db.OrdersByBuyer(context.Background(), u.ID)
		if err != nil || len(orders) != 7 {
			t.Fatalf("start %d: %d demo orders, %v", i+1, len(orders), err)
		}
		db.Close()
	}
	db, err := openDatabase(context.Background(), config.Config{DataDir: t.TempDir(), SeedDemo: false}, log)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if empty, _ := db.IsEmpty(context.Background()); !empty {
		t.Fatal("SEED_DEMO=false still seeded")
	}
}

func TestSeedCommand(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"DATA_DIR": dir}
	for i, want := range []string{"seeded the sqlite database: demo buyer demo@example.com", "already holds the demo buyer"} {
		var out strings.Builder
		if code := run(context.Background(), []string{"seed"}, func(k string) string { return env[k] }, &out); code != 0 || !strings.Contains(out.String(), want) {
			t.Fatalf("run %d: exit %d, output %q", i+1, code, out.String())
		}
	}
}

type runningWorker bool

func (r runningWorker) Running() bool { return bool(r) }

// /readyz's check: a migrated database that answers, and a running worker.
func TestReadiness(t *testing.T) {
	ctx := context.Background()
	db, err := openDatabase(ctx, config.Config{DataDir: t.TempDir()}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if !db.readiness(runningWorker(true))(ctx) {
		t.Fatal("not ready with the database migrated and the worker running")
	}
	if db.readiness(runningWorker(false))(ctx) {
		t.Fatal("ready while the worker is not running")
	}
	db.ready.Store(false) // not migrated (yet)
	if db.readiness(runningWorker(true))(ctx) {
		t.Fatal("ready before migrating")
	}
	db.ready.Store(true)
	db.Close() // the database does not answer
	if db.readiness(runningWorker(true))(ctx) {
		t.Fatal("ready with the database closed")
	}
}
