package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/google/uuid"
)

// PaymentInvoice is an issued invoice as the payment tests need one;
// zero fields get the defaults NewPaymentInvoice names.
type PaymentInvoice struct {
	Number       string // default 2026-NNNN, a fresh sequence number
	Kind         string // default invoice
	Currency     string // default EUR
	TotalCents   int64  // default 6125
	Locale       string // default en
	BuyerCountry string // default NL
	CorrectsID   string // a credit note: the invoice it corrects
}

var invoiceSeq int

// NewPaymentInvoice writes an invoice straight into the tables (issuing is
// internal/billing's), with a company and a buyer of its own, and returns
// its id. Only the columns a payment reads carry meaning.
func NewPaymentInvoice(t testing.TB, db *store.DB, inv PaymentInvoice) string {
	t.Helper()
	invoiceSeq++
	if inv.Number == "" {
		inv.Number = fmt.Sprintf("2026-%04d", invoiceSeq)
	}
	if inv.Kind == "" {
		inv.Kind = "invoice"
	}
	if inv.Currency == "" {
		inv.Currency = "EUR"
	}
	if inv.TotalCents == 0 {
		inv.TotalCents = 6125
	}
	if inv.Locale == "" {
		inv.Locale = "en"
	}
	if inv.BuyerCountry == "" {
		inv.BuyerCountry = "NL"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	now := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	u, err := db.CreateUser(ctx, store.NewUser{Email: fmt.Sprintf("buyer-%s@example.com", uuid.NewString()[:8]), PasswordHash: "x", FullName: "Buyer", Locale: inv.Locale}, now)
	if err != nil {
		t.Fatalf("storetest: buyer: %v", err)
	}
	c, err := db.SaveCompany(ctx, u.ID, store.Company{LegalName: "Bakkerij Test B.V.", Street: "Dorpsstraat 1", Postcode: "1234 AB", City: "Utrecht",
		Country: inv.BuyerCountry, InvoiceEmail: "invoices@example.com"}, 0, now)
	if err != nil {
		t.Fatalf("storetest: company: %v", err)
	}
	var ts any = now
	if db.Embedded() {
		ts = now.Format("2006-01-02T15:04:05.000000Z")
	}
	var year, seq int
	fmt.Sscanf(inv.Number, "%d-%d", &year, &seq)
	id := uuid.NewString()
	subtotal := inv.TotalCents * 100 / 121
	var corrects any
	if inv.CorrectsID != "" {
		corrects = inv.CorrectsID
	}
	_, err = db.SQL().ExecContext(ctx, db.Rebind(`INSERT INTO invoices (id, number, year, seq, kind, corrects_id, company_id, period, issued_on, due_on,
		currency, locale, vat_treatment, subtotal_cents, vat_cents, total_cents,
		seller_name, seller_street, seller_postcode, seller_city, seller_country, seller_kvk, seller_vat_id, seller_iban,
		buyer_name, buyer_street, buyer_postcode, buyer_city, buyer_country, buyer_email, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, '2026-10', '2026-11-01', '2026-11-15', ?, ?, 'standard', ?, ?, ?,
		'Belwise B.V.', 'Keizersgracht 1', '1015 AA', 'Amsterdam', 'NL', '12345678', 'NL123456789B01', 'NL91ABNA0417164300',
		'Bakkerij Test B.V.', 'Dorpsstraat 1', '1234 AB', 'Utrecht', ?, 'invoices@example.com', ?, ?)`),
		id, inv.Number, year, seq, inv.Kind, corrects, c.ID, inv.Currency, inv.Locale, subtotal, inv.TotalCents-subtotal, inv.TotalCents,
		inv.BuyerCountry, ts, ts)
	if err != nil {
		t.Fatalf("storetest: invoice: %v", err)
	}
	return id
}
