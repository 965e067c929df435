package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/mail/smtptest"
	"github.com/belwise/site/internal/store"
)

// testWorker is the job queue's Worker with a Mailer registered for mail,
// wired as the server wires them; Register registers a renderer.
type testWorker struct {
	*jobs.Worker
	mailer *Mailer
}

func (w testWorker) Register(kind string, r RenderFunc) { w.mailer.Register(kind, r) }

func newWorker(q jobs.Queue, s Sender, log *slog.Logger, opts jobs.Options) testWorker {
	w, m := NewWorker(q, s, log, opts)
	return testWorker{w, m}
}

// fakeQueue is an in-memory Queue with the store's claim semantics.
type fakeQueue struct {
	mu      sync.Mutex
	rows    []*fakeRow
	err     error // while set, every method fails with it
	claims  int
	dueAsks int
}

type fakeRow struct {
	msg         store.Job
	next        time.Time
	lockedUntil time.Time
	sent        int // times marked sent
	failed      bool
	lastErr     string
	retries     []time.Time
}

var _ jobs.Queue = (*store.DB)(nil)

func (q *fakeQueue) add(kind, to, locale, payload string, due time.Time) *fakeRow {
	q.mu.Lock()
	defer q.mu.Unlock()
	p, err := store.MailPayload(store.NewMail{Kind: kind, Recipient: to, Locale: locale, Payload: []byte(payload)})
	if err != nil {
		panic(err)
	}
	r := &fakeRow{
		msg:  store.Job{ID: int64(len(q.rows) + 1), Kind: store.JobMail, Payload: p, CreatedAt: due},
		next: due,
	}
	q.rows = append(q.rows, r)
	return r
}

func (q *fakeQueue) setErr(err error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.err = err
}

// snapshot returns a copy of row r, safe to inspect.
func (q *fakeQueue) snapshot(r *fakeRow) fakeRow {
	q.mu.Lock()
	defer q.mu.Unlock()
	c := *r
	c.retries = slices.Clone(r.retries)
	return c
}

func (q *fakeQueue) counts() (claims, dueAsks int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.claims, q.dueAsks
}

func (r *fakeRow) pending() bool { return r.sent == 0 && !r.failed }

func (q *fakeQueue) ClaimJobs(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]store.Job, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.claims++
	if q.err != nil {
		return nil, q.err
	}
	var out []store.Job
	for _, r := range q.rows {
		if len(out) == limit {
			break
		}
		if r.pending() && !r.next.After(now) && !r.lockedUntil.After(now) {
			r.lockedUntil = now.Add(lease)
			r.msg.Attempts++
			out = append(out, r.msg)
		}
	}
	return out, nil
}

func (q *fakeQueue) row(id int64) (*fakeRow, error) {
	if q.err != nil {
		return nil, q.err
	}
	for _, r := range q.rows {
		if r.msg.ID == id {
			return r, nil
		}
	}
	return nil, store.ErrNotFound
}

func (q *fakeQueue) MarkJobDone(ctx context.Context, id int64, now time.Time) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	r, err := q.row(id)
	if err != nil {
		return err
	}
	r.sent++
	r.lockedUntil = time.Time{}
	return nil
}

func (q *fakeQueue) MarkJobRetry(ctx context.Context, id int64, errText string, next, now time.Time) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	r, err := q.row(id)
	if err != nil {
		return err
	}
	r.lastErr, r.next, r.lockedUntil = errText, next, time.Time{}
	r.retries = append(r.retries, next)
	return nil
}

func (q *fakeQueue) MarkJobFailed(ctx context.Context, id int64, errText string, now time.Time) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	r, err := q.row(id)
	if err != nil {
		return err
	}
	r.lastErr, r.failed, r.lockedUntil = errText, true, time.Time{}
	return nil
}

// ReleaseJobs hands jobs back as the store does: due now, the claim not
// counted.
func (q *fakeQueue) ReleaseJobs(ctx context.Context, now time.Time, ids ...int64) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, id := range ids {
		r, err := q.row(id)
		if err != nil {
			return err
		}
		r.next, r.lockedUntil = now, time.Time{}
		r.msg.Attempts--
	}
	return nil
}

func (q *fakeQueue) EnqueueJobs(ctx context.Context, now time.Time, jobs ...store.NewJob) error {
	return nil // the mail tests schedule no periodic jobs
}

func (q *fakeQueue) NextJobDue(ctx context.Context) (time.Time, bool, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.dueAsks++
	if q.err != nil {
		return time.Time{}, false, q.err
	}
	var due time.Time
	found := false
	for _, r := range q.rows {
		if !r.pending() {
			continue
		}
		d := r.next
		if r.lockedUntil.After(d) {
			d = r.lockedUntil
		}
		if !found || d.Before(due) {
			due, found = d, true
		}
	}
	return due, found, nil
}

// fakeClock is a settable clock for jobs.Options.Now.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *fakeClock { return &fakeClock{t: time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// fakeSender records messages, or fails with err while it is set.
type fakeSender struct {
	mu    sync.Mutex
	err   error
	calls int
	sent  []Message
	ch    chan Message
}

func (s *fakeSender) Send(ctx context.Context, m Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if s.err != nil {
		return s.err
	}
	s.sent = append(s.sent, m)
	if s.ch != nil {
		select {
		case s.ch <- m:
		default:
		}
	}
	return nil
}

func (s *fakeSender) stats() (calls, sent int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls, len(s.sent)
}

const verifyPayload = `{"name":"Ann","link":"https://belwise.test/verify?token=SECRET123","validHours":24}`

func registerVerify(w testWorker) {
	w.Register("verify", RenderJSON(func(_ context.Context, m store.OutboxMessage, d testData) (Message, error) {
		return testEmail(m.Locale, d), nil
	}))
}

func TestWorkerRetriesThroughOutage(t *testing.T) {
	ctx := context.Background()
	sink := smtptest.Start(t)
	sender, err := NewSender(sink.URL(), "Belwise <no-reply@belwise.test>", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	clk := newClock()
	q := &fakeQueue{}
	row := q.add("verify", "ann@example.nl", "nl", verifyPayload, clk.Now())
	log, logs := newLogger()
	w := newWorker(q, sender, log, jobs.Options{Now: clk.Now, BaseBackoff: 10 * time.Second})
	registerVerify(w)

	sink.SetDown(true)
	var prev time.Duration
	for i := range 4 {
		sent, err := w.RunOnce(ctx)
		if sent != 0 || err != nil {
			t.Fatalf("round %d during outage: sent %d, err %v", i, sent, err)
		}
		r := q.snapshot(row)
		if len(r.retries) != i+1 || r.sent != 0 || r.failed {
			t.Fatalf("round %d: row %+v", i, r)
		}
		delay := r.retries[i].Sub(clk.Now())
		nominal := 10 * time.Second << i
		if delay < nominal*8/10 || delay > nominal*12/10 {
			t.Errorf("round %d: backoff %v, want %v ±20%%", i, delay, nominal)
		}
		if delay <= prev {
			t.Errorf("round %d: backoff %v did not grow from %v", i, delay, prev)
		}
		prev = delay
		if !strings.Contains(r.lastErr, "421") {
			t.Errorf("round %d: last error %q", i, r.lastErr)
		}
		// Not due yet: nothing to claim.
		clk.Advance(delay - time.Second)
		if sent, err := w.RunOnce(ctx); sent != 0 || err != nil {
			t.Fatalf("round %d before due: sent %d, err %v", i, sent, err)
		}
		if got := len(q.snapshot(row).retries); got != i+1 {
			t.Fatalf("round %d: message retried before it was due", i)
		}
		clk.Advance(time.Second)
	}

	sink.SetDown(false)
	if sent, err := w.RunOnce(ctx); sent != 1 || err != nil {
		t.Fatalf("after outage: sent %d, err %v", sent, err)
	}
	clk.Advance(2 * time.Hour)
	if sent, err := w.RunOnce(ctx); sent != 0 || err != nil {
		t.Fatalf("after delivery: sent %d, err %v", sent, err)
	}
	if r := q.snapshot(row); r.sent != 1 || r.failed || r.msg.Attempts != 5 {
		t.Errorf("row after delivery: %+v", r)
	}
	msgs := sink.Messages()
	if len(msgs) != 1 {
		t.Fatalf("sink has %d messages, want exactly 1", len(msgs))
	}
	p, err := msgs[0].Parse()
	if err != nil {
		t.Fatal(err)
	}
	if p.Subject != testEmail("nl", testData{}).Subject || !strings.Contains(p.Text, "Beste Ann,") ||
		!strings.Contains(p.Text, "SECRET123") || !strings.Contains(p.Text, "24 uur") {
		t.Errorf("delivered %q:\n%s", p.Subject, p.Text)
	}
	if msgs[0].To[0] != "ann@example.nl" {
		t.Errorf("delivered to %v", msgs[0].To)
	}

	out := logs.String()
	if strings.Contains(out, "SECRET123") {
		t.Errorf("worker logged a message body:\n%s", out)
	}
	for _, want := range []string{"level=WARN msg=\"job failed; will retry\"", "level=INFO msg=\"mail sent\" kind=verify id=1 attempt=5"} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q:\n%s", want, out)
		}
	}
}

func TestWorkerPermanentRenderError(t *testing.T) {
	clk := newClock()
	q := &fakeQueue{}
	row := q.add("reset", "gone@example.com", "en", `{"userID":7}`, clk.Now())
	bad := q.add("verify", "x@example.com", "en", `{not json`, clk.Now())
	s := &fakeSender{}
	w := newWorker(q, s, nil, jobs.Options{Now: clk.Now})
	w.Register("reset", func(ctx context.Context, m store.OutboxMessage) (Message, error) {
		return Message{}, fmt.Errorf("user 7: %w", ErrPermanent)
	})
	registerVerify(w)

	if sent, err := w.RunOnce(context.Background()); sent != 0 || err != nil {
		t.Fatalf("sent %d, err %v", sent, err)
	}
	for _, r := range []fakeRow{q.snapshot(row), q.snapshot(bad)} {
		if !r.failed || r.msg.Attempts != 1 || len(r.retries) != 0 {
			t.Errorf("row %d: %+v, want failed after one attempt", r.msg.ID, r)
		}
	}
	if r := q.snapshot(row); !strings.Contains(r.lastErr, "user 7") {
		t.Errorf("last error %q", r.lastErr)
	}
	if calls, _ := s.stats(); calls != 0 {
		t.Errorf("sender called %d times", calls)
	}
}

func TestWorkerUnknownKind(t *testing.T) {
	clk := newClock()
	q := &fakeQueue{}
	row := q.add("newsletter", "a@example.com", "en", `{}`, clk.Now())
	log, logs := newLogger()
	w := newWorker(q, &fakeSender{}, log, jobs.Options{Now: clk.Now})
	registerVerify(w)
	if _, err := w.RunOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r := q.snapshot(row); !r.failed || !strings.Contains(r.lastErr, `"newsletter"`) {
		t.Errorf("row %+v", r)
	}
	if out := logs.String(); !strings.Contains(out, "level=ERROR") || !strings.Contains(out, "newsletter") {
		t.Errorf("log:\n%s", out)
	}
}

func TestWorkerMaxAttempts(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	q := &fakeQueue{}
	row := q.add("verify", "a@example.com", "en", verifyPayload, clk.Now())
	s := &fakeSender{err: errors.New("451 4.3.0 try again later")}
	w := newWorker(q, s, nil, jobs.Options{Now: clk.Now, MaxAttempts: 3, MaxBackoff: time.Minute})
	registerVerify(w)
	for i := range 3 {
		if _, err := w.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		if r := q.snapshot(row); r.failed != (i == 2) {
			t.Fatalf("after attempt %d: failed = %v", i+1, r.failed)
		}
		clk.Advance(time.Hour)
	}
	if sent, err := w.RunOnce(ctx); sent != 0 || err != nil {
		t.Fatalf("after failure: sent %d, err %v", sent, err)
	}
	r := q.snapshot(row)
	if len(r.retries) != 2 || !strings.Contains(r.lastErr, "try again later") {
		t.Errorf("row %+v", r)
	}
	if calls, _ := s.stats(); calls != 3 {
		t.Errorf("sender called %d times, want 3", calls)
	}
}

func TestWorkerPanicIsRetried(t *testing.T) {
	clk := newClock()
	q := &fakeQueue{}
	row := q.add("boom", "a@example.com", "en", `{}`, clk.Now())
	w := newWorker(q, &fakeSender{}, nil, jobs.Options{Now: clk.Now})
	w.Register("boom", func(context.Context, store.OutboxMessage) (Message, error) { panic("oops") })
	if _, err := w.RunOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r := q.snapshot(row); r.failed || len(r.retries) != 1 || !strings.Contains(r.lastErr, "oops") {
		t.Errorf("row %+v", r)
	}
}

func TestWorkerBatch(t *testing.T) {
	clk := newClock()
	q := &fakeQueue{}
	for range 5 {
		q.add("verify", "a@example.com", "en", verifyPayload, clk.Now())
	}
	s := &fakeSender{}
	w := newWorker(q, s, nil, jobs.Options{Now: clk.Now, Batch: 3})
	registerVerify(w)
	for _, want := range []int{3, 2, 0} {
		if sent, err := w.RunOnce(context.Background()); sent != want || err != nil {
			t.Fatalf("sent %d, err %v; want %d", sent, err, want)
		}
	}
}

// runWorker starts Run and returns a stop function that checks it returns.
func runWorker(t *testing.T, w testWorker) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	return func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run returned %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("Run did not return after cancel")
		}
	}
}

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func TestWorkerNotifyWakesRun(t *testing.T) {
	q := &fakeQueue{}
	s := &fakeSender{ch: make(chan Message, 1)}
	w := newWorker(q, s, nil, jobs.Options{Interval: time.Hour})
	registerVerify(w)
	stop := runWorker(t, w)
	defer stop()

	// Let Run go idle (it asks for the next due time right before sleeping).
	waitUntil(t, "Run to go idle", func() bool { _, asks := q.counts(); return asks >= 1 })
	time.Sleep(10 * time.Millisecond)

	q.add("verify", "a@example.com", "en", verifyPayload, time.Now())
	start := time.Now()
	w.Notify()
	select {
	case <-s.ch:
		if d := time.Since(start); d > time.Second {
			t.Errorf("delivered after %v", d)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("Notify did not wake Run")
	}
	w.Notify() // never blocks, even twice in a row
	w.Notify()
}

func TestWorkerWakesWhenRetryDue(t *testing.T) {
	q := &fakeQueue{}
	q.add("verify", "a@example.com", "en", verifyPayload, time.Now().Add(300*time.Millisecond))
	s := &fakeSender{ch: make(chan Message, 1)}
	w := newWorker(q, s, nil, jobs.Options{Interval: time.Hour})
	registerVerify(w)
	stop := runWorker(t, w)
	defer stop()
	select {
	case <-s.ch:
	case <-time.After(3 * time.Second):
		t.Fatal("Run did not wake at NextJobDue")
	}
}

func TestWorkerSurvivesDatabaseOutage(t *testing.T) {
	q := &fakeQueue{}
	q.setErr(fmt.Errorf("dial tcp: connection refused: %w", store.ErrUnavailable))
	s := &fakeSender{ch: make(chan Message, 1)}
	log, logs := newLogger()
	w := newWorker(q, s, log, jobs.Options{Interval: 5 * time.Millisecond})
	registerVerify(w)
	stop := runWorker(t, w)
	defer stop()

	waitUntil(t, "several claim attempts", func() bool { c, _ := q.counts(); return c >= 4 })
	if n := strings.Count(logs.String(), "msg=\"jobs: database unavailable"); n != 1 {
		t.Errorf("logged the outage %d times, want once:\n%s", n, logs.String())
	}

	q.setErr(nil)
	q.add("verify", "a@example.com", "en", verifyPayload, time.Now())
	w.Notify()
	select {
	case <-s.ch:
	case <-time.After(3 * time.Second):
		t.Fatal("no delivery after the database came back")
	}
	waitUntil(t, "recovery log", func() bool { return strings.Contains(logs.String(), "database available again") })
}

func TestWorkerLogsOtherErrors(t *testing.T) {
	q := &fakeQueue{}
	q.setErr(errors.New("disk I/O error"))
	log, logs := newLogger()
	w := newWorker(q, &fakeSender{}, log, jobs.Options{Interval: time.Millisecond})
	stop := runWorker(t, w)
	waitUntil(t, "an error log", func() bool { return strings.Contains(logs.String(), "disk I/O error") })
	stop()
	if !strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("log:\n%s", logs.String())
	}
}

func TestRegisterPanicsOnMistakes(t *testing.T) {
	w := newWorker(&fakeQueue{}, &fakeSender{}, nil, jobs.Options{})
	registerVerify(w)
	for name, f := range map[string]func(){
		"duplicate": func() { registerVerify(w) },
		"nil":       func() { w.Register("x", nil) },
		"no kind": func() {
			w.Register("", func(context.Context, store.OutboxMessage) (Message, error) { return Message{}, nil })
		},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// TestWorkerNotSent: a renderer that finds nothing to send (a reset for an
// address without an account) closes the row at once, quietly.
func TestWorkerNotSent(t *testing.T) {
	clk := newClock()
	q := &fakeQueue{}
	row := q.add("reset", "nobody@example.com", "en", `{}`, clk.Now())
	s := &fakeSender{}
	log, logs := newLogger()
	w := newWorker(q, s, log, jobs.Options{Now: clk.Now})
	w.Register("reset", func(ctx context.Context, m store.OutboxMessage) (Message, error) {
		return Message{}, fmt.Errorf("%w: no account for this address", ErrNotSent)
	})
	if sent, err := w.RunOnce(context.Background()); sent != 0 || err != nil {
		t.Fatalf("sent %d, err %v", sent, err)
	}
	if r := q.snapshot(row); !r.failed || len(r.retries) != 0 || !strings.Contains(r.lastErr, "no account") {
		t.Errorf("row %+v, want closed after one look", r)
	}
	if calls, _ := s.stats(); calls != 0 {
		t.Errorf("sender called %d times", calls)
	}
	if strings.Contains(logs.String(), "level=ERROR") || strings.Contains(logs.String(), "level=WARN") {
		t.Errorf("not sending is no error:\n%s", logs)
	}
}
