package voice

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/text"
)

// ToolRequestQuote is the function tool that files a quote request.
const ToolRequestQuote = "request_quote"

// Result is one entry of the webhook answer, in Vapi's ToolCallResult shape:
// Result on success or Error on failure, each a single-line string the
// assistant reads (Vapi ignores objects there, and line breaks upset it).
type Result struct {
	ToolCallID string `json:"toolCallId"`
	Name       string `json:"name,omitempty"`
	Result     string `json:"result,omitempty"`
	Error      string `json:"error,omitempty"`
}

// Response is the body of the answer to a tool-calls message.
type Response struct {
	Results []Result `json:"results"`
}

// QuoteSubmitter is quote.Service's entry point; an interface so tests can
// count calls.
type QuoteSubmitter interface {
	Submit(ctx context.Context, in quote.Input, userID, ip string) (string, error)
}

// Tools runs the function tools the site implements.
type Tools struct {
	Quotes QuoteSubmitter
	Log    *slog.Logger
}

// Messages read by the assistant. The quote service's own messages (missing
// fields, bad email, rate limit…) are passed on as they are.
const (
	msgBadArguments = "Invalid arguments: expected a JSON object with fullName, email and description."
	msgInternal     = "The quote request could not be saved because of a problem on our side. Please suggest the quote form on the website instead."
	msgUnavailable  = "The quote request could not be saved right now because our system is temporarily unavailable. Please suggest trying again in a few minutes or using the quote form on the website."
)

// Run answers every call, in order. A call that fails (bad arguments, an
// unknown tool, a rate limit…) gets an error result and the others still
// run. When the database is down before anything was stored it returns
// the outage (apierr.ErrUnavailable): the whole webhook then fails with 503,
// so that Vapi, when the tool's server has a backoff plan, sends it again.
// Once one quote request is stored, a later outage becomes per-call errors
// instead, so a retry cannot file the first one twice. It returns ctx.Err()
// when the caller has gone.
func (t *Tools) Run(ctx context.Context, calls []ToolCall, ip string) ([]Result, error) {
	log := t.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	results := make([]Result, 0, len(calls))
	stored := 0
	for _, c := range calls {
		r := Result{ToolCallID: c.ID, Name: c.Name}
		switch c.Name {
		case ToolRequestQuote:
			id, err := t.requestQuote(ctx, c.Arguments, ip)
			qe, known := apierr.As(err)
			switch {
			case err == nil:
				stored++
				r.Result = fmt.Sprintf("Quote request received (reference %s). The team will reply by email within one business day.", reference(id))
				log.Info("voice tool call", "tool", c.Name, "tool_call", c.ID, "outcome", "stored", "quote", id)
			case ctx.Err() != nil:
				// Vapi gave up waiting (its tool timeout) or went away.
				return nil, ctx.Err()
			case known && qe.Kind == apierr.Unavailable:
				if stored == 0 {
					return nil, fmt.Errorf("voice tool call %s: %w", c.ID, err)
				}
				log.Warn("voice tool call failed: database unavailable", "tool", c.Name, "tool_call", c.ID, "err", err)
				r.Error = msgUnavailable
			case known:
				// Invalid input or a rate limit: the assistant can tell the
				// caller what to fix.
				r.Error = qe.Message
				log.Info("voice tool call refused", "tool", c.Name, "tool_call", c.ID, "code", qe.Code.String())
			default:
				log.Error("voice tool call failed", "tool", c.Name, "tool_call", c.ID, "err", err)
				r.Error = msgInternal
			}
		default:
			r.Error = "Unknown tool: " + clip(c.Name)
			log.Warn("voice tool call for an unknown tool", "tool", c.Name, "tool_call", c.ID)
		}
		results = append(results, r)
	}
	return results, nil
}

// reference is the short form of a quote id the caller can quote back, as
// order numbers are shown (the first 8 characters).
func reference(id string) string {
	if len(id) > 8 {
		return id[:8]
	}
	return id
}

// requestQuote files a quote request from the tool's arguments through the
// same service as the /quote form: the same validation, rate limit, row and
// emails. Arguments the assistant got wrong are an *apierr.Error of kind
// Invalid, like a bad form.
func (t *Tools) requestQuote(ctx context.Context, raw json.RawMessage, ip string) (string, error) {
	args, err := DecodeArguments(raw)
	if err != nil {
		return "", err
	}
	in := QuoteInput(args)
	return t.Quotes.Submit(ctx, in, "", ip)
}

// Arguments are the request_quote parameters, as text.
type Arguments map[string]string

// DecodeArguments reads a call's arguments: a JSON object, or a JSON string
// holding one (absent or null counts as an empty object). Values must be
// text; numbers are taken as written (a model may send a phone number as
// one) and null as empty. Anything else is an *apierr.Error of kind Invalid.
func DecodeArguments(raw json.RawMessage) (Arguments, error) {
	if isNull(raw) {
		return Arguments{}, nil
	}
	if isKind(raw, '"') {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, badArguments()
		}
		if strings.TrimSpace(s) == "" {
			return Arguments{}, nil
		}
		raw = json.RawMessage(strings.TrimSpace(s))
	}
	if !isKind(raw, '{') {
		return nil, badArguments()
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, badArguments()
	}
	args := make(Arguments, len(fields))
	for k, v := range fields {
		switch {
		case isNull(v):
		case isKind(v, '"'):
			var s string
			if json.Unmarshal(v, &s) != nil {
				return nil, badArguments()
			}
			args[k] = text.MultiLine(s) // package text: no NUL reaches the store
		case isNumber(v):
			args[k] = string(v)
		default:
			return nil, &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidArguments, Field: k,
				Message: fmt.Sprintf("Invalid arguments: %s must be text.", clip(k))}
		}
	}
	return args, nil
}

func badArguments() error {
	return &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidArguments, Message: msgBadArguments}
}

func isNumber(v json.RawMessage) bool {
	return len(v) > 0 && (v[0] == '-' || (v[0] >= '0' && v[0] <= '9'))
}

// QuoteInput maps request_quote arguments onto the quote form's input.
// language may be "english"/"dutch" (the form's values) or a language code;
// locale, the language of the confirmation email, follows it when absent.
func QuoteInput(a Arguments) quote.Input {
	lang := language(a["language"])
	locale := a["locale"]
	if strings.TrimSpace(locale) == "" && lang == "dutch" {
		locale = "nl"
	}
	return quote.Input{
		FullName:     a["fullName"],
		CompanyName:  a["companyName"],
		BusinessType: a["businessType"],
		Email:        a["email"],
		Phone:        a["phone"],
		Description:  a["description"],
		Language:     lang,
		Locale:       locale,
		TimeZone:     a["timeZone"],
		Source:       quote.SourceVoice,
	}
}

// language maps the names and codes a model may use onto the form's two
// values; anything else is passed on for the quote service to refuse.
func language(s string) string {
	l := strings.ToLower(strings.TrimSpace(s))
	switch {
	case l == "english" || l == "en" || strings.HasPrefix(l, "en-"):
		return "english"
	case l == "dutch" || l == "nl" || l == "nederlands" || strings.HasPrefix(l, "nl-"):
		return "dutch"
	}
	return s
}

// clip keeps a name from the request on one short line in a result:
// control characters become spaces, runs of space one space (text.Squash),
// and it is cut at 80 bytes.
func clip(s string) string {
	s = text.Squash(s)
	if len(s) > 80 {
		s = strings.ToValidUTF8(s[:80], "") + "…"
	}
	return s
}
