package store

import (
	"context"
	"database/sql"
)

// Alert modes: which calls of an order's agent its buyer is emailed about.
const (
	AlertAll      = "all"
	AlertFollowUp = "followup"
	AlertNone     = "none"
)

// AlertSetting is an order's alert setting: the default staff set
// (orders.alert_default) and the buyer's own choice ("" while they have
// made none).
type AlertSetting struct {
	OrderID string
	BuyerID string
	Default string
	Mode    string
}

// Effective is the mode in force: the buyer's choice, else the default.
func (a AlertSetting) Effective() string {
	if a.Mode != "" {
		return a.Mode
	}
	return a.Default
}

const alertColumns = `id, buyer_id, alert_default, COALESCE(alert_mode, '')`

func scanAlert(row interface{ Scan(...any) error }) (AlertSetting, error) {
	var a AlertSetting
	err := row.Scan(&a.OrderID, &a.BuyerID, &a.Default, &a.Mode)
	return a, classify(err)
}

// OrderAlertSetting is an order's alert setting; ErrNotFound when there
// is no such order.
func (db *DB) OrderAlertSetting(ctx context.Context, orderID string) (AlertSetting, error) {
	id, ok := normID(orderID)
	if !ok {
		return AlertSetting{}, ErrNotFound
	}
	return scanAlert(db.queryRow(ctx, db.db, `SELECT `+alertColumns+` FROM orders WHERE id = ?`, id))
}

// BuyerAlertSettings are the alert settings of the buyer's orders, by order id.
func (db *DB) BuyerAlertSettings(ctx context.Context, buyerID string) (map[string]AlertSetting, error) {
	out := map[string]AlertSetting{}
	id, ok := normID(buyerID)
	if !ok {
		return out, nil
	}
	rows, err := db.query(ctx, db.db, `SELECT `+alertColumns+` FROM orders WHERE buyer_id = ?`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		a, err := scanAlert(rows)
		if err != nil {
			return nil, err
		}
		out[a.OrderID] = a
	}
	return out, classify(rows.Err())
}

// SetAlertMode records the buyer's choice for their order ("" returns to
// the order's default) and gives the setting; ErrNotFound when the order
// is not the buyer's.
func (db *DB) SetAlertMode(ctx context.Context, orderID, buyerID, mode string) (AlertSetting, error) {
	id, ok := normID(orderID)
	bid, ok2 := normID(buyerID)
	if !ok || !ok2 {
		return AlertSetting{}, ErrNotFound
	}
	var m any
	if mode != "" {
		m = mode
	}
	return db.setAlert(ctx, `UPDATE orders SET alert_mode = ? WHERE id = ? AND buyer_id = ?`, id, m, id, bid)
}

// SetAlertDefault sets the order's default (staff) and gives the setting;
// ErrNotFound when there is no such order.
func (db *DB) SetAlertDefault(ctx context.Context, orderID, def string) (AlertSetting, error) {
	id, ok := normID(orderID)
	if !ok {
		return AlertSetting{}, ErrNotFound
	}
	return db.setAlert(ctx, `UPDATE orders SET alert_default = ? WHERE id = ?`, id, def, id)
}

func (db *DB) setAlert(ctx context.Context, q, id string, args ...any) (AlertSetting, error) {
	var out AlertSetting
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		res, err := db.exec(ctx, tx, q, args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return classify(err)
		} else if n == 0 {
			return ErrNotFound
		}
		out, err = scanAlert(db.queryRow(ctx, tx, `SELECT `+alertColumns+` FROM orders WHERE id = ?`, id))
		return err
	})
	return out, classify(err)
}
