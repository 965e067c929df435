package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/google/uuid"
)

// Tx is a transaction a service drives: its methods are the store's write
// primitives, run inside it, so a workflow that spans several of them is
// committed whole or not at all. A Tx is only valid inside InTx's function.
type Tx struct {
	db *DB
	tx *sql.Tx
}

// InTx runs fn in one transaction, committing when fn returns nil and
// rolling back otherwise (also when fn panics). It locks as WithTx does:
// on SQLite the write lock is taken at BEGIN, so concurrent writers queue;
// on PostgreSQL rows lock as each statement touches them.
func (db *DB) InTx(ctx context.Context, fn func(*Tx) error) error {
	return db.WithTx(ctx, func(tx *sql.Tx) error { return fn(&Tx{db: db, tx: tx}) })
}

// UserByEmail is DB.UserByEmail inside the transaction.
func (t *Tx) UserByEmail(ctx context.Context, email string) (User, error) {
	return scanUser(t.db.queryRow(ctx, t.tx, userSelect+` WHERE u.email = ?`, email))
}

// CreateUser makes an account, verified at verifiedAt when that is not nil.
func (t *Tx) CreateUser(ctx context.Context, nu NewUser, verifiedAt *time.Time, now time.Time) (User, error) {
	return t.db.createUserTx(ctx, t.tx, nu, verifiedAt, now)
}

// AddConfirmedTOTP gives the user secret as their confirmed second step,
// unless they already have one.
func (t *Tx) AddConfirmedTOTP(ctx context.Context, userID, secret string, at time.Time) error {
	return t.db.seedTOTPTx(ctx, t.tx, userID, secret, at)
}

// AddMissingAgents adds the agents that are missing, by id. An agent
// already there keeps what staff made of it; only Dutch texts it never had
// are filled in (a catalogue stored before it was bilingual).
func (t *Tx) AddMissingAgents(ctx context.Context, agents []Agent, now time.Time) error {
	return t.db.seedAgentsTx(ctx, t.tx, agents, now)
}

// AddQuoteRequest stores q as it is (status, version, submission time) with
// the first row of its audit trail, unless its id is already stored: then
// nothing is written and inserted is false.
func (t *Tx) AddQuoteRequest(ctx context.Context, q QuoteRequest) (inserted bool, err error) {
	_, inserted, err = t.db.insertQuoteTx(ctx, t.tx, q, true)
	return inserted, err
}

// AddQuoteNote stores a staff member's note on a request, written at at.
func (t *Tx) AddQuoteNote(ctx context.Context, quoteID, authorID, body string, at time.Time) error {
	_, err := t.db.exec(ctx, t.tx, `INSERT INTO quote_notes (id, quote_id, author_id, body, created_at) VALUES (?, ?, ?, ?, ?)`,
		uuid.NewString(), quoteID, authorID, body, t.db.ts(at))
	return err
}

// RecordStatusChange appends a status change of a record to the audit
// trail, by actorID ("" for the system).
func (t *Tx) RecordStatusChange(ctx context.Context, entity, id, from, to, actorID string, at time.Time) error {
	return t.db.record(ctx, t.tx, change{entity: entity, id: id, field: FieldStatus, from: str(from), to: str(to), actorID: actorID, at: at})
}

// GiveQuoteTo makes a request that belongs to no account the user's, as
// if it had been sent signed in; a request that has an owner keeps it.
func (t *Tx) GiveQuoteTo(ctx context.Context, quoteID, userID string) error {
	_, err := t.db.exec(ctx, t.tx, `UPDATE quote_requests SET user_id = ? WHERE id = ? AND user_id IS NULL`, userID, quoteID)
	return err
}

// CreateOrders inserts the orders, each with its creation in the audit
// trail, and returns their ids in order.
func (t *Tx) CreateOrders(ctx context.Context, orders []NewOrder) ([]string, error) {
	return t.db.createOrdersTx(ctx, t.tx, orders)
}

// OrderByID is DB.OrderByID inside the transaction.
func (t *Tx) OrderByID(ctx context.Context, id string) (Order, error) {
	return t.db.orderByID(ctx, t.tx, id)
}

// ChangeOrderStatus moves o to status, bumping its version and recording
// the change; ErrStale when o's version is no longer the stored one.
func (t *Tx) ChangeOrderStatus(ctx context.Context, o Order, status, actorID string, now time.Time) error {
	return t.db.changeOrderStatusTx(ctx, t.tx, o, status, actorID, now)
}

// QuoteRequest is DB.QuoteRequest inside the transaction.
func (t *Tx) QuoteRequest(ctx context.Context, id string) (QuoteRequest, error) {
	return t.db.quoteRequest(ctx, t.tx, id)
}

// ChangeQuoteStatus moves q to status, bumping its version and recording
// the change by actorID.
func (t *Tx) ChangeQuoteStatus(ctx context.Context, q QuoteRequest, status, actorID string, now time.Time) error {
	if _, err := t.db.exec(ctx, t.tx, `UPDATE quote_requests SET status = ?, version = version + 1 WHERE id = ?`, status, q.ID); err != nil {
		return err
	}
	return t.RecordStatusChange(ctx, EntityQuote, q.ID, q.Status, status, actorID, now)
}

// AccountFor returns the account with nu.Email, creating it (without a
// password, unverified, a buyer) when there is none: created reports that.
// Like RecordSignUp, an account created concurrently by someone else is
// found rather than failing.
func (t *Tx) AccountFor(ctx context.Context, nu NewUser, now time.Time) (u User, created bool, err error) {
	locale := nu.Locale
	if locale == "" {
		locale = "en"
	}
	id := uuid.NewString()
	res, err := t.db.exec(ctx, t.tx, `INSERT INTO users (id, email, password_hash, locale, email_verified_at, created_at)
		VALUES (?, ?, '', ?, NULL, ?) ON CONFLICT (email) DO NOTHING`, id, nu.Email, locale, t.db.ts(now))
	if err != nil {
		return User{}, false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return User{}, false, classify(err)
	}
	if n == 1 {
		if _, err := t.db.exec(ctx, t.tx, `INSERT INTO profiles (id, full_name) VALUES (?, ?)`, id, nu.FullName); err != nil {
			return User{}, false, err
		}
	}
	u, err = t.UserByEmail(ctx, nu.Email)
	return u, n == 1, err
}

// EnqueueMail queues mails in the transaction, so they are sent only if
// the change that caused them is committed.
func (t *Tx) EnqueueMail(ctx context.Context, now time.Time, mails ...NewMail) error {
	return t.db.EnqueueMailTx(ctx, t.tx, now, mails...)
}
