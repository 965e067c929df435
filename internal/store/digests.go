package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"time"
)

// The weekly digest, the monthly report and the staff alert for a failing
// agent (issue 21, migration 00016) read here.

// DigestPrefs are a user's digest settings: whether the weekly digest is
// on, and their IANA time zone ("" while unknown).
type DigestPrefs struct {
	Weekly   bool
	TimeZone string
}

// DigestPrefs reads a user's settings; an unknown user is ErrNotFound.
func (db *DB) DigestPrefs(ctx context.Context, userID string) (DigestPrefs, error) {
	var p DigestPrefs
	var weekly int
	err := db.queryRow(ctx, db.db, `SELECT weekly_digest, time_zone FROM users WHERE id = ?`, userID).Scan(&weekly, &p.TimeZone)
	if err != nil {
		return DigestPrefs{}, classify(err)
	}
	p.Weekly = weekly == 1
	return p, nil
}

// SetWeeklyDigest turns a user's weekly digest on or off. It reports
// whether anything changed; an unknown user is ErrNotFound.
func (db *DB) SetWeeklyDigest(ctx context.Context, userID string, on bool) (bool, error) {
	res, err := db.exec(ctx, db.db, `UPDATE users SET weekly_digest = ? WHERE id = ? AND weekly_digest <> ?`, b2i(on), userID, b2i(on))
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n > 0 {
		return n > 0, classify(err)
	}
	_, err = db.DigestPrefs(ctx, userID)
	return false, err
}

// SetTimeZone stores a user's time zone (an IANA name the caller checked).
// With onlyIfUnknown it fills in a zone only where none is known yet.
func (db *DB) SetTimeZone(ctx context.Context, userID, tz string, onlyIfUnknown bool) error {
	q := `UPDATE users SET time_zone = ? WHERE id = ?`
	if onlyIfUnknown {
		q += ` AND time_zone = ''`
	}
	_, err := db.exec(ctx, db.db, q, tz, userID)
	return err
}

// SiteKey is the site's secret for purpose, made (32 random bytes) the
// first time it is asked for; every instance sharing the database reads
// the same one.
func (db *DB) SiteKey(ctx context.Context, purpose string, now time.Time) ([]byte, error) {
	var secret string
	err := db.queryRow(ctx, db.db, `SELECT secret FROM site_keys WHERE purpose = ?`, purpose).Scan(&secret)
	if errors.Is(err, sql.ErrNoRows) {
		b := make([]byte, 32)
		rand.Read(b)
		if _, err := db.exec(ctx, db.db, `INSERT INTO site_keys (purpose, secret, created_at) VALUES (?, ?, ?) ON CONFLICT (purpose) DO NOTHING`,
			purpose, hex.EncodeToString(b), db.ts(now)); err != nil {
			return nil, err
		}
		err = db.queryRow(ctx, db.db, `SELECT secret FROM site_keys WHERE purpose = ?`, purpose).Scan(&secret)
	}
	if err != nil {
		return nil, classify(err)
	}
	return hex.DecodeString(secret)
}

// ReportOrders are the orders with an agent delivered (a Vapi assistant
// linked) that were created before before: the ones digests and monthly
// reports are about, oldest first.
func (db *DB) ReportOrders(ctx context.Context, before time.Time) ([]Order, error) {
	rows, err := db.query(ctx, db.db, orderSelect+` WHERE o.assistant_id IS NOT NULL AND o.created_at < ? ORDER BY o.created_at, o.id`, db.ts(before))
	if err != nil {
		return nil, err
	}
	return scanOrders(rows)
}

// UsageFigures are an order's calls in a period, read from its usage lines
// (so a call the buyer deleted still counts), cost excluding VAT.
type UsageFigures struct {
	Calls, Answered, Missed, Failed int
	Seconds                         int64
	CostCents                       int64
}

// UsageFigures sums the order's usage lines of calls started in [from, to).
func (db *DB) UsageFigures(ctx context.Context, orderID string, from, to time.Time) (UsageFigures, error) {
	var f UsageFigures
	err := db.queryRow(ctx, db.db, `SELECT count(*),
		COALESCE(sum(CASE WHEN outcome = 'answered' THEN 1 ELSE 0 END), 0),
		COALESCE(sum(CASE WHEN outcome = 'missed' THEN 1 ELSE 0 END), 0),
		COALESCE(sum(CASE WHEN outcome = 'failed' THEN 1 ELSE 0 END), 0),
		COALESCE(sum(seconds), 0), COALESCE(sum(cost_cents), 0)
		FROM usage_lines WHERE order_id = ? AND started_at >= ? AND started_at < ?`,
		orderID, db.ts(from), db.ts(to)).Scan(&f.Calls, &f.Answered, &f.Missed, &f.Failed, &f.Seconds, &f.CostCents)
	return f, classify(err)
}

// UsageStarts are the start times of the order's usage lines in [from, to),
// for the monthly report's busiest hours.
func (db *DB) UsageStarts(ctx context.Context, orderID string, from, to time.Time) ([]time.Time, error) {
	rows, err := db.query(ctx, db.db, `SELECT started_at FROM usage_lines WHERE order_id = ? AND started_at >= ? AND started_at < ?`,
		orderID, db.ts(from), db.ts(to))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []time.Time
	for rows.Next() {
		var t dbTime
		if err := rows.Scan(&t); err != nil {
			return nil, classify(err)
		}
		out = append(out, t.Time)
	}
	return out, classify(rows.Err())
}

// ReportCall is what a digest or report reads of one call that still has
// its content.
type ReportCall struct {
	StartedAt   time.Time
	Outcome     string
	SuccessEval string
	Data        map[string]any
}

// ReportCalls are the order's ended calls started in [from, to) that still
// have their content (not deleted), oldest first.
func (db *DB) ReportCalls(ctx context.Context, orderID string, from, to time.Time) ([]ReportCall, error) {
	rows, err := db.query(ctx, db.db, `SELECT started_at, outcome, success_evaluation, data FROM calls
		WHERE order_id = ? AND deleted = 0 AND outcome <> 'pending' AND started_at >= ? AND started_at < ?
		ORDER BY started_at, id`, orderID, db.ts(from), db.ts(to))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ReportCall
	for rows.Next() {
		var c ReportCall
		var t dbTime
		var data string
		if err := rows.Scan(&t, &c.Outcome, &c.SuccessEval, &data); err != nil {
			return nil, classify(err)
		}
		c.StartedAt = t.Time
		if c.Data, err = unmarshalData(data); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, classify(rows.Err())
}

// RecentOutcomes are the outcomes of the order's last n ended calls, newest
// first, and how many ended calls, and failed ones, started at or after
// since.
func (db *DB) RecentOutcomes(ctx context.Context, orderID string, n int, since time.Time) (last []string, calls, failed int, err error) {
	rows, err := db.query(ctx, db.db, `SELECT outcome FROM usage_lines WHERE order_id = ? ORDER BY started_at DESC, id DESC LIMIT ?`, orderID, n)
	if err != nil {
		return nil, 0, 0, err
	}
	defer rows.Close()
	for rows.Next() {
		var o string
		if err := rows.Scan(&o); err != nil {
			return nil, 0, 0, classify(err)
		}
		last = append(last, o)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, 0, classify(err)
	}
	err = db.queryRow(ctx, db.db, `SELECT count(*), COALESCE(sum(CASE WHEN outcome = 'failed' THEN 1 ELSE 0 END), 0)
		FROM usage_lines WHERE order_id = ? AND started_at >= ?`, orderID, db.ts(since)).Scan(&calls, &failed)
	return last, calls, failed, classify(err)
}

// ClaimFailingAlertTx records, in the caller's transaction, that staff are
// alerted about the order's failing agent at now, unless they were within
// the hour before: it reports whether the alert is to be sent.
func (db *DB) ClaimFailingAlertTx(ctx context.Context, tx *sql.Tx, orderID string, now time.Time) (bool, error) {
	res, err := db.exec(ctx, tx, `INSERT INTO agent_failing_alerts (order_id, sent_at) VALUES (?, ?)
		ON CONFLICT (order_id) DO UPDATE SET sent_at = excluded.sent_at WHERE agent_failing_alerts.sent_at <= ?`,
		orderID, db.ts(now), db.ts(now.Add(-time.Hour)))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, classify(err)
}

// StaffEmails are the addresses of every staff account, with their email
// language.
func (db *DB) StaffEmails(ctx context.Context) ([]User, error) {
	rows, err := db.query(ctx, db.db, userSelect+` WHERE u.role = 'staff' ORDER BY u.email`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []User
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, classify(rows.Err())
}
