package web

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestSecurityHeaders(t *testing.T) {
	h, _ := newTestHandler(t, testSiteURL)
	for _, path := range []string{"/", "/nl/features", "/auth", "/dashboard", "/nl/dashboard/agents/x", "/console", "/nope", "/api/me", "/assets/app-1a2b3c.js"} {
		w := do(h, "GET", path)
		csp := w.Header().Get("Content-Security-Policy")
		var scriptSrc string
		for d := range strings.SplitSeq(csp, ";") {
			if d = strings.TrimSpace(d); strings.HasPrefix(d, "script-src ") {
				scriptSrc = d
			}
		}
		if scriptSrc != "script-src 'self' '"+testScriptHash+"'" {
			t.Errorf("%s: script-src %q", path, scriptSrc)
		}
		for _, want := range []string{"default-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "style-src 'self' 'unsafe-inline'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP lacks %q", path, want)
			}
		}
		for k, v := range map[string]string{
			"X-Content-Type-Options":    "nosniff",
			"Referrer-Policy":           "strict-origin-when-cross-origin",
			"Permissions-Policy":        "camera=(), geolocation=(), microphone=(self)",
			"Strict-Transport-Security": "max-age=31536000",
		} {
			if got := w.Header().Get(k); got != v {
				t.Errorf("%s: %s = %q, want %q", path, k, got, v)
			}
		}
		// Cross-Origin-Opener-Policy guards sign-in, the other pages and the
		// API; the marketing pages and the workspaces go without it
		// (withoutOpenerPolicy).
		coop := w.Header().Get("Cross-Origin-Opener-Policy")
		without := path == "/" || path == "/nl/features" || strings.Contains(path, "/dashboard") || path == "/console"
		if without && coop != "" {
			t.Errorf("%s: served with Cross-Origin-Opener-Policy %q", path, coop)
		}
		if !without && coop != "same-origin" {
			t.Errorf("%s: Cross-Origin-Opener-Policy = %q, want same-origin", path, coop)
		}
	}
	plain, _ := newTestHandler(t, "http://localhost:3000")
	if w := do(plain, "GET", "/"); w.Header().Get("Strict-Transport-Security") != "" {
		t.Error("HSTS sent for a plain-HTTP site")
	}
}

func TestCrossOriginProtection(t *testing.T) {
	h, _ := newTestHandler(t, testSiteURL)
	if w := do(h, "POST", "/api/me", "Sec-Fetch-Site: cross-site"); w.Code != http.StatusForbidden ||
		!strings.Contains(w.Body.String(), `"cross_origin"`) {
		t.Errorf("cross-site API POST: %d %s", w.Code, w.Body)
	}
	if w := do(h, "POST", "/quote", "Sec-Fetch-Site: cross-site"); w.Code != http.StatusForbidden {
		t.Errorf("cross-site page POST: %d", w.Code)
	}
	if w := do(h, "POST", "/api/me", "Sec-Fetch-Site: same-origin"); w.Code != http.StatusMethodNotAllowed {
		t.Errorf("same-origin POST should reach the mux: %d", w.Code)
	}
	if w := do(h, "GET", "/api/me", "Sec-Fetch-Site: cross-site"); w.Code != http.StatusOK {
		t.Errorf("cross-site GET must pass: %d", w.Code)
	}
}

func TestRecoverPanics(t *testing.T) {
	logs := &syncBuffer{}
	log := slog.New(slog.NewTextHandler(logs, nil))
	h := recoverPanics(log, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		panic("boom")
	}))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/api/x", nil))
	if w.Code != 500 || !strings.Contains(w.Body.String(), `"code":"internal"`) || w.Header().Get("Content-Encoding") != "" {
		t.Errorf("api panic: %d %v %s", w.Code, w.Header(), w.Body)
	}
	w = httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/features", nil))
	if w.Code != 500 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		t.Errorf("page panic: %d %v", w.Code, w.Header())
	}
	if !strings.Contains(logs.String(), "panic=boom") {
		t.Errorf("panic not logged: %s", logs)
	}
}

func TestRequestLog(t *testing.T) {
	h, logs := newTestHandler(t, testSiteURL)
	do(h, "GET", "/features")
	line := logs.String()
	for _, want := range []string{"msg=request", "method=GET", "path=/features", "status=200", "bytes=", "duration="} {
		if !strings.Contains(line, want) {
			t.Errorf("log lacks %q: %s", want, line)
		}
	}
}
