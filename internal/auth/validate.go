package auth

import (
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/belwise/site/internal/apierr"
)

const (
	MinPassword = 8
	MaxPassword = 128
	maxEmail    = 254 // RFC 5321 path limit
	maxFullName = 100
)

// normalizeEmail trims and lower-cases, so "Ann@X.nl" and "ann@x.nl" are
// one account.
func normalizeEmail(raw string) (string, error) {
	email := strings.ToLower(strings.TrimSpace(raw))
	if email == "" {
		return "", invalid(apierr.CodeEmailRequired, "Please enter your email address.")
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || len(email) > maxEmail || !strings.Contains(email[strings.LastIndexByte(email, '@')+1:], ".") {
		return "", invalid(apierr.CodeInvalidEmail, "Please enter a valid email address, such as name@company.com.")
	}
	return email, nil
}

func checkPassword(p string) error {
	n := utf8.RuneCountInString(p)
	switch {
	case p == "":
		return invalid(apierr.CodePasswordRequired, "Please enter a password.")
	case n < MinPassword:
		return invalid(apierr.CodePasswordTooShort, "Your password must be at least 8 characters long.")
	case n > MaxPassword:
		return invalid(apierr.CodePasswordTooLong, "Your password can be at most 128 characters long.")
	}
	return nil
}

func normalizeName(raw string) (string, error) {
	name := strings.Join(strings.Fields(raw), " ")
	switch {
	case name == "":
		return "", invalid(apierr.CodeFullNameRequired, "Please enter your full name.")
	case utf8.RuneCountInString(name) > maxFullName:
		return "", invalid(apierr.CodeFullNameTooLong, "Your name can be at most 100 characters long.")
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return "", invalid(apierr.CodeFullNameInvalid, "Your name contains characters we cannot store.")
	}
	return name, nil
}

func normalizeLocale(l string) string {
	if l == "nl" {
		return "nl"
	}
	return "en"
}
