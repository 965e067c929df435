package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Billing: the orders a month bills, the usage it bills, and issued
// invoices and credit notes (migration 00018). The rules (which lines a
// month has, VAT, when an invoice stands) are internal/billing's; here are
// the reads and the one write that numbers an invoice.

// EntityInvoice is the audit trail's kind of an invoice or credit note.
const EntityInvoice = "invoice"

// Audit fields of an invoice.
const (
	FieldIssued = "issued" // to: the number; its creation
	FieldPaidAt = "paid_at"
)

// BillingFilter narrows the orders and usage of a billing read: a
// company's, a buyer's (orders.buyer_id), or with both empty every order.
type BillingFilter struct {
	CompanyID string
	BuyerID   string
}

// where adds f's condition on the orders aliased o; ok is false when an id
// is malformed (nothing matches).
func (f BillingFilter) where(l *listQuery) bool {
	if f.CompanyID != "" {
		id, ok := normID(f.CompanyID)
		if !ok {
			return false
		}
		l.where(`o.company_id = ?`, id)
	}
	if f.BuyerID != "" {
		id, ok := normID(f.BuyerID)
		if !ok {
			return false
		}
		l.where(`o.buyer_id = ?`, id)
	}
	return true
}

// OrdersForBilling lists the orders f selects that may bill something in
// [from, to): live during it (live_at before to, ended_at none or from
// on), or with usage lines of calls that started in it. Oldest first.
func (db *DB) OrdersForBilling(ctx context.Context, from, to time.Time, f BillingFilter) ([]Order, error) {
	var l listQuery
	if !f.where(&l) {
		return nil, nil
	}
	l.where(`((o.live_at IS NOT NULL AND o.live_at < ? AND (o.ended_at IS NULL OR o.ended_at >= ?))
		OR EXISTS (SELECT 1 FROM usage_lines ul WHERE ul.order_id = o.id AND ul.started_at >= ? AND ul.started_at < ?))`,
		db.ts(to), db.ts(from), db.ts(from), db.ts(to))
	rows, err := db.query(ctx, db.db, orderSelect+l.sql()+` ORDER BY o.created_at, o.id`, l.args...)
	if err != nil {
		return nil, err
	}
	return scanOrders(rows)
}

// RateUsage is the billable seconds of an order's calls at one per-minute
// rate.
type RateUsage struct {
	OrderID        string
	PerMinuteCents int64
	Currency       string
	Seconds        int64
}

// UsageByRate sums the seconds of the usage lines of calls that started in
// [from, to), per order and per-minute rate (the rate each line was written
// at), for the orders f selects; ordered by order and rate. It is the one
// read of billed usage: a month's statement and the buyer's "usage so far
// this month" both come from it.
func (db *DB) UsageByRate(ctx context.Context, from, to time.Time, f BillingFilter) ([]RateUsage, error) {
	var l listQuery
	if !f.where(&l) {
		return nil, nil
	}
	l.where(`u.started_at >= ?`, db.ts(from))
	l.where(`u.started_at < ?`, db.ts(to))
	rows, err := db.query(ctx, db.db, `SELECT u.order_id, u.per_minute_cents, u.currency, COALESCE(SUM(u.seconds), 0)
		FROM usage_lines u JOIN orders o ON o.id = u.order_id`+l.sql()+`
		GROUP BY u.order_id, u.per_minute_cents, u.currency ORDER BY u.order_id, u.per_minute_cents`, l.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []RateUsage
	for rows.Next() {
		var r RateUsage
		if err := rows.Scan(&r.OrderID, &r.PerMinuteCents, &r.Currency, &r.Seconds); err != nil {
			return nil, classify(err)
		}
		out = append(out, r)
	}
	return out, classify(rows.Err())
}

// InvoiceParty is the seller or the buyer as an invoice was issued.
type InvoiceParty struct {
	Name, Street, Postcode, City, Country string
	KVK, VATID, Email                     string
	IBAN                                  string // the seller's
}

// InvoiceLine is one line of an issued invoice.
type InvoiceLine struct {
	Kind, OrderID, Description   string
	Quantity, Unit, BaseQuantity string
	UnitPriceCents, NetCents     int64
	VATRateBP                    int
	VATCents                     int64
}

// Invoice is an issued invoice or credit note (kind "invoice" |
// "credit_note"). Amounts are cents of Currency; a credit note's negative.
type Invoice struct {
	ID, Number       string
	Year, Seq        int
	Kind             string
	CorrectsID       string // a credit note's invoice; "" for an invoice
	CorrectsNumber   string
	CorrectsIssuedOn string
	Reason           string
	CompanyID        string
	Period           string // YYYY-MM
	IssuedOn, DueOn  string // YYYY-MM-DD
	Currency         string
	Locale           string
	VATTreatment     string
	SubtotalCents    int64
	VATCents         int64
	TotalCents       int64
	Seller, Buyer    InvoiceParty
	PaidAt           *time.Time
	PaidVia          string
	ReminderSentAt   *time.Time
	Version          int
	CreatedBy        string
	CreatedAt        time.Time
	UpdatedAt        time.Time
	// CreditedCents is the sum of the totals of the credit notes that
	// correct this invoice (negative or 0); 0 for a credit note.
	CreditedCents int64
	Lines         []InvoiceLine // loaded by InvoiceByID only
}

const invoiceColumns = `i.id, i.number, i.year, i.seq, i.kind, COALESCE(CAST(c.id AS TEXT), ''), COALESCE(c.number, ''), COALESCE(c.issued_on, ''),
	i.reason, i.company_id, i.period, i.issued_on, i.due_on, i.currency, i.locale, i.vat_treatment,
	i.subtotal_cents, i.vat_cents, i.total_cents,
	i.seller_name, i.seller_street, i.seller_postcode, i.seller_city, i.seller_country, i.seller_kvk, i.seller_vat_id, i.seller_iban, i.seller_email,
	i.buyer_name, i.buyer_street, i.buyer_postcode, i.buyer_city, i.buyer_country, i.buyer_kvk, i.buyer_vat_id, i.buyer_email,
	i.paid_at, i.paid_via, i.reminder_sent_at, i.version, i.created_by, i.created_at, i.updated_at,
	(SELECT COALESCE(SUM(n.total_cents), 0) FROM invoices n WHERE n.corrects_id = i.id)`

const invoiceFrom = ` FROM invoices i LEFT JOIN invoices c ON c.id = i.corrects_id`

func scanInvoice(row interface{ Scan(...any) error }) (Invoice, error) {
	var v Invoice
	var paid, reminder, created, updated dbTime
	s, b := &v.Seller, &v.Buyer
	if err := row.Scan(&v.ID, &v.Number, &v.Year, &v.Seq, &v.Kind, &v.CorrectsID, &v.CorrectsNumber, &v.CorrectsIssuedOn,
		&v.Reason, &v.CompanyID, &v.Period, &v.IssuedOn, &v.DueOn, &v.Currency, &v.Locale, &v.VATTreatment,
		&v.SubtotalCents, &v.VATCents, &v.TotalCents,
		&s.Name, &s.Street, &s.Postcode, &s.City, &s.Country, &s.KVK, &s.VATID, &s.IBAN, &s.Email,
		&b.Name, &b.Street, &b.Postcode, &b.City, &b.Country, &b.KVK, &b.VATID, &b.Email,
		&paid, &v.PaidVia, &reminder, &v.Version, &v.CreatedBy, &created, &updated, &v.CreditedCents); err != nil {
		return Invoice{}, classify(err)
	}
	v.PaidAt, v.ReminderSentAt, v.CreatedAt, v.UpdatedAt = paid.Ptr(), reminder.Ptr(), created.Time, updated.Time
	return v, nil
}

func scanInvoices(rows *sql.Rows) ([]Invoice, error) {
	defer rows.Close()
	var out []Invoice
	for rows.Next() {
		v, err := scanInvoice(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, classify(rows.Err())
}

// InvoiceByID loads an invoice or credit note with its lines; ErrNotFound
// when there is none.
func (db *DB) InvoiceByID(ctx context.Context, id string) (Invoice, error) {
	return db.invoiceByID(ctx, db.db, id)
}

func (db *DB) invoiceByID(ctx context.Context, q querier, id string) (Invoice, error) {
	id, ok := normID(id)
	if !ok {
		return Invoice{}, ErrNotFound
	}
	v, err := scanInvoice(db.queryRow(ctx, q, `SELECT `+invoiceColumns+invoiceFrom+` WHERE i.id = ?`, id))
	if err != nil {
		return Invoice{}, err
	}
	rows, err := db.query(ctx, q, `SELECT kind, order_id, description, quantity, unit, base_quantity, unit_price_cents, net_cents,
		vat_rate_bp, vat_cents FROM invoice_lines WHERE invoice_id = ? ORDER BY position`, id)
	if err != nil {
		return Invoice{}, err
	}
	defer rows.Close()
	for rows.Next() {
		var l InvoiceLine
		if err := rows.Scan(&l.Kind, &l.OrderID, &l.Description, &l.Quantity, &l.Unit, &l.BaseQuantity, &l.UnitPriceCents, &l.NetCents,
			&l.VATRateBP, &l.VATCents); err != nil {
			return Invoice{}, classify(err)
		}
		v.Lines = append(v.Lines, l)
	}
	return v, classify(rows.Err())
}

// InvoiceFilter selects invoices (without their lines), newest first.
type InvoiceFilter struct {
	CompanyID  string // "" for every company
	Period     string // "" for every period
	CorrectsID string // the credit notes of one invoice
	// Unpaid selects unpaid invoices (not credit notes) due before
	// DueBefore (YYYY-MM-DD) without a reminder sent.
	Unpaid    bool
	DueBefore string
}

// Invoices lists the invoices and credit notes f selects, newest first.
func (db *DB) Invoices(ctx context.Context, f InvoiceFilter) ([]Invoice, error) {
	return db.invoices(ctx, db.db, f)
}

func (db *DB) invoices(ctx context.Context, q querier, f InvoiceFilter) ([]Invoice, error) {
	var l listQuery
	if f.CompanyID != "" {
		id, ok := normID(f.CompanyID)
		if !ok {
			return nil, nil
		}
		l.where(`i.company_id = ?`, id)
	}
	if f.Period != "" {
		l.where(`i.period = ?`, f.Period)
	}
	if f.CorrectsID != "" {
		id, ok := normID(f.CorrectsID)
		if !ok {
			return nil, nil
		}
		l.where(`i.corrects_id = ?`, id)
	}
	if f.Unpaid {
		l.where(`i.kind = 'invoice' AND i.paid_at IS NULL AND i.reminder_sent_at IS NULL AND i.due_on < ?`, f.DueBefore)
	}
	rows, err := db.query(ctx, q, `SELECT `+invoiceColumns+invoiceFrom+l.sql()+` ORDER BY i.year DESC, i.seq DESC`, l.args...)
	if err != nil {
		return nil, err
	}
	return scanInvoices(rows)
}

// IssueCheck runs inside IssueInvoice's transaction, after the number was
// taken and before the invoice is written: the invoices of the company and
// period (an invoice) or the credit notes of the corrected invoice (a
// credit note) are then those committed before, as issuing is serialised
// on the year's counter. An error rolls everything back, number included.
type IssueCheck func(existing []Invoice) error

// errIssuedOn is returned for an invoice whose IssuedOn is not a date.
var errIssuedOn = errors.New("store: an invoice's issued_on must be YYYY-MM-DD")

// IssueInvoice gives v the next number of its issue date's year and stores
// it with its lines in one transaction: the year's counter row is taken
// first (INSERT … ON CONFLICT DO NOTHING, then UPDATE … RETURNING, which
// locks it until commit, so issues of a year are serialised across
// instances and a rollback returns the number: no gaps, no repeats), then
// check runs, then the invoice, its lines, the audit row (by v.CreatedBy)
// and the mails mail(v) returns are written. It returns the invoice as
// stored.
func (db *DB) IssueInvoice(ctx context.Context, v Invoice, check IssueCheck, mails func(Invoice) []NewMail, now time.Time) (Invoice, error) {
	issued, err := time.Parse(time.DateOnly, v.IssuedOn)
	if err != nil {
		return Invoice{}, errIssuedOn
	}
	company, ok := normID(v.CompanyID)
	if !ok {
		return Invoice{}, ErrNotFound
	}
	var corrects any
	if v.CorrectsID != "" {
		id, ok := normID(v.CorrectsID)
		if !ok {
			return Invoice{}, ErrNotFound
		}
		corrects = id
	}
	var out Invoice
	err = db.WithTx(ctx, func(tx *sql.Tx) error {
		year := issued.Year()
		if _, err := db.exec(ctx, tx, `INSERT INTO invoice_counters (year, last_seq) VALUES (?, 0) ON CONFLICT (year) DO NOTHING`, year); err != nil {
			return err
		}
		var seq int
		if err := db.queryRow(ctx, tx, `UPDATE invoice_counters SET last_seq = last_seq + 1 WHERE year = ? RETURNING last_seq`, year).Scan(&seq); err != nil {
			return classify(err)
		}
		if check != nil {
			f := InvoiceFilter{CompanyID: company, Period: v.Period}
			if corrects != nil {
				f = InvoiceFilter{CorrectsID: v.CorrectsID}
			}
			existing, err := db.invoices(ctx, tx, f)
			if err != nil {
				return err
			}
			if err := check(existing); err != nil {
				return err
			}
		}
		id := uuid.NewString()
		number := fmt.Sprintf("%d-%04d", year, seq)
		s, b := v.Seller, v.Buyer
		if _, err := db.exec(ctx, tx, `INSERT INTO invoices (id, number, year, seq, kind, corrects_id, reason, company_id, period,
			issued_on, due_on, currency, locale, vat_treatment, subtotal_cents, vat_cents, total_cents,
			seller_name, seller_street, seller_postcode, seller_city, seller_country, seller_kvk, seller_vat_id, seller_iban, seller_email,
			buyer_name, buyer_street, buyer_postcode, buyer_city, buyer_country, buyer_kvk, buyer_vat_id, buyer_email,
			version, created_by, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
			id, number, year, seq, v.Kind, corrects, v.Reason, company, v.Period,
			v.IssuedOn, v.DueOn, v.Currency, v.Locale, v.VATTreatment, v.SubtotalCents, v.VATCents, v.TotalCents,
			s.Name, s.Street, s.Postcode, s.City, s.Country, s.KVK, s.VATID, s.IBAN, s.Email,
			b.Name, b.Street, b.Postcode, b.City, b.Country, b.KVK, b.VATID, b.Email,
			v.CreatedBy, db.ts(now), db.ts(now)); err != nil {
			return err
		}
		for i, l := range v.Lines {
			if _, err := db.exec(ctx, tx, `INSERT INTO invoice_lines (invoice_id, position, kind, order_id, description, quantity, unit,
				base_quantity, unit_price_cents, net_cents, vat_rate_bp, vat_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				id, i+1, l.Kind, l.OrderID, l.Description, l.Quantity, l.Unit, l.BaseQuantity, l.UnitPriceCents, l.NetCents,
				l.VATRateBP, l.VATCents); err != nil {
				return err
			}
		}
		if err := db.record(ctx, tx, change{entity: EntityInvoice, id: id, field: FieldIssued, to: str(number), actorID: v.CreatedBy, at: now}); err != nil {
			return err
		}
		var err error
		if out, err = db.invoiceByID(ctx, tx, id); err != nil {
			return err
		}
		if mails != nil {
			return db.EnqueueMailTx(ctx, tx, now, mails(out)...)
		}
		return nil
	})
	return out, classify(err)
}

// MarkInvoicePaid records that invoice id was paid at paidAt (nil: it is
// unpaid after all), via "staff" or "mollie", if version is the one stored
// (else ErrStale; a version of 0 skips the check, for the payment
// provider's webhook). A credit note is ErrNotFound. A real change bumps
// the version and is in the audit trail by actorID; changed reports it.
func (db *DB) MarkInvoicePaid(ctx context.Context, id string, paidAt *time.Time, via string, version int, actorID string, now time.Time) (v Invoice, changed bool, err error) {
	err = db.WithTx(ctx, func(tx *sql.Tx) error {
		if v, err = db.invoiceByID(ctx, tx, id); err != nil {
			return err
		}
		if v.Kind != "invoice" {
			return ErrNotFound
		}
		if version != 0 && v.Version != version {
			return ErrStale
		}
		same := (v.PaidAt == nil && paidAt == nil) || (v.PaidAt != nil && paidAt != nil && v.PaidAt.Equal(paidAt.UTC().Truncate(time.Microsecond)))
		if same {
			return nil
		}
		if paidAt == nil {
			via = ""
		}
		ok, err := db.setInvoicePaid(ctx, tx, v.ID, paidAt, via, timeText(v.PaidAt), timeText(paidAt), actorID, now, `version = ?`, v.Version)
		if err != nil {
			return err
		}
		if !ok {
			return ErrStale
		}
		changed = true
		v, err = db.invoiceByID(ctx, tx, v.ID)
		return err
	})
	return v, changed, classify(err)
}

// setInvoicePaid sets (or, with a nil paidAt, clears) the payment of the
// invoice id where cond (with its args) still holds, and writes the audit
// line from → to; ok is false, and nothing is written, when cond no longer
// holds. The one way an invoice's payment changes: by staff (MarkInvoicePaid)
// and by the provider (UpdateInvoicePayment).
func (db *DB) setInvoicePaid(ctx context.Context, q querier, id string, paidAt *time.Time, via string, from, to *string, actorID string,
	now time.Time, cond string, args ...any) (ok bool, err error) {
	res, err := db.exec(ctx, q, `UPDATE invoices SET paid_at = ?, paid_via = ?, version = version + 1, updated_at = ?
		WHERE id = ? AND `+cond, append([]any{db.tsPtr(paidAt), via, db.ts(now), id}, args...)...)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, classify(err)
	}
	return true, db.record(ctx, q, change{entity: EntityInvoice, id: id, field: FieldPaidAt, from: from, to: to, actorID: actorID, at: now})
}

// OpenCents is what is left to pay of an invoice: its total less its
// credit notes.
func (v Invoice) OpenCents() int64 { return v.TotalCents + v.CreditedCents }

// timeText is t for the audit trail; "" for nil.
func timeText(t *time.Time) *string {
	if t == nil {
		return str("")
	}
	return str(t.UTC().Format(time.RFC3339))
}

// MarkInvoiceReminded sets the reminder time of an unpaid invoice without
// one and queues mails in the same transaction; reminded is false (and
// nothing is queued) when it was paid or reminded meanwhile.
func (db *DB) MarkInvoiceReminded(ctx context.Context, id string, now time.Time, mails []NewMail) (reminded bool, err error) {
	id, ok := normID(id)
	if !ok {
		return false, ErrNotFound
	}
	err = db.WithTx(ctx, func(tx *sql.Tx) error {
		res, err := db.exec(ctx, tx, `UPDATE invoices SET reminder_sent_at = ?, updated_at = ?
			WHERE id = ? AND kind = 'invoice' AND paid_at IS NULL AND reminder_sent_at IS NULL`, db.ts(now), db.ts(now), id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return classify(err)
		}
		reminded = true
		return db.EnqueueMailTx(ctx, tx, now, mails...)
	})
	return reminded, classify(err)
}

// BillingBuyer is an account as billing sees it: its email, name and
// locale, and the company it belongs to ("" when none).
type BillingBuyer struct {
	Person
	Locale    string
	CompanyID string
}

// BillingBuyer loads one account as billing sees it; ErrNotFound when
// there is none.
func (db *DB) BillingBuyer(ctx context.Context, id string) (BillingBuyer, error) {
	id, ok := normID(id)
	if !ok {
		return BillingBuyer{}, ErrNotFound
	}
	var b BillingBuyer
	var company sql.NullString
	err := db.queryRow(ctx, db.db, `SELECT u.id, u.email, COALESCE(p.full_name, ''), u.locale, u.company_id
		FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = ?`, id).Scan(&b.ID, &b.Email, &b.FullName, &b.Locale, &company)
	b.CompanyID = company.String
	return b, classify(err)
}

// CompanyBuyers maps each company id to its accounts' ids, oldest account
// first (the first is the one a company's invoice is issued through).
func (db *DB) CompanyBuyers(ctx context.Context, companyIDs []string) (map[string][]BillingBuyer, error) {
	out := map[string][]BillingBuyer{}
	var ids []any
	for _, c := range companyIDs {
		if id, ok := normID(c); ok {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := db.query(ctx, db.db, `SELECT u.id, u.email, COALESCE(p.full_name, ''), u.locale, u.company_id
		FROM users u LEFT JOIN profiles p ON p.id = u.id
		WHERE u.company_id IN (?`+strings.Repeat(", ?", len(ids)-1)+`) ORDER BY u.created_at, u.id`, ids...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var b BillingBuyer
		if err := rows.Scan(&b.ID, &b.Email, &b.FullName, &b.Locale, &b.CompanyID); err != nil {
			return nil, classify(err)
		}
		out[b.CompanyID] = append(out[b.CompanyID], b)
	}
	return out, classify(rows.Err())
}
