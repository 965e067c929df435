package voice

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/store"

	"github.com/belwise/site/internal/apierr"
)

func TestConfigEnabled(t *testing.T) {
	for _, tt := range []struct {
		cfg  Config
		want bool
	}{
		{Config{}, false},
		{Config{PublicKey: "k"}, false},
		{Config{AssistantID: "a"}, false},
		{Config{WebhookSecret: "s"}, false},
		{Config{PublicKey: "k", AssistantID: "a"}, true},
	} {
		if got := tt.cfg.Enabled(); got != tt.want {
			t.Errorf("%+v: Enabled() = %v", tt.cfg, got)
		}
	}
}

func TestSecret(t *testing.T) {
	s := NewSecret("0123456789abcdef0123")
	if !s.Configured() || !s.Matches("0123456789abcdef0123") {
		t.Fatal("the right secret does not match")
	}
	for _, bad := range []string{"", "0123456789abcdef012", "0123456789abcdef01234", "0123456789ABCDEF0123", " 0123456789abcdef0123"} {
		if s.Matches(bad) {
			t.Errorf("%q matches", bad)
		}
	}
	none := NewSecret("")
	if none.Configured() || none.Matches("") || none.Matches("x") {
		t.Error("an empty secret must match nothing")
	}
}

func TestParseMessage(t *testing.T) {
	msg, err := ParseMessage([]byte(`{
		"message": {
			"timestamp": 1678901234567,
			"type": "tool-calls",
			"toolCallList": [
				{"id": "call_1", "type": "function", "function": {"name": "request_quote", "arguments": {"fullName": "Anna"}}},
				{"id": "call_2", "type": "function", "function": {"name": "request_quote", "arguments": "{\"fullName\":\"Bob\"}"}},
				{"id": "call_3", "name": "legacy_shape", "arguments": {"a": "b"}},
				{"id": "call_4", "function": {"name": "no_args"}}
			],
			"toolWithToolCallList": [{"type": "function", "name": "request_quote", "toolCall": {"id": "call_1"}}],
			"call": {"id": "c-1", "orgId": "o-1"},
			"artifact": {"messages": [{"role": "user", "message": "hi"}]},
			"assistant": {"name": "Belwise"}
		}
	}`))
	if err != nil {
		t.Fatal(err)
	}
	want := Message{Type: "tool-calls", ToolCalls: []ToolCall{
		{ID: "call_1", Name: "request_quote", Arguments: json.RawMessage(`{"fullName": "Anna"}`)},
		{ID: "call_2", Name: "request_quote", Arguments: json.RawMessage(`"{\"fullName\":\"Bob\"}"`)},
		{ID: "call_3", Name: "legacy_shape", Arguments: json.RawMessage(`{"a": "b"}`)},
		{ID: "call_4", Name: "no_args"},
	}}
	if !reflect.DeepEqual(msg, want) {
		t.Fatalf("got  %+v\nwant %+v", msg, want)
	}

	// Other message types are read without their payloads.
	msg, err = ParseMessage([]byte(`{"message":{"type":"speech-update","status":"started","toolCallList":"ignored"}}`))
	if err != nil || msg.Type != "speech-update" || msg.ToolCalls != nil || msg.Call != nil {
		t.Fatalf("%+v %v", msg, err)
	}
	// An empty list is a valid, if useless, message.
	msg, err = ParseMessage([]byte(`{"message":{"type":"tool-calls","toolCallList":[]}}`))
	if err != nil || msg.ToolCalls == nil || len(msg.ToolCalls) != 0 {
		t.Fatalf("%+v %v", msg, err)
	}
}

// malformedBodies are refused as a whole (400).
var malformedBodies = map[string]string{
	"not json":              `hello`,
	"truncated":             `{"message":{"type":"tool-calls","toolCallList":[`,
	"array":                 `[]`,
	"string":                `"message"`,
	"null":                  `null`,
	"number":                `42`,
	"no message":            `{"type":"tool-calls"}`,
	"message null":          `{"message":null}`,
	"message string":        `{"message":"tool-calls"}`,
	"message array":         `{"message":[]}`,
	"no type":               `{"message":{}}`,
	"type not a string":     `{"message":{"type":7}}`,
	"empty type":            `{"message":{"type":""}}`,
	"no list":               `{"message":{"type":"tool-calls"}}`,
	"list null":             `{"message":{"type":"tool-calls","toolCallList":null}}`,
	"list object":           `{"message":{"type":"tool-calls","toolCallList":{"id":"call_1"}}}`,
	"list string":           `{"message":{"type":"tool-calls","toolCallList":"[]"}}`,
	"call not an object":    `{"message":{"type":"tool-calls","toolCallList":[1]}}`,
	"call null":             `{"message":{"type":"tool-calls","toolCallList":[null]}}`,
	"call without id":       `{"message":{"type":"tool-calls","toolCallList":[{"function":{"name":"request_quote"}}]}}`,
	"id a number":           `{"message":{"type":"tool-calls","toolCallList":[{"id":1,"function":{"name":"request_quote"}}]}}`,
	"function a string":     `{"message":{"type":"tool-calls","toolCallList":[{"id":"c","function":"request_quote"}]}}`,
	"name a number":         `{"message":{"type":"tool-calls","toolCallList":[{"id":"c","function":{"name":1}}]}}`,
	"trailing data":         `{"message":{"type":"status-update"}} {}`,
	"deeply nested":         `{"message":{"type":"x","a":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}}`,
	"second call malformed": `{"message":{"type":"tool-calls","toolCallList":[{"id":"a","function":{"name":"request_quote"}},{"id":""}]}}`,
}

func TestParseMessageMalformed(t *testing.T) {
	for name, body := range malformedBodies {
		t.Run(name, func(t *testing.T) {
			_, err := ParseMessage([]byte(body))
			if ae, ok := apierr.As(err); !ok || ae.Kind != apierr.Invalid || ae.Code != apierr.CodeInvalidMessage || ae.Message == "" {
				t.Fatalf("error %v, want an invalid_message *apierr.Error", err)
			}
		})
	}
}

func FuzzParseMessage(f *testing.F) {
	for _, body := range malformedBodies {
		f.Add([]byte(body))
	}
	f.Add([]byte(`{"message":{"type":"tool-calls","toolCallList":[{"id":"c","function":{"name":"request_quote","arguments":"{}"}}]}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		msg, err := ParseMessage(body)
		if ae, ok := apierr.As(err); err != nil && (!ok || ae.Code != apierr.CodeInvalidMessage) {
			t.Fatalf("error of type %T: %v", err, err)
		}
		if err == nil && msg.Type == "" {
			t.Fatal("accepted a message without a type")
		}
		for _, c := range msg.ToolCalls {
			if c.ID == "" {
				t.Fatal("accepted a call without an id")
			}
			// Whatever the arguments, decoding them fails cleanly.
			if _, err := DecodeArguments(c.Arguments); err != nil {
				if qe, ok := apierr.As(err); !ok || qe.Kind != apierr.Invalid {
					t.Fatalf("DecodeArguments error %T: %v", err, err)
				}
			}
		}
	})
}

func TestDecodeArguments(t *testing.T) {
	for _, tt := range []struct {
		name, raw string
		want      Arguments
	}{
		{"object", `{"fullName":"Anna","email":"a@b.nl"}`, Arguments{"fullName": "Anna", "email": "a@b.nl"}},
		{"string", `"{\"fullName\":\"Anna\",\"email\":\"a@b.nl\"}"`, Arguments{"fullName": "Anna", "email": "a@b.nl"}},
		{"string with spaces", `" {\"fullName\":\"Anna\"} "`, Arguments{"fullName": "Anna"}},
		{"absent", ``, Arguments{}},
		{"null", `null`, Arguments{}},
		{"empty string", `""`, Arguments{}},
		{"empty object", `{}`, Arguments{}},
		{"number and null", `{"phone":31201234567,"companyName":null}`, Arguments{"phone": "31201234567"}},
		{"unknown fields kept", `{"x":"y"}`, Arguments{"x": "y"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeArguments(json.RawMessage(tt.raw))
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %v %v, want %v", got, err, tt.want)
			}
		})
	}

	for _, raw := range []string{`[]`, `7`, `true`, `"not json"`, `"[1,2]"`, `"{\"a\":"`, `"\"{}\""`, `{"fullName":{"first":"Anna"}}`, `{"email":["a@b.nl"]}`, `{"phone":true}`} {
		_, err := DecodeArguments(json.RawMessage(raw))
		if qe, ok := apierr.As(err); !ok || qe.Kind != apierr.Invalid || !strings.HasPrefix(qe.Message, "Invalid arguments: ") {
			t.Errorf("%s: error %v, want an Invalid *apierr.Error", raw, err)
		}
	}
}

func TestQuoteInput(t *testing.T) {
	full := Arguments{
		"fullName": "Anna de Vries", "companyName": "Tandarts Zuid", "businessType": "Dental clinic",
		"email": "anna@example.nl", "phone": "+31 20 123 4567", "description": "Missed calls at lunch.",
		"language": "dutch", "locale": "nl", "timeZone": "Europe/Amsterdam",
	}
	want := quote.Input{
		FullName: "Anna de Vries", CompanyName: "Tandarts Zuid", BusinessType: "Dental clinic",
		Email: "anna@example.nl", Phone: "+31 20 123 4567", Description: "Missed calls at lunch.",
		Language: "dutch", Locale: "nl", TimeZone: "Europe/Amsterdam", Source: quote.SourceVoice,
	}
	if got := QuoteInput(full); got != want {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}

	for _, tt := range []struct{ language, locale, wantLanguage, wantLocale string }{
		{"english", "", "english", ""},
		{"English", "", "english", ""},
		{"en", "", "english", ""},
		{"en-GB", "", "english", ""},
		{"dutch", "", "dutch", "nl"},
		{" Dutch ", "", "dutch", "nl"},
		{"nl", "", "dutch", "nl"},
		{"NL-be", "", "dutch", "nl"},
		{"Nederlands", "", "dutch", "nl"},
		{"dutch", "en", "dutch", "en"}, // an explicit locale wins
		{"", "nl", "", "nl"},           // the quote service derives the language from the locale
		{"german", "", "german", ""},   // passed on for the quote service to refuse
	} {
		got := QuoteInput(Arguments{"language": tt.language, "locale": tt.locale})
		if got.Language != tt.wantLanguage || got.Locale != tt.wantLocale {
			t.Errorf("language %q locale %q: got %q %q, want %q %q", tt.language, tt.locale, got.Language, got.Locale, tt.wantLanguage, tt.wantLocale)
		}
	}
}

// fakeQuotes answers Submit from a script and records what it got.
type fakeQuotes struct {
	errs  []error // per call, in order; nil stores
	calls []quote.Input
	ips   []string
}

func (f *fakeQuotes) Submit(_ context.Context, in quote.Input, userID, ip string) (string, error) {
	n := len(f.calls)
	f.calls = append(f.calls, in)
	f.ips = append(f.ips, ip)
	if userID != "" {
		return "", fmt.Errorf("userID %q, want none", userID)
	}
	if n < len(f.errs) && f.errs[n] != nil {
		return "", f.errs[n]
	}
	return fmt.Sprintf("%08x-0000-4000-8000-000000000000", n+1), nil
}

func call(id, name, args string) ToolCall {
	return ToolCall{ID: id, Name: name, Arguments: json.RawMessage(args)}
}

const validArgs = `{"fullName":"Anna","email":"anna@example.nl","description":"Hi"}`

func unavailable() error {
	// As the quote service reports it.
	return apierr.Wrap("store quote request", fmt.Errorf("connection refused: %w", store.ErrUnavailable))
}

func TestRun(t *testing.T) {
	f := &fakeQuotes{errs: []error{nil, &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidEmail, Message: "Please enter a valid email address, such as name@company.com."},
		&apierr.Error{Kind: apierr.RateLimited, Code: apierr.CodeRateLimited, Message: "Too many quote requests. Please wait a little and try again."},
		errors.New("boom"), unavailable()}}
	tools := &Tools{Quotes: f}
	results, err := tools.Run(t.Context(), []ToolCall{
		call("c1", ToolRequestQuote, validArgs),
		call("c2", "book_meeting", `{}`),
		call("c3", ToolRequestQuote, `"{oops"`),
		call("c4", ToolRequestQuote, validArgs),
		call("c5", ToolRequestQuote, validArgs),
		call("c6", ToolRequestQuote, validArgs),
		call("c7", ToolRequestQuote, validArgs),
	}, "192.0.2.7")
	if err != nil {
		t.Fatal(err)
	}
	want := []Result{
		{ToolCallID: "c1", Name: ToolRequestQuote, Result: "Quote request received (reference 00000001). The team will reply by email within one business day."},
		{ToolCallID: "c2", Name: "book_meeting", Error: "Unknown tool: book_meeting"},
		{ToolCallID: "c3", Name: ToolRequestQuote, Error: msgBadArguments},
		{ToolCallID: "c4", Name: ToolRequestQuote, Error: "Please enter a valid email address, such as name@company.com."},
		{ToolCallID: "c5", Name: ToolRequestQuote, Error: "Too many quote requests. Please wait a little and try again."},
		{ToolCallID: "c6", Name: ToolRequestQuote, Error: msgInternal},
		// One request is already stored: a 503 would make Vapi file it twice.
		{ToolCallID: "c7", Name: ToolRequestQuote, Error: msgUnavailable},
	}
	if !reflect.DeepEqual(results, want) {
		t.Fatalf("got  %+v\nwant %+v", results, want)
	}
	if len(f.calls) != 5 || f.ips[0] != "192.0.2.7" {
		t.Fatalf("submitted %d times from %v", len(f.calls), f.ips)
	}
	for _, r := range results {
		if strings.ContainsAny(r.Result+r.Error, "\r\n") {
			t.Errorf("%s: multi-line text", r.ToolCallID)
		}
	}
}

func TestRunUnavailable(t *testing.T) {
	// Nothing stored yet (only a call for another tool ran): the whole
	// message fails, so Vapi may send it again. TestRun covers the outage
	// after a stored request.
	f := &fakeQuotes{errs: []error{unavailable()}}
	_, err := (&Tools{Quotes: f}).Run(t.Context(), []ToolCall{call("c1", "other", `{}`), call("c2", ToolRequestQuote, validArgs), call("c3", ToolRequestQuote, validArgs)}, "192.0.2.7")
	if ae, ok := apierr.As(err); !ok || ae != apierr.ErrUnavailable || !errors.Is(err, store.ErrUnavailable) {
		t.Fatalf("error %v, want the outage", err)
	}
	if len(f.calls) != 1 {
		t.Fatalf("kept going after the outage: %d submissions", len(f.calls))
	}

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	f = &fakeQuotes{errs: []error{fmt.Errorf("rate limit: %w", context.Canceled)}}
	if _, err := (&Tools{Quotes: f}).Run(ctx, []ToolCall{call("c1", ToolRequestQuote, validArgs)}, ""); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
}

func TestRunUnknownToolNameOnOneLine(t *testing.T) {
	results, err := (&Tools{Quotes: &fakeQuotes{}}).Run(t.Context(), []ToolCall{call("c1", "evil\nname "+strings.Repeat("x", 200), `{}`)}, "")
	if err != nil {
		t.Fatal(err)
	}
	if e := results[0].Error; strings.ContainsAny(e, "\r\n") || len(e) > 120 || !strings.HasPrefix(e, "Unknown tool: evil name x") {
		t.Fatalf("error %q", e)
	}
}
