package web

import (
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/billing"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// The billing API end to end: staff set an order's monthly fee, issue the
// buyer's company's invoice for a month that has ended, mark it paid and
// credit it; the buyer lists their company's invoices and downloads them;
// another buyer gets 404 for it.
func TestBillingAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		ctx := t.Context()
		staff := e.staffCookie("Sam Staff", "sam@example.com")
		// Another buyer (signed up first: signing up flushes the mail).
		other, _ := e.buyerWithOrder("olga@example.com", "")
		// The buyer's order went live (was made completed) two months ago.
		buyer, _ := e.buyerWithOrder("bea@example.com", "")
		u, err := db.UserByEmail(ctx, "bea@example.com")
		if err != nil {
			t.Fatal(err)
		}
		live := time.Now().AddDate(0, -2, 0)
		if err := db.CreateOrders(ctx, []store.NewOrder{{BuyerID: u.ID, AgentID: e.agentID(), Status: "completed", AmountCents: 50000, CreatedAt: live}}); err != nil {
			t.Fatal(err)
		}
		os, _ := db.OrdersByBuyer(ctx, u.ID)
		o := os[len(os)-1]
		if o.LiveAt == nil || !o.LiveAt.Equal(live.UTC().Truncate(time.Microsecond)) {
			t.Fatalf("live at %v", o.LiveAt)
		}
		period := live.In(billing.Zone).Format("2006-01")

		changed := decode[struct {
			Order struct {
				MonthlyCents int64
				LiveAt       *time.Time
				EndedAt      *time.Time
				Version      int
			}
		}](t, e.call("PATCH", "/api/console/orders/"+o.ID, map[string]any{"monthlyCents": 4999, "version": o.Version}, staff), 200)
		if changed.Order.MonthlyCents != 4999 || changed.Order.LiveAt == nil || changed.Order.EndedAt != nil {
			t.Fatalf("order: %+v", changed.Order)
		}
		expectError(t, e.call("PATCH", "/api/console/orders/"+o.ID, map[string]any{"monthlyCents": -1, "version": changed.Order.Version}, staff), 400, "invalid_amount", "monthlyCents")

		// No company yet.
		expectError(t, e.call("POST", "/api/console/billing/invoices", map[string]any{"buyerId": o.BuyerID, "period": period}, staff), 409, "company_missing", "buyerId")
		if _, err := db.SaveCompany(ctx, o.BuyerID, store.Company{LegalName: "Bea BV", Street: "Damrak 1", Postcode: "1012 LG", City: "Amsterdam",
			Country: "NL", KVK: "87654321", InvoiceEmail: "invoices@bea.nl"}, 0, time.Now()); err != nil {
			t.Fatal(err)
		}
		ov := decode[billing.Overview](t, e.call("GET", "/api/console/billing?period="+period, nil, staff), 200)
		if !ov.Closed || len(ov.Statements) != 1 || ov.Statements[0].Company == nil || ov.Statements[0].TotalCents <= 0 {
			t.Fatalf("overview: %+v", ov)
		}
		expectError(t, e.call("GET", "/api/console/billing?period=soon", nil, staff), 400, "invalid_period", "period")
		expectError(t, e.call("POST", "/api/console/billing/invoices", map[string]any{"buyerId": o.BuyerID, "period": time.Now().In(billing.Zone).Format("2006-01")}, staff),
			409, "period_open", "period")

		issued := decode[struct{ Invoice billing.Invoice }](t, e.call("POST", "/api/console/billing/invoices", map[string]any{"buyerId": o.BuyerID, "period": period}, staff), 201)
		inv := issued.Invoice
		if !strings.HasSuffix(inv.Number, "-0001") || inv.Status != "open" || inv.TotalCents != ov.Statements[0].TotalCents {
			t.Fatalf("invoice: %+v", inv)
		}
		expectError(t, e.call("POST", "/api/console/billing/invoices", map[string]any{"buyerId": o.BuyerID, "period": period}, staff), 409, "already_invoiced", "period")
		if l := decode[struct{ Invoices []billing.InvoiceSummary }](t, e.call("GET", "/api/console/invoices?period="+period+"&status=open", nil, staff), 200); len(l.Invoices) != 1 {
			t.Errorf("console list: %+v", l)
		}

		// The buyer's list and downloads.
		mine := decode[billing.BuyerInvoices](t, e.call("GET", "/api/invoices", nil, buyer), 200)
		if len(mine.Invoices) != 1 || mine.Invoices[0].ID != inv.ID || !mine.HasCompany || mine.UsageThisMonth.Currency != "EUR" {
			t.Fatalf("buyer's invoices: %+v", mine)
		}
		// Open: the account to pay it to, as on the invoice.
		if p := mine.Invoices[0].PayTo; p == nil || p.IBAN != testAgency.IBAN || p.Name != testAgency.Name {
			t.Fatalf("buyer's open invoice pays to %+v", p)
		}
		rec := e.call("GET", "/api/invoices/"+inv.ID+".pdf", nil, buyer)
		if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/pdf" || rec.Body.String() != "%PDF-1.7 "+inv.Number ||
			rec.Header().Get("Content-Disposition") != `attachment; filename="Belwise-`+inv.Number+`.pdf"` {
			t.Fatalf("pdf: %d %v %q", rec.Code, rec.Header(), rec.Body)
		}
		rec = e.call("GET", "/api/invoices/"+inv.ID+".xml", nil, buyer)
		if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/xml" || !strings.Contains(rec.Body.String(), inv.Number) {
			t.Fatalf("xml: %d %q", rec.Code, rec.Body)
		}
		expectError(t, e.call("GET", "/api/invoices/"+inv.ID+".txt", nil, buyer), 404, "not_found", "")
		expectError(t, e.call("GET", "/api/invoices/"+inv.ID, nil, buyer), 404, "not_found", "")
		expectError(t, e.call("GET", "/api/invoices/"+inv.ID+".pdf", nil, nil), 401, "unauthenticated", "")
		// Another buyer: 404, as for an invoice that does not exist.
		expectError(t, e.call("GET", "/api/invoices/"+inv.ID+".pdf", nil, other), 404, "not_found", "")
		expectError(t, e.call("GET", "/api/invoices/"+inv.ID+".xml", nil, other), 404, "not_found", "")
		if l := decode[billing.BuyerInvoices](t, e.call("GET", "/api/invoices", nil, other), 200); len(l.Invoices) != 0 || l.HasCompany {
			t.Errorf("other buyer's list: %+v", l)
		}
		// Staff download any.
		if rec := e.call("GET", "/api/invoices/"+inv.ID+".pdf", nil, staff); rec.Code != 200 {
			t.Errorf("staff download: %d", rec.Code)
		}

		// Paid, with the version seen.
		today := time.Now().In(billing.Zone).Format(time.DateOnly)
		expectError(t, e.call("PATCH", "/api/console/invoices/"+inv.ID, map[string]any{"paidAt": today}, staff), 400, "required", "version")
		expectError(t, e.call("PATCH", "/api/console/invoices/"+inv.ID, map[string]any{"paidAt": today, "version": inv.Version + 1}, staff), 409, "version_conflict", "")
		paid := decode[struct{ Invoice billing.Invoice }](t, e.call("PATCH", "/api/console/invoices/"+inv.ID, map[string]any{"paidAt": today, "version": inv.Version}, staff), 200)
		if paid.Invoice.Status != "paid" || paid.Invoice.PaidAt == nil || *paid.Invoice.PaidAt != today {
			t.Fatalf("paid: %+v", paid.Invoice.InvoiceSummary)
		}
		unpaid := decode[struct{ Invoice billing.Invoice }](t, e.call("PATCH", "/api/console/invoices/"+inv.ID, map[string]any{"paidAt": nil, "version": paid.Invoice.Version}, staff), 200)
		if unpaid.Invoice.PaidAt != nil || unpaid.Invoice.Status != "open" {
			t.Fatalf("unpaid: %+v", unpaid.Invoice.InvoiceSummary)
		}

		// Credit notes.
		expectError(t, e.call("POST", "/api/console/invoices/"+inv.ID+"/credit-note", map[string]any{"reason": ""}, staff), 400, "required", "reason")
		note := decode[struct{ Invoice billing.Invoice }](t, e.call("POST", "/api/console/invoices/"+inv.ID+"/credit-note",
			map[string]any{"reason": "Discount", "lines": []map[string]any{{"description": "Discount", "amountCents": 100}}}, staff), 201)
		if note.Invoice.Kind != "credit_note" || note.Invoice.TotalCents != -121 || note.Invoice.CorrectsID == nil || *note.Invoice.CorrectsID != inv.ID {
			t.Fatalf("credit note: %+v", note.Invoice.InvoiceSummary)
		}
		expectError(t, e.call("POST", "/api/console/invoices/"+note.Invoice.ID+"/credit-note", map[string]any{"reason": "x"}, staff), 400, "credit_note_not_invoice", "")
		expectError(t, e.call("POST", "/api/console/invoices/"+inv.ID+"/credit-note",
			map[string]any{"reason": "x", "lines": []map[string]any{{"description": "Too much", "amountCents": 10_000_000}}}, staff), 409, "credit_exceeds_invoice", "lines")
		got := decode[struct{ Invoice billing.Invoice }](t, e.call("GET", "/api/console/invoices/"+inv.ID, nil, staff), 200)
		if got.Invoice.CreditedCents != 121 || len(got.Invoice.CreditNotes) != 1 {
			t.Errorf("invoice: %+v", got.Invoice)
		}
		expectError(t, e.call("GET", "/api/console/invoices/not-an-id", nil, staff), 404, "not_found", "")
		// The buyer sees the credit note too, and downloads it.
		if l := decode[billing.BuyerInvoices](t, e.call("GET", "/api/invoices", nil, buyer), 200); len(l.Invoices) != 2 {
			t.Errorf("with the credit note: %+v", l.Invoices)
		}
		if rec := e.call("GET", "/api/invoices/"+note.Invoice.ID+".pdf", nil, buyer); rec.Code != 200 {
			t.Errorf("credit note download: %d", rec.Code)
		}
		// Both documents were emailed with the invoice and the credit note.
		var withFiles int
		for _, m := range append(e.flushMail(), e.flushMail()...) {
			if len(m.Attachments) == 2 && m.To == "invoices@bea.nl" {
				withFiles++
			}
		}
		if withFiles != 2 {
			t.Errorf("%d emails with both files", withFiles)
		}
	})
}
