package store_test

import (
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

func TestHit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		w := time.Minute
		cases := []struct {
			key       string
			now       time.Time
			wantCount int
			wantReset time.Time
		}{
			{"login:1.2.3.4", t0, 1, t0.Add(w)},
			{"login:1.2.3.4", t0.Add(time.Second), 2, t0.Add(w)},
			{"signup:1.2.3.4", t0.Add(time.Second), 1, t0.Add(time.Second + w)},
			{"login:1.2.3.4", t0.Add(w - time.Microsecond), 3, t0.Add(w)},
			// The window ends at window_end: a hit exactly then starts a new one.
			{"login:1.2.3.4", t0.Add(w), 1, t0.Add(2 * w)},
			{"login:1.2.3.4", t0.Add(w + time.Second), 2, t0.Add(2 * w)},
			{"login:1.2.3.4", t0.Add(10 * w), 1, t0.Add(11 * w)},
		}
		for i, tc := range cases {
			n, reset, err := db.Hit(ctx, tc.key, w, tc.now)
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			if n != tc.wantCount {
				t.Errorf("case %d (%s at +%v): count = %d, want %d", i, tc.key, tc.now.Sub(t0), n, tc.wantCount)
			}
			sameTime(t, "resetAt", reset, tc.wantReset)
		}
	})
}

func TestHitConcurrent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		const n = 20
		counts := make([]int, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Go(func() {
				<-start
				counts[i], _, errs[i] = db.Hit(ctx, "burst", time.Hour, t0)
			})
		}
		close(start)
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		slices.Sort(counts)
		for i, c := range counts {
			if c != i+1 {
				t.Fatalf("counts = %v, want exactly 1..%d", counts, n)
			}
		}
	})
}
