// Command calls measures the calls feature on embedded SQLite and (with
// -postgres or $TEST_DATABASE_URL) on PostgreSQL. Ingest: end-of-call
// reports stored per second through the webhook handler (POST
// /api/voice/webhook, secret check, parsing, the merge by Vapi call id),
// with 20 concurrent posters. The agent page: p50/p99 server time of GET
// /api/orders/{id}/agent and of the first page of GET
// /api/orders/{id}/calls for an agent with 50,000 calls, as the signed-in
// owner, through the whole handler in process (session lookup, owner
// check, queries, JSON, gzip), with the queries' plans.
//
// Usage:
//
//	go run ./bench/calls [-calls 50000] [-reports 4000] [-posters 20] [-n 300] [-postgres postgres://…]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/belwise/site/bench/internal/benchdb"
	"github.com/belwise/site/bench/internal/benchsite"
	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/catalogue"
	"github.com/belwise/site/internal/demo"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/voice"
	"github.com/belwise/site/internal/web"
)

const (
	buyerEmail, buyerPassword = "buyer@bench.invalid", "bench password"
	secret                    = "bench-secret-0123456789abcdef"
	pageAssistant             = "b0000000-0000-4000-8000-000000000001" // the agent with 50,000 calls
	ingestAssistant           = "b0000000-0000-4000-8000-000000000002" // where the ingest goes
)

func main() {
	total := flag.Int("calls", 50_000, "calls of the measured agent")
	reports := flag.Int("reports", 4000, "end-of-call reports posted in the ingest run")
	posters := flag.Int("posters", 20, "concurrent posters")
	n := flag.Int("n", 300, "measured requests per page request")
	pg := flag.String("postgres", os.Getenv("TEST_DATABASE_URL"), "PostgreSQL URL (a temporary schema is used and dropped)")
	flag.Parse()
	ctx := context.Background()

	check(benchdb.Engines(ctx, *pg, func(name string, cfg store.Config) { run(ctx, name, cfg, *total, *reports, *posters, *n) }))
}

func run(ctx context.Context, name string, cfg store.Config, total, reports, posters, n int) {
	db, err := store.Open(ctx, cfg)
	check(err)
	defer db.Close()
	check(db.Migrate(ctx))
	hash, err := auth.HashPassword(ctx, buyerPassword)
	check(err)
	// A verified buyer (with the demo's order history), and two more
	// orders: one for the measured agent, one for the ingest.
	_, err = demo.Seed(ctx, db, demo.Accounts{Buyer: demo.User{Email: buyerEmail, PasswordHash: hash, FullName: "Bench Buyer", Locale: "en"}}, time.Now().UTC())
	check(err)
	buyer, err := db.UserByEmail(ctx, buyerEmail)
	check(err)
	agent := demo.Catalogue[0]
	check(db.CreateOrders(ctx, []store.NewOrder{
		{BuyerID: buyer.ID, AgentID: agent.ID, Status: "completed", AmountCents: 1, CreatedAt: time.Now().Add(time.Hour)},
		{BuyerID: buyer.ID, AgentID: agent.ID, Status: "completed", AmountCents: 1, CreatedAt: time.Now().Add(time.Minute)},
	}))
	os, err := db.OrdersByBuyer(ctx, buyer.ID)
	check(err)
	link := func(o store.Order, a string) store.Order {
		o, _, err := db.SetOrderLink(ctx, o.ID, store.OrderLink{AssistantID: &a}, o.Version, "", time.Now())
		check(err)
		return o
	}
	pageOrder := link(os[0], pageAssistant)
	link(os[1], ingestAssistant)

	svc := auth.New(auth.Options{DB: db, RateLimitScale: 10000})
	quotes, err := quote.New(quote.Options{DB: db, Inbox: "quotes@bench.invalid"})
	check(err)
	h, err := web.New(web.Options{Site: benchsite.Site(), SiteURL: "http://bench.invalid", Auth: svc, Orders: orders.New(orders.Options{DB: db}),
		Quotes: quotes, Catalogue: catalogue.New(db, nil), Calls: calls.New(calls.Options{DB: db}),
		Voice: voice.Config{WebhookSecret: secret}, DBReady: func() bool { return true }})
	check(err)

	fmt.Printf("\n## %s\n\n", name)
	ingest(h, reports, posters)

	start := time.Now()
	fill(ctx, db, total)
	if db.Embedded() {
		_, err = db.SQL().ExecContext(ctx, "ANALYZE")
	} else {
		_, err = db.SQL().ExecContext(ctx, "VACUUM ANALYZE calls")
	}
	check(err)
	fmt.Printf("\n%d calls for one agent, over a year (inserted in %s).\n\n", total, time.Since(start).Round(time.Second))

	cookie := benchsite.SignIn(h, buyerEmail, buyerPassword)
	fmt.Println("| request | p50 | p90 | p99 | max | response bytes |\n|---|---|---|---|---|---|")
	for _, c := range []struct{ name, target string }{
		{"GET /api/orders/{id}/agent", "/api/orders/" + pageOrder.ID + "/agent?lang=en&tz=Europe/Amsterdam"},
		{"GET /api/orders/{id}/calls (first page, 50)", "/api/orders/" + pageOrder.ID + "/calls"},
	} {
		times := make([]time.Duration, 0, n)
		var size int
		for j := 0; j < n+20; j++ {
			_, wire, d := benchsite.Get(h, cookie, c.target)
			if j >= 20 { // after a warm-up
				times = append(times, d)
				size = wire
			}
		}
		slices.Sort(times)
		pct := func(p float64) time.Duration { return times[int(p*float64(len(times)-1))] }
		fmt.Printf("| %s | %s | %s | %s | %s | %d (gzip) |\n", c.name, ms(pct(0.5)), ms(pct(0.9)), ms(pct(0.99)), ms(times[len(times)-1]), size)
	}
	now := time.Now()
	plan, err := db.ExplainOrderCalls(ctx, pageOrder.ID, now.AddDate(0, 0, -31), now.Add(24*time.Hour))
	check(err)
	fmt.Printf("\nPlans (the first page of calls, then the figures):\n\n```\n%s\n```\n", plan)
}

// ingest posts reports end-of-call reports from posters goroutines and
// prints how many were stored per second.
func ingest(h http.Handler, reports, posters int) {
	bodies := make([]string, reports)
	now := time.Now().UTC()
	for i := range bodies {
		bodies[i] = report(fmt.Sprintf("ingest-%06d", i), ingestAssistant, now.Add(-time.Duration(i)*time.Minute))
	}
	var next, failed atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range posters {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= reports {
					return
				}
				req := httptest.NewRequest("POST", "/api/voice/webhook", strings.NewReader(bodies[i]))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("X-Vapi-Secret", secret)
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != 200 {
					failed.Add(1)
					log.Printf("report %d: %d %s", i, rec.Code, rec.Body)
				}
			}
		})
	}
	wg.Wait()
	d := time.Since(start)
	fmt.Printf("Ingest: %d end-of-call reports (%d bytes each, 10 transcript lines) by %d concurrent posters in %s: **%.0f reports/s** (%d failed).\n",
		reports, len(bodies[0]), posters, d.Round(time.Millisecond), float64(reports)/d.Seconds(), failed.Load())
}

// report is an end-of-call report as Vapi posts it, with a ten-line transcript.
func report(id, assistant string, start time.Time) string {
	var msgs []string
	for i := range 10 {
		role := "bot"
		if i%2 == 1 {
			role = "user"
		}
		msgs = append(msgs, fmt.Sprintf(`{"role":%q,"message":"Line %d of the conversation about booking an appointment next week.","time":%d,"secondsFromStart":%d}`, role, i, i, i*4))
	}
	end := start.Add(95 * time.Second)
	return fmt.Sprintf(`{"message":{"type":"end-of-call-report","endedReason":"customer-ended-call","cost":0.13,"durationSeconds":95,
		"startedAt":%q,"endedAt":%q,"call":{"id":%q,"type":"inboundPhoneCall","assistantId":%q,"customer":{"number":"+31612345678"}},
		"analysis":{"summary":"The caller booked an appointment for next Tuesday at 10:00.","successEvaluation":"true"},
		"artifact":{"messages":[%s],"transcript":"AI: …","recordingUrl":"https://storage.vapi.ai/%s.wav"}}}`,
		start.Format(time.RFC3339Nano), end.Format(time.RFC3339Nano), id, assistant, strings.Join(msgs, ","), id)
}

// fill gives the measured agent total calls spread over the last year,
// newest at now: 85% answered, 10% missed, 5% failed.
func fill(ctx context.Context, db *store.DB, total int) {
	rng := rand.New(rand.NewPCG(1, 2))
	now := time.Now().UTC()
	span := 365 * 24 * time.Hour
	const batch = 5000
	transcript := []store.TranscriptLine{{Role: "agent", Text: "Good morning, how can I help?", SecondsFromStart: 0.5},
		{Role: "caller", Text: "I'd like to book an appointment.", SecondsFromStart: 3}}
	for done := 0; done < total; {
		rs := make([]store.CallReport, 0, batch)
		for ; len(rs) < batch && done < total; done++ {
			start := now.Add(-time.Duration(rng.Int64N(int64(span))))
			r := store.CallReport{VapiCallID: fmt.Sprintf("page-%06d", done), AssistantID: pageAssistant, Type: store.CallInbound,
				CustomerNumber: "+31612345678", StartedAt: &start, DurationSeconds: 30 + rng.IntN(300), EndedReason: "customer-ended-call",
				Summary: "The caller booked an appointment.", SuccessEval: "true", Transcript: transcript, Report: true}
			switch x := rng.IntN(100); {
			case x < 10:
				r.EndedReason, r.DurationSeconds = "customer-did-not-answer", 0
			case x < 15:
				r.EndedReason = "pipeline-error-openai-llm-failed"
			}
			end := start.Add(time.Duration(r.DurationSeconds) * time.Second)
			r.EndedAt = &end
			rs = append(rs, r)
		}
		check(db.ImportCalls(ctx, rs, now, calls.Merge))
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
