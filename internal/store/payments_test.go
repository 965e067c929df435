package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

func TestInvoicePaymentsAndMarkingPaidByTheProvider(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		id := storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{Number: "2026-0007", TotalCents: 6125, Locale: "nl"})
		inv, err := db.InvoiceByID(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if inv.Number != "2026-0007" || inv.Kind != "invoice" || inv.TotalCents != 6125 || inv.Currency != "EUR" || inv.Locale != "nl" ||
			inv.PaidAt != nil || inv.Version != 1 || inv.Seller.IBAN == "" || inv.Buyer.Country != "NL" {
			t.Fatalf("%+v", inv)
		}
		_, err = db.InvoiceByID(ctx, "not-a-uuid")
		wantErr(t, "a malformed id", err, store.ErrNotFound)
		_, err = db.InvoiceByID(ctx, "0b5e1a3c-0000-4000-8000-000000000001")
		wantErr(t, "an unknown id", err, store.ErrNotFound)

		_, err = db.LatestInvoicePayment(ctx, id, "mollie")
		wantErr(t, "no payment yet", err, store.ErrNotFound)
		for i, pid := range []string{"tr_first", "tr_second"} {
			if err := db.AddInvoicePayment(ctx, store.InvoicePayment{ID: pid, InvoiceID: id, Provider: "mollie", CheckoutURL: "https://pay.test/" + pid,
				Status: "open", CreatedAt: t0.Add(time.Duration(i) * time.Minute)}); err != nil {
				t.Fatal(err)
			}
		}
		last, err := db.LatestInvoicePayment(ctx, id, "mollie")
		if err != nil || last.ID != "tr_second" || last.CheckoutURL != "https://pay.test/tr_second" || last.Status != "open" || last.InvoiceID != id {
			t.Fatalf("latest %+v %v", last, err)
		}
		sameTime(t, "created", last.CreatedAt, t0.Add(time.Minute))
		_, err = db.InvoicePaymentByID(ctx, "mollie", "tr_unknown")
		wantErr(t, "an unknown payment", err, store.ErrNotFound)
		_, err = db.UpdateInvoicePayment(ctx, store.PaymentUpdate{Provider: "mollie", ID: "tr_unknown", Status: "paid", PaidAt: &t0}, t0)
		wantErr(t, "updating an unknown payment", err, store.ErrNotFound)

		// A status without payment changes the payment only.
		marked, err := db.UpdateInvoicePayment(ctx, store.PaymentUpdate{Provider: "mollie", ID: "tr_first", Status: "expired"}, t0)
		if err != nil || marked {
			t.Fatalf("expired: %v %v", marked, err)
		}
		if p, _ := db.InvoicePaymentByID(ctx, "mollie", "tr_first"); p.Status != "expired" {
			t.Fatalf("%+v", p)
		}
		if inv, _ := db.InvoiceByID(ctx, id); inv.PaidAt != nil || inv.Version != 1 {
			t.Fatalf("not paid yet: %+v", inv)
		}

		paidAt := time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC)
		marked, err = db.UpdateInvoicePayment(ctx, store.PaymentUpdate{Provider: "mollie", ID: "tr_second", Status: "paid", PaidAt: &paidAt}, t0.Add(time.Hour))
		if err != nil || !marked {
			t.Fatalf("paid: %v %v", marked, err)
		}
		inv, _ = db.InvoiceByID(ctx, id)
		if inv.PaidAt == nil || !inv.PaidAt.Equal(paidAt) || inv.PaidVia != "mollie" || inv.Version != 2 {
			t.Fatalf("paid: %+v", inv)
		}
		// The same report again, or a later one, changes nothing.
		later := paidAt.Add(time.Hour)
		for range 2 {
			marked, err = db.UpdateInvoicePayment(ctx, store.PaymentUpdate{Provider: "mollie", ID: "tr_second", Status: "paid", PaidAt: &later}, t0.Add(2*time.Hour))
			if err != nil || marked {
				t.Fatalf("again: %v %v", marked, err)
			}
		}
		inv, _ = db.InvoiceByID(ctx, id)
		if !inv.PaidAt.Equal(paidAt) || inv.Version != 2 {
			t.Fatalf("changed by a repeat: %+v", inv)
		}
		h, err := db.History(ctx, "invoice", id, "")
		if err != nil || len(h) != 1 || h[0].Field != "paid_at" || h[0].To == nil || *h[0].To != "2026-11-27T23:30:00Z mollie tr_second" || h[0].Actor != nil {
			t.Fatalf("history %+v %v", h, err)
		}

		// A credit note is never marked paid.
		cn := storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{Kind: "credit_note", TotalCents: -6125})
		if err := db.AddInvoicePayment(ctx, store.InvoicePayment{ID: "tr_cn", InvoiceID: cn, Provider: "mollie", Status: "open", CreatedAt: t0}); err != nil {
			t.Fatal(err)
		}
		if marked, err := db.UpdateInvoicePayment(ctx, store.PaymentUpdate{Provider: "mollie", ID: "tr_cn", Status: "paid", PaidAt: &paidAt}, t0); err != nil || marked {
			t.Fatalf("credit note: %v %v", marked, err)
		}
	})
}

// Migration 00019 lets the audit trail follow invoices and keeps every
// row it had, ids included.
func TestMigrationInvoiceAudit(t *testing.T) {
	migratedTo(t, 18, func(t *testing.T, ctx context.Context, db *store.DB, exec func(string, ...any), ts func(time.Time) any) {
		exec(`INSERT INTO audit_log (entity_type, entity_id, field, from_value, to_value, actor_id, at) VALUES ('order', '0b5e1a3c-0000-4000-8000-000000000001', 'status', NULL, 'new', NULL, ?)`, ts(t0))
		if _, err := db.SQL().ExecContext(ctx, db.Rebind(`INSERT INTO audit_log (entity_type, entity_id, field, at) VALUES ('invoice', '0b5e1a3c-0000-4000-8000-000000000002', 'paid_at', ?)`), ts(t0)); err == nil {
			t.Fatal("an invoice row before 00019")
		}
		if err := db.MigrateTo(ctx, 20); err != nil {
			t.Fatal(err)
		}
		exec(`INSERT INTO audit_log (entity_type, entity_id, field, at) VALUES ('invoice', '0b5e1a3c-0000-4000-8000-000000000002', 'paid_at', ?)`, ts(t0))
		h, err := db.History(ctx, "order", "0b5e1a3c-0000-4000-8000-000000000001", "")
		if err != nil || len(h) != 1 || *h[0].To != "new" {
			t.Fatalf("%+v %v", h, err)
		}
		var ids []int64
		rows, err := db.SQL().QueryContext(ctx, `SELECT id FROM audit_log ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			rows.Scan(&id)
			ids = append(ids, id)
		}
		if len(ids) != 2 || ids[0] >= ids[1] {
			t.Fatalf("ids %v", ids)
		}
	})
}
