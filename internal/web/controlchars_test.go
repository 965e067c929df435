package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/belwise/site/internal/text"
)

// controls are the characters every text field of every endpoint is sent:
// NUL (which PostgreSQL refuses in text), other C0 controls, DEL.
var controls = []string{"\u0000", "\u0001", "\u001b", "\u007f"}

// controlCase sends one request with bad placed in one field.
type controlCase struct {
	name string
	send func(bad string) *httptest.ResponseRecorder
}

// TestControlCharactersNeverServerError posts NUL and other control
// characters to every text field of every endpoint that takes text (JSON
// bodies, query strings, paths, the webhook's messages, the form posts),
// on both engines: no answer is a 5xx, nothing is logged as an error, and
// afterwards no text column of the database holds a control character
// (line breaks and tabs in multi-line text aside).
func TestControlCharactersNeverServerError(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{voice: webhookConfig(), site: formDist()})
		ctx := t.Context()
		staff := e.staffCookie("Staff Member", "staff@example.com")
		buyer, order := e.buyerWithOrder("ann@example.com", callAssistant)
		expectStatus(t, e.postWebhook("/api/voice/webhook", callReport("known", callAssistant, time.Now(), ""), testVapiSecret), 200)
		known, err := db.CallByVapiID(ctx, "known")
		if err != nil {
			t.Fatal(err)
		}
		e.ip = "192.0.2.200"
		quoteID := decode[struct{ ID string }](t, e.call("POST", "/api/quotes", validQuote(), nil), 201).ID

		// Every request comes from its own address and names its own
		// account, so no rate limit answers in place of the endpoint.
		n := 0
		fresh := func() int {
			n++
			e.ip = fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255)
			return n
		}
		post := func(path string, body map[string]any, c *http.Cookie) *httptest.ResponseRecorder {
			fresh()
			return e.call("POST", path, body, c)
		}
		// jsonField builds a case per field of body, the field holding
		// "x<bad>y" (or value with bad inserted after its first byte).
		var cases []controlCase
		jsonFields := func(method, path string, c *http.Cookie, body func() map[string]any, fields ...string) {
			for _, f := range fields {
				cases = append(cases, controlCase{method + " " + path + " " + f, func(bad string) *httptest.ResponseRecorder {
					b := body()
					v, _ := b[f].(string)
					if v == "" {
						v = "xy"
					}
					b[f] = v[:1] + bad + v[1:]
					fresh()
					return e.call(method, path, b, c)
				}})
			}
		}
		email := func() string { return fmt.Sprintf("user%d@example.com", n+1) }
		jsonFields("POST", "/api/auth/sign-up", nil, func() map[string]any {
			return map[string]any{"fullName": "New Person", "email": email(), "password": "a fine password", "locale": "en"}
		}, "fullName", "email", "password", "locale")
		jsonFields("POST", "/api/auth/sign-in", nil, func() map[string]any {
			return map[string]any{"email": "ann@example.com", "password": "buyer password 1"}
		}, "email", "password")
		for _, p := range []string{"verify", "check-token"} {
			jsonFields("POST", "/api/auth/"+p, nil, func() map[string]any {
				return map[string]any{"token": strings.Repeat("A", 43), "purpose": "reset"}
			}, "token", "purpose")
		}
		for _, p := range []string{"reset-password", "accept-invite"} {
			jsonFields("POST", "/api/auth/"+p, nil, func() map[string]any {
				return map[string]any{"token": strings.Repeat("A", 43), "password": "a fine password"}
			}, "token", "password")
		}
		for _, p := range []string{"resend-verification", "forgot-password"} {
			jsonFields("POST", "/api/auth/"+p, nil, func() map[string]any {
				return map[string]any{"email": email(), "locale": "nl"}
			}, "email", "locale")
		}
		quoteText := []string{"fullName", "companyName", "businessType", "email", "phone", "language", "description", "locale", "timeZone", "source", "website"}
		jsonFields("POST", "/api/quotes", nil, func() map[string]any {
			q := validQuote()
			q["email"], q["description"] = email(), fmt.Sprintf("Request %d.\nTwo lines.", n)
			return q
		}, quoteText...)

		// The console.
		quoteVersion := func() any {
			return decode[struct{ Quote struct{ Version int } }](t, e.call("GET", "/api/console/quotes/"+quoteID, nil, staff), 200).Quote.Version
		}
		jsonFields("PATCH", "/api/console/quotes/"+quoteID, staff, func() map[string]any {
			return map[string]any{"status": "contacted", "version": quoteVersion()}
		}, "status")
		jsonFields("POST", "/api/console/quotes/"+quoteID+"/notes", staff, func() map[string]any {
			return map[string]any{"body": "Called back.\n\tTabbed line."}
		}, "body")
		jsonFields("POST", "/api/console/quotes/"+quoteID+"/orders", staff, func() map[string]any {
			return map[string]any{"agentId": e.agentID(), "amountCents": 1000, "currency": "EUR"}
		}, "agentId", "currency")
		orderVersion := func() any {
			return decode[struct{ Order struct{ Version int } }](t, e.call("GET", "/api/console/orders/"+order.ID, nil, staff), 200).Order.Version
		}
		jsonFields("PATCH", "/api/console/orders/"+order.ID, staff, func() map[string]any {
			return map[string]any{"assistantId": callAssistant, "version": orderVersion()}
		}, "assistantId")
		jsonFields("PATCH", "/api/console/orders/"+order.ID, staff, func() map[string]any {
			return map[string]any{"status": "completed", "version": orderVersion()}
		}, "status")
		agentText := []string{"nameEn", "nameNl", "titleEn", "titleNl", "descriptionEn", "descriptionNl", "currency"}
		newAgent := func() map[string]any {
			return map[string]any{"nameEn": fmt.Sprintf("Agent %d", n), "nameNl": fmt.Sprintf("Agent %d", n), "titleEn": "Books", "titleNl": "Boekt",
				"descriptionEn": "Books.\nAlways.", "descriptionNl": "Boekt.\nAltijd.", "deliveryDays": 5, "priceCents": 10000, "currency": "EUR"}
		}
		jsonFields("POST", "/api/console/agents", staff, newAgent, agentText...)
		agent := decode[struct{ Agent struct{ ID string } }](t, post("/api/console/agents", newAgent(), staff), 201).Agent.ID
		jsonFields("PATCH", "/api/console/agents/"+agent, staff, func() map[string]any {
			type agentVersion struct {
				ID      string
				Version int
			}
			list := decode[listPage[agentVersion]](t, e.call("GET", "/api/console/agents", nil, staff), 200)
			b := newAgent()
			for _, a := range list.Items {
				if a.ID == agent {
					b["version"] = a.Version
				}
			}
			return b
		}, agentText...)

		// Query strings and paths.
		queries := map[string][]string{
			"/api/console/quotes":                    {"q", "status", "cursor", "limit"},
			"/api/console/orders":                    {"q", "status", "buyer", "cursor"},
			"/api/console/buyers":                    {"q", "cursor"},
			"/api/console/calls":                     {"assigned", "cursor"},
			"/api/orders/" + order.ID + "/agent":     {"lang", "tz"},
			"/api/orders/" + order.ID + "/calls":     {"cursor"},
			"/api/orders/" + order.ID + "/calls.csv": {"lang", "tz"},
			"/auth":                                  {"next"},
		}
		for path, params := range queries {
			c := staff
			if strings.HasPrefix(path, "/api/orders/") {
				c = buyer
			}
			for _, p := range params {
				cases = append(cases, controlCase{"GET " + path + "?" + p, func(bad string) *httptest.ResponseRecorder {
					fresh()
					return e.call("GET", path+"?"+p+"="+url.QueryEscape("a"+bad+"b"), nil, c)
				}})
			}
		}
		for _, path := range []string{
			"/api/console/quotes/%s", "/api/console/orders/%s", "/api/orders/%s", "/api/orders/%s/agent",
			"/api/orders/" + order.ID + "/calls/%s", "/dashboard/agents/%s/calls/1", "/dashboard/agents/" + order.ID + "/calls/%s",
		} {
			cases = append(cases, controlCase{"GET " + path, func(bad string) *httptest.ResponseRecorder {
				c := staff
				if !strings.HasPrefix(path, "/api/console") {
					c = buyer
				}
				return e.call("GET", fmt.Sprintf(path, url.PathEscape(fmt.Sprint(known.ID)+bad)), nil, c)
			}})
		}
		for _, method := range []string{"PATCH /api/console/quotes/%s", "POST /api/console/quotes/%s/notes", "PATCH /api/console/agents/%s",
			"DELETE /api/orders/" + order.ID + "/calls/%s"} {
			m, path, _ := strings.Cut(method, " ")
			cases = append(cases, controlCase{method, func(bad string) *httptest.ResponseRecorder {
				c := staff
				if m == "DELETE" {
					c = buyer
				}
				return e.call(m, fmt.Sprintf(path, url.PathEscape("1"+bad)), map[string]any{"status": "new", "version": 1, "body": "x"}, c)
			}})
		}

		// The webhook: every text of an end-of-call report and a status
		// update, and a tool call's arguments. Each report is stored under
		// its cleaned call id (checked below).
		reportPaths := [][]string{
			{"type"}, {"call", "id"}, {"call", "assistantId"}, {"assistant", "id"}, {"call", "customer", "number"}, {"customer", "number"},
			{"endedReason"}, {"call", "endedReason"}, {"analysis", "summary"}, {"analysis", "successEvaluation"}, {"summary"},
			{"call", "type"}, {"call", "status"}, {"artifact", "messages", "0", "message"}, {"artifact", "messages", "0", "role"},
		}
		for _, path := range reportPaths {
			cases = append(cases, controlCase{"webhook end-of-call-report " + strings.Join(path, "."), func(bad string) *httptest.ResponseRecorder {
				id := fmt.Sprintf("cc-%d", fresh())
				m := webhookReport(id)
				setPath(m, path, bad)
				rec := e.postWebhook("/api/voice/webhook", mustJSON(t, map[string]any{"message": m}), testVapiSecret)
				if rec.Code == 200 {
					if _, err := db.CallByVapiID(ctx, id); err != nil {
						t.Errorf("report %s with a control character in %s answered 200 but was not stored: %v", id, strings.Join(path, "."), err)
					}
				}
				return rec
			}})
		}
		for _, path := range [][]string{{"call", "id"}, {"status"}, {"endedReason"}} {
			cases = append(cases, controlCase{"webhook status-update " + strings.Join(path, "."), func(bad string) *httptest.ResponseRecorder {
				m := map[string]any{"type": "status-update", "status": "in-progress", "endedReason": "",
					"call": map[string]any{"id": fmt.Sprintf("st-%d", fresh()), "assistantId": callAssistant}}
				setPath(m, path, bad)
				return e.postWebhook("/api/voice/webhook", mustJSON(t, map[string]any{"message": m}), testVapiSecret)
			}})
		}
		for _, field := range []string{"fullName", "email", "companyName", "businessType", "phone", "description", "language", "timeZone"} {
			cases = append(cases, controlCase{"webhook tool-calls " + field, func(bad string) *httptest.ResponseRecorder {
				args := map[string]any{"fullName": "Voice Caller", "email": email(), "description": fmt.Sprintf("Voice request %d", fresh())}
				v, _ := args[field].(string)
				if v == "" {
					v = "xy"
				}
				args[field] = v[:1] + bad + v[1:]
				body := mustJSON(t, map[string]any{"message": map[string]any{"type": "tool-calls", "toolCallList": []any{
					map[string]any{"id": "call" + bad, "type": "function", "function": map[string]any{"name": "request_quote", "arguments": args}}}}})
				return e.postWebhook("/api/voice/webhook", body, testVapiSecret)
			}})
		}

		// The form posts made without JavaScript.
		for _, field := range []string{"fullName", "email", "companyName", "businessType", "phone", "language", "description", "website"} {
			for _, path := range []string{"/quote", "/nl/quote"} {
				cases = append(cases, controlCase{"form " + path + " " + field, func(bad string) *httptest.ResponseRecorder {
					fresh()
					form := quoteForm(map[string]string{"email": email(), "description": fmt.Sprintf("Form request %d.", n)})
					form.Set(field, form.Get(field)[:min(1, len(form.Get(field)))]+bad+form.Get(field)[min(1, len(form.Get(field))):])
					return e.postForm(path, form)
				}})
			}
		}
		for _, field := range []string{"email", "password"} {
			cases = append(cases, controlCase{"form /auth " + field, func(bad string) *httptest.ResponseRecorder {
				fresh()
				form := url.Values{"email": {"ann@example.com"}, "password": {"buyer password 1"}}
				form.Set(field, "a"+bad+form.Get(field))
				return e.postForm("/auth", form)
			}})
		}

		for _, tc := range cases {
			for _, bad := range append(controls, "\xff") {
				if bad == "\xff" && !strings.HasPrefix(tc.name, "form") && !strings.HasPrefix(tc.name, "GET") {
					continue // encoding/json turns invalid UTF-8 into U+FFFD before it is sent
				}
				rec := tc.send(bad)
				if rec.Code >= 500 {
					t.Errorf("%s with %q: status %d: %s", tc.name, bad, rec.Code, rec.Body)
				}
			}
		}
		if strings.Contains(e.logs.String(), "level=ERROR") {
			t.Errorf("an error was logged:\n%s", e.logs)
		}
		checkNoControlCharacters(t, db)
	})
}

// TestNULInSummaryIsStored: the exact report that answered 500 on
// PostgreSQL and was lost for good is stored, the NUL removed, and a
// retry with the same NUL in the call's id updates that same call.
func TestNULInSummaryIsStored(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{voice: webhookConfig()})
		ann, o := e.buyerWithOrder("ann@example.com", callAssistant)
		m := webhookReport("nul\u0000-call")
		m["analysis"].(map[string]any)["summary"] = "Booked\u0000 a cleaning\u0000."
		m["endedReason"] = "customer-ended\u0000-call"
		m["call"].(map[string]any)["customer"] = map[string]any{"number": "+31\u0000612345678"}
		body := mustJSON(t, map[string]any{"message": m})
		for range 2 { // Vapi's retry is the same call
			expectStatus(t, e.postWebhook("/api/voice/webhook", body, testVapiSecret), 200)
		}
		c, err := db.CallByVapiID(t.Context(), "nul-call")
		if err != nil {
			t.Fatal(err)
		}
		if c.Summary != "Booked a cleaning." || c.EndedReason != "customer-ended-call" || c.CustomerNumber != "+31612345678" || c.OrderID != o.ID {
			t.Fatalf("stored %+v", c)
		}
		items := decode[callPage](t, e.call("GET", "/api/orders/"+o.ID+"/calls", nil, ann), 200).Items
		if len(items) != 1 || items[0].Summary != "Booked a cleaning." {
			t.Fatalf("the buyer's list: %+v", items)
		}
	})
}

// webhookReport is an end-of-call report's message with every text field
// the site reads set.
func webhookReport(id string) map[string]any {
	start := time.Now().Add(-time.Hour).UTC()
	return map[string]any{
		"type": "end-of-call-report", "endedReason": "customer-ended-call", "summary": "Older summary.",
		"startedAt": start.Format(time.RFC3339Nano), "endedAt": start.Add(time.Minute).Format(time.RFC3339Nano),
		"assistant": map[string]any{"id": callAssistant},
		"customer":  map[string]any{"number": "+31612345678"},
		"call": map[string]any{"id": id, "type": "inboundPhoneCall", "status": "ended", "assistantId": callAssistant,
			"endedReason": "customer-ended-call", "customer": map[string]any{"number": "+31612345678"}},
		"analysis": map[string]any{"summary": "Booked a cleaning.\nOn Tuesday.", "successEvaluation": "true"},
		"artifact": map[string]any{"messages": []any{map[string]any{"role": "user", "message": "I need a cleaning.", "secondsFromStart": 1}},
			"recordingUrl": "https://storage.vapi.ai/" + url.PathEscape(id) + ".wav"},
	}
}

// setPath puts bad into the string at path (map keys, or slice indexes as
// digits), after its first character.
func setPath(m map[string]any, path []string, bad string) {
	var cur any = m
	for i, k := range path {
		last := i == len(path)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				v, _ := c[k].(string)
				if v == "" {
					v = "xy"
				}
				c[k] = v[:1] + bad + v[1:]
				return
			}
			cur = c[k]
		case []any:
			cur = c[int(k[0]-'0')]
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// jsonControl is a control character written as a JSON escape, as a JSON
// column would hold one (encoding/json writes line breaks and tabs as \n
// and \t).
var jsonControl = regexp.MustCompile(`\\u00[01][0-9a-fA-F]|\\u007[fF]`)

// checkNoControlCharacters reads every text column of every table back
// and fails on a control character other than a line break or a tab.
func checkNoControlCharacters(t *testing.T, db *store.DB) {
	t.Helper()
	ctx := t.Context()
	var q string
	if db.Embedded() {
		q = `SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p
			WHERE m.type = 'table' AND upper(p.type) LIKE '%TEXT%'`
	} else {
		q = `SELECT table_name, column_name FROM information_schema.columns
			WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'json', 'jsonb')`
	}
	rows, err := db.SQL().QueryContext(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	type column struct{ table, name string }
	var cols []column
	for rows.Next() {
		var c column
		if err := rows.Scan(&c.table, &c.name); err != nil {
			t.Fatal(err)
		}
		cols = append(cols, c)
	}
	rows.Close()
	if len(cols) < 20 {
		t.Fatalf("only %d text columns found: %v", len(cols), cols)
	}
	values := 0
	for _, c := range cols {
		rows, err := db.SQL().QueryContext(ctx, fmt.Sprintf(`SELECT CAST(%q AS TEXT) FROM %q WHERE %q IS NOT NULL`, c.name, c.table, c.name))
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			values++
			if text.MultiLine(s) != s || jsonControl.MatchString(s) {
				t.Errorf("%s.%s holds a control character: %q", c.table, c.name, s)
			}
		}
		rows.Close()
	}
	if values < 100 {
		t.Fatalf("only %d stored texts read back", values)
	}
}
