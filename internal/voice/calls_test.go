package voice

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
)

// An end-of-call report in the shape Vapi documents (ServerMessageEndOfCallReport:
// endedReason, cost, startedAt, endedAt, durationSeconds, call, customer,
// analysis {summary, successEvaluation}, artifact {messages, transcript,
// recordingUrl}), with some of the fields the server ignores.
const endOfCallReport = `{"message":{"type":"end-of-call-report","timestamp":1795000000000,
 "endedReason":"customer-ended-call","cost":0.1342,"durationSeconds":95.4,"durationMs":95400,
 "startedAt":"2026-11-20T09:30:00.000Z","endedAt":"2026-11-20T09:31:35.400Z",
 "costBreakdown":{"stt":0.01,"llm":0.05},
 "call":{"id":"6b0f7c1e-0c1d-4f8b-9a52-3c1d2e4f5a6b","orgId":"o","type":"inboundPhoneCall","status":"ended",
   "assistantId":"a0000000-0000-4000-8000-000000000001","createdAt":"2026-11-20T09:29:58.000Z",
   "customer":{"number":"+31612345678"},"phoneNumberId":"p"},
 "customer":{"number":"+31612345678"},
 "analysis":{"summary":"The caller booked a cleaning on Tuesday at 10:00.","successEvaluation":true,"structuredData":{}},
 "artifact":{"messages":[
   {"role":"system","message":"You are the receptionist.","time":1,"secondsFromStart":0},
   {"role":"bot","message":"Good morning, Smile Dental, how can I help?","time":2,"endTime":3,"secondsFromStart":0.84,"duration":2100},
   {"role":"user","message":"I'd like to book a cleaning.","time":4,"endTime":5,"secondsFromStart":4.2,"duration":1500},
   {"role":"tool_calls","toolCalls":[]}],
  "transcript":"AI: Good morning\nUser: I'd like to book a cleaning.",
  "recordingUrl":"https://storage.vapi.ai/6b0f7c1e-mono.wav","stereoRecordingUrl":"https://storage.vapi.ai/6b0f7c1e-stereo.wav"}}}`

func TestParseEndOfCallReport(t *testing.T) {
	msg, err := ParseMessage([]byte(endOfCallReport))
	if err != nil {
		t.Fatal(err)
	}
	started := time.Date(2026, 11, 20, 9, 30, 0, 0, time.UTC)
	ended := time.Date(2026, 11, 20, 9, 31, 35, 400_000_000, time.UTC)
	created := time.Date(2026, 11, 20, 9, 29, 58, 0, time.UTC)
	want := store.CallReport{VapiCallID: "6b0f7c1e-0c1d-4f8b-9a52-3c1d2e4f5a6b", AssistantID: "a0000000-0000-4000-8000-000000000001",
		Type: store.CallInbound, CustomerNumber: "+31612345678", CreatedAt: &created, StartedAt: &started, EndedAt: &ended,
		DurationSeconds: 95, EndedReason: "customer-ended-call", Cost: 0.1342,
		Summary: "The caller booked a cleaning on Tuesday at 10:00.", SuccessEval: "true",
		Transcript: []store.TranscriptLine{{Role: "agent", Text: "Good morning, Smile Dental, how can I help?", SecondsFromStart: 0.84},
			{Role: "caller", Text: "I'd like to book a cleaning.", SecondsFromStart: 4.2}},
		RecordingURL: "https://storage.vapi.ai/6b0f7c1e-mono.wav", Status: store.StatusEnded, Report: true, Data: map[string]any{}}
	if msg.Type != TypeEndOfCallReport || msg.Call == nil || !reflect.DeepEqual(*msg.Call, want) {
		t.Fatalf("got  %+v\nwant %+v", msg.Call, want)
	}
}

func TestParseStatusUpdate(t *testing.T) {
	msg, err := ParseMessage([]byte(`{"message":{"type":"status-update","status":"ringing","timestamp":1795000000000,
		"call":{"id":"c-1","type":"outboundPhoneCall","status":"queued","assistantId":"a-1","customer":{"number":"+3120"}},
		"assistant":{"id":"a-other"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	c := msg.Call
	if c == nil || c.VapiCallID != "c-1" || c.Status != "ringing" || c.Report || c.Type != store.CallOutbound || c.AssistantID != "a-1" || c.CustomerNumber != "+3120" {
		t.Fatalf("%+v", c)
	}
	// The assistant of a call made with an inline assistant is in message.assistant.
	msg, err = ParseMessage([]byte(`{"message":{"type":"status-update","status":"ended","endedReason":"customer-busy","call":{"id":"c-2"},"assistant":{"id":"a-2"}}}`))
	if err != nil || msg.Call.AssistantID != "a-2" || msg.Call.EndedReason != "customer-busy" {
		t.Fatalf("%+v %v", msg.Call, err)
	}
}

func TestParseCallMessageMalformed(t *testing.T) {
	for name, body := range map[string]string{
		"report without call":     `{"message":{"type":"end-of-call-report","endedReason":"x"}}`,
		"call id empty":           `{"message":{"type":"end-of-call-report","call":{"id":" "}}}`,
		"call id a number":        `{"message":{"type":"end-of-call-report","call":{"id":7}}}`,
		"call a string":           `{"message":{"type":"end-of-call-report","call":"c"}}`,
		"cost a string":           `{"message":{"type":"end-of-call-report","call":{"id":"c"},"cost":"0.1"}}`,
		"bad time":                `{"message":{"type":"end-of-call-report","call":{"id":"c"},"startedAt":"yesterday"}}`,
		"messages not a list":     `{"message":{"type":"end-of-call-report","call":{"id":"c"},"artifact":{"messages":{}}}}`,
		"evaluation an object":    `{"message":{"type":"end-of-call-report","call":{"id":"c"},"analysis":{"successEvaluation":{"a":1}}}}`,
		"recording not https":     `{"message":{"type":"end-of-call-report","call":{"id":"c"},"artifact":{"recordingUrl":"javascript:alert(1)"}}}`,
		"recording http":          `{"message":{"type":"end-of-call-report","call":{"id":"c"},"artifact":{"recordingUrl":"http://storage.vapi.ai/x.wav"}}}`,
		"status without status":   `{"message":{"type":"status-update","call":{"id":"c"}}}`,
		"status without call":     `{"message":{"type":"status-update","status":"ended"}}`,
		"status with a bad start": `{"message":{"type":"status-update","status":"ended","call":{"id":"c","startedAt":"x"}}}`,
		"call id only controls":   `{"message":{"type":"end-of-call-report","call":{"id":"\u0000\u001b"}}}`,
		"recording a wildcard":    `{"message":{"type":"end-of-call-report","call":{"id":"c"},"artifact":{"recordingUrl":"https://*/x.mp3"}}}`,
		"recording with a user":   `{"message":{"type":"end-of-call-report","call":{"id":"c"},"recordingUrl":"https://u@storage.vapi.ai/x.mp3"}}`,
		"recording on a port":     `{"message":{"type":"end-of-call-report","call":{"id":"c","recordingUrl":"https://storage.vapi.ai:8443/x.mp3"}}}`,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := ParseMessage([]byte(body))
			var ae *apierr.Error
			if !errors.As(err, &ae) || ae.Code != apierr.CodeInvalidMessage {
				t.Fatalf("err = %v, want invalid_message", err)
			}
		})
	}
}

func TestRecordingOrigin(t *testing.T) {
	for in, want := range map[string]string{
		"https://storage.vapi.ai/x.wav":           "https://storage.vapi.ai",
		"https://Bucket.S3.amazonaws.com:443/a/b": "https://bucket.s3.amazonaws.com:443",
		"http://storage.vapi.ai/x.wav":            "",
		"https://user:pw@storage.vapi.ai/x.wav":   "",
		"data:audio/wav;base64,AAAA":              "",
		"":                                        "",
		// One real host, or nothing: never a wildcard or a second source.
		"https://*/x.mp3":                         "",
		"https://*.vapi.ai/x.mp3":                 "",
		"https://storage.*/x.mp3":                 "",
		"https://stor*age.vapi.ai/x.mp3":          "",
		"https://user@storage.vapi.ai/x.mp3":      "",
		"https://@storage.vapi.ai/x.mp3":          "",
		"https://storage.vapi.ai:8443/x.mp3":      "",
		"https://storage.vapi.ai:80/x.mp3":        "",
		"https://storage.vapi.ai:/x.mp3":          "",
		"https://storage.vapi.ai:443/x.mp3":       "https://storage.vapi.ai:443",
		"https://192.0.2.1/x.mp3":                 "",
		"https://[2001:db8::1]/x.mp3":             "",
		"https://localhost/x.mp3":                 "",
		"https:///x.mp3":                          "",
		"https:x.mp3":                             "",
		"https://storage.vapi.ai./x.mp3":          "",
		"https://-bad.vapi.ai/x.mp3":              "",
		"https://storage.vapi.ai%20x/x.mp3":       "",
		"https://storage.vapi.ai;x/x.mp3":         "",
		"https://stórage.vapi.ai/x.mp3":           "",
		"https://xn--strage-wxa.vapi.ai/x.mp3":    "https://xn--strage-wxa.vapi.ai",
		"HTTPS://STORAGE.VAPI.AI/x.mp3":           "https://storage.vapi.ai",
		"https://storage.vapi.ai 'unsafe-inline'": "",
	} {
		got, ok := RecordingOrigin(in)
		if got != want || ok != (want != "") {
			t.Errorf("RecordingOrigin(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// TestParseCleansControlCharacters: control characters in a report are
// removed, never a reason to lose the call; multi-line texts keep their
// line breaks.
func TestParseCleansControlCharacters(t *testing.T) {
	msg, err := ParseMessage([]byte(`{"message":{"type":"end-of-call\u0000-report","endedReason":"customer\u0000-ended\u001b-call",
		"call":{"id":"c\u0000-1\n","type":"inbound\u007fPhoneCall","assistantId":"a\u0001-1","customer":{"number":"+31\u0000 6\t12"}},
		"analysis":{"summary":"Booked\u0000 a cleaning.\r\nOn\u001b Tuesday.","successEvaluation":"tr\u0000ue"},
		"artifact":{"messages":[{"role":"us\u0000er","message":"I need\u0000 a\tcleaning."}]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	c := msg.Call
	want := store.CallReport{VapiCallID: "c-1", AssistantID: "a-1", Type: store.CallInbound, CustomerNumber: "+31 612",
		EndedReason: "customer-ended-call", Summary: "Booked a cleaning.\nOn Tuesday.", SuccessEval: "true",
		Transcript: []store.TranscriptLine{{Role: "caller", Text: "I need a\tcleaning."}}, Status: store.StatusEnded, Report: true}
	if msg.Type != TypeEndOfCallReport || c == nil || !reflect.DeepEqual(*c, want) {
		t.Fatalf("got  %+v\nwant %+v", c, want)
	}
}

// structuredData becomes the report's data, its strings cleaned; anything
// but an object is ignored and the call still stored.
func TestParseStructuredData(t *testing.T) {
	msg, err := ParseMessage([]byte(`{"message":{"type":"end-of-call-report","call":{"id":"c"},
		"analysis":{"structuredData":{"caller_name":"Anna\u0000 de Vries","callback_wanted":true,"people":3,"extra":{"a":["x\u001by"]}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"caller_name": "Anna de Vries", "callback_wanted": true, "people": 3.0, "extra": map[string]any{"a": []any{"xy"}}}
	if !reflect.DeepEqual(msg.Call.Data, want) {
		t.Fatalf("data = %#v", msg.Call.Data)
	}
	for _, sd := range []string{`"text"`, `[1,2]`, `null`, `7`} {
		msg, err := ParseMessage([]byte(`{"message":{"type":"end-of-call-report","call":{"id":"c"},"analysis":{"summary":"s","structuredData":` + sd + `}}}`))
		if err != nil || msg.Call.Data != nil || msg.Call.Summary != "s" {
			t.Errorf("structuredData %s: %v %+v", sd, err, msg.Call)
		}
	}
}
