package mail

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/belwise/site/internal/store"
)

// Queue is the durable outbox the Worker drains; *store.DB implements it.
type Queue interface {
	// ClaimMail leases up to limit due messages until now+lease and counts
	// the attempt, so the returned Attempts includes this one.
	ClaimMail(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]store.OutboxMessage, error)
	MarkMailSent(ctx context.Context, id int64, now time.Time) error
	MarkMailRetry(ctx context.Context, id int64, errText string, next time.Time) error
	MarkMailFailed(ctx context.Context, id int64, errText string, now time.Time) error
	// NextMailDue reports when the earliest pending message becomes due.
	NextMailDue(ctx context.Context) (time.Time, bool, error)
}

// RenderFunc turns an outbox row into the email to send. It may leave To
// empty, in which case the row's Recipient is used.
type RenderFunc func(ctx context.Context, m store.OutboxMessage) (Message, error)

// ErrPermanent marks an error that retrying can never fix (the user no
// longer exists, the payload cannot be decoded, the address is malformed).
// Wrap it, e.g. fmt.Errorf("user %d: %w", id, mail.ErrPermanent), and the
// Worker marks the message failed at once instead of retrying.
var ErrPermanent = errors.New("permanent mail error")

// ErrNotSent marks a message that is not to be sent at all, such as a
// password reset asked for an address without an account: the Worker
// records it as done without sending, and logs it without alarm. Wrap it
// with the reason.
var ErrNotSent = errors.New("not sent")

// RenderJSON adapts fn to a RenderFunc that first decodes the row's JSON
// payload into a T. A payload that does not decode is a permanent error.
func RenderJSON[T any](fn func(ctx context.Context, m store.OutboxMessage, payload T) (Message, error)) RenderFunc {
	return func(ctx context.Context, m store.OutboxMessage) (Message, error) {
		var p T
		if err := json.Unmarshal(m.Payload, &p); err != nil {
			return Message{}, fmt.Errorf("%w: decode %q payload: %v", ErrPermanent, m.Kind, err)
		}
		return fn(ctx, m, p)
	}
}

// WorkerOptions tunes a Worker; zero values take the defaults.
type WorkerOptions struct {
	Interval    time.Duration // poll when idle; default 2 s (wakes earlier at NextMailDue or on Notify)
	Lease       time.Duration // default 2 min; must exceed SendTimeout
	BaseBackoff time.Duration // default 10 s, doubling per attempt, ±20% jitter
	MaxBackoff  time.Duration // default 1 h
	MaxAttempts int           // default 12, then the message is marked failed
	Batch       int           // default 10
	Now         func() time.Time
}

const (
	// maxErrorWait caps how long Run backs off after a database error.
	maxErrorWait = 30 * time.Second
	// minDueWait keeps Run from spinning on a due time it cannot claim yet
	// (e.g. a message another process has leased).
	minDueWait = 200 * time.Millisecond
	// downLogEvery throttles the "database unavailable" warning.
	downLogEvery = time.Minute
	// markTimeout bounds each bookkeeping write, which runs even while
	// shutting down so a sent message is recorded as sent.
	markTimeout = 10 * time.Second
	// maxErrText bounds the error text stored with a message.
	maxErrText = 1000
)

func (o WorkerOptions) withDefaults() WorkerOptions {
	if o.Interval <= 0 {
		o.Interval = 2 * time.Second
	}
	if o.Lease <= 0 {
		o.Lease = 2 * time.Minute
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

// Worker delivers the outbox: it claims due messages, renders them with the
// RenderFunc registered for their kind, sends them and records the outcome.
// Failed sends are retried with exponential backoff. Several workers (or
// processes) may share one Queue: claims are leased.
type Worker struct {
	q    Queue
	s    Sender
	log  *slog.Logger
	opts WorkerOptions
	wake chan struct{}

	mu        sync.RWMutex
	renderers map[string]RenderFunc

	// Only touched by Run's goroutine.
	downSince, lastDownLog time.Time
}

// NewWorker returns a Worker; call Register for each kind, then Run.
func NewWorker(q Queue, s Sender, log *slog.Logger, opts WorkerOptions) *Worker {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Worker{
		q:         q,
		s:         s,
		log:       log,
		opts:      opts.withDefaults(),
		wake:      make(chan struct{}, 1),
		renderers: make(map[string]RenderFunc),
	}
}

// Register sets the RenderFunc for a kind of message. It panics on an empty
// kind, a nil func or a kind registered twice: those are wiring bugs.
func (w *Worker) Register(kind string, r RenderFunc) {
	if kind == "" || r == nil {
		panic("mail: Register needs a kind and a RenderFunc")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, dup := w.renderers[kind]; dup {
		panic("mail: kind " + kind + " registered twice")
	}
	w.renderers[kind] = r
}

func (w *Worker) renderer(kind string) RenderFunc {
	w.mu.RLock()
	defer w.mu.RUnlock()
	return w.renderers[kind]
}

// Notify wakes Run without blocking, so a message enqueued just now (a
// verification email, say) leaves at once instead of at the next poll.
func (w *Worker) Notify() {
	select {
	case w.wake <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// Run delivers mail until ctx is done, then returns nil. It never stops on
// a database or SMTP error: it logs, backs off and tries again.
func (w *Worker) Run(ctx context.Context) error {
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

// RunOnce claims one batch and processes it. It reports how many messages
// were sent, and the database errors met (claiming, or recording outcomes).
// Delivery failures are not errors here: they are recorded on the messages.
func (w *Worker) RunOnce(ctx context.Context) (sent int, err error) {
	sent, _, err = w.runOnce(ctx)
	return sent, err
}

func (w *Worker) runOnce(ctx context.Context) (sent, claimed int, err error) {
	claimedAt := time.Now()
	batch, err := w.q.ClaimMail(ctx, w.opts.Now(), w.opts.Lease, w.opts.Batch)
	if err != nil {
		return 0, 0, fmt.Errorf("claim mail: %w", err)
	}
	// A send must finish while the lease still holds, or another worker
	// could claim the same message and send it twice.
	startBy := w.opts.Lease - SendTimeout
	var errs []error
	for i, m := range batch {
		if ctx.Err() != nil {
			// Shutting down: the rest stay leased and are picked up again
			// when the lease runs out.
			break
		}
		if startBy > 0 && time.Since(claimedAt) > startBy {
			w.log.Warn("mail outbox: slow batch; leaving the rest until their lease ends",
				"left", len(batch)-i)
			break
		}
		ok, err := w.deliver(ctx, m)
		if ok {
			sent++
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	return sent, len(batch), errors.Join(errs...)
}

// deliver renders and sends one claimed message and records the outcome. It
// returns whether the message was sent, and any error recording it.
func (w *Worker) deliver(ctx context.Context, m store.OutboxMessage) (bool, error) {
	log := w.log.With("kind", m.Kind, "id", m.ID, "attempt", m.Attempts)

	render := w.renderer(m.Kind)
	if render == nil {
		err := fmt.Errorf("no renderer registered for mail kind %q", m.Kind)
		log.Error("mail failed: unknown kind", "err", err)
		return false, w.mark(ctx, m, "failed", func(c context.Context) error {
			return w.q.MarkMailFailed(c, m.ID, errText(err), w.opts.Now())
		})
	}

	var msg Message
	err := protect(func() (err error) { msg, err = render(ctx, m); return err })
	if errors.Is(err, ErrNotSent) {
		log.Info("mail not sent", "reason", err)
		return false, w.mark(ctx, m, "not sent", func(c context.Context) error {
			return w.q.MarkMailFailed(c, m.ID, errText(err), w.opts.Now())
		})
	}
	if err != nil {
		return false, w.failed(ctx, log, m, fmt.Errorf("render: %w", err))
	}
	if strings.TrimSpace(msg.To) == "" {
		msg.To = m.Recipient
	}
	// Delivery is at least once: a crash between the send and MarkMailSent
	// sends the row again. Its Message-ID stays the same, so the receiving
	// systems can tell the copy is a duplicate.
	msg.MessageID = OutboxMessageID(m)
	if err := protect(func() error { return w.s.Send(ctx, msg) }); err != nil {
		return false, w.failed(ctx, log, m, fmt.Errorf("send: %w", err))
	}

	log.Info("mail sent")
	return true, w.mark(ctx, m, "sent", func(c context.Context) error {
		return w.q.MarkMailSent(c, m.ID, w.opts.Now())
	})
}

// OutboxMessageID is the stable Message-ID (before the '@') of an outbox
// row: its id, and a digest of what else identifies it, so rows with the
// same id in another database (a staging copy, a reset development
// database) never share one.
func OutboxMessageID(m store.OutboxMessage) string {
	sum := sha256.Sum256(fmt.Appendf(nil, "%d\x00%d\x00%s\x00%s", m.ID, m.CreatedAt.UnixMicro(), m.Kind, m.Recipient))
	return fmt.Sprintf("outbox.%d.%s", m.ID, hex.EncodeToString(sum[:10]))
}

// failed records a render or send failure: at once for permanent errors
// and exhausted attempts, otherwise as a retry after the backoff.
func (w *Worker) failed(ctx context.Context, log *slog.Logger, m store.OutboxMessage, err error) error {
	text := errText(err)
	switch {
	case errors.Is(err, ErrPermanent):
		log.Error("mail failed permanently", "err", err)
	case ctx.Err() != nil:
		// Interrupted by shutdown, not the server's fault: due again at once.
		log.Info("mail delivery interrupted; will retry", "err", err)
		return w.mark(ctx, m, "retry", func(c context.Context) error {
			return w.q.MarkMailRetry(c, m.ID, text, w.opts.Now())
		})
	case m.Attempts >= w.opts.MaxAttempts:
		log.Error("mail failed: no attempts left", "max_attempts", w.opts.MaxAttempts, "err", err)
	default:
		delay := w.backoff(m.Attempts)
		log.Warn("mail delivery failed; will retry", "retry_in", delay.Round(time.Second), "err", err)
		return w.mark(ctx, m, "retry", func(c context.Context) error {
			return w.q.MarkMailRetry(c, m.ID, text, w.opts.Now().Add(delay))
		})
	}
	return w.mark(ctx, m, "failed", func(c context.Context) error {
		return w.q.MarkMailFailed(c, m.ID, text, w.opts.Now())
	})
}

// mark runs one bookkeeping write. It outlives ctx's cancellation (for a
// bounded time) so that a message sent during shutdown is recorded as sent.
func (w *Worker) mark(ctx context.Context, m store.OutboxMessage, outcome string, f func(context.Context) error) error {
	c, cancel := context.WithTimeout(context.WithoutCancel(ctx), markTimeout)
	defer cancel()
	err := f(c)
	if err == nil {
		return nil
	}
	if outcome == "sent" {
		w.log.Error("mail sent but not recorded as sent; it may be sent again",
			"kind", m.Kind, "id", m.ID, "err", err)
	}
	return fmt.Errorf("mark mail %d %s: %w", m.ID, outcome, err)
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
// less if a retry falls due sooner.
func (w *Worker) idleWait(ctx context.Context) time.Duration {
	wait := w.opts.Interval
	due, ok, err := w.q.NextMailDue(ctx)
	if err != nil {
		if !errors.Is(err, store.ErrUnavailable) {
			w.log.Warn("mail outbox: next due time", "err", err)
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
		w.log.Error("mail outbox", "err", err)
		return
	}
	now := time.Now()
	if w.downSince.IsZero() {
		w.downSince = now
	}
	if now.Sub(w.lastDownLog) >= downLogEvery {
		w.lastDownLog = now
		w.log.Warn("mail outbox: database unavailable; retrying",
			"down_for", now.Sub(w.downSince).Round(time.Second), "err", err)
	}
}

func (w *Worker) dbRecovered() {
	if w.downSince.IsZero() {
		return
	}
	w.log.Info("mail outbox: database available again", "down_for", time.Since(w.downSince).Round(time.Second))
	w.downSince, w.lastDownLog = time.Time{}, time.Time{}
}

// protect turns a panic in a RenderFunc or Sender into an error, so one bad
// message cannot take the server down.
func protect(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

// errText is err as stored with the message: one line, bounded, valid UTF-8.
func errText(err error) string {
	s := strings.Join(strings.Fields(err.Error()), " ")
	if len(s) > maxErrText {
		s = strings.ToValidUTF8(s[:maxErrText], "") + "…"
	}
	return s
}
