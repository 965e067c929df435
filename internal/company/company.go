// Package company keeps the buyer's company details: the legal entity the
// agency's invoices are addressed to (issue 22). Dutch law (art. 35a Wet OB)
// asks an invoice for the customer's name and address, and its VAT id when
// the VAT is reverse charged; the KvK number identifies a Dutch company.
// The package checks and tidies the details (every problem at once, one per
// field) before the store saves them; only EU member states can be saved,
// since the invoices' VAT rules are those of the EU (outside it the buyer
// arranges billing with the agency).
package company

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/vatid"
)

// Company is a buyer's company as the API answers it.
type Company struct {
	ID            string    `json:"id"`
	LegalName     string    `json:"legalName" doc:"The registered name, as invoices show it."`
	Street        string    `json:"street" doc:"Street and number, one line."`
	Postcode      string    `json:"postcode" doc:"Normalised for its country (NL: 1234 AB)."`
	City          string    `json:"city"`
	Country       string    `json:"country" doc:"ISO 3166-1 alpha-2 of an EU member state, upper case."`
	KVK           string    `json:"kvk" doc:"The Dutch Chamber of Commerce number, 8 digits; empty outside the Netherlands."`
	VATID         string    `json:"vatId" doc:"The VAT id, upper case without spaces (NL123456789B01); empty when none."`
	InvoiceEmail  string    `json:"invoiceEmail" doc:"Where invoices are emailed."`
	CallRetention string    `json:"callRetention" enum:"30,90,365,none" doc:"How long the content of the company's calls is kept: 30, 90 or 365 days, or none (no recording links are stored; transcripts are kept 90 days). 90 until the company chooses."`
	Version       int       `json:"version" doc:"1 when created, +1 on every change; send it back with a change."`
	UpdatedAt     time.Time `json:"updatedAt"`
}

func fromStore(c store.Company) Company {
	return Company{ID: c.ID, LegalName: c.LegalName, Street: c.Street, Postcode: c.Postcode, City: c.City, Country: c.Country,
		KVK: c.KVK, VATID: c.VATID, InvoiceEmail: c.InvoiceEmail, Version: c.Version, UpdatedAt: c.UpdatedAt,
		CallRetention: cmp.Or(c.CallRetention, store.Retention90)}
}

var (
	errRetention = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidField, Field: "callRetention",
		Message: "callRetention must be 30, 90, 365 or none."}
	errNoCompany = &apierr.Error{Kind: apierr.Conflict, Code: apierr.CodeCompanyMissing, Field: "callRetention",
		Message: "Save the company details first; the retention choice belongs to the company."}
)

// SetRetention stores the company's choice of how long its calls' content
// is kept (see package calls: 30, 90 or 365 days, or "none": no recording
// links stored, the rest kept 90 days). 409 company_missing while the
// user has no company.
func (s *Service) SetRetention(ctx context.Context, userID, choice string) (Company, error) {
	switch choice {
	case store.Retention30, store.Retention90, store.Retention365, store.RetentionNone:
	default:
		return Company{}, errRetention
	}
	c, err := s.db.SetCompanyRetention(ctx, userID, choice, s.now().UTC())
	if errors.Is(err, store.ErrNotFound) {
		return Company{}, errNoCompany
	}
	if err != nil {
		return Company{}, apierr.Wrap("company: retention", err)
	}
	s.log.Info("call retention chosen", "user", userID, "company", c.ID, "retention", choice)
	return fromStore(c), nil
}

// Input is the details as the buyer typed them.
type Input struct {
	LegalName, Street, Postcode, City, Country, KVK, VATID, InvoiceEmail string
}

// ErrBuyerOnly answers a staff account: the agency's staff are not billed,
// so they have no company.
var ErrBuyerOnly = &apierr.Error{Kind: apierr.Forbidden, Code: apierr.CodeBuyerOnly,
	Message: "Company details belong to buyer accounts; a staff account has none."}

// Options configures a Service.
type Options struct {
	DB     *store.DB
	Logger *slog.Logger
	Now    func() time.Time // default time.Now
}

// Service reads and saves buyers' company details.
type Service struct {
	db  *store.DB
	log *slog.Logger
	now func() time.Time
}

// New makes the service.
func New(o Options) *Service {
	s := &Service{db: o.DB, log: o.Logger, now: o.Now}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// Countries are the countries a company can be saved in: the EU member
// states (ISO codes, Home first, then in code order).
func Countries() []string {
	out := []string{vatid.Home}
	for _, c := range vatid.Countries() {
		if c != vatid.Home {
			out = append(out, c)
		}
	}
	return out
}

// Country is a country a company can be in, with what its details look
// like (for the form's hints).
type Country struct {
	Code            string `json:"code" doc:"ISO 3166-1 alpha-2."`
	PostcodeExample string `json:"postcodeExample" doc:"A postcode as the country writes it (NL: 1015 AA)."`
	VATExample      string `json:"vatExample" doc:"A made-up VAT id in the country's format (NL: NL123456789B01)."`
}

// CountryList is Countries with their examples.
func CountryList() []Country {
	out := make([]Country, 0, len(vatid.Countries()))
	for _, c := range Countries() {
		out = append(out, Country{Code: c, PostcodeExample: postcodes[c].example, VATExample: vatid.Example(c)})
	}
	return out
}

// Get returns the user's company, or nil when they have none yet.
func (s *Service) Get(ctx context.Context, userID string) (*Company, error) {
	c, err := s.db.CompanyForUser(ctx, userID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, nil
	case err != nil:
		return nil, apierr.Wrap("company: read", err)
	}
	out := fromStore(c)
	return &out, nil
}

// Save checks the details and stores them as the user's company: a new
// company when they have none (version is then ignored), else a change of
// theirs when version is the one stored (409 version_conflict otherwise).
// Every problem of the input is answered at once (apierr.Join).
func (s *Service) Save(ctx context.Context, userID string, in Input, version int) (Company, error) {
	c, err := Validate(in)
	if err != nil {
		return Company{}, err
	}
	saved, err := s.db.SaveCompany(ctx, userID, c, version, s.now().UTC())
	if err != nil {
		return Company{}, apierr.Wrap("company: save", err)
	}
	s.log.Info("company details saved", "user", userID, "company", saved.ID, "version", saved.Version)
	return fromStore(saved), nil
}
