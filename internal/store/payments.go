package store

import (
	"context"
	"time"
)

// Online payment of invoices (issue 22 §3, internal/payments): the payments
// made at the provider (invoice_payments) and marking an invoice paid by the
// provider. A payment reads its invoice with InvoiceByID.

// InvoicePayment is a payment made for an invoice at a provider.
type InvoicePayment struct {
	ID          string // the provider's id: tr_… at Mollie
	InvoiceID   string
	Provider    string // mollie
	CheckoutURL string
	Status      string // the provider's status as last fetched
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

const invoicePaymentColumns = `id, invoice_id, provider, checkout_url, status, created_at, updated_at`

func scanInvoicePayment(row interface{ Scan(...any) error }) (InvoicePayment, error) {
	var p InvoicePayment
	var created, updated dbTime
	if err := row.Scan(&p.ID, &p.InvoiceID, &p.Provider, &p.CheckoutURL, &p.Status, &created, &updated); err != nil {
		return InvoicePayment{}, classify(err)
	}
	p.CreatedAt, p.UpdatedAt = created.Time, updated.Time
	return p, nil
}

// AddInvoicePayment stores a payment just created at the provider, at
// p.CreatedAt.
func (db *DB) AddInvoicePayment(ctx context.Context, p InvoicePayment) error {
	invoiceID, ok := normID(p.InvoiceID)
	if !ok {
		return ErrNotFound
	}
	_, err := db.exec(ctx, db.db, `INSERT INTO invoice_payments (`+invoicePaymentColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		p.ID, invoiceID, p.Provider, p.CheckoutURL, p.Status, db.ts(p.CreatedAt), db.ts(p.CreatedAt))
	return err
}

// InvoicePaymentByID reads the stored payment with the provider's id;
// ErrNotFound for a payment the site never made.
func (db *DB) InvoicePaymentByID(ctx context.Context, provider, id string) (InvoicePayment, error) {
	return scanInvoicePayment(db.queryRow(ctx, db.db, `SELECT `+invoicePaymentColumns+` FROM invoice_payments
		WHERE id = ? AND provider = ?`, id, provider))
}

// LatestInvoicePayment is the invoice's newest payment at provider;
// ErrNotFound when it has none.
func (db *DB) LatestInvoicePayment(ctx context.Context, invoiceID, provider string) (InvoicePayment, error) {
	invoiceID, ok := normID(invoiceID)
	if !ok {
		return InvoicePayment{}, ErrNotFound
	}
	return scanInvoicePayment(db.queryRow(ctx, db.db, `SELECT `+invoicePaymentColumns+` FROM invoice_payments
		WHERE invoice_id = ? AND provider = ? ORDER BY created_at DESC, id DESC LIMIT 1`, invoiceID, provider))
}

// PaymentUpdate is what the provider reported of a stored payment.
type PaymentUpdate struct {
	Provider, ID string
	Status       string
	// PaidAt is set when the payment pays its invoice (paid, in the
	// invoice's amount and currency): the invoice is then marked paid at
	// that time by the provider, unless it is paid already.
	PaidAt *time.Time
}

// UpdateInvoicePayment stores the payment's status and, with u.PaidAt,
// marks its invoice paid by the provider (paid_via = provider, version + 1,
// a line in the audit trail), in one transaction. It is idempotent: an
// invoice already paid (by staff or an earlier report) keeps its paid_at,
// and marked is false. ErrNotFound for a payment that is not stored.
func (db *DB) UpdateInvoicePayment(ctx context.Context, u PaymentUpdate, now time.Time) (marked bool, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		p, err := scanInvoicePayment(db.queryRow(ctx, tx.tx, `SELECT `+invoicePaymentColumns+` FROM invoice_payments
			WHERE id = ? AND provider = ?`, u.ID, u.Provider))
		if err != nil {
			return err
		}
		if p.Status != u.Status {
			if _, err := db.exec(ctx, tx.tx, `UPDATE invoice_payments SET status = ?, updated_at = ? WHERE id = ? AND provider = ?`,
				u.Status, db.ts(now), u.ID, u.Provider); err != nil {
				return err
			}
		}
		if u.PaidAt == nil {
			return nil
		}
		paid := u.PaidAt.UTC().Truncate(time.Microsecond).Format(time.RFC3339Nano) + " " + u.Provider + " " + u.ID
		marked, err = db.setInvoicePaid(ctx, tx.tx, p.InvoiceID, u.PaidAt, u.Provider, str(""), &paid, "", now, `kind = 'invoice' AND paid_at IS NULL`)
		return err
	})
	return marked, err
}
