package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/mail/mailtest"
	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/belwise/site/internal/voice"
)

const (
	testVapiKey       = "6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60"
	testVapiAssistant = "0b9e8d7c-6a5f-4e3d-2c1b-0a9f8e7d6c5b"
	testVapiSecret    = "4f9a1c7e2b8d6053e1a7c9b2d4f6e8a0"
	vapiIP            = "198.51.100.20" // the address Vapi's request comes from
)

// voiceEnv is the API as web.New serves it, with the voice settings
// given; see newEnv.
type voiceEnv struct {
	t      *testing.T
	h      http.Handler
	logs   *syncBuffer
	worker *jobs.Worker
	mail   *mailtest.Sink
}

func newVoiceEnv(t *testing.T, db *store.DB, cfg voice.Config) *voiceEnv {
	t.Helper()
	return newVoiceEnvReady(t, db, cfg, nil)
}

// newVoiceEnvReady is newVoiceEnv with a database readiness check.
func newVoiceEnvReady(t *testing.T, db *store.DB, cfg voice.Config, ready func() bool) *voiceEnv {
	t.Helper()
	e := newEnv(t, db, envOptions{voice: cfg, ready: ready})
	return &voiceEnv{t: t, h: e.h, logs: e.logs, worker: e.worker, mail: e.mail}
}

func webhookConfig() voice.Config {
	return voice.Config{PublicKey: testVapiKey, AssistantID: testVapiAssistant, WebhookSecret: testVapiSecret}
}

// post sends body to the webhook as Vapi does: a server-to-server request
// with no Origin or Sec-Fetch-* headers. headers are "Name: value" pairs
// added to (or, with an empty value, removing) the defaults.
func (e *voiceEnv) post(body string, headers ...string) *httptest.ResponseRecorder {
	e.t.Helper()
	r := httptest.NewRequest("POST", "/api/voice/tool-calls", strings.NewReader(body))
	r.RemoteAddr = vapiIP + ":443"
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("X-Vapi-Secret", testVapiSecret)
	for _, kv := range headers {
		k, v, _ := strings.Cut(kv, ": ")
		if v == "" {
			r.Header.Del(k)
		} else {
			r.Header.Set(k, v)
		}
	}
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	return w
}

// toolCalls is a tool-calls message with the calls given as raw JSON, plus
// some of the many fields Vapi sends that the server ignores.
func toolCalls(calls ...string) string {
	return `{"message":{"timestamp":1767225600000,"type":"tool-calls",` +
		`"toolCallList":[` + strings.Join(calls, ",") + `],` +
		`"toolWithToolCallList":[{"type":"function","function":{"name":"request_quote","parameters":{"type":"object"}},"server":{"url":"https://belwise.test/api/voice/tool-calls"},"messages":[],"toolCall":{"id":"x"}}],` +
		`"artifact":{"messages":[{"role":"bot","message":"Hello, this is Belwise."}],"transcript":"AI: Hello"},` +
		`"call":{"id":"3c1f0d5e","orgId":"o","type":"webCall","status":"in-progress"},` +
		`"assistant":{"name":"Belwise","model":{"provider":"openai","model":"gpt-4o"}},"customer":{}}}`
}

// quoteCall is one request_quote call; args is raw JSON (object or string).
func quoteCall(id, args string) string {
	return fmt.Sprintf(`{"id":%q,"type":"function","function":{"name":"request_quote","arguments":%s}}`, id, args)
}

const annaArgs = `{"fullName":"Anna de Vries","email":"anna@example.nl","description":"We miss calls at lunch.\nCan an agent book appointments?",` +
	`"companyName":"Tandartspraktijk Zuid","businessType":"Dental clinic","phone":"+31 20 123 4567","language":"dutch"}`

func results(t *testing.T, rec *httptest.ResponseRecorder) []voice.Result {
	t.Helper()
	expectStatus(t, rec, http.StatusOK)
	var body struct {
		Results []voice.Result `json:"results"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Results == nil {
		t.Fatalf("not a tool-calls answer: %s", rec.Body)
	}
	// Vapi needs single-line strings.
	for _, r := range body.Results {
		if strings.ContainsAny(r.Result+r.Error, "\r\n") || (r.Result == "") == (r.Error == "") {
			t.Errorf("result %+v: want exactly one single-line result or error", r)
		}
	}
	return body.Results
}

func quoteIDs(t *testing.T, db *store.DB) []string {
	t.Helper()
	rows, err := db.SQL().QueryContext(t.Context(), `SELECT id FROM quote_requests ORDER BY submitted_at, id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

func expectCounts(t *testing.T, db *store.DB, quotes, pendingMail int) {
	t.Helper()
	n, err := db.QuoteCount(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	pending, _, _, err := db.MailCounts(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if n != quotes || pending != pendingMail {
		t.Fatalf("%d quote requests and %d pending emails, want %d and %d", n, pending, quotes, pendingMail)
	}
}

func TestVoiceConfig(t *testing.T) {
	for _, tt := range []struct {
		name string
		cfg  voice.Config
		want string
	}{
		{"nothing configured", voice.Config{}, `{"mode":"demo"}`},
		{"webhook only", voice.Config{WebhookSecret: testVapiSecret}, `{"mode":"demo"}`},
		{"vapi", webhookConfig(), `{"mode":"vapi","publicKey":"` + testVapiKey + `","assistantId":"` + testVapiAssistant + `"}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := newVoiceEnv(t, nil, tt.cfg)
			w := do(e.h, "GET", "/api/voice/config", "Sec-Fetch-Site: same-origin")
			if w.Code != 200 || strings.TrimSpace(w.Body.String()) != tt.want {
				t.Fatalf("%d %s", w.Code, w.Body)
			}
			if w.Header().Get("Cache-Control") != "no-store" || w.Header().Get("Content-Type") != "application/json" {
				t.Errorf("headers %v", w.Header())
			}
			if strings.Contains(w.Body.String(), testVapiSecret) {
				t.Error("the webhook secret reached the browser")
			}
		})
	}
}

func TestVoiceWebhookAuth(t *testing.T) {
	e := newVoiceEnv(t, storetest.SQLite(t), webhookConfig())
	status := `{"message":{"type":"status-update","status":"in-progress","call":{"id":"vapi-call-1","type":"webCall"}}}`
	for _, tt := range []struct {
		name   string
		header string
	}{
		{"missing", "X-Vapi-Secret: "},
		{"wrong", "X-Vapi-Secret: 4f9a1c7e2b8d6053e1a7c9b2d4f6e8a1"},
		{"prefix", "X-Vapi-Secret: " + testVapiSecret[:16]},
		{"longer", "X-Vapi-Secret: " + testVapiSecret + "0"},
		{"as a bearer token", "Authorization: Bearer " + testVapiSecret},
	} {
		t.Run(tt.name, func(t *testing.T) {
			headers := []string{tt.header}
			if !strings.HasPrefix(tt.header, "X-Vapi-Secret") {
				headers = append(headers, "X-Vapi-Secret: ")
			}
			w := e.post(status, headers...)
			expectStatus(t, w, http.StatusUnauthorized)
			if errCode(t, w) != "unauthorized" {
				t.Fatal(w.Body)
			}
		})
	}
	if !strings.Contains(e.logs.String(), `msg="voice webhook refused: missing or wrong secret" ip=`+vapiIP) {
		t.Errorf("refusals not logged:\n%s", e.logs)
	}
	if strings.Contains(e.logs.String(), testVapiSecret[:16]) {
		t.Error("the log shows (part of) a secret")
	}
	// Authenticated before the body is looked at: garbage from a stranger
	// gets 401, not a parse error.
	if w := e.post("garbage", "X-Vapi-Secret: wrong"); w.Code != http.StatusUnauthorized {
		t.Errorf("garbage without the secret: %d", w.Code)
	}

	w := e.post(status)
	if w.Code != 200 || strings.TrimSpace(w.Body.String()) != `{}` {
		t.Fatalf("right secret: %d %s", w.Code, w.Body)
	}

	// With the webhook configured, other methods get the API's 405.
	if w := do(e.h, "GET", "/api/voice/tool-calls"); w.Code != http.StatusMethodNotAllowed || errCode(t, w) != "method_not_allowed" {
		t.Errorf("GET: %d %s", w.Code, w.Body)
	}
}

func TestVoiceWebhookWithoutSecretDoesNotExist(t *testing.T) {
	e := newVoiceEnv(t, storetest.SQLite(t), voice.Config{PublicKey: testVapiKey, AssistantID: testVapiAssistant})
	for _, method := range []string{"POST", "GET", "PUT"} {
		r := httptest.NewRequest(method, "/api/voice/tool-calls", strings.NewReader(toolCalls(quoteCall("call_1", annaArgs))))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("X-Vapi-Secret", testVapiSecret)
		w := httptest.NewRecorder()
		e.h.ServeHTTP(w, r)
		if w.Code != http.StatusNotFound || errCode(t, w) != "not_found" {
			t.Errorf("%s: %d %s", method, w.Code, w.Body)
		}
	}
}

func TestVoiceWebhookCrossOrigin(t *testing.T) {
	e := newVoiceEnv(t, storetest.SQLite(t), webhookConfig())
	status := `{"message":{"type":"status-update","status":"in-progress","call":{"id":"vapi-call-1","type":"webCall"}}}`
	// Vapi is a server: no Origin, no Sec-Fetch-Site. That passes.
	if w := e.post(status); w.Code != 200 {
		t.Fatalf("server-to-server: %d %s", w.Code, w.Body)
	}
	// A browser on another site is still refused, secret or not.
	for _, h := range []string{"Sec-Fetch-Site: cross-site", "Origin: https://evil.example"} {
		w := e.post(status, h)
		if w.Code != http.StatusForbidden || errCode(t, w) != "cross_origin" {
			t.Errorf("%s: %d %s", h, w.Code, w.Body)
		}
	}
}

func TestVoiceWebhookStoresQuote(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newVoiceEnv(t, db, webhookConfig())

		// Arguments as an object.
		rs := results(t, e.post(toolCalls(quoteCall("call_1", annaArgs))))
		ids := quoteIDs(t, db)
		if len(ids) != 1 {
			t.Fatalf("%d quote requests stored", len(ids))
		}
		want := voice.Result{ToolCallID: "call_1", Name: "request_quote",
			Result: "Quote request received (reference " + ids[0][:8] + "). The team will reply by email within one business day."}
		if len(rs) != 1 || rs[0] != want {
			t.Fatalf("got %+v\nwant %+v", rs, want)
		}
		expectCounts(t, db, 1, 2)

		q, err := db.QuoteRequest(t.Context(), ids[0])
		if err != nil {
			t.Fatal(err)
		}
		wantQ := store.QuoteRequest{
			ID: ids[0], FullName: "Anna de Vries", CompanyName: "Tandartspraktijk Zuid", BusinessType: "Dental clinic",
			Email: "anna@example.nl", Phone: "+31 20 123 4567", Description: "We miss calls at lunch.\nCan an agent book appointments?",
			Language: "dutch", Locale: "nl", SubmittedAt: q.SubmittedAt,
			Status: "new", Source: "voice", Version: 1, // the inbox shows it came from a call
		}
		if q != wantQ {
			t.Fatalf("stored %+v\nwant   %+v", q, wantQ)
		}

		// The two emails are the quote form's: the agency inbox and a
		// Dutch confirmation to the caller.
		if _, err := e.worker.RunOnce(context.Background()); err != nil {
			t.Fatal(err)
		}
		sent := e.mail.Take()
		subjects := map[string]string{}
		for _, m := range sent {
			subjects[m.To] = m.Subject
		}
		if len(sent) != 2 || subjects[testInbox] != "New Quote Request from Anna de Vries" ||
			subjects["anna@example.nl"] != "We hebben uw offerteaanvraag ontvangen" {
			t.Errorf("sent %v", subjects)
		}

		// Arguments as a JSON string, English, a number for the phone.
		args, _ := json.Marshal(`{"fullName":"Bob Smith","email":"bob@example.com","description":"Outbound reminders.","phone":31612345678,"language":"english"}`)
		rs = results(t, e.post(toolCalls(quoteCall("call_2", string(args)))))
		if len(rs) != 1 || rs[0].ToolCallID != "call_2" || !strings.HasPrefix(rs[0].Result, "Quote request received (reference ") {
			t.Fatalf("string arguments: %+v", rs)
		}
		expectCounts(t, db, 2, 2) // the first two were sent
		ids = quoteIDs(t, db)
		for _, id := range ids {
			if q, _ := db.QuoteRequest(t.Context(), id); q.FullName == "Bob Smith" &&
				(q.Phone != "31612345678" || q.Language != "english" || q.Locale != "en") {
				t.Errorf("stored %+v", q)
			}
		}
		if !strings.Contains(e.logs.String(), `msg="voice tool call" tool=request_quote tool_call=call_2 outcome=stored`) {
			t.Errorf("log:\n%s", e.logs)
		}
	})
}

func TestVoiceWebhookSeveralCalls(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newVoiceEnv(t, db, webhookConfig())
		rs := results(t, e.post(toolCalls(
			quoteCall("call_a", annaArgs),
			quoteCall("call_b", `{"fullName":"No Email","description":"x"}`),
			`{"id":"call_c","type":"function","function":{"name":"book_meeting","arguments":{}}}`,
			quoteCall("call_d", `{"fullName":"Carla","email":"carla@example.org","description":"Reminders.","language":"nl"}`),
		)))
		if len(rs) != 4 {
			t.Fatalf("%d results: %+v", len(rs), rs)
		}
		for i, id := range []string{"call_a", "call_b", "call_c", "call_d"} {
			if rs[i].ToolCallID != id {
				t.Errorf("result %d is for %q, want %q (toolCallList order)", i, rs[i].ToolCallID, id)
			}
		}
		if rs[0].Result == "" || rs[3].Result == "" {
			t.Errorf("valid calls failed: %+v", rs)
		}
		if rs[1] != (voice.Result{ToolCallID: "call_b", Name: "request_quote", Error: "Full name, email, and description are required."}) {
			t.Errorf("missing email: %+v", rs[1])
		}
		if rs[2] != (voice.Result{ToolCallID: "call_c", Name: "book_meeting", Error: "Unknown tool: book_meeting"}) {
			t.Errorf("unknown tool: %+v", rs[2])
		}
		expectCounts(t, db, 2, 4)
	})
}

// TestVoiceWebhookCallErrors: a call with bad arguments gets an error
// result, with HTTP 200 as Vapi requires, and nothing is stored.
func TestVoiceWebhookCallErrors(t *testing.T) {
	db := storetest.SQLite(t)
	e := newVoiceEnv(t, db, webhookConfig())
	for _, tt := range []struct{ name, call, want string }{
		{"missing required", quoteCall("c", `{"fullName":"Anna","email":"anna@example.nl"}`), quote.MsgRequired},
		{"no arguments", `{"id":"c","function":{"name":"request_quote"}}`, quote.MsgRequired},
		{"bad email", quoteCall("c", `{"fullName":"Anna","email":"anna at example","description":"x"}`), "Please enter a valid email address, such as name@company.com."},
		{"arguments an array", quoteCall("c", `["Anna"]`), "Invalid arguments: expected a JSON object with fullName, email and description."},
		{"arguments a number", quoteCall("c", `42`), "Invalid arguments: expected a JSON object with fullName, email and description."},
		{"unparseable string", quoteCall("c", `"{fullName: Anna"`), "Invalid arguments: expected a JSON object with fullName, email and description."},
		{"string holding an array", quoteCall("c", `"[1]"`), "Invalid arguments: expected a JSON object with fullName, email and description."},
		{"nested value", quoteCall("c", `{"fullName":{"first":"Anna"},"email":"anna@example.nl","description":"x"}`), "Invalid arguments: fullName must be text."},
		{"unknown language", quoteCall("c", `{"fullName":"Anna","email":"anna@example.nl","description":"x","language":"klingon"}`), `Language must be "english" or "dutch".`},
		{"too long", quoteCall("c", `{"fullName":"`+strings.Repeat("a", 101)+`","email":"anna@example.nl","description":"x"}`), "Full name is too long: at most 100 characters."},
		{"unknown tool", `{"id":"c","function":{"name":"x","arguments":{}}}`, "Unknown tool: x"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rs := results(t, e.post(toolCalls(tt.call)))
			if len(rs) != 1 || rs[0].ToolCallID != "c" || rs[0].Error != tt.want || rs[0].Result != "" {
				t.Fatalf("got %+v, want error %q", rs, tt.want)
			}
		})
	}
	expectCounts(t, db, 0, 0)
}

func TestVoiceWebhookRateLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newVoiceEnv(t, db, webhookConfig())
		var calls []string
		for i := range 6 {
			calls = append(calls, quoteCall(fmt.Sprintf("call_%d", i), fmt.Sprintf(`{"fullName":"P %d","email":"p%d@example.com","description":"d"}`, i, i)))
		}
		rs := results(t, e.post(toolCalls(calls...)))
		for i, r := range rs[:5] {
			if r.Result == "" {
				t.Errorf("call %d: %+v", i, r)
			}
		}
		if rs[5].Error != "Too many quote requests. Please wait a little and try again." {
			t.Errorf("sixth call: %+v", rs[5])
		}
		expectCounts(t, db, 5, 10)
	})
}

func TestVoiceWebhookOtherMessages(t *testing.T) {
	e := newVoiceEnv(t, storetest.SQLite(t), webhookConfig())
	for _, typ := range []string{"conversation-update", "speech-update", "transcript", "hang", "something-new"} {
		w := e.post(`{"message":{"type":"` + typ + `","call":{"id":"c"},"artifact":{"transcript":"AI: Hi"}}}`)
		if w.Code != 200 || strings.TrimSpace(w.Body.String()) != `{}` {
			t.Errorf("%s: %d %s", typ, w.Code, w.Body)
		}
	}
	if !strings.Contains(e.logs.String(), `level=DEBUG msg="voice webhook: message ignored" type=speech-update`) {
		t.Errorf("log:\n%s", e.logs)
	}
}

// TestVoiceWebhookNeverServerError: whatever the body, the answer is a 4xx
// (or 200 with per-call errors), never a 5xx.
func TestVoiceWebhookNeverServerError(t *testing.T) {
	db := storetest.SQLite(t)
	e := newVoiceEnv(t, db, webhookConfig())
	for _, tt := range []struct {
		name, body string
		headers    []string
		status     int
		code       string
	}{
		{"empty", ``, nil, 400, "empty_body"},
		{"not json", `hello`, nil, 400, "invalid_message"},
		{"truncated", `{"message":{"type":"tool-calls","toolCallList":[`, nil, 400, "invalid_message"},
		{"array", `[{"message":{}}]`, nil, 400, "invalid_message"},
		{"null", `null`, nil, 400, "invalid_message"},
		{"no message", `{"type":"tool-calls","toolCallList":[]}`, nil, 400, "invalid_message"},
		{"message a string", `{"message":"hi"}`, nil, 400, "invalid_message"},
		{"message without type", `{"message":{"toolCallList":[]}}`, nil, 400, "invalid_message"},
		{"type a number", `{"message":{"type":1}}`, nil, 400, "invalid_message"},
		{"list missing", `{"message":{"type":"tool-calls"}}`, nil, 400, "invalid_message"},
		{"list an object", `{"message":{"type":"tool-calls","toolCallList":{"0":{}}}}`, nil, 400, "invalid_message"},
		{"list of strings", `{"message":{"type":"tool-calls","toolCallList":["request_quote"]}}`, nil, 400, "invalid_message"},
		{"call without id", `{"message":{"type":"tool-calls","toolCallList":[{"function":{"name":"request_quote","arguments":{}}}]}}`, nil, 400, "invalid_message"},
		{"function a string", `{"message":{"type":"tool-calls","toolCallList":[{"id":"c","function":"request_quote"}]}}`, nil, 400, "invalid_message"},
		{"deep nesting", `{"message":{"type":"x","y":` + strings.Repeat(`[`, 100000) + `}}`, nil, 400, "invalid_message"},
		{"invalid UTF-8", "{\"message\":{\"type\":\"tool-calls\",\"toolCallList\":[{\"id\":\"c\",\"function\":{\"name\":\"request_quote\",\"arguments\":{\"fullName\":\"\xff\xfe\",\"email\":\"a@b.nl\"}}}]}}", nil, 200, ""},
		{"NUL in a name", `{"message":{"type":"tool-calls","toolCallList":[{"id":"c","function":{"name":"request\u0000quote","arguments":{}}}]}}`, nil, 200, ""},
		{"text/plain", `{"message":{"type":"status-update"}}`, []string{"Content-Type: text/plain"}, 415, "unsupported_media_type"},
		{"no content type", `{"message":{"type":"status-update"}}`, []string{"Content-Type: "}, 415, "unsupported_media_type"},
		{"too large", `{"message":{"type":"status-update","pad":"` + strings.Repeat("x", maxVoiceBody) + `"}}`, nil, 413, "body_too_large"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := e.post(tt.body, tt.headers...)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %.300s", w.Code, tt.status, w.Body)
			}
			if tt.code != "" && errCode(t, w) != tt.code {
				t.Fatalf("code %q, want %q", errCode(t, w), tt.code)
			}
			if tt.status == 200 {
				results(t, w)
			}
		})
	}
	// A long call's message is well within the limit.
	big := toolCalls(quoteCall("c", `{}`))
	big = strings.Replace(big, `"transcript":"AI: Hello"`, `"transcript":"`+strings.Repeat("AI: Hello. User: Hi. ", 30000)+`"`, 1)
	if w := e.post(big); w.Code != 200 {
		t.Errorf("%d-byte message: %d", len(big), w.Code)
	}
	expectCounts(t, db, 0, 0)
}

func TestVoiceWebhookDatabaseDown(t *testing.T) {
	call := toolCalls(quoteCall("call_1", annaArgs))
	// Not migrated yet, or no quote service: 503 for tool calls, while other
	// messages are still acknowledged.
	notMigrated := storetest.SQLite(t)
	for name, e := range map[string]*voiceEnv{
		"no database": newVoiceEnv(t, nil, webhookConfig()),
		"not ready":   newVoiceEnvReady(t, notMigrated, webhookConfig(), func() bool { return false }),
	} {
		w := e.post(call)
		if w.Code != http.StatusServiceUnavailable || errCode(t, w) != "unavailable" || w.Header().Get("Retry-After") == "" {
			t.Errorf("%s: %d %s", name, w.Code, w.Body)
		}
		if w := e.post(`{"message":{"type":"speech-update"}}`); w.Code != 200 {
			t.Errorf("%s, other message: %d", name, w.Code)
		}
	}
	expectCounts(t, notMigrated, 0, 0)

	// PostgreSQL that stops answering after start.
	down, err := store.Open(t.Context(), store.Config{DatabaseURL: "postgres://postgres@127.0.0.1:1/test?sslmode=disable&connect_timeout=2"})
	if err != nil {
		t.Fatal(err)
	}
	defer down.Close()
	e := newVoiceEnv(t, down, webhookConfig())
	w := e.post(toolCalls(`{"id":"c0","function":{"name":"other"}}`, quoteCall("call_1", annaArgs)))
	if w.Code != http.StatusServiceUnavailable || errCode(t, w) != "unavailable" || w.Header().Get("Retry-After") != "5" {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	if !strings.Contains(e.logs.String(), `level=WARN msg="database unavailable"`) {
		t.Errorf("log:\n%s", e.logs)
	}
	// Bad arguments need no database: still a per-call error.
	rs := results(t, e.post(toolCalls(quoteCall("call_1", `{}`))))
	if rs[0].Error != quote.MsgRequired {
		t.Errorf("%+v", rs)
	}
}
