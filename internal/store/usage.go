package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// A usage line is the record the agency bills a buyer's minutes from: one
// per ended call of an order, written in the same transaction as the call.
// It keeps what the figures need (start, billable seconds, outcome,
// direction) and the per-minute rate in force when it was written, so a
// buyer's delete, the retention worker or a later change of the order's
// rate never changes what a call cost. See migration 00008.

// UsageLine is one call's usage.
type UsageLine struct {
	OrderID        string
	VapiCallID     string
	StartedAt      time.Time
	Seconds        int
	PerMinuteCents int64
	Currency       string
	CostCents      int64
	Outcome        string // answered | missed | failed
	Direction      string // inbound | outbound | web
	CallDeleted    bool   // the buyer deleted the call's content
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// UsageCost is what seconds of calls cost at perMinuteCents a minute, in
// whole cents, rounded half up. Every usage line's cost is this.
func UsageCost(seconds, perMinuteCents int64) int64 {
	return (seconds*perMinuteCents + 30) / 60
}

// usageZone is the agency's time zone: a usage line's month is the
// calendar month of its call's start there.
var usageZone = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		panic("store: no time zone data for Europe/Amsterdam: " + err.Error())
	}
	return loc
}()

// UsageOpenFrom is the earliest call start whose usage line can still be
// corrected at now. A month is open until it has ended: a line may change
// while its call started in the current calendar month (Europe/Amsterdam),
// and is fixed from the first of the next month. Invoices are issued only
// for months that have ended (billing's period_open), so an invoiced
// month's usage never changes. This is the one place that rule lives.
func UsageOpenFrom(now time.Time) time.Time {
	t := now.In(usageZone)
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, usageZone).UTC()
}

func usageOpen(start, now time.Time) bool {
	return !start.Before(UsageOpenFrom(now))
}

const usageColumns = `u.order_id, u.vapi_call_id, u.started_at, u.seconds, u.per_minute_cents, u.currency, u.cost_cents,
	u.outcome, u.direction, u.call_deleted, u.created_at, u.updated_at`

func scanUsageLine(row interface{ Scan(...any) error }) (UsageLine, error) {
	var l UsageLine
	var started, created, updated dbTime
	var deleted int
	if err := row.Scan(&l.OrderID, &l.VapiCallID, &started, &l.Seconds, &l.PerMinuteCents, &l.Currency, &l.CostCents,
		&l.Outcome, &l.Direction, &deleted, &created, &updated); err != nil {
		return UsageLine{}, classify(err)
	}
	l.StartedAt, l.CreatedAt, l.UpdatedAt, l.CallDeleted = started.Time, created.Time, updated.Time, deleted == 1
	return l, nil
}

// writeUsage writes the usage line of call c, as it was just stored, in
// tx; the caller holds the call's row (RecordCall, SetOrderLink), so two
// reports of one call never race here. A call that has not ended has no
// line. A new line goes to c's order at the order's rate now; a call
// without an order gets none. An existing line is corrected from c
// (start, seconds, outcome, direction; its cost at the line's own rate)
// while its month is open (UsageOpenFrom), and otherwise left as it is.
func (db *DB) writeUsage(ctx context.Context, tx *sql.Tx, c Call, now time.Time) error {
	if c.Outcome == OutcomePending {
		return nil
	}
	cur, err := scanUsageLine(db.queryRow(ctx, tx, `SELECT `+usageColumns+` FROM usage_lines u WHERE u.vapi_call_id = ?`, c.VapiCallID))
	switch {
	case err == nil:
		if !usageOpen(cur.StartedAt, now) || !usageOpen(c.StartedAt, now) {
			return nil
		}
		if cur.StartedAt.Equal(c.StartedAt) && cur.Seconds == c.DurationSeconds && cur.Outcome == c.Outcome && cur.Direction == c.Type {
			return nil
		}
		_, err := db.exec(ctx, tx, `UPDATE usage_lines SET started_at = ?, seconds = ?, cost_cents = ?, outcome = ?, direction = ?, updated_at = ?
			WHERE vapi_call_id = ?`, db.ts(c.StartedAt), c.DurationSeconds, UsageCost(int64(c.DurationSeconds), cur.PerMinuteCents),
			c.Outcome, c.Type, db.ts(now), c.VapiCallID)
		return err
	case !errors.Is(err, ErrNotFound):
		return err
	case c.OrderID == "":
		return nil
	}
	var rate int64
	var currency string
	if err := db.queryRow(ctx, tx, `SELECT per_minute_cents, currency FROM orders WHERE id = ?`, c.OrderID).Scan(&rate, &currency); err != nil {
		return classify(err)
	}
	return db.insertUsage(ctx, tx, c, rate, currency, now)
}

// insertUsage writes a new usage line for call c of its order at rate, in
// currency; a line the call already has stays as it is.
func (db *DB) insertUsage(ctx context.Context, tx *sql.Tx, c Call, rate int64, currency string, now time.Time) error {
	_, err := db.exec(ctx, tx, `INSERT INTO usage_lines (order_id, vapi_call_id, started_at, seconds, per_minute_cents, currency, cost_cents,
		outcome, direction, call_deleted, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
		ON CONFLICT (vapi_call_id) DO NOTHING`,
		c.OrderID, c.VapiCallID, db.ts(c.StartedAt), c.DurationSeconds, rate, currency, UsageCost(int64(c.DurationSeconds), rate),
		c.Outcome, c.Type, db.ts(now), db.ts(now))
	return err
}

// UsageByVapiID loads the usage line of a call; ErrNotFound when it has none.
func (db *DB) UsageByVapiID(ctx context.Context, vapiID string) (UsageLine, error) {
	return scanUsageLine(db.queryRow(ctx, db.db, `SELECT `+usageColumns+` FROM usage_lines u WHERE u.vapi_call_id = ?`, vapiID))
}

// UsagePoint is one usage line as the agent page's figures count it.
type UsagePoint struct {
	StartedAt      time.Time
	Outcome        string
	Seconds        int
	PerMinuteCents int64
	CostCents      int64
	CallDeleted    bool
}

// OrderUsageQuery is the statement behind OrderUsage (for EXPLAIN): the
// usage_lines_order index answers it alone.
const OrderUsageQuery = `SELECT u.started_at, u.outcome, u.seconds, u.per_minute_cents, u.cost_cents, u.call_deleted FROM usage_lines u
	WHERE u.order_id = ? AND u.started_at >= ? AND u.started_at < ?`

// OrderUsage lists the usage lines of an order's calls that started in
// [from, to), for the agent page's figures.
func (db *DB) OrderUsage(ctx context.Context, orderID string, from, to time.Time) ([]UsagePoint, error) {
	id, ok := normID(orderID)
	if !ok {
		return nil, nil
	}
	rows, err := db.query(ctx, db.db, OrderUsageQuery, id, db.ts(from), db.ts(to))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []UsagePoint
	for rows.Next() {
		var p UsagePoint
		var at dbTime
		var deleted int
		if err := rows.Scan(&at, &p.Outcome, &p.Seconds, &p.PerMinuteCents, &p.CostCents, &deleted); err != nil {
			return nil, classify(err)
		}
		p.StartedAt, p.CallDeleted = at.Time, deleted == 1
		out = append(out, p)
	}
	return out, classify(rows.Err())
}

// OrderUsageCosts maps the Vapi call id of each of an order's usage lines
// to its cost in cents, for the CSV's cost column.
func (db *DB) OrderUsageCosts(ctx context.Context, orderID string) (map[string]int64, error) {
	out := map[string]int64{}
	id, ok := normID(orderID)
	if !ok {
		return out, nil
	}
	rows, err := db.query(ctx, db.db, `SELECT u.vapi_call_id, u.cost_cents FROM usage_lines u WHERE u.order_id = ?`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var vapiID string
		var cents int64
		if err := rows.Scan(&vapiID, &cents); err != nil {
			return nil, classify(err)
		}
		out[vapiID] = cents
	}
	return out, classify(rows.Err())
}

// UsageTotals sums usage lines.
type UsageTotals struct {
	Calls        int
	Seconds      int64
	CostCents    int64
	DeletedCalls int // of Calls, those whose content the buyer deleted
}

// OrderUsageTotals sums the usage lines of an order's calls that started
// in [from, to).
func (db *DB) OrderUsageTotals(ctx context.Context, orderID string, from, to time.Time) (UsageTotals, error) {
	var t UsageTotals
	id, ok := normID(orderID)
	if !ok {
		return t, nil
	}
	err := db.queryRow(ctx, db.db, `SELECT count(*), COALESCE(sum(u.seconds), 0), COALESCE(sum(u.cost_cents), 0), COALESCE(sum(u.call_deleted), 0)
		FROM usage_lines u WHERE u.order_id = ? AND u.started_at >= ? AND u.started_at < ?`, id, db.ts(from), db.ts(to)).
		Scan(&t.Calls, &t.Seconds, &t.CostCents, &t.DeletedCalls)
	return t, classify(err)
}
