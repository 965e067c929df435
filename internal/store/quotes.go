package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
)

// QuoteRequest is a request sent through the quote form, the voice
// assistant or the personalized try-out. Optional fields are "" when left
// blank; the caller validates and normalises every field.
type QuoteRequest struct {
	ID                                  string // empty → generated; set it when the mails' payloads name it
	FullName, CompanyName, BusinessType string
	Email, Phone, Description           string
	Language                            string // "english" | "dutch"
	Locale                              string // "en" | "nl"
	TimeZone                            string // IANA name, "" when unknown
	UserID                              string // "" when anonymous (or the account was deleted since)
	Status                              string // QuoteNew… (the schema lists them); "" on create is QuoteNew
	Source                              string // "form" | "voice" | "personalized"; "" on create is "form"
	Version                             int    // 1 when created, +1 on every change
	SubmittedAt                         time.Time
	// Fingerprint is what CreateQuoteRequestOnce recognises a repeat by
	// (the quote package computes it); written on create, never read back.
	Fingerprint string
}

// The statuses the store itself sets; the quote package owns the full list.
const (
	QuoteNew = "new"
	QuoteWon = "won"
)

const quoteColumns = `id, full_name, company_name, business_type, email, phone, language, description,
	locale, time_zone, user_id, status, source, version, submitted_at`

func scanQuote(row interface{ Scan(...any) error }) (QuoteRequest, error) {
	var q QuoteRequest
	var userID sql.NullString
	var submitted dbTime
	err := row.Scan(&q.ID, &q.FullName, &q.CompanyName, &q.BusinessType, &q.Email, &q.Phone, &q.Language, &q.Description,
		&q.Locale, &q.TimeZone, &userID, &q.Status, &q.Source, &q.Version, &submitted)
	if err != nil {
		return QuoteRequest{}, classify(err)
	}
	q.UserID = userID.String
	q.SubmittedAt = submitted.Time
	return q, nil
}

// quoteSearchText is what the inbox search looks in (see the 00005
// migration): name, email and company, folded, one per line.
func quoteSearchText(q QuoteRequest) string {
	return Fold(q.FullName + "\n" + q.Email + "\n" + q.CompanyName)
}

// CreateQuoteRequest stores q as a new request, stamped with now, records
// its arrival in the audit trail, and queues mails in the same transaction:
// the mails go out if and only if the request was saved. A UserID that names
// no account is stored as NULL rather than failing the request.
func (db *DB) CreateQuoteRequest(ctx context.Context, q QuoteRequest, mails []NewMail, now time.Time) (string, error) {
	q.Fingerprint = ""
	id, _, err := db.CreateQuoteRequestOnce(ctx, q, time.Time{}, mails, now)
	return id, err
}

// CreateQuoteRequestOnce is CreateQuoteRequest for a request that may be a
// repeat: when q.Fingerprint is set and a request with the same fingerprint
// was submitted at or after since, nothing is stored or queued and that
// request's id comes back with created false. Concurrent repeats store one
// request: SQLite's transactions take the write lock at BEGIN, and on
// PostgreSQL the transaction holds an advisory lock on the fingerprint.
func (db *DB) CreateQuoteRequestOnce(ctx context.Context, q QuoteRequest, since time.Time, mails []NewMail, now time.Time) (id string, created bool, err error) {
	q.Status, q.Version, q.SubmittedAt = QuoteNew, 1, now
	err = db.WithTx(ctx, func(tx *sql.Tx) error {
		if q.Fingerprint != "" {
			if db.dialect == dialectPostgres {
				if _, err := db.exec(ctx, tx, `SELECT pg_advisory_xact_lock(hashtextextended(?, 0))`, "quote:"+q.Fingerprint); err != nil {
					return err
				}
			}
			var found bool
			if id, found, err = db.sameQuote(ctx, tx, q.Fingerprint, since); err != nil || found {
				return err
			}
		}
		var err error
		if id, _, err = db.insertQuoteTx(ctx, tx, q, false); err != nil {
			return err
		}
		created = true
		return db.EnqueueMailTx(ctx, tx, now, mails...)
	})
	if err != nil {
		return "", false, err
	}
	return id, created, nil
}

// SameQuote is the newest request with fingerprint submitted at or after
// since; found is false when there is none.
func (db *DB) SameQuote(ctx context.Context, fingerprint string, since time.Time) (id string, found bool, err error) {
	return db.sameQuote(ctx, db.db, fingerprint, since)
}

func (db *DB) sameQuote(ctx context.Context, q querier, fingerprint string, since time.Time) (id string, found bool, err error) {
	err = db.queryRow(ctx, q, `SELECT id FROM quote_requests WHERE fingerprint = ? AND submitted_at >= ?
		ORDER BY submitted_at DESC LIMIT 1`, fingerprint, db.ts(since)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, classify(err)
	}
	return id, true, nil
}

// ImportQuotes stores requests as given (status, source, version and time
// included), each with its arrival in the audit trail, in one transaction.
// A request whose id is already stored is left alone. It serves the demo
// seed and the benchmarks.
func (db *DB) ImportQuotes(ctx context.Context, quotes []QuoteRequest) error {
	return db.WithTx(ctx, func(tx *sql.Tx) error {
		for _, q := range quotes {
			if _, _, err := db.insertQuoteTx(ctx, tx, q, true); err != nil {
				return err
			}
		}
		return nil
	})
}

// insertQuoteTx inserts q and its first audit row. With keep, an id that is
// already stored is not an error: nothing is written and inserted is false.
func (db *DB) insertQuoteTx(ctx context.Context, tx *sql.Tx, q QuoteRequest, keep bool) (id string, inserted bool, err error) {
	id = q.ID
	if id == "" {
		id = uuid.NewString()
	}
	id, ok := normID(id)
	if !ok {
		return "", false, fmt.Errorf("store: quote request id %q is not a uuid", q.ID)
	}
	// NULL (anonymous, or not a uuid) matches no row in the sub-select below.
	var userID any
	if u, ok := normID(q.UserID); ok {
		userID = u
	}
	if q.Locale == "" {
		q.Locale = "en"
	}
	if q.Status == "" {
		q.Status = QuoteNew
	}
	if q.Source == "" {
		q.Source = "form"
	}
	if q.Version < 1 {
		q.Version = 1
	}
	onConflict := ""
	if keep {
		onConflict = " ON CONFLICT (id) DO NOTHING"
	}
	res, err := db.exec(ctx, tx, `INSERT INTO quote_requests (`+quoteColumns+`, search_text, fingerprint)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT id FROM users WHERE id = ?), ?, ?, ?, ?, ?, ?)`+onConflict,
		id, q.FullName, q.CompanyName, q.BusinessType, q.Email, q.Phone, q.Language, q.Description,
		q.Locale, q.TimeZone, userID, q.Status, q.Source, q.Version, db.ts(q.SubmittedAt), quoteSearchText(q), q.Fingerprint)
	if err != nil {
		return "", false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return id, false, classify(err)
	}
	return id, true, db.record(ctx, tx, change{entity: EntityQuote, id: id, field: FieldStatus, to: str(QuoteNew), at: q.SubmittedAt})
}

// QuoteRequest loads one request; an id that is not a uuid is ErrNotFound.
func (db *DB) QuoteRequest(ctx context.Context, id string) (QuoteRequest, error) {
	return db.quoteRequest(ctx, db.db, id)
}

func (db *DB) quoteRequest(ctx context.Context, q querier, id string) (QuoteRequest, error) {
	id, ok := normID(id)
	if !ok {
		return QuoteRequest{}, ErrNotFound
	}
	return scanQuote(db.queryRow(ctx, q, `SELECT `+quoteColumns+` FROM quote_requests WHERE id = ?`, id))
}

// QuoteCount is the number of stored requests.
func (db *DB) QuoteCount(ctx context.Context) (int, error) {
	var n int
	err := db.queryRow(ctx, db.db, `SELECT count(*) FROM quote_requests`).Scan(&n)
	return n, classify(err)
}

// QuoteFilter selects a page of the quote inbox.
type QuoteFilter struct {
	Status string // "" for every status
	Query  string // a substring of the name, email or company, any case; "" for all
	Page
}

// quotesQuery is the inbox's statement for f with its arguments. The
// quote_requests_inbox and quote_requests_status_inbox indexes give the rows
// in page order, so a page reads only its own rows (and, when searching, the
// index entries it passes over).
func (db *DB) quotesQuery(f QuoteFilter) (string, []any, error) {
	var l listQuery
	if f.Status != "" {
		l.where(`status = ?`, f.Status)
	}
	if f.Query != "" {
		l.where(`search_text LIKE ? ESCAPE '\'`, containsPattern(f.Query))
	}
	tail, err := db.page(&l, f.Page, "submitted_at", "id")
	if err != nil {
		return "", nil, err
	}
	return `SELECT ` + quoteColumns + ` FROM quote_requests` + l.sql() + tail, l.args, nil
}

// Quotes lists one page of the inbox, newest first, and the cursor of the
// next page ("" after the last). A cursor this store did not make is
// ErrBadCursor.
func (db *DB) Quotes(ctx context.Context, f QuoteFilter) ([]QuoteRequest, string, error) {
	query, args, err := db.quotesQuery(f)
	if err != nil {
		return nil, "", err
	}
	rows, err := db.query(ctx, db.db, query, args...)
	if err != nil {
		return nil, "", err
	}
	defer rows.Close()
	var out []QuoteRequest
	for rows.Next() {
		q, err := scanQuote(rows)
		if err != nil {
			return nil, "", err
		}
		out = append(out, q)
	}
	if err := rows.Err(); err != nil {
		return nil, "", classify(err)
	}
	out, next := cut(out, f.Page, func(q QuoteRequest) (time.Time, string) { return q.SubmittedAt, q.ID })
	return out, next, nil
}

// ExplainQuotes returns the engine's plan for the inbox query of f (with
// ANALYZE on PostgreSQL, which runs it), for the benchmark and the index test.
func (db *DB) ExplainQuotes(ctx context.Context, f QuoteFilter, analyze bool) (string, error) {
	query, args, err := db.quotesQuery(f)
	if err != nil {
		return "", err
	}
	return db.explain(ctx, query, args, analyze)
}

// SetQuoteStatus moves a request to status on behalf of actorID, if version
// is the one stored: otherwise ErrStale (someone else changed it since).
// Setting the status it already has changes nothing. Each change bumps the
// version and is recorded in the audit trail.
func (db *DB) SetQuoteStatus(ctx context.Context, id, status string, version int, actorID string, now time.Time) (QuoteRequest, error) {
	var q QuoteRequest
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		if q, err = db.quoteRequest(ctx, tx, id); err != nil {
			return err
		}
		if q.Version != version {
			return ErrStale
		}
		if q.Status == status {
			return nil
		}
		if err := mustAffect(db.exec(ctx, tx, `UPDATE quote_requests SET status = ?, version = version + 1 WHERE id = ? AND version = ?`,
			status, q.ID, version)); err != nil {
			return staleIfGone(err)
		}
		if err := db.record(ctx, tx, change{entity: EntityQuote, id: q.ID, field: FieldStatus, from: str(q.Status), to: str(status), actorID: actorID, at: now}); err != nil {
			return err
		}
		q.Status, q.Version = status, q.Version+1
		return nil
	})
	return q, classify(err)
}

// staleIfGone: an update by id and version that matched no row, right after
// the row was read in the same transaction, lost a race with another writer.
func staleIfGone(err error) error {
	if errors.Is(err, ErrNotFound) {
		return ErrStale
	}
	return err
}

// Note is an internal note on a quote request.
type Note struct {
	ID, Body  string
	Author    *Person // nil once the author's account is gone
	CreatedAt time.Time
}

const noteSelect = `SELECT n.id, n.body, n.created_at, u.id, u.email, COALESCE(p.full_name, '')
	FROM quote_notes n
	LEFT JOIN users u ON u.id = n.author_id
	LEFT JOIN profiles p ON p.id = u.id`

func scanNote(row interface{ Scan(...any) error }) (Note, error) {
	var n Note
	var created dbTime
	var authorID, authorEmail sql.NullString
	var name string
	if err := row.Scan(&n.ID, &n.Body, &created, &authorID, &authorEmail, &name); err != nil {
		return Note{}, classify(err)
	}
	n.CreatedAt = created.Time
	if authorID.Valid {
		n.Author = &Person{ID: authorID.String, Email: authorEmail.String, FullName: name}
	}
	return n, nil
}

// AddQuoteNote appends a note by authorID to a request; ErrNotFound when
// there is no such request.
func (db *DB) AddQuoteNote(ctx context.Context, quoteID, authorID, body string, now time.Time) (Note, error) {
	qid, ok := normID(quoteID)
	if !ok {
		return Note{}, ErrNotFound
	}
	var author any
	if a, ok := normID(authorID); ok {
		author = a
	}
	id := uuid.NewString()
	var n Note
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := mustAffect(db.exec(ctx, tx, `INSERT INTO quote_notes (id, quote_id, author_id, body, created_at)
			SELECT ?, id, (SELECT id FROM users WHERE id = ?), ?, ? FROM quote_requests WHERE id = ?`,
			id, author, body, db.ts(now), qid)); err != nil {
			return err
		}
		var err error
		n, err = scanNote(db.queryRow(ctx, tx, noteSelect+` WHERE n.id = ?`, id))
		return err
	})
	return n, classify(err)
}

// QuoteNotes lists a request's notes, oldest first.
func (db *DB) QuoteNotes(ctx context.Context, quoteID string) ([]Note, error) {
	qid, ok := normID(quoteID)
	if !ok {
		return nil, nil
	}
	rows, err := db.query(ctx, db.db, noteSelect+` WHERE n.quote_id = ? ORDER BY n.created_at, n.id`, qid)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Note
	for rows.Next() {
		n, err := scanNote(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, classify(rows.Err())
}
