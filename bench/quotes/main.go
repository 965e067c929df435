// Command quotes fires concurrent quote requests at real server instances
// while SMTP is down, then brings SMTP up and measures how the outbox
// drains: rows stored, emails delivered, duplicates, and the time taken.
// It runs one instance on embedded SQLite and two instances sharing one
// PostgreSQL database.
//
//	make build && go run ./bench/quotes [-n 200] [-down 3s] [-postgres postgres://…]
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/belwise/site/bench/internal/benchdb"
	"github.com/belwise/site/internal/mail/smtptest"
	"github.com/belwise/site/internal/store"
)

const inbox = "quotes@bench.example"

func main() {
	n := flag.Int("n", 200, "concurrent quote requests")
	down := flag.Duration("down", 3*time.Second, "how long SMTP stays down after the last request was answered")
	bin := flag.String("bin", "bin/site", "the server binary (make build)")
	pg := flag.String("postgres", os.Getenv("TEST_DATABASE_URL"), "PostgreSQL URL (a temporary schema is used and dropped)")
	flag.Parse()
	if _, err := os.Stat(*bin); err != nil {
		log.Fatalf("%s not found: run make build first", *bin)
	}

	fmt.Printf("# Quote requests through an SMTP outage\n\n%d concurrent requests while SMTP is down; SMTP comes back %s after the last answer.\n\n", *n, *down)
	fmt.Println("| database | instances | 201s | other answers | request p50 | request p99 | rows stored | emails expected | delivered | duplicates | first email after SMTP up | all sent after SMTP up | still pending |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|")

	dir, err := os.MkdirTemp("", "bench-quotes-")
	check(err)
	defer os.RemoveAll(dir)
	run(*bin, "sqlite", 1, store.Config{DataDir: dir}, "", dir, *n, *down)

	if *pg != "" {
		pgURL, drop, err := benchdb.TempSchema(context.Background(), *pg)
		check(err)
		defer drop()
		run(*bin, "postgres", 2, store.Config{DatabaseURL: pgURL}, pgURL, dir, *n, *down)
	} else {
		fmt.Println("\n(PostgreSQL skipped: pass -postgres or set TEST_DATABASE_URL)")
	}
}

func run(bin, name string, instances int, cfg store.Config, databaseURL, dataDir string, n int, down time.Duration) {
	sink, err := smtptest.Listen("127.0.0.1:0")
	check(err)
	defer sink.Close()
	sink.SetDown(true)

	var servers []*exec.Cmd
	var bases []string
	for i := 0; i < instances; i++ {
		port := freePort()
		base := "http://127.0.0.1:" + strconv.Itoa(port)
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(),
			"HOST=127.0.0.1", "PORT="+strconv.Itoa(port), "SITE_URL="+base, "DATA_DIR="+dataDir,
			"DATABASE_URL="+databaseURL, "SEED_DEMO=false", "LOG_LEVEL=error",
			"SMTP_URL="+sink.URL(), "MAIL_FROM=Belwise <bench@bench.example>", "QUOTE_INBOX="+inbox,
			"RATE_LIMIT_SCALE=1000") // 5 per 10 minutes per address, times 1,000
		cmd.Stderr = os.Stderr
		check(cmd.Start())
		servers = append(servers, cmd)
		bases = append(bases, base)
	}
	defer func() {
		for _, c := range servers {
			c.Process.Signal(syscall.SIGTERM)
			c.Wait()
		}
	}()
	for _, b := range bases {
		waitHealthy(b)
	}

	// All requests at once, spread over the instances.
	statuses := map[int]int{}
	latencies := make([]time.Duration, n)
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		wg.Go(func() {
			body, _ := json.Marshal(map[string]string{
				"fullName": fmt.Sprintf("Bench Visitor %d", i), "email": fmt.Sprintf("bench-%d@example.com", i),
				"description": "We need an agent that answers the phone and books appointments.",
				"language":    "english", "locale": "en", "timeZone": "Europe/Amsterdam",
			})
			<-start
			t0 := time.Now()
			res, err := http.Post(bases[i%len(bases)]+"/api/quotes", "application/json", bytes.NewReader(body))
			latencies[i] = time.Since(t0)
			code := 0
			if err == nil {
				code = res.StatusCode
				res.Body.Close()
			}
			mu.Lock()
			statuses[code]++
			mu.Unlock()
		})
	}
	close(start)
	wg.Wait()
	slices.Sort(latencies)

	time.Sleep(down)
	db, err := store.Open(context.Background(), cfg)
	check(err)
	defer db.Close()
	rows, err := db.QuoteCount(context.Background())
	check(err)

	sink.SetDown(false)
	up := time.Now()
	want := 2 * statuses[201] // the agency email and the confirmation
	deadline := up.Add(3 * time.Minute)
	var first time.Duration // the retry backoff decides when sending resumes
	for got := 0; got < want && time.Now().Before(deadline); got = len(sink.Messages()) {
		if got > 0 && first == 0 {
			first = time.Since(up)
		}
		time.Sleep(20 * time.Millisecond)
	}
	drain := time.Since(up)
	time.Sleep(3 * time.Second) // anything sent twice would arrive now
	msgs := sink.Messages()
	seen := map[string]int{}
	for _, m := range msgs {
		p, err := m.Parse()
		check(err)
		seen[strings.Join(m.To, ",")+"|"+p.Subject]++
	}
	dups := len(msgs) - len(seen)
	pending, _, _, err := db.MailCounts(context.Background())
	check(err)

	other := n - statuses[201]
	fmt.Printf("| %s | %d | %d | %d | %s | %s | %d | %d | %d | %d | %s | %s | %d |\n",
		name, instances, statuses[201], other, ms(latencies[n/2]), ms(latencies[n*99/100]), rows, want, len(msgs), dups,
		first.Round(10*time.Millisecond), drain.Round(10*time.Millisecond), pending)
	if other > 0 {
		fmt.Printf("\nanswers: %v\n", statuses)
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d.Microseconds())/1000) }

func waitHealthy(base string) {
	for i := 0; i < 200; i++ {
		res, err := http.Get(base + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	log.Fatalf("%s did not become healthy", base)
}

func freePort() int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	check(err)
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
