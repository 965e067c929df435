package web

import (
	"net/http"
	"strings"
)

// contentSecurityPolicy allows only our own scripts plus the inline
// scripts whose hashes the prerender step listed in site.json (today one:
// the boot script that starts the client after first paint). Styles may be inline because the critical CSS is inlined into
// each page for a fast first paint.
func contentSecurityPolicy(scriptHashes []string) string {
	script := []string{"'self'"}
	for _, h := range scriptHashes {
		script = append(script, "'"+h+"'")
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(script, " "),
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data:",
		"font-src 'self'",
		"connect-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
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
