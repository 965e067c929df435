// Package vatid knows the EU member states and the format of their VAT
// identification numbers (VIES formats), so company details can be checked
// when they are saved and billing can tell a Dutch buyer from an EU
// business whose VAT is reverse charged. It checks the format only; it does
// not ask VIES whether a number is registered.
package vatid

import (
	"regexp"
	"slices"
	"strings"
)

// formats maps an EU member state (ISO 3166-1 alpha-2) to its VAT id
// prefix and the pattern of the rest.
var formats = map[string]struct {
	prefix  string
	pattern *regexp.Regexp
	example string
}{
	"AT": {"AT", regexp.MustCompile(`^U\d{8}$`), "ATU12345678"},
	"BE": {"BE", regexp.MustCompile(`^[01]\d{9}$`), "BE0123456789"},
	"BG": {"BG", regexp.MustCompile(`^\d{9,10}$`), "BG123456789"},
	"CY": {"CY", regexp.MustCompile(`^\d{8}[A-Z]$`), "CY12345678L"},
	"CZ": {"CZ", regexp.MustCompile(`^\d{8,10}$`), "CZ12345678"},
	"DE": {"DE", regexp.MustCompile(`^\d{9}$`), "DE123456789"},
	"DK": {"DK", regexp.MustCompile(`^\d{8}$`), "DK12345678"},
	"EE": {"EE", regexp.MustCompile(`^\d{9}$`), "EE123456789"},
	"GR": {"EL", regexp.MustCompile(`^\d{9}$`), "EL123456789"},
	"ES": {"ES", regexp.MustCompile(`^[A-Z0-9]\d{7}[A-Z0-9]$`), "ESX1234567X"},
	"FI": {"FI", regexp.MustCompile(`^\d{8}$`), "FI12345678"},
	"FR": {"FR", regexp.MustCompile(`^[A-HJ-NP-Z0-9]{2}\d{9}$`), "FR12345678901"},
	"HR": {"HR", regexp.MustCompile(`^\d{11}$`), "HR12345678901"},
	"HU": {"HU", regexp.MustCompile(`^\d{8}$`), "HU12345678"},
	"IE": {"IE", regexp.MustCompile(`^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$`), "IE1234567WA"},
	"IT": {"IT", regexp.MustCompile(`^\d{11}$`), "IT12345678901"},
	"LT": {"LT", regexp.MustCompile(`^(\d{9}|\d{12})$`), "LT123456789"},
	"LU": {"LU", regexp.MustCompile(`^\d{8}$`), "LU12345678"},
	"LV": {"LV", regexp.MustCompile(`^\d{11}$`), "LV12345678901"},
	"MT": {"MT", regexp.MustCompile(`^\d{8}$`), "MT12345678"},
	"NL": {"NL", regexp.MustCompile(`^\d{9}B\d{2}$`), "NL123456789B01"},
	"PL": {"PL", regexp.MustCompile(`^\d{10}$`), "PL1234567890"},
	"PT": {"PT", regexp.MustCompile(`^\d{9}$`), "PT123456789"},
	"RO": {"RO", regexp.MustCompile(`^[1-9]\d{1,9}$`), "RO1234567890"},
	"SE": {"SE", regexp.MustCompile(`^\d{10}01$`), "SE123456789001"},
	"SI": {"SI", regexp.MustCompile(`^\d{8}$`), "SI12345678"},
	"SK": {"SK", regexp.MustCompile(`^\d{10}$`), "SK1234567890"},
}

// Home is the agency's own country: its buyers there pay Dutch VAT.
const Home = "NL"

// Normalize writes a VAT id as it is compared and stored: upper case,
// without spaces, dots or dashes ("nl 1234.56789 b01" → "NL123456789B01").
func Normalize(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '.', '-', '\t', '\u00a0':
			return -1
		}
		return r
	}, strings.ToUpper(strings.TrimSpace(s)))
}

// IsEU reports whether country (ISO 3166-1 alpha-2) is an EU member state.
func IsEU(country string) bool {
	_, ok := formats[strings.ToUpper(country)]
	return ok
}

// Countries lists the EU member states, in code order.
func Countries() []string {
	out := make([]string, 0, len(formats))
	for c := range formats {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// Valid reports whether id, normalised, is a VAT id in the format of
// country: its prefix (EL for Greece) and the digits and letters after it.
func Valid(country, id string) bool {
	f, ok := formats[strings.ToUpper(country)]
	if !ok {
		return false
	}
	id = Normalize(id)
	rest, ok := strings.CutPrefix(id, f.prefix)
	return ok && f.pattern.MatchString(rest)
}

// Example is a made-up VAT id in country's format, for messages; "" for a
// country outside the EU.
func Example(country string) string {
	return formats[strings.ToUpper(country)].example
}

// ReverseCharge reports whether a business in country with VAT id vatID
// is billed without Dutch VAT ("VAT reverse charged / btw verlegd"): an EU
// member state other than the Netherlands and a VAT id in its format.
func ReverseCharge(country, vatID string) bool {
	country = strings.ToUpper(country)
	return country != Home && Valid(country, vatID)
}
