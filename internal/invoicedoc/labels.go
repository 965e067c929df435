package invoicedoc

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// labels are the words of a document in one language.
type labels struct {
	lang string

	invoice, creditNote                             string
	number, creditNumber, issued, creditIssued, due string
	period, billTo, corrects, reason                string
	description, quantity, price, vat, amount       string
	subtotal, vatRate, vatOver, total               string
	reverseCharge, reverseChargeBasis               string
	kvk, vatID, iban, email                         string
	paymentTerm, payTransfer, payLink, page         string
	creditSettle, invoiceOf                         string
	day, days, perMonth, perMinute, per             string
	months                                          [12]string
	countries                                       map[string]string
}

var english = labels{
	lang:               "en",
	invoice:            "Invoice",
	creditNote:         "Credit note",
	number:             "Invoice number",
	creditNumber:       "Credit note number",
	issued:             "Invoice date",
	creditIssued:       "Credit note date",
	due:                "Due date",
	period:             "Period",
	billTo:             "Customer",
	corrects:           "Corrects invoice",
	reason:             "Reason",
	description:        "Description",
	quantity:           "Quantity",
	price:              "Price",
	vat:                "VAT",
	amount:             "Amount",
	subtotal:           "Subtotal excl. VAT",
	vatRate:            "VAT %s%%",
	vatOver:            "over %s",
	total:              "Total",
	reverseCharge:      "VAT reverse charged / btw verlegd",
	reverseChargeBasis: "The customer accounts for the VAT (art. 196 VAT Directive 2006/112/EC).",
	kvk:                "KvK (Chamber of Commerce)",
	vatID:              "VAT id",
	iban:               "IBAN",
	email:              "Email",
	paymentTerm:        "Payment term %d days",
	payTransfer:        "Please transfer %s by %s to IBAN %s in the name of %s, quoting invoice number %s.",
	payLink:            "Pay with iDEAL: %s",
	page:               "Page %d of {nb}",
	creditSettle:       "This credit note corrects invoice %s; the amount of %s is credited to you.",
	invoiceOf:          "%s of %s",
	day:                "day",
	days:               "days",
	perMonth:           "per month",
	perMinute:          "per minute",
	per:                "per %s",
	months: [12]string{"January", "February", "March", "April", "May", "June", "July",
		"August", "September", "October", "November", "December"},
	countries: map[string]string{
		"AT": "Austria", "BE": "Belgium", "BG": "Bulgaria", "CY": "Cyprus", "CZ": "Czechia",
		"DE": "Germany", "DK": "Denmark", "EE": "Estonia", "ES": "Spain", "FI": "Finland",
		"FR": "France", "GR": "Greece", "HR": "Croatia", "HU": "Hungary", "IE": "Ireland",
		"IT": "Italy", "LT": "Lithuania", "LU": "Luxembourg", "LV": "Latvia", "MT": "Malta",
		"NL": "The Netherlands", "PL": "Poland", "PT": "Portugal", "RO": "Romania", "SE": "Sweden",
		"SI": "Slovenia", "SK": "Slovakia",
	},
}

var dutch = labels{
	lang:               "nl",
	invoice:            "Factuur",
	creditNote:         "Creditnota",
	number:             "Factuurnummer",
	creditNumber:       "Creditnotanummer",
	issued:             "Factuurdatum",
	creditIssued:       "Creditnotadatum",
	due:                "Vervaldatum",
	period:             "Periode",
	billTo:             "Klant",
	corrects:           "Correctie op factuur",
	reason:             "Reden",
	description:        "Omschrijving",
	quantity:           "Aantal",
	price:              "Prijs",
	vat:                "Btw",
	amount:             "Bedrag",
	subtotal:           "Subtotaal excl. btw",
	vatRate:            "Btw %s%%",
	vatOver:            "over %s",
	total:              "Totaal",
	reverseCharge:      "Btw verlegd",
	reverseChargeBasis: "De btw wordt verlegd naar de afnemer (art. 196 Btw-richtlijn 2006/112/EG).",
	kvk:                "KvK",
	vatID:              "Btw-id",
	iban:               "IBAN",
	email:              "E-mail",
	paymentTerm:        "Betaaltermijn %d dagen",
	payTransfer:        "Wij verzoeken u %s vóór %s over te maken op IBAN %s t.n.v. %s, onder vermelding van factuurnummer %s.",
	payLink:            "Betalen met iDEAL: %s",
	page:               "Pagina %d van {nb}",
	creditSettle:       "Deze creditnota corrigeert factuur %s; het bedrag van %s wordt aan u gecrediteerd.",
	invoiceOf:          "%s van %s",
	day:                "dag",
	days:               "dagen",
	perMonth:           "per maand",
	perMinute:          "per minuut",
	per:                "per %s",
	months: [12]string{"januari", "februari", "maart", "april", "mei", "juni", "juli",
		"augustus", "september", "oktober", "november", "december"},
	countries: map[string]string{
		"AT": "Oostenrijk", "BE": "België", "BG": "Bulgarije", "CY": "Cyprus", "CZ": "Tsjechië",
		"DE": "Duitsland", "DK": "Denemarken", "EE": "Estland", "ES": "Spanje", "FI": "Finland",
		"FR": "Frankrijk", "GR": "Griekenland", "HR": "Kroatië", "HU": "Hongarije", "IE": "Ierland",
		"IT": "Italië", "LT": "Litouwen", "LU": "Luxemburg", "LV": "Letland", "MT": "Malta",
		"NL": "Nederland", "PL": "Polen", "PT": "Portugal", "RO": "Roemenië", "SE": "Zweden",
		"SI": "Slovenië", "SK": "Slowakije",
	},
}

// labelsFor is the Dutch words for "nl" and the English ones otherwise.
func labelsFor(locale string) labels {
	if strings.HasPrefix(strings.ToLower(locale), "nl") {
		return dutch
	}
	return english
}

// money writes cents with the euro sign as people read it in the
// language: nl "€ 1.234,56" and "€ -1.234,56", en "€1,234.56" and
// "-€1,234.56". Other currencies put their code in front ("USD 1,234.56").
func (l labels) money(cents int64, currency string) string {
	neg := cents < 0
	if neg {
		cents = -cents
	}
	whole := strconv.FormatInt(cents/100, 10)
	thousands, point := ",", "."
	if l.lang == "nl" {
		thousands, point = ".", ","
	}
	var g []string
	for len(whole) > 3 {
		g = append([]string{whole[len(whole)-3:]}, g...)
		whole = whole[:len(whole)-3]
	}
	g = append([]string{whole}, g...)
	num := strings.Join(g, thousands) + point + fmt.Sprintf("%02d", cents%100)
	sym := "€"
	if currency != "" && currency != "EUR" {
		sym = currency + " "
	}
	switch {
	case l.lang == "nl" && neg:
		return strings.TrimSpace(sym) + " -" + num
	case l.lang == "nl":
		return strings.TrimSpace(sym) + " " + num
	case neg:
		return "-" + sym + num
	}
	return sym + num
}

// date writes a day as "1 november 2026" / "1 November 2026".
func (l labels) date(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return fmt.Sprintf("%d %s %d", t.Day(), l.months[t.Month()-1], t.Year())
}

// periodText writes the billed period: a whole calendar month as
// "november 2026", otherwise "1 november 2026 – 15 november 2026".
func (l labels) periodText(start, end time.Time) string {
	if start.IsZero() {
		return ""
	}
	if start.Day() == 1 && end.Year() == start.Year() && end.Month() == start.Month() && end.AddDate(0, 0, 1).Day() == 1 {
		return fmt.Sprintf("%s %d", l.months[start.Month()-1], start.Year())
	}
	return l.date(start) + " – " + l.date(end)
}

func (l labels) country(code string) string {
	if n, ok := l.countries[strings.ToUpper(code)]; ok {
		return n
	}
	return strings.ToUpper(code)
}

// decimalText writes a decimal string with the language's decimal mark:
// nl "612,5", en "612.5".
func (l labels) decimalText(s string) string {
	if l.lang == "nl" {
		return strings.Replace(s, ".", ",", 1)
	}
	return s
}

// isSeconds tells a unit of seconds: "SEC" is UN/ECE rec 20's second of
// time; "D62" is accepted too.
func isSeconds(unit string) bool { return unit == "SEC" || unit == "D62" }

// quantityText writes a line's quantity for people: seconds as minutes
// ("612.5 min"), days as "17 days" / "17 dagen", a count as the number.
func (l labels) quantityText(ln Line) string {
	q := strings.TrimPrefix(ln.Quantity, "-")
	switch {
	case isSeconds(ln.Unit):
		return l.decimalText(minutes(q)) + " min"
	case ln.Unit == "DAY":
		if q == "1" {
			return "1 " + l.day
		}
		return l.decimalText(q) + " " + l.days
	case ln.Unit == "C62" || ln.Unit == "":
		return l.decimalText(q)
	}
	return l.decimalText(q) + " " + ln.Unit
}

// minutes writes a number of seconds as minutes with at most two
// decimals: "36750" → "612.5", "100" → "1.67".
func minutes(seconds string) string {
	f, err := strconv.ParseFloat(seconds, 64)
	if err != nil {
		return seconds
	}
	s := strconv.FormatFloat(f/60, 'f', 2, 64)
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}

// priceText writes a line's unit price with what it is for: "€ 0,10 per
// minuut", "€ 99,00 per maand" (the monthly fee, pro rata by day),
// "€ 250,00".
func (l labels) priceText(ln Line, currency string) string {
	p := l.money(ln.UnitPriceCents, currency)
	switch {
	case isSeconds(ln.Unit) && ln.BaseQuantity == "60":
		return p + " " + l.perMinute
	case ln.Unit == "DAY" && ln.BaseQuantity != "1":
		return p + " " + l.perMonth
	case ln.BaseQuantity == "" || ln.BaseQuantity == "1":
		return p
	}
	return p + " " + fmt.Sprintf(l.per, l.decimalText(ln.BaseQuantity)+" "+ln.Unit)
}

// termDays is the payment term in days: from the issue date to the due
// date.
func termDays(d Document) int {
	if d.DueOn.IsZero() || d.IssuedOn.IsZero() {
		return 0
	}
	return int(d.DueOn.Sub(d.IssuedOn).Hours()/24 + 0.5)
}

// paymentTermsNote is the payment terms as one sentence (UBL BT-20).
func (l labels) paymentTermsNote(d Document) string {
	s := fmt.Sprintf(l.paymentTerm, termDays(d))
	if !d.DueOn.IsZero() {
		s += ", " + strings.ToLower(l.due[:1]) + l.due[1:] + " " + d.DueOn.Format(isoDate)
	}
	return s
}
