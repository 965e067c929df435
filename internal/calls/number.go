package calls

import (
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// A caller's number is stored in E.164 (+31612345678) when the phone
// number library reads it, and as received otherwise (Vapi sends E.164 for
// phone calls; a SIP caller or "anonymous" is kept as it came). The server
// formats it for the page's language, so the app carries no phone number
// library.

// parseNumber reads an international number; false when the library cannot
// read it as a possible phone number. Only numbers with their country code
// are read: a national number could be of any country.
func parseNumber(n string) (*phonenumbers.PhoneNumber, bool) {
	n = strings.TrimSpace(n)
	if !strings.HasPrefix(n, "+") || len(n) > 32 {
		return nil, false
	}
	p, err := phonenumbers.Parse(n, "")
	if err != nil || !phonenumbers.IsPossibleNumber(p) {
		return nil, false
	}
	return p, true
}

// NormalizeNumber is n in E.164 when the library reads it, otherwise n as
// received (without surrounding spaces).
func NormalizeNumber(n string) string {
	if p, ok := parseNumber(n); ok {
		return phonenumbers.Format(p, phonenumbers.E164)
	}
	return strings.TrimSpace(n)
}

// Number is a caller's number as the buyer receives it: E.164 for a tel:
// link ("" when the number cannot be dialled or there is none), and the
// text to show.
type Number struct {
	E164    string
	Display string
}

// FormatNumber formats a stored number for a page in lang: a Dutch number
// on a Dutch page in the national format ("06 12345678"), every other one
// in the international format ("+31 6 12345678", "+1 415-555-0123"); a
// number the library cannot read is shown as received, without a link.
func FormatNumber(n, lang string) Number {
	p, ok := parseNumber(n)
	if !ok {
		return Number{Display: strings.TrimSpace(n)}
	}
	out := Number{E164: phonenumbers.Format(p, phonenumbers.E164)}
	if lang == "nl" && phonenumbers.IsValidNumber(p) && phonenumbers.GetRegionCodeForNumber(p) == "NL" {
		out.Display = phonenumbers.Format(p, phonenumbers.NATIONAL)
	} else {
		out.Display = phonenumbers.Format(p, phonenumbers.INTERNATIONAL)
	}
	return out
}
