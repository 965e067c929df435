package text

import "testing"

func TestSquash(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                      "plain",
		"  Anna   de  Vries  ":       "Anna de Vries",
		"line1\r\nline2\tend":        "line1 line2 end",
		"a\x00b":                     "a b",
		"\x1bescape\x7fdel":          "escape del",
		"c1\u0085next\u00a0nbsp":     "c1 next nbsp",
		"bad\xff\xfeutf8":            "bad\uFFFDutf8",
		"\x00\n\t ":                  "",
		"Zoë Müller-Łukasiak":        "Zoë Müller-Łukasiak",
		"zero\u200bwidth stays":      "zero\u200bwidth stays",
		"=?utf-8?q?x?= keeps its =?": "=?utf-8?q?x?= keeps its =?",
	} {
		if got := Squash(in); got != want {
			t.Errorf("Squash(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLang(t *testing.T) {
	for in, want := range map[string]string{
		"en": "en", "nl": "nl", "nl-BE": "nl", " NL_nl ": "nl", "NL": "nl",
		"": "en", "de": "en", "EN-gb": "en", "xx": "en", "nld": "en", "-nl": "en", "nl\x00": "en",
	} {
		if got := Lang(in); got != want {
			t.Errorf("Lang(%q) = %q, want %q", in, got, want)
		}
	}
}
