// Command contacts measures an order's contacts (its calls grouped by the
// caller's number) on embedded SQLite and (with -postgres or
// $TEST_DATABASE_URL) on PostgreSQL: p50/p99 of the store's first page of
// contacts, of one contact with the first page of its calls, and of a
// call's neighbours, for an order with 50,000 calls from 5,000 numbers
// over a year, a third of them naming the caller in their call data.
// When calls.data does not exist yet (before the call data migration), the
// benchmark adds it to its own database so the names' query is measured.
//
// Usage:
//
//	go run ./bench/contacts [-calls 50000] [-numbers 5000] [-n 200] [-postgres postgres://…]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"slices"
	"syscall"
	"time"

	"github.com/belwise/site/bench/internal/benchdb"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/demo"
	"github.com/belwise/site/internal/store"
)

const assistant = "c0000000-0000-4000-8000-000000000001"

func main() {
	total := flag.Int("calls", 50_000, "calls of the measured order")
	numbers := flag.Int("numbers", 5_000, "distinct callers")
	n := flag.Int("n", 200, "measured runs per query")
	index := flag.Bool("index", true, "keep calls_contact, the index migration 00014 adds for the contacts queries (false drops it)")
	pg := flag.String("postgres", os.Getenv("TEST_DATABASE_URL"), "PostgreSQL URL (a temporary schema is used and dropped)")
	flag.Parse()
	ctx := context.Background()
	check(benchdb.Engines(ctx, *pg, func(name string, cfg store.Config) { run(ctx, name, cfg, *total, *numbers, *n, *index) }))
}

// Migration 00014 adds calls_contact, the index that lets both engines read
// an order's contacts from the index alone; -index=false drops it to see
// the queries without it.

func run(ctx context.Context, name string, cfg store.Config, total, numbers, n int, index bool) {
	db, err := store.Open(ctx, cfg)
	check(err)
	defer db.Close()
	check(db.Migrate(ctx))
	_, err = demo.Seed(ctx, db, demo.Accounts{Buyer: demo.User{Email: "contacts@bench.invalid", PasswordHash: "x", FullName: "Bench", Locale: "en"}}, time.Now().UTC())
	check(err)
	buyer, err := db.UserByEmail(ctx, "contacts@bench.invalid")
	check(err)
	check(db.CreateOrders(ctx, []store.NewOrder{{BuyerID: buyer.ID, AgentID: demo.Catalogue[0].ID, Status: "completed", AmountCents: 1, CreatedAt: time.Now().Add(time.Hour)}}))
	orders, err := db.OrdersByBuyer(ctx, buyer.ID)
	check(err)
	a := assistant
	o, _, err := db.SetOrderLink(ctx, orders[0].ID, store.OrderLink{AssistantID: &a}, orders[0].Version, "", time.Now())
	check(err)

	start := time.Now()
	rng := rand.New(rand.NewPCG(1, 2))
	now := time.Now().UTC()
	for done := 0; done < total; {
		rs := make([]store.CallReport, 0, 5000)
		for ; len(rs) < 5000 && done < total; done++ {
			at := now.Add(-time.Duration(rng.Int64N(int64(365 * 24 * time.Hour))))
			end := at.Add(time.Minute)
			rs = append(rs, store.CallReport{VapiCallID: fmt.Sprintf("contact-%06d", done), AssistantID: assistant, Type: store.CallInbound,
				CustomerNumber: fmt.Sprintf("+316%08d", rng.IntN(numbers)), StartedAt: &at, EndedAt: &end, DurationSeconds: 60,
				EndedReason: "customer-ended-call", Summary: "A call.", Report: true})
		}
		check(db.ImportCalls(ctx, rs, now, calls.Merge))
	}
	_, err = db.SQL().ExecContext(ctx, `UPDATE calls SET data = '{"caller_name":"Caller '||id||'"}' WHERE id % 3 = 0`)
	check(err)
	if index {
		name += " with calls_contact"
	} else {
		_, err = db.SQL().ExecContext(ctx, `DROP INDEX calls_contact`)
		check(err)
	}
	if db.Embedded() {
		_, err = db.SQL().ExecContext(ctx, "ANALYZE")
	} else {
		_, err = db.SQL().ExecContext(ctx, "VACUUM ANALYZE calls")
	}
	check(err)
	fmt.Printf("\n## %s\n\n%d calls from %d numbers for one order, over a year (inserted in %s).\n\n", name, total, numbers, time.Since(start).Round(time.Second))

	first, _, err := db.OrderContacts(ctx, o.ID, store.Page{})
	check(err)
	number := first[0].Number
	cs, _, err := db.ContactCalls(ctx, o.ID, number, store.Page{})
	check(err)
	// The process's CPU time per query as well: on SQLite the query runs in
	// this process, so it is what the query costs whatever else the machine
	// is doing (wall times on a busy machine are mostly waiting).
	fmt.Println("| query | p50 | p90 | p99 | max | CPU per query (this process) |\n|---|---|---|---|---|---|")
	for _, q := range []struct {
		name string
		fn   func()
	}{
		{"contacts, first page (50)", func() { _, _, err := db.OrderContacts(ctx, o.ID, store.Page{}); check(err) }},
		{"one contact + its first page of calls", func() {
			_, err := db.OrderContact(ctx, o.ID, number)
			check(err)
			_, _, err = db.ContactCalls(ctx, o.ID, number, store.Page{})
			check(err)
		}},
		{"a call's neighbours", func() { _, _, err := db.CallNeighbours(ctx, o.ID, cs[0]); check(err) }},
	} {
		times := make([]time.Duration, 0, n)
		var cpu time.Duration
		for j := 0; j < n+10; j++ {
			if j == 10 {
				cpu = cpuTime()
			}
			t := time.Now()
			q.fn()
			if j >= 10 {
				times = append(times, time.Since(t))
			}
		}
		slices.Sort(times)
		pct := func(p float64) time.Duration { return times[int(p*float64(len(times)-1))] }
		fmt.Printf("| %s | %s | %s | %s | %s | %s |\n", q.name, ms(pct(0.5)), ms(pct(0.9)), ms(pct(0.99)), ms(times[len(times)-1]),
			ms((cpuTime()-cpu)/time.Duration(n)))
	}
	plan, err := db.ExplainOrderContacts(ctx, o.ID)
	check(err)
	fmt.Printf("\nPlan of the contacts' first page:\n\n```\n%s\n```\n", plan)
}

// cpuTime is the user and system CPU time this process has used.
func cpuTime() time.Duration {
	var u syscall.Rusage
	check(syscall.Getrusage(syscall.RUSAGE_SELF, &u))
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
