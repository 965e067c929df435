package jobs_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

var t0 = time.Date(2026, 11, 25, 16, 5, 0, 0, time.UTC)

func TestPeriodKey(t *testing.T) {
	if got := jobs.PeriodKey("retention", time.Hour, t0); got != "retention:2026-11-25T16:00" {
		t.Errorf("hourly key %q", got)
	}
	if got := jobs.PeriodKey("backfill", 10*time.Minute, t0.Add(9*time.Minute)); got != "backfill:2026-11-25T16:10" {
		t.Errorf("10-minute key %q", got)
	}
}

// Two instances scheduling the same periodic kind run each period once,
// and the next period runs again.
func TestEveryRunsEachPeriodOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := t0
		clock := func() time.Time { return now }
		var runs atomic.Int32
		h := func(context.Context, store.Job) error { runs.Add(1); return nil }
		a := jobs.New(db, nil, jobs.Options{Now: clock})
		b := jobs.New(db, nil, jobs.Options{Now: clock})
		a.Every("retention", time.Hour, h)
		b.Every("retention", time.Hour, h)
		for range 3 {
			for _, w := range []*jobs.Worker{a, b} {
				if _, err := w.RunOnce(ctx); err != nil {
					t.Fatal(err)
				}
			}
		}
		// A restarted instance (nothing remembered) schedules nothing new.
		c := jobs.New(db, nil, jobs.Options{Now: clock})
		c.Every("retention", time.Hour, h)
		if _, err := c.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		if n := runs.Load(); n != 1 {
			t.Fatalf("ran %d times in one hour, want 1", n)
		}
		now = now.Add(time.Hour)
		for _, w := range []*jobs.Worker{b, a, c} {
			if _, err := w.RunOnce(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if n := runs.Load(); n != 2 {
			t.Fatalf("ran %d times in two hours, want 2", n)
		}
	})
}

// Run, stopped while jobs of its batch wait, hands them back at once: a
// restarted worker runs them without waiting for the lease.
func TestShutdownReleasesClaimedJobs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		for range 3 {
			if err := db.EnqueueJobs(ctx, time.Now(), store.NewJob{Kind: "slow"}); err != nil {
				t.Fatal(err)
			}
		}
		started := make(chan struct{})
		w := jobs.New(db, nil, jobs.Options{Lease: time.Hour})
		w.Register("slow", func(c context.Context, j store.Job) error {
			close(started)
			<-c.Done()
			return c.Err()
		})
		done := make(chan struct{})
		go func() { w.Run(ctx); close(done) }()
		<-started
		cancel()
		<-done

		var ran atomic.Int32
		again := jobs.New(db, nil, jobs.Options{Lease: time.Hour})
		again.Register("slow", func(context.Context, store.Job) error { ran.Add(1); return nil })
		if n, err := again.RunOnce(context.Background()); err != nil || n != 3 || ran.Load() != 3 {
			t.Fatalf("after restart: %d done (%d ran), %v; want all 3 at once", n, ran.Load(), err)
		}
	})
}

func TestRegisterPanicsOnMistakes(t *testing.T) {
	w := jobs.New(nil, nil, jobs.Options{})
	w.Register("k", func(context.Context, store.Job) error { return nil })
	for name, f := range map[string]func(){
		"duplicate": func() { w.Register("k", func(context.Context, store.Job) error { return nil }) },
		"nil":       func() { w.Register("x", nil) },
		"no period": func() { w.Every("y", 0, func(context.Context, store.Job) error { return nil }) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// A handler's RetryAt picks the next attempt's time, past the Worker's own
// backoff and MaxAttempts; Permanent then ends it.
func TestRetryAtKeepsTheHandlersSchedule(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := t0
		w := jobs.New(db, nil, jobs.Options{Now: func() time.Time { return now }, MaxAttempts: 1})
		var runs atomic.Int32
		w.Register("hook", func(context.Context, store.Job) error {
			if runs.Add(1) < 3 {
				return jobs.RetryAt(errors.New("503"), now.Add(5*time.Hour))
			}
			return jobs.Permanent(errors.New("gave up"))
		})
		if err := db.EnqueueJobs(ctx, now, store.NewJob{Kind: "hook"}); err != nil {
			t.Fatal(err)
		}
		step := func(d time.Duration, want int32) {
			t.Helper()
			now = now.Add(d)
			if _, err := w.RunOnce(ctx); err != nil {
				t.Fatal(err)
			}
			if n := runs.Load(); n != want {
				t.Fatalf("after %v: %d runs, want %d", d, n, want)
			}
		}
		step(0, 1)
		step(4*time.Hour, 1) // not due yet
		step(time.Hour, 2)   // due at +5 h, though MaxAttempts is 1
		step(5*time.Hour, 3)
		step(24*time.Hour, 3) // Permanent: never again
		failed, _, err := db.ListJobs(ctx, store.JobFailed, store.Page{})
		if err != nil || len(failed) != 1 || failed[0].Attempts != 3 {
			t.Fatalf("%+v %v", failed, err)
		}
	})
}

// Running is true while Run runs (the readiness check), false after.
func TestRunning(t *testing.T) {
	db := storetest.SQLite(t)
	w := jobs.New(db, nil, jobs.Options{})
	if w.Running() {
		t.Fatal("running before Run")
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	deadline := time.Now().Add(5 * time.Second)
	for !w.Running() {
		if time.Now().After(deadline) {
			t.Fatal("not running after Run started")
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-done
	if w.Running() {
		t.Fatal("still running after Run returned")
	}
}
