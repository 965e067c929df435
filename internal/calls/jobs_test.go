package calls_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/belwise/site/internal/vapiapi"
)

// The retention purge and the backfill are periodic jobs: each period
// runs once (the backfill asks Vapi once per linked assistant), the next
// period runs again, and without a Vapi key there is no backfill job.
func TestPeriodicCallJobs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		setup(t, db, 10)
		fake := &fakeVapi{}
		srv := httptest.NewServer(fake)
		defer srv.Close()
		now := time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)
		clock := func() time.Time { return now }
		svc := calls.New(calls.Options{DB: db, Now: clock})
		requests := func() int {
			fake.mu.Lock()
			defer fake.mu.Unlock()
			return len(fake.requests)
		}
		w := jobs.New(db, nil, jobs.Options{Now: clock})
		svc.RegisterJobs(w, &vapiapi.Client{BaseURL: srv.URL, Key: fakeKey})
		for range 3 {
			if _, err := w.RunOnce(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if n := requests(); n != 1 {
			t.Fatalf("Vapi asked %d times in one period, want 1", n)
		}
		keyed := func() map[string]string {
			t.Helper()
			rows, err := db.SQL().QueryContext(ctx, `SELECT unique_key, state FROM jobs`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			out := map[string]string{}
			for rows.Next() {
				var k, s string
				if err := rows.Scan(&k, &s); err != nil {
					t.Fatal(err)
				}
				out[k] = s
			}
			return out
		}
		want := map[string]string{"calls.retention:2026-03-10T10:00": "done", "calls.backfill:2026-03-10T10:00": "done"}
		if got := keyed(); len(got) != 2 || got["calls.retention:2026-03-10T10:00"] != "done" || got["calls.backfill:2026-03-10T10:00"] != "done" {
			t.Fatalf("jobs %v, want %v", got, want)
		}
		now = now.Add(calls.BackfillInterval)
		if _, err := w.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		if n := requests(); n != 2 {
			t.Fatalf("Vapi asked %d times in two periods, want 2", n)
		}
		if got := keyed(); len(got) != 3 {
			t.Fatalf("jobs %v: want the retention hour once and two backfills", got)
		}

		// Without a key: the retention job only.
		other := jobs.New(db, nil, jobs.Options{Now: clock})
		svc.RegisterJobs(other, nil)
		now = now.Add(time.Hour)
		if _, err := other.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		if n := requests(); n != 2 {
			t.Fatalf("asked Vapi without a key")
		}
		if got := keyed(); got["calls.retention:2026-03-10T11:00"] != "done" || len(got) != 4 {
			t.Fatalf("jobs %v", got)
		}
	})
}
