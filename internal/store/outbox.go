package store

import (
	"cmp"
	"context"
	"database/sql"
	"slices"
	"time"
)

// OutboxMessage is a queued email. Messages are rendered at send time
// (verification and reset tokens are minted then), so no plaintext token is
// ever stored; Payload is opaque JSON for the renderer.
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

func (db *DB) EnqueueMail(ctx context.Context, now time.Time, mails ...NewMail) error {
	if len(mails) == 0 {
		return nil
	}
	return db.WithTx(ctx, func(tx *sql.Tx) error { return db.EnqueueMailTx(ctx, tx, now, mails...) })
}

// EnqueueMailTx queues mail inside the caller's transaction, so the mail is
// sent if and only if whatever it announces was committed.
func (db *DB) EnqueueMailTx(ctx context.Context, tx *sql.Tx, now time.Time, mails ...NewMail) error {
	for _, m := range mails {
		locale := m.Locale
		if locale == "" {
			locale = "en"
		}
		payload := string(m.Payload)
		if payload == "" {
			payload = "{}"
		}
		if _, err := db.exec(ctx, tx, `INSERT INTO outbox (kind, recipient, locale, payload, attempts, created_at, next_attempt_at)
			VALUES (?, ?, ?, ?, 0, ?, ?)`, m.Kind, m.Recipient, locale, payload, db.ts(now), db.ts(now)); err != nil {
			return err
		}
	}
	return nil
}

// pendingMail is the shared condition for "still has to be sent"; it matches
// the outbox_due partial index.
const pendingMail = `sent_at IS NULL AND failed_at IS NULL`

// ClaimMail leases up to limit due messages, oldest first. A claimed message
// is invisible to other claimers until the lease ends, so a worker that dies
// mid-send only delays the message. On PostgreSQL, SKIP LOCKED lets several
// instances claim concurrently without ever sharing a row; on SQLite the
// single UPDATE runs under the database write lock.
func (db *DB) ClaimMail(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]OutboxMessage, error) {
	if limit <= 0 {
		return nil, nil
	}
	lockClause := ""
	if db.dialect == dialectPostgres {
		lockClause = " FOR UPDATE SKIP LOCKED"
	}
	nowV := db.ts(now)
	rows, err := db.query(ctx, db.db, `UPDATE outbox SET locked_until = ?, attempts = attempts + 1
		WHERE id IN (
			SELECT id FROM outbox
			WHERE `+pendingMail+` AND next_attempt_at <= ? AND (locked_until IS NULL OR locked_until <= ?)
			ORDER BY id
			LIMIT ?`+lockClause+`
		)
		RETURNING id, kind, recipient, locale, payload, attempts, created_at`,
		db.ts(now.Add(lease)), nowV, nowV, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []OutboxMessage
	for rows.Next() {
		var m OutboxMessage
		var created dbTime
		if err := rows.Scan(&m.ID, &m.Kind, &m.Recipient, &m.Locale, &m.Payload, &m.Attempts, &created); err != nil {
			return nil, classify(err)
		}
		m.CreatedAt = created.Time
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, classify(err)
	}
	// RETURNING gives no order guarantee.
	slices.SortFunc(out, func(a, b OutboxMessage) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

func (db *DB) MarkMailSent(ctx context.Context, id int64, now time.Time) error {
	return mustAffect(db.exec(ctx, db.db,
		`UPDATE outbox SET sent_at = ?, locked_until = NULL, last_error = NULL WHERE id = ?`, db.ts(now), id))
}

// MarkMailRetry releases the lease and schedules the next attempt.
func (db *DB) MarkMailRetry(ctx context.Context, id int64, errText string, next time.Time) error {
	return mustAffect(db.exec(ctx, db.db,
		`UPDATE outbox SET locked_until = NULL, last_error = ?, next_attempt_at = ? WHERE id = ?`,
		errText, db.ts(next), id))
}

// MarkMailFailed gives up on the message for good.
func (db *DB) MarkMailFailed(ctx context.Context, id int64, errText string, now time.Time) error {
	return mustAffect(db.exec(ctx, db.db,
		`UPDATE outbox SET failed_at = ?, locked_until = NULL, last_error = ? WHERE id = ?`,
		db.ts(now), errText, id))
}

// NextMailDue lets the worker sleep until exactly the next send. A message
// currently leased counts as due when its lease ends, so a worker never
// wakes early only to find nothing claimable.
func (db *DB) NextMailDue(ctx context.Context) (time.Time, bool, error) {
	var due dbTime
	err := db.queryRow(ctx, db.db, `SELECT MIN(CASE WHEN locked_until IS NOT NULL AND locked_until > next_attempt_at
			THEN locked_until ELSE next_attempt_at END)
		FROM outbox WHERE `+pendingMail).Scan(&due)
	if err != nil {
		return time.Time{}, false, classify(err)
	}
	return due.Time, due.Valid, nil
}

// MailCounts: pending includes messages currently leased.
func (db *DB) MailCounts(ctx context.Context) (pending, sent, failed int, err error) {
	err = db.queryRow(ctx, db.db, `SELECT
			COALESCE(SUM(CASE WHEN `+pendingMail+` THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN sent_at IS NOT NULL THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN sent_at IS NULL AND failed_at IS NOT NULL THEN 1 ELSE 0 END), 0)
		FROM outbox`).Scan(&pending, &sent, &failed)
	return pending, sent, failed, classify(err)
}
