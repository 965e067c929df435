package auth

import (
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"
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
		return "", invalid("email_required", "Please enter your email address.")
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || len(email) > maxEmail || !strings.Contains(email[strings.LastIndexByte(email, '@')+1:], ".") {
		return "", invalid("invalid_email", "Please enter a valid email address, such as name@company.com.")
	}
	return email, nil
}

func checkPassword(p string) error {
	n := utf8.RuneCountInString(p)
	switch {
	case p == "":
		return invalid("password_required", "Please enter a password.")
	case n < MinPassword:
		return invalid("password_too_short", "Your password must be at least 8 characters long.")
	case n > MaxPassword:
		return invalid("password_too_long", "Your password can be at most 128 characters long.")
	}
	return nil
}

func normalizeName(raw string) (string, error) {
	name := strings.Join(strings.Fields(raw), " ")
	switch {
	case name == "":
		return "", invalid("full_name_required", "Please enter your full name.")
	case utf8.RuneCountInString(name) > maxFullName:
		return "", invalid("full_name_too_long", "Your name can be at most 100 characters long.")
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return "", invalid("full_name_invalid", "Your name contains characters we cannot store.")
	}
	return name, nil
}

func normalizeLocale(l string) string {
	if l == "nl" {
		return "nl"
	}
	return "en"
}
