package billing_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/billing"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// twoInstances opens two handles on one new database, as two servers
// sharing it would.
func twoInstances(t *testing.T, engine string) (*store.DB, *store.DB) {
	t.Helper()
	ctx := context.Background()
	cfg := store.Config{DataDir: t.TempDir()}
	if engine == "postgres" {
		cfg = store.Config{DatabaseURL: storetest.PostgresURL(t)}
	}
	var dbs [2]*store.DB
	for i := range dbs {
		db, err := store.Open(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		dbs[i] = db
	}
	if err := dbs[0].Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	return dbs[0], dbs[1]
}

// Two instances issue 48 invoices at once: 6 companies × 4 months, each
// asked twice (once per instance). Each month of each company is invoiced
// exactly once, and the numbers are 2026-0001 … 2026-0024: no gap (the
// refused doubles gave theirs back) and no repeat.
func TestNumberingConcurrent(t *testing.T) {
	for _, engine := range []string{"sqlite", "postgres"} {
		t.Run(engine, func(t *testing.T) {
			a, b := twoInstances(t, engine)
			e := newEnv(t, a, fakeDocs{})
			clock := func() time.Time { return e.now }
			second := billing.New(billing.Options{DB: b, Agency: agency, Documents: fakeDocs{}, Now: clock})
			const companies = 6
			periods := []string{"2026-07", "2026-08", "2026-09", "2026-10"}
			var buyers []string
			for i := range companies {
				buyer := e.buyer("en", dutch(fmt.Sprintf("Company %d", i)))
				e.order(buyer, 100000, 4999, 10, ams("2026-06-01 09:00"), time.Time{})
				buyers = append(buyers, buyer)
			}
			type result struct {
				number string
				err    error
			}
			results := make(chan result, companies*len(periods)*2)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for _, buyer := range buyers {
				for _, p := range periods {
					for _, svc := range []*billing.Service{e.svc, second} {
						wg.Go(func() {
							<-start
							inv, err := svc.Issue(context.Background(), "", buyer, p)
							results <- result{inv.Number, err}
						})
					}
				}
			}
			close(start)
			wg.Wait()
			close(results)
			var numbers []string
			refused := 0
			for r := range results {
				switch ae, _ := apierr.As(r.err); {
				case r.err == nil:
					numbers = append(numbers, r.number)
				case ae != nil && ae.Code == apierr.CodeAlreadyInvoiced:
					refused++
				default:
					t.Errorf("issue: %v", r.err)
				}
			}
			want := companies * len(periods)
			if len(numbers) != want || refused != want {
				t.Fatalf("%d issued, %d refused; want %d of each", len(numbers), refused, want)
			}
			slices.Sort(numbers)
			for i, n := range numbers {
				if w := fmt.Sprintf("2026-%04d", i+1); n != w {
					t.Fatalf("numbers %v: #%d is %s, want %s", numbers, i, n, w)
				}
			}
			// Each company has one invoice per month, as the database holds them.
			all, err := b.Invoices(context.Background(), store.InvoiceFilter{})
			if err != nil || len(all) != want {
				t.Fatalf("%d invoices stored, %v", len(all), err)
			}
			seen := map[string]bool{}
			for _, v := range all {
				key := v.CompanyID + v.Period
				if seen[key] {
					t.Errorf("two invoices for %s", key)
				}
				seen[key] = true
			}
			// The next year starts again at 0001.
			e.now = ams("2027-01-04 09:00")
			inv, err := second.Issue(context.Background(), "", buyers[0], "2026-12")
			if err != nil || inv.Number != "2027-0001" {
				t.Fatalf("new year: %+v, %v", inv, errors.Unwrap(err))
			}
		})
	}
}
