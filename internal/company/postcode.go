package company

import (
	"regexp"
	"strings"
)

// postcodes is each EU member state's postcode: its pattern written
// compactly (upper case, without spaces or dashes), how it is written out,
// and an example for messages. A leading country code with a dash
// ("NL-1234 AB", "L-1234") is accepted and dropped, except where the
// country writes it as part of the postcode (LT-12345, LV-1234).
var postcodes = map[string]struct {
	compact *regexp.Regexp
	write   func(string) string
	example string
	prefix  string // an old-style prefix besides the ISO code ("L" for Luxembourg)
}{
	"AT": {digits(4), same, "1010", "A"},
	"BE": {digits(4), same, "1000", "B"},
	"BG": {digits(4), same, "1000", ""},
	"CY": {digits(4), same, "1010", ""},
	"CZ": {digits(5), split(3, " "), "110 00", ""},
	"DE": {digits(5), same, "10115", "D"},
	"DK": {digits(4), same, "1050", ""},
	"EE": {digits(5), same, "10111", ""},
	"GR": {digits(5), split(3, " "), "105 57", "EL"},
	"ES": {regexp.MustCompile(`^(0[1-9]|[1-4]\d|5[0-2])\d{3}$`), same, "28013", "E"},
	"FI": {digits(5), same, "00100", ""},
	"FR": {digits(5), same, "75001", "F"},
	"HR": {digits(5), same, "10000", ""},
	"HU": {digits(4), same, "1051", "H"},
	"IE": {regexp.MustCompile(`^([AC-FHKNPRTV-Y]\d{2}|D6W)[0-9AC-FHKNPRTV-Y]{4}$`), split(3, " "), "D02 X285", ""},
	"IT": {digits(5), same, "00184", "I"},
	"LT": {digits(5), func(s string) string { return "LT-" + s }, "LT-01100", ""},
	"LU": {digits(4), same, "1009", "L"},
	"LV": {digits(4), func(s string) string { return "LV-" + s }, "LV-1050", ""},
	"MT": {regexp.MustCompile(`^[A-Z]{3}\d{4}$`), split(3, " "), "VLT 1117", ""},
	"NL": {regexp.MustCompile(`^[1-9]\d{3}[A-Z]{2}$`), split(4, " "), "1015 AA", ""},
	"PL": {digits(5), split(2, "-"), "00-950", ""},
	"PT": {regexp.MustCompile(`^\d{7}$`), split(4, "-"), "1000-001", "P"},
	"RO": {digits(6), same, "010011", ""},
	"SE": {digits(5), split(3, " "), "111 22", "S"},
	"SI": {digits(4), same, "1000", ""},
	"SK": {digits(5), split(3, " "), "811 01", ""},
}

func digits(n int) *regexp.Regexp {
	return regexp.MustCompile(`^\d{` + string(rune('0'+n)) + `}$`)
}

func same(s string) string { return s }

// split writes a compact postcode with sep after its first n characters.
func split(n int, sep string) func(string) string {
	return func(s string) string { return s[:n] + sep + s[n:] }
}

var countryPrefix = regexp.MustCompile(`^([A-Z]{1,2})\s*-\s*`)

// Postcode is the postcode pc of an EU member state written as that
// country writes it (NL "1234ab" → "1234 AB"), and whether it is one.
// A country without a known pattern takes 2 to 10 letters, digits, spaces
// and dashes.
func Postcode(country, pc string) (string, bool) {
	pc = strings.ToUpper(strings.TrimSpace(pc))
	f, ok := postcodes[country]
	if !ok {
		return pc, generalPostcode.MatchString(pc)
	}
	if m := countryPrefix.FindStringSubmatch(pc); m != nil && (m[1] == country || m[1] == f.prefix) {
		pc = pc[len(m[0]):]
	}
	compact := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, pc)
	if !f.compact.MatchString(compact) {
		return "", false
	}
	return f.write(compact), true
}

var generalPostcode = regexp.MustCompile(`^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$`)

// postcodeMessage says what a postcode of country looks like.
func postcodeMessage(country string) string {
	if f, ok := postcodes[country]; ok {
		return "This is not a postcode of " + country + ": it looks like " + f.example + "."
	}
	return "Enter the postcode: 2 to 10 letters and digits."
}
