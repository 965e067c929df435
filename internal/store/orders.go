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
	ID, BuyerID, Status string // status is free text: pending, completed, cancelled, or anything else
	AmountCents         int64
	CreatedAt           time.Time
	Agent               Agent
}

type NewOrder struct {
	ID                       string // empty → generated
	BuyerID, AgentID, Status string
	AmountCents              int64
	CreatedAt                time.Time
}

const orderSelect = `SELECT o.id, o.buyer_id, o.status, o.amount_cents, o.created_at,
	a.id, a.name, a.title, a.description, a.delivery_time, a.price_cents
	FROM orders o JOIN voice_agents a ON a.id = o.agent_id`

// OrdersByBuyerQuery is the exact statement behind OrdersByBuyer (with ?
// placeholders; see Rebind). The orders_buyer_created index serves both the
// filter and the ordering, so the page needs no sort however many orders exist.
const OrdersByBuyerQuery = orderSelect + `
	WHERE o.buyer_id = ?
	ORDER BY o.created_at DESC, o.id DESC`

func scanOrder(row interface{ Scan(...any) error }) (Order, error) {
	var o Order
	var created dbTime
	if err := row.Scan(&o.ID, &o.BuyerID, &o.Status, &o.AmountCents, &created,
		&o.Agent.ID, &o.Agent.Name, &o.Agent.Title, &o.Agent.Description, &o.Agent.DeliveryDays, &o.Agent.PriceCents); err != nil {
		return Order{}, classify(err)
	}
	o.CreatedAt = created.Time
	return o, nil
}

// CreateOrders inserts all orders or none.
func (db *DB) CreateOrders(ctx context.Context, orders []NewOrder) error {
	return db.WithTx(ctx, func(tx *sql.Tx) error { return db.createOrdersTx(ctx, tx, orders) })
}

func (db *DB) createOrdersTx(ctx context.Context, tx *sql.Tx, orders []NewOrder) error {
	if len(orders) == 0 {
		return nil
	}
	stmt, err := tx.PrepareContext(ctx, db.Rebind(
		`INSERT INTO orders (id, buyer_id, agent_id, status, amount_cents, created_at) VALUES (?, ?, ?, ?, ?, ?)`))
	if err != nil {
		return classify(err)
	}
	defer stmt.Close()
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
			return fmt.Errorf("store: order %q: id, buyer and agent must be uuids", o.ID)
		}
		if _, err := stmt.ExecContext(ctx, id, buyer, agent, o.Status, o.AmountCents, db.ts(o.CreatedAt)); err != nil {
			return classify(err)
		}
	}
	return nil
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

// ExplainOrdersByBuyer returns the engine's plan for OrdersByBuyerQuery, one
// line per plan node, for benchmarks and the index test.
func (db *DB) ExplainOrdersByBuyer(ctx context.Context, buyerID string) (string, error) {
	prefix := "EXPLAIN "
	if db.Embedded() {
		prefix = "EXPLAIN QUERY PLAN "
	}
	buyer, ok := normID(buyerID)
	if !ok {
		buyer = buyerID
	}
	rows, err := db.query(ctx, db.db, prefix+OrdersByBuyerQuery, buyer)
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
