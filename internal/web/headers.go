package web

import (
	"net/http"
	"strings"

	"github.com/belwise/site/internal/voice"
)

// cspSources widens the policy for one feature: sources added to the named
// directives. A worker-src directive is only written when a feature needs
// one (otherwise workers fall back to default-src 'self').
type cspSources struct {
	script, connect, worker, media []string
}

// vapiCSP is what a web call through Vapi's browser SDK (@vapi-ai/web 2.7,
// which runs Daily's call object, @daily-co/daily-js 0.87) needs, and no
// more. It is added only when Vapi is configured; the offline demo keeps
// the strict policy. Checked against the installed packages and Daily's CSP
// guide (docs.daily.co/guides/privacy-and-security/content-security-policy):
//
//   - https://api.vapi.ai (connect): the SDK's API base; start() posts
//     /call/web there to create the call.
//   - https://c.daily.co (script): Daily's call machine, loaded as
//     https://c.daily.co/call-machine/versioned/0.87.0/static/call-machine-object-bundle.js.
//     The app creates the SDK with {avoidEval: true}; without it daily-js
//     fetches that file and runs it with Function(), which would need
//     'unsafe-eval'.
//   - https://*.daily.co, wss://*.daily.co (connect): the room (the
//     webCallUrl Vapi returns, on vapi.daily.co), region lookup
//     (gs.daily.co) and the signalling sockets on *.wss.daily.co, which
//     wss://*.daily.co covers (a CSP wildcard matches any number of labels).
//   - https://*.pluot.blue, wss://*.pluot.blue (connect): Daily's production
//     signalling API (prod-ks.pluot.blue), in Daily's minimal call-object
//     policy. wss: adds no reach beyond https: to the same hosts.
//   - blob: (script) and worker-src 'self' blob:: Daily's call-object policy
//     lists both; the call machine builds its audio workers and worklets
//     from blob URLs, and Vapi's speaking indicator rests on Daily's audio
//     level observer. blob: URLs can only be made by script already running
//     on the page, so this lets no injected markup run code.
//   - 'wasm-unsafe-eval' (script): Vapi turns on Daily's Krisp noise
//     cancellation for every call (spec: on by default), which is
//     WebAssembly. It allows compiling WebAssembly only, not eval of
//     JavaScript; without it the call still works, without noise
//     cancellation.
//
// Not added: Daily's Sentry error reporting (o77906.ingest.sentry.io,
// telemetry the call does not need), 'unsafe-eval', frame-src (call object
// mode has no iframe), media-src (remote audio plays from a MediaStream,
// which CSP does not govern). STUN/TURN traffic is not governed by CSP.
var vapiCSP = cspSources{
	script:  []string{"https://c.daily.co", "blob:", "'wasm-unsafe-eval'"},
	connect: []string{"https://api.vapi.ai", "https://*.daily.co", "wss://*.daily.co", "https://*.pluot.blue", "wss://*.pluot.blue"},
	worker:  []string{"'self'", "blob:"},
}

// voiceCSP is the widening for the voice configuration: none in demo mode.
func voiceCSP(cfg voice.Config) []cspSources {
	if !cfg.Enabled() {
		return nil
	}
	return []cspSources{vapiCSP}
}

// contentSecurityPolicy allows only our own scripts plus the inline
// scripts whose hashes the prerender step listed in site.json (today one:
// the boot script that starts the client after first paint), widened by
// extra for features that talk to third parties (voiceCSP). Styles may be
// inline because the critical CSS is inlined into each page for a fast
// first paint.
func contentSecurityPolicy(scriptHashes []string, extra ...cspSources) string {
	script := []string{"'self'"}
	for _, h := range scriptHashes {
		script = append(script, "'"+h+"'")
	}
	connect := []string{"'self'"}
	var worker, media []string
	for _, e := range extra {
		script = append(script, e.script...)
		connect = append(connect, e.connect...)
		worker = append(worker, e.worker...)
		media = append(media, e.media...)
	}
	directives := []string{
		"default-src 'self'",
		"script-src " + strings.Join(script, " "),
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data:",
		"font-src 'self'",
		"connect-src " + strings.Join(connect, " "),
	}
	if len(worker) > 0 {
		directives = append(directives, "worker-src "+strings.Join(worker, " "))
	}
	if len(media) > 0 {
		// Without it media falls back to default-src 'self'.
		directives = append(directives, "media-src 'self' "+strings.Join(media, " "))
	}
	directives = append(directives,
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	)
	return strings.Join(directives, "; ")
}

// withoutOpenerPolicy relaxes securityHeaders for a document that gains
// nothing from Cross-Origin-Opener-Policy and pays for it on every arrival
// from a tab without it (a new tab, a link in an email, a bookmark, a
// marketing page): the browser then moves the navigation to a fresh
// renderer process before the page can paint.
//
//   - A marketing page (a prerendered page search engines may index: the
//     same HTML for everyone, no account data, no form with a password):
//     Lighthouse measured Total Blocking Time of 250-460 ms with the header
//     and 30-160 ms without it on the same HTML (issue 13,
//     bench/lighthouse.mjs), because the page then painted in two steps,
//     the second a long style and layout task.
//   - The workspaces' documents (/dashboard…, /console…: the app's shell,
//     with the screen drawn into it): on a phone slowed 4× the header held a
//     drawn screen's first paint up by about 300 ms, a third of its time
//     (issue 24, the same page served with and without it). What it guards
//     there is the window another site may hold when it opened ours: that
//     site can navigate it elsewhere and read its frame count and whether it
//     is closed, never its address or content; the workspaces have no frames
//     and no window message listener, and open no window. A workspace's page
//     cannot be framed (frame-ancestors 'none').
//
// The sign-in pages (/auth: sign-in, sign-up, a new password) keep it, as
// do the other pages and the API.
func withoutOpenerPolicy(h http.Header) {
	h.Del("Cross-Origin-Opener-Policy")
}

// securityHeaders sets the same headers on every response. The values are
// computed once; per request they are only copied.
func securityHeaders(csp string, https bool, next http.Handler) http.Handler {
	headers := map[string]string{
		"Content-Security-Policy":    csp,
		"X-Content-Type-Options":     "nosniff",
		"Referrer-Policy":            "strict-origin-when-cross-origin",
		"Permissions-Policy":         "camera=(), geolocation=(), microphone=(self)", // the voice widget needs the microphone
		"Cross-Origin-Opener-Policy": "same-origin",
	}
	if https {
		// Only over HTTPS: HSTS on a plain-HTTP dev server would make the
		// browser refuse localhost over HTTP for a year.
		headers["Strict-Transport-Security"] = "max-age=31536000"
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for k, v := range headers {
			h.Set(k, v)
		}
		next.ServeHTTP(w, r)
	})
}
