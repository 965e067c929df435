package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// JobMail is the kind of the job that sends one email.
const JobMail = "mail"

// OutboxMessage is a queued email, as the renderers see it: a job of kind
// JobMail. Messages are rendered at send time (verification and reset
// tokens are minted then), so no plaintext token is ever stored; Payload
// is opaque JSON for the renderer.
type OutboxMessage struct {
	ID                      int64
	Kind, Recipient, Locale string
	Payload                 []byte
	Attempts                int
	CreatedAt               time.Time
}

type NewMail struct {
	Kind, Recipient, Locale string
	Payload                 []byte
}

// mailPayload is a mail job's payload: the email's own kind, its recipient
// and locale, and the renderer's data.
type mailPayload struct {
	Kind   string          `json:"kind"`
	To     string          `json:"to"`
	Locale string          `json:"locale"`
	Data   json.RawMessage `json:"data"`
}

func (db *DB) EnqueueMail(ctx context.Context, now time.Time, mails ...NewMail) error {
	if len(mails) == 0 {
		return nil
	}
	return db.WithTx(ctx, func(tx *sql.Tx) error { return db.EnqueueMailTx(ctx, tx, now, mails...) })
}

// EnqueueMailTx queues mail inside the caller's transaction, so the mail is
// sent if and only if whatever it announces was committed.
func (db *DB) EnqueueMailTx(ctx context.Context, tx *sql.Tx, now time.Time, mails ...NewMail) error {
	jobs := make([]NewJob, 0, len(mails))
	for _, m := range mails {
		payload, err := MailPayload(m)
		if err != nil {
			return err
		}
		jobs = append(jobs, NewJob{Kind: JobMail, Payload: payload})
	}
	return db.EnqueueJobsTx(ctx, tx, now, jobs...)
}

// MailPayload is the payload of the job that sends m.
func MailPayload(m NewMail) ([]byte, error) {
	p := mailPayload{Kind: m.Kind, To: m.Recipient, Locale: m.Locale, Data: m.Payload}
	if p.Locale == "" {
		p.Locale = "en"
	}
	if len(p.Data) == 0 {
		p.Data = json.RawMessage("{}")
	} else if !json.Valid(p.Data) {
		// Kept as a string, which the renderer refuses at send time (as a
		// permanent error), instead of failing the caller's change.
		p.Data, _ = json.Marshal(string(m.Payload))
	}
	return json.Marshal(p)
}

// MailOf reads the email a job of kind JobMail sends. Its ID and CreatedAt
// are the job's, so the email's Message-ID, derived from them, stays the
// same on every attempt.
func MailOf(j Job) (OutboxMessage, error) {
	if j.Kind != JobMail {
		return OutboxMessage{}, fmt.Errorf("job %d is a %q job, not mail", j.ID, j.Kind)
	}
	var p mailPayload
	if err := json.Unmarshal(j.Payload, &p); err != nil {
		return OutboxMessage{}, fmt.Errorf("mail job %d: %w", j.ID, err)
	}
	return OutboxMessage{ID: j.ID, Kind: p.Kind, Recipient: p.To, Locale: p.Locale, Payload: p.Data,
		Attempts: j.Attempts, CreatedAt: j.CreatedAt}, nil
}

// MailCounts: pending includes messages currently being sent; cancelled
// mail counts as failed.
func (db *DB) MailCounts(ctx context.Context) (pending, sent, failed int, err error) {
	err = db.queryRow(ctx, db.db, `SELECT
			COALESCE(SUM(CASE WHEN `+unfinished+` THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN state = 'done' THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN state IN ('failed', 'cancelled') THEN 1 ELSE 0 END), 0)
		FROM jobs WHERE kind = ?`, JobMail).Scan(&pending, &sent, &failed)
	return pending, sent, failed, classify(err)
}
