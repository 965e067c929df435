package store

import (
	"context"
	"database/sql"
	"time"
)

// A company's retention choice (companies.call_retention): how long the
// content of its calls (transcript, summary, call data, the caller's
// number and the recording link) is kept. The domain (package calls)
// decides what each means; the store only keeps the choice.
const (
	RetentionDefault = ""     // never chosen: the site's default (CALL_RETENTION_DAYS)
	Retention30      = "30"   // days
	Retention90      = "90"   // days
	Retention365     = "365"  // days
	RetentionNone    = "none" // no recording links at all
)

// callRetention is the retention choice of a call's company (the
// company of its order), RetentionDefault for a call of no order or of an
// order without a company. It is an SQL expression on calls.
const callRetention = `COALESCE((SELECT co.call_retention FROM orders o JOIN companies co ON co.id = o.company_id
	WHERE o.id = calls.order_id), '')`

// SetCompanyRetention stores the retention choice of the user's company;
// ErrNotFound when the user has no company yet. It returns the company.
func (db *DB) SetCompanyRetention(ctx context.Context, userID, choice string, now time.Time) (Company, error) {
	var out Company
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		c, err := db.companyForUser(ctx, tx, userID)
		if err != nil {
			return err
		}
		if c.CallRetention != choice {
			if _, err := db.exec(ctx, tx, `UPDATE companies SET call_retention = ?, updated_at = ? WHERE id = ?`,
				choice, db.ts(now), c.ID); err != nil {
				return err
			}
		}
		out, err = db.companyForUser(ctx, tx, userID)
		return err
	})
	return out, classify(err)
}

// RetentionForAssistant is the retention choice of the company of the
// order that claims the Vapi assistant: RetentionDefault when no order
// claims it or the order has no company.
func (db *DB) RetentionForAssistant(ctx context.Context, assistantID string) (string, error) {
	var choice string
	err := db.queryRow(ctx, db.db, `SELECT COALESCE((SELECT co.call_retention FROM orders o JOIN companies co ON co.id = o.company_id
		WHERE o.assistant_id = ? AND ? <> ''), '')`, assistantID, assistantID).Scan(&choice)
	return choice, classify(err)
}

// PurgeRule is the retention purge of the calls whose company chose
// Choice: their content goes once they started before Cutoff; with
// DropRecordings their recording links go whatever their age.
type PurgeRule struct {
	Choice         string
	Cutoff         time.Time
	DropRecordings bool
}

// PurgeByRetention applies each rule to the calls of its choice (see
// callRetention), as PurgeCallContent does: the calls, their durations
// and outcomes stay, and usage lines are never touched. In the same
// transaction it enqueues the jobs jobsFor makes for the Vapi id of each
// call whose content goes (deleting Vapi's copy, which holds the same
// transcript and recording); nil jobsFor makes none. It reports how many
// calls lost content.
func (db *DB) PurgeByRetention(ctx context.Context, rules []PurgeRule, now time.Time, jobsFor func(vapiCallID string) []NewJob) (int64, error) {
	var total int64
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		for _, r := range rules {
			if jobsFor != nil {
				jobs, err := db.purgeJobs(ctx, tx, r, jobsFor)
				if err != nil {
					return err
				}
				if err := db.EnqueueJobsTx(ctx, tx, now, jobs...); err != nil {
					return err
				}
			}
			if r.DropRecordings {
				res, err := db.exec(ctx, tx, `UPDATE calls SET recording_url = '', updated_at = ? WHERE recording_url <> '' AND `+callRetention+` = ?`,
					db.ts(now), r.Choice)
				if err != nil {
					return err
				}
				n, err := res.RowsAffected()
				if err != nil {
					return classify(err)
				}
				total += n
			}
			n, err := db.purgeContent(ctx, tx, r.Cutoff, now, ` AND `+callRetention+` = ?`, r.Choice)
			if err != nil {
				return err
			}
			total += n
		}
		return nil
	})
	return total, classify(err)
}

// purgeJobs are the jobs jobsFor makes for the Vapi ids of the calls
// whose content rule r is about to remove.
func (db *DB) purgeJobs(ctx context.Context, tx *sql.Tx, r PurgeRule, jobsFor func(string) []NewJob) ([]NewJob, error) {
	rows, err := db.query(ctx, tx, `SELECT vapi_call_id FROM calls WHERE `+purgeable+` AND `+callRetention+` = ? AND vapi_call_id <> ''`,
		db.ts(r.Cutoff), r.Choice)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var jobs []NewJob
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, classify(err)
		}
		jobs = append(jobs, jobsFor(id)...)
	}
	return jobs, classify(rows.Err())
}

// maxContactCalls bounds a caller's export: far more calls than one
// caller makes to one agent.
const maxContactCalls = 10000

// AllContactCalls lists every call of the order from or to the stored
// number (ended or not), oldest first, for a caller's export.
func (db *DB) AllContactCalls(ctx context.Context, orderID, number string) ([]Call, error) {
	id, ok := normID(orderID)
	if !ok || number == "" {
		return nil, nil
	}
	rows, err := db.query(ctx, db.db, ownCallSelect+` WHERE c.order_id = ? AND c.customer_number = ? ORDER BY c.started_at, c.id LIMIT ?`,
		id, number, maxContactCalls)
	if err != nil {
		return nil, err
	}
	return scanCalls(rows)
}

// Kinds of caller request.
const (
	CallerExport = "export" // AVG art. 15: everything about a number
	CallerErase  = "erase"  // AVG art. 17: the caller's calls erased
)

// CallerRequest is one line of the caller requests' audit.
type CallerRequest struct {
	OrderID      string
	ActorID      string // "" when the actor's account is gone
	Kind         string
	NumberMasked string
	Calls        int
	At           time.Time
}

func (db *DB) recordCallerRequest(ctx context.Context, q querier, r CallerRequest) error {
	var actor any
	if id, ok := normID(r.ActorID); ok {
		actor = id
	}
	_, err := db.exec(ctx, q, `INSERT INTO caller_requests (order_id, actor_id, kind, number_masked, calls, at) VALUES (?, ?, ?, ?, ?, ?)`,
		r.OrderID, actor, r.Kind, r.NumberMasked, r.Calls, db.ts(r.At))
	return err
}

// RecordCallerRequest adds a line to the caller requests' audit.
func (db *DB) RecordCallerRequest(ctx context.Context, r CallerRequest) error {
	return classify(db.recordCallerRequest(ctx, db.db, r))
}

// CallerRequests lists the audit lines of the order's caller requests,
// oldest first.
func (db *DB) CallerRequests(ctx context.Context, orderID string) ([]CallerRequest, error) {
	id, ok := normID(orderID)
	if !ok {
		return nil, nil
	}
	rows, err := db.query(ctx, db.db, `SELECT CAST(order_id AS TEXT), COALESCE(CAST(actor_id AS TEXT), ''), kind, number_masked, calls, at FROM caller_requests
		WHERE order_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []CallerRequest
	for rows.Next() {
		var r CallerRequest
		var at dbTime
		if err := rows.Scan(&r.OrderID, &r.ActorID, &r.Kind, &r.NumberMasked, &r.Calls, &at); err != nil {
			return nil, classify(err)
		}
		r.At = at.Time
		out = append(out, r)
	}
	return out, classify(rows.Err())
}

// EraseContact erases every call of the order from or to the stored
// number, each as DeleteCall erases one (its usage line stays), in one
// transaction with the audit line req (its Calls set to how many) and
// the jobs jobsFor makes for each erased call (e.g. deleting Vapi's
// copy). It returns the Vapi ids of the erased calls; ErrNotFound when
// the order has no call with the number.
func (db *DB) EraseContact(ctx context.Context, number string, req CallerRequest, jobsFor func(vapiCallID string) []NewJob) ([]string, error) {
	id, ok := normID(req.OrderID)
	if !ok || number == "" {
		return nil, ErrNotFound
	}
	req.OrderID = id
	var erased []string
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		rows, err := db.query(ctx, tx, `SELECT id, vapi_call_id FROM calls WHERE order_id = ? AND customer_number = ? ORDER BY id`, id, number)
		if err != nil {
			return err
		}
		type row struct {
			id   int64
			vapi string
		}
		var found []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.vapi); err != nil {
				rows.Close()
				return classify(err)
			}
			found = append(found, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return classify(err)
		}
		if len(found) == 0 {
			return ErrNotFound
		}
		var jobs []NewJob
		for _, r := range found {
			if err := db.deleteCall(ctx, tx, id, r.id, req.At); err != nil {
				return err
			}
			erased = append(erased, r.vapi)
			if jobsFor != nil {
				jobs = append(jobs, jobsFor(r.vapi)...)
			}
		}
		if err := db.EnqueueJobsTx(ctx, tx, req.At, jobs...); err != nil {
			return err
		}
		req.Calls = len(found)
		return db.recordCallerRequest(ctx, tx, req)
	})
	if err != nil {
		return nil, classify(err)
	}
	return erased, nil
}
