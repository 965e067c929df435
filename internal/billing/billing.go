// Package billing turns the agency's orders and their usage lines into
// monthly statements, issues invoices and credit notes from them (numbered
// without gaps per calendar year), keeps their payment and emails them,
// with their PDF and UBL e-invoice, to the buyer's company. An issued
// invoice never changes; a correction is a credit note.
package billing

import (
	"context"
	"log/slog"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/store"
)

// Agency is the seller as the COMPANY_* variables describe it.
type Agency struct {
	Name     string // COMPANY_NAME
	Street   string // from COMPANY_ADDRESS
	Postcode string
	City     string
	Country  string // "NL"
	KVK      string // COMPANY_KVK
	VATID    string // COMPANY_VAT
	IBAN     string // COMPANY_IBAN
	Email    string // COMPANY_EMAIL (optional)
}

// PayLinks gives an invoice's "pay online" link; "" when there is none.
// The payment provider (internal/payments) implements it.
type PayLinks interface {
	PayURL(invoiceID string) string
}

// Options configures a Service.
type Options struct {
	DB     *store.DB
	Agency Agency
	// SiteURL is the origin of the links in the emails.
	SiteURL string
	// PayLinks gives the pay link of an invoice; nil: bank transfer only.
	PayLinks PayLinks
	// Documents writes the PDF and the UBL; nil: invoicedoc's.
	Documents Documents
	// Notify wakes the job worker after an email is queued.
	Notify func()
	Logger *slog.Logger
	Now    func() time.Time
}

// Service is billing.
type Service struct {
	db      *store.DB
	agency  Agency
	siteURL string
	pay     PayLinks
	docs    Documents
	notify  func()
	log     *slog.Logger
	now     func() time.Time
}

// New returns a Service.
func New(o Options) *Service {
	s := &Service{db: o.DB, agency: o.Agency, siteURL: o.SiteURL, pay: o.PayLinks, docs: o.Documents, notify: o.Notify, log: o.Logger, now: o.Now}
	if s.docs == nil {
		s.docs = invoiceDocs{}
	}
	if s.notify == nil {
		s.notify = func() {}
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// SetPayLinks sets the pay link source after New (the payment provider is
// made with the billing service).
func (s *Service) SetPayLinks(p PayLinks) { s.pay = p }

var errTodo = &apierr.Error{Kind: apierr.Internal, Code: apierr.CodeInternal, Message: "Not implemented yet."}

// Overview returns the statements of period (YYYY-MM) per company, and per
// buyer without a company.
func (s *Service) Overview(ctx context.Context, period string) (Overview, error) {
	return Overview{}, errTodo
}

// Issue issues the invoice of the buyer's company for period on behalf of
// the staff member actorID.
func (s *Service) Issue(ctx context.Context, actorID, buyerID, period string) (Invoice, error) {
	return Invoice{}, errTodo
}

// CreditNote issues a credit note correcting invoice id: every line when
// lines is empty, else those net amounts at the invoice's VAT rate.
func (s *Service) CreditNote(ctx context.Context, actorID, id, reason string, lines []CreditLine) (Invoice, error) {
	return Invoice{}, errTodo
}

// SetPaid marks invoice id paid on paidAt (YYYY-MM-DD), or unpaid (nil).
func (s *Service) SetPaid(ctx context.Context, actorID, id string, paidAt *string, version int) (Invoice, error) {
	return Invoice{}, errTodo
}

// ConsoleInvoices lists the invoices and credit notes of a period ("" for
// every period) with a status ("" for every status), newest first.
func (s *Service) ConsoleInvoices(ctx context.Context, period, status string) ([]InvoiceSummary, error) {
	return nil, errTodo
}

// ConsoleInvoice returns any invoice with its lines.
func (s *Service) ConsoleInvoice(ctx context.Context, id string) (Invoice, error) {
	return Invoice{}, errTodo
}

// BuyerInvoices returns the invoices of the user's company and the
// running month's usage so far.
func (s *Service) BuyerInvoices(ctx context.Context, userID string) (BuyerInvoices, error) {
	return BuyerInvoices{}, errTodo
}

// File is a downloadable document.
type File struct {
	Name        string // Belwise-2026-0001.pdf
	ContentType string
	Data        []byte
}

// Download returns the PDF (format "pdf") or UBL ("xml") of invoice id:
// the user's company's, or any for staff; ErrNotFound otherwise.
func (s *Service) Download(ctx context.Context, userID string, staff bool, id, format string) (File, error) {
	return File{}, errTodo
}

// RegisterMail teaches the mailer the billing emails.
func (s *Service) RegisterMail(m *mail.Mailer) {}

// RegisterJobs has w run the daily overdue reminder.
func (s *Service) RegisterJobs(w *jobs.Worker) {}
