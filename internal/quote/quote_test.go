package quote_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/mail/smtptest"
	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/google/uuid"
)

const inbox = "quotes@belwise.test"

// clock is a settable clock for the service and the worker.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func person(i int) quote.Input {
	return quote.Input{
		FullName:    fmt.Sprintf("Person %d", i),
		Email:       fmt.Sprintf("person%d@example.com", i),
		Description: fmt.Sprintf("Request number %d.", i),
		Locale:      []string{"en", "nl"}[i%2],
		TimeZone:    "Europe/Amsterdam",
	}
}

func newSender(t *testing.T, sink *smtptest.Sink) mail.Sender {
	t.Helper()
	s, err := mail.NewSender(sink.URL(), "Belwise <no-reply@belwise.test>", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var reference = regexp.MustCompile(`Reference: ([0-9a-f-]{36})`)

// checkDelivered asserts that the sink holds exactly one inbox email and
// one confirmation per quote id, and nothing else.
func checkDelivered(t *testing.T, msgs []smtptest.Message, ids map[string]int) {
	t.Helper()
	if len(msgs) != 2*len(ids) {
		t.Errorf("sink has %d messages, want %d", len(msgs), 2*len(ids))
	}
	messageIDs := map[string]bool{}
	inboxFor := map[string]int{}   // quote id → inbox emails
	confirmFor := map[string]int{} // recipient → confirmations
	for _, m := range msgs {
		p, err := m.Parse()
		if err != nil {
			t.Fatal(err)
		}
		mid := p.Header.Get("Message-Id")
		if mid == "" || messageIDs[mid] {
			t.Errorf("Message-ID %q missing or repeated", mid)
		}
		messageIDs[mid] = true
		if len(m.To) != 1 {
			t.Fatalf("recipients %v", m.To)
		}
		if m.To[0] == inbox {
			ref := reference.FindStringSubmatch(p.Text)
			if ref == nil {
				t.Fatalf("inbox email without a reference:\n%s", p.Text)
			}
			i, ok := ids[ref[1]]
			if !ok {
				t.Fatalf("inbox email for unknown quote %s", ref[1])
			}
			if want := fmt.Sprintf("New Quote Request from Person %d", i); p.Subject != want {
				t.Errorf("subject %q, want %q", p.Subject, want)
			}
			if rt := p.Header.Get("Reply-To"); !strings.Contains(rt, fmt.Sprintf("person%d@example.com", i)) {
				t.Errorf("inbox email for %d: Reply-To %q", i, rt)
			}
			inboxFor[ref[1]]++
			continue
		}
		confirmFor[m.To[0]]++
	}
	for id, i := range ids {
		if inboxFor[id] != 1 {
			t.Errorf("quote %d (%s): %d inbox emails, want 1", i, id, inboxFor[id])
		}
		if to := fmt.Sprintf("person%d@example.com", i); confirmFor[to] != 1 {
			t.Errorf("quote %d: %d confirmations to %s, want 1", i, confirmFor[to], to)
		}
	}
}

// TestSMTPOutageLosesNothing submits while the mail server is down: every
// request is stored and answered at once, nothing is delivered, and once
// the server is back each email leaves exactly once.
func TestSMTPOutageLosesNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		sink := smtptest.Start(t)
		clk := &clock{t: time.Date(2026, 11, 21, 22, 5, 0, 0, time.UTC)}
		w, m := mail.NewWorker(db, newSender(t, sink), nil, jobs.Options{Now: clk.Now})
		var notified atomic.Int32
		svc, err := quote.New(quote.Options{DB: db, Inbox: inbox, RateLimitScale: 1, Now: clk.Now,
			Notify: func() { notified.Add(1); w.Notify() }})
		if err != nil {
			t.Fatal(err)
		}
		svc.RegisterMail(m)

		sink.SetDown(true)
		ids := map[string]int{}
		for i := range 20 {
			id, err := svc.Submit(ctx, person(i), "", fmt.Sprintf("192.0.2.%d", i+1))
			if err != nil {
				t.Fatalf("submit %d while SMTP is down: %v", i, err)
			}
			ids[id] = i
		}
		if n, err := db.QuoteCount(ctx); n != 20 || err != nil {
			t.Fatalf("stored %d (%v), want 20", n, err)
		}
		if notified.Load() != 20 {
			t.Errorf("worker notified %d times, want 20", notified.Load())
		}
		// Every email is tried (and fails) until all wait for their backoff.
		for range 6 {
			if sent, err := w.RunOnce(ctx); sent != 0 || err != nil {
				t.Fatalf("during the outage: sent %d, err %v", sent, err)
			}
		}
		if pending, sent, failed, err := db.MailCounts(ctx); pending != 40 || sent != 0 || failed != 0 || err != nil {
			t.Fatalf("during the outage: pending %d sent %d failed %d (%v)", pending, sent, failed, err)
		}
		if got := len(sink.Messages()); got != 0 {
			t.Fatalf("%d messages delivered while down", got)
		}

		sink.SetDown(false)
		clk.Advance(time.Minute) // past the first backoff (10 s ± 20%)
		for round := 0; ; round++ {
			if _, err := w.RunOnce(ctx); err != nil {
				t.Fatal(err)
			}
			pending, _, failed, err := db.MailCounts(ctx)
			if err != nil || failed != 0 {
				t.Fatalf("failed %d, err %v", failed, err)
			}
			if pending == 0 {
				break
			}
			if round > 20 {
				t.Fatalf("outbox not drained: %d pending", pending)
			}
		}
		// Draining again sends nothing more.
		clk.Advance(24 * time.Hour)
		if sent, err := w.RunOnce(ctx); sent != 0 || err != nil {
			t.Fatalf("after draining: sent %d, err %v", sent, err)
		}
		checkDelivered(t, sink.Messages(), ids)
	})
}

// countingSender tells how the work was shared between the workers.
type countingSender struct {
	mail.Sender
	n atomic.Int32
}

func (c *countingSender) Send(ctx context.Context, m mail.Message) error {
	err := c.Sender.Send(ctx, m)
	if err == nil {
		c.n.Add(1)
	}
	return err
}

// TestTwoInstancesShareOnePostgres runs two server instances' worth of
// database handles, services and outbox workers against one PostgreSQL
// schema, all at once: every email is delivered exactly once.
func TestTwoInstancesShareOnePostgres(t *testing.T) {
	url := storetest.PostgresURL(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	sink := smtptest.Start(t)

	type instance struct {
		db     *store.DB
		svc    *quote.Service
		w      *jobs.Worker
		sender *countingSender
	}
	var insts [2]*instance
	var migrate sync.WaitGroup
	for i := range insts {
		db, err := store.Open(ctx, store.Config{DatabaseURL: url})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		migrate.Go(func() {
			if err := db.Migrate(ctx); err != nil {
				t.Error(err)
			}
		})
		sender := &countingSender{Sender: newSender(t, sink)}
		w, m := mail.NewWorker(db, sender, nil, jobs.Options{Interval: 20 * time.Millisecond, Batch: 5})
		svc, err := quote.New(quote.Options{DB: db, Inbox: inbox, Notify: w.Notify, RateLimitScale: 100})
		if err != nil {
			t.Fatal(err)
		}
		svc.RegisterMail(m)
		insts[i] = &instance{db, svc, w, sender}
	}
	migrate.Wait()
	if t.Failed() {
		t.FailNow()
	}

	runCtx, stop := context.WithCancel(ctx)
	var workers sync.WaitGroup
	for _, in := range insts {
		workers.Go(func() { in.w.Run(runCtx) })
	}

	// 100 requests, half through each instance, four at a time.
	const total = 100
	var mu sync.Mutex
	ids := map[string]int{}
	var submit sync.WaitGroup
	for g := range 4 {
		submit.Go(func() {
			for i := g; i < total; i += 4 {
				id, err := insts[i%2].svc.Submit(ctx, person(i), "", "192.0.2.1")
				if err != nil {
					t.Errorf("submit %d: %v", i, err)
					return
				}
				mu.Lock()
				ids[id] = i
				mu.Unlock()
			}
		})
	}
	submit.Wait()

	deadline := time.Now().Add(30 * time.Second)
	for {
		pending, sent, failed, err := insts[0].db.MailCounts(ctx)
		if err != nil || failed != 0 {
			t.Fatalf("failed %d, err %v", failed, err)
		}
		if pending == 0 && sent == 2*total {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not drained: pending %d, sent %d", pending, sent)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// Give a late duplicate every chance to show up before stopping.
	time.Sleep(100 * time.Millisecond)
	stop()
	workers.Wait()

	if n, err := insts[1].db.QuoteCount(ctx); n != total || err != nil {
		t.Fatalf("stored %d (%v), want %d", n, err, total)
	}
	checkDelivered(t, sink.Messages(), ids)
	a, b := insts[0].sender.n.Load(), insts[1].sender.n.Load()
	t.Logf("deliveries: instance A %d, instance B %d", a, b)
	if a+b != 2*total {
		t.Errorf("workers report %d deliveries, want %d", a+b, 2*total)
	}
}

// TestVanishedQuoteFailsPermanently: an email whose request is gone (or
// whose payload is garbage) is given up at once instead of retried.
func TestVanishedQuoteFailsPermanently(t *testing.T) {
	db := storetest.SQLite(t)
	ctx := t.Context()
	sink := smtptest.Start(t)
	w, m := mail.NewWorker(db, newSender(t, sink), nil, jobs.Options{})
	svc, err := quote.New(quote.Options{DB: db, Inbox: inbox})
	if err != nil {
		t.Fatal(err)
	}
	svc.RegisterMail(m)
	if err := db.EnqueueMail(ctx, time.Now(),
		store.NewMail{Kind: quote.KindInbox, Recipient: inbox, Payload: []byte(`{"quoteId":"` + uuid.NewString() + `"}`)},
		store.NewMail{Kind: quote.KindConfirmation, Recipient: "a@example.com", Payload: []byte(`{"quoteId":"x"}`)},
		store.NewMail{Kind: quote.KindConfirmation, Recipient: "a@example.com", Payload: []byte(`[1,2]`)},
	); err != nil {
		t.Fatal(err)
	}
	if sent, err := w.RunOnce(ctx); sent != 0 || err != nil {
		t.Fatalf("sent %d, err %v", sent, err)
	}
	if pending, sent, failed, err := db.MailCounts(ctx); pending != 0 || sent != 0 || failed != 3 || err != nil {
		t.Fatalf("pending %d sent %d failed %d (%v); want all 3 failed", pending, sent, failed, err)
	}
}

func TestNewChecksInbox(t *testing.T) {
	db := storetest.SQLite(t)
	for _, bad := range []string{"", "  ", "quotes", "a@b.nl, c@d.nl"} {
		if _, err := quote.New(quote.Options{DB: db, Inbox: bad}); err == nil || !strings.Contains(err.Error(), "QUOTE_INBOX") {
			t.Errorf("Inbox %q: err %v", bad, err)
		}
	}
	for _, good := range []string{"quotes@belwise.nl", " Belwise quotes <quotes@belwise.nl> "} {
		if _, err := quote.New(quote.Options{DB: db, Inbox: good}); err != nil {
			t.Errorf("Inbox %q: %v", good, err)
		}
	}
}

// TestRepeatIsAnsweredWithTheFirst: the same request sent again within the
// repeat window (Send pressed twice, a resent form) gets the first one's id;
// it is stored once, emailed once and never counted against the rate limit.
// A changed word, or the same request after the window, is a new request.
func TestRepeatIsAnsweredWithTheFirst(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		clk := &clock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
		svc, err := quote.New(quote.Options{DB: db, Inbox: inbox, Now: clk.Now})
		if err != nil {
			t.Fatal(err)
		}
		in := person(1)
		first, err := svc.Submit(ctx, in, "", "192.0.2.9")
		if err != nil {
			t.Fatal(err)
		}
		// Ten repeats: twice the rate limit's budget, yet none is refused.
		for i := range 10 {
			clk.Advance(time.Minute / 2)
			again := in
			again.Email = strings.ToUpper(in.Email) // the same address
			again.Description = "  " + in.Description + "\n"
			if id, err := svc.Submit(ctx, again, "", "192.0.2.9"); err != nil || id != first {
				t.Fatalf("repeat %d: %q, %v; want %q", i, id, err, first)
			}
		}
		if n, _ := db.QuoteCount(ctx); n != 1 {
			t.Fatalf("stored %d requests, want 1", n)
		}
		if pending, _, _, _ := db.MailCounts(ctx); pending != 2 {
			t.Fatalf("%d emails queued, want 2 (inbox and confirmation, once)", pending)
		}
		changed := in
		changed.Description += " And one more thing."
		if id, err := svc.Submit(ctx, changed, "", "192.0.2.9"); err != nil || id == first {
			t.Fatalf("changed request: %q, %v", id, err)
		}
		clk.Advance(16 * time.Minute)
		if id, err := svc.Submit(ctx, in, "", "192.0.2.9"); err != nil || id == first {
			t.Fatalf("after the window: %q, %v", id, err)
		}
		if n, _ := db.QuoteCount(ctx); n != 3 {
			t.Fatalf("stored %d requests, want 3", n)
		}
	})
}
