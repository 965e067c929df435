package billing

import (
	"time"

	"github.com/belwise/site/internal/console"
)

// Line is one line of a statement, an invoice or a credit note. NetCents =
// Quantity × UnitPriceCents / BaseQuantity rounded half up; VATCents =
// NetCents × VATRateBP / 10000 rounded half up, per line. A credit note's
// amounts are negative.
type Line struct {
	Kind           string `json:"kind" enum:"setup,monthly,usage,credit"`
	OrderID        string `json:"orderId" doc:"The order the line bills; empty for a credit line written by staff."`
	OrderNumber    string `json:"orderNumber" doc:"The first 8 characters of the order's id; empty without an order."`
	Description    string `json:"description" doc:"In the invoice's language (the buyer's locale)."`
	Quantity       string `json:"quantity" doc:"Decimal, as printed and sent in the UBL: seconds for usage, days for a monthly fee, 1 for a setup fee."`
	Unit           string `json:"unit" doc:"UN/ECE rec 20: SEC second, DAY, C62 one."`
	BaseQuantity   string `json:"baseQuantity" doc:"The quantity the unit price is for: 60 (a per-minute rate), the month's days (a monthly fee), 1."`
	UnitPriceCents int64  `json:"unitPriceCents"`
	NetCents       int64  `json:"netCents"`
	VATRateBP      int    `json:"vatRateBp" doc:"Basis points: 2100 is 21 %, 0 under reverse charge."`
	VATCents       int64  `json:"vatCents"`
}

// VATRate is the subtotal of the lines at one VAT rate.
type VATRate struct {
	RateBP   int   `json:"rateBp"`
	NetCents int64 `json:"netCents"`
	VATCents int64 `json:"vatCents"`
}

// Company is the company a statement or invoice is for, as staff see it.
type Company struct {
	ID           string `json:"id"`
	LegalName    string `json:"legalName"`
	Country      string `json:"country"`
	VATID        string `json:"vatId"`
	InvoiceEmail string `json:"invoiceEmail"`
}

// Buyer is the account a statement is issued through: the invoice is in
// its language.
type Buyer struct {
	console.Person
	Locale string `json:"locale" enum:"en,nl"`
}

// InvoiceRef names an invoice: its id, number and status.
type InvoiceRef struct {
	ID     string `json:"id"`
	Number string `json:"number"`
	Status string `json:"status" enum:"open,paid,overdue,credited,credit"`
}

// Statement is what one company (or one buyer without a company) is billed
// for a month.
type Statement struct {
	Buyer Buyer `json:"buyer" doc:"The account to issue through (buyerId of POST /api/console/billing/invoices); the invoice is in its language."`
	// Company is null when the buyer has not filled in company details:
	// no invoice can be issued until they do.
	Company        *Company    `json:"company"`
	CompanyMissing bool        `json:"companyMissing" doc:"The buyer has no company details yet: they must fill them in before an invoice can be issued."`
	Period         string      `json:"period" doc:"YYYY-MM"`
	Currency       string      `json:"currency"`
	VATTreatment   string      `json:"vatTreatment" enum:"standard,reverse_charge"`
	Lines          []Line      `json:"lines"`
	SubtotalCents  int64       `json:"subtotalCents"`
	VAT            []VATRate   `json:"vat" doc:"Per VAT rate, highest rate first."`
	VATCents       int64       `json:"vatCents"`
	TotalCents     int64       `json:"totalCents"`
	Invoice        *InvoiceRef `json:"invoice" doc:"The invoice issued for this company and period that still stands; null when none."`
}

// Overview is the console's billing page for a month.
type Overview struct {
	Period string `json:"period" doc:"YYYY-MM"`
	// Closed: the month has ended in Europe/Amsterdam, so it can be invoiced.
	Closed bool `json:"closed"`
	// Missing lists the COMPANY_* variables that must be set before any
	// invoice can be issued.
	Missing    []string    `json:"missing" doc:"The agency's details (COMPANY_* variables) that must be set before invoicing; empty when all are."`
	Statements []Statement `json:"statements"`
}

// Party is the seller or the buyer as the invoice was issued.
type Party struct {
	Name     string `json:"name"`
	Street   string `json:"street"`
	Postcode string `json:"postcode"`
	City     string `json:"city"`
	Country  string `json:"country"`
	KVK      string `json:"kvk"`
	VATID    string `json:"vatId"`
	Email    string `json:"email"`
	IBAN     string `json:"iban" doc:"The seller's account; empty for the buyer."`
}

// Invoice statuses (derived, never stored).
const (
	StatusOpen    = "open"
	StatusPaid    = "paid"
	StatusOverdue = "overdue"
	StatusCredit  = "credit" // a credit note
	// StatusCredited is an unpaid invoice that credit notes cancelled in
	// full: nothing is owed, and no reminder is sent.
	StatusCredited = "credited"
)

// Invoice kinds.
const (
	KindInvoice    = "invoice"
	KindCreditNote = "credit_note"
)

// InvoiceSummary is an invoice or credit note in a list.
type InvoiceSummary struct {
	ID             string  `json:"id"`
	Number         string  `json:"number"`
	Kind           string  `json:"kind" enum:"invoice,credit_note"`
	Status         string  `json:"status" enum:"open,paid,overdue,credited,credit"`
	Period         string  `json:"period" doc:"YYYY-MM"`
	IssuedOn       string  `json:"issuedOn" format:"date"`
	DueOn          string  `json:"dueOn" format:"date"`
	Currency       string  `json:"currency"`
	SubtotalCents  int64   `json:"subtotalCents"`
	VATCents       int64   `json:"vatCents"`
	TotalCents     int64   `json:"totalCents" doc:"Negative for a credit note."`
	CorrectsID     *string `json:"correctsId" doc:"A credit note: the invoice it corrects."`
	CorrectsNumber *string `json:"correctsNumber"`
	CompanyID      string  `json:"companyId"`
	BuyerName      string  `json:"buyerName" doc:"The company's legal name as issued."`
	PaidAt         *string `json:"paidAt" format:"date" doc:"The day it was paid (Europe/Amsterdam); null while unpaid."`
	PayURL         string  `json:"payUrl,omitempty" doc:"A link to pay online; absent when there is none."`
	PayTo          *Payee  `json:"payTo,omitempty" doc:"An invoice with something left to pay: the account to pay it to by bank transfer, as on the invoice."`
}

// Payee is the account an invoice is paid to by bank transfer.
type Payee struct {
	Name string `json:"name"`
	IBAN string `json:"iban"`
}

// Invoice is an issued invoice or credit note with its lines and both
// parties as issued.
type Invoice struct {
	InvoiceSummary
	Locale         string     `json:"locale" enum:"en,nl"`
	VATTreatment   string     `json:"vatTreatment" enum:"standard,reverse_charge"`
	Reason         string     `json:"reason" doc:"A credit note: why."`
	Seller         Party      `json:"seller"`
	Buyer          Party      `json:"buyer"`
	Lines          []Line     `json:"lines"`
	VAT            []VATRate  `json:"vat"`
	PaidVia        string     `json:"paidVia" enum:",staff,mollie"`
	ReminderSentAt *time.Time `json:"reminderSentAt"`
	// CreditedCents is what credit notes took off this invoice so far
	// (positive, including VAT).
	CreditedCents int64            `json:"creditedCents"`
	CreditNotes   []InvoiceSummary `json:"creditNotes" doc:"The credit notes that correct this invoice."`
	Version       int              `json:"version"`
	CreatedAt     time.Time        `json:"createdAt"`
	CreatedBy     string           `json:"createdBy" doc:"The staff member who issued it (user id)."`
}

// Usage is what the running month's calls cost so far, as the month's
// statement will bill them.
type Usage struct {
	Period      string  `json:"period" doc:"YYYY-MM, the running month in Europe/Amsterdam."`
	Seconds     int64   `json:"seconds"`
	Minutes     float64 `json:"minutes" doc:"Seconds / 60, to one decimal."`
	AmountCents int64   `json:"amountCents" doc:"Excluding VAT: per order and rate, seconds × rate / 60 rounded half up."`
	Currency    string  `json:"currency"`
}

// BuyerInvoices is the buyer's invoices page.
type BuyerInvoices struct {
	Invoices       []InvoiceSummary `json:"invoices" doc:"The company's invoices and credit notes, newest first."`
	UsageThisMonth Usage            `json:"usageThisMonth"`
	HasCompany     bool             `json:"hasCompany" doc:"The buyer has filled in company details."`
}

// CreditLine is one line of a partial credit note: the net amount credited
// (positive) at the invoice's VAT rate.
type CreditLine struct {
	Description string `json:"description"`
	AmountCents int64  `json:"amountCents" doc:"The net amount credited, excluding VAT; more than 0."`
}
