package invoicedoc

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func day(s string) time.Time {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return t
}

var seller = Party{
	Name:     "Belwise B.V.",
	Street:   "Keizersgracht 1",
	Postcode: "1015 AA",
	City:     "Amsterdam",
	Country:  "NL",
	KVK:      "12345678",
	VATID:    "NL123456789B01",
	Email:    "billing@belwise.example",
	IBAN:     "NL91 ABNA 0417 1643 00",
}

// dutchInvoice is a Dutch buyer's November statement at 21 % VAT: a setup
// fee, a monthly fee pro rata for 17 of 30 days, and usage at two rates
// (seconds, priced per minute: base quantity 60). Hand-computed:
//
//	setup   1 × 495.00                    = 495.00  VAT 103.95
//	monthly 17 × 99.00 / 30               =  56.10  VAT  11.781 → 11.78
//	usage   36750 s × 0.10 / 60           =  61.25  VAT  12.8625 → 12.86
//	usage   1234 s × 0.12 / 60 = 2.468    =   2.47  VAT   0.5187 → 0.52
//	subtotal 614.82, VAT 129.11, total 743.93
func dutchInvoice() Document {
	return Document{
		Kind:         KindInvoice,
		Number:       "2026-0001",
		IssuedOn:     day("2026-12-01"),
		DueOn:        day("2026-12-15"),
		PeriodStart:  day("2026-11-01"),
		PeriodEnd:    day("2026-11-30"),
		Currency:     "EUR",
		Locale:       "nl",
		VATTreatment: VATStandard,
		Seller:       seller,
		Buyer: Party{
			Name:     "Bakkerij De Vries B.V.",
			Street:   "Oudegracht 12",
			Postcode: "3511 AB",
			City:     "Utrecht",
			Country:  "NL",
			KVK:      "87654321",
			VATID:    "NL987654321B01",
			Email:    "administratie@devries.example",
		},
		Lines: []Line{
			{Description: "Opzetkosten: Receptie-assistent", Quantity: "1", Unit: "C62", BaseQuantity: "1",
				UnitPriceCents: 49500, NetCents: 49500, VATRateBP: 2100, VATCents: 10395},
			{Description: "Maandelijks onderhoud: Receptie-assistent (14–30 november)", Quantity: "17", Unit: "DAY", BaseQuantity: "30",
				UnitPriceCents: 9900, NetCents: 5610, VATRateBP: 2100, VATCents: 1178},
			{Description: "Gebruik: Receptie-assistent, 612,5 min × € 0,10 per minuut", Quantity: "36750", Unit: "D62", BaseQuantity: "60",
				UnitPriceCents: 10, NetCents: 6125, VATRateBP: 2100, VATCents: 1286},
			{Description: "Gebruik: Afspraken-assistent, 20,57 min × € 0,12 per minuut", Quantity: "1234", Unit: "D62", BaseQuantity: "60",
				UnitPriceCents: 12, NetCents: 247, VATRateBP: 2100, VATCents: 52},
		},
		SubtotalCents: 61482,
		VATCents:      12911,
		TotalCents:    74393,
		PayURL:        "https://pay.belwise.example/i/2026-0001",
	}
}

// belgianInvoice is an EU business elsewhere with a valid VAT id: 0 %,
// VAT reverse charged, in English.
func belgianInvoice() Document {
	return Document{
		Kind:         KindInvoice,
		Number:       "2026-0002",
		IssuedOn:     day("2026-12-01"),
		DueOn:        day("2026-12-15"),
		PeriodStart:  day("2026-11-01"),
		PeriodEnd:    day("2026-11-30"),
		Currency:     "EUR",
		Locale:       "en",
		VATTreatment: VATReverseCharge,
		Seller:       seller,
		Buyer: Party{
			Name:     "Brasserie Lumière SRL",
			Street:   "Rue de la Loi 16",
			Postcode: "1000",
			City:     "Bruxelles",
			Country:  "BE",
			VATID:    "BE0123456749",
			Email:    "compta@lumiere.example",
		},
		Lines: []Line{
			{Description: "Setup: Booking assistant", Quantity: "1", Unit: "C62", BaseQuantity: "1",
				UnitPriceCents: 25000, NetCents: 25000},
			{Description: "Monthly maintenance: Booking assistant", Quantity: "30", Unit: "DAY", BaseQuantity: "30",
				UnitPriceCents: 9900, NetCents: 9900},
			{Description: "Usage: Booking assistant, 100 min × €0.10 per minute", Quantity: "6000", Unit: "SEC", BaseQuantity: "60",
				UnitPriceCents: 10, NetCents: 1000},
		},
		SubtotalCents: 35900,
		VATCents:      0,
		TotalCents:    35900,
	}
}

// creditNote corrects the Dutch invoice's second usage line: amounts
// negative, as stored.
func creditNote() Document {
	d := dutchInvoice()
	d.Kind = KindCreditNote
	d.Number = "2026-0003"
	d.CorrectsNumber = "2026-0001"
	d.CorrectsIssuedOn = day("2026-12-01")
	d.Reason = "Gebruik van de afspraken-assistent dubbel gefactureerd"
	d.IssuedOn = day("2026-12-03")
	d.DueOn = time.Time{}
	d.PayURL = ""
	d.Lines = []Line{{Description: "Correctie gebruik: Afspraken-assistent, 20,57 min × € 0,12 per minuut", Quantity: "1234", Unit: "D62", BaseQuantity: "60",
		UnitPriceCents: 12, NetCents: -247, VATRateBP: 2100, VATCents: -52}}
	d.SubtotalCents, d.VATCents, d.TotalCents = -247, -52, -299
	return d
}

// belgianCreditNote cancels the Belgian invoice: reverse charged, in
// English, every line negated (quantity and price as issued).
func belgianCreditNote() Document {
	d := belgianInvoice()
	d.Kind = KindCreditNote
	d.Number = "2026-0004"
	d.CorrectsNumber = "2026-0002"
	d.CorrectsIssuedOn = day("2026-12-01")
	d.Reason = "Order cancelled"
	d.IssuedOn = day("2026-12-04")
	d.DueOn = time.Time{}
	for i := range d.Lines {
		d.Lines[i].NetCents = -d.Lines[i].NetCents
	}
	d.SubtotalCents, d.TotalCents = -35900, -35900
	return d
}

type fixture struct {
	name string
	doc  Document
}

func fixtures() []fixture {
	return []fixture{
		{"nl-standard", dutchInvoice()},
		{"be-reverse-charge", belgianInvoice()},
		{"nl-credit-note", creditNote()},
		{"be-credit-note", belgianCreditNote()},
	}
}

// keep writes a generated document to $INVOICEDOC_OUT when it is set, to
// look at by hand (`INVOICEDOC_OUT=/tmp/docs go test ./internal/invoicedoc`).
func keep(t *testing.T, name string, data []byte) {
	t.Helper()
	dir := os.Getenv("INVOICEDOC_OUT")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
