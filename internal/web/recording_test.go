package web

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// TestRecordingURLNamesOneHost: a report whose recording URL could widen a
// call page's media-src beyond one named https host is refused as a
// malformed message (400 invalid_message) and nothing is stored.
func TestRecordingURLNamesOneHost(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{voice: webhookConfig()})
		for i, u := range []string{
			"https://*/x.mp3", "https://*.vapi.ai/x.mp3", "https://storage.vapi.ai*/x.mp3", "https://user@storage.vapi.ai/x.mp3",
			"https://user:pw@storage.vapi.ai/x.mp3", "https://storage.vapi.ai:8443/x.mp3", "https://storage.vapi.ai:/x.mp3",
			"https://192.0.2.1/x.mp3", "https://[2001:db8::1]/x.mp3", "https:///x.mp3", "http://storage.vapi.ai/x.mp3",
		} {
			id := "bad-recording-" + itoa(i)
			rec := e.postWebhook("/api/voice/webhook", callReport(id, callAssistant, time.Now(), u), testVapiSecret)
			expectStatus(t, rec, 400)
			if code := errCode(t, rec); code != "invalid_message" {
				t.Errorf("%s: code %q", u, code)
			}
			if _, err := db.CallByVapiID(t.Context(), id); err == nil {
				t.Errorf("%s: the call was stored", u)
			}
		}
		expectStatus(t, e.postWebhook("/api/voice/webhook", callReport("good", callAssistant, time.Now(), "https://storage.vapi.ai:443/x.mp3"), testVapiSecret), 200)
	})
}

// TestCallPageCSPNeverWildcard: a recording link stored before the
// webhook's rules (written here straight to the database) never puts a
// wildcard, a user name or another source into the call page's media-src.
func TestCallPageCSPNeverWildcard(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{voice: webhookConfig()})
		ann, o := e.buyerWithOrder("ann@example.com", callAssistant)
		base := contentSecurityPolicy([]string{testScriptHash}, vapiCSP)
		const good = "https://storage.vapi.ai/x.mp3"
		for i, u := range []string{good, "https://*/x.mp3", "https://*.vapi.ai/x.mp3", "https://a@b.example/x", "https://x.example:8443/a", "https://x.example 'unsafe-eval'/a"} {
			start := time.Now().Add(-time.Duration(i+1) * time.Minute)
			c, err := db.RecordCall(t.Context(), store.CallReport{VapiCallID: "old-" + itoa(i), AssistantID: callAssistant, StartedAt: &start,
				Status: store.StatusEnded, Report: true, RecordingURL: u}, time.Now(), calls.Merge)
			if err != nil {
				t.Fatal(err)
			}
			if c.OrderID != o.ID {
				t.Fatalf("the call is not the order's: %+v", c)
			}
			r := httptest.NewRequest("GET", "/dashboard/agents/"+o.ID+"/calls/"+itoa(int(c.ID)), nil)
			r.AddCookie(ann)
			w := httptest.NewRecorder()
			e.h.ServeHTTP(w, r)
			expectStatus(t, w, 200)
			csp := w.Header().Get("Content-Security-Policy")
			if u == good {
				if !strings.Contains(csp, "; media-src 'self' https://storage.vapi.ai;") {
					t.Errorf("a good link: CSP %s", csp)
				}
			} else if csp != base {
				t.Errorf("%s: CSP %s", u, csp)
			}
		}
	})
}

// mediaOrigin is the call page's own check of the origin it puts in
// media-src, whatever produced it.
func TestMediaOrigin(t *testing.T) {
	for origin, want := range map[string]bool{
		"https://storage.vapi.ai":      true,
		"https://storage.vapi.ai:443":  true,
		"https://*":                    false,
		"https://*.vapi.ai":            false,
		"*":                            false,
		"https://":                     false,
		"http://storage.vapi.ai":       false,
		"https://a@b.example":          false,
		"https://b.example:8443":       false,
		"https://b.example 'self'":     false,
		"https://b.example;script-src": false,
		"https://.example":             false,
		"https://STORAGE.vapi.ai":      false, // origins are written in lower case
	} {
		if got := mediaOrigin(origin); got != want {
			t.Errorf("mediaOrigin(%q) = %v, want %v", origin, got, want)
		}
	}
}
