package text

import (
	"reflect"
	"testing"
)

func TestMultiLine(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                    "plain",
		"a\x00b":                   "ab",
		"a\x01b\x1bc\x7fd":         "abcd",
		"line1\r\nline2\rline3\n":  "line1\nline2\nline3\n",
		"tab\there":                "tab\there",
		"c1\u0085\u009fend":        "c1end",
		"bad\xffutf8":              "bad\uFFFDutf8",
		"\x00":                     "",
		"héllo wörld 👋":            "héllo wörld 👋",
		"zero\u200bwidth stays":    "zero\u200bwidth stays",
		"nul \x00 in \x00 summary": "nul  in  summary",
	} {
		if got := MultiLine(in); got != want {
			t.Errorf("MultiLine(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"plain":               "plain",
		"call\x00-id":         "call-id",
		"a\nb\tc\r\x1b\x7f":   "abc",
		"+31\x00612345678":    "+31612345678",
		"\xfe":                "\uFFFD",
		"Zoë Müller-Łukasiak": "Zoë Müller-Łukasiak",
	} {
		if got := OneLine(in); got != want {
			t.Errorf("OneLine(%q) = %q, want %q", in, got, want)
		}
		if !Clean(OneLine(in)) {
			t.Errorf("Clean(OneLine(%q)) is false", in)
		}
	}
	if Clean("a\nb") || Clean("a\x00") || Clean("\xff") || !Clean("ok ü") {
		t.Error("Clean is wrong")
	}
}

func TestCleanAll(t *testing.T) {
	type inner struct {
		Note string
		Tags []string
	}
	type body struct {
		Name     string
		ID       *string `json:"id" text:"line"`
		Password string  `text:"raw"`
		Inner    *inner
		Map      map[string]any
		Any      any
		n        string
	}
	id := "id\n\x00"
	b := body{
		Name: "a\x00b\nc", ID: &id, Password: "p\x00\x01w", Inner: &inner{Note: "x\x1by", Tags: []string{"t\x00"}},
		Map: map[string]any{"k\x00": "v\x00", "list": []any{"e\x01", 3.0, map[string]any{"deep": "d\x7f"}}},
		Any: "any\x00", n: "unexported\x00",
	}
	CleanAll(&b)
	want := body{
		Name: "ab\nc", ID: ptr("id"), Password: "p\x00\x01w", Inner: &inner{Note: "xy", Tags: []string{"t"}},
		Map: map[string]any{"k": "v", "list": []any{"e", 3.0, map[string]any{"deep": "d"}}},
		Any: "any", n: "unexported\x00",
	}
	if !reflect.DeepEqual(b, want) {
		t.Errorf("CleanAll:\n got %#v\nwant %#v", b, want)
	}
	CleanAll(nil) // no panic
	var s string = "x\x00"
	CleanAll(&s)
	if s != "x" {
		t.Errorf("a bare string: %q", s)
	}
}

func ptr(s string) *string { return &s }
