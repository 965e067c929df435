package text

import (
	"strings"
	"unicode"
)

// The helpers below tidy a value as a domain package reads it, after the
// boundary has cleaned it: they are here so that every package tidies a
// field, and reads a language, the same way.

// Squash is s as one tidy line, for a field a person types on one line (a
// name, an email address, a search): invalid UTF-8 becomes U+FFFD, each
// control character (line breaks, tabs and NUL included) and each run of
// white space becomes one space, and the ends are trimmed. Unlike OneLine,
// which removes a control character, Squash keeps the words it separated
// apart.
func Squash(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToValidUTF8(s, "\uFFFD"), func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r)
	}), " ")
}

// Lang is the site language for a locale or a ?lang= value: "nl" for Dutch
// in any case and with any region ("nl", " NL ", "nl-BE", "nl_NL"), "en"
// for anything else.
func Lang(locale string) string {
	l := strings.ToLower(strings.TrimSpace(locale))
	if i := strings.IndexAny(l, "-_"); i > 0 { // "nl-BE" → "nl"
		l = l[:i]
	}
	if l == "nl" {
		return "nl"
	}
	return "en"
}
