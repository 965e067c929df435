// Command alerts measures a call alert's latency (issue 21 §1): from the
// moment an end-of-call report is POSTed to the Vapi webhook of a real
// server instance (bin/site) to the moment the SMTP server accepts the
// alert. Each report flags its call ("callback wanted", a field marked as
// needing follow-up) for a buyer whose agent alerts on follow-up, so each
// one sends exactly one alert. Reports go one at a time (-gap apart), then
// all at once (a burst), on embedded SQLite and, with -postgres or
// TEST_DATABASE_URL, on PostgreSQL. A retried report is posted too and
// must send nothing.
//
//	make build && go run ./bench/alerts [-n 50] [-gap 200ms] [-postgres postgres://…]
package main

import (
	"bytes"
	"context"
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

const (
	assistant = "a0000000-0000-4000-8000-0000000be4c4"
	secret    = "bench-vapi-webhook-secret-0123456789"
)

func main() {
	n := flag.Int("n", 50, "reports per run")
	gap := flag.Duration("gap", 200*time.Millisecond, "time between two reports of the sequential run")
	bin := flag.String("bin", "bin/site", "the server binary (make build)")
	pg := flag.String("postgres", os.Getenv("TEST_DATABASE_URL"), "PostgreSQL URL (a temporary schema is used and dropped)")
	flag.Parse()
	if _, err := os.Stat(*bin); err != nil {
		log.Fatalf("%s not found: run make build first", *bin)
	}
	fmt.Printf("# Call alert latency: report POST → SMTP acceptance\n\n%d reports one at a time (%s apart), then %d at once; each flags its call, so each sends one alert.\n\n", *n, *gap, *n)
	fmt.Println("| database | run | alerts | p50 | p90 | p99 | max | webhook p50 | retried report sent again |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|")
	check(benchdb.Engines(context.Background(), *pg, func(name string, cfg store.Config) {
		run(*bin, name, cfg, *n, *gap)
	}))
}

// prepare makes the buyer, the order linked to the assistant, its
// "callback wanted" field marked as needing follow-up.
func prepare(cfg store.Config) {
	ctx := context.Background()
	db, err := store.Open(ctx, cfg)
	check(err)
	defer db.Close()
	check(db.Migrate(ctx))
	agent, err := db.CreateAgent(ctx, store.Agent{NameEn: "Appointment Setter", NameNl: "Afsprakenplanner", TitleEn: "Books", DescriptionEn: "d",
		DeliveryDays: 7, PriceCents: 100, Currency: "EUR"}, "", time.Now())
	check(err)
	u, err := db.CreateUser(ctx, store.NewUser{Email: "buyer@bench.example", PasswordHash: "h", FullName: "Bench Buyer", Locale: "nl"}, time.Now())
	check(err)
	check(db.CreateOrders(ctx, []store.NewOrder{{BuyerID: u.ID, AgentID: agent.ID, Status: "completed", AmountCents: 1, CreatedAt: time.Now()}}))
	os, err := db.OrdersByBuyer(ctx, u.ID)
	check(err)
	a, rate := assistant, int64(10)
	o, _, err := db.SetOrderLink(ctx, os[0].ID, store.OrderLink{AssistantID: &a, PerMinuteCents: &rate}, os[0].Version, "", time.Now())
	check(err)
	_, err = db.SetOrderCallFields(ctx, o.ID, []store.CallField{{Name: "callback_wanted", Type: "yes_no", LabelEn: "Callback wanted",
		LabelNl: "Terugbellen gewenst", FollowUp: true}}, nil)
	check(err)
}

func report(id, number string) []byte {
	end := time.Now().Add(-10 * time.Second).UTC()
	start := end.Add(-70 * time.Second)
	return fmt.Appendf(nil, `{"message":{"type":"end-of-call-report","endedReason":"customer-ended-call","durationSeconds":70,
		"startedAt":%q,"endedAt":%q,"call":{"id":%q,"type":"inboundPhoneCall","assistantId":%q,"customer":{"number":%q}},
		"analysis":{"summary":"Wil teruggebeld worden.","structuredData":{"callback_wanted":true}}}}`,
		start.Format(time.RFC3339Nano), end.Format(time.RFC3339Nano), id, assistant, number)
}

func run(bin, name string, cfg store.Config, n int, gap time.Duration) {
	prepare(cfg)
	sink, err := smtptest.Listen("127.0.0.1:0")
	check(err)
	defer sink.Close()
	port := freePort()
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "HOST=127.0.0.1", "PORT="+strconv.Itoa(port), "SITE_URL="+base, "DATA_DIR="+cfg.DataDir,
		"DATABASE_URL="+cfg.DatabaseURL, "SEED_DEMO=false", "LOG_LEVEL=error", "SMTP_URL="+sink.URL(),
		"MAIL_FROM=Belwise <bench@bench.example>", "QUOTE_INBOX=quotes@bench.example", "RATE_LIMIT_SCALE=1000",
		"VAPI_WEBHOOK_SECRET="+secret, "ALERTS_SECRET=bench-alerts-secret-0123456789abcdef0123")
	cmd.Stderr = os.Stderr
	check(cmd.Start())
	defer func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	}()
	waitHealthy(base)

	post := func(id, number string) time.Duration {
		req, _ := http.NewRequest("POST", base+"/api/voice/webhook", bytes.NewReader(report(id, number)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Vapi-Secret", secret)
		t0 := time.Now()
		res, err := http.DefaultClient.Do(req)
		check(err)
		res.Body.Close()
		if res.StatusCode != 200 {
			log.Fatalf("webhook answered %d", res.StatusCode)
		}
		return time.Since(t0)
	}
	measure := func(label string, burst bool) {
		before := len(sink.Messages())
		sent := make(map[string]time.Time, n) // by the number's last 8 digits
		var mu sync.Mutex
		var hooks []time.Duration
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			number := fmt.Sprintf("+316%08d", time.Now().UnixNano()%1e8)
			id := fmt.Sprintf("bench-%s-%s-%d-%d", name, label, i, time.Now().UnixNano())
			do := func() {
				mu.Lock()
				sent[number[4:]] = time.Now()
				mu.Unlock()
				d := post(id, number)
				mu.Lock()
				hooks = append(hooks, d)
				mu.Unlock()
			}
			if burst {
				wg.Go(do)
				time.Sleep(time.Microsecond) // distinct numbers
			} else {
				do()
				time.Sleep(gap)
			}
		}
		wg.Wait()
		deadline := time.Now().Add(2 * time.Minute)
		for len(sink.Messages())-before < n && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		var lat []time.Duration
		for _, m := range sink.Messages()[before:] {
			p, err := m.Parse()
			check(err)
			for digits, at := range sent {
				if strings.Contains(strings.ReplaceAll(p.Subject, " ", ""), digits) {
					lat = append(lat, m.At.Sub(at))
					delete(sent, digits)
					break
				}
			}
		}
		slices.Sort(lat)
		slices.Sort(hooks)
		if len(lat) == 0 {
			log.Fatalf("%s %s: no alert arrived", name, label)
		}
		q := func(p int) string { return ms(lat[min(len(lat)-1, len(lat)*p/100)]) }
		retried := "—"
		if !burst {
			// Vapi retries a report: the same call again sends nothing new.
			id := fmt.Sprintf("bench-%s-retry-%d", name, time.Now().UnixNano())
			number := fmt.Sprintf("+316%08d", time.Now().UnixNano()%1e8)
			at := len(sink.Messages())
			post(id, number)
			for len(sink.Messages()) == at {
				time.Sleep(10 * time.Millisecond)
			}
			post(id, number)
			post(id, number)
			time.Sleep(3 * time.Second)
			retried = strconv.Itoa(len(sink.Messages()) - at - 1)
		}
		fmt.Printf("| %s | %s | %d/%d | %s | %s | %s | %s | %s | %s |\n", name, label, len(lat), n, q(50), q(90), q(99), ms(lat[len(lat)-1]),
			ms(hooks[len(hooks)/2]), retried)
	}
	measure("one at a time", false)
	measure("burst", true)
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
