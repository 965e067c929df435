// Package calldata holds the call data staff define per order (issue 20):
// the fields an order's agent extracts from a call (Vapi's
// analysis.structuredData), their rules, how a report's values are
// accepted per field, how the values read back and how a list is filtered
// by them.
//
// What a call keeps (store.Call.Data, calls.data): the value of each
// defined field that fits its type, in its normal form (yes/no a bool, a
// number a float64, a date/time or a choice or a text a string); a value
// that does not fit is refused for that field alone (logged, left out,
// the call stored with everything else). Keys no field defines are kept as
// they came (strings cleaned like every text from Vapi), so a field
// defined later shows them when they fit its type: saving the fields
// rewrites them in its normal form (Normalize), so filters find them. On
// the way out (Values) only defined fields with a fitting value are shown.
package calldata

import (
	"fmt"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// Field types.
const (
	TypeText     = "text"
	TypeYesNo    = "yes_no"
	TypeNumber   = "number"
	TypeDateTime = "datetime"
	TypeChoice   = "choice"
)

// Types lists the field types, as the editor offers them.
var Types = []string{TypeText, TypeYesNo, TypeNumber, TypeDateTime, TypeChoice}

// Limits of a definition.
const (
	MaxFields      = 30
	MaxNameLen     = 40
	MaxLabelLen    = 60
	MaxOptions     = 20
	MaxOptionLen   = 60
	MaxTextValue   = 2000
	maxFilterValue = 200
)

var namePattern = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// Field is one field as the API sends and takes it.
type Field struct {
	Name    string   `json:"name"`
	Type    string   `json:"type" enum:"text,yes_no,number,datetime,choice"`
	LabelEn string   `json:"labelEn"`
	LabelNl string   `json:"labelNl"`
	Options []string `json:"options"` // choice only; [] otherwise
	// FollowUp: staff marked the field "needs follow-up" (yes/no and
	// choice only): a call whose yes/no value is yes, or whose choice is
	// one of FollowUpOptions, needs follow-up (calls.NeedsFollowUp). For a
	// choice it is true exactly when FollowUpOptions is not empty.
	FollowUp        bool     `json:"followUp"`
	FollowUpOptions []string `json:"followUpOptions"` // choice only: the options that flag a call; [] otherwise
}

// FromStore is the API's form of stored fields.
func FromStore(fs []store.CallField) []Field {
	out := make([]Field, 0, len(fs))
	for _, f := range fs {
		opts := f.Options
		if opts == nil {
			opts = []string{}
		}
		follow := f.FollowUpOptions
		if follow == nil {
			follow = []string{}
		}
		out = append(out, Field{Name: f.Name, Type: f.Type, LabelEn: f.LabelEn, LabelNl: f.LabelNl, Options: opts,
			FollowUp: f.FollowUp, FollowUpOptions: follow})
	}
	return out
}

func invalid(code apierr.Code, field, format string, args ...any) error {
	return &apierr.Error{Kind: apierr.Invalid, Code: code, Field: field, Message: fmt.Sprintf(format, args...)}
}

// Check tidies a list of definitions (names trimmed, labels and options
// on one line) and checks it: each name lowercase letters, digits and _
// starting with a letter (at most 40) and used once, a known type, both
// labels (at most 60 characters), and for a choice 1–20 distinct
// non-empty options. A problem is a 400 naming the field as
// fields[i].name, fields[i].type, fields[i].labelEn, fields[i].labelNl or
// fields[i].options. A follow-up mark (followUp) is only for a yes/no or
// a choice field (else fields[i].followUp); a choice's followUpOptions are
// some of its options (else fields[i].followUpOptions), and they alone
// decide its mark.
func Check(in []Field) ([]store.CallField, error) {
	if len(in) > MaxFields {
		return nil, invalid(apierr.CodeTooLong, "fields", "An order has at most %d call data fields.", MaxFields)
	}
	out := make([]store.CallField, 0, len(in))
	seen := map[string]bool{}
	for i, f := range in {
		at := func(k string) string { return fmt.Sprintf("fields[%d].%s", i, k) }
		name := strings.TrimSpace(f.Name)
		switch {
		case name == "":
			return nil, invalid(apierr.CodeRequired, at("name"), "Field %d needs a name.", i+1)
		case len(name) > MaxNameLen || !namePattern.MatchString(name):
			return nil, invalid(apierr.CodeInvalidFieldName, at("name"),
				"%q: a name is lowercase letters, digits and _, starting with a letter, at most %d characters.", name, MaxNameLen)
		case seen[name]:
			return nil, invalid(apierr.CodeDuplicateField, at("name"), "The name %q is used twice.", name)
		}
		seen[name] = true
		if !slices.Contains(Types, f.Type) {
			return nil, invalid(apierr.CodeInvalidFieldType, at("type"), "%q is not a field type (text, yes_no, number, datetime, choice).", f.Type)
		}
		labels := [2]string{text.Squash(f.LabelEn), text.Squash(f.LabelNl)}
		for j, k := range []string{"labelEn", "labelNl"} {
			switch {
			case labels[j] == "":
				return nil, invalid(apierr.CodeRequired, at(k), "Field %q needs a label in English and in Dutch.", name)
			case utf8.RuneCountInString(labels[j]) > MaxLabelLen:
				return nil, invalid(apierr.CodeTooLong, at(k), "A label is at most %d characters.", MaxLabelLen)
			}
		}
		options := []string{}
		if f.Type == TypeChoice {
			for _, o := range f.Options {
				o = text.Squash(o)
				if o == "" || slices.Contains(options, o) || utf8.RuneCountInString(o) > MaxOptionLen {
					return nil, invalid(apierr.CodeOptionsRequired, at("options"),
						"A choice's options are distinct, not empty and at most %d characters.", MaxOptionLen)
				}
				options = append(options, o)
			}
			if len(options) == 0 || len(options) > MaxOptions {
				return nil, invalid(apierr.CodeOptionsRequired, at("options"), "A choice needs 1 to %d options.", MaxOptions)
			}
		}
		follow := []string{}
		followUp := f.FollowUp
		switch f.Type {
		case TypeChoice:
			for _, o := range f.FollowUpOptions {
				o = text.Squash(o)
				j := slices.IndexFunc(options, func(x string) bool { return strings.EqualFold(x, o) })
				if j < 0 {
					return nil, invalid(apierr.CodeInvalidField, at("followUpOptions"),
						"%q is not one of the options of field %q.", o, name)
				}
				if !slices.Contains(follow, options[j]) {
					follow = append(follow, options[j])
				}
			}
			followUp = len(follow) > 0
		case TypeYesNo:
			if len(f.FollowUpOptions) > 0 {
				return nil, invalid(apierr.CodeInvalidField, at("followUpOptions"), "Only a choice field has follow-up options.")
			}
		default:
			if followUp || len(f.FollowUpOptions) > 0 {
				return nil, invalid(apierr.CodeInvalidField, at("followUp"),
					"Only a yes/no or a choice field can mark a call as needing follow-up.")
			}
		}
		out = append(out, store.CallField{Name: name, Type: f.Type, LabelEn: labels[0], LabelNl: labels[1], Options: options, Position: i,
			FollowUp: followUp, FollowUpOptions: follow})
	}
	return out, nil
}

// Value reads v (a JSON value: bool, float64, string, …) for a field of
// type f, in its normal form; false when it does not fit. Yes/no takes
// true/false and "yes"/"no"/"ja"/"nee"/"true"/"false" in any case; a
// number takes a number or a numeric string; a date/time takes RFC 3339
// (kept as sent) or a date YYYY-MM-DD; a choice one of its options (any
// case, kept as the option is spelled); a text any string, number or bool
// as text.
func Value(f store.CallField, v any) (any, bool) {
	switch f.Type {
	case TypeYesNo:
		switch x := v.(type) {
		case bool:
			return x, true
		case string:
			switch strings.ToLower(strings.TrimSpace(x)) {
			case "yes", "ja", "true":
				return true, true
			case "no", "nee", "false":
				return false, true
			}
		}
	case TypeNumber:
		switch x := v.(type) {
		case float64:
			return x, !math.IsNaN(x) && !math.IsInf(x, 0)
		case string:
			n, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
			if err == nil && !math.IsNaN(n) && !math.IsInf(n, 0) {
				return n, true
			}
		}
	case TypeDateTime:
		if x, ok := v.(string); ok {
			x = strings.TrimSpace(x)
			if _, err := time.Parse(time.RFC3339, x); err == nil {
				return x, true
			}
			if _, err := time.Parse(time.DateOnly, x); err == nil {
				return x, true
			}
		}
	case TypeChoice:
		if x, ok := v.(string); ok {
			x = text.Squash(x)
			for _, o := range f.Options {
				if strings.EqualFold(o, x) {
					return o, true
				}
			}
		}
	case TypeText:
		var s string
		switch x := v.(type) {
		case string:
			s = x
		case float64:
			s = strconv.FormatFloat(x, 'f', -1, 64)
		case bool:
			s = strconv.FormatBool(x)
		default:
			return nil, false
		}
		s = strings.TrimSpace(text.MultiLine(s))
		if s == "" {
			return nil, false
		}
		if r := []rune(s); len(r) > MaxTextValue {
			s = string(r[:MaxTextValue])
		}
		return s, true
	}
	return nil, false
}

// Accept reads a report's structuredData against the order's fields: each
// defined field's value in its normal form when it fits (see Value),
// refused (named in refused, left out) when it does not; a null is no
// value. Keys no field defines are kept as they came. raw nil gives nil:
// the report brought no data.
func Accept(fields []store.CallField, raw map[string]any) (accepted map[string]any, refused []string) {
	if raw == nil {
		return nil, nil
	}
	byName := map[string]store.CallField{}
	for _, f := range fields {
		byName[f.Name] = f
	}
	accepted = map[string]any{}
	for k, v := range raw {
		if v == nil {
			continue
		}
		f, ok := byName[k]
		if !ok {
			accepted[k] = v
			continue
		}
		if n, ok := Value(f, v); ok {
			accepted[k] = n
		} else {
			refused = append(refused, k)
		}
	}
	slices.Sort(refused)
	return accepted, refused
}

// Merge applies a report's accepted data to what a call has: a complete
// report (authoritative) sets every key it brings, any other word only
// the keys still missing. A key is never removed, so a retried report, or
// a later one whose value is refused, never loses what was known.
func Merge(dst map[string]any, src map[string]any, authoritative bool) map[string]any {
	if dst == nil {
		dst = map[string]any{}
	}
	for k, v := range src {
		if _, ok := dst[k]; ok && !authoritative {
			continue
		}
		dst[k] = v
	}
	return dst
}

// Values is what a call shows: the value of each defined field that fits
// its type, by name (the other keys stay stored, unseen).
func Values(fields []store.CallField, data map[string]any) map[string]any {
	out := map[string]any{}
	for _, f := range fields {
		if v, ok := data[f.Name]; ok {
			if n, ok := Value(f, v); ok {
				out[f.Name] = n
			}
		}
	}
	return out
}

// Normalize rewrites data's values of the defined fields that fit them in
// their normal form (a "yes" kept before its yes/no field existed becomes
// true, so a filter finds it), and reports whether anything changed.
// Values that do not fit stay as they are, unseen (see Values).
func Normalize(fields []store.CallField, data map[string]any) bool {
	changed := false
	for _, f := range fields {
		v, ok := data[f.Name]
		if !ok {
			continue
		}
		if n, ok := Value(f, v); ok && !reflect.DeepEqual(n, v) {
			data[f.Name] = n
			changed = true
		}
	}
	return changed
}

// ParseFilters reads the data.<name>=<value> parameters of a list's query
// against the order's fields: an unknown field, a value that does not fit
// its type, or one longer than 200 characters is a 400 invalid_field
// naming the parameter. A date/time is matched as stored (the text sent).
func ParseFilters(fields []store.CallField, query map[string][]string) ([]store.DataFilter, error) {
	var out []store.DataFilter
	keys := make([]string, 0, len(query))
	for k := range query {
		if strings.HasPrefix(k, "data.") {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		name := strings.TrimPrefix(k, "data.")
		i := slices.IndexFunc(fields, func(f store.CallField) bool { return f.Name == name })
		if i < 0 {
			return nil, invalid(apierr.CodeInvalidField, k, "%s: this agent has no call data field %q.", k, name)
		}
		vals := query[k]
		raw := text.OneLine(vals[len(vals)-1])
		if utf8.RuneCountInString(raw) > maxFilterValue {
			return nil, invalid(apierr.CodeInvalidField, k, "%s is at most %d characters.", k, maxFilterValue)
		}
		v, ok := Value(fields[i], raw)
		if !ok {
			return nil, invalid(apierr.CodeInvalidField, k, "%s: %q is not a value of this field.", k, raw)
		}
		out = append(out, store.DataFilter{Name: name, Value: v})
	}
	return out, nil
}

// Label is a field's label in lang ("nl" Dutch, else English).
func Label(f store.CallField, lang string) string {
	if lang == "nl" {
		return f.LabelNl
	}
	return f.LabelEn
}

// Text writes a value for a CSV cell or a log: yes/no in the language's
// words, a number plainly (with a decimal comma in Dutch), a date/time or
// text as stored.
func Text(f store.CallField, v any, lang string) string {
	switch x := v.(type) {
	case bool:
		switch {
		case lang == "nl" && x:
			return "Ja"
		case lang == "nl":
			return "Nee"
		case x:
			return "Yes"
		}
		return "No"
	case float64:
		s := strconv.FormatFloat(x, 'f', -1, 64)
		if lang == "nl" {
			s = strings.Replace(s, ".", ",", 1)
		}
		return s
	case string:
		return x
	}
	return ""
}
