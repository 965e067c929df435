// Command forgot measures whether POST /api/auth/forgot-password answers
// faster for an unknown address than for one with an account, which would
// tell an outsider who has an account. It sends 60 requests for each
// (interleaved, after a warm-up) through the whole HTTP handler, in process,
// on embedded SQLite and (with -postgres or $TEST_DATABASE_URL) on
// PostgreSQL, and prints the medians and their difference per round.
//
//	go run ./bench/forgot [-n 60] [-rounds 3] [-control] [-postgres postgres://…]
//
// With -control both addresses are unknown, which shows the noise floor:
// the difference a run reports when there is nothing to find.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"time"

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
	unknown = "nobody-here@example.com"
	warmUp  = 10
)

// known has an account (the seeded demo buyer), except with -control.
var known = "demo@example.com"

func main() {
	n := flag.Int("n", 60, "requests per address and round")
	rounds := flag.Int("rounds", 3, "rounds, each on a fresh database")
	pg := flag.String("postgres", os.Getenv("TEST_DATABASE_URL"), "PostgreSQL URL (a temporary schema is used and dropped)")
	control := flag.Bool("control", false, "measure two unknown addresses instead (the noise floor)")
	flag.Parse()
	if *control {
		known = "nobody-either@example.com"
		fmt.Println("CONTROL RUN: both addresses are unknown.")
	}
	ctx := context.Background()

	fmt.Printf("POST /api/auth/forgot-password, median of %d requests per address (interleaved, after %d warm-up each)\n\n", *n, warmUp)
	fmt.Println("| database | round | known address | unknown address | known − unknown |")
	fmt.Println("|---|---|---|---|---|")
	for r := 1; r <= *rounds; r++ {
		dir, err := os.MkdirTemp("", "bench-forgot-")
		check(err)
		run(ctx, "sqlite", r, store.Config{DataDir: dir}, *n)
		os.RemoveAll(dir)
	}
	if *pg == "" {
		fmt.Println("\n(PostgreSQL skipped: pass -postgres or set TEST_DATABASE_URL)")
		return
	}
	for r := 1; r <= *rounds; r++ {
		url, drop, err := benchdb.TempSchema(ctx, *pg)
		check(err)
		run(ctx, "postgres", r, store.Config{DatabaseURL: url}, *n)
		drop()
	}
}

func run(ctx context.Context, name string, round int, cfg store.Config, n int) {
	db, err := store.Open(ctx, cfg)
	check(err)
	defer db.Close()
	check(db.Migrate(ctx))
	hash, err := auth.HashPassword(ctx, "bench password")
	check(err)
	_, err = demo.Seed(ctx, db, demo.Accounts{Buyer: demo.User{Email: known, PasswordHash: hash, FullName: "Demo", Locale: "en"}}, time.Now().UTC())
	check(err)

	// The limits are scaled out of the way: this measures the work, not the 429.
	svc := auth.New(auth.Options{DB: db, RateLimitScale: 100000})
	quotes, err := quote.New(quote.Options{DB: db, Inbox: "quotes@bench.invalid"})
	check(err)
	h, err := web.New(web.Options{Site: benchsite.Site(), SiteURL: "http://bench.invalid", Auth: svc, Quotes: quotes, Orders: orders.New(orders.Options{DB: db}), Catalogue: catalogue.New(db, nil), DBReady: func() bool { return true }})
	check(err)

	var times [2][]time.Duration
	for i := 0; i < warmUp+n; i++ {
		// Alternate which address goes first, so neither always follows the other.
		order := [2]int{0, 1}
		if i%2 == 1 {
			order = [2]int{1, 0}
		}
		for _, k := range order {
			d := forgot(h, []string{known, unknown}[k])
			if i >= warmUp {
				times[k] = append(times[k], d)
			}
		}
	}
	mk, mu := median(times[0]), median(times[1])
	fmt.Printf("| %s | %d | %s | %s | %+.3f ms |\n", name, round, ms(mk), ms(mu), float64((mk-mu).Microseconds())/1000)
}

// site is a stand-in for the frontend build, which this measurement never
// serves, so it runs without `make build`.
func forgot(h http.Handler, email string) time.Duration {
	req := httptest.NewRequest("POST", "/api/auth/forgot-password", strings.NewReader(`{"email":"`+email+`","locale":"en"}`))
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr = "192.0.2.44:50000"
	rec := httptest.NewRecorder()
	t0 := time.Now()
	h.ServeHTTP(rec, req)
	d := time.Since(t0)
	if rec.Code != http.StatusAccepted {
		log.Fatalf("forgot-password for %s answered %d: %s", email, rec.Code, rec.Body)
	}
	return d
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ms(d time.Duration) string { return fmt.Sprintf("%.3f ms", float64(d.Microseconds())/1000) }

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
