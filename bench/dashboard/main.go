// Command dashboard measures the server time of GET /api/dashboard for a
// buyer with 1,000 orders and one with 10, on embedded SQLite and (with
// -postgres or $TEST_DATABASE_URL) on PostgreSQL, and prints the query
// plan of the orders query.
//
//	go run ./bench/dashboard [-n 500] [-postgres postgres://…]
//
// The request runs through the whole HTTP handler (session lookup, query,
// JSON, gzip), in process, so the figures are the server's own time without
// network or client noise.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	crand "crypto/rand"

	"github.com/belwise/site/bench/internal/benchdb"
	"github.com/belwise/site/bench/internal/benchsite"
	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/catalogue"
	"github.com/belwise/site/internal/demo"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/web"
)

const (
	otherBuyers    = 300
	ordersPerOther = 30
)

func main() {
	n := flag.Int("n", 500, "requests per buyer")
	pg := flag.String("postgres", os.Getenv("TEST_DATABASE_URL"), "PostgreSQL URL (a temporary schema is used and dropped)")
	profile := flag.String("cpuprofile", "", "write a CPU profile of the measured requests to this file")
	flag.Parse()
	ctx := context.Background()
	if *profile != "" {
		f, err := os.Create(*profile)
		check(err)
		check(pprof.StartCPUProfile(f))
		defer pprof.StopCPUProfile()
	}

	check(benchdb.Engines(ctx, *pg, func(name string, cfg store.Config) { run(ctx, name, cfg, *n) }))
}

func run(ctx context.Context, name string, cfg store.Config, n int) {
	db, err := store.Open(ctx, cfg)
	check(err)
	defer db.Close()
	check(db.Migrate(ctx))
	hash, err := auth.HashPassword(ctx, "bench password")
	check(err)
	_, err = demo.Seed(ctx, db, demo.Accounts{Buyer: demo.User{Email: "demo@example.com", PasswordHash: hash, FullName: "Demo", Locale: "en"}}, time.Now().UTC())
	check(err)
	agents, err := db.Agents(ctx)
	check(err)

	svc := auth.New(auth.Options{DB: db, RateLimitScale: 10000})
	quotes, err := quote.New(quote.Options{DB: db, Inbox: "quotes@bench.invalid"})
	check(err)
	h, err := web.New(web.Options{Site: web.Dist(), SiteURL: "http://bench.invalid", Auth: svc, Orders: orders.New(orders.Options{DB: db}), Catalogue: catalogue.New(db, nil), Quotes: quotes, DBReady: func() bool { return true }})
	check(err)

	// Other buyers' orders, so the table looks like a live one and the
	// planner has a reason to use the index (a table holding only our
	// buyer's rows is best read whole).
	others := make([]store.NewOrder, 0, otherBuyers*ordersPerOther)
	for b := 0; b < otherBuyers; b++ {
		u, err := db.CreateUser(ctx, store.NewUser{Email: fmt.Sprintf("other-%d@example.com", b), PasswordHash: hash, Locale: "en"}, time.Now().UTC())
		check(err)
		for i := 0; i < ordersPerOther; i++ {
			others = append(others, store.NewOrder{BuyerID: u.ID, AgentID: agents[(b+i)%len(agents)].ID, Status: "completed",
				AmountCents: 250_000, CreatedAt: time.Now().UTC().Add(-time.Duration(b*ordersPerOther+i) * time.Minute)})
		}
	}
	check(db.CreateOrders(ctx, others))

	fmt.Printf("\n## %s\n\nTable: %d orders of %d other buyers, plus the two below.\n\n| buyer | orders | p50 | p90 | p99 | max | response bytes |\n|---|---|---|---|---|---|---|\n", name, len(others), otherBuyers)
	var bigBuyer, smallBuyer string
	for _, count := range []int{1000, 10} {
		email := fmt.Sprintf("buyer-%d@example.com", count)
		u := verifiedBuyer(ctx, db, email, hash)
		if count == 1000 {
			bigBuyer = u.ID
		} else {
			smallBuyer = u.ID
		}
		statuses := []string{"completed", "pending", "cancelled", "refunded"}
		batch := make([]store.NewOrder, count)
		start := time.Now().UTC().Add(-time.Duration(count) * time.Hour)
		for i := range batch {
			batch[i] = store.NewOrder{BuyerID: u.ID, AgentID: agents[i%len(agents)].ID, Status: statuses[rand.IntN(len(statuses))],
				AmountCents: int64(10_000 + rand.IntN(500_000)), CreatedAt: start.Add(time.Duration(i) * time.Hour)}
		}
		check(db.CreateOrders(ctx, batch))
		cookie := benchsite.SignIn(h, email, "bench password")

		// Warm up connection pools and caches, then measure.
		times := make([]time.Duration, 0, n)
		var size int
		for i := 0; i < n+20; i++ {
			_, wire, d := benchsite.Get(h, cookie, "/api/dashboard")
			if i >= 20 {
				times = append(times, d)
				size = wire
			}
		}
		slices.Sort(times)
		pct := func(p float64) time.Duration { return times[int(p*float64(len(times)-1))] }
		fmt.Printf("| %s | %d | %s | %s | %s | %s | %d (gzip) |\n", email, count, ms(pct(0.5)), ms(pct(0.9)), ms(pct(0.99)), ms(times[len(times)-1]), size)
	}
	if name == "postgres" {
		_, err = db.SQL().ExecContext(ctx, "ANALYZE orders")
		check(err)
	}
	for _, b := range []struct{ label, id string }{{"1,000-order", bigBuyer}, {"10-order", smallBuyer}} {
		plan, err := db.ExplainOrdersByBuyer(ctx, b.id)
		check(err)
		fmt.Printf("\nPlan for the %s buyer:\n\n```\n%s\n```\n", b.label, plan)
		if !strings.Contains(plan, "orders_buyer_created") {
			log.Fatalf("%s: the plan does not use orders_buyer_created", name)
		}
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

// verifiedBuyer makes an account the way the product does: a sign-up, then
// its one-time verification token.
func verifiedBuyer(ctx context.Context, db *store.DB, email, hash string) store.User {
	now := time.Now().UTC()
	u, signup, err := db.RecordSignUp(ctx, store.NewSignup{Email: email, PasswordHash: hash, FullName: "Bench", Locale: "en"}, now)
	check(err)
	var raw [32]byte
	crand.Read(raw[:])
	token := raw[:] // any 32 bytes serve as a stored token hash here
	check(db.CreateToken(ctx, store.Token{Hash: token, UserID: u.ID, Purpose: "verify", SignupID: signup, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}))
	u, err = db.VerifyEmail(ctx, token, now)
	check(err)
	return u
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
