package invoicedoc

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"fmt"
	"strings"
)

// Peppol BIS Billing 3.0 identifiers (BT-24 and BT-23).
const (
	CustomizationID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"
	ProfileID       = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"
)

// UBL document namespaces.
const (
	nsInvoice    = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
	nsCreditNote = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
	nsCAC        = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
	nsCBC        = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
)

// vatScheme maps an EU member state to the Peppol EAS code (ISO 6523 ICD
// or 99xx) under which a buyer is reached by its VAT number, and how the
// number is written under that scheme. Peppol's EAS list has no e-mail
// scheme, so a buyer without a KvK number or a VAT id has no endpoint.
var vatScheme = map[string]struct {
	code string
	id   func(vat string) string
}{
	"AT": {"9914", full}, "BE": {"9925", full}, "BG": {"9926", full}, "CY": {"9928", full},
	"CZ": {"9929", full}, "DE": {"9930", full}, "EE": {"9931", full}, "GR": {"9933", full},
	"HR": {"9934", full}, "IE": {"9935", full}, "LT": {"9937", full}, "LU": {"9938", full},
	"LV": {"9939", full}, "MT": {"9943", full}, "NL": {"9944", full}, "PL": {"9945", full},
	"PT": {"9946", full}, "RO": {"9947", full}, "SI": {"9949", full}, "SK": {"9950", full},
	"ES": {"9920", full}, "FR": {"9957", full}, "HU": {"9910", full},
	"IT": {"0211", full},                                                   // IT:IVA, Partita IVA
	"DK": {"0184", digits},                                                 // DK:DIGST, the CVR number
	"SE": {"0007", func(v string) string { return cut(digits(v), 0, 10) }}, // SE:ORGNR, SE + orgnr + 01
	"FI": {"0216", func(v string) string { return "0037" + digits(v) }},    // FI:OVT code from the Y-tunnus
}

func full(v string) string { return v }

func digits(v string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, v)
}

func cut(s string, i, j int) string {
	if len(s) < j {
		return s
	}
	return s[i:j]
}

// endpoint is a party's Peppol electronic address (BT-34 / BT-49): its KvK
// number (0106) when it has one, else its VAT number under its country's
// scheme; ok is false when it has neither.
func endpoint(p Party) (scheme, id string, ok bool) {
	if p.KVK != "" && strings.EqualFold(p.Country, "NL") {
		return "0106", p.KVK, true
	}
	if p.VATID != "" {
		if s, found := vatScheme[strings.ToUpper(p.Country)]; found {
			return s.code, s.id(p.VATID), true
		}
	}
	return "", "", false
}

type ublAmount struct {
	Currency string `xml:"currencyID,attr"`
	Value    string `xml:",chardata"`
}

type ublQuantity struct {
	Unit  string `xml:"unitCode,attr"`
	Value string `xml:",chardata"`
}

type ublID struct {
	Scheme string `xml:"schemeID,attr,omitempty"`
	Value  string `xml:",chardata"`
}

type ublPeriod struct {
	StartDate string `xml:"cbc:StartDate"`
	EndDate   string `xml:"cbc:EndDate"`
}

type ublDocRef struct {
	ID        string `xml:"cbc:ID"`
	IssueDate string `xml:"cbc:IssueDate,omitempty"`
}

// ublAttachment is the PDF embedded in the UBL (BG-24, BT-125), so
// bookkeeping software shows the invoice as the buyer received it.
type ublAttachment struct {
	MimeCode string `xml:"mimeCode,attr"`
	Filename string `xml:"filename,attr"`
	Data     string `xml:",chardata"`
}

type ublAdditionalRef struct {
	ID          string        `xml:"cbc:ID"`
	Description string        `xml:"cbc:DocumentDescription"`
	Attachment  ublAttachment `xml:"cac:Attachment>cbc:EmbeddedDocumentBinaryObject"`
}

type ublBillingRef struct {
	Invoice ublDocRef `xml:"cac:InvoiceDocumentReference"`
}

type ublCountry struct {
	Code string `xml:"cbc:IdentificationCode"`
}

type ublAddress struct {
	StreetName string     `xml:"cbc:StreetName,omitempty"`
	CityName   string     `xml:"cbc:CityName,omitempty"`
	PostalZone string     `xml:"cbc:PostalZone,omitempty"`
	Country    ublCountry `xml:"cac:Country"`
}

type ublTaxScheme struct {
	ID string `xml:"cbc:ID"`
}

type ublPartyTaxScheme struct {
	CompanyID string       `xml:"cbc:CompanyID"`
	TaxScheme ublTaxScheme `xml:"cac:TaxScheme"`
}

type ublLegalEntity struct {
	RegistrationName string `xml:"cbc:RegistrationName"`
	CompanyID        *ublID `xml:"cbc:CompanyID,omitempty"`
}

type ublContact struct {
	ElectronicMail string `xml:"cbc:ElectronicMail,omitempty"`
}

type ublPartyName struct {
	Name string `xml:"cbc:Name"`
}

type ublParty struct {
	EndpointID     *ublID              `xml:"cbc:EndpointID,omitempty"`
	PartyName      ublPartyName        `xml:"cac:PartyName"`
	PostalAddress  ublAddress          `xml:"cac:PostalAddress"`
	PartyTaxScheme []ublPartyTaxScheme `xml:"cac:PartyTaxScheme"`
	LegalEntity    ublLegalEntity      `xml:"cac:PartyLegalEntity"`
	Contact        *ublContact         `xml:"cac:Contact,omitempty"`
}

type ublPartyWrap struct {
	Party ublParty `xml:"cac:Party"`
}

type ublAccount struct {
	ID   string `xml:"cbc:ID"`
	Name string `xml:"cbc:Name,omitempty"`
}

type ublPaymentMeans struct {
	Code      string     `xml:"cbc:PaymentMeansCode"`
	PaymentID string     `xml:"cbc:PaymentID"`
	Payee     ublAccount `xml:"cac:PayeeFinancialAccount"`
}

type ublPaymentTerms struct {
	Note string `xml:"cbc:Note"`
}

type ublTaxCategory struct {
	ID                  string       `xml:"cbc:ID"`
	Percent             string       `xml:"cbc:Percent"`
	ExemptionReasonCode string       `xml:"cbc:TaxExemptionReasonCode,omitempty"`
	ExemptionReason     string       `xml:"cbc:TaxExemptionReason,omitempty"`
	TaxScheme           ublTaxScheme `xml:"cac:TaxScheme"`
}

type ublTaxSubtotal struct {
	TaxableAmount ublAmount      `xml:"cbc:TaxableAmount"`
	TaxAmount     ublAmount      `xml:"cbc:TaxAmount"`
	TaxCategory   ublTaxCategory `xml:"cac:TaxCategory"`
}

type ublTaxTotal struct {
	TaxAmount ublAmount        `xml:"cbc:TaxAmount"`
	Subtotals []ublTaxSubtotal `xml:"cac:TaxSubtotal"`
}

type ublMonetaryTotal struct {
	LineExtensionAmount ublAmount `xml:"cbc:LineExtensionAmount"`
	TaxExclusiveAmount  ublAmount `xml:"cbc:TaxExclusiveAmount"`
	TaxInclusiveAmount  ublAmount `xml:"cbc:TaxInclusiveAmount"`
	PayableAmount       ublAmount `xml:"cbc:PayableAmount"`
}

type ublItem struct {
	Name        string         `xml:"cbc:Name"`
	TaxCategory ublTaxCategory `xml:"cac:ClassifiedTaxCategory"`
}

type ublPrice struct {
	PriceAmount  ublAmount   `xml:"cbc:PriceAmount"`
	BaseQuantity ublQuantity `xml:"cbc:BaseQuantity"`
}

type ublLine struct {
	ID                  string       `xml:"cbc:ID"`
	InvoicedQuantity    *ublQuantity `xml:"cbc:InvoicedQuantity,omitempty"`
	CreditedQuantity    *ublQuantity `xml:"cbc:CreditedQuantity,omitempty"`
	LineExtensionAmount ublAmount    `xml:"cbc:LineExtensionAmount"`
	Item                ublItem      `xml:"cac:Item"`
	Price               ublPrice     `xml:"cac:Price"`
}

// ublDoc is an Invoice or a CreditNote: the fields are in the order of the
// UBL 2.1 schema's sequence for both (the few that differ are set for one
// kind only).
type ublDoc struct {
	XMLName            xml.Name
	XmlnsCAC           string           `xml:"xmlns:cac,attr"`
	XmlnsCBC           string           `xml:"xmlns:cbc,attr"`
	CustomizationID    string           `xml:"cbc:CustomizationID"`
	ProfileID          string           `xml:"cbc:ProfileID"`
	ID                 string           `xml:"cbc:ID"`
	IssueDate          string           `xml:"cbc:IssueDate"`
	DueDate            string           `xml:"cbc:DueDate,omitempty"`
	InvoiceTypeCode    string           `xml:"cbc:InvoiceTypeCode,omitempty"`
	CreditNoteTypeCode string           `xml:"cbc:CreditNoteTypeCode,omitempty"`
	Note               string           `xml:"cbc:Note,omitempty"`
	Currency           string           `xml:"cbc:DocumentCurrencyCode"`
	BuyerReference     string           `xml:"cbc:BuyerReference"`
	InvoicePeriod      *ublPeriod       `xml:"cac:InvoicePeriod,omitempty"`
	BillingReference   *ublBillingRef   `xml:"cac:BillingReference,omitempty"`
	AdditionalDocument ublAdditionalRef `xml:"cac:AdditionalDocumentReference"`
	Supplier           ublPartyWrap     `xml:"cac:AccountingSupplierParty"`
	Customer           ublPartyWrap     `xml:"cac:AccountingCustomerParty"`
	PaymentMeans       *ublPaymentMeans `xml:"cac:PaymentMeans,omitempty"`
	PaymentTerms       *ublPaymentTerms `xml:"cac:PaymentTerms,omitempty"`
	TaxTotal           ublTaxTotal      `xml:"cac:TaxTotal"`
	MonetaryTotal      ublMonetaryTotal `xml:"cac:LegalMonetaryTotal"`
	InvoiceLines       []ublLine        `xml:"cac:InvoiceLine"`
	CreditNoteLines    []ublLine        `xml:"cac:CreditNoteLine"`
}

// decimal writes cents as a decimal amount with two decimals: 123456 →
// "1234.56", -5 → "-0.05".
func decimal(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d.%02d", sign, cents/100, cents%100)
}

// percent writes basis points as a percentage: 2100 → "21", 950 → "9.5".
func percent(bp int) string {
	s := fmt.Sprintf("%d.%02d", bp/100, bp%100)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

func absCents(c int64) int64 {
	if c < 0 {
		return -c
	}
	return c
}

// taxCategory is the EN 16931 VAT category of the document's lines: S
// (standard rate) or AE (reverse charge, with its exemption reason).
func taxCategory(d Document, bp int, withReason bool) ublTaxCategory {
	c := ublTaxCategory{ID: "S", Percent: percent(bp), TaxScheme: ublTaxScheme{ID: "VAT"}}
	if d.VATTreatment == VATReverseCharge {
		c.ID = "AE"
		c.Percent = "0"
		if withReason {
			c.ExemptionReasonCode = "VATEX-EU-AE"
			c.ExemptionReason = "Reverse charge"
		}
	}
	return c
}

func ublPartyOf(p Party, seller bool) ublParty {
	u := ublParty{
		PartyName: ublPartyName{Name: p.Name},
		PostalAddress: ublAddress{
			StreetName: p.Street,
			CityName:   p.City,
			PostalZone: p.Postcode,
			Country:    ublCountry{Code: strings.ToUpper(p.Country)},
		},
		LegalEntity: ublLegalEntity{RegistrationName: p.Name},
	}
	if scheme, id, ok := endpoint(p); ok {
		u.EndpointID = &ublID{Scheme: scheme, Value: id}
	}
	if p.VATID != "" {
		u.PartyTaxScheme = []ublPartyTaxScheme{{CompanyID: p.VATID, TaxScheme: ublTaxScheme{ID: "VAT"}}}
	}
	if p.KVK != "" && (seller || strings.EqualFold(p.Country, "NL")) {
		u.LegalEntity.CompanyID = &ublID{Scheme: "0106", Value: p.KVK}
	}
	if p.Email != "" {
		u.Contact = &ublContact{ElectronicMail: p.Email}
	}
	return u
}

// check refuses a document that cannot be written: the writers format, so
// a missing number or an unknown kind is the caller's mistake.
func check(d Document) error {
	switch {
	case d.Kind != KindInvoice && d.Kind != KindCreditNote:
		return fmt.Errorf("invoicedoc: unknown kind %q", d.Kind)
	case d.Number == "":
		return fmt.Errorf("invoicedoc: no number")
	case d.IssuedOn.IsZero():
		return fmt.Errorf("invoicedoc: %s has no issue date", d.Number)
	case d.Currency == "":
		return fmt.Errorf("invoicedoc: %s has no currency", d.Number)
	case len(d.Lines) == 0:
		return fmt.Errorf("invoicedoc: %s has no lines", d.Number)
	case d.Kind == KindCreditNote && d.CorrectsNumber == "":
		return fmt.Errorf("invoicedoc: credit note %s names no invoice it corrects", d.Number)
	case d.Seller.Name == "" || d.Buyer.Name == "":
		return fmt.Errorf("invoicedoc: %s lacks a party's name", d.Number)
	case d.Seller.VATID == "":
		return fmt.Errorf("invoicedoc: %s: the seller has no VAT id", d.Number)
	case strings.EqualFold(d.Seller.Country, "NL") && d.Seller.KVK == "":
		return fmt.Errorf("invoicedoc: %s: the seller has no KvK number", d.Number)
	case d.Kind == KindInvoice && d.DueOn.IsZero():
		return fmt.Errorf("invoicedoc: invoice %s has no due date", d.Number)
	case d.Kind == KindInvoice && d.Seller.IBAN == "":
		return fmt.Errorf("invoicedoc: %s: the seller has no IBAN to pay to", d.Number)
	case d.VATTreatment == VATReverseCharge && d.Buyer.VATID == "":
		return fmt.Errorf("invoicedoc: %s: VAT reverse charged to a buyer without a VAT id", d.Number)
	}
	return nil
}

const isoDate = "2006-01-02"

// UBL writes d as a UBL 2.1 Invoice (or CreditNote) following Peppol BIS
// Billing 3.0 and NLCIUS, with the PDF embedded (the same bytes PDF(d)
// returns) as its visual representation.
func UBL(d Document) ([]byte, error) {
	if err := check(d); err != nil {
		return nil, err
	}
	credit := d.Kind == KindCreditNote
	// A credit note's amounts are negative in the Document; the CreditNote
	// says "credit" by its type and carries them positive.
	amt := func(c int64) ublAmount {
		if credit {
			c = -c
		}
		return ublAmount{Currency: d.Currency, Value: decimal(c)}
	}
	u := ublDoc{
		XmlnsCAC:        nsCAC,
		XmlnsCBC:        nsCBC,
		CustomizationID: CustomizationID,
		ProfileID:       ProfileID,
		ID:              d.Number,
		IssueDate:       d.IssuedOn.Format(isoDate),
		Currency:        d.Currency,
		BuyerReference:  d.Number,
		Supplier:        ublPartyWrap{Party: ublPartyOf(d.Seller, true)},
		Customer:        ublPartyWrap{Party: ublPartyOf(d.Buyer, false)},
	}
	if !d.PeriodStart.IsZero() && !d.PeriodEnd.IsZero() {
		u.InvoicePeriod = &ublPeriod{StartDate: d.PeriodStart.Format(isoDate), EndDate: d.PeriodEnd.Format(isoDate)}
	}
	l := labelsFor(d.Locale)
	pdf, err := PDF(d)
	if err != nil {
		return nil, err
	}
	title := l.invoice
	if credit {
		title = l.creditNote
	}
	u.AdditionalDocument = ublAdditionalRef{
		ID:          d.Number,
		Description: title + " " + d.Number,
		Attachment:  ublAttachment{MimeCode: "application/pdf", Filename: d.Number + ".pdf", Data: base64.StdEncoding.EncodeToString(pdf)},
	}
	if credit {
		u.XMLName = xml.Name{Space: nsCreditNote, Local: "CreditNote"}
		u.CreditNoteTypeCode = "381"
		ref := ublDocRef{ID: d.CorrectsNumber}
		if !d.CorrectsIssuedOn.IsZero() {
			ref.IssueDate = d.CorrectsIssuedOn.Format(isoDate)
		}
		u.BillingReference = &ublBillingRef{Invoice: ref}
		u.Note = d.Reason
	} else {
		u.XMLName = xml.Name{Space: nsInvoice, Local: "Invoice"}
		u.InvoiceTypeCode = "380"
		u.DueDate = d.DueOn.Format(isoDate)
		u.PaymentMeans = &ublPaymentMeans{
			Code:      "58", // SEPA credit transfer
			PaymentID: d.Number,
			Payee:     ublAccount{ID: compactIBAN(d.Seller.IBAN)},
		}
		u.PaymentTerms = &ublPaymentTerms{Note: l.paymentTermsNote(d)}
	}
	// Peppol allows one note (PEPPOL-EN16931-R002): a reverse-charged
	// credit note's says both.
	if d.VATTreatment == VATReverseCharge {
		u.Note = strings.TrimPrefix(u.Note+". "+reverseChargeText, ". ")
	}

	for i, ln := range d.Lines {
		q := ublQuantity{Unit: ln.Unit, Value: strings.TrimPrefix(ln.Quantity, "-")}
		line := ublLine{
			ID:                  fmt.Sprint(i + 1),
			LineExtensionAmount: amt(ln.NetCents),
			Item:                ublItem{Name: ln.Description, TaxCategory: taxCategory(d, ln.VATRateBP, false)},
			Price: ublPrice{
				PriceAmount:  ublAmount{Currency: d.Currency, Value: decimal(absCents(ln.UnitPriceCents))},
				BaseQuantity: ublQuantity{Unit: ln.Unit, Value: ln.BaseQuantity},
			},
		}
		if credit {
			line.CreditedQuantity = &q
			u.CreditNoteLines = append(u.CreditNoteLines, line)
		} else {
			line.InvoicedQuantity = &q
			u.InvoiceLines = append(u.InvoiceLines, line)
		}
	}
	u.TaxTotal.TaxAmount = amt(d.VATCents)
	for _, r := range vatByRate(d) {
		u.TaxTotal.Subtotals = append(u.TaxTotal.Subtotals, ublTaxSubtotal{
			TaxableAmount: amt(r.net),
			TaxAmount:     amt(r.vat),
			TaxCategory:   taxCategory(d, r.bp, true),
		})
	}
	u.MonetaryTotal = ublMonetaryTotal{
		LineExtensionAmount: amt(d.SubtotalCents),
		TaxExclusiveAmount:  amt(d.SubtotalCents),
		TaxInclusiveAmount:  amt(d.TotalCents),
		PayableAmount:       amt(d.TotalCents),
	}

	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	if err := enc.Encode(u); err != nil {
		return nil, fmt.Errorf("invoicedoc: UBL %s: %w", d.Number, err)
	}
	b.WriteString("\n")
	return b.Bytes(), nil
}

// compactIBAN writes an IBAN without spaces, as the UBL carries it.
func compactIBAN(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}

// printIBAN writes an IBAN in groups of four, as people read it:
// "NL91 ABNA 0417 1643 00".
func printIBAN(s string) string {
	c := compactIBAN(s)
	var g []string
	for len(c) > 4 {
		g = append(g, c[:4])
		c = c[4:]
	}
	return strings.Join(append(g, c), " ")
}

// reverseChargeText is the legend art. 35a(1)(m) Wet OB asks for, in both
// languages: the buyer owes the VAT.
const reverseChargeText = "VAT reverse charged / btw verlegd"
