package voice

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// Vapi posts every server message as {"message":{"type":"…", …}}. Only the
// fields below are read; a tool-calls message also carries the call, the
// assistant, the artifact so far and toolWithToolCallList (the same calls
// with their tool definitions), all ignored here. Unknown fields are never
// an error: Vapi adds fields over time.
//
// A tool call, as Vapi's API schema (ToolCall) defines it:
//
//	{"id":"call_1","type":"function","function":{"name":"request_quote","arguments":…}}
//
// The schema types arguments as a string (the model's raw JSON), while the
// webhooks Vapi sends carry an object; both are accepted. Older examples in
// Vapi's docs put name and arguments directly on the call, which is
// accepted too when there is no function object.

// TypeToolCalls is the message type of a tool-call webhook.
const TypeToolCalls = "tool-calls"

// Message is the part of a Vapi server message this site uses.
type Message struct {
	Type      string
	ToolCalls []ToolCall // tool-calls messages only, in the order Vapi sent them
	// Call is what an end-of-call-report or status-update message tells
	// about its call; nil for other types.
	Call *store.CallReport
}

// ToolCall is one function call the model requested.
type ToolCall struct {
	ID   string
	Name string
	// Arguments is the raw JSON value as sent: usually an object, sometimes
	// a string holding JSON, possibly absent (nil). Use DecodeArguments.
	Arguments json.RawMessage
}

// malformed is a malformed envelope: the whole request is refused (400,
// code invalid_message). Problems with one call's arguments are not; they
// become that call's error result.
func malformed(format string, args ...any) error {
	return &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidMessage, Message: fmt.Sprintf(format, args...)}
}

type envelope struct {
	Message json.RawMessage `json:"message"`
}

type rawMessage struct {
	Type         json.RawMessage `json:"type"`
	ToolCallList json.RawMessage `json:"toolCallList"`
}

type rawToolCall struct {
	ID        json.RawMessage `json:"id"`
	Function  json.RawMessage `json:"function"`
	Name      json.RawMessage `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

type rawFunction struct {
	Name      json.RawMessage `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// ParseMessage reads a server message envelope. Every failure is an
// *apierr.Error (invalid_message) whose message says what is wrong.
func ParseMessage(body []byte) (Message, error) {
	var env envelope
	if err := json.Unmarshal(body, &env); err != nil {
		var syntax *json.SyntaxError
		if errors.As(err, &syntax) || len(bytes.TrimSpace(body)) == 0 {
			return Message{}, malformed("The request body is not valid JSON.")
		}
		return Message{}, malformed("The request body must be a JSON object.")
	}
	if !isKind(env.Message, '{') {
		return Message{}, malformed(`The request body must have a "message" object.`)
	}
	var raw rawMessage
	if err := json.Unmarshal(env.Message, &raw); err != nil {
		return Message{}, malformed(`The "message" object could not be read.`)
	}
	var msg Message
	// A type is cleaned as the call's fields are (package text), so a
	// control character in it cannot turn a report into an ignored message.
	ok := decodeString(raw.Type, &msg.Type)
	if msg.Type = text.OneLine(msg.Type); !ok || msg.Type == "" {
		return Message{}, malformed(`"message.type" must be a non-empty string.`)
	}
	if msg.Type == TypeEndOfCallReport || msg.Type == TypeStatusUpdate {
		r, err := parseCallMessage(msg.Type, env.Message)
		if err != nil {
			return Message{}, err
		}
		msg.Call = &r
		return msg, nil
	}
	if msg.Type != TypeToolCalls {
		return msg, nil
	}

	if !isKind(raw.ToolCallList, '[') {
		return Message{}, malformed(`"message.toolCallList" must be an array.`)
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw.ToolCallList, &list); err != nil {
		return Message{}, malformed(`"message.toolCallList" could not be read.`)
	}
	msg.ToolCalls = make([]ToolCall, 0, len(list))
	for i, item := range list {
		call, problem := parseToolCall(item)
		if problem != "" {
			return Message{}, malformed("message.toolCallList[%d]: %s", i, problem)
		}
		msg.ToolCalls = append(msg.ToolCalls, call)
	}
	return msg, nil
}

// parseToolCall reads one element of toolCallList, or says what is wrong
// with it.
func parseToolCall(item json.RawMessage) (ToolCall, string) {
	if !isKind(item, '{') {
		return ToolCall{}, "each tool call must be an object."
	}
	var raw rawToolCall
	if err := json.Unmarshal(item, &raw); err != nil {
		return ToolCall{}, "the tool call could not be read."
	}
	var call ToolCall
	// Without an id no result could be matched to the call.
	if !decodeString(raw.ID, &call.ID) || call.ID == "" {
		return ToolCall{}, `"id" must be a non-empty string.`
	}
	name, args := raw.Name, raw.Arguments
	if !isNull(raw.Function) {
		if !isKind(raw.Function, '{') {
			return ToolCall{}, `"function" must be an object.`
		}
		var fn rawFunction
		if err := json.Unmarshal(raw.Function, &fn); err != nil {
			return ToolCall{}, `"function" could not be read.`
		}
		name, args = fn.Name, fn.Arguments
	}
	if !decodeString(name, &call.Name) {
		return ToolCall{}, `"function.name" must be a string.`
	}
	call.Arguments = args
	return call, ""
}

// decodeString reads raw into dst when it is a JSON string; an absent or
// null value leaves dst empty and counts as success.
func decodeString(raw json.RawMessage, dst *string) bool {
	if isNull(raw) {
		return true
	}
	return isKind(raw, '"') && json.Unmarshal(raw, dst) == nil
}

// isKind reports whether the JSON value raw starts with first ('{', '[' or
// '"'). json.RawMessage fields hold the value without surrounding space.
func isKind(raw json.RawMessage, first byte) bool {
	return len(raw) > 0 && raw[0] == first
}

func isNull(raw json.RawMessage) bool {
	return len(raw) == 0 || string(raw) == "null"
}
