package company

import (
	"fmt"
	netmail "net/mail"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
	"github.com/belwise/site/internal/vatid"
)

// The longest value each field takes, in characters.
const (
	maxLegalName = 200
	maxStreet    = 200
	maxCity      = 100
	maxEmail     = 254
)

// Validate tidies the details (one line each, single spaces; the postcode
// in its country's form, the VAT id normalised) and checks them, answering
// every problem at once: an apierr.Join of one *apierr.Error per field, in
// the form's order. The KvK number is kept for a Dutch company only.
func Validate(in Input) (store.Company, error) {
	c := store.Company{
		LegalName:    text.Squash(in.LegalName),
		Street:       text.Squash(in.Street),
		Postcode:     text.Squash(in.Postcode),
		City:         text.Squash(in.City),
		Country:      strings.ToUpper(text.Squash(in.Country)),
		KVK:          strings.NewReplacer(" ", "", ".", "", "-", "").Replace(text.Squash(in.KVK)),
		VATID:        vatid.Normalize(text.Squash(in.VATID)),
		InvoiceEmail: text.Squash(in.InvoiceEmail),
	}
	var problems []*apierr.Error
	add := func(field string, code apierr.Code, message string) {
		problems = append(problems, &apierr.Error{Kind: apierr.Invalid, Code: code, Field: field, Message: message})
	}
	line := func(field, value, name string, limit int) {
		switch {
		case value == "":
			add(field, apierr.CodeRequired, "Enter the "+name+".")
		case utf8.RuneCountInString(value) > limit:
			add(field, apierr.CodeTooLong, fmt.Sprintf("The %s is too long: at most %d characters.", name, limit))
		}
	}
	line("legalName", c.LegalName, "company's legal name", maxLegalName)
	line("street", c.Street, "street and number", maxStreet)

	eu := vatid.IsEU(c.Country)
	switch {
	case c.Postcode == "":
		add("postcode", apierr.CodeRequired, "Enter the postcode.")
	case eu:
		if pc, ok := Postcode(c.Country, c.Postcode); ok {
			c.Postcode = pc
		} else {
			add("postcode", apierr.CodeInvalidPostcode, postcodeMessage(c.Country))
		}
	}
	line("city", c.City, "city", maxCity)

	switch {
	case c.Country == "":
		add("country", apierr.CodeRequired, "Choose the country.")
	case !eu:
		add("country", apierr.CodeInvalidCountry,
			"We can only invoice companies in a member state of the European Union here. Please contact us to arrange billing.")
	}

	if c.Country == vatid.Home {
		switch {
		case c.KVK == "":
			add("kvk", apierr.CodeRequired, "Enter the KvK number: 8 digits.")
		case !kvkPattern.MatchString(c.KVK):
			add("kvk", apierr.CodeInvalidKVK, "A KvK number is 8 digits, such as 12345678.")
		}
	} else {
		// Only Dutch companies have one: a number typed before the country
		// changed is not kept.
		c.KVK = ""
	}

	if c.VATID != "" && eu {
		if id, ok := vatID(c.Country, c.VATID); ok {
			c.VATID = id
		} else {
			add("vatId", apierr.CodeInvalidVATID, fmt.Sprintf("This is not a VAT id of %s: it looks like %s.", c.Country, vatid.Example(c.Country)))
		}
	}

	switch {
	case c.InvoiceEmail == "":
		add("invoiceEmail", apierr.CodeRequired, "Enter the email address for invoices.")
	case utf8.RuneCountInString(c.InvoiceEmail) > maxEmail || !validEmail(c.InvoiceEmail):
		add("invoiceEmail", apierr.CodeInvalidEmail, "Enter a valid email address, like invoices@example.com.")
	}
	return c, apierr.Join(problems)
}

var kvkPattern = regexp.MustCompile(`^\d{8}$`)

// vatID is id in its country's format, with the country's prefix added
// when only the rest was typed ("123456789B01" for NL).
func vatID(country, id string) (string, bool) {
	if vatid.Valid(country, id) {
		return id, true
	}
	if prefix := vatid.Example(country)[:2]; !strings.HasPrefix(id, prefix) && vatid.Valid(country, prefix+id) {
		return prefix + id, true
	}
	return "", false
}

// validEmail accepts a bare address (no display name) whose domain has a
// dot.
func validEmail(email string) bool {
	addr, err := netmail.ParseAddress(email)
	if err != nil || addr.Address != email {
		return false
	}
	domain := email[strings.LastIndexByte(email, '@')+1:]
	return strings.Contains(domain, ".") && !strings.HasSuffix(domain, ".") && !strings.HasPrefix(domain, ".")
}
