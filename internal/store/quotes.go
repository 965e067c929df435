package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/google/uuid"
)

// QuoteRequest is a request sent through the quote form. Optional fields
// are "" when left blank; the caller validates and normalises every field.
type QuoteRequest struct {
	ID                                  string // empty → generated; set it when the mails' payloads name it
	FullName, CompanyName, BusinessType string
	Email, Phone, Description           string
	Language                            string // "english" | "dutch"
	Locale                              string // "en" | "nl"
	TimeZone                            string // IANA name, "" when unknown
	UserID                              string // "" when anonymous (or the account was deleted since)
	SubmittedAt                         time.Time
}

const quoteColumns = `id, full_name, company_name, business_type, email, phone, language, description,
	locale, time_zone, user_id, submitted_at`

// CreateQuoteRequest stores q, stamped with now, and queues mails in the
// same transaction: the mails go out if and only if the request was saved.
// A UserID that names no account is stored as NULL rather than failing the
// request.
func (db *DB) CreateQuoteRequest(ctx context.Context, q QuoteRequest, mails []NewMail, now time.Time) (string, error) {
	id := q.ID
	if id == "" {
		id = uuid.NewString()
	}
	id, ok := normID(id)
	if !ok {
		return "", fmt.Errorf("store: quote request id %q is not a uuid", q.ID)
	}
	// NULL (anonymous, or not a uuid) matches no row in the sub-select below.
	var userID any
	if u, ok := normID(q.UserID); ok {
		userID = u
	}
	locale := q.Locale
	if locale == "" {
		locale = "en"
	}
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		if _, err := db.exec(ctx, tx, `INSERT INTO quote_requests (`+quoteColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT id FROM users WHERE id = ?), ?)`,
			id, q.FullName, q.CompanyName, q.BusinessType, q.Email, q.Phone, q.Language, q.Description,
			locale, q.TimeZone, userID, db.ts(now)); err != nil {
			return err
		}
		return db.EnqueueMailTx(ctx, tx, now, mails...)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// QuoteRequest loads one request; an id that is not a uuid is ErrNotFound.
func (db *DB) QuoteRequest(ctx context.Context, id string) (QuoteRequest, error) {
	id, ok := normID(id)
	if !ok {
		return QuoteRequest{}, ErrNotFound
	}
	var q QuoteRequest
	var userID sql.NullString
	var submitted dbTime
	err := db.queryRow(ctx, db.db, `SELECT `+quoteColumns+` FROM quote_requests WHERE id = ?`, id).Scan(
		&q.ID, &q.FullName, &q.CompanyName, &q.BusinessType, &q.Email, &q.Phone, &q.Language, &q.Description,
		&q.Locale, &q.TimeZone, &userID, &submitted)
	if err != nil {
		return QuoteRequest{}, classify(err)
	}
	q.UserID = userID.String
	q.SubmittedAt = submitted.Time
	return q, nil
}

// QuoteCount is the number of stored requests.
func (db *DB) QuoteCount(ctx context.Context) (int, error) {
	var n int
	err := db.queryRow(ctx, db.db, `SELECT count(*) FROM quote_requests`).Scan(&n)
	return n, classify(err)
}
