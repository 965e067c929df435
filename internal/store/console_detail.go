package store

import (
	"context"
	"encoding/json"
	"strings"
	"time"
)

// What the console's order and buyer pages read besides the order or
// account itself: calls counted per order, usage by month, when an account
// last signed in, and the invitation emails queued for it.

// OrderCallCounts counts the usage lines (one per ended call, kept when the
// buyer deletes the call) of each of orderIDs whose call started in
// [from, to): one query for a whole page of orders, which the
// usage_lines_order index answers. An order without calls is absent.
func (db *DB) OrderCallCounts(ctx context.Context, orderIDs []string, from, to time.Time) (map[string]int, error) {
	out := map[string]int{}
	args := make([]any, 0, len(orderIDs)+2)
	for _, id := range orderIDs {
		if n, ok := normID(id); ok {
			args = append(args, n)
		}
	}
	if len(args) == 0 {
		return out, nil
	}
	in := `?` + strings.Repeat(`, ?`, len(args)-1)
	args = append(args, db.ts(from), db.ts(to))
	rows, err := db.query(ctx, db.db, `SELECT u.order_id, count(*) FROM usage_lines u
		WHERE u.order_id IN (`+in+`) AND u.started_at >= ? AND u.started_at < ? GROUP BY u.order_id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, classify(err)
		}
		if norm, ok := normID(id); ok {
			id = norm
		}
		out[id] = n
	}
	return out, classify(rows.Err())
}

// UsageMonth sums an order's usage lines of one calendar month
// (Europe/Amsterdam, as UsageOpenFrom counts months).
type UsageMonth struct {
	Month     string // "2026-11"
	Calls     int
	Seconds   int64
	CostCents int64 // in Currency, without VAT
	Currency  string
}

// OrderUsageByMonth sums an order's usage lines per calendar month in
// Europe/Amsterdam, newest month first. The months are cut in Go, as
// SQLite knows no time zones; the usage_lines_order index gives the rows.
// Lines in another currency than the first seen (a currency change of the
// order) get a month row of their own.
func (db *DB) OrderUsageByMonth(ctx context.Context, orderID string) ([]UsageMonth, error) {
	id, ok := normID(orderID)
	if !ok {
		return nil, nil
	}
	rows, err := db.query(ctx, db.db, `SELECT u.started_at, u.seconds, u.cost_cents, u.currency FROM usage_lines u
		WHERE u.order_id = ? ORDER BY u.started_at DESC`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []UsageMonth
	at := map[[2]string]int{}
	for rows.Next() {
		var started dbTime
		var seconds, cost int64
		var currency string
		if err := rows.Scan(&started, &seconds, &cost, &currency); err != nil {
			return nil, classify(err)
		}
		key := [2]string{started.Time.In(usageZone).Format("2006-01"), currency}
		i, seen := at[key]
		if !seen {
			i = len(out)
			at[key] = i
			out = append(out, UsageMonth{Month: key[0], Currency: currency})
		}
		out[i].Calls++
		out[i].Seconds += seconds
		out[i].CostCents += cost
	}
	return out, classify(rows.Err())
}

// SignIns is when an account last signed in and was last seen, from its
// sessions that are still kept (a session is removed when it ends or
// expires): zero when there is none. A staff member's session that waits
// for its second step is no sign-in.
type SignIns struct {
	LastSignIn, LastSeen time.Time
}

// AccountSignIns reads SignIns of the account id.
func (db *DB) AccountSignIns(ctx context.Context, id string) (SignIns, error) {
	uid, ok := normID(id)
	if !ok {
		return SignIns{}, ErrNotFound
	}
	var in, seen dbTime
	err := db.queryRow(ctx, db.db, `SELECT max(s.created_at), max(s.last_seen_at) FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.user_id = ? AND (s.second_step_at IS NOT NULL OR u.role <> 'staff')`, uid).Scan(&in, &seen)
	if err != nil {
		return SignIns{}, classify(err)
	}
	return SignIns{LastSignIn: in.Time, LastSeen: seen.Time}, nil
}

// MailJob is a queued email as the console shows it: never its payload.
type MailJob struct {
	ID                   int64
	Kind                 string // the email's kind, e.g. auth.invite
	State                string // a job state
	Attempts             int
	LastError            string
	CreatedAt, UpdatedAt time.Time
}

// UserMailJobs lists the email jobs of kind queued for the account userID
// (their payload's data names it), newest first, at most 50.
func (db *DB) UserMailJobs(ctx context.Context, userID, kind string) ([]MailJob, error) {
	uid, ok := normID(userID)
	if !ok {
		return nil, nil
	}
	// A mail job's payload is {"kind", "to", "locale", "data": {"userId"}};
	// other kinds' payloads are never read as JSON.
	kindExpr := `CASE WHEN kind = 'mail' THEN json_extract(payload, '$.kind') END`
	userExpr := `CASE WHEN kind = 'mail' THEN json_extract(payload, '$.data.userId') END`
	if db.dialect != dialectSQLite {
		kindExpr = `CASE WHEN kind = 'mail' THEN payload::jsonb ->> 'kind' END`
		userExpr = `CASE WHEN kind = 'mail' THEN payload::jsonb #>> '{data,userId}' END`
	}
	rows, err := db.query(ctx, db.db, `SELECT `+jobColumns+` FROM jobs WHERE kind = 'mail' AND `+kindExpr+` = ? AND `+userExpr+` = ?
		ORDER BY id DESC LIMIT 50`, kind, uid)
	if err != nil {
		return nil, err
	}
	jobs, err := scanJobs(rows)
	if err != nil {
		return nil, err
	}
	out := make([]MailJob, 0, len(jobs))
	for _, j := range jobs {
		var p mailPayload
		_ = json.Unmarshal(j.Payload, &p)
		out = append(out, MailJob{ID: j.ID, Kind: p.Kind, State: j.State, Attempts: j.Attempts, LastError: j.LastError,
			CreatedAt: j.CreatedAt, UpdatedAt: j.UpdatedAt})
	}
	return out, nil
}
