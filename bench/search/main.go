// Command search measures the call search of the agent page and the
// console (issue 20 §2) on embedded SQLite and (with -postgres or
// $TEST_DATABASE_URL) on PostgreSQL: one order with 50,000 calls over a
// year, each with a Dutch summary and a ten-line transcript drawn from a
// vocabulary with a few common and many rare words (names, streets,
// products), and a caller's number. It runs searches through the store
// function the API uses (store.DB.Calls with a store.CallQuery, the first
// page of 20 as the agent page asks for it): a word of a transcript, two
// words, a word prefix, the caller's number written as people do, a word
// nobody said, and words with the filters and a period; and prints p50,
// p95 and p99 per engine and per kind, with the plans of a few.
//
// Usage:
//
//	go run ./bench/search [-calls 50000] [-n 240] [-postgres postgres://…]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/belwise/site/bench/internal/benchdb"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/demo"
	"github.com/belwise/site/internal/store"
)

const assistant = "b0000000-0000-4000-8000-000000000009"

// perPage is the agent page's page of calls (the app's CALLS_PER_PAGE).
const perPage = 20

func main() {
	total := flag.Int("calls", 50_000, "calls of the measured order")
	n := flag.Int("n", 240, "searches measured per engine (after as many for warm-up)")
	pg := flag.String("postgres", os.Getenv("TEST_DATABASE_URL"), "PostgreSQL URL (a temporary schema is used and dropped)")
	keep := flag.String("sqlite-dir", "", "SQLite in this folder, filled on the first run and reused after (for trying plans)")
	flag.Parse()
	ctx := context.Background()
	if *keep != "" {
		run(ctx, "SQLite", store.Config{DataDir: *keep}, *total, *n)
		if *pg != "" {
			u, drop, err := benchdb.TempSchema(ctx, *pg)
			check(err)
			defer drop()
			run(ctx, "PostgreSQL", store.Config{DatabaseURL: u}, *total, *n)
		}
		return
	}
	check(benchdb.Engines(ctx, *pg, func(name string, cfg store.Config) { run(ctx, name, cfg, *total, *n) }))
}

// The vocabulary: common words every call has a few of, and rare ones
// (names, streets, products) each in a few dozen calls.
var common = strings.Fields(`goedemorgen goedemiddag dank u wel ik wil graag een afspraak maken voor volgende week dinsdag
	woensdag donderdag vrijdag maandag ochtend middag kan dat ja nee prima fijn dag tot ziens bellen terugbellen morgen
	vandaag nummer adres naam klant vraag over factuur bestelling levering monteur storing lekkage verwarming ketel
	onderhoud controle tandarts praktijk kapper knippen behandeling verzetten annuleren bevestigen herinnering mail sms
	wachten moment even kijken agenda vrij bezet tijd uur kwart half tien elf twaalf drie vier vijf zes zeven acht`)

var rare = func() []string {
	rng := rand.New(rand.NewPCG(7, 8))
	syll := strings.Fields("van der berg veld hof dijk kamp meer bos straat laan weg plein zon wind water steen hout ijs licht burg")
	seen := map[string]bool{}
	var out []string
	for len(out) < 3000 {
		w := syll[rng.IntN(len(syll))] + syll[rng.IntN(len(syll))] + syll[rng.IntN(len(syll))]
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}()

func sentence(rng *rand.Rand, words int) string {
	out := make([]string, words)
	for i := range out {
		if rng.IntN(8) == 0 {
			out[i] = rare[rng.IntN(len(rare))]
		} else {
			out[i] = common[rng.IntN(len(common))]
		}
	}
	out[0] = strings.ToUpper(out[0][:1]) + out[0][1:]
	return strings.Join(out, " ") + "."
}

func number(rng *rand.Rand) string { return fmt.Sprintf("+316%08d", rng.IntN(100_000_000)) }

// fill gives the order total calls over the last year: varied outcomes,
// directions and goals, each with its own words and number.
func fill(ctx context.Context, db *store.DB, total int) {
	rng := rand.New(rand.NewPCG(1, 2))
	now := time.Now().UTC()
	span := 365 * 24 * time.Hour
	const batch = 2000
	types := []string{store.CallInbound, store.CallInbound, store.CallInbound, store.CallOutbound, store.CallWeb}
	for done := 0; done < total; {
		rs := make([]store.CallReport, 0, batch)
		for ; len(rs) < batch && done < total; done++ {
			start := now.Add(-time.Duration(rng.Int64N(int64(span))))
			var lines []store.TranscriptLine
			for i := range 10 {
				role := "agent"
				if i%2 == 1 {
					role = "caller"
				}
				lines = append(lines, store.TranscriptLine{Role: role, Text: sentence(rng, 8+rng.IntN(8)), SecondsFromStart: float64(i * 4)})
			}
			r := store.CallReport{VapiCallID: fmt.Sprintf("search-%06d", done), AssistantID: assistant, Type: types[rng.IntN(len(types))],
				CustomerNumber: number(rng), StartedAt: &start, DurationSeconds: 30 + rng.IntN(300), EndedReason: "customer-ended-call",
				Summary: sentence(rng, 12), SuccessEval: []string{"true", "false", ""}[rng.IntN(3)], Transcript: lines, Report: true}
			switch x := rng.IntN(100); {
			case x < 10:
				r.EndedReason, r.DurationSeconds = "customer-did-not-answer", 0
			case x < 15:
				r.EndedReason = "pipeline-error-openai-llm-failed"
			}
			end := start.Add(time.Duration(r.DurationSeconds) * time.Second)
			r.EndedAt = &end
			if r.Type == store.CallWeb {
				r.CustomerNumber = ""
			}
			rs = append(rs, r)
		}
		check(db.ImportCalls(ctx, rs, now, calls.Merge))
	}
}

type search struct {
	kind string
	q    store.CallQuery
}

// searches are n searches of every kind, in a fixed shuffled order.
func searches(orderID string, numbers []string, n int) []search {
	rng := rand.New(rand.NewPCG(3, 4))
	now := time.Now()
	base := store.CallQuery{OrderID: orderID, Ended: true, Page: store.Page{Limit: perPage}}
	with := func(f func(*store.CallQuery)) store.CallQuery { q := base; f(&q); return q }
	word := func() string { return rare[rng.IntN(len(rare))] }
	kinds := []func() search{
		func() search { return search{"a rare word", with(func(q *store.CallQuery) { q.Search = word() })} },
		func() search {
			return search{"a common word", with(func(q *store.CallQuery) { q.Search = common[rng.IntN(len(common))] })}
		},
		func() search {
			return search{"two words", with(func(q *store.CallQuery) { q.Search = word() + " " + common[rng.IntN(len(common))] })}
		},
		func() search {
			return search{"a word prefix", with(func(q *store.CallQuery) { q.Search = word()[:5] })}
		},
		func() search {
			return search{"a number, +31 6 …", with(func(q *store.CallQuery) {
				d := numbers[rng.IntN(len(numbers))][3:] // 6xxxxxxxx
				q.Search = "+31 " + d[:1] + " " + d[1:5] + " " + d[5:]
			})}
		},
		func() search {
			return search{"a number, 06-…", with(func(q *store.CallQuery) {
				n := numbers[rng.IntN(len(numbers))]
				q.Search = "0" + n[3:5] + "-" + n[5:]
			})}
		},
		func() search {
			return search{"the end of a number", with(func(q *store.CallQuery) { n := numbers[rng.IntN(len(numbers))]; q.Search = n[len(n)-6:] })}
		},
		func() search {
			return search{"a word nobody said", with(func(q *store.CallQuery) { q.Search = fmt.Sprintf("xylofoon%d", rng.IntN(1000)) })}
		},
		func() search {
			return search{"a word, outcome, direction, goal", with(func(q *store.CallQuery) {
				yes := true
				q.Search, q.Outcome, q.Direction, q.Goal = word(), store.OutcomeAnswered, store.CallInbound, &yes
			})}
		},
		func() search {
			return search{"a common word, last 30 days", with(func(q *store.CallQuery) {
				q.Search, q.From, q.To = common[rng.IntN(len(common))], now.AddDate(0, 0, -30), now.Add(time.Hour)
			})}
		},
		func() search {
			return search{"filters only, this month", with(func(q *store.CallQuery) {
				no := false
				q.Outcome, q.Goal, q.From, q.To = store.OutcomeMissed, &no, now.AddDate(0, -1, 0), now.Add(time.Hour)
			})}
		},
		func() search {
			return search{"console: a word, all calls", store.CallQuery{Search: word(), Page: store.Page{Limit: store.DefaultPageLimit}}}
		},
	}
	var out []search
	for i := range n {
		out = append(out, kinds[i%len(kinds)]())
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func run(ctx context.Context, name string, cfg store.Config, total, n int) {
	db, err := store.Open(ctx, cfg)
	check(err)
	defer db.Close()
	check(db.Migrate(ctx))
	now := time.Now().UTC()
	if filled, err := db.AssistantHasCalls(ctx, assistant); err == nil && filled {
		measure(ctx, db, name, total, n)
		return
	}
	check(db.InTx(ctx, func(tx *store.Tx) error { return tx.AddMissingAgents(ctx, demo.Catalogue, now) }))
	// A Dutch buyer: the calls are indexed with the dutch configuration on PostgreSQL.
	u, err := db.CreateUser(ctx, store.NewUser{Email: "search@bench.invalid", PasswordHash: "x", FullName: "Bench Buyer", Locale: "nl"}, now)
	check(err)
	check(db.CreateOrders(ctx, []store.NewOrder{{BuyerID: u.ID, AgentID: demo.Catalogue[0].ID, Status: "completed", AmountCents: 1, CreatedAt: now}}))
	os, err := db.OrdersByBuyer(ctx, u.ID)
	check(err)
	a := assistant
	_, _, err = db.SetOrderLink(ctx, os[0].ID, store.OrderLink{AssistantID: &a}, os[0].Version, "", now)
	check(err)

	fmt.Printf("\n## %s\n\n", name)
	start := time.Now()
	fill(ctx, db, total)
	if db.Embedded() {
		_, err = db.SQL().ExecContext(ctx, "ANALYZE")
	} else {
		_, err = db.SQL().ExecContext(ctx, "VACUUM ANALYZE calls")
	}
	check(err)
	fmt.Printf("%d calls of one order over a year, each with a 12-word summary and a 10-line transcript (inserted and indexed in %s).\n\n",
		total, time.Since(start).Round(time.Second))
	measure(ctx, db, name, total, n)
}

// measure runs the searches on the filled database.
func measure(ctx context.Context, db *store.DB, name string, total, n int) {
	var orderID string
	check(db.SQL().QueryRowContext(ctx, db.Rebind(`SELECT id FROM orders WHERE assistant_id = ?`), assistant).Scan(&orderID))
	numbers := storedNumbers(ctx, db)
	o := store.Order{ID: orderID}
	all := searches(o.ID, numbers, 2*n)
	for _, s := range all[:n] { // warm-up
		_, _, err := db.Calls(ctx, s.q)
		check(err)
	}
	var times []time.Duration
	byKind := map[string][]time.Duration{}
	found := map[string]int{}
	var kinds []string
	for _, s := range all[n:] {
		t := time.Now()
		rows, _, err := db.Calls(ctx, s.q)
		d := time.Since(t)
		check(err)
		times = append(times, d)
		if _, ok := byKind[s.kind]; !ok {
			kinds = append(kinds, s.kind)
		}
		byKind[s.kind] = append(byKind[s.kind], d)
		found[s.kind] += len(rows)
	}
	slices.Sort(kinds)
	fmt.Printf("%d searches (the first page of 20; the console's of 50):\n\n", len(times))
	fmt.Println("| searches | n | p50 | p95 | p99 | max | calls on the page (mean) |\n|---|---|---|---|---|---|---|")
	row := func(label string, ts []time.Duration, rows int) {
		slices.Sort(ts)
		pct := func(p float64) time.Duration { return ts[int(p*float64(len(ts)-1)+0.5)] }
		fmt.Printf("| %s | %d | %s | %s | %s | %s | %.1f |\n", label, len(ts), ms(pct(0.5)), ms(pct(0.95)), ms(pct(0.99)), ms(ts[len(ts)-1]),
			float64(rows)/float64(len(ts)))
	}
	totalRows := 0
	for _, k := range kinds {
		row(k, byKind[k], found[k])
		totalRows += found[k]
	}
	row("**all**", times, totalRows)

	fmt.Println("\nPlans:")
	for _, s := range []search{all[0], {"a rare word", store.CallQuery{OrderID: o.ID, Ended: true, Search: rare[0], Page: store.Page{Limit: 20}}},
		{"a common word", store.CallQuery{OrderID: o.ID, Ended: true, Search: "afspraak", Page: store.Page{Limit: 20}}},
		{"a number", store.CallQuery{OrderID: o.ID, Ended: true, Search: "06 1234", Page: store.Page{Limit: 20}}},
		{"a common word, last 30 days", store.CallQuery{OrderID: o.ID, Ended: true, Search: "afspraak", From: time.Now().AddDate(0, 0, -30), Page: store.Page{Limit: 20}}}} {
		plan, err := db.ExplainCalls(ctx, s.q)
		check(err)
		fmt.Printf("\n%s (%q):\n\n```\n%s\n```\n", s.kind, s.q.Search, plan)
	}
}

// storedNumbers are the callers' numbers of the measured order.
func storedNumbers(ctx context.Context, db *store.DB) []string {
	rows, err := db.SQL().QueryContext(ctx, db.Rebind(`SELECT customer_number FROM calls WHERE assistant_id = ? AND customer_number <> ''`), assistant)
	check(err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		check(rows.Scan(&n))
		out = append(out, n)
	}
	check(rows.Err())
	return out
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
