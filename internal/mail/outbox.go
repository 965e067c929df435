package mail

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"

	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/store"
)

// RenderFunc turns an outbox row into the email to send. It may leave To
// empty, in which case the row's Recipient is used.
type RenderFunc func(ctx context.Context, m store.OutboxMessage) (Message, error)

// ErrPermanent marks an error that retrying can never fix (the user no
// longer exists, the payload cannot be decoded, the address is malformed).
// Wrap it, e.g. fmt.Errorf("user %d: %w", id, mail.ErrPermanent), and the
// job queue marks the message failed at once instead of retrying.
var ErrPermanent = jobs.ErrPermanent

// ErrNotSent marks a message that is not to be sent at all, such as a
// password reset asked for an address without an account: the job is
// closed without sending (as failed, with the reason), and logged without
// alarm. Wrap it
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

// Mailer is the job handler for email (store.JobMail): it renders a mail
// job with the RenderFunc registered for the email's kind and sends it.
// Claiming, retries with backoff and the outcome are the job queue's
// (internal/jobs); register Handle there for store.JobMail.
type Mailer struct {
	s   Sender
	log *slog.Logger

	mu        sync.RWMutex
	renderers map[string]RenderFunc
}

// NewMailer returns a Mailer; call Register for each kind of email.
func NewMailer(s Sender, log *slog.Logger) *Mailer {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Mailer{s: s, log: log, renderers: make(map[string]RenderFunc)}
}

// Register sets the RenderFunc for a kind of message. It panics on an empty
// kind, a nil func or a kind registered twice: those are wiring bugs.
func (w *Mailer) Register(kind string, r RenderFunc) {
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

func (w *Mailer) renderer(kind string) RenderFunc {
	w.mu.RLock()
	defer w.mu.RUnlock()
	return w.renderers[kind]
}

// Handle renders and sends the email of one claimed mail job. An error it
// returns is retried by the queue unless it is permanent (an unknown kind,
// a payload that does not decode) or the email is not to be sent.
func (w *Mailer) Handle(ctx context.Context, j store.Job) error {
	m, err := store.MailOf(j)
	if err != nil {
		return jobs.Permanent(err)
	}
	log := w.log.With("kind", m.Kind, "id", m.ID, "attempt", m.Attempts)
	render := w.renderer(m.Kind)
	if render == nil {
		return jobs.Permanent(fmt.Errorf("no renderer registered for mail kind %q", m.Kind))
	}
	msg, err := render(ctx, m)
	if errors.Is(err, ErrNotSent) {
		log.Info("mail not sent", "reason", err)
		return jobs.Skip(err)
	}
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	if strings.TrimSpace(msg.To) == "" {
		msg.To = m.Recipient
	}
	// Delivery is at least once: a crash between the send and marking the
	// job done sends it again. Its Message-ID stays the same, so the
	// receiving systems can tell the copy is a duplicate.
	msg.MessageID = OutboxMessageID(m)
	if err := w.s.Send(ctx, msg); err != nil {
		return fmt.Errorf("send: %w", err)
	}
	log.Info("mail sent")
	return nil
}

// OutboxMessageID is the stable Message-ID (before the '@') of an outbox
// row: its id, and a digest of what else identifies it, so rows with the
// same id in another database (a staging copy, a reset development
// database) never share one.
func OutboxMessageID(m store.OutboxMessage) string {
	sum := sha256.Sum256(fmt.Appendf(nil, "%d\x00%d\x00%s\x00%s", m.ID, m.CreatedAt.UnixMicro(), m.Kind, m.Recipient))
	return fmt.Sprintf("outbox.%d.%s", m.ID, hex.EncodeToString(sum[:10]))
}

// NewWorker returns a job worker with a Mailer registered for email
// (store.JobMail), and the Mailer, for the services to register their
// renderers with. Other kinds of job are registered on the worker.
func NewWorker(q jobs.Queue, s Sender, log *slog.Logger, opts jobs.Options) (*jobs.Worker, *Mailer) {
	w := jobs.New(q, log, opts)
	m := NewMailer(s, log)
	w.Register(store.JobMail, m.Handle)
	return w, m
}
