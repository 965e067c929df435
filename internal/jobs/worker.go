// Package jobs runs the background work: one Worker claims due jobs from
// the job table (store.Job), runs the Handler registered for each kind and
// records the outcome, retrying failures with exponential backoff. It also
// schedules the periodic jobs. The SQL is in internal/store; what each kind
// does lives with its domain (mail, auth, calls), which registers it here.
package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/belwise/site/internal/store"
)

// Queue is the durable job table the Worker drains; *store.DB implements it.
type Queue interface {
	// ClaimJobs leases up to limit due jobs until now+lease and counts the
	// attempt, so the returned Attempts includes this one.
	ClaimJobs(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]store.Job, error)
	MarkJobDone(ctx context.Context, id int64, now time.Time) error
	MarkJobRetry(ctx context.Context, id int64, errText string, next, now time.Time) error
	MarkJobFailed(ctx context.Context, id int64, errText string, now time.Time) error
	// ReleaseJobs hands claimed jobs that were never started back at once.
	ReleaseJobs(ctx context.Context, now time.Time, ids ...int64) error
	// NextJobDue reports when the earliest unfinished job becomes due.
	NextJobDue(ctx context.Context) (time.Time, bool, error)
	EnqueueJobs(ctx context.Context, now time.Time, jobs ...store.NewJob) error
}

// Handler runs one claimed job. A nil error marks it done; any other error
// is retried after a backoff, unless it wraps ErrPermanent or ErrSkipped.
type Handler func(ctx context.Context, j store.Job) error

// ErrPermanent marks an error that retrying can never fix (the user no
// longer exists, the payload cannot be decoded): the Worker marks the job
// failed at once. Wrap it, e.g. fmt.Errorf("user %d: %w", id, ErrPermanent).
var ErrPermanent = errors.New("permanent error")

// ErrSkipped marks a job that is not to be done at all, such as a password
// reset asked for an address without an account: the Worker records it as
// failed with the reason, and logs it without alarm. Wrap it with the reason.
var ErrSkipped = errors.New("skipped")

// Options tunes a Worker; zero values take the defaults.
type Options struct {
	Interval    time.Duration // poll when idle; default 2 s (wakes earlier at NextJobDue or on Notify)
	Lease       time.Duration // default 2 min; must exceed Timeout
	Timeout     time.Duration // longest a handler may run; default 30 s
	BaseBackoff time.Duration // default 10 s, doubling per attempt, ±20% jitter
	MaxBackoff  time.Duration // default 1 h
	MaxAttempts int           // default 12, then the job is marked failed
	Batch       int           // default 10
	Now         func() time.Time
	// Report, when set, hears each job's outcome (done, retry, failed,
	// skipped) by kind: the metrics.
	Report func(kind, outcome string)
}

const (
	// maxErrorWait caps how long Run backs off after a database error.
	maxErrorWait = 30 * time.Second
	// minDueWait keeps Run from spinning on a due time it cannot claim yet
	// (e.g. a job another process has leased).
	minDueWait = 200 * time.Millisecond
	// downLogEvery throttles the "database unavailable" warning.
	downLogEvery = time.Minute
	// markTimeout bounds each bookkeeping write, which runs even while
	// shutting down so a finished job is recorded as done.
	markTimeout = 10 * time.Second
	// maxErrText bounds the error text stored with a job.
	maxErrText = 1000
)

func (o Options) withDefaults() Options {
	if o.Interval <= 0 {
		o.Interval = 2 * time.Second
	}
	if o.Lease <= 0 {
		o.Lease = 2 * time.Minute
	}
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	if o.BaseBackoff <= 0 {
		o.BaseBackoff = 10 * time.Second
	}
	if o.MaxBackoff <= 0 {
		o.MaxBackoff = time.Hour
	}
	if o.MaxBackoff < o.BaseBackoff {
		o.MaxBackoff = o.BaseBackoff
	}
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 12
	}
	if o.Batch <= 0 {
		o.Batch = 10
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Worker runs the job table: it claims due jobs, runs the Handler
// registered for their kind and records the outcome. Several workers (or
// processes) may share one Queue: claims are leased.
type Worker struct {
	q    Queue
	log  *slog.Logger
	opts Options
	wake chan struct{}
	// running is true while Run runs.
	running atomic.Bool

	mu       sync.RWMutex
	handlers map[string]Handler
	periodic []periodic

	// Only touched by Run's goroutine.
	downSince, lastDownLog time.Time
	scheduled              map[string]string // kind → unique key last scheduled
}

// New returns a Worker; call Register for each kind, then Run.
func New(q Queue, log *slog.Logger, opts Options) *Worker {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Worker{
		q:         q,
		log:       log,
		opts:      opts.withDefaults(),
		wake:      make(chan struct{}, 1),
		handlers:  make(map[string]Handler),
		scheduled: make(map[string]string),
	}
}

// Register sets the Handler for a kind of job. It panics on an empty kind,
// a nil func or a kind registered twice: those are wiring bugs.
func (w *Worker) Register(kind string, h Handler) {
	if kind == "" || h == nil {
		panic("jobs: Register needs a kind and a Handler")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, dup := w.handlers[kind]; dup {
		panic("jobs: kind " + kind + " registered twice")
	}
	w.handlers[kind] = h
}

func (w *Worker) handler(kind string) Handler {
	w.mu.RLock()
	defer w.mu.RUnlock()
	return w.handlers[kind]
}

// Notify wakes Run without blocking, so a job enqueued just now (a
// verification email, say) runs at once instead of at the next poll.
func (w *Worker) Notify() {
	select {
	case w.wake <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// Running reports whether Run is running (for the readiness check).
func (w *Worker) Running() bool { return w.running.Load() }

// Run runs jobs until ctx is done, then returns nil. It never stops on a
// database or handler error: it logs, backs off and tries again.
func (w *Worker) Run(ctx context.Context) error {
	w.running.Store(true)
	defer w.running.Store(false)
	var errWait time.Duration
	for ctx.Err() == nil {
		_, claimed, err := w.runOnce(ctx)
		if ctx.Err() != nil {
			break
		}
		var wait time.Duration
		if err != nil {
			w.logRunError(err)
			errWait = min(max(2*errWait, w.opts.Interval), maxErrorWait)
			wait = errWait
		} else {
			w.dbRecovered()
			errWait = 0
			if claimed >= w.opts.Batch {
				continue // a full batch: more may be waiting
			}
			wait = w.idleWait(ctx)
		}
		if !w.sleep(ctx, wait) {
			break
		}
	}
	return nil
}

// RunOnce schedules the periodic jobs that are due, claims one batch and
// runs it. It reports how many jobs were done, and the database errors met
// (scheduling, claiming, or recording outcomes). Job failures are not
// errors here: they are recorded on the jobs.
func (w *Worker) RunOnce(ctx context.Context) (done int, err error) {
	done, _, err = w.runOnce(ctx)
	return done, err
}

func (w *Worker) runOnce(ctx context.Context) (done, claimed int, err error) {
	if err := w.schedule(ctx); err != nil {
		return 0, 0, fmt.Errorf("schedule periodic jobs: %w", err)
	}
	claimedAt := time.Now()
	batch, err := w.q.ClaimJobs(ctx, w.opts.Now(), w.opts.Lease, w.opts.Batch)
	if err != nil {
		return 0, 0, fmt.Errorf("claim jobs: %w", err)
	}
	// A job must finish while the lease still holds, or another worker
	// could claim it and run it twice.
	startBy := w.opts.Lease - w.opts.Timeout
	var errs []error
	for i, j := range batch {
		if ctx.Err() != nil {
			// Shutting down: the rest go back to the queue at once.
			errs = append(errs, w.release(ctx, batch[i:]))
			break
		}
		if startBy > 0 && time.Since(claimedAt) > startBy {
			w.log.Warn("jobs: slow batch; handing the rest back", "left", len(batch)-i)
			errs = append(errs, w.release(ctx, batch[i:]))
			break
		}
		ok, err := w.run(ctx, j)
		if ok {
			done++
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	return done, len(batch), errors.Join(errs...)
}

// release hands claimed jobs that were not started back to the queue.
func (w *Worker) release(ctx context.Context, batch []store.Job) error {
	ids := make([]int64, len(batch))
	for i, j := range batch {
		ids[i] = j.ID
	}
	c, cancel := context.WithTimeout(context.WithoutCancel(ctx), markTimeout)
	defer cancel()
	if err := w.q.ReleaseJobs(c, w.opts.Now(), ids...); err != nil {
		return fmt.Errorf("release %d jobs: %w", len(ids), err)
	}
	return nil
}

// run runs one claimed job and records the outcome. It returns whether the
// job was done, and any error recording it.
func (w *Worker) run(ctx context.Context, j store.Job) (bool, error) {
	log := w.log.With("kind", j.Kind, "id", j.ID, "attempt", j.Attempts)

	h := w.handler(j.Kind)
	if h == nil {
		err := fmt.Errorf("no handler registered for job kind %q", j.Kind)
		log.Error("job failed: unknown kind", "err", err)
		return false, w.mark(ctx, j, "failed", func(c context.Context) error {
			return w.q.MarkJobFailed(c, j.ID, errText(err), w.opts.Now())
		})
	}

	err := protect(func() error {
		c, cancel := context.WithTimeout(ctx, w.opts.Timeout)
		defer cancel()
		return h(c, j)
	})
	if errors.Is(err, ErrSkipped) {
		log.Info("job skipped", "reason", err)
		return false, w.mark(ctx, j, "skipped", func(c context.Context) error {
			return w.q.MarkJobFailed(c, j.ID, errText(err), w.opts.Now())
		})
	}
	if err != nil {
		return false, w.failed(ctx, log, j, err)
	}
	log.Debug("job done")
	return true, w.mark(ctx, j, "done", func(c context.Context) error {
		return w.q.MarkJobDone(c, j.ID, w.opts.Now())
	})
}

// failed records a failure: at once for permanent errors and exhausted
// attempts, otherwise as a retry after the backoff.
func (w *Worker) failed(ctx context.Context, log *slog.Logger, j store.Job, err error) error {
	text := errText(err)
	switch {
	case errors.Is(err, ErrPermanent):
		log.Error("job failed permanently", "err", err)
	case ctx.Err() != nil:
		// Interrupted by shutdown, not the job's fault: due again at once.
		log.Info("job interrupted; will retry", "err", err)
		return w.mark(ctx, j, "retry", func(c context.Context) error {
			return w.q.MarkJobRetry(c, j.ID, text, w.opts.Now(), w.opts.Now())
		})
	case retryAt(err) != nil:
		// The handler keeps its own schedule (webhooks retry over 24 h).
		at := *retryAt(err)
		log.Warn("job failed; will retry", "retry_at", at, "err", err)
		return w.mark(ctx, j, "retry", func(c context.Context) error {
			return w.q.MarkJobRetry(c, j.ID, text, at, w.opts.Now())
		})
	case j.Attempts >= w.opts.MaxAttempts:
		log.Error("job failed: no attempts left", "max_attempts", w.opts.MaxAttempts, "err", err)
	default:
		delay := w.backoff(j.Attempts)
		log.Warn("job failed; will retry", "retry_in", delay.Round(time.Second), "err", err)
		return w.mark(ctx, j, "retry", func(c context.Context) error {
			return w.q.MarkJobRetry(c, j.ID, text, w.opts.Now().Add(delay), w.opts.Now())
		})
	}
	return w.mark(ctx, j, "failed", func(c context.Context) error {
		return w.q.MarkJobFailed(c, j.ID, text, w.opts.Now())
	})
}

// mark runs one bookkeeping write. It outlives ctx's cancellation (for a
// bounded time) so that a job finished during shutdown is recorded as done.
func (w *Worker) mark(ctx context.Context, j store.Job, outcome string, f func(context.Context) error) error {
	if w.opts.Report != nil {
		w.opts.Report(j.Kind, outcome)
	}
	c, cancel := context.WithTimeout(context.WithoutCancel(ctx), markTimeout)
	defer cancel()
	err := f(c)
	if err == nil {
		return nil
	}
	if outcome == "done" {
		w.log.Error("job done but not recorded as done; it may run again",
			"kind", j.Kind, "id", j.ID, "err", err)
	}
	return fmt.Errorf("mark job %d %s: %w", j.ID, outcome, err)
}

// backoff is the delay before the next attempt, after attempt number n:
// BaseBackoff·2^(n-1), ±20% jitter, at most MaxBackoff.
func (w *Worker) backoff(n int) time.Duration {
	d := w.opts.BaseBackoff
	for i := 1; i < n && d < w.opts.MaxBackoff; i++ {
		d *= 2
	}
	d = time.Duration(float64(d) * (0.8 + 0.4*rand.Float64()))
	return min(d, w.opts.MaxBackoff)
}

// idleWait is how long Run sleeps when the queue is drained: Interval, or
// less if a job falls due sooner.
func (w *Worker) idleWait(ctx context.Context) time.Duration {
	wait := w.opts.Interval
	due, ok, err := w.q.NextJobDue(ctx)
	if err != nil {
		if !errors.Is(err, store.ErrUnavailable) {
			w.log.Warn("jobs: next due time", "err", err)
		}
		return wait
	}
	if ok {
		wait = min(wait, max(due.Sub(w.opts.Now()), minDueWait))
	}
	return wait
}

func (w *Worker) sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-w.wake:
		return true
	case <-t.C:
		return true
	}
}

// logRunError logs an error from a round, but a database that is down only
// once a minute rather than on every tick.
func (w *Worker) logRunError(err error) {
	if !errors.Is(err, store.ErrUnavailable) {
		w.log.Error("jobs", "err", err)
		return
	}
	now := time.Now()
	if w.downSince.IsZero() {
		w.downSince = now
	}
	if now.Sub(w.lastDownLog) >= downLogEvery {
		w.lastDownLog = now
		w.log.Warn("jobs: database unavailable; retrying",
			"down_for", now.Sub(w.downSince).Round(time.Second), "err", err)
	}
}

func (w *Worker) dbRecovered() {
	if w.downSince.IsZero() {
		return
	}
	w.log.Info("jobs: database available again", "down_for", time.Since(w.downSince).Round(time.Second))
	w.downSince, w.lastDownLog = time.Time{}, time.Time{}
}

// protect turns a panic in a Handler into an error, so one bad job cannot
// take the server down.
func protect(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

// errText is err as stored with the job: one line, bounded, valid UTF-8.
func errText(err error) string {
	s := strings.Join(strings.Fields(err.Error()), " ")
	if len(s) > maxErrText {
		s = strings.ToValidUTF8(s[:maxErrText], "") + "…"
	}
	return s
}

// Skip marks err as ErrSkipped, keeping its text.
func Skip(err error) error { return marked{err, ErrSkipped} }

// Permanent marks err as ErrPermanent, keeping its text.
func Permanent(err error) error { return marked{err, ErrPermanent} }

type marked struct{ err, mark error }

func (m marked) Error() string        { return m.err.Error() }
func (m marked) Is(target error) bool { return target == m.mark }
func (m marked) Unwrap() error        { return m.err }

// RetryAt marks err as one to retry at a time the handler chose, whatever
// the Worker's own backoff and MaxAttempts: the handler decides when to
// stop (by returning Permanent).
func RetryAt(err error, at time.Time) error { return retryErr{err, at} }

type retryErr struct {
	err error
	at  time.Time
}

func (r retryErr) Error() string { return r.err.Error() }
func (r retryErr) Unwrap() error { return r.err }

func retryAt(err error) *time.Time {
	var r retryErr
	if errors.As(err, &r) {
		return &r.at
	}
	return nil
}
