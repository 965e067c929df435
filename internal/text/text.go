// Package text owns the cleaning of text that enters the database from
// outside: request bodies, form posts, query strings and Vapi's webhook all
// pass their strings through it at the boundary, so neither engine ever
// sees a NUL (PostgreSQL refuses it in text, a 500 that loses the request)
// or another control character.
//
// The policy, one for the whole site:
//   - Invalid UTF-8 (and so a lone surrogate) becomes U+FFFD, as
//     encoding/json already does for JSON strings.
//   - NUL is removed everywhere.
//   - Multi-line text (descriptions, notes, summaries, transcripts, and any
//     request string not known to be one line) keeps line breaks and tabs:
//     "\r\n" and a lone "\r" become "\n"; every other control character
//     (C0, DEL, C1) is removed.
//   - One-line text (names, identifiers, numbers, statuses) loses every
//     control character, line breaks and tabs included.
//
// Cleaning removes, never replaces with a space: what remains is what a
// person could have typed. The domain packages still trim, collapse spaces
// and validate each field as before, with the helpers in tidy.go (Squash,
// Lang) so that each field is tidied the same way everywhere; a value that
// cleaning left empty is then missing, and an identifier that no longer
// matches anything is not found.
package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MultiLine cleans text that may span lines.
func MultiLine(s string) string {
	if isClean(s, true) {
		return s
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\r':
			return '\n'
		case r == '\n' || r == '\t':
			return r
		case unicode.IsControl(r):
			return -1
		}
		return r
	}, s)
}

// OneLine cleans text that is one line: every control character is
// removed.
func OneLine(s string) string {
	if isClean(s, false) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// Clean reports whether s is valid UTF-8 without control characters (line
// breaks and tabs included): what OneLine leaves unchanged.
func Clean(s string) bool { return isClean(s, false) }

// isClean reports whether s needs no cleaning; multi allows "\n" and "\t".
func isClean(s string, multi bool) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				if !multi || (c != '\n' && c != '\t') {
					return false
				}
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || unicode.IsControl(r) {
			return false
		}
		i += size
	}
	return true
}
