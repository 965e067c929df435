// Command drills runs the mail-delivery drills of issue 19 against the
// server as built (bin/site), on loopback only, and prints their figures:
//
//   - kill: kill -9 of the server while it answers 200 concurrent quote
//     requests, three times, on embedded SQLite. A request cut by the kill
//     is sent again after the restart, as the visitor would; the quote's
//     fingerprint answers a repeat with the first request. Want: 0 requests
//     lost (every request stored, both its emails delivered), at most 1
//     duplicate email per 800.
//   - smtp: SMTP down for 30 s while 200 quote requests arrive, then up, on
//     embedded SQLite. Want: every email sent.
//   - pair: two instances on one PostgreSQL database (a temporary schema),
//     300 quote requests spread over both (600 emails), SMTP down for a few
//     seconds so both instances compete for the backlog. Want: no email
//     sent twice.
//
// A duplicate is a Message-ID the SMTP sink received more than once; a copy
// is a second Message-ID for the same email (the same kind to the same
// visitor), which would mean a request was stored twice.
//
// river-prototype.patch, next to this file, is the River prototype the
// README's figures for River were measured on (see Measurements there).
//
//	make build && go run ./bench/drills [-drill kill,smtp,pair] [-postgres postgres://…]
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
	netmail "net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/belwise/site/bench/internal/benchdb"
	"github.com/belwise/site/internal/mail/smtptest"
)

const inbox = "quotes@bench.example"

var (
	bin     = flag.String("bin", "bin/site", "the server binary (make build)")
	label   = flag.String("label", "", "what is measured (printed in the table), e.g. outbox or river")
	logDir  string
	verbose = flag.Bool("v", false, "print progress")
)

func main() {
	drills := flag.String("drill", "kill,smtp,pair", "drills to run, comma-separated")
	pg := flag.String("postgres", os.Getenv("TEST_DATABASE_URL"), "PostgreSQL URL for the pair drill (a temporary schema is used and dropped)")
	n := flag.Int("n", 200, "concurrent quote requests per kill round and for the smtp drill")
	down := flag.Duration("down", 30*time.Second, "how long SMTP stays down in the smtp drill")
	flag.Parse()
	if _, err := os.Stat(*bin); err != nil {
		log.Fatalf("%s not found: run make build first", *bin)
	}
	var err error
	logDir, err = os.MkdirTemp("", "bench-drills-logs-")
	check(err)
	fmt.Printf("server logs: %s\n\n", logDir)
	fmt.Println("| system | drill | requests | stored | lost | emails expected | delivered | duplicates | copies | time to drain | note |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|")
	for _, d := range strings.Split(*drills, ",") {
		switch strings.TrimSpace(d) {
		case "kill":
			killDrill(*n, 3)
		case "smtp":
			smtpDrill(*n, *down)
		case "pair":
			if *pg == "" {
				fmt.Println("\n(pair skipped: pass -postgres or set TEST_DATABASE_URL)")
				continue
			}
			pairDrill(*pg, 300)
		default:
			log.Fatalf("unknown drill %q", d)
		}
	}
}

// server is one bin/site process.
type server struct {
	cmd  *exec.Cmd
	base string
	env  []string
	name string
	runs int
}

func newServer(name string, dataDir, databaseURL, smtpURL string) *server {
	port := freePort()
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	return &server{name: name, base: base, env: append(os.Environ(),
		"HOST=127.0.0.1", "PORT="+strconv.Itoa(port), "SITE_URL="+base, "DATA_DIR="+dataDir,
		"DATABASE_URL="+databaseURL, "SEED_DEMO=false", "LOG_LEVEL=warn",
		"SMTP_URL="+smtpURL, "MAIL_FROM=Belwise <bench@bench.example>", "QUOTE_INBOX="+inbox,
		"RATE_LIMIT_SCALE=1000")}
}

func (s *server) start() {
	s.runs++
	f, err := os.Create(filepath.Join(logDir, fmt.Sprintf("%s.%d.log", s.name, s.runs)))
	check(err)
	s.cmd = exec.Command(*bin)
	s.cmd.Env = s.env
	s.cmd.Stdout, s.cmd.Stderr = f, f
	check(s.cmd.Start())
	for i := 0; i < 400; i++ {
		res, err := http.Get(s.base + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.kill()
	log.Fatalf("%s did not become healthy (log: %s)", s.base, f.Name())
}

func (s *server) kill() {
	if s.cmd != nil {
		s.cmd.Process.Signal(syscall.SIGKILL)
		s.cmd.Wait()
		s.cmd = nil
	}
}

func (s *server) stop() {
	if s.cmd != nil {
		s.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { s.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			s.cmd.Process.Signal(syscall.SIGKILL)
			<-done
		}
		s.cmd = nil
	}
}

// visitor is one quote request of a drill.
type visitor struct {
	email, body string
	status      int // last answer; 0 when the connection failed
	tries       int
}

func visitors(prefix string, n int) []*visitor {
	out := make([]*visitor, n)
	for i := range out {
		email := fmt.Sprintf("%s-%d@example.com", prefix, i)
		body, _ := json.Marshal(map[string]string{
			"fullName": fmt.Sprintf("Drill Visitor %s %d", prefix, i), "email": email,
			"description": "We need an agent that answers the phone and books appointments.",
			"language":    "english", "locale": "en", "timeZone": "Europe/Amsterdam",
		})
		out[i] = &visitor{email: email, body: string(body)}
	}
	return out
}

var client = &http.Client{Timeout: 30 * time.Second}

// post sends every visitor whose request has no 201 yet, all at once, spread
// over bases, and calls answered after each answer (or failure).
func post(vs []*visitor, bases []string, answered func()) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, v := range vs {
		if v.status == http.StatusCreated {
			continue
		}
		wg.Go(func() {
			<-start
			v.tries++
			res, err := client.Post(bases[i%len(bases)]+"/api/quotes", "application/json", strings.NewReader(v.body))
			v.status = 0
			if err == nil {
				v.status = res.StatusCode
				res.Body.Close()
			}
			if answered != nil {
				answered()
			}
		})
	}
	close(start)
	wg.Wait()
}

// tally is what the sink received for a set of visitors.
type tally struct {
	expected, delivered, complete, dups, copies int
}

// count matches the sink's messages to visitors: each wants the agency email
// (Reply-To the visitor) and the confirmation (To the visitor).
func count(sink *smtptest.Sink, vs []*visitor) tally {
	want := map[string]bool{}
	for _, v := range vs {
		want[v.email] = true
	}
	ids := map[string]int{}                  // Message-ID → deliveries
	perEmail := map[string]map[string]bool{} // kind|visitor → Message-IDs
	for _, h := range headers(sink) {
		id, key := h[0], h[1]
		visitor := key[strings.Index(key, "|")+1:]
		if !want[visitor] {
			continue
		}
		ids[id]++
		if perEmail[key] == nil {
			perEmail[key] = map[string]bool{}
		}
		perEmail[key][id] = true
	}
	t := tally{expected: 2 * len(vs)}
	for _, n := range ids {
		t.delivered += n
		t.dups += n - 1
	}
	for _, set := range perEmail {
		t.complete++
		t.copies += len(set) - 1
	}
	return t
}

var (
	parsedMu sync.Mutex
	parsed   = map[*smtptest.Sink][][2]string{}
)

// headers returns each message's Message-ID and kind|visitor, parsing only
// the messages not seen before (the sink only appends).
func headers(sink *smtptest.Sink) [][2]string {
	parsedMu.Lock()
	defer parsedMu.Unlock()
	msgs := sink.Messages()
	out := parsed[sink]
	for _, m := range msgs[len(out):] {
		msg, err := netmail.ReadMessage(bytes.NewReader(m.Raw))
		check(err)
		var key string
		if slicesContains(m.To, inbox) {
			a, err := netmail.ParseAddress(msg.Header.Get("Reply-To"))
			check(err)
			key = "inbox|" + strings.ToLower(a.Address)
		} else {
			key = "confirmation|" + strings.ToLower(strings.Join(m.To, ","))
		}
		out = append(out, [2]string{msg.Header.Get("Message-Id"), key})
	}
	parsed[sink] = out
	return out
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if strings.EqualFold(x, v) {
			return true
		}
	}
	return false
}

// drain waits until every visitor has both emails, or until timeout; it
// returns the time taken. Then it waits a little for late duplicates.
func drain(sink *smtptest.Sink, vs []*visitor, from time.Time, timeout time.Duration) (time.Duration, bool) {
	deadline := from.Add(timeout)
	for {
		t := count(sink, vs)
		if t.complete >= t.expected {
			d := time.Since(from)
			time.Sleep(3 * time.Second)
			return d, true
		}
		if time.Now().After(deadline) {
			return time.Since(from), false
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func stored(vs []*visitor) int {
	n := 0
	for _, v := range vs {
		if v.status == http.StatusCreated {
			n++
		}
	}
	return n
}

func report(drill string, vs []*visitor, t tally, took time.Duration, drained bool, note string) {
	// Lost: a request never answered 201, or an email that never came.
	lost := len(vs) - stored(vs) + (t.expected - t.complete)
	dr := took.Round(10 * time.Millisecond).String()
	if !drained {
		dr = "not drained after " + dr
	}
	fmt.Printf("| %s | %s | %d | %d | %d | %d | %d | %d | %d | %s | %s |\n",
		*label, drill, len(vs), stored(vs), lost, t.expected, t.delivered, t.dups, t.copies, dr, note)
}

// killDrill: rounds × n concurrent requests, kill -9 when half are answered,
// restart, resend the requests that got no answer, wait for the mail.
func killDrill(n, rounds int) {
	dir, err := os.MkdirTemp("", "bench-drills-kill-")
	check(err)
	defer os.RemoveAll(dir)
	sink, err := smtptest.Listen("127.0.0.1:0")
	check(err)
	defer sink.Close()
	srv := newServer("kill", dir, "", sink.URL())
	srv.start()
	defer srv.stop()

	var all []*visitor
	var totalDrain time.Duration
	drained := true
	cut := 0
	for r := 1; r <= rounds; r++ {
		vs := visitors(fmt.Sprintf("kill%d", r), n)
		all = append(all, vs...)
		var mu sync.Mutex
		answers := 0
		killed := false
		post(vs, []string{srv.base}, func() {
			mu.Lock()
			defer mu.Unlock()
			answers++
			if answers == n/2 && !killed {
				killed = true
				srv.cmd.Process.Signal(syscall.SIGKILL)
			}
		})
		srv.kill() // reaps it
		cutNow := n - stored(vs)
		cut += cutNow
		srv.start()
		restarted := time.Now()
		for try := 0; try < 3 && stored(vs) < n; try++ {
			post(vs, []string{srv.base}, nil)
		}
		took, ok := drain(sink, vs, restarted, 3*time.Minute)
		totalDrain = max(totalDrain, took)
		drained = drained && ok
		if *verbose {
			t := count(sink, vs)
			log.Printf("kill round %d: %d cut, %d stored, %+v, drained in %v", r, cutNow, stored(vs), t, took)
		}
	}
	t := count(sink, all)
	report("kill -9 ×3", all, t, totalDrain, drained,
		fmt.Sprintf("%d requests cut by the kills and sent again; drain = longest round, from restart", cut))
}

// smtpDrill: SMTP down, n requests, up after down, wait for the mail.
func smtpDrill(n int, down time.Duration) {
	dir, err := os.MkdirTemp("", "bench-drills-smtp-")
	check(err)
	defer os.RemoveAll(dir)
	sink, err := smtptest.Listen("127.0.0.1:0")
	check(err)
	defer sink.Close()
	srv := newServer("smtp", dir, "", sink.URL())
	srv.start()
	defer srv.stop()

	sink.SetDown(true)
	wentDown := time.Now()
	vs := visitors("smtp", n)
	post(vs, []string{srv.base}, nil)
	time.Sleep(time.Until(wentDown.Add(down)))
	sink.SetDown(false)
	up := time.Now()
	took, ok := drain(sink, vs, up, 4*time.Minute)
	t := count(sink, vs)
	report(fmt.Sprintf("SMTP down %s", down), vs, t, took, ok, "drain from SMTP up")
}

// pairDrill: two instances on one PostgreSQL schema.
func pairDrill(pgURL string, n int) {
	url, drop, err := benchdb.TempSchema(context.Background(), pgURL)
	check(err)
	defer drop()
	dir, err := os.MkdirTemp("", "bench-drills-pair-")
	check(err)
	defer os.RemoveAll(dir)
	sink, err := smtptest.Listen("127.0.0.1:0")
	check(err)
	defer sink.Close()
	a := newServer("pair-a", dir, url, sink.URL())
	b := newServer("pair-b", dir, url, sink.URL())
	a.start() // migrates first
	defer a.stop()
	b.start()
	defer b.stop()

	sink.SetDown(true)
	vs := visitors("pair", n)
	post(vs, []string{a.base, b.base}, nil)
	time.Sleep(3 * time.Second)
	sink.SetDown(false)
	up := time.Now()
	took, ok := drain(sink, vs, up, 4*time.Minute)
	t := count(sink, vs)
	report("2 instances, 1 PostgreSQL", vs, t, took, ok, "SMTP down 3 s after the requests; drain from SMTP up")
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
