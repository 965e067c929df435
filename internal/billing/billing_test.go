package billing_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/billing"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/invoicedoc"
	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/mail/mailtest"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

var agent = store.Agent{ID: "11111111-1111-4111-8111-111111111111", NameEn: "Restaurant receptionist", NameNl: "Restaurantreceptionist",
	TitleEn: "Takes reservations", TitleNl: "Neemt reserveringen aan", DescriptionEn: "d", DeliveryDays: 7, PriceCents: 100, Currency: "EUR", Version: 1}

var agency = billing.Agency{Name: "Belwise B.V.", Street: "Keizersgracht 1", Postcode: "1015 AA", City: "Amsterdam", Country: "NL",
	KVK: "12345678", VATID: "NL123456789B01", IBAN: "NL91ABNA0417164300", Email: "hello@belwise.test"}

func ams(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, billing.Zone)
	if err != nil {
		panic(err)
	}
	return t
}

// fakeDocs writes recognisable bytes in place of the PDF and UBL.
type fakeDocs struct{}

func (fakeDocs) PDF(d invoicedoc.Document) ([]byte, error) {
	return fmt.Appendf(nil, "%%PDF %s %s %d %s", d.Number, d.Locale, d.TotalCents, d.Seller.IBAN), nil
}

func (fakeDocs) UBL(d invoicedoc.Document) ([]byte, error) {
	return fmt.Appendf(nil, "<Invoice><ID>%s</ID><Lines>%d</Lines></Invoice>", d.Number, len(d.Lines)), nil
}

type env struct {
	t    *testing.T
	db   *store.DB
	now  time.Time
	svc  *billing.Service
	w    *jobs.Worker
	mail *mailtest.Sink
	n    int
}

func newEnv(t *testing.T, db *store.DB, docs billing.Documents) *env {
	t.Helper()
	e := &env{t: t, db: db, mail: &mailtest.Sink{}, now: ams("2026-12-02 10:00")}
	if _, err := db.CreateAgent(context.Background(), agent, "", ams("2026-01-01 00:00")); err != nil {
		t.Fatal(err)
	}
	clock := func() time.Time { return e.now }
	e.svc = billing.New(billing.Options{DB: db, Agency: agency, Documents: docs, Now: clock})
	var mailer *mail.Mailer
	e.w, mailer = mail.NewWorker(db, e.mail, nil, jobs.Options{Now: clock})
	e.svc.RegisterMail(mailer)
	e.svc.RegisterJobs(e.w)
	return e
}

// buyer makes an account in locale with company c (nil: none).
func (e *env) buyer(locale string, c *store.Company) string {
	e.t.Helper()
	ctx := context.Background()
	e.n++
	u, err := e.db.CreateUser(ctx, store.NewUser{Email: fmt.Sprintf("buyer%d@example.com", e.n), PasswordHash: "h", FullName: "Anna de Vries", Locale: locale},
		ams("2026-01-01 00:00"))
	if err != nil {
		e.t.Fatal(err)
	}
	if c != nil {
		if _, err := e.db.SaveCompany(ctx, u.ID, *c, 0, ams("2026-01-01 00:00")); err != nil {
			e.t.Fatal(err)
		}
	}
	return u.ID
}

func dutch(name string) *store.Company {
	return &store.Company{LegalName: name, Street: "Damrak 1", Postcode: "1012 LG", City: "Amsterdam", Country: "NL", KVK: "87654321",
		VATID: "NL987654321B01", InvoiceEmail: "invoices@" + strings.ToLower(strings.ReplaceAll(name, " ", "")) + ".nl"}
}

// order gives buyer an order (setup fee amount) that went live at live,
// with a monthly fee and a per-minute rate, linked to a new assistant;
// ended (non-zero) cancels it then.
func (e *env) order(buyer string, amount, monthly, rate int64, live, ended time.Time) (store.Order, string) {
	e.t.Helper()
	ctx := context.Background()
	id := uuid.NewString()
	if err := e.db.CreateOrders(ctx, []store.NewOrder{{ID: id, BuyerID: buyer, AgentID: agent.ID, Status: "pending", AmountCents: amount,
		CreatedAt: live.Add(-24 * time.Hour)}}); err != nil {
		e.t.Fatal(err)
	}
	o, _, err := e.db.SetOrderStatus(ctx, id, "completed", 1, "", live, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	assistant := uuid.NewString()
	if o, _, err = e.db.SetOrderLink(ctx, id, store.OrderLink{AssistantID: &assistant, PerMinuteCents: &rate, MonthlyCents: &monthly}, o.Version, "", live); err != nil {
		e.t.Fatal(err)
	}
	if !ended.IsZero() {
		if o, _, err = e.db.SetOrderStatus(ctx, id, "cancelled", o.Version, "", ended, nil); err != nil {
			e.t.Fatal(err)
		}
	}
	return o, assistant
}

// call records an answered call of secs seconds to assistant at start.
func (e *env) call(assistant string, start time.Time, secs int) {
	e.t.Helper()
	end := start.Add(time.Duration(secs) * time.Second)
	if _, err := e.db.RecordCall(context.Background(), store.CallReport{VapiCallID: uuid.NewString(), AssistantID: assistant, Type: store.CallInbound,
		CustomerNumber: "+31612345678", StartedAt: &start, EndedAt: &end, DurationSeconds: secs, EndedReason: "customer-ended-call", Report: true},
		end, calls.Merge); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) run() {
	e.t.Helper()
	for range 3 {
		if _, err := e.w.RunOnce(context.Background()); err != nil {
			e.t.Fatal(err)
		}
	}
}

func wantCode(t *testing.T, err error, code apierr.Code) {
	t.Helper()
	ae, ok := apierr.As(err)
	if !ok || ae.Code != code {
		t.Fatalf("error %v, want %s", err, code)
	}
}

// The demo month: a Dutch company's order live from 14 November with a
// setup fee, a monthly fee and calls; its invoice after the month ended,
// numbered 2026-0001, emailed with both documents in the buyer's language.
func TestIssue(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, fakeDocs{})
		ctx := context.Background()
		buyer := e.buyer("nl", dutch("Bakkerij Jansen"))
		o, assistant := e.order(buyer, 250, 4999, 10, ams("2026-11-14 09:30"), time.Time{})
		e.call(assistant, ams("2026-11-20 10:00"), 36000)
		e.call(assistant, ams("2026-11-30 23:50"), 750) // still November in Amsterdam
		e.call(assistant, ams("2026-12-01 00:10"), 600) // December

		ov, err := e.svc.Overview(ctx, "") // last month
		if err != nil || ov.Period != "2026-11" || !ov.Closed || len(ov.Missing) != 0 || len(ov.Statements) != 1 {
			t.Fatalf("overview: %+v, %v", ov, err)
		}
		st := ov.Statements[0]
		if st.CompanyMissing || st.Company == nil || st.Company.LegalName != "Bakkerij Jansen" || st.Buyer.ID != buyer || st.Buyer.Locale != "nl" ||
			len(st.Lines) != 3 || st.SubtotalCents != 250+2833+6125 || st.VATCents != 53+595+1286 || st.TotalCents != 9208+1934 || st.Invoice != nil {
			t.Fatalf("statement: %+v", st)
		}
		if st.Lines[2].Quantity != "36750" || st.Lines[2].Description != "Gesprekken: 612,5 min × €\u00a00,10 per minuut — Restaurantreceptionist (bestelling "+o.ID[:8]+")" {
			t.Errorf("usage line: %+v", st.Lines[2])
		}

		// The running month is not invoiced yet.
		_, err = e.svc.Issue(ctx, "", buyer, "2026-12")
		wantCode(t, err, apierr.CodePeriodOpen)

		inv, err := e.svc.Issue(ctx, "", buyer, "2026-11")
		if err != nil {
			t.Fatal(err)
		}
		if inv.Number != "2026-0001" || inv.Kind != "invoice" || inv.Status != "open" || inv.IssuedOn != "2026-12-02" || inv.DueOn != "2026-12-16" ||
			inv.TotalCents != st.TotalCents || inv.SubtotalCents != st.SubtotalCents || inv.VATCents != st.VATCents || len(inv.Lines) != 3 ||
			inv.Locale != "nl" || inv.VATTreatment != "standard" || inv.Seller.IBAN != agency.IBAN || inv.Seller.KVK != "12345678" ||
			inv.Buyer.Name != "Bakkerij Jansen" || inv.Buyer.VATID != "NL987654321B01" || inv.Buyer.Email != "invoices@bakkerijjansen.nl" ||
			len(inv.VAT) != 1 || inv.VAT[0].VATCents != 1934 {
			t.Fatalf("invoice: %+v", inv)
		}
		// Issued once: the statement names it, and a second issue is refused.
		_, err = e.svc.Issue(ctx, "", buyer, "2026-11")
		wantCode(t, err, apierr.CodeAlreadyInvoiced)
		ov, _ = e.svc.Overview(ctx, "2026-11")
		if ov.Statements[0].Invoice == nil || ov.Statements[0].Invoice.Number != "2026-0001" {
			t.Errorf("statement's invoice: %+v", ov.Statements[0].Invoice)
		}

		// The email: to the invoice address, in Dutch, with both documents.
		e.run()
		msgs := e.mail.All()
		if len(msgs) != 1 {
			t.Fatalf("%d emails", len(msgs))
		}
		m := msgs[0]
		if m.To != "invoices@bakkerijjansen.nl" || m.Subject != "Factuur 2026-0001 van Belwise B.V." || !strings.Contains(m.Text, "NL91 ABNA 0417 1643 00") ||
			!strings.Contains(m.Text, "november 2026") || !strings.Contains(m.Text, "€\u00a0111,42") {
			t.Errorf("email: %s\n%s", m.Subject, m.Text)
		}
		if len(m.Attachments) != 2 || m.Attachments[0].Name != "Belwise-2026-0001.pdf" || m.Attachments[0].ContentType != "application/pdf" ||
			!strings.HasPrefix(string(m.Attachments[0].Data), "%PDF 2026-0001 nl 11142 NL91ABNA0417164300") ||
			m.Attachments[1].Name != "Belwise-2026-0001.xml" || m.Attachments[1].ContentType != "application/xml" ||
			string(m.Attachments[1].Data) != "<Invoice><ID>2026-0001</ID><Lines>3</Lines></Invoice>" {
			t.Errorf("attachments: %+v", m.Attachments)
		}

		// The buyer sees it, and this month's usage so far (December's call).
		mine, err := e.svc.BuyerInvoices(ctx, buyer)
		if err != nil || len(mine.Invoices) != 1 || mine.Invoices[0].Number != "2026-0001" || !mine.HasCompany ||
			mine.UsageThisMonth != (billing.Usage{Period: "2026-12", Seconds: 600, Minutes: 10, AmountCents: 100, Currency: "EUR"}) {
			t.Errorf("buyer's invoices: %+v, %v", mine, err)
		}
		// Another buyer sees none of it and cannot download it; staff can.
		other := e.buyer("en", dutch("Other"))
		if mine, _ := e.svc.BuyerInvoices(ctx, other); len(mine.Invoices) != 0 {
			t.Errorf("other buyer: %+v", mine)
		}
		if _, err := e.svc.Download(ctx, other, false, inv.ID, "pdf"); !errors.Is(err, billing.ErrNotFound) {
			t.Errorf("other buyer's download: %v", err)
		}
		if f, err := e.svc.Download(ctx, "", true, inv.ID, "xml"); err != nil || f.Name != "Belwise-2026-0001.xml" {
			t.Errorf("staff download: %+v, %v", f, err)
		}
		if f, err := e.svc.Download(ctx, buyer, false, inv.ID, "pdf"); err != nil || f.ContentType != "application/pdf" {
			t.Errorf("own download: %+v, %v", f, err)
		}
	})
}

func TestIssueRefusals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, fakeDocs{})
		ctx := context.Background()
		// Without company details: listed, but not invoiced.
		loner := e.buyer("en", nil)
		_, assistant := e.order(loner, 1000, 0, 10, ams("2026-11-03 12:00"), time.Time{})
		e.call(assistant, ams("2026-11-04 12:00"), 60)
		ov, err := e.svc.Overview(ctx, "2026-11")
		if err != nil || len(ov.Statements) != 1 || !ov.Statements[0].CompanyMissing || ov.Statements[0].Company != nil ||
			ov.Statements[0].Buyer.ID != loner || ov.Statements[0].TotalCents != 1210+12 {
			t.Fatalf("overview: %+v, %v", ov, err)
		}
		_, err = e.svc.Issue(ctx, "", loner, "2026-11")
		wantCode(t, err, apierr.CodeCompanyMissing)

		// A company with nothing that month.
		idle := e.buyer("en", dutch("Idle"))
		_, err = e.svc.Issue(ctx, "", idle, "2026-11")
		wantCode(t, err, apierr.CodeNothingToBill)

		_, err = e.svc.Issue(ctx, "", idle, "2026-1")
		wantCode(t, err, apierr.CodeInvalidPeriod)
		_, err = e.svc.Issue(ctx, "", uuid.NewString(), "2026-11")
		wantCode(t, err, apierr.CodeNotFound)

		// Without the agency's details, every missing one is named.
		bare := billing.New(billing.Options{DB: db, Agency: billing.Agency{Name: "Belwise B.V.", VATID: "NL123456789B01"}, Now: func() time.Time { return e.now }})
		_, err = bare.Issue(ctx, "", idle, "2026-11")
		wantCode(t, err, apierr.CodeBillingNotConfigured)
		if ae, _ := apierr.As(err); !strings.Contains(ae.Message, "COMPANY_ADDRESS, COMPANY_KVK, COMPANY_IBAN") {
			t.Errorf("message: %s", ae.Message)
		}
		if ov, _ := bare.Overview(ctx, "2026-11"); strings.Join(ov.Missing, ",") != "COMPANY_ADDRESS,COMPANY_KVK,COMPANY_IBAN" {
			t.Errorf("missing: %v", ov.Missing)
		}
		// Refusals took no number: the first invoice is still 0001.
		company := e.buyer("en", dutch("First"))
		e.order(company, 100, 0, 0, ams("2026-11-05 12:00"), time.Time{})
		if inv, err := e.svc.Issue(ctx, "", company, "2026-11"); err != nil || inv.Number != "2026-0001" {
			t.Fatalf("first: %+v, %v", inv, err)
		}
	})
}

// Reverse charge: a Belgian business with a VAT id pays no Dutch VAT; one
// without pays 21 %.
func TestReverseCharge(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, fakeDocs{})
		ctx := context.Background()
		be := &store.Company{LegalName: "Brasserie BV", Street: "Grote Markt 1", Postcode: "1000", City: "Brussel", Country: "BE", VATID: "BE0123456789", InvoiceEmail: "f@brasserie.be"}
		withID := e.buyer("en", be)
		e.order(withID, 10000, 0, 0, ams("2026-11-10 12:00"), time.Time{})
		noID := *be
		noID.VATID, noID.LegalName = "", "Frituur"
		without := e.buyer("en", &noID)
		e.order(without, 10000, 0, 0, ams("2026-11-10 12:00"), time.Time{})

		a, err := e.svc.Issue(ctx, "", withID, "2026-11")
		if err != nil || a.VATTreatment != "reverse_charge" || a.VATCents != 0 || a.TotalCents != 10000 || a.Lines[0].VATRateBP != 0 || a.Buyer.VATID != "BE0123456789" {
			t.Fatalf("reverse charged: %+v, %v", a, err)
		}
		b, err := e.svc.Issue(ctx, "", without, "2026-11")
		if err != nil || b.VATTreatment != "standard" || b.VATCents != 2100 || b.TotalCents != 12100 || b.Lines[0].VATRateBP != 2100 {
			t.Fatalf("standard: %+v, %v", b, err)
		}
		if a.Number != "2026-0001" || b.Number != "2026-0002" {
			t.Errorf("numbers %s, %s", a.Number, b.Number)
		}
		// A partial credit of the reverse charged invoice is at 0 %.
		n, err := e.svc.CreditNote(ctx, "", a.ID, "Discount", []billing.CreditLine{{Description: "Discount", AmountCents: 1000}})
		if err != nil || n.TotalCents != -1000 || n.Lines[0].VATRateBP != 0 || n.VATTreatment != "reverse_charge" {
			t.Fatalf("credit: %+v, %v", n, err)
		}
	})
}

func TestCreditNotes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, fakeDocs{})
		ctx := context.Background()
		buyer := e.buyer("en", dutch("Jansen"))
		e.order(buyer, 10000, 0, 0, ams("2026-11-10 12:00"), time.Time{}) // 100.00 + 21.00
		inv, err := e.svc.Issue(ctx, "", buyer, "2026-11")
		if err != nil || inv.TotalCents != 12100 {
			t.Fatal(inv, err)
		}
		_, err = e.svc.CreditNote(ctx, "", inv.ID, "  ", nil)
		wantCode(t, err, apierr.CodeRequired)
		_, err = e.svc.CreditNote(ctx, "", inv.ID, "x", []billing.CreditLine{{Description: "x", AmountCents: 0}})
		wantCode(t, err, apierr.CodeInvalidAmount)
		_, err = e.svc.CreditNote(ctx, "", uuid.NewString(), "x", nil)
		wantCode(t, err, apierr.CodeNotFound)

		// Partial: 25.50 net at 21 % = 5.355 → 5.36 VAT.
		p, err := e.svc.CreditNote(ctx, "", inv.ID, "Goodwill", []billing.CreditLine{{Description: "Goodwill for the outage", AmountCents: 2550}})
		if err != nil {
			t.Fatal(err)
		}
		if p.Number != "2026-0002" || p.Kind != "credit_note" || p.Status != "credit" || p.CorrectsNumber == nil || *p.CorrectsNumber != "2026-0001" ||
			p.SubtotalCents != -2550 || p.VATCents != -536 || p.TotalCents != -3086 || p.Reason != "Goodwill" || p.Lines[0].Kind != "credit" {
			t.Fatalf("partial: %+v", p)
		}
		// A credit note of a credit note is refused.
		_, err = e.svc.CreditNote(ctx, "", p.ID, "x", nil)
		wantCode(t, err, apierr.CodeCreditNoteNotInvoice)
		// The whole invoice again would credit more than it was.
		_, err = e.svc.CreditNote(ctx, "", inv.ID, "All", nil)
		wantCode(t, err, apierr.CodeCreditExceedsInvoice)
		// What is left can be credited exactly: 90.14 = 74.50 net + 15.645 → 15.65 VAT? 74.50 + 15.65 = 90.15 > 90.14.
		_, err = e.svc.CreditNote(ctx, "", inv.ID, "Rest", []billing.CreditLine{{Description: "Rest", AmountCents: 7450}})
		wantCode(t, err, apierr.CodeCreditExceedsInvoice)
		rest, err := e.svc.CreditNote(ctx, "", inv.ID, "Rest", []billing.CreditLine{{Description: "Rest", AmountCents: 7449}}) // 74.49 + 15.64 = 90.13
		if err != nil || rest.Number != "2026-0003" || rest.TotalCents != -9013 {
			t.Fatalf("rest: %+v, %v", rest, err)
		}
		full, err := e.svc.ConsoleInvoice(ctx, inv.ID)
		if err != nil || full.CreditedCents != 3086+9013 || len(full.CreditNotes) != 2 || full.Status != "open" {
			t.Fatalf("invoice after credits: %+v, %v", full, err)
		}
		// Still standing (1 cent): not invoiced again.
		_, err = e.svc.Issue(ctx, "", buyer, "2026-11")
		wantCode(t, err, apierr.CodeAlreadyInvoiced)

		// A second invoice, credited in full, no longer stands: the month
		// can be invoiced anew.
		other := e.buyer("nl", dutch("Pietersen"))
		e.order(other, 999, 0, 0, ams("2026-11-10 12:00"), time.Time{})
		second, err := e.svc.Issue(ctx, "", other, "2026-11")
		if err != nil {
			t.Fatal(err)
		}
		all, err := e.svc.CreditNote(ctx, "", second.ID, "Wrong company name", nil)
		if err != nil || all.TotalCents != -second.TotalCents || all.VATCents != -second.VATCents || len(all.Lines) != 1 ||
			all.Lines[0].NetCents != -999 || all.Lines[0].Quantity != "-1" || all.Locale != "nl" {
			t.Fatalf("full credit: %+v, %v", all, err)
		}
		if s, _ := e.svc.ConsoleInvoice(ctx, second.ID); s.Status != "credited" || s.PayURL != "" {
			t.Errorf("credited invoice: %+v", s.InvoiceSummary)
		}
		again, err := e.svc.Issue(ctx, "", other, "2026-11")
		if err != nil || again.Number != "2026-0006" {
			t.Fatalf("again: %+v, %v", again, err)
		}
		// Every credit note was emailed like an invoice, with both files.
		e.run()
		var credits int
		for _, m := range e.mail.All() {
			if strings.HasPrefix(m.Subject, "Credit note") || strings.HasPrefix(m.Subject, "Creditnota") {
				credits++
				if len(m.Attachments) != 2 || !strings.HasSuffix(m.Attachments[0].Name, ".pdf") {
					t.Errorf("credit note email: %+v", m.Attachments)
				}
			}
		}
		if credits != 3 {
			t.Errorf("%d credit note emails", credits)
		}
		list, err := e.svc.ConsoleInvoices(ctx, "2026-11", "credit")
		if err != nil || len(list) != 3 {
			t.Errorf("credit notes listed: %+v, %v", list, err)
		}
	})
}

// Paid, unpaid, overdue and the one reminder.
func TestPaidAndOverdue(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, fakeDocs{})
		ctx := context.Background()
		buyer := e.buyer("en", dutch("Jansen"))
		e.order(buyer, 10000, 0, 0, ams("2026-11-10 12:00"), time.Time{})
		inv, err := e.svc.Issue(ctx, "", buyer, "2026-11")
		if err != nil {
			t.Fatal(err)
		}
		e.run()
		sent := len(e.mail.All())

		// Not overdue on its due date; overdue the day after.
		e.now = ams("2026-12-16 23:00")
		if n, err := e.svc.RemindOverdue(ctx); err != nil || n != 0 {
			t.Fatalf("on the due date: %d, %v", n, err)
		}
		e.now = ams("2026-12-17 08:00")
		if v, _ := e.svc.ConsoleInvoice(ctx, inv.ID); v.Status != "overdue" {
			t.Fatalf("status %s", v.Status)
		}
		if n, err := e.svc.RemindOverdue(ctx); err != nil || n != 1 {
			t.Fatalf("reminders: %d, %v", n, err)
		}
		if n, _ := e.svc.RemindOverdue(ctx); n != 0 {
			t.Fatalf("a second reminder: %d", n)
		}
		e.run()
		msgs := e.mail.All()
		if len(msgs) != sent+1 {
			t.Fatalf("%d emails", len(msgs))
		}
		r := msgs[len(msgs)-1]
		if r.Subject != "Reminder: invoice 2026-0001 is overdue" || r.To != "invoices@jansen.nl" || !strings.Contains(r.Text, "€\u00a0121.00") ||
			!strings.Contains(r.Text, "16 December 2026") || !strings.Contains(r.Text, "NL91 ABNA 0417 1643 00") || len(r.Attachments) != 0 {
			t.Errorf("reminder: %s\n%s", r.Subject, r.Text)
		}
		v, _ := e.svc.ConsoleInvoice(ctx, inv.ID)
		if v.ReminderSentAt == nil {
			t.Error("reminder not recorded")
		}

		// Paid: with the version seen.
		day := "2026-12-17"
		_, err = e.svc.SetPaid(ctx, "", inv.ID, &day, v.Version+1)
		wantCode(t, err, apierr.CodeVersionConflict)
		future := "2026-12-18"
		_, err = e.svc.SetPaid(ctx, "", inv.ID, &future, v.Version)
		wantCode(t, err, apierr.CodeInvalidDate)
		bad := "17-12-2026"
		_, err = e.svc.SetPaid(ctx, "", inv.ID, &bad, v.Version)
		wantCode(t, err, apierr.CodeInvalidDate)
		p, err := e.svc.SetPaid(ctx, "", inv.ID, &day, v.Version)
		if err != nil || p.Status != "paid" || p.PaidAt == nil || *p.PaidAt != "2026-12-17" || p.PaidVia != "staff" || p.Version != v.Version+1 {
			t.Fatalf("paid: %+v, %v", p, err)
		}
		if l, _ := e.svc.ConsoleInvoices(ctx, "", "paid"); len(l) != 1 {
			t.Errorf("paid list: %+v", l)
		}
		u, err := e.svc.SetPaid(ctx, "", inv.ID, nil, p.Version)
		if err != nil || u.Status != "overdue" || u.PaidAt != nil || u.PaidVia != "" {
			t.Fatalf("unpaid: %+v, %v", u, err)
		}
		_, err = e.svc.ConsoleInvoices(ctx, "", "late")
		wantCode(t, err, apierr.CodeInvalidStatus)
	})
}

// When a document cannot be written (the writer refuses it), the invoice
// stays issued, but its email job fails (and is retried) instead of sending
// an email without its documents.
func TestEmailWaitsForDocuments(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, failingDocs{})
		ctx := context.Background()
		buyer := e.buyer("en", dutch("Jansen"))
		e.order(buyer, 10000, 0, 0, ams("2026-11-10 12:00"), time.Time{})
		if _, err := e.svc.Issue(ctx, "", buyer, "2026-11"); err != nil {
			t.Fatal(err)
		}
		e.run()
		if n := len(e.mail.All()); n != 0 {
			t.Fatalf("%d emails sent", n)
		}
		js, _, err := db.ListJobs(ctx, "", store.Page{})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, j := range js {
			if j.Kind == store.JobMail && strings.Contains(j.LastError, errWriter.Error()) && j.State == "pending" {
				found = true
			}
		}
		if !found {
			t.Errorf("no mail job waiting with the writer's error: %+v", js)
		}
	})
}

// failingDocs is a document writer that refuses every document.
type failingDocs struct{}

var errWriter = errors.New("invoicedoc: the writer refused the document")

func (failingDocs) PDF(invoicedoc.Document) ([]byte, error) { return nil, errWriter }
func (failingDocs) UBL(invoicedoc.Document) ([]byte, error) { return nil, errWriter }

// payLinks is a payment provider's links.
type payLinks struct{}

func (payLinks) PayURL(id string) string { return "https://pay.test/" + id }

// With a payment provider, the invoice email and the open invoice carry
// its link besides the bank details; a paid invoice has none.
func TestPayLink(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, fakeDocs{})
		e.svc.SetPayLinks(payLinks{})
		ctx := context.Background()
		buyer := e.buyer("en", dutch("Jansen"))
		e.order(buyer, 10000, 0, 0, ams("2026-11-10 12:00"), time.Time{})
		inv, err := e.svc.Issue(ctx, "", buyer, "2026-11")
		if err != nil || inv.PayURL != "https://pay.test/"+inv.ID {
			t.Fatalf("invoice: %+v, %v", inv.InvoiceSummary, err)
		}
		e.run()
		m := e.mail.All()
		if len(m) != 1 || !strings.Contains(m[0].Text, "https://pay.test/"+inv.ID) || !strings.Contains(m[0].HTML, "Pay with iDEAL") ||
			!strings.Contains(m[0].Text, "NL91 ABNA 0417 1643 00") {
			t.Fatalf("email: %+v", m)
		}
		if d := e.svc.Document(mustLoad(t, db, inv.ID)); d.PayURL != "https://pay.test/"+inv.ID || d.Seller.IBAN != agency.IBAN || d.Number != inv.Number ||
			d.PeriodStart.Format(time.DateOnly) != "2026-11-01" || d.PeriodEnd.Format(time.DateOnly) != "2026-11-30" || len(d.Lines) != 1 {
			t.Errorf("document: %+v", d)
		}
		day := "2026-12-02"
		p, err := e.svc.SetPaid(ctx, "", inv.ID, &day, inv.Version)
		if err != nil || p.PayURL != "" {
			t.Fatalf("paid: %+v, %v", p.InvoiceSummary, err)
		}
	})
}

func mustLoad(t *testing.T, db *store.DB, id string) store.Invoice {
	t.Helper()
	v, err := db.InvoiceByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// An issued invoice is a record kept for seven years: a buyer deleting a
// call and the retention worker erasing old calls' content change neither
// the invoice, its lines and documents, nor what the month's statement
// says (usage lines stay when words go).
func TestInvoiceOutlivesCallContent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, fakeDocs{})
		ctx := context.Background()
		buyer := e.buyer("en", dutch("Bakkerij Jansen"))
		o, assistant := e.order(buyer, 250, 4999, 10, ams("2026-11-14 09:30"), time.Time{})
		e.call(assistant, ams("2026-11-20 10:00"), 36000)
		e.call(assistant, ams("2026-11-21 10:00"), 750)
		before, err := e.svc.Overview(ctx, "2026-11")
		if err != nil || len(before.Statements) != 1 {
			t.Fatalf("overview: %+v, %v", before, err)
		}
		inv, err := e.svc.Issue(ctx, "", buyer, "2026-11")
		if err != nil {
			t.Fatal(err)
		}

		// The buyer deletes one call; retention erases the content of every call.
		cs, _, err := db.Calls(ctx, store.CallQuery{OrderID: o.ID})
		if err != nil || len(cs) != 2 {
			t.Fatalf("calls: %d, %v", len(cs), err)
		}
		if err := db.DeleteCall(ctx, o.ID, cs[0].ID, e.now); err != nil {
			t.Fatal(err)
		}
		if n, err := db.PurgeCallContent(ctx, e.now.Add(24*time.Hour), e.now); err != nil || n == 0 {
			t.Fatalf("purged %d, %v", n, err)
		}

		after, err := e.svc.ConsoleInvoice(ctx, inv.ID)
		if err != nil || after.TotalCents != inv.TotalCents || after.VATCents != inv.VATCents || len(after.Lines) != len(inv.Lines) {
			t.Fatalf("invoice after the calls' content went: %+v, %v", after, err)
		}
		for i := range inv.Lines {
			if after.Lines[i] != inv.Lines[i] {
				t.Errorf("line %d: %+v, was %+v", i, after.Lines[i], inv.Lines[i])
			}
		}
		if f, err := e.svc.Download(ctx, buyer, false, inv.ID, "pdf"); err != nil || len(f.Data) == 0 {
			t.Errorf("download after the calls' content went: %v", err)
		}
		now, err := e.svc.Overview(ctx, "2026-11")
		if err != nil || len(now.Statements) != 1 || now.Statements[0].TotalCents != before.Statements[0].TotalCents ||
			len(now.Statements[0].Lines) != len(before.Statements[0].Lines) {
			t.Errorf("statement after the calls' content went: %+v, %v (was %+v)", now, err, before)
		}
	})
}
