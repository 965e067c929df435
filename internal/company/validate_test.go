package company

import (
	"strings"
	"testing"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
)

// dutch is a valid Dutch company, as a buyer might type it.
var dutch = Input{LegalName: "  De Vries\nInstallatietechniek   B.V. ", Street: "Stationsweg 12", Postcode: "3511ce", City: "Utrecht",
	Country: "nl", KVK: "1234 5678", VATID: "nl 8123.45678.b01", InvoiceEmail: "administratie@devries.example"}

// problems is what Validate found wrong, as "field:code", in order.
func problems(err error) []string {
	if err == nil {
		return nil
	}
	e, ok := apierr.As(err)
	if !ok || e.Kind != apierr.Invalid {
		return []string{"not a 400: " + err.Error()}
	}
	list := e.Errors
	if len(list) == 0 {
		list = []*apierr.Error{e}
	}
	var out []string
	for _, p := range list {
		out = append(out, p.Field+":"+p.Code.String())
	}
	return out
}

func TestValidate(t *testing.T) {
	with := func(change func(*Input)) Input {
		in := dutch
		change(&in)
		return in
	}
	for _, tt := range []struct {
		name string
		in   Input
		want store.Company // checked when no problems are expected
		errs []string
	}{
		{name: "NL, tidied", in: dutch, want: store.Company{LegalName: "De Vries Installatietechniek B.V.", Street: "Stationsweg 12",
			Postcode: "3511 CE", City: "Utrecht", Country: "NL", KVK: "12345678", VATID: "NL812345678B01", InvoiceEmail: "administratie@devries.example"}},
		{name: "NL without a VAT id", in: with(func(i *Input) { i.VATID = "" }), want: store.Company{LegalName: "De Vries Installatietechniek B.V.",
			Street: "Stationsweg 12", Postcode: "3511 CE", City: "Utrecht", Country: "NL", KVK: "12345678", InvoiceEmail: "administratie@devries.example"}},
		{name: "NL VAT id without its prefix gets it", in: with(func(i *Input) { i.VATID = "812345678B01"; i.Postcode = "NL-3511 ce" }),
			want: store.Company{LegalName: "De Vries Installatietechniek B.V.", Street: "Stationsweg 12", Postcode: "3511 CE", City: "Utrecht",
				Country: "NL", KVK: "12345678", VATID: "NL812345678B01", InvoiceEmail: "administratie@devries.example"}},
		{name: "NL VAT id in another form", in: with(func(i *Input) { i.VATID = "NL812345678" }), errs: []string{"vatId:invalid_vat_id"}},
		{name: "NL VAT id of another country", in: with(func(i *Input) { i.VATID = "BE0123456789" }), errs: []string{"vatId:invalid_vat_id"}},
		{name: "NL without KvK", in: with(func(i *Input) { i.KVK = " " }), errs: []string{"kvk:required"}},
		{name: "NL bad KvK", in: with(func(i *Input) { i.KVK = "1234567" }), errs: []string{"kvk:invalid_kvk"}},
		{name: "NL KvK with letters", in: with(func(i *Input) { i.KVK = "1234567a" }), errs: []string{"kvk:invalid_kvk"}},
		{name: "NL bad postcode", in: with(func(i *Input) { i.Postcode = "0123 AB" }), errs: []string{"postcode:invalid_postcode"}},
		{name: "NL postcode without letters", in: with(func(i *Input) { i.Postcode = "3511" }), errs: []string{"postcode:invalid_postcode"}},
		{name: "BE with a VAT id, KvK dropped", in: Input{LegalName: "Brasserie Dupont SRL", Street: "Rue Neuve 1", Postcode: "B-1000",
			City: "Bruxelles", Country: "BE", KVK: "12345678", VATID: "BE 0123.456.789", InvoiceEmail: "compta@dupont.example"},
			want: store.Company{LegalName: "Brasserie Dupont SRL", Street: "Rue Neuve 1", Postcode: "1000", City: "Bruxelles", Country: "BE",
				VATID: "BE0123456789", InvoiceEmail: "compta@dupont.example"}},
		{name: "BE without a VAT id", in: Input{LegalName: "Brasserie Dupont SRL", Street: "Rue Neuve 1", Postcode: "1000",
			City: "Bruxelles", Country: "BE", InvoiceEmail: "compta@dupont.example"},
			want: store.Company{LegalName: "Brasserie Dupont SRL", Street: "Rue Neuve 1", Postcode: "1000", City: "Bruxelles", Country: "BE",
				InvoiceEmail: "compta@dupont.example"}},
		{name: "BE bad VAT id", in: Input{LegalName: "Dupont", Street: "Rue Neuve 1", Postcode: "1000", City: "Bruxelles", Country: "BE",
			VATID: "BE2123456789", InvoiceEmail: "compta@dupont.example"}, errs: []string{"vatId:invalid_vat_id"}},
		{name: "BE bad postcode", in: Input{LegalName: "Dupont", Street: "Rue Neuve 1", Postcode: "10000", City: "Bruxelles", Country: "BE",
			InvoiceEmail: "compta@dupont.example"}, errs: []string{"postcode:invalid_postcode"}},
		{name: "DE", in: Input{LegalName: "Müller GmbH", Street: "Unter den Linden 5", Postcode: "D-10117", City: "Berlin", Country: "de",
			VATID: "de123456789", InvoiceEmail: "rechnung@mueller.example"},
			want: store.Company{LegalName: "Müller GmbH", Street: "Unter den Linden 5", Postcode: "10117", City: "Berlin", Country: "DE",
				VATID: "DE123456789", InvoiceEmail: "rechnung@mueller.example"}},
		{name: "DE four-digit postcode", in: Input{LegalName: "Müller GmbH", Street: "Unter den Linden 5", Postcode: "1011", City: "Berlin",
			Country: "DE", InvoiceEmail: "rechnung@mueller.example"}, errs: []string{"postcode:invalid_postcode"}},
		{name: "PL postcode written with its dash", in: Input{LegalName: "Kowalski sp. z o.o.", Street: "ul. Marszałkowska 1", Postcode: "00950",
			City: "Warszawa", Country: "PL", InvoiceEmail: "faktury@kowalski.example"},
			want: store.Company{LegalName: "Kowalski sp. z o.o.", Street: "ul. Marszałkowska 1", Postcode: "00-950", City: "Warszawa", Country: "PL",
				InvoiceEmail: "faktury@kowalski.example"}},
		{name: "IE Eircode", in: Input{LegalName: "Murphy Ltd", Street: "1 Grafton Street", Postcode: "d02x285", City: "Dublin", Country: "IE",
			InvoiceEmail: "accounts@murphy.example"},
			want: store.Company{LegalName: "Murphy Ltd", Street: "1 Grafton Street", Postcode: "D02 X285", City: "Dublin", Country: "IE",
				InvoiceEmail: "accounts@murphy.example"}},
		{name: "LT keeps its prefix", in: Input{LegalName: "UAB Vilnius", Street: "Gedimino pr. 1", Postcode: "01103", City: "Vilnius",
			Country: "LT", InvoiceEmail: "saskaitos@vilnius.example"},
			want: store.Company{LegalName: "UAB Vilnius", Street: "Gedimino pr. 1", Postcode: "LT-01103", City: "Vilnius", Country: "LT",
				InvoiceEmail: "saskaitos@vilnius.example"}},
		{name: "outside the EU", in: Input{LegalName: "Acme Ltd", Street: "1 High Street", Postcode: "SW1A 1AA", City: "London", Country: "GB",
			VATID: "GB123456789", InvoiceEmail: "accounts@acme.example"}, errs: []string{"country:invalid_country"}},
		{name: "Switzerland", in: with(func(i *Input) { i.Country = "CH"; i.Postcode = "8001" }), errs: []string{"country:invalid_country"}},
		{name: "everything missing, in the form's order", in: Input{Country: "NL"}, errs: []string{"legalName:required", "street:required",
			"postcode:required", "city:required", "kvk:required", "invoiceEmail:required"}},
		{name: "no country", in: with(func(i *Input) { i.Country = "" }), errs: []string{"country:required"}},
		{name: "several problems at once", in: with(func(i *Input) { i.Postcode = "35"; i.KVK = "123"; i.VATID = "NL1"; i.InvoiceEmail = "nope" }),
			errs: []string{"postcode:invalid_postcode", "kvk:invalid_kvk", "vatId:invalid_vat_id", "invoiceEmail:invalid_email"}},
		{name: "too long", in: with(func(i *Input) { i.LegalName = strings.Repeat("ä", 201); i.City = strings.Repeat("c", 101) }),
			errs: []string{"legalName:too_long", "city:too_long"}},
		{name: "200 characters is fine", in: with(func(i *Input) { i.LegalName = strings.Repeat("ä", 200); i.VATID = "" }),
			want: store.Company{LegalName: strings.Repeat("ä", 200), Street: "Stationsweg 12", Postcode: "3511 CE", City: "Utrecht", Country: "NL",
				KVK: "12345678", InvoiceEmail: "administratie@devries.example"}},
		{name: "email with a display name", in: with(func(i *Input) { i.InvoiceEmail = "Admin <a@devries.example>" }), errs: []string{"invoiceEmail:invalid_email"}},
		{name: "email without a dot in the domain", in: with(func(i *Input) { i.InvoiceEmail = "a@localhost" }), errs: []string{"invoiceEmail:invalid_email"}},
		{name: "control characters are removed", in: with(func(i *Input) { i.City = "Utr\x00echt"; i.VATID = "" }),
			want: store.Company{LegalName: "De Vries Installatietechniek B.V.", Street: "Stationsweg 12", Postcode: "3511 CE", City: "Utr echt",
				Country: "NL", KVK: "12345678", InvoiceEmail: "administratie@devries.example"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Validate(tt.in)
			if p := problems(err); strings.Join(p, ",") != strings.Join(tt.errs, ",") {
				t.Fatalf("problems = %v, want %v", p, tt.errs)
			}
			if tt.errs == nil && got != tt.want {
				t.Fatalf("Validate = %+v\nwant       %+v", got, tt.want)
			}
		})
	}
}

// TestMessages: the VAT id's message shows its country's example, the
// country's says to contact us.
func TestMessages(t *testing.T) {
	_, err := Validate(Input{LegalName: "X", Street: "Y 1", Postcode: "1000", City: "Z", Country: "BE", VATID: "BE1", InvoiceEmail: "a@b.example"})
	e, _ := apierr.As(err)
	if e == nil || !strings.Contains(e.Message, "BE0123456789") {
		t.Fatalf("BE VAT id message: %v", err)
	}
	_, err = Validate(with(dutch, func(i *Input) { i.VATID = "NL123" }))
	if e, _ := apierr.As(err); e == nil || !strings.Contains(e.Message, "NL123456789B01") {
		t.Fatalf("NL VAT id message: %v", err)
	}
	_, err = Validate(with(dutch, func(i *Input) { i.Country = "US" }))
	if e, _ := apierr.As(err); e == nil || !strings.Contains(e.Message, "contact us") {
		t.Fatalf("outside the EU: %v", err)
	}
}

func with(in Input, change func(*Input)) Input {
	change(&in)
	return in
}

// TestPostcodes: every EU member state has a pattern, and its own example
// passes it unchanged.
func TestPostcodes(t *testing.T) {
	for _, c := range Countries() {
		f, ok := postcodes[c]
		if !ok {
			t.Errorf("%s: no postcode pattern", c)
			continue
		}
		if got, ok := Postcode(c, f.example); !ok || got != f.example {
			t.Errorf("%s: its example %q reads as %q, %v", c, f.example, got, ok)
		}
	}
	if len(postcodes) != len(Countries()) {
		t.Errorf("%d patterns for %d countries", len(postcodes), len(Countries()))
	}
	for _, tt := range []struct{ country, in, want string }{
		{"NL", "1015aa", "1015 AA"}, {"NL", " 1015  AA ", "1015 AA"}, {"NL", "nl-1015 aa", "1015 AA"},
		{"SE", "11122", "111 22"}, {"PT", "1000 001", "1000-001"}, {"LU", "L-1009", "1009"}, {"LV", "LV-1050", "LV-1050"},
		{"MT", "vlt1117", "VLT 1117"}, {"CZ", "11000", "110 00"},
		{"NL", "1015 AAA", ""}, {"FR", "7500", ""}, {"ES", "53001", ""}, {"IE", "B02 X285", ""}, {"DE", "FR-10117", ""},
	} {
		got, ok := Postcode(tt.country, tt.in)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("Postcode(%s, %q) = %q, %v; want %q", tt.country, tt.in, got, ok, tt.want)
		}
	}
}

func TestCountries(t *testing.T) {
	c := Countries()
	if len(c) != 27 || c[0] != "NL" || c[1] != "AT" {
		t.Fatalf("Countries = %v", c)
	}
}
