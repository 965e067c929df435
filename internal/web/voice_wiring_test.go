package web

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/belwise/site/internal/voice"
)

// TestVoiceWiring: web.New serves the voice API and widens the CSP only
// in Vapi mode.
func TestVoiceWiring(t *testing.T) {
	demo, _ := newTestHandler(t, testSiteURL)
	if w := do(demo, "GET", "/api/voice/config"); strings.TrimSpace(w.Body.String()) != `{"mode":"demo"}` {
		t.Errorf("demo config: %s", w.Body)
	}
	if csp := do(demo, "GET", "/").Header().Get("Content-Security-Policy"); strings.Contains(csp, "daily.co") {
		t.Errorf("demo CSP widened: %s", csp)
	}
	if w := do(demo, "POST", "/api/voice/tool-calls"); w.Code != 404 {
		t.Errorf("webhook without secret: %d", w.Code)
	}

	cfg := voice.Config{PublicKey: testVapiKey, AssistantID: testVapiAssistant, WebhookSecret: testVapiSecret}
	h, err := New(Options{Site: fakeDist(), SiteURL: testSiteURL, Voice: cfg, Quotes: nil})
	if err != nil {
		t.Fatal(err)
	}
	if csp := do(h, "GET", "/").Header().Get("Content-Security-Policy"); csp != contentSecurityPolicy([]string{testScriptHash}, vapiCSP) {
		t.Errorf("vapi CSP: %s", csp)
	}
	if w := do(h, "GET", "/api/voice/config"); !strings.Contains(w.Body.String(), `"mode":"vapi"`) {
		t.Errorf("vapi config: %s", w.Body)
	}
	r := httptest.NewRequest("POST", "/api/voice/tool-calls", strings.NewReader(`{"message":{"type":"speech-update"}}`))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("X-Vapi-Secret", testVapiSecret)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != 200 {
		t.Errorf("webhook: %d %s", w.Code, w.Body)
	}
}
