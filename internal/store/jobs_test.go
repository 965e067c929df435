package store_test

import (
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// A unique key stops a second job while the first is pending or running;
// UniqueEver also once it finished. A late outcome from a worker whose lease
// ran out does not undo the outcome of the worker that took over, and a
// released job is due at once without the claim counted.
func TestJobUniqueAndRelease(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		count := func(key string) int {
			t.Helper()
			var n int
			if err := db.SQL().QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM jobs WHERE unique_key = ?`), key).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		once := store.NewJob{Kind: "k", UniqueKey: "k:1"}
		for range 3 {
			if err := db.EnqueueJobs(ctx, t0, once); err != nil {
				t.Fatal(err)
			}
		}
		if n := count("k:1"); n != 1 {
			t.Fatalf("%d pending jobs with one key, want 1", n)
		}
		got, err := db.ClaimJobs(ctx, t0, time.Minute, 10)
		if err != nil || len(got) != 1 || got[0].State != store.JobRunning || got[0].UniqueKey != "k:1" {
			t.Fatalf("claim = %+v, %v", got, err)
		}
		if err := db.EnqueueJobs(ctx, t0, once); err != nil || count("k:1") != 1 {
			t.Fatalf("a running key was inserted again (%v)", err)
		}
		// The lease runs out; another worker takes the job and finishes it.
		again, err := db.ClaimJobs(ctx, t0.Add(time.Minute), time.Minute, 10)
		if err != nil || len(again) != 1 || again[0].Attempts != 2 {
			t.Fatalf("claim after the lease = %+v, %v", again, err)
		}
		if err := db.MarkJobDone(ctx, got[0].ID, t0.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if err := db.MarkJobRetry(ctx, got[0].ID, "late", t0, t0); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := db.NextJobDue(ctx); ok {
			t.Fatal("a late retry reopened a done job")
		}
		wantErr(t, "MarkJobDone unknown", db.MarkJobDone(ctx, 999999, t0), store.ErrNotFound)

		// Done: a plain unique key may run again, a UniqueEver key not.
		if err := db.EnqueueJobs(ctx, t0, store.NewJob{Kind: "k", UniqueKey: "k:1", UniqueEver: true}); err != nil || count("k:1") != 1 {
			t.Fatalf("UniqueEver inserted a finished key again (%v)", err)
		}
		if err := db.EnqueueJobs(ctx, t0, once); err != nil || count("k:1") != 2 {
			t.Fatalf("a finished key could not be queued again (%v)", err)
		}

		// Release hands a claimed job back, due now, the claim not counted.
		claimed, err := db.ClaimJobs(ctx, t0.Add(time.Hour), time.Hour, 10)
		if err != nil || len(claimed) != 1 || claimed[0].Attempts != 1 {
			t.Fatalf("claim = %+v, %v", claimed, err)
		}
		if err := db.ReleaseJobs(ctx, t0.Add(time.Hour), claimed[0].ID); err != nil {
			t.Fatal(err)
		}
		back, err := db.ClaimJobs(ctx, t0.Add(time.Hour), time.Hour, 10)
		if err != nil || len(back) != 1 || back[0].ID != claimed[0].ID || back[0].Attempts != 1 {
			t.Fatalf("claim after release = %+v, %v", back, err)
		}
	})
}
