package invoicedoc

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pdfText runs pdftotext on a generated PDF (-layout keeps a table row on
// one line).
func pdfText(t *testing.T, d Document) string {
	t.Helper()
	pdftotext := tool(t, "pdftotext", "poppler-utils")
	b, err := PDF(d)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", b[:min(len(b), 16)])
	}
	keep(t, d.Number+"-"+d.Locale+".pdf", b)
	path := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftotext, "-layout", "-enc", "UTF-8", path, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	return string(out)
}

func wantText(t *testing.T, text string, want ...string) {
	t.Helper()
	// pdftotext -layout may put several spaces between words of one cell.
	flat := strings.Join(strings.Fields(text), " ")
	for _, w := range want {
		if !strings.Contains(flat, w) {
			t.Errorf("PDF text lacks %q", w)
		}
	}
	if t.Failed() {
		t.Logf("PDF text:\n%s", text)
	}
}

func TestPDFDutchInvoice(t *testing.T) {
	d := dutchInvoice()
	both := []string{
		"Belwise B.V.", "Keizersgracht 1", "1015 AA Amsterdam", "12345678", "NL123456789B01",
		"Bakkerij De Vries B.V.", "Oudegracht 12", "3511 AB Utrecht", "87654321", "NL987654321B01",
		"2026-0001", "Opzetkosten: Receptie-assistent", "Maandelijks onderhoud: Receptie-assistent",
		"Gebruik: Receptie-assistent", "Gebruik: Afspraken-assistent", "IBAN NL91 ABNA 0417 1643 00",
		"https://pay.belwise.example/i/2026-0001",
	}
	t.Run("nl", func(t *testing.T) {
		text := pdfText(t, d)
		wantText(t, text, both...)
		wantText(t, text,
			"Factuur", "Factuurnummer 2026-0001", "Factuurdatum 1 december 2026", "Vervaldatum 15 december 2026",
			"Periode november 2026", "KvK 12345678", "Btw-id NL123456789B01", "KvK 87654321", "Btw-id NL987654321B01",
			"Omschrijving", "Aantal", "Prijs", "Bedrag",
			"1 € 495,00 21% € 495,00",
			"17 dagen € 99,00 per maand 21% € 56,10",
			"612,5 min € 0,10 per minuut 21% € 61,25",
			"20,57 min € 0,12 per minuut 21% € 2,47",
			"Subtotaal excl. btw € 614,82", "Btw 21% over € 614,82 € 129,11", "Totaal € 743,93",
			"Betaaltermijn 14 dagen", "€ 743,93 vóór 15 december 2026", "t.n.v. Belwise B.V.",
			"onder vermelding van factuurnummer 2026-0001", "Betalen met iDEAL",
		)
		if strings.Contains(strings.ToLower(text), "verlegd") {
			t.Error("a Dutch buyer's invoice says the VAT is reverse charged")
		}
	})
	t.Run("en", func(t *testing.T) {
		d.Locale = "en"
		text := pdfText(t, d)
		wantText(t, text, both...)
		wantText(t, text,
			"Invoice", "Invoice number 2026-0001", "Invoice date 1 December 2026", "Due date 15 December 2026",
			"Period November 2026", "VAT id NL123456789B01", "VAT id NL987654321B01",
			"1 €495.00 21% €495.00",
			"17 days €99.00 per month 21% €56.10",
			"612.5 min €0.10 per minute 21% €61.25",
			"Subtotal excl. VAT €614.82", "VAT 21% over €614.82 €129.11", "Total €743.93",
			"Payment term 14 days", "€743.93 by 15 December 2026", "quoting invoice number 2026-0001", "Pay with iDEAL",
		)
	})
}

func TestPDFReverseCharge(t *testing.T) {
	d := belgianInvoice()
	both := []string{
		"Belwise B.V.", "NL123456789B01", "12345678",
		"Brasserie Lumière SRL", "Rue de la Loi 16", "1000 Bruxelles", "BE0123456749",
		"2026-0002", "Setup: Booking assistant", "IBAN NL91 ABNA 0417 1643 00",
	}
	t.Run("en", func(t *testing.T) {
		text := pdfText(t, d)
		wantText(t, text, both...)
		wantText(t, text,
			"Belgium", "VAT id BE0123456749", "Invoice date 1 December 2026", "Period November 2026",
			"30 days €99.00 per month 0% €99.00", "100 min €0.10 per minute 0% €10.00",
			"Subtotal excl. VAT €359.00", "VAT reverse charged / btw verlegd (0% over €359.00) €0.00", "Total €359.00",
			"art. 196 VAT Directive", "Payment term 14 days",
		)
	})
	t.Run("nl", func(t *testing.T) {
		d.Locale = "nl"
		text := pdfText(t, d)
		wantText(t, text, both...)
		wantText(t, text,
			"België", "Btw-id BE0123456749", "Factuurdatum 1 december 2026",
			"Subtotaal excl. btw € 359,00", "Btw verlegd (0% over € 359,00) € 0,00", "Totaal € 359,00",
			"art. 196 Btw-richtlijn",
		)
	})
}

func TestPDFCreditNote(t *testing.T) {
	d := creditNote()
	t.Run("nl", func(t *testing.T) {
		text := pdfText(t, d)
		wantText(t, text,
			"Creditnota", "Creditnotanummer 2026-0003", "Creditnotadatum 3 december 2026",
			"Correctie op factuur 2026-0001 (1 december 2026)", "Reden Gebruik van de afspraken-assistent dubbel gefactureerd",
			"Bakkerij De Vries B.V.", "NL987654321B01", "NL123456789B01", "KvK 12345678",
			"20,57 min € 0,12 per minuut 21% € -2,47",
			"Subtotaal excl. btw € -2,47", "Btw 21% over € -2,47 € -0,52", "Totaal € -2,99",
			"Deze creditnota corrigeert factuur 2026-0001 van 1 december 2026; het bedrag van € 2,99 wordt aan u gecrediteerd.",
		)
		if strings.Contains(text, "Betaaltermijn") {
			t.Error("a credit note asks for payment")
		}
	})
	t.Run("en", func(t *testing.T) {
		d.Locale = "en"
		wantText(t, pdfText(t, d),
			"Credit note", "Credit note number 2026-0003", "Credit note date 3 December 2026",
			"Corrects invoice 2026-0001 (1 December 2026)", "Reason",
			"Subtotal excl. VAT -€2.47", "VAT 21% over -€2.47 -€0.52", "Total -€2.99",
		)
	})
}

// The same document gives the same bytes (the creation date is the issue
// date), so a re-sent PDF is the one first sent.
func TestPDFDeterministic(t *testing.T) {
	a, err := PDF(dutchInvoice())
	if err != nil {
		t.Fatal(err)
	}
	b, err := PDF(dutchInvoice())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("two runs gave different PDFs")
	}
	if !bytes.Contains(a, []byte("D:20261201")) {
		t.Error("creation date is not the issue date")
	}
}

// A long description wraps in its cell and a long statement runs onto a
// second page with the table header again.
func TestPDFLongStatement(t *testing.T) {
	d := dutchInvoice()
	d.Number = "2026-0099"
	line := d.Lines[2]
	line.Description = "Gebruik: " + strings.Repeat("Receptie-assistent-met-een-heel-lange-naam ", 3)
	for range 40 {
		d.Lines = append(d.Lines, line)
	}
	text := pdfText(t, d)
	pages := strings.Count(text, "\f")
	if pages < 2 {
		t.Fatalf("%d pages, want the statement to run onto a second", pages)
	}
	wantText(t, text, fmt.Sprintf("Pagina 1 van %d", pages), fmt.Sprintf("Pagina %d van %d", pages, pages),
		"Receptie-assistent-met-een-heel-lange-naam Receptie-assistent-met-een-heel-lange-naam")
	if n := strings.Count(text, "Omschrijving"); n != pages {
		t.Errorf("table header %d times, want once on each of %d pages", n, pages)
	}
}

func TestPDFRefusesAnIncompleteDocument(t *testing.T) {
	for name, mutate := range map[string]func(*Document){
		"no number":         func(d *Document) { d.Number = "" },
		"no kind":           func(d *Document) { d.Kind = "" },
		"no lines":          func(d *Document) { d.Lines = nil },
		"no issue date":     func(d *Document) { d.IssuedOn = time.Time{} },
		"credit names none": func(d *Document) { d.Kind = KindCreditNote },
		"no seller VAT id":  func(d *Document) { d.Seller.VATID = "" },
		"no seller KvK":     func(d *Document) { d.Seller.KVK = "" },
		"no IBAN":           func(d *Document) { d.Seller.IBAN = "" },
		"reverse charge without the buyer's VAT id": func(d *Document) {
			d.VATTreatment = VATReverseCharge
			d.Buyer.VATID = ""
		},
	} {
		d := dutchInvoice()
		mutate(&d)
		if _, err := PDF(d); err == nil {
			t.Errorf("%s: PDF wrote it", name)
		}
		if _, err := UBL(d); err == nil {
			t.Errorf("%s: UBL wrote it", name)
		}
	}
}

// Names outside Windows-1252 still read: the letter without its
// diacritic, not a dot.
func TestPDFLettersOutsideCP1252(t *testing.T) {
	d := belgianInvoice()
	d.Buyer = Party{Name: "Łódź Spółka z o.o.", Street: "ul. Piotrkowska 1", Postcode: "90-001", City: "Łódź",
		Country: "PL", VATID: "PL1234567890"}
	d.Lines[0].Description = "Setup: Asistent Timișoara\x00"
	text := pdfText(t, d)
	wantText(t, text, "Lódz Spólka z o.o.", "90-001 Lódz", "Poland", "Setup: Asistent Timisoara")
}
