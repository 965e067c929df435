package vapiapi_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/vapiapi"
)

const key = "priv-5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716"

// Which failures are worth retrying: Vapi's own (5xx), a timeout (408),
// its rate limit (429) and no answer at all; any other 4xx is permanent.
func TestPermanent(t *testing.T) {
	for status, want := range map[int]bool{0: false, 400: true, 401: true, 403: true, 404: true, 408: false, 422: true,
		429: false, 500: false, 502: false, 503: false} {
		e := &vapiapi.Error{Op: "delete call", Status: status}
		if e.Permanent() != want || vapiapi.IsPermanent(e) != want {
			t.Errorf("HTTP %d: permanent %v, want %v", status, e.Permanent(), want)
		}
	}
	if vapiapi.IsPermanent(errors.New("vapi: other")) || vapiapi.IsPermanent(nil) {
		t.Fatal("an error not from Vapi counts as permanent")
	}
}

// New has no client without a key, so nothing is ever sent to Vapi.
func TestNew(t *testing.T) {
	if c := vapiapi.New("https://api.vapi.ai", ""); c != nil {
		t.Fatalf("client without a key: %#v", c)
	}
	if c := vapiapi.New("http://127.0.0.1:1", key); c == nil || c.BaseURL != "http://127.0.0.1:1" || c.Key != key {
		t.Fatalf("client = %#v", c)
	}
}

type seen struct {
	method, path, query, auth, accept, contentType, body string
}

// fake answers every request with status and body, and keeps what came.
func fake(t *testing.T, status int, body string) (*vapiapi.Client, *[]seen) {
	t.Helper()
	var got []seen
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = append(got, seen{r.Method, r.URL.EscapedPath(), r.URL.RawQuery, r.Header.Get("Authorization"), r.Header.Get("Accept"),
			r.Header.Get("Content-Type"), string(b)})
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return &vapiapi.Client{BaseURL: srv.URL + "/", Key: key}, &got
}

// Every request carries the key as a bearer token and asks for JSON; a
// body goes as JSON.
func TestRequests(t *testing.T) {
	ctx := context.Background()
	c, got := fake(t, 200, `[{"id":"a"},{"id":"b"}]`)
	since := time.Date(2026, 3, 9, 10, 0, 0, 0, time.FixedZone("CET", 3600))
	page, err := c.ListCalls(ctx, vapiapi.CallQuery{AssistantID: "asst 1", CreatedAtGt: since, CreatedAtLt: "2026-03-10T08:00:00.000Z", Limit: 100})
	if err != nil || len(page) != 2 || string(page[1]) != `{"id":"b"}` {
		t.Fatalf("ListCalls = %s, %v", page, err)
	}
	s := (*got)[0]
	if s.method != "GET" || s.path != "/call" || s.auth != "Bearer "+key || s.accept != "application/json" || s.body != "" ||
		s.query != "assistantId=asst+1&createdAtGt=2026-03-09T09%3A00%3A00Z&createdAtLt=2026-03-10T08%3A00%3A00.000Z&limit=100" {
		t.Fatalf("list request %+v", s)
	}

	c, got = fake(t, 200, `{"id":"as/1","firstMessage":"Hi"}`)
	a, err := c.GetAssistant(ctx, "as/1")
	if err != nil || a["firstMessage"] != "Hi" {
		t.Fatalf("GetAssistant = %v, %v", a, err)
	}
	if err := c.PatchAssistant(ctx, "as/1", map[string]any{"firstMessage": "Hello"}); err != nil {
		t.Fatal(err)
	}
	if g, p := (*got)[0], (*got)[1]; g.method != "GET" || g.path != "/assistant/as%2F1" || g.body != "" ||
		p.method != "PATCH" || p.path != "/assistant/as%2F1" || p.contentType != "application/json" || p.body != `{"firstMessage":"Hello"}` || p.auth != "Bearer "+key {
		t.Fatalf("assistant requests %+v", *got)
	}

	c, got = fake(t, 200, `{}`)
	if err := c.DeleteCall(ctx, "call-1"); err != nil || (*got)[0].method != "DELETE" || (*got)[0].path != "/call/call-1" {
		t.Fatalf("DeleteCall: %v, %+v", err, *got)
	}
}

// A failure is an *Error with Vapi's status and its message on one
// bounded line; a call Vapi no longer has counts as deleted; an answer
// that is not what was asked for is an error.
func TestErrors(t *testing.T) {
	ctx := context.Background()
	c, _ := fake(t, 404, `{"message":"Couldn't find call"}`)
	if err := c.DeleteCall(ctx, "gone"); err != nil {
		t.Fatalf("DeleteCall of a call Vapi does not have: %v", err)
	}
	_, err := c.GetAssistant(ctx, "gone")
	var e *vapiapi.Error
	if !errors.As(err, &e) || e.Status != 404 || !e.Permanent() || err.Error() != "vapi: get assistant: HTTP 404: Couldn't find call" {
		t.Fatalf("GetAssistant of a missing assistant: %v", err)
	}

	c, _ = fake(t, 400, `{"message":["firstMessage must be\na string","\tmodel\u0007 is bad"],"error":"Bad Request"}`)
	if err := c.PatchAssistant(ctx, "a", map[string]any{}); err == nil || err.Error() != "vapi: update assistant: HTTP 400: [firstMessage must be a string model is bad]" {
		t.Fatalf("PatchAssistant refused: %v", err)
	}

	c, _ = fake(t, 500, `{"message":"`+strings.Repeat("é", 400)+`"}`)
	err = c.DeleteCall(ctx, "x")
	if !errors.As(err, &e) || e.Status != 500 || e.Permanent() || len(e.Detail) > 304 || !strings.HasSuffix(e.Detail, "é…") {
		t.Fatalf("a long message: %v", err)
	}

	c, _ = fake(t, 502, `<html>Bad gateway</html>`)
	if err := c.DeleteCall(ctx, "x"); err == nil || err.Error() != "vapi: delete call: HTTP 502" {
		t.Fatalf("an HTML answer: %v", err)
	}

	c, _ = fake(t, 200, `{"not":"a list"}`)
	if _, err := c.ListCalls(ctx, vapiapi.CallQuery{AssistantID: "a"}); err == nil || vapiapi.IsPermanent(err) {
		t.Fatalf("ListCalls of an object: %v", err)
	}
	c, _ = fake(t, 200, `[]`)
	if _, err := c.GetAssistant(ctx, "a"); err == nil {
		t.Fatal("GetAssistant of a list: no error")
	}
}

// The key is never in an error, not even when the request fails on the
// way (a URL that cannot be reached).
func TestKeyNeverInErrors(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	base := srv.URL
	srv.Close()
	c := &vapiapi.Client{BaseURL: base, Key: key, HTTP: &http.Client{Timeout: time.Second}}
	ctx := context.Background()
	_, e1 := c.ListCalls(ctx, vapiapi.CallQuery{AssistantID: "a"})
	e2 := c.DeleteCall(ctx, "x")
	_, e3 := c.GetAssistant(ctx, "a")
	e4 := c.PatchAssistant(ctx, "a", map[string]any{"firstMessage": "Hi"})
	for _, err := range []error{e1, e2, e3, e4} {
		if err == nil || strings.Contains(err.Error(), key) || vapiapi.IsPermanent(err) {
			t.Fatalf("error %v", err)
		}
	}
}
