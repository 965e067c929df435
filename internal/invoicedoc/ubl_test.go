package invoicedoc

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"strings"
	"testing"
)

// node is an XML element read back from the UBL, for path look-ups.
type node struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Text     string     `xml:",chardata"`
	Children []node     `xml:",any"`
}

func parseUBL(t *testing.T, d Document) node {
	t.Helper()
	b, err := UBL(d)
	if err != nil {
		t.Fatal(err)
	}
	var n node
	if err := xml.NewDecoder(bytes.NewReader(b)).Decode(&n); err != nil {
		t.Fatalf("UBL does not parse: %v\n%s", err, b)
	}
	return n
}

// all finds the elements at a slash-separated path of local names below n.
func (n node) all(path string) []node {
	cur := []node{n}
	for _, name := range strings.Split(path, "/") {
		var next []node
		for _, c := range cur {
			for _, ch := range c.Children {
				if ch.XMLName.Local == name {
					next = append(next, ch)
				}
			}
		}
		cur = next
	}
	return cur
}

func (n node) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// want checks the text (and, with "@attr=value", an attribute) of the
// first element at path.
func want(t *testing.T, n node, path, text string, attrs ...string) {
	t.Helper()
	found := n.all(path)
	if len(found) == 0 {
		t.Errorf("%s: missing", path)
		return
	}
	if got := strings.TrimSpace(found[0].Text); got != text {
		t.Errorf("%s = %q, want %q", path, got, text)
	}
	for _, a := range attrs {
		k, v, _ := strings.Cut(a, "=")
		if got := found[0].attr(k); got != v {
			t.Errorf("%s @%s = %q, want %q", path, k, got, v)
		}
	}
}

func TestUBLDutchInvoice(t *testing.T) {
	n := parseUBL(t, dutchInvoice())
	if n.XMLName.Space != nsInvoice || n.XMLName.Local != "Invoice" {
		t.Fatalf("root %v", n.XMLName)
	}
	want(t, n, "CustomizationID", CustomizationID)
	want(t, n, "ProfileID", ProfileID)
	want(t, n, "ID", "2026-0001")
	want(t, n, "IssueDate", "2026-12-01")
	want(t, n, "DueDate", "2026-12-15")
	want(t, n, "InvoiceTypeCode", "380")
	want(t, n, "DocumentCurrencyCode", "EUR")
	want(t, n, "BuyerReference", "2026-0001")
	want(t, n, "InvoicePeriod/StartDate", "2026-11-01")
	want(t, n, "InvoicePeriod/EndDate", "2026-11-30")

	s := "AccountingSupplierParty/Party/"
	want(t, n, s+"EndpointID", "12345678", "schemeID=0106")
	want(t, n, s+"PostalAddress/StreetName", "Keizersgracht 1")
	want(t, n, s+"PostalAddress/PostalZone", "1015 AA")
	want(t, n, s+"PostalAddress/CityName", "Amsterdam")
	want(t, n, s+"PostalAddress/Country/IdentificationCode", "NL")
	want(t, n, s+"PartyTaxScheme/CompanyID", "NL123456789B01")
	want(t, n, s+"PartyTaxScheme/TaxScheme/ID", "VAT")
	want(t, n, s+"PartyLegalEntity/RegistrationName", "Belwise B.V.")
	want(t, n, s+"PartyLegalEntity/CompanyID", "12345678", "schemeID=0106")

	b := "AccountingCustomerParty/Party/"
	want(t, n, b+"EndpointID", "87654321", "schemeID=0106")
	want(t, n, b+"PartyTaxScheme/CompanyID", "NL987654321B01")
	want(t, n, b+"PartyLegalEntity/CompanyID", "87654321", "schemeID=0106")
	want(t, n, b+"Contact/ElectronicMail", "administratie@devries.example")

	want(t, n, "PaymentMeans/PaymentMeansCode", "58")
	want(t, n, "PaymentMeans/PaymentID", "2026-0001")
	want(t, n, "PaymentMeans/PayeeFinancialAccount/ID", "NL91ABNA0417164300")
	want(t, n, "PaymentTerms/Note", "Betaaltermijn 14 dagen, vervaldatum 2026-12-15")

	want(t, n, "TaxTotal/TaxAmount", "129.11", "currencyID=EUR")
	if subs := n.all("TaxTotal/TaxSubtotal"); len(subs) != 1 {
		t.Errorf("%d tax subtotals, want one for 21 %%", len(subs))
	}
	want(t, n, "TaxTotal/TaxSubtotal/TaxableAmount", "614.82", "currencyID=EUR")
	want(t, n, "TaxTotal/TaxSubtotal/TaxAmount", "129.11", "currencyID=EUR")
	want(t, n, "TaxTotal/TaxSubtotal/TaxCategory/ID", "S")
	want(t, n, "TaxTotal/TaxSubtotal/TaxCategory/Percent", "21")
	want(t, n, "LegalMonetaryTotal/LineExtensionAmount", "614.82", "currencyID=EUR")
	want(t, n, "LegalMonetaryTotal/TaxExclusiveAmount", "614.82", "currencyID=EUR")
	want(t, n, "LegalMonetaryTotal/TaxInclusiveAmount", "743.93", "currencyID=EUR")
	want(t, n, "LegalMonetaryTotal/PayableAmount", "743.93", "currencyID=EUR")

	lines := n.all("InvoiceLine")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4", len(lines))
	}
	want(t, lines[0], "InvoicedQuantity", "1", "unitCode=C62")
	want(t, lines[1], "InvoicedQuantity", "17", "unitCode=DAY")
	want(t, lines[1], "Price/PriceAmount", "99.00", "currencyID=EUR")
	want(t, lines[1], "Price/BaseQuantity", "30", "unitCode=DAY")
	want(t, lines[1], "LineExtensionAmount", "56.10", "currencyID=EUR")
	want(t, lines[2], "ID", "3")
	want(t, lines[2], "InvoicedQuantity", "36750", "unitCode=D62")
	want(t, lines[2], "Price/PriceAmount", "0.10", "currencyID=EUR")
	want(t, lines[2], "Price/BaseQuantity", "60", "unitCode=D62")
	want(t, lines[2], "LineExtensionAmount", "61.25", "currencyID=EUR")
	want(t, lines[2], "Item/Name", "Gebruik: Receptie-assistent, 612,5 min × € 0,10 per minuut")
	want(t, lines[2], "Item/ClassifiedTaxCategory/ID", "S")
	want(t, lines[2], "Item/ClassifiedTaxCategory/Percent", "21")
	if len(n.all("Note")) != 0 {
		t.Error("a Dutch invoice carries a note (reverse charge?)")
	}

	// The PDF rides along, byte for byte.
	want(t, n, "AdditionalDocumentReference/ID", "2026-0001")
	obj := n.all("AdditionalDocumentReference/Attachment/EmbeddedDocumentBinaryObject")
	if len(obj) != 1 || obj[0].attr("mimeCode") != "application/pdf" || obj[0].attr("filename") != "2026-0001.pdf" {
		t.Fatalf("embedded PDF: %+v", obj)
	}
	embedded, err := base64.StdEncoding.DecodeString(strings.TrimSpace(obj[0].Text))
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := PDF(dutchInvoice())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(embedded, pdf) {
		t.Error("the embedded PDF is not the PDF")
	}
}

func TestUBLReverseCharge(t *testing.T) {
	n := parseUBL(t, belgianInvoice())
	want(t, n, "Note", "VAT reverse charged / btw verlegd")
	want(t, n, "AccountingCustomerParty/Party/EndpointID", "BE0123456749", "schemeID=9925")
	want(t, n, "AccountingCustomerParty/Party/PartyTaxScheme/CompanyID", "BE0123456749")
	if len(n.all("AccountingCustomerParty/Party/PartyLegalEntity/CompanyID")) != 0 {
		t.Error("a Belgian buyer got a KvK legal entity id")
	}
	want(t, n, "TaxTotal/TaxAmount", "0.00")
	want(t, n, "TaxTotal/TaxSubtotal/TaxableAmount", "359.00")
	want(t, n, "TaxTotal/TaxSubtotal/TaxCategory/ID", "AE")
	want(t, n, "TaxTotal/TaxSubtotal/TaxCategory/Percent", "0")
	want(t, n, "TaxTotal/TaxSubtotal/TaxCategory/TaxExemptionReasonCode", "VATEX-EU-AE")
	want(t, n, "TaxTotal/TaxSubtotal/TaxCategory/TaxExemptionReason", "Reverse charge")
	for _, l := range n.all("InvoiceLine") {
		want(t, l, "Item/ClassifiedTaxCategory/ID", "AE")
	}
	want(t, n, "PaymentTerms/Note", "Payment term 14 days, due date 2026-12-15")
	want(t, n, "LegalMonetaryTotal/PayableAmount", "359.00")
}

func TestUBLCreditNote(t *testing.T) {
	n := parseUBL(t, creditNote())
	if n.XMLName.Space != nsCreditNote || n.XMLName.Local != "CreditNote" {
		t.Fatalf("root %v", n.XMLName)
	}
	want(t, n, "ID", "2026-0003")
	want(t, n, "IssueDate", "2026-12-03")
	want(t, n, "CreditNoteTypeCode", "381")
	want(t, n, "Note", "Gebruik van de afspraken-assistent dubbel gefactureerd")
	want(t, n, "BillingReference/InvoiceDocumentReference/ID", "2026-0001")
	want(t, n, "BillingReference/InvoiceDocumentReference/IssueDate", "2026-12-01")
	// Positive: the type says it is a credit.
	want(t, n, "TaxTotal/TaxAmount", "0.52")
	want(t, n, "TaxTotal/TaxSubtotal/TaxableAmount", "2.47")
	want(t, n, "LegalMonetaryTotal/LineExtensionAmount", "2.47")
	want(t, n, "LegalMonetaryTotal/PayableAmount", "2.99")
	want(t, n, "CreditNoteLine/CreditedQuantity", "1234", "unitCode=D62")
	want(t, n, "CreditNoteLine/LineExtensionAmount", "2.47")
	want(t, n, "CreditNoteLine/Price/PriceAmount", "0.12")
	if len(n.all("Note")) != 1 {
		t.Error("more than one note (PEPPOL-EN16931-R002)")
	}
	for _, absent := range []string{"DueDate", "InvoiceTypeCode", "InvoiceLine", "PaymentMeans"} {
		if len(n.all(absent)) != 0 {
			t.Errorf("a credit note has %s", absent)
		}
	}
}

// A reverse-charged credit note says why and that the VAT is reverse
// charged in its one note.
func TestUBLReverseChargedCreditNote(t *testing.T) {
	n := parseUBL(t, belgianCreditNote())
	if notes := n.all("Note"); len(notes) != 1 {
		t.Fatalf("%d notes, Peppol allows one", len(notes))
	}
	want(t, n, "Note", "Order cancelled. VAT reverse charged / btw verlegd")
	want(t, n, "LegalMonetaryTotal/PayableAmount", "359.00")
	want(t, n, "TaxTotal/TaxSubtotal/TaxCategory/ID", "AE")
	want(t, n, "BillingReference/InvoiceDocumentReference/ID", "2026-0002")
}

func TestPrintIBAN(t *testing.T) {
	for in, want := range map[string]string{"NL91ABNA0417164300": "NL91 ABNA 0417 1643 00", "nl91 abna 0417 1643 00": "NL91 ABNA 0417 1643 00",
		"BE68539007547034": "BE68 5390 0754 7034"} {
		if got := printIBAN(in); got != want {
			t.Errorf("printIBAN(%q) = %q, want %q", in, got, want)
		}
	}
}

// Each EU buyer is reached at its VAT number under its country's Peppol
// EAS scheme; a Dutch buyer at its KvK number.
func TestBuyerEndpoint(t *testing.T) {
	for _, c := range []struct {
		p            Party
		scheme, id   string
		wantEndpoint bool
	}{
		{Party{Country: "NL", KVK: "87654321", VATID: "NL987654321B01"}, "0106", "87654321", true},
		{Party{Country: "NL", VATID: "NL987654321B01"}, "9944", "NL987654321B01", true},
		{Party{Country: "BE", VATID: "BE0123456749"}, "9925", "BE0123456749", true},
		{Party{Country: "DE", VATID: "DE123456789"}, "9930", "DE123456789", true},
		{Party{Country: "GR", VATID: "EL123456789"}, "9933", "EL123456789", true},
		{Party{Country: "FR", VATID: "FR12345678901"}, "9957", "FR12345678901", true},
		{Party{Country: "IT", VATID: "IT12345678903"}, "0211", "IT12345678903", true},
		{Party{Country: "DK", VATID: "DK12345674"}, "0184", "12345674", true},
		{Party{Country: "SE", VATID: "SE556677889901"}, "0007", "5566778899", true},
		{Party{Country: "FI", VATID: "FI12345671"}, "0216", "003712345671", true},
		{Party{Country: "DE"}, "", "", false},
	} {
		scheme, id, ok := endpoint(c.p)
		if scheme != c.scheme || id != c.id || ok != c.wantEndpoint {
			t.Errorf("%s %q: %s %s %v, want %s %s %v", c.p.Country, c.p.VATID, scheme, id, ok, c.scheme, c.id, c.wantEndpoint)
		}
	}
}

// Every EU member state has an endpoint scheme for its VAT number.
func TestEveryEUCountryHasAVATScheme(t *testing.T) {
	for _, c := range []string{"AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU",
		"IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK"} {
		if _, ok := vatScheme[c]; !ok {
			t.Errorf("no endpoint scheme for %s", c)
		}
	}
}

func TestAmounts(t *testing.T) {
	for _, c := range []struct {
		cents  int64
		ubl    string
		nl, en string
	}{
		{0, "0.00", "€ 0,00", "€0.00"},
		{5, "0.05", "€ 0,05", "€0.05"},
		{123456, "1234.56", "€ 1.234,56", "€1,234.56"},
		{-299, "-2.99", "€ -2,99", "-€2.99"},
		{100000000, "1000000.00", "€ 1.000.000,00", "€1,000,000.00"},
	} {
		if got := decimal(c.cents); got != c.ubl {
			t.Errorf("decimal(%d) = %q, want %q", c.cents, got, c.ubl)
		}
		if got := dutch.money(c.cents, "EUR"); got != c.nl {
			t.Errorf("nl money(%d) = %q, want %q", c.cents, got, c.nl)
		}
		if got := english.money(c.cents, "EUR"); got != c.en {
			t.Errorf("en money(%d) = %q, want %q", c.cents, got, c.en)
		}
	}
	for bp, want := range map[int]string{2100: "21", 900: "9", 0: "0", 550: "5.5"} {
		if got := percent(bp); got != want {
			t.Errorf("percent(%d) = %q, want %q", bp, got, want)
		}
	}
}

func TestQuantityText(t *testing.T) {
	for _, c := range []struct {
		ln     Line
		nl, en string
	}{
		{Line{Quantity: "36750", Unit: "D62"}, "612,5 min", "612.5 min"},
		{Line{Quantity: "36750", Unit: "SEC"}, "612,5 min", "612.5 min"},
		{Line{Quantity: "100", Unit: "SEC"}, "1,67 min", "1.67 min"},
		{Line{Quantity: "120", Unit: "SEC"}, "2 min", "2 min"},
		{Line{Quantity: "17", Unit: "DAY"}, "17 dagen", "17 days"},
		{Line{Quantity: "1", Unit: "DAY"}, "1 dag", "1 day"},
		{Line{Quantity: "1", Unit: "C62"}, "1", "1"},
		{Line{Quantity: "-17", Unit: "DAY"}, "17 dagen", "17 days"},
	} {
		if got := dutch.quantityText(c.ln); got != c.nl {
			t.Errorf("nl %v = %q, want %q", c.ln, got, c.nl)
		}
		if got := english.quantityText(c.ln); got != c.en {
			t.Errorf("en %v = %q, want %q", c.ln, got, c.en)
		}
	}
}

func TestPeriodText(t *testing.T) {
	if got := dutch.periodText(day("2026-11-01"), day("2026-11-30")); got != "november 2026" {
		t.Errorf("whole month: %q", got)
	}
	if got := english.periodText(day("2026-02-01"), day("2026-02-28")); got != "February 2026" {
		t.Errorf("whole February: %q", got)
	}
	if got := dutch.periodText(day("2026-11-14"), day("2026-11-30")); got != "14 november 2026 – 30 november 2026" {
		t.Errorf("part of a month: %q", got)
	}
}
