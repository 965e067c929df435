package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

type Order struct {
	ID, BuyerID, Status  string // status: pending, completed, cancelled, refunded (older rows may hold others)
	AmountCents          int64
	Currency             string // ISO 4217, upper case
	Version              int    // 1 when created, +1 on every change
	CreatedAt, UpdatedAt time.Time
	QuoteID              string // the quote request it was made from; "" when none
	Agent                Agent
	Buyer                Person
	BuyerLocale          string // "en" | "nl": the language of the buyer's emails
	// AssistantID is the Vapi assistant delivered for the order ("" when
	// none is linked); its calls belong to the order.
	AssistantID string
	// PerMinuteCents is what a minute of the agent's calls costs the buyer,
	// in the order's currency.
	PerMinuteCents int64
	// MonthlyCents is the monthly maintenance fee staff set, in the
	// order's currency (billed pro rata by day in the first and last month).
	MonthlyCents int64
	// CompanyID is the company the order is billed to; "" until its buyer
	// has filled in company details.
	CompanyID string
	// LiveAt is when the order first became completed (its setup fee is
	// billed that month); EndedAt when a live order was cancelled or
	// refunded (nil while it runs, and again once it is completed anew).
	LiveAt, EndedAt *time.Time
}

type NewOrder struct {
	ID                       string // empty → generated
	BuyerID, AgentID, Status string
	AmountCents              int64
	Currency                 string // "" → DefaultCurrency
	QuoteID                  string // optional
	ActorID                  string // who created it, for the audit trail; "" for the system
	CreatedAt                time.Time
}

// OrderPending is the status of a new order (the agent is being set up);
// the orders package owns the full list.
const OrderPending = "pending"

// OrderCompleted is the status of an order whose agent is live.
const OrderCompleted = "completed"

// DefaultCurrency is the currency of an order or price that names none:
// the agency prices in euros.
const DefaultCurrency = "EUR"

const orderSelect = `SELECT o.id, o.buyer_id, o.status, o.amount_cents, o.currency, o.version, o.created_at, o.updated_at, o.quote_id,
	` + agentColumnsA + `, u.email, COALESCE(p.full_name, ''), u.locale, COALESCE(o.assistant_id, ''), o.per_minute_cents,
	o.monthly_cents, o.company_id, o.live_at, o.ended_at
	FROM orders o
	JOIN voice_agents a ON a.id = o.agent_id
	JOIN users u ON u.id = o.buyer_id
	LEFT JOIN profiles p ON p.id = o.buyer_id`

// OrdersByBuyerQuery is the exact statement behind OrdersByBuyer (with ?
// placeholders; see Rebind). The orders_buyer_created index serves both the
// filter and the ordering, so the page needs no sort however many orders exist.
const OrdersByBuyerQuery = orderSelect + `
	WHERE o.buyer_id = ?
	ORDER BY o.created_at DESC, o.id DESC`

func scanOrder(row interface{ Scan(...any) error }) (Order, error) {
	var o Order
	var created, updated dbTime
	var quoteID, companyID sql.NullString
	var liveAt, endedAt dbTime
	dest := []any{&o.ID, &o.BuyerID, &o.Status, &o.AmountCents, &o.Currency, &o.Version, &created, &updated, &quoteID}
	dest = append(dest, o.Agent.scanDest()...)
	dest = append(dest, &o.Buyer.Email, &o.Buyer.FullName, &o.BuyerLocale, &o.AssistantID, &o.PerMinuteCents,
		&o.MonthlyCents, &companyID, &liveAt, &endedAt)
	if err := row.Scan(dest...); err != nil {
		return Order{}, classify(err)
	}
	o.CompanyID, o.LiveAt, o.EndedAt = companyID.String, liveAt.Ptr(), endedAt.Ptr()
	o.CreatedAt, o.UpdatedAt = created.Time, updated.Time
	o.QuoteID = quoteID.String
	o.Buyer.ID = o.BuyerID
	return o, nil
}

func scanOrders(rows *sql.Rows) ([]Order, error) {
	defer rows.Close()
	var out []Order
	for rows.Next() {
		o, err := scanOrder(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, classify(rows.Err())
}

// CreateOrders inserts all orders or none, each with its creation in the
// audit trail.
func (db *DB) CreateOrders(ctx context.Context, orders []NewOrder) error {
	return db.WithTx(ctx, func(tx *sql.Tx) error {
		_, err := db.createOrdersTx(ctx, tx, orders)
		return err
	})
}

func (db *DB) createOrdersTx(ctx context.Context, tx *sql.Tx, orders []NewOrder) ([]string, error) {
	if len(orders) == 0 {
		return nil, nil
	}
	stmt, err := tx.PrepareContext(ctx, db.Rebind(
		`INSERT INTO orders (id, buyer_id, agent_id, status, amount_cents, currency, version, created_at, updated_at, quote_id,
			live_at, company_id)
		VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, (SELECT company_id FROM users WHERE id = ?))`))
	if err != nil {
		return nil, classify(err)
	}
	defer stmt.Close()
	ids := make([]string, 0, len(orders))
	for _, o := range orders {
		id := o.ID
		if id == "" {
			id = uuid.NewString()
		}
		var ok [3]bool
		var buyer, agent string
		id, ok[0] = normID(id)
		buyer, ok[1] = normID(o.BuyerID)
		agent, ok[2] = normID(o.AgentID)
		if !ok[0] || !ok[1] || !ok[2] {
			return nil, fmt.Errorf("store: order %q: id, buyer and agent must be uuids", o.ID)
		}
		var quote any
		if o.QuoteID != "" {
			q, ok := normID(o.QuoteID)
			if !ok {
				return nil, fmt.Errorf("store: order %q: quote %q is not a uuid", o.ID, o.QuoteID)
			}
			quote = q
		}
		currency := o.Currency
		if currency == "" {
			currency = DefaultCurrency
		}
		at := db.ts(o.CreatedAt)
		// An order created completed (the seed) is live from its creation.
		var live any
		if o.Status == orderStatusCompleted {
			live = at
		}
		if _, err := stmt.ExecContext(ctx, id, buyer, agent, o.Status, o.AmountCents, currency, at, at, quote, live, buyer); err != nil {
			return nil, classify(err)
		}
		if err := db.record(ctx, tx, change{entity: EntityOrder, id: id, field: FieldStatus, to: str(o.Status), actorID: o.ActorID, at: o.CreatedAt}); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// OrdersByBuyer lists a buyer's orders newest first; an unknown or malformed
// buyer id simply has none.
func (db *DB) OrdersByBuyer(ctx context.Context, buyerID string) ([]Order, error) {
	buyer, ok := normID(buyerID)
	if !ok {
		return nil, nil
	}
	rows, err := db.query(ctx, db.db, OrdersByBuyerQuery, buyer)
	if err != nil {
		return nil, err
	}
	return scanOrders(rows)
}

// OrderForBuyer answers ErrNotFound, not a distinct "forbidden", for someone
// else's order, so order ids cannot be probed for existence.
func (db *DB) OrderForBuyer(ctx context.Context, buyerID, orderID string) (Order, error) {
	buyer, ok1 := normID(buyerID)
	order, ok2 := normID(orderID)
	if !ok1 || !ok2 {
		return Order{}, ErrNotFound
	}
	return scanOrder(db.queryRow(ctx, db.db, orderSelect+` WHERE o.id = ? AND o.buyer_id = ?`, order, buyer))
}

// OrderByID loads any order, for the console; ErrNotFound when there is none.
func (db *DB) OrderByID(ctx context.Context, id string) (Order, error) {
	return db.orderByID(ctx, db.db, id)
}

func (db *DB) orderByID(ctx context.Context, q querier, id string) (Order, error) {
	id, ok := normID(id)
	if !ok {
		return Order{}, ErrNotFound
	}
	return scanOrder(db.queryRow(ctx, q, orderSelect+` WHERE o.id = ?`, id))
}

// OrdersForQuote lists the orders made from a quote request, oldest first.
func (db *DB) OrdersForQuote(ctx context.Context, quoteID string) ([]Order, error) {
	id, ok := normID(quoteID)
	if !ok {
		return nil, nil
	}
	rows, err := db.query(ctx, db.db, orderSelect+` WHERE o.quote_id = ? ORDER BY o.created_at, o.id`, id)
	if err != nil {
		return nil, err
	}
	return scanOrders(rows)
}

// OrderFilter selects a page of every buyer's orders.
type OrderFilter struct {
	Status  string // "" for every status
	BuyerID string // "" for every buyer; a malformed id matches none
	Query   string // a substring of the buyer's email or name, any case
	Page
}

// Orders lists one page of orders, newest first, and the next page's cursor
// ("" after the last). The orders_created, orders_status_created and
// orders_buyer_created indexes give the rows in page order.
func (db *DB) Orders(ctx context.Context, f OrderFilter) ([]Order, string, error) {
	var l listQuery
	if f.Status != "" {
		l.where(`o.status = ?`, f.Status)
	}
	if f.BuyerID != "" {
		buyer, ok := normID(f.BuyerID)
		if !ok {
			return nil, "", nil
		}
		l.where(`o.buyer_id = ?`, buyer)
	}
	if f.Query != "" {
		pattern := containsPattern(f.Query)
		l.where(`(`+db.fold("u.email")+` LIKE ? ESCAPE '\' OR `+db.fold("p.full_name")+` LIKE ? ESCAPE '\')`, pattern, pattern)
	}
	tail, err := db.page(&l, f.Page, "o.created_at", "o.id")
	if err != nil {
		return nil, "", err
	}
	rows, err := db.query(ctx, db.db, orderSelect+l.sql()+tail, l.args...)
	if err != nil {
		return nil, "", err
	}
	out, err := scanOrders(rows)
	if err != nil {
		return nil, "", err
	}
	out, next := cut(out, f.Page, func(o Order) (time.Time, string) { return o.CreatedAt, o.ID })
	return out, next, nil
}

// SetOrderStatus moves an order to status on behalf of actorID, if version
// is the one stored: otherwise ErrStale. Setting the status it already has
// changes nothing and queues nothing. A real change bumps the version, is
// recorded in the audit trail, and queues mails in the same transaction; it
// reports changed.
func (db *DB) SetOrderStatus(ctx context.Context, id, status string, version int, actorID string, now time.Time, mails []NewMail) (o Order, changed bool, err error) {
	err = db.WithTx(ctx, func(tx *sql.Tx) error {
		if o, err = db.orderByID(ctx, tx, id); err != nil {
			return err
		}
		if o.Version != version {
			return ErrStale
		}
		if o.Status == status {
			return nil
		}
		if err := db.changeOrderStatusTx(ctx, tx, o, status, actorID, now); err != nil {
			return err
		}
		changed = true
		if err := db.EnqueueMailTx(ctx, tx, now, mails...); err != nil {
			return err
		}
		o, err = db.orderByID(ctx, tx, o.ID)
		return err
	})
	return o, changed, classify(err)
}

// orderStatusCompleted is the status of a live order; the orders package
// owns the list of statuses.
const orderStatusCompleted = "completed"

// liveDates are an order's live_at and ended_at after it moves from its
// status to status at now: live_at is set the first time it becomes
// completed and never changes after; ended_at is set when a completed
// order is cancelled or refunded (it stops being live) and cleared when it
// is completed again.
func liveDates(o Order, status string, now time.Time) (liveAt, endedAt *time.Time) {
	liveAt, endedAt = o.LiveAt, o.EndedAt
	switch {
	case status == orderStatusCompleted:
		if liveAt == nil {
			liveAt = &now
		}
		endedAt = nil
	case o.Status == orderStatusCompleted && (status == "cancelled" || status == "refunded"):
		endedAt = &now
	}
	return liveAt, endedAt
}

func (db *DB) changeOrderStatusTx(ctx context.Context, tx *sql.Tx, o Order, status, actorID string, now time.Time) error {
	liveAt, endedAt := liveDates(o, status, now)
	if err := mustAffect(db.exec(ctx, tx, `UPDATE orders SET status = ?, live_at = ?, ended_at = ?, version = version + 1, updated_at = ?
		WHERE id = ? AND version = ?`,
		status, db.tsPtr(liveAt), db.tsPtr(endedAt), db.ts(now), o.ID, o.Version)); err != nil {
		return staleIfGone(err)
	}
	return db.record(ctx, tx, change{entity: EntityOrder, id: o.ID, field: FieldStatus, from: str(o.Status), to: str(status), actorID: actorID, at: now})
}

// ExplainOrdersByBuyer returns the engine's plan for OrdersByBuyerQuery, one
// line per plan node, for benchmarks and the index test.
func (db *DB) ExplainOrdersByBuyer(ctx context.Context, buyerID string) (string, error) {
	buyer, ok := normID(buyerID)
	if !ok {
		buyer = buyerID
	}
	return db.explain(ctx, OrdersByBuyerQuery, []any{buyer}, false)
}

// explain returns the engine's plan for query, one line per plan node:
// EXPLAIN QUERY PLAN on SQLite, EXPLAIN (or EXPLAIN ANALYZE, which runs the
// query) on PostgreSQL.
func (db *DB) explain(ctx context.Context, query string, args []any, analyze bool) (string, error) {
	prefix := "EXPLAIN "
	switch {
	case db.Embedded():
		prefix = "EXPLAIN QUERY PLAN "
	case analyze:
		prefix = "EXPLAIN (ANALYZE, BUFFERS) "
	}
	rows, err := db.query(ctx, db.db, prefix+query, args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return "", classify(err)
	}
	var lines []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return "", classify(err)
		}
		// SQLite returns (id, parent, notused, detail); PostgreSQL a single text column.
		switch v := vals[len(vals)-1].(type) {
		case []byte:
			lines = append(lines, string(v))
		default:
			lines = append(lines, fmt.Sprint(v))
		}
	}
	if err := rows.Err(); err != nil {
		return "", classify(err)
	}
	return strings.Join(lines, "\n"), nil
}
