package quote

import (
	"fmt"
	netmail "net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"

	"github.com/belwise/site/internal/apierr"
)

// Maximum lengths, in characters (runes), after trimming.
const (
	MaxFullName     = 100
	MaxCompanyName  = 120
	MaxBusinessType = 120
	MaxEmail        = 254 // RFC 5321 path limit
	MaxPhone        = 40
	MaxDescription  = 5000
	// maxTimeZone bounds the zone name; the longest IANA names are ~30.
	maxTimeZone = 64
)

// MsgRequired is the spec's text for a missing required field.
const MsgRequired = "Full name, email, and description are required."

// field is one text input: its JSON name, its label in messages, its limit.
type field struct {
	name, label string
	max         int
	required    bool
	value       *string
}

// validate normalises in into the row to store, or returns an *Error for
// the first problem: a missing required field, then a length (in form
// order), then the email address, then the language.
func validate(in Input) (store.QuoteRequest, error) {
	q := store.QuoteRequest{
		FullName:     text.Squash(in.FullName),
		CompanyName:  text.Squash(in.CompanyName),
		BusinessType: text.Squash(in.BusinessType),
		Email:        text.Squash(in.Email),
		Phone:        text.Squash(in.Phone),
		Description:  strings.TrimSpace(text.MultiLine(in.Description)),
		Locale:       normalizeLocale(in.Locale),
		TimeZone:     normalizeTimeZone(in.TimeZone),
	}
	fields := []field{
		{"fullName", "Full name", MaxFullName, true, &q.FullName},
		{"companyName", "Company name", MaxCompanyName, false, &q.CompanyName},
		{"businessType", "Business type", MaxBusinessType, false, &q.BusinessType},
		{"email", "Email", MaxEmail, true, &q.Email},
		{"phone", "Phone", MaxPhone, false, &q.Phone},
		{"description", "Description", MaxDescription, true, &q.Description},
	}
	for _, f := range fields {
		if f.required && *f.value == "" {
			return q, &Error{Kind: Invalid, Code: apierr.CodeRequired, Field: f.name, Message: MsgRequired}
		}
	}
	for _, f := range fields {
		if utf8.RuneCountInString(*f.value) > f.max {
			return q, &Error{Kind: Invalid, Code: apierr.CodeTooLong, Field: f.name,
				Message: fmt.Sprintf("%s is too long: at most %d characters.", f.label, f.max)}
		}
	}
	if !validEmail(q.Email) {
		return q, &Error{Kind: Invalid, Code: apierr.CodeInvalidEmail, Field: "email",
			Message: "Please enter a valid email address, such as name@company.com."}
	}
	lang := strings.ToLower(strings.TrimSpace(in.Language))
	switch lang {
	case "":
		lang = "english"
		if q.Locale == "nl" {
			lang = "dutch"
		}
	case "english", "dutch":
	default:
		return q, &Error{Kind: Invalid, Code: apierr.CodeInvalidLanguage, Field: "language",
			Message: `Language must be "english" or "dutch".`}
	}
	q.Language = lang
	switch q.Source = strings.TrimSpace(in.Source); q.Source {
	case "":
		q.Source = SourceForm
	case SourceForm, SourceVoice, SourcePersonalized:
	default:
		return q, &Error{Kind: Invalid, Code: apierr.CodeInvalidSource, Field: "source",
			Message: `Source must be "form" or "personalized".`}
	}
	return q, nil
}

// validEmail accepts a bare address (no display name) whose domain has a dot.
func validEmail(email string) bool {
	addr, err := netmail.ParseAddress(email)
	if err != nil || addr.Address != email {
		return false
	}
	at := strings.LastIndexByte(email, '@')
	domain := email[at+1:]
	return strings.Contains(domain, ".") && !strings.HasSuffix(domain, ".")
}

func normalizeLocale(l string) string {
	l = strings.ToLower(strings.TrimSpace(l))
	if l == "nl" || strings.HasPrefix(l, "nl-") {
		return "nl"
	}
	return "en"
}

// normalizeTimeZone keeps a zone only if it resolves. An unknown zone is
// dropped rather than refused: the visitor cannot fix what their browser
// reports, and the emails then show UTC.
func normalizeTimeZone(tz string) string {
	tz = strings.TrimSpace(tz)
	if _, ok := location(tz); !ok {
		return ""
	}
	return tz
}

// location resolves an IANA zone name. "" and "Local" (the server's own
// zone, not the visitor's) never resolve.
func location(name string) (*time.Location, bool) {
	if name == "" || name == "Local" || len(name) > maxTimeZone {
		return nil, false
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, false
	}
	return loc, true
}
