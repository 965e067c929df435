package web

import (
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/belwise/site/internal/voice"
)

// directives splits a policy into directive name → sources.
func directives(t *testing.T, csp string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for d := range strings.SplitSeq(csp, ";") {
		fields := strings.Fields(d)
		if len(fields) == 0 {
			t.Fatalf("empty directive in %q", csp)
		}
		if _, dup := out[fields[0]]; dup {
			t.Fatalf("directive %s twice in %q", fields[0], csp)
		}
		out[fields[0]] = fields[1:]
	}
	return out
}

// strictPolicy is the policy without Vapi, written out in full: demo mode
// must keep exactly this.
const strictPolicy = "default-src 'self'; script-src 'self' '" + testScriptHash + "'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; " +
	"form-action 'self'; frame-ancestors 'none'"

func TestContentSecurityPolicyDemo(t *testing.T) {
	for _, cfg := range []voice.Config{{}, {WebhookSecret: "x"}, {PublicKey: "k"}, {AssistantID: "a"}} {
		if got := contentSecurityPolicy([]string{testScriptHash}, voiceCSP(cfg)...); got != strictPolicy {
			t.Errorf("%+v:\ngot  %s\nwant %s", cfg, got, strictPolicy)
		}
	}
	if got := contentSecurityPolicy([]string{testScriptHash}); got != strictPolicy {
		t.Errorf("no extras:\ngot  %s\nwant %s", got, strictPolicy)
	}
}

func TestContentSecurityPolicyVapi(t *testing.T) {
	csp := contentSecurityPolicy([]string{testScriptHash}, voiceCSP(voice.Config{PublicKey: "k", AssistantID: "a"})...)
	got := directives(t, csp)
	want := map[string][]string{
		"default-src":     {"'self'"},
		"script-src":      {"'self'", "'" + testScriptHash + "'", "https://c.daily.co", "blob:", "'wasm-unsafe-eval'"},
		"style-src":       {"'self'", "'unsafe-inline'"},
		"img-src":         {"'self'", "data:"},
		"font-src":        {"'self'"},
		"connect-src":     {"'self'", "https://api.vapi.ai", "https://*.daily.co", "wss://*.daily.co", "https://*.pluot.blue", "wss://*.pluot.blue"},
		"worker-src":      {"'self'", "blob:"},
		"object-src":      {"'none'"},
		"base-uri":        {"'self'"},
		"form-action":     {"'self'"},
		"frame-ancestors": {"'none'"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %v\nwant %v", got, want)
	}
	// What it must never allow: eval, inline script, whole schemes or any
	// host, telemetry, frames.
	for name, sources := range got {
		for _, src := range sources {
			switch {
			case src == "'unsafe-eval'", src == "*", strings.HasSuffix(src, ":") && src != "blob:" && src != "data:",
				strings.Contains(src, "sentry"), name == "script-src" && src == "'unsafe-inline'":
				t.Errorf("%s allows %s", name, src)
			}
		}
	}
	if _, ok := got["frame-src"]; ok {
		t.Error("frames allowed")
	}
}

func TestSecurityHeadersVapiPolicy(t *testing.T) {
	csp := contentSecurityPolicy([]string{testScriptHash}, vapiCSP)
	h := securityHeaders(csp, true, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	if w.Header().Get("Content-Security-Policy") != csp {
		t.Errorf("CSP %q", w.Header().Get("Content-Security-Policy"))
	}
	// The call runs in the page itself (Daily's call object, no iframe):
	// the microphone stays limited to this origin.
	if got := w.Header().Get("Permissions-Policy"); got != "camera=(), geolocation=(), microphone=(self)" {
		t.Errorf("Permissions-Policy %q", got)
	}
}
