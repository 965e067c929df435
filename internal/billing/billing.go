// Package billing turns the agency's orders and their usage lines into
// monthly statements, issues invoices and credit notes from them (numbered
// without gaps per calendar year), keeps their payment and emails them,
// with their PDF and UBL e-invoice, to the buyer's company. An issued
// invoice never changes; a correction is a credit note.
package billing

import (
	"log/slog"
	"time"

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
