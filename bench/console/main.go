// Command console measures the server time of the console's quote inbox,
// GET /api/console/quotes, with 100,000 quote requests, on embedded SQLite
// and (with -postgres or $TEST_DATABASE_URL) on PostgreSQL: the first page,
// a deep page (reached by following the cursors), a status filter and
// searches, each with its query plan (EXPLAIN QUERY PLAN on SQLite,
// EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL).
//
//	go run ./bench/console [-quotes 100000] [-n 300] [-postgres postgres://…]
//
// Each request runs through the whole HTTP handler in process (identity
// middleware with the staff session lookup, the staff guard, the query,
// JSON and gzip), so the figures are the server's own time without network
// or client noise.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

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

const staffEmail, staffPassword = "ops@bench.invalid", "bench password"

func main() {
	quotes := flag.Int("quotes", 100_000, "quote requests in the table")
	n := flag.Int("n", 300, "measured requests per case")
	pg := flag.String("postgres", os.Getenv("TEST_DATABASE_URL"), "PostgreSQL URL (a temporary schema is used and dropped)")
	flag.Parse()
	ctx := context.Background()

	check(benchdb.Engines(ctx, *pg, func(name string, cfg store.Config) { run(ctx, name, cfg, *quotes, *n) }))
}

// benchCase is one kind of inbox request.
type benchCase struct {
	name   string
	filter store.QuoteFilter // for EXPLAIN; the cursor is filled in
	query  url.Values
	deep   int // follow the cursors this many rows in before measuring
}

func run(ctx context.Context, name string, cfg store.Config, total, n int) {
	db, err := store.Open(ctx, cfg)
	check(err)
	defer db.Close()
	check(db.Migrate(ctx))
	hash, err := auth.HashPassword(ctx, staffPassword)
	check(err)
	_, err = demo.Seed(ctx, db, demo.Accounts{
		Buyer: demo.User{Email: "buyer@bench.invalid", PasswordHash: hash, Locale: "en"},
		Staff: demo.User{Email: staffEmail, PasswordHash: hash, FullName: "Bench Ops", Locale: "en", TOTPSecret: benchsite.StaffTOTPSecret},
	}, time.Now().UTC())
	check(err)

	start := time.Now()
	fill(ctx, db, total)
	if !db.Embedded() {
		_, err = db.SQL().ExecContext(ctx, "VACUUM ANALYZE quote_requests")
	} else {
		_, err = db.SQL().ExecContext(ctx, "ANALYZE")
	}
	check(err)
	count, err := db.QuoteCount(ctx)
	check(err)
	fmt.Printf("\n## %s\n\n%d quote requests (inserted in %s).\n\n", name, count, time.Since(start).Round(time.Second))

	svc := auth.New(auth.Options{DB: db, RateLimitScale: 10000})
	quotes, err := quote.New(quote.Options{DB: db, Inbox: "quotes@bench.invalid"})
	check(err)
	h, err := web.New(web.Options{Site: benchsite.Site(), SiteURL: "http://bench.invalid", Auth: svc, Orders: orders.New(orders.Options{DB: db}),
		Quotes: quotes, Catalogue: catalogue.New(db, nil), DBReady: func() bool { return true }})
	check(err)
	cookie := benchsite.SignIn(h, staffEmail, staffPassword)

	cases := []benchCase{
		{name: "first page", query: url.Values{}},
		{name: "deep page (row 90,000, by cursor)", query: url.Values{}, deep: 90_000},
		{name: "status=won, first page", filter: store.QuoteFilter{Status: "won"}, query: url.Values{"status": {"won"}}},
		{name: "status=won, deep page (row 18,000)", filter: store.QuoteFilter{Status: "won"}, query: url.Values{"status": {"won"}}, deep: 18_000},
		{name: "q=jansen (about 1 in 16 match)", filter: store.QuoteFilter{Query: "jansen"}, query: url.Values{"q": {"jansen"}}},
		{name: "q=bakkerij de vries 7 (rare)", filter: store.QuoteFilter{Query: "bakkerij de vries 7"}, query: url.Values{"q": {"bakkerij de vries 7"}}},
		{name: "q=nobody-matches (no match)", filter: store.QuoteFilter{Query: "nobody-matches"}, query: url.Values{"q": {"nobody-matches"}}},
		{name: "status=lost&q=jansen", filter: store.QuoteFilter{Status: "lost", Query: "jansen"}, query: url.Values{"status": {"lost"}, "q": {"jansen"}}},
	}
	fmt.Println("| request | rows | p50 | p90 | p99 | max | response bytes |\n|---|---|---|---|---|---|---|")
	plans := make([]string, len(cases))
	for i, c := range cases {
		if c.deep > 0 {
			cursor := walk(h, cookie, c.query, c.deep)
			c.query.Set("cursor", cursor)
			c.filter.Cursor = cursor
		}
		target := "/api/console/quotes?" + c.query.Encode()
		times := make([]time.Duration, 0, n)
		var size, rows int
		for j := 0; j < n+20; j++ {
			body, wire, d := benchsite.Get(h, cookie, target)
			if j < 20 { // warm-up
				continue
			}
			times = append(times, d)
			size = wire
			if j == 20 {
				var p struct {
					Items []json.RawMessage `json:"items"`
				}
				check(json.Unmarshal(body, &p))
				rows = len(p.Items)
			}
		}
		slices.Sort(times)
		pct := func(p float64) time.Duration { return times[int(p*float64(len(times)-1))] }
		fmt.Printf("| %s | %d | %s | %s | %s | %s | %d (gzip) |\n", c.name, rows, ms(pct(0.5)), ms(pct(0.9)), ms(pct(0.99)), ms(times[len(times)-1]), size)
		plan, err := db.ExplainQuotes(ctx, c.filter, true)
		check(err)
		plans[i] = plan
	}
	for i, c := range cases {
		fmt.Printf("\nPlan, %s:\n\n```\n%s\n```\n", c.name, plans[i])
	}
}

// fill adds quote requests until the table holds total: names from a
// Dutch and English mix, one in 16 a Jansen, statuses and sources spread,
// over two years, with runs of equal submission times.
func fill(ctx context.Context, db *store.DB, total int) {
	first := []string{"Anna", "Bram", "Chris", "Daan", "Emma", "Femke", "Gijs", "Hanna", "Iris", "Joost", "Kim", "Lars", "Mila", "Noah", "Olivia", "Pieter"}
	last := []string{"Jansen", "de Vries", "van Dijk", "Bakker", "Visser", "Smit", "Meijer", "de Boer", "Mulder", "de Groot", "Bos", "Vos", "Peters", "Hendriks", "Dekker", "Brouwer"}
	kinds := []string{"Tandarts", "Bakkerij", "Garage", "Hotel", "Makelaardij", "Kapsalon", "Fysiotherapie", "Restaurant"}
	statuses := []string{"new", "contacted", "proposal_sent", "won", "lost"}
	sources := []string{"form", "form", "form", "voice", "personalized"}
	have, err := db.QuoteCount(ctx)
	check(err)
	rng := rand.New(rand.NewPCG(1, 2))
	now := time.Now().UTC()
	const batch = 5000
	for done := have; done < total; {
		qs := make([]store.QuoteRequest, 0, batch)
		for ; len(qs) < batch && done < total; done++ {
			fn, ln, kind := first[rng.IntN(len(first))], last[rng.IntN(len(last))], kinds[rng.IntN(len(kinds))]
			// Five minutes apart, and every fourth request shares its time
			// with the one before.
			step := done
			if done%4 == 3 {
				step--
			}
			at := now.Add(-time.Duration(step) * 5 * time.Minute)
			qs = append(qs, store.QuoteRequest{
				ID: uuid.NewString(), FullName: fn + " " + ln, CompanyName: fmt.Sprintf("%s %s %d", kind, ln, done%97),
				Email:        fmt.Sprintf("%s.%d@%s.example", strings.ToLower(fn), done, strings.ReplaceAll(strings.ToLower(ln), " ", "")),
				BusinessType: kind, Description: "Bench request: answer the phone and book appointments.", Language: "dutch", Locale: "nl",
				Status: statuses[rng.IntN(len(statuses))], Source: sources[rng.IntN(len(sources))], SubmittedAt: at,
			})
		}
		check(db.ImportQuotes(ctx, qs))
	}
}

// walk follows the inbox's cursors until rows rows are behind it and
// returns the cursor of the page that starts there.
func walk(h http.Handler, cookie *http.Cookie, query url.Values, rows int) string {
	q := url.Values{}
	for k, v := range query {
		q[k] = v
	}
	q.Set("limit", "100")
	for seen := 0; seen < rows; seen += 100 {
		body, _, _ := benchsite.Get(h, cookie, "/api/console/quotes?"+q.Encode())
		var p struct {
			NextCursor *string `json:"nextCursor"`
		}
		check(json.Unmarshal(body, &p))
		if p.NextCursor == nil {
			log.Fatalf("the list ended after %d rows", seen)
		}
		q.Set("cursor", *p.NextCursor)
	}
	return q.Get("cursor")
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
