package jobs

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/console"
	"github.com/belwise/site/internal/store"
)

// Store is what the staff's view of the queue reads and changes;
// *store.DB implements it.
type Store interface {
	ListJobs(ctx context.Context, state string, p store.Page) ([]store.Job, string, error)
	RetryJob(ctx context.Context, id int64, now time.Time) (store.Job, error)
	CancelJob(ctx context.Context, id int64, now time.Time) (store.Job, error)
}

// Console is the staff's view of the queue: what is pending, running,
// done, failed and why, with retry and cancel.
type Console struct {
	DB  Store
	Now func() time.Time // nil: time.Now
}

// Summary is a job as staff see it. The payload is never shown (an email's
// may lead to a token); an email shows its kind and the recipient's domain.
type Summary struct {
	ID        int64        `json:"id"`
	Kind      string       `json:"kind" doc:"mail, cleanup, calls.retention, calls.backfill, webhook…"`
	State     string       `json:"state" enum:"pending,running,done,failed,cancelled"`
	Attempts  int          `json:"attempts"`
	RunAt     time.Time    `json:"runAt" doc:"When it is due (again)."`
	LastError *string      `json:"lastError" doc:"Why the last attempt failed, if it did."`
	Mail      *MailSummary `json:"mail,omitempty" doc:"Only for a mail job."`
	CreatedAt time.Time    `json:"createdAt"`
	UpdatedAt time.Time    `json:"updatedAt"`
}

// MailSummary is all staff see of an email job.
type MailSummary struct {
	Kind            string `json:"kind" doc:"The email's kind, e.g. verify or quote.inbox."`
	RecipientDomain string `json:"recipientDomain"`
}

// SummaryOf is j as staff see it.
func SummaryOf(j store.Job) Summary {
	s := Summary{ID: j.ID, Kind: j.Kind, State: j.State, Attempts: j.Attempts, RunAt: j.RunAt,
		CreatedAt: j.CreatedAt, UpdatedAt: j.UpdatedAt}
	if j.LastError != "" {
		e := j.LastError
		s.LastError = &e
	}
	if j.Kind == store.JobMail {
		ms := MailSummary{}
		if m, err := store.MailOf(j); err == nil {
			ms.Kind = m.Kind
			if at := strings.LastIndexByte(m.Recipient, '@'); at >= 0 {
				ms.RecipientDomain = strings.ToLower(m.Recipient[at+1:])
			}
		}
		s.Mail = &ms
	}
	return s
}

var (
	errState = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidStatus, Field: "state",
		Message: "state must be pending, running, done, failed or cancelled."}
	// ErrNoJob is the 404 of a job id that is not one.
	ErrNoJob = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "There is no such job."}
	// errMoved: the job is no longer in the state the action needs (a retry
	// of a job that is not failed or cancelled, a cancel of one that is not
	// pending): most likely it changed since the list was read.
	errMoved = &apierr.Error{Kind: apierr.Conflict, Code: apierr.CodeVersionConflict,
		Message: "This job is no longer in a state that allows this. Reload the queue to see where it is."}
)

// List is a page of jobs, newest first, in one state ("" for all).
func (c Console) List(ctx context.Context, state string, p store.Page) (console.Page[Summary], error) {
	switch state {
	case "", store.JobPending, store.JobRunning, store.JobDone, store.JobFailed, store.JobCancelled:
	default:
		return console.Page[Summary]{}, errState
	}
	rows, next, err := c.DB.ListJobs(ctx, state, p)
	if err != nil {
		return console.Page[Summary]{}, apierr.Wrap("list jobs", err)
	}
	return console.PageOf(rows, next, SummaryOf), nil
}

// Retry makes a failed or cancelled job pending and due now.
func (c Console) Retry(ctx context.Context, id int64) (Summary, error) {
	return c.move(ctx, "retry job", id, c.DB.RetryJob)
}

// Cancel cancels a pending job.
func (c Console) Cancel(ctx context.Context, id int64) (Summary, error) {
	return c.move(ctx, "cancel job", id, c.DB.CancelJob)
}

func (c Console) move(ctx context.Context, op string, id int64, f func(context.Context, int64, time.Time) (store.Job, error)) (Summary, error) {
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	j, err := f(ctx, id, now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return Summary{}, ErrNoJob
	case errors.Is(err, store.ErrStale):
		return Summary{}, errMoved
	case err != nil:
		return Summary{}, apierr.Wrap(op, err)
	}
	return SummaryOf(j), nil
}
