package web

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/belwise/site/internal/vapiapi"
)

const callAssistant = "a0000000-0000-4000-8000-000000000001"

// callReport is an end-of-call report as Vapi posts it (see
// internal/voice/calls_test.go for the fields), for call id and assistant.
func callReport(id, assistant string, start time.Time, recording string) string {
	end := start.Add(95 * time.Second)
	return fmt.Sprintf(`{"message":{"type":"end-of-call-report","endedReason":"customer-ended-call","cost":0.13,
		"startedAt":%q,"endedAt":%q,"durationSeconds":95,
		"call":{"id":%q,"type":"inboundPhoneCall","assistantId":%q,"customer":{"number":"+31612345678"}},
		"analysis":{"summary":"=Booked a cleaning on Tuesday.","successEvaluation":"true"},
		"artifact":{"messages":[{"role":"bot","message":"Smile Dental, good morning.","secondsFromStart":0.5},
			{"role":"user","message":"I need a cleaning.","secondsFromStart":3}],"recordingUrl":%q}}}`,
		start.UTC().Format(time.RFC3339Nano), end.UTC().Format(time.RFC3339Nano), id, assistant, recording)
}

// postWebhook posts body to path as Vapi does (no browser headers).
func (e *accountEnv) postWebhook(path, body, secret string) *httptest.ResponseRecorder {
	e.t.Helper()
	r := httptest.NewRequest("POST", path, strings.NewReader(body))
	r.RemoteAddr = vapiIP + ":443"
	r.Header.Set("Content-Type", "application/json")
	if secret != "" {
		r.Header.Set("X-Vapi-Secret", secret)
	}
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	return w
}

// buyerWithOrder signs up a buyer with a completed order; when assistant is
// set, the order is linked to it.
func (e *accountEnv) buyerWithOrder(email, assistant string) (*http.Cookie, store.Order) {
	e.t.Helper()
	ctx := e.t.Context()
	c := e.signUpVerified("Buyer "+email, email, "buyer password 1")
	u, err := e.db.UserByEmail(ctx, email)
	if err != nil {
		e.t.Fatal(err)
	}
	agents, err := e.db.Agents(ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	if len(agents) == 0 {
		a, err := e.db.CreateAgent(ctx, store.Agent{NameEn: "Appointment Setter", NameNl: "Afsprakenplanner", TitleEn: "Books", DescriptionEn: "d"}, "", time.Now())
		if err != nil {
			e.t.Fatal(err)
		}
		agents = append(agents, a)
	}
	if err := e.db.CreateOrders(ctx, []store.NewOrder{{BuyerID: u.ID, AgentID: agents[0].ID, Status: "completed", AmountCents: 1, CreatedAt: time.Now()}}); err != nil {
		e.t.Fatal(err)
	}
	os, _ := e.db.OrdersByBuyer(ctx, u.ID)
	o := os[0]
	if assistant != "" {
		if o, _, err = e.db.SetOrderLink(ctx, o.ID, store.OrderLink{AssistantID: &assistant}, o.Version, "", time.Now()); err != nil {
			e.t.Fatal(err)
		}
	}
	return c, o
}

type callPage struct {
	Items []struct {
		ID, Direction, Number, NumberDisplay, Outcome, Summary string
		DurationSeconds                                        int
		StartedAt                                              time.Time
	}
	NextCursor *string
}

type agentHead struct {
	Agent struct {
		OrderID, Name string
		Linked        bool
	}
	Period struct {
		Kind, From, To string
	}
	Figures struct {
		Calls, Answered, Seconds, CostCents, DeletedCalls int
		Rates                                             []int
	}
	Daily []struct {
		Date  string
		Calls int
	}
}

type linkAnswer struct {
	Order struct {
		AssistantID    *string
		PerMinuteCents int64
		Version        int
	}
}

type callDetail struct {
	Call struct {
		ID, Summary, Number, NumberDisplay, Outcome, EndedReason, SuccessEvaluation string
		Transcript                                                                  []struct {
			Role, Text       string
			SecondsFromStart float64
		}
		RecordingURL *string
	}
}

func TestCallsWebhookToAgentPage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{voice: webhookConfig()})
		ann, o := e.buyerWithOrder("ann@example.com", callAssistant)
		start := time.Now().Add(-time.Hour).UTC().Truncate(time.Millisecond)
		body := callReport("vapi-1", callAssistant, start, "https://storage.vapi.ai/vapi-1.wav")

		// The secret guards the new URL as the old one.
		expectError(t, e.postWebhook("/api/voice/webhook", body, ""), 401, "unauthorized", "")
		expectError(t, e.postWebhook("/api/voice/webhook", body, testVapiSecret[:31]+"1"), 401, "unauthorized", "")
		// Posted three times (twice on the old path): stored once.
		for _, path := range []string{"/api/voice/webhook", "/api/voice/tool-calls", "/api/voice/webhook"} {
			w := e.postWebhook(path, body, testVapiSecret)
			if w.Code != 200 || strings.TrimSpace(w.Body.String()) != "{}" {
				t.Fatalf("%s: %d %s", path, w.Code, w.Body)
			}
		}
		// A late status update does not take it back.
		expectStatus(t, e.postWebhook("/api/voice/webhook", `{"message":{"type":"status-update","status":"in-progress","call":{"id":"vapi-1"}}}`, testVapiSecret), 200)
		// Malformed reports: 400, nothing stored.
		for _, bad := range []string{`{"message":{"type":"end-of-call-report"}}`, `{"message":{"type":"end-of-call-report","call":{"id":"x"},"cost":"free"}}`, `{"message":`} {
			if w := e.postWebhook("/api/voice/webhook", bad, testVapiSecret); w.Code != 400 {
				t.Fatalf("malformed %s: %d %s", bad, w.Code, w.Body)
			}
		}

		list := decode[callPage](t, e.call("GET", "/api/orders/"+o.ID+"/calls?lang=nl", nil, ann), 200)
		if len(list.Items) != 1 || list.NextCursor != nil {
			t.Fatalf("calls = %+v", list)
		}
		c := list.Items[0]
		// The owner gets the caller's full number: E.164 for a link, and as a Dutch page writes it.
		if c.Direction != "inbound" || c.Number != "+31612345678" || c.NumberDisplay != "06 12345678" || c.DurationSeconds != 95 || c.Outcome != "answered" ||
			c.Summary != "=Booked a cleaning on Tuesday." || !c.StartedAt.Equal(start) {
			t.Fatalf("call = %+v", c)
		}
		d := decode[callDetail](t, e.call("GET", "/api/orders/"+o.ID+"/calls/"+c.ID, nil, ann), 200)
		if len(d.Call.Transcript) != 2 || d.Call.Transcript[0].Role != "agent" || d.Call.Transcript[1].Role != "caller" ||
			d.Call.RecordingURL == nil || *d.Call.RecordingURL != "https://storage.vapi.ai/vapi-1.wav" || d.Call.SuccessEvaluation != "true" {
			t.Fatalf("detail = %+v", d)
		}
		if d.Call.Number != "+31612345678" || d.Call.NumberDisplay != "+31 6 12345678" {
			t.Fatalf("detail number = %q %q", d.Call.Number, d.Call.NumberDisplay)
		}
		if d := decode[callDetail](t, e.call("GET", "/api/orders/"+o.ID+"/calls/"+c.ID+"?lang=nl", nil, ann), 200); d.Call.NumberDisplay != "06 12345678" {
			t.Fatalf("Dutch detail number = %q", d.Call.NumberDisplay)
		}

		head := decode[agentHead](t, e.call("GET", "/api/orders/"+o.ID+"/agent?lang=nl&tz=Europe/Amsterdam", nil, ann), 200)
		if head.Agent.OrderID != o.ID || !head.Agent.Linked || head.Agent.Name == "" || len(head.Daily) < 28 ||
			head.Period.Kind != "month" || head.Daily[0].Date != head.Period.From || head.Daily[len(head.Daily)-1].Date != head.Period.To {
			t.Fatalf("agent = %+v", head)
		}
		expectError(t, e.call("GET", "/api/orders/"+o.ID+"/agent?tz=Not/AZone", nil, ann), 400, "invalid_field", "tz")

		// The dashboard's orders say whether calls arrive, and the rate.
		if b := e.call("GET", "/api/dashboard", nil, ann).Body.String(); !strings.Contains(b, `"perMinuteCents":10`) || !strings.Contains(b, `"assistantLinked":true`) {
			t.Fatalf("dashboard = %s", b)
		}

		// The filters and the search, on the list, the CSV and the agent page alike.
		listURL := "/api/orders/" + o.ID + "/calls?"
		for query, want := range map[string]int{"": 1, "q=cleaning": 1, "q=Smile": 1, "q=smil": 1, "q=" + url.QueryEscape("06 1234 5678"): 1,
			"q=" + url.QueryEscape("+31 6 12345678"): 1, "q=dentist": 0, "q=": 1, "outcome=answered": 1, "outcome=missed": 0,
			"direction=inbound": 1, "direction=web": 0, "goal=yes": 1, "goal=no": 0, "q=cleaning&direction=inbound&goal=yes&outcome=answered": 1,
			"period=custom&from=2020-01-01&to=2020-12-31": 0} {
			if !strings.Contains(query, "period=") {
				query += "&period=7d"
			}
			if l := decode[callPage](t, e.call("GET", listURL+query, nil, ann), 200); len(l.Items) != want {
				t.Errorf("%s: %d calls, want %d", query, len(l.Items), want)
			}
		}
		staff := e.staffCookie("Olga Ops", "ops@example.com")
		for _, base := range []string{"/api/orders/" + o.ID + "/calls?", "/api/orders/" + o.ID + "/calls.csv?", "/api/orders/" + o.ID + "/agent?", "/api/console/calls?"} {
			for query, field := range map[string]string{"period=week": "period", "period=custom&to=2026-01-01": "from",
				"period=custom&from=2026-01-02&to=2026-01-01": "to", "outcome=lost": "outcome", "direction=up": "direction", "goal=1": "goal",
				"q=" + strings.Repeat("x", 201): "q", "tz=Mars/Base": "tz"} {
				who := ann
				if strings.HasPrefix(base, "/api/console") {
					who = staff
				}
				expectError(t, e.call("GET", base+query, nil, who), 400, "invalid_field", field)
			}
		}
		expectError(t, e.call("GET", "/api/orders/"+o.ID+"/calls?period=all", nil, ann), 400, "invalid_field", "period")
		expectStatus(t, e.call("GET", "/api/orders/"+o.ID+"/calls?q="+strings.Repeat("x", 200), nil, ann), 200)

		// The CSV: a download, formulas escaped; English with commas by default, Dutch with ; for lang=nl.
		w := e.call("GET", "/api/orders/"+o.ID+"/calls.csv?period=7d", nil, ann)
		expectStatus(t, w, 200)
		if ct := w.Header().Get("Content-Type"); ct != "text/csv; charset=utf-8" || !strings.HasPrefix(w.Header().Get("Content-Disposition"), "attachment;") {
			t.Fatalf("headers %v", w.Header())
		}
		readCSV := func(body string, comma rune) [][]string {
			t.Helper()
			body, ok := strings.CutPrefix(body, "\uFEFF")
			if !ok {
				t.Fatalf("no byte-order mark: %q", body)
			}
			r := csv.NewReader(strings.NewReader(body))
			r.Comma = comma
			rows, err := r.ReadAll()
			// The header, the call and the totals from the usage lines.
			if err != nil || len(rows) != 3 {
				t.Fatalf("csv %q %v", rows, err)
			}
			return rows
		}
		rows := readCSV(w.Body.String(), ',')
		if rows[0][0] != "Order" || rows[1][0] != o.ID[:8] || rows[1][4] != "'+31 6 12345678" || rows[1][9] != "'=Booked a cleaning on Tuesday." ||
			rows[2][0] != "Total" || rows[2][5] != rows[1][5] || rows[2][10] != rows[1][10] {
			t.Fatalf("csv %q", rows)
		}
		w = e.call("GET", "/api/orders/"+o.ID+"/calls.csv?lang=nl&tz=Europe/Amsterdam&period=7d", nil, ann)
		expectStatus(t, w, 200)
		rows = readCSV(w.Body.String(), ';')
		if rows[0][0] != "Bestelling" || rows[1][1] != "Afsprakenplanner" || rows[1][4] != "06 12345678" ||
			rows[1][2] != start.In(amsterdam(t)).Format("2006-01-02T15:04:05-07:00") {
			t.Fatalf("Dutch csv %q", rows)
		}
		expectError(t, e.call("GET", "/api/orders/"+o.ID+"/calls.csv?tz=Not/AZone", nil, ann), 400, "invalid_field", "tz")

		// Delete: 200 (no Vapi key here: Vapi's copy is not deleted), then gone; a retried report does not bring it back.
		// The month's figures stay as they were (the call's usage line
		// stays), and say one deleted call is in them.
		agentURL := "/api/orders/" + o.ID + "/agent?lang=en&tz=UTC&period=7d"
		before := decode[agentHead](t, e.call("GET", agentURL, nil, ann), 200)
		if d := decode[calls.Deleted](t, e.call("DELETE", "/api/orders/"+o.ID+"/calls/"+c.ID, nil, ann), 200); d.VapiDeletion {
			t.Fatalf("delete without a Vapi key = %+v", d)
		}
		after := decode[agentHead](t, e.call("GET", agentURL, nil, ann), 200)
		n := 1 // the call started an hour ago: in the last 7 days
		if want := before.Figures; after.Figures.Calls != n || after.Figures.Seconds != 95*n || after.Figures.CostCents != 16*n || after.Figures.DeletedCalls != n ||
			after.Figures.Calls != want.Calls || after.Figures.Seconds != want.Seconds || after.Figures.CostCents != want.CostCents ||
			fmt.Sprint(after.Daily) != fmt.Sprint(before.Daily) || len(after.Daily) != 7 {
			t.Fatalf("figures after the delete = %+v, before %+v", after.Figures, want)
		}
		expectError(t, e.call("GET", "/api/orders/"+o.ID+"/calls/"+c.ID, nil, ann), 404, "not_found", "")
		expectStatus(t, e.postWebhook("/api/voice/webhook", body, testVapiSecret), 200)
		if l := decode[callPage](t, e.call("GET", "/api/orders/"+o.ID+"/calls", nil, ann), 200); len(l.Items) != 0 {
			t.Fatalf("deleted call is back: %+v", l)
		}
	})
}

func amsterdam(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// With a Vapi key a buyer's delete says Vapi's copy goes too, and queues
// the one job that deletes it (package calls runs it against a fake Vapi).
func TestCallDeleteWithVapi(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{voice: webhookConfig(), vapi: &vapiapi.Client{BaseURL: "http://127.0.0.1:1", Key: "priv-key-for-tests"}})
		ann, o := e.buyerWithOrder("ann@example.com", callAssistant)
		expectStatus(t, e.postWebhook("/api/voice/webhook", callReport("vapi-del", callAssistant, time.Now().Add(-time.Hour), ""), testVapiSecret), 200)
		list := decode[callPage](t, e.call("GET", "/api/orders/"+o.ID+"/calls", nil, ann), 200)
		if len(list.Items) != 1 {
			t.Fatalf("calls = %+v", list)
		}
		if d := decode[calls.Deleted](t, e.call("DELETE", "/api/orders/"+o.ID+"/calls/"+list.Items[0].ID, nil, ann), 200); !d.VapiDeletion {
			t.Fatalf("delete with a Vapi key = %+v", d)
		}
		var payloads []string
		rows, err := db.SQL().QueryContext(context.Background(), `SELECT payload FROM jobs WHERE kind = 'calls.vapi_delete' AND state = 'pending'`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var p string
			if err := rows.Scan(&p); err != nil {
				t.Fatal(err)
			}
			payloads = append(payloads, p)
		}
		if len(payloads) != 1 || payloads[0] != `{"vapiCallId":"vapi-del"}` {
			t.Fatalf("queued %q", payloads)
		}
		expectStatus(t, e.call("DELETE", "/api/orders/"+o.ID+"/calls/"+list.Items[0].ID, nil, ann), 404)
	})
}

func TestCallsOwnerOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{voice: webhookConfig()})
		ann, o := e.buyerWithOrder("ann@example.com", callAssistant)
		bob, bobOrder := e.buyerWithOrder("bob@example.com", "")
		expectStatus(t, e.postWebhook("/api/voice/webhook", callReport("vapi-1", callAssistant, time.Now(), ""), testVapiSecret), 200)
		id := decode[callPage](t, e.call("GET", "/api/orders/"+o.ID+"/calls", nil, ann), 200).Items[0].ID

		// The contacts too; a contact's number is one path segment, its + escaped.
		contact := "/contacts/" + url.PathEscape(decode[struct{ Items []calls.Contact }](t, e.call("GET", "/api/orders/"+o.ID+"/contacts", nil, ann), 200).Items[0].Key)
		if got := decode[calls.ContactCalls](t, e.call("GET", "/api/orders/"+o.ID+contact+"?lang=nl", nil, ann), 200); got.Contact.Calls != 1 || len(got.Calls.Items) != 1 || got.Calls.Items[0].ID != id {
			t.Fatalf("contact = %+v", got)
		}
		expectError(t, e.call("GET", "/api/orders/"+o.ID+"/contacts/%2B31000000000", nil, ann), 404, "not_found", "")
		expectError(t, e.call("GET", "/api/orders/"+o.ID+"/contacts?cursor=bogus", nil, ann), 400, "invalid_cursor", "cursor")

		paths := []string{"/agent", "/calls", "/calls.csv", "/calls/" + id, "/calls?lang=nl", "/calls.csv?lang=nl", "/calls/" + id + "?lang=nl",
			"/contacts", contact, "/contacts?lang=nl"}
		for _, p := range paths {
			expectError(t, e.call("GET", "/api/orders/"+o.ID+p, nil, bob), 404, "not_found", "")
			expectError(t, e.call("GET", "/api/orders/"+o.ID+p, nil, nil), 401, "unauthenticated", "")
			// The call is not found under Bob's own order either.
			if p == "/calls/"+id {
				expectError(t, e.call("GET", "/api/orders/"+bobOrder.ID+p, nil, bob), 404, "not_found", "")
			}
		}
		expectError(t, e.call("DELETE", "/api/orders/"+o.ID+"/calls/"+id, nil, bob), 404, "not_found", "")
		expectError(t, e.call("DELETE", "/api/orders/"+bobOrder.ID+"/calls/"+id, nil, bob), 404, "not_found", "")
		expectError(t, e.call("DELETE", "/api/orders/"+o.ID+"/calls/"+id, nil, nil), 401, "unauthenticated", "")
		expectError(t, e.call("GET", "/api/orders/"+o.ID+"/calls/not-a-number", nil, ann), 404, "not_found", "")
		expectError(t, e.call("GET", "/api/orders/"+o.ID+"/calls?cursor=bogus", nil, ann), 400, "invalid_cursor", "cursor")
		// Deleting from another site is refused before anything happens.
		r := httptest.NewRequest("DELETE", "/api/orders/"+o.ID+"/calls/"+id, nil)
		r.Header.Set("Sec-Fetch-Site", "cross-site")
		r.AddCookie(ann)
		w := httptest.NewRecorder()
		e.h.ServeHTTP(w, r)
		expectStatus(t, w, 403)
		// Still there for its owner.
		expectStatus(t, e.call("GET", "/api/orders/"+o.ID+"/calls/"+id, nil, ann), 200)
	})
}

func TestConsoleCallsAndLink(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{voice: webhookConfig()})
		staff := e.staffCookie("Olga Ops", "ops@example.com")
		ann, o := e.buyerWithOrder("ann@example.com", "")
		_, taken := e.buyerWithOrder("bob@example.com", "a0000000-0000-4000-8000-000000000002")
		for i := range 3 {
			expectStatus(t, e.postWebhook("/api/voice/webhook", callReport(fmt.Sprint("u-", i), callAssistant, time.Now().Add(-time.Duration(i)*time.Hour), ""), testVapiSecret), 200)
		}
		type consoleCalls struct {
			Items []struct {
				ID, AssistantID, Outcome string
				Order                    *struct{ ID, Number, BuyerEmail, BuyerName, AgentName, AgentNameNl string }
			}
		}
		un := decode[consoleCalls](t, e.call("GET", "/api/console/calls?assigned=false", nil, staff), 200)
		if len(un.Items) != 3 || un.Items[0].AssistantID != callAssistant || un.Items[0].Order != nil {
			t.Fatalf("unassigned = %+v", un)
		}
		expectError(t, e.call("GET", "/api/console/calls?assigned=maybe", nil, staff), 400, "invalid_field", "assigned")
		expectError(t, e.call("GET", "/api/console/calls?order=42", nil, staff), 400, "invalid_field", "order")
		if l := decode[consoleCalls](t, e.call("GET", "/api/console/calls?order="+taken.ID, nil, staff), 200); len(l.Items) != 0 {
			t.Fatalf("another order's calls = %+v", l)
		}
		if l := decode[consoleCalls](t, e.call("GET", "/api/console/calls?period=all&q=cleaning&outcome=answered&direction=inbound", nil, staff), 200); len(l.Items) != 3 {
			t.Fatalf("search in the console = %+v", l)
		}
		if l := decode[consoleCalls](t, e.call("GET", "/api/console/calls?q=nothing", nil, staff), 200); len(l.Items) != 0 {
			t.Fatalf("a search that finds nothing = %+v", l)
		}
		expectError(t, e.call("GET", "/api/console/calls", nil, ann), 403, "staff_only", "")

		// The list masks numbers; a call's own console page shows it in full.
		raw := e.call("GET", "/api/console/calls", nil, staff)
		if b := raw.Body.String(); strings.Contains(b, "612345678") || !strings.Contains(b, `"numberDisplay":"+31 6 •••• 5678"`) {
			t.Fatalf("console list = %s", b)
		}
		one := "/api/console/calls/" + un.Items[0].ID
		cd := decode[struct {
			Call struct {
				ID, Number, NumberDisplay, Summary, EndedReason, Status, AssistantID string
				Transcript                                                           []struct{ Role, Text string }
				Order                                                                *struct{ ID string }
				Usage                                                                *struct{}
			}
		}](t, e.call("GET", one+"?lang=nl", nil, staff), 200)
		if cd.Call.ID != un.Items[0].ID || cd.Call.Number != "+31612345678" || cd.Call.NumberDisplay != "06 12345678" ||
			cd.Call.Summary != "=Booked a cleaning on Tuesday." || cd.Call.EndedReason != "customer-ended-call" || len(cd.Call.Transcript) != 2 ||
			cd.Call.Status != "ended" || cd.Call.AssistantID != callAssistant || cd.Call.Order != nil || cd.Call.Usage != nil {
			t.Fatalf("console call = %+v", cd)
		}
		expectError(t, e.call("GET", one, nil, ann), 403, "staff_only", "")
		expectError(t, e.call("GET", one, nil, nil), 401, "unauthenticated", "")
		expectError(t, e.call("GET", "/api/console/calls/987654321", nil, staff), 404, "not_found", "")
		expectError(t, e.call("GET", "/api/console/calls/abc", nil, staff), 404, "not_found", "")

		patch := func(body map[string]any) *httptest.ResponseRecorder {
			return e.call("PATCH", "/api/console/orders/"+o.ID, body, staff)
		}
		expectError(t, patch(map[string]any{"assistantId": "not-a-uuid", "version": o.Version}), 400, "invalid_assistant", "assistantId")
		expectError(t, patch(map[string]any{"assistantId": taken.AssistantID, "version": o.Version}), 409, "assistant_taken", "assistantId")
		expectError(t, patch(map[string]any{"perMinuteCents": -1, "version": o.Version}), 400, "invalid_amount", "perMinuteCents")
		expectError(t, patch(map[string]any{"assistantId": callAssistant, "version": o.Version + 5}), 409, "version_conflict", "")
		got := decode[linkAnswer](t, patch(map[string]any{"assistantId": strings.ToUpper(callAssistant), "perMinuteCents": 12, "version": o.Version}), 200)
		if got.Order.AssistantID == nil || *got.Order.AssistantID != callAssistant || got.Order.PerMinuteCents != 12 || got.Order.Version != o.Version+1 {
			t.Fatalf("patched = %+v", got)
		}
		// Linking gave the order the assistant's calls.
		if l := decode[callPage](t, e.call("GET", "/api/orders/"+o.ID+"/calls", nil, ann), 200); len(l.Items) != 3 {
			t.Fatalf("buyer sees %d calls after linking", len(l.Items))
		}
		all := decode[consoleCalls](t, e.call("GET", "/api/console/calls", nil, staff), 200)
		// Each call names its order's buyer and agent (in both languages), not only the buyer's email.
		if len(all.Items) != 3 || all.Items[0].Order == nil || *all.Items[0].Order != (struct{ ID, Number, BuyerEmail, BuyerName, AgentName, AgentNameNl string }{
			ID: o.ID, Number: all.Items[0].Order.Number, BuyerEmail: "ann@example.com", BuyerName: "Buyer ann@example.com",
			AgentName: "Appointment Setter", AgentNameNl: "Afsprakenplanner"}) || all.Items[0].Order.Number == "" {
			t.Fatalf("all = %+v", all)
		}
		if d := e.call("GET", one, nil, staff).Body.String(); !strings.Contains(d, `"buyerEmail":"ann@example.com"`) || !strings.Contains(d, `"id":"`+o.ID+`"`) ||
			!strings.Contains(d, `"buyerName":"Buyer ann@example.com"`) || !strings.Contains(d, `"agentName":"Appointment Setter"`) {
			t.Fatalf("console call after linking = %s", d)
		}
		// Its usage line: 95 s at the order's 12 cents a minute (linking wrote it), 19 cents, its month open.
		type usage struct {
			Seconds                   int
			PerMinuteCents, CostCents int64
			Currency, OrderID         string
			Open                      bool
		}
		ud := decode[struct{ Call struct{ Usage *usage } }](t, e.call("GET", one, nil, staff), 200)
		if ud.Call.Usage == nil || *ud.Call.Usage != (usage{Seconds: 95, PerMinuteCents: 12, CostCents: 19, Currency: "EUR", OrderID: o.ID, Open: true}) {
			t.Fatalf("usage line = %+v", ud.Call.Usage)
		}
		// A status and a link in one PATCH.
		got = decode[linkAnswer](t, patch(map[string]any{"status": "cancelled", "assistantId": "", "version": got.Order.Version}), 200)
		if got.Order.AssistantID != nil || got.Order.Version != o.Version+3 {
			t.Fatalf("status and unlink = %+v", got)
		}
	})
}

// TestConsoleCallPageCSP: a call's console page allows media from its
// recording's origin for staff only, and only when there is a recording.
func TestConsoleCallPageCSP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{voice: webhookConfig()})
		staff := e.staffCookie("Olga Ops", "ops@example.com")
		ann, _ := e.buyerWithOrder("ann@example.com", callAssistant)
		expectStatus(t, e.postWebhook("/api/voice/webhook", callReport("rec", callAssistant, time.Now(), "https://storage.vapi.ai/rec.wav"), testVapiSecret), 200)
		expectStatus(t, e.postWebhook("/api/voice/webhook", callReport("norec", callAssistant, time.Now().Add(-time.Minute), ""), testVapiSecret), 200)
		type list struct{ Items []struct{ ID string } }
		items := decode[list](t, e.call("GET", "/api/console/calls", nil, staff), 200).Items
		rec, norec := items[0].ID, items[1].ID
		base := contentSecurityPolicy([]string{testScriptHash}, vapiCSP)
		page := func(path string, c *http.Cookie) *httptest.ResponseRecorder {
			r := httptest.NewRequest("GET", path, nil)
			if c != nil {
				r.AddCookie(c)
			}
			w := httptest.NewRecorder()
			e.h.ServeHTTP(w, r)
			return w
		}
		for _, prefix := range []string{"", "/nl"} {
			w := page(prefix+"/console/calls/"+rec, staff)
			expectStatus(t, w, 200)
			csp := w.Header().Get("Content-Security-Policy")
			if !strings.Contains(csp, "; media-src 'self' https://storage.vapi.ai;") || !strings.Contains(w.Body.String(), "app shell") {
				t.Fatalf("%s staff CSP: %s", prefix, csp)
			}
			if strings.Count(csp, "media-src") != 1 || !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(w.Header().Get("Vary"), "Cookie") {
				t.Fatalf("CSP: %s", csp)
			}
		}
		for name, w := range map[string]*httptest.ResponseRecorder{
			"a buyer, even the call's": page("/console/calls/"+rec, ann),
			"signed out":               page("/console/calls/"+rec, nil),
			"no recording":             page("/console/calls/"+norec, staff),
			"no such call":             page("/console/calls/987654321", staff),
			"not an id":                page("/console/calls/abc", staff),
			"the list":                 page("/console/calls", staff),
			"a path below the call":    page("/console/calls/"+rec+"/x", staff),
		} {
			if csp := w.Header().Get("Content-Security-Policy"); csp != base {
				t.Errorf("%s: CSP %s", name, csp)
			}
		}
	})
}

// TestCallPageCSP: a call's page allows media from its recording's origin,
// for its owner only, and only when there is a recording.
func TestCallPageCSP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{voice: webhookConfig()})
		ann, o := e.buyerWithOrder("ann@example.com", callAssistant)
		bob, _ := e.buyerWithOrder("bob@example.com", "")
		expectStatus(t, e.postWebhook("/api/voice/webhook", callReport("rec", callAssistant, time.Now(), "https://storage.vapi.ai/rec.wav"), testVapiSecret), 200)
		expectStatus(t, e.postWebhook("/api/voice/webhook", callReport("norec", callAssistant, time.Now().Add(-time.Minute), ""), testVapiSecret), 200)
		items := decode[callPage](t, e.call("GET", "/api/orders/"+o.ID+"/calls", nil, ann), 200).Items
		rec, norec := items[0].ID, items[1].ID
		base := contentSecurityPolicy([]string{testScriptHash}, vapiCSP)
		page := func(path string, c *http.Cookie) *httptest.ResponseRecorder {
			r := httptest.NewRequest("GET", path, nil)
			if c != nil {
				r.AddCookie(c)
			}
			w := httptest.NewRecorder()
			e.h.ServeHTTP(w, r)
			return w
		}
		for _, prefix := range []string{"", "/nl"} {
			w := page(prefix+"/dashboard/agents/"+o.ID+"/calls/"+rec, ann)
			expectStatus(t, w, 200)
			csp := w.Header().Get("Content-Security-Policy")
			if !strings.Contains(csp, "; media-src 'self' https://storage.vapi.ai;") || !strings.Contains(w.Body.String(), "app shell") {
				t.Fatalf("%s owner CSP: %s", prefix, csp)
			}
			if strings.Count(csp, "media-src") != 1 || !strings.Contains(csp, "frame-ancestors 'none'") {
				t.Fatalf("CSP: %s", csp)
			}
		}
		for name, w := range map[string]*httptest.ResponseRecorder{
			"another buyer":     page("/dashboard/agents/"+o.ID+"/calls/"+rec, bob),
			"signed out":        page("/dashboard/agents/"+o.ID+"/calls/"+rec, nil),
			"no recording":      page("/dashboard/agents/"+o.ID+"/calls/"+norec, ann),
			"the agent page":    page("/dashboard/agents/"+o.ID, ann),
			"the dashboard":     page("/dashboard", ann),
			"a call path below": page("/dashboard/agents/"+o.ID+"/calls/"+rec+"/x", ann),
		} {
			if csp := w.Header().Get("Content-Security-Policy"); csp != base {
				t.Errorf("%s: CSP %s", name, csp)
			}
		}
	})
}
