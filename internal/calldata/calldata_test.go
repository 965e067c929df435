package calldata_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/calldata"
	"github.com/belwise/site/internal/store"
)

var fields = []store.CallField{
	{Name: "caller_name", Type: calldata.TypeText, LabelEn: "Caller", LabelNl: "Beller"},
	{Name: "callback_wanted", Type: calldata.TypeYesNo, LabelEn: "Callback wanted", LabelNl: "Terugbellen gewenst"},
	{Name: "people", Type: calldata.TypeNumber, LabelEn: "People", LabelNl: "Personen"},
	{Name: "appointment", Type: calldata.TypeDateTime, LabelEn: "Appointment", LabelNl: "Afspraak"},
	{Name: "reason", Type: calldata.TypeChoice, LabelEn: "Reason", LabelNl: "Reden", Options: []string{"Booking", "Question"}},
}

func TestCheck(t *testing.T) {
	ok := []calldata.Field{
		{Name: " callback_wanted ", Type: "yes_no", LabelEn: " Callback\twanted ", LabelNl: "Terugbellen"},
		{Name: "reason", Type: "choice", LabelEn: "Reason", LabelNl: "Reden", Options: []string{"a", " b "}},
	}
	got, err := calldata.Check(ok)
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Name != "callback_wanted" || got[0].LabelEn != "Callback wanted" || len(got[0].Options) != 0 || got[1].Position != 1 ||
		!reflect.DeepEqual(got[1].Options, []string{"a", "b"}) {
		t.Fatalf("checked = %+v", got)
	}
	f := func(name, typ, en, nl string, opts ...string) calldata.Field {
		return calldata.Field{Name: name, Type: typ, LabelEn: en, LabelNl: nl, Options: opts}
	}
	for name, c := range map[string]struct {
		in    []calldata.Field
		code  apierr.Code
		field string
	}{
		"empty name":        {[]calldata.Field{f("", "text", "A", "B")}, apierr.CodeRequired, "fields[0].name"},
		"capitals":          {[]calldata.Field{f("Callback", "text", "A", "B")}, apierr.CodeInvalidFieldName, "fields[0].name"},
		"space":             {[]calldata.Field{f("call back", "text", "A", "B")}, apierr.CodeInvalidFieldName, "fields[0].name"},
		"leading digit":     {[]calldata.Field{f("1a", "text", "A", "B")}, apierr.CodeInvalidFieldName, "fields[0].name"},
		"duplicate":         {[]calldata.Field{f("a", "text", "A", "B"), f("a", "number", "A", "B")}, apierr.CodeDuplicateField, "fields[1].name"},
		"unknown type":      {[]calldata.Field{f("a", "boolean", "A", "B")}, apierr.CodeInvalidFieldType, "fields[0].type"},
		"no English label":  {[]calldata.Field{f("a", "text", " ", "B")}, apierr.CodeRequired, "fields[0].labelEn"},
		"no Dutch label":    {[]calldata.Field{f("a", "text", "A", "")}, apierr.CodeRequired, "fields[0].labelNl"},
		"choice no options": {[]calldata.Field{f("a", "choice", "A", "B")}, apierr.CodeOptionsRequired, "fields[0].options"},
		"choice twice":      {[]calldata.Field{f("a", "choice", "A", "B", "x", "x")}, apierr.CodeOptionsRequired, "fields[0].options"},
	} {
		_, err := calldata.Check(c.in)
		var e *apierr.Error
		if !errors.As(err, &e) || e.Kind != apierr.Invalid || e.Code != c.code || e.Field != c.field {
			t.Errorf("%s: err = %v, want %s on %s", name, err, c.code, c.field)
		}
	}
}

func TestAccept(t *testing.T) {
	raw := map[string]any{
		"caller_name":     "Anna\u0000 de Vries",
		"callback_wanted": "Ja",
		"people":          "3",
		"appointment":     "2026-12-01T10:00:00+01:00",
		"reason":          "booking",
		"extra":           map[string]any{"nested": true},
		"nothing":         nil,
	}
	got, refused := calldata.Accept(fields, raw)
	want := map[string]any{"caller_name": "Anna\u0000 de Vries", "callback_wanted": true, "people": 3.0,
		"appointment": "2026-12-01T10:00:00+01:00", "reason": "Booking", "extra": map[string]any{"nested": true}}
	// Text is cleaned by package text (the NUL goes).
	want["caller_name"] = "Anna de Vries"
	if !reflect.DeepEqual(got, want) || len(refused) != 0 {
		t.Fatalf("accepted %v refused %v", got, refused)
	}
	got, refused = calldata.Accept(fields, map[string]any{"callback_wanted": "maybe", "people": "many", "appointment": "tomorrow",
		"reason": "Complaint", "caller_name": map[string]any{}, "later": "kept"})
	if !reflect.DeepEqual(refused, []string{"appointment", "callback_wanted", "caller_name", "people", "reason"}) ||
		!reflect.DeepEqual(got, map[string]any{"later": "kept"}) {
		t.Fatalf("accepted %v refused %v", got, refused)
	}
	for _, v := range []any{true, false, "yes", "NO", "nee", "ja"} {
		if _, ok := calldata.Value(fields[1], v); !ok {
			t.Errorf("yes/no refused %v", v)
		}
	}
	if v, ok := calldata.Value(fields[3], "2026-12-01"); !ok || v != "2026-12-01" {
		t.Errorf("a date: %v %v", v, ok)
	}
	if a, r := calldata.Accept(fields, nil); a != nil || r != nil {
		t.Error("no structuredData must leave the data alone")
	}
}

func TestMergeNeverLoses(t *testing.T) {
	d := calldata.Merge(nil, map[string]any{"a": 1.0, "b": true}, true)
	d = calldata.Merge(d, map[string]any{"a": 2.0, "c": "x"}, false) // a status update fills in only
	if !reflect.DeepEqual(d, map[string]any{"a": 1.0, "b": true, "c": "x"}) {
		t.Fatalf("merged %v", d)
	}
	d = calldata.Merge(d, map[string]any{"a": 3.0}, true) // a report replaces what it brings, keeps the rest
	if !reflect.DeepEqual(d, map[string]any{"a": 3.0, "b": true, "c": "x"}) {
		t.Fatalf("merged %v", d)
	}
}

func TestParseFilters(t *testing.T) {
	got, err := calldata.ParseFilters(fields, map[string][]string{"data.callback_wanted": {"yes"}, "data.reason": {"question"},
		"data.people": {"2"}, "lang": {"en"}})
	want := []store.DataFilter{{Name: "callback_wanted", Value: true}, {Name: "people", Value: 2.0}, {Name: "reason", Value: "Question"}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("filters %v %v", got, err)
	}
	for q, field := range map[string]string{"data.nope": "data.nope", "data.callback_wanted": "data.callback_wanted", "data.reason": "data.reason"} {
		_, err := calldata.ParseFilters(fields, map[string][]string{q: {"maybe"}})
		var e *apierr.Error
		if !errors.As(err, &e) || e.Code != apierr.CodeInvalidField || e.Field != field {
			t.Errorf("%s=maybe: %v", q, err)
		}
	}
}

func TestValuesAndText(t *testing.T) {
	v := calldata.Values(fields, map[string]any{"callback_wanted": "yes", "people": 2.5, "reason": "Other", "unknown": 1.0})
	if !reflect.DeepEqual(v, map[string]any{"callback_wanted": true, "people": 2.5}) {
		t.Fatalf("values %v", v)
	}
	if calldata.Text(fields[1], true, "nl") != "Ja" || calldata.Text(fields[1], false, "en") != "No" || calldata.Text(fields[2], 2.5, "nl") != "2,5" {
		t.Fatal("text")
	}
}
