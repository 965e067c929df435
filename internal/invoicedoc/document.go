// Package invoicedoc writes an issued invoice or credit note as the
// documents a buyer receives: a PDF in the buyer's language and a UBL 2.1
// e-invoice following Peppol BIS Billing 3.0 / NLCIUS. It formats; it does
// not decide: every amount, date and party comes in the Document, as the
// billing package issued and stored it.
package invoicedoc

import "time"

// Party is the seller or the buyer as printed on the document.
type Party struct {
	Name     string
	Street   string // street and number, one line
	Postcode string
	City     string
	Country  string // ISO 3166-1 alpha-2
	KVK      string // Dutch Chamber of Commerce number; "" when none
	VATID    string // "" when none
	Email    string
	IBAN     string // the seller's account; "" for the buyer
}

// Line is one invoice line. NetCents = Quantity × UnitPriceCents /
// BaseQuantity rounded half up, VATCents = NetCents × VATRateBP / 10000
// rounded half up: the billing package computed both.
type Line struct {
	Description    string
	Quantity       string // decimal, as sent in the UBL: "36750", "17", "1"
	Unit           string // UN/ECE rec 20: "SEC" second (of time; "D62", the second of angle, is read as seconds too), "DAY", "C62" one
	BaseQuantity   string // what the unit price is for: "60" (seconds in a minute), "30" (days in the month), "1"
	UnitPriceCents int64
	NetCents       int64
	VATRateBP      int // basis points: 2100 is 21 %, 0 under reverse charge
	VATCents       int64
}

// Kinds of document.
const (
	KindInvoice    = "invoice"
	KindCreditNote = "credit_note"
)

// VAT treatments.
const (
	VATStandard      = "standard"       // Dutch VAT (21 %)
	VATReverseCharge = "reverse_charge" // an EU business elsewhere: 0 %, "VAT reverse charged / btw verlegd"
)

// Document is an issued invoice or credit note. A credit note's amounts
// are negative here (as stored); the UBL CreditNote carries them positive.
type Document struct {
	Kind             string // KindInvoice | KindCreditNote
	Number           string // "2026-0001"
	CorrectsNumber   string // a credit note: the invoice it corrects
	CorrectsIssuedOn time.Time
	Reason           string    // a credit note: why
	IssuedOn         time.Time // a date (midnight UTC of the day in Europe/Amsterdam)
	DueOn            time.Time
	PeriodStart      time.Time // first day of the billed month
	PeriodEnd        time.Time // last day of the billed month
	Currency         string    // ISO 4217
	Locale           string    // "en" | "nl": the PDF's language
	VATTreatment     string    // VATStandard | VATReverseCharge
	Seller, Buyer    Party
	Lines            []Line
	SubtotalCents    int64  // sum of the lines' NetCents
	VATCents         int64  // sum of the lines' VATCents
	TotalCents       int64  // SubtotalCents + VATCents
	PayURL           string // "Pay with iDEAL" link; "" shows bank transfer details only
}
