package billing

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/invoicedoc"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

var (
	// ErrNotFound covers "no such invoice" and "another company's".
	ErrNotFound = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Invoice not found."}

	errPeriodOpen = &apierr.Error{Kind: apierr.Conflict, Code: apierr.CodePeriodOpen, Field: "period",
		Message: "This month has not ended yet (Europe/Amsterdam): it can be invoiced from the first of next month."}
	errCompanyMissing = &apierr.Error{Kind: apierr.Conflict, Code: apierr.CodeCompanyMissing, Field: "buyerId",
		Message: "This buyer has not filled in their company details yet; ask them to do so on their dashboard."}
	errAlreadyInvoiced = &apierr.Error{Kind: apierr.Conflict, Code: apierr.CodeAlreadyInvoiced, Field: "period",
		Message: "An invoice for this company and month has been issued already. Correct it with a credit note."}
	errNothingToBill = &apierr.Error{Kind: apierr.Conflict, Code: apierr.CodeNothingToBill, Field: "period",
		Message: "There is nothing to bill for this company and month."}
	errCreditExceeds = &apierr.Error{Kind: apierr.Conflict, Code: apierr.CodeCreditExceedsInvoice, Field: "lines",
		Message: "The credit notes together would credit more than the invoice's total."}
	errCreditOfCredit = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeCreditNoteNotInvoice,
		Message: "A credit note corrects an invoice, not another credit note."}
	errReason = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeRequired, Field: "reason",
		Message: "Say why the invoice is corrected."}
	errReasonLong = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeTooLong, Field: "reason",
		Message: "The reason can be at most 500 characters."}
	errPaidAt = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidDate, Field: "paidAt",
		Message: "The payment date is a day written as YYYY-MM-DD, not in the future."}
	errPaidCredit = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidStatus, Field: "paidAt",
		Message: "A credit note is not paid; mark the invoice it corrects instead."}
	errStatusFilter = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidStatus, Field: "status",
		Message: "Status must be one of open, paid, overdue, credited or credit."}
)

// missing names the COMPANY_* variables an invoice needs that are unset.
func (a Agency) missing() []string {
	out := []string{}
	for _, v := range []struct{ name, value string }{
		{"COMPANY_NAME", a.Name}, {"COMPANY_ADDRESS", a.Street + a.Postcode + a.City},
		{"COMPANY_KVK", a.KVK}, {"COMPANY_VAT", a.VATID}, {"COMPANY_IBAN", a.IBAN},
	} {
		if strings.TrimSpace(v.value) == "" {
			out = append(out, v.name)
		}
	}
	return out
}

func (s *Service) notConfigured() error {
	m := s.agency.missing()
	if len(m) == 0 {
		return nil
	}
	return &apierr.Error{Kind: apierr.Conflict, Code: apierr.CodeBillingNotConfigured,
		Message: "Invoices cannot be issued until the agency's details are configured: set " + strings.Join(m, ", ") + "."}
}

func (s *Service) seller() store.InvoiceParty {
	a := s.agency
	country := a.Country
	if country == "" {
		country = "NL"
	}
	return store.InvoiceParty{Name: a.Name, Street: a.Street, Postcode: a.Postcode, City: a.City, Country: country,
		KVK: a.KVK, VATID: a.VATID, IBAN: a.IBAN, Email: a.Email}
}

// today is the agency's calendar date now.
func (s *Service) today() string { return day(s.now()) }

// status derives an invoice's status: a credit note's is credit; an
// invoice is paid once paid, credited when credit notes cancelled it in
// full, overdue when unpaid after its due date (Europe/Amsterdam), and
// open before.
func (s *Service) status(v store.Invoice) string {
	switch {
	case v.Kind == KindCreditNote:
		return StatusCredit
	case v.PaidAt != nil:
		return StatusPaid
	case v.TotalCents+v.CreditedCents <= 0:
		return StatusCredited
	case s.today() > v.DueOn:
		return StatusOverdue
	default:
		return StatusOpen
	}
}

func (s *Service) summary(v store.Invoice) InvoiceSummary {
	out := InvoiceSummary{ID: v.ID, Number: v.Number, Kind: v.Kind, Status: s.status(v), Period: v.Period, IssuedOn: v.IssuedOn,
		DueOn: v.DueOn, Currency: v.Currency, SubtotalCents: v.SubtotalCents, VATCents: v.VATCents, TotalCents: v.TotalCents,
		CompanyID: v.CompanyID, BuyerName: v.Buyer.Name}
	if v.CorrectsID != "" {
		id, number := v.CorrectsID, v.CorrectsNumber
		out.CorrectsID, out.CorrectsNumber = &id, &number
	}
	if v.PaidAt != nil {
		d := day(*v.PaidAt)
		out.PaidAt = &d
	}
	if v.Kind == KindInvoice && v.PaidAt == nil && v.TotalCents+v.CreditedCents > 0 {
		out.PayURL = s.payURL(v.ID)
		out.PayTo = &Payee{Name: v.Seller.Name, IBAN: v.Seller.IBAN}
	}
	return out
}

func (s *Service) payURL(id string) string {
	if s.pay == nil {
		return ""
	}
	return s.pay.PayURL(id)
}

func party(p store.InvoiceParty) Party {
	return Party{Name: p.Name, Street: p.Street, Postcode: p.Postcode, City: p.City, Country: p.Country, KVK: p.KVK, VATID: p.VATID, Email: p.Email, IBAN: p.IBAN}
}

// full is an invoice with its lines and credit notes, as staff see it.
func (s *Service) full(ctx context.Context, v store.Invoice) (Invoice, error) {
	out := Invoice{InvoiceSummary: s.summary(v), Locale: v.Locale, VATTreatment: v.VATTreatment, Reason: v.Reason,
		Seller: party(v.Seller), Buyer: party(v.Buyer), PaidVia: v.PaidVia, ReminderSentAt: v.ReminderSentAt,
		CreditedCents: -v.CreditedCents, Version: v.Version, CreatedAt: v.CreatedAt.UTC(), CreatedBy: v.CreatedBy,
		Lines: []Line{}, CreditNotes: []InvoiceSummary{}}
	for _, l := range v.Lines {
		out.Lines = append(out.Lines, Line{Kind: l.Kind, OrderID: l.OrderID, OrderNumber: orderNumber(l.OrderID), Description: l.Description,
			Quantity: l.Quantity, Unit: l.Unit, BaseQuantity: l.BaseQuantity, UnitPriceCents: l.UnitPriceCents, NetCents: l.NetCents,
			VATRateBP: l.VATRateBP, VATCents: l.VATCents})
	}
	_, _, out.VAT = totals(out.Lines)
	if v.Kind == KindInvoice {
		notes, err := s.db.Invoices(ctx, store.InvoiceFilter{CorrectsID: v.ID})
		if err != nil {
			return Invoice{}, apierr.Wrap("credit notes", err)
		}
		for _, n := range notes {
			out.CreditNotes = append(out.CreditNotes, s.summary(n))
		}
	}
	return out, nil
}

func (s *Service) load(ctx context.Context, id string) (store.Invoice, error) {
	v, err := s.db.InvoiceByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return store.Invoice{}, ErrNotFound
	}
	if err != nil {
		return store.Invoice{}, apierr.Wrap("load invoice", err)
	}
	return v, nil
}

// Issue issues the invoice of the buyer's company for period (a month that
// has ended) on behalf of the staff member actorID, in the buyer's
// language, and queues its email with the PDF and the UBL.
func (s *Service) Issue(ctx context.Context, actorID, buyerID, period string) (Invoice, error) {
	m, err := parsePeriod(period)
	if err != nil {
		return Invoice{}, err
	}
	if s.now().Before(m.End) {
		return Invoice{}, errPeriodOpen
	}
	buyer, err := s.loadBuyer(ctx, buyerID)
	if err != nil {
		return Invoice{}, err
	}
	if buyer.CompanyID == "" {
		return Invoice{}, errCompanyMissing
	}
	if err := s.notConfigured(); err != nil {
		return Invoice{}, err
	}
	company, err := s.db.CompanyByID(ctx, buyer.CompanyID)
	if err != nil {
		return Invoice{}, apierr.Wrap("load company", err)
	}
	f := store.BillingFilter{CompanyID: company.ID}
	orders, err := s.db.OrdersForBilling(ctx, m.Start, m.End, f)
	if err != nil {
		return Invoice{}, apierr.Wrap("orders for billing", err)
	}
	usage, err := s.db.UsageByRate(ctx, m.Start, m.End, f)
	if err != nil {
		return Invoice{}, apierr.Wrap("usage by rate", err)
	}
	lang := text.Lang(buyer.Locale)
	b := Buyer{Locale: lang}
	b.ID = buyer.ID
	st := s.statement(m, &company, orders, usage, b)
	if len(st.Lines) == 0 {
		return Invoice{}, errNothingToBill
	}
	issued := s.today()
	v := store.Invoice{Kind: KindInvoice, CompanyID: company.ID, Period: m.Period, IssuedOn: issued, DueOn: addDays(issued, PaymentTermDays),
		Currency: st.Currency, Locale: lang, VATTreatment: st.VATTreatment,
		SubtotalCents: st.SubtotalCents, VATCents: st.VATCents, TotalCents: st.TotalCents,
		Seller: s.seller(), Buyer: store.InvoiceParty{Name: company.LegalName, Street: company.Street, Postcode: company.Postcode, City: company.City,
			Country: company.Country, KVK: company.KVK, VATID: company.VATID, Email: company.InvoiceEmail},
		CreatedBy: actorID, Lines: storeLines(st.Lines)}
	out, err := s.db.IssueInvoice(ctx, v, func(existing []store.Invoice) error {
		for _, e := range existing {
			if stands(e) {
				return errAlreadyInvoiced
			}
		}
		return nil
	}, func(v store.Invoice) []store.NewMail { return []store.NewMail{documentMail(v, company.InvoiceEmail)} }, s.now().UTC())
	if err != nil {
		var ae *apierr.Error
		if errors.As(err, &ae) {
			return Invoice{}, ae
		}
		return Invoice{}, apierr.Wrap("issue invoice", err)
	}
	s.log.Info("invoice issued", "invoice", out.ID, "number", out.Number, "company", company.ID, "period", m.Period, "total", out.TotalCents, "by", actorID)
	s.notify()
	return s.full(ctx, out)
}

func storeLines(lines []Line) []store.InvoiceLine {
	out := make([]store.InvoiceLine, len(lines))
	for i, l := range lines {
		out[i] = store.InvoiceLine{Kind: l.Kind, OrderID: l.OrderID, Description: l.Description, Quantity: l.Quantity, Unit: l.Unit,
			BaseQuantity: l.BaseQuantity, UnitPriceCents: l.UnitPriceCents, NetCents: l.NetCents, VATRateBP: l.VATRateBP, VATCents: l.VATCents}
	}
	return out
}

// maxReason bounds a credit note's reason.
const maxReason = 500

// CreditNote issues a credit note correcting invoice id on behalf of the
// staff member actorID: every line of the invoice negated when lines is
// empty, else a line per net amount given at the invoice's VAT rate. All
// credit notes of an invoice together never credit more than its total.
func (s *Service) CreditNote(ctx context.Context, actorID, id, reason string, lines []CreditLine) (Invoice, error) {
	inv, err := s.load(ctx, id)
	if err != nil {
		return Invoice{}, err
	}
	if inv.Kind != KindInvoice {
		return Invoice{}, errCreditOfCredit
	}
	reason = strings.TrimSpace(text.MultiLine(reason))
	switch {
	case reason == "":
		return Invoice{}, errReason
	case utf8.RuneCountInString(reason) > maxReason:
		return Invoice{}, errReasonLong
	}
	if err := s.notConfigured(); err != nil {
		return Invoice{}, err
	}
	rate := RateStandard
	if inv.VATTreatment == VATReverseCharge {
		rate = RateReverse
	}
	if len(inv.Lines) > 0 {
		rate = inv.Lines[0].VATRateBP
	}
	var out []Line
	if len(lines) == 0 {
		for _, l := range inv.Lines {
			out = append(out, Line{Kind: l.Kind, OrderID: l.OrderID, Description: l.Description, Quantity: negate(l.Quantity), Unit: l.Unit,
				BaseQuantity: l.BaseQuantity, UnitPriceCents: l.UnitPriceCents, NetCents: -l.NetCents, VATRateBP: l.VATRateBP, VATCents: -l.VATCents})
		}
	} else {
		for i, cl := range lines {
			field := "lines[" + strconv.Itoa(i) + "]."
			desc := strings.TrimSpace(text.OneLine(cl.Description))
			if desc == "" {
				return Invoice{}, &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeRequired, Field: field + "description", Message: "Each line needs a description."}
			}
			if utf8.RuneCountInString(desc) > maxReason {
				return Invoice{}, &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeTooLong, Field: field + "description", Message: "A description can be at most 500 characters."}
			}
			if cl.AmountCents <= 0 || cl.AmountCents > 1_000_000_000 {
				return Invoice{}, &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidAmount, Field: field + "amountCents", Message: "Each line credits a net amount of more than 0 cents."}
			}
			out = append(out, Line{Kind: LineCredit, Description: desc, Quantity: "-1", Unit: UnitOne, BaseQuantity: "1",
				UnitPriceCents: cl.AmountCents, NetCents: -cl.AmountCents, VATRateBP: rate, VATCents: -vatOf(cl.AmountCents, rate)})
		}
	}
	subtotal, vat, _ := totals(out)
	total := subtotal + vat
	if -total > inv.TotalCents+inv.CreditedCents {
		return Invoice{}, errCreditExceeds
	}
	email := inv.Buyer.Email
	if c, err := s.db.CompanyByID(ctx, inv.CompanyID); err == nil && c.InvoiceEmail != "" {
		email = c.InvoiceEmail
	}
	issued := s.today()
	v := store.Invoice{Kind: KindCreditNote, CorrectsID: inv.ID, Reason: reason, CompanyID: inv.CompanyID, Period: inv.Period,
		IssuedOn: issued, DueOn: issued, Currency: inv.Currency, Locale: inv.Locale, VATTreatment: inv.VATTreatment,
		SubtotalCents: subtotal, VATCents: vat, TotalCents: total, Seller: s.seller(), Buyer: inv.Buyer, CreatedBy: actorID,
		Lines: storeLines(out)}
	note, err := s.db.IssueInvoice(ctx, v, func(existing []store.Invoice) error {
		credited := int64(0)
		for _, e := range existing {
			credited += e.TotalCents
		}
		if -(credited + total) > inv.TotalCents {
			return errCreditExceeds
		}
		return nil
	}, func(v store.Invoice) []store.NewMail { return []store.NewMail{documentMail(v, email)} }, s.now().UTC())
	if err != nil {
		var ae *apierr.Error
		if errors.As(err, &ae) {
			return Invoice{}, ae
		}
		return Invoice{}, apierr.Wrap("issue credit note", err)
	}
	s.log.Info("credit note issued", "creditNote", note.ID, "number", note.Number, "corrects", inv.Number, "total", note.TotalCents, "by", actorID)
	s.notify()
	return s.full(ctx, note)
}

// negate writes a quantity negated ("17" → "-17"): a credit note's lines
// carry negative quantities and amounts, as stored.
func negate(q string) string {
	if q == "0" || q == "" {
		return q
	}
	if rest, ok := strings.CutPrefix(q, "-"); ok {
		return rest
	}
	return "-" + q
}

// SetPaid marks invoice id paid on paidAt (YYYY-MM-DD, not in the future)
// or unpaid (nil), on behalf of the staff member actorID, if version is
// the one they saw.
func (s *Service) SetPaid(ctx context.Context, actorID, id string, paidAt *string, version int) (Invoice, error) {
	var at *time.Time
	if paidAt != nil {
		d, err := time.ParseInLocation(time.DateOnly, strings.TrimSpace(*paidAt), Zone)
		if err != nil || day(d) > s.today() || d.Year() < 2000 {
			return Invoice{}, errPaidAt
		}
		at = &d
	}
	cur, err := s.load(ctx, id)
	if err != nil {
		return Invoice{}, err
	}
	if cur.Kind != KindInvoice {
		return Invoice{}, errPaidCredit
	}
	v, changed, err := s.db.MarkInvoicePaid(ctx, cur.ID, at, "staff", version, actorID, s.now().UTC())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return Invoice{}, ErrNotFound
	case err != nil:
		return Invoice{}, apierr.Wrap("mark invoice paid", err)
	}
	if changed {
		s.log.Info("invoice payment set", "invoice", v.ID, "number", v.Number, "paid", paidAt != nil, "by", actorID)
	}
	return s.full(ctx, v)
}

// MarkPaid records a payment the provider confirmed (internal/payments):
// invoice id paid at at, via "mollie". An invoice already paid is left
// as it is.
func (s *Service) MarkPaid(ctx context.Context, id string, at time.Time, via string) error {
	cur, err := s.load(ctx, id)
	if err != nil {
		return err
	}
	if cur.PaidAt != nil || cur.Kind != KindInvoice {
		return nil
	}
	_, _, err = s.db.MarkInvoicePaid(ctx, cur.ID, &at, via, 0, "", s.now().UTC())
	return err
}

// ConsoleInvoices lists the invoices and credit notes of a period ("" for
// every period) with a status ("" for every status), newest first.
func (s *Service) ConsoleInvoices(ctx context.Context, period, status string) ([]InvoiceSummary, error) {
	f := store.InvoiceFilter{}
	if period != "" {
		m, err := parsePeriod(period)
		if err != nil {
			return nil, err
		}
		f.Period = m.Period
	}
	switch status {
	case "", StatusOpen, StatusPaid, StatusOverdue, StatusCredit, StatusCredited:
	default:
		return nil, errStatusFilter
	}
	rows, err := s.db.Invoices(ctx, f)
	if err != nil {
		return nil, apierr.Wrap("list invoices", err)
	}
	out := []InvoiceSummary{}
	for _, v := range rows {
		if sum := s.summary(v); status == "" || sum.Status == status {
			out = append(out, sum)
		}
	}
	return out, nil
}

// ConsoleInvoice returns any invoice or credit note with its lines.
func (s *Service) ConsoleInvoice(ctx context.Context, id string) (Invoice, error) {
	v, err := s.load(ctx, id)
	if err != nil {
		return Invoice{}, err
	}
	return s.full(ctx, v)
}

// BuyerInvoices returns the invoices and credit notes of the user's
// company, newest first, and the running month's usage so far.
func (s *Service) BuyerInvoices(ctx context.Context, userID string) (BuyerInvoices, error) {
	b, err := s.db.BillingBuyer(ctx, userID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return BuyerInvoices{}, apierr.Wrap("load buyer", err)
	}
	out := BuyerInvoices{Invoices: []InvoiceSummary{}, HasCompany: b.CompanyID != ""}
	if b.CompanyID != "" {
		rows, err := s.db.Invoices(ctx, store.InvoiceFilter{CompanyID: b.CompanyID})
		if err != nil {
			return BuyerInvoices{}, apierr.Wrap("list invoices", err)
		}
		for _, v := range rows {
			out.Invoices = append(out.Invoices, s.summary(v))
		}
	}
	b.ID = userID
	if out.UsageThisMonth, err = s.buyerUsage(ctx, b); err != nil {
		return BuyerInvoices{}, err
	}
	return out, nil
}

// Download returns the PDF (format "pdf") or UBL ("xml") of invoice id:
// one of the user's company's, or any for staff; ErrNotFound otherwise.
func (s *Service) Download(ctx context.Context, userID string, staff bool, id, format string) (File, error) {
	v, err := s.load(ctx, id)
	if err != nil {
		return File{}, err
	}
	if !staff {
		b, err := s.db.BillingBuyer(ctx, userID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return File{}, apierr.Wrap("load buyer", err)
		}
		if b.CompanyID == "" || b.CompanyID != v.CompanyID {
			return File{}, ErrNotFound
		}
	}
	f, err := s.file(v, format)
	if err != nil {
		return File{}, apierr.Wrap("write "+format, err)
	}
	return f, nil
}

// File is a downloadable document.
type File struct {
	Name        string // Belwise-2026-0001.pdf
	ContentType string
	Data        []byte
}

// file writes one of v's documents.
func (s *Service) file(v store.Invoice, format string) (File, error) {
	d := s.Document(v)
	if format == "xml" {
		data, err := s.docs.UBL(d)
		return File{Name: FileName(v.Number, "xml"), ContentType: "application/xml", Data: data}, err
	}
	data, err := s.docs.PDF(d)
	return File{Name: FileName(v.Number, "pdf"), ContentType: "application/pdf", Data: data}, err
}

// FileName is a document's file name: Belwise-2026-0001.pdf.
func FileName(number, ext string) string { return "Belwise-" + number + "." + ext }

// date parses a stored YYYY-MM-DD as midnight UTC (invoicedoc's dates).
func date(s string) time.Time {
	t, _ := time.Parse(time.DateOnly, s)
	return t
}

// Document is the stored invoice v as invoicedoc writes it: the one place
// an invoice becomes a document, for its email and its downloads.
func (s *Service) Document(v store.Invoice) invoicedoc.Document {
	start := date(v.Period + "-01")
	d := invoicedoc.Document{Kind: v.Kind, Number: v.Number, CorrectsNumber: v.CorrectsNumber, Reason: v.Reason,
		IssuedOn: date(v.IssuedOn), DueOn: date(v.DueOn), PeriodStart: start, PeriodEnd: start.AddDate(0, 1, -1),
		Currency: v.Currency, Locale: v.Locale, VATTreatment: v.VATTreatment,
		Seller: docParty(v.Seller), Buyer: docParty(v.Buyer),
		SubtotalCents: v.SubtotalCents, VATCents: v.VATCents, TotalCents: v.TotalCents}
	if v.CorrectsIssuedOn != "" {
		d.CorrectsIssuedOn = date(v.CorrectsIssuedOn)
	}
	d.Buyer.IBAN = ""
	for _, l := range v.Lines {
		d.Lines = append(d.Lines, invoicedoc.Line{Description: l.Description, Quantity: l.Quantity, Unit: l.Unit, BaseQuantity: l.BaseQuantity,
			UnitPriceCents: l.UnitPriceCents, NetCents: l.NetCents, VATRateBP: l.VATRateBP, VATCents: l.VATCents})
	}
	if v.Kind == KindInvoice && v.PaidAt == nil {
		d.PayURL = s.payURL(v.ID)
	}
	return d
}

func docParty(p store.InvoiceParty) invoicedoc.Party {
	return invoicedoc.Party{Name: p.Name, Street: p.Street, Postcode: p.Postcode, City: p.City, Country: p.Country,
		KVK: p.KVK, VATID: p.VATID, Email: p.Email, IBAN: p.IBAN}
}
