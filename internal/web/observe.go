package web

import (
	"context"
	"net/http"
	"time"

	"github.com/belwise/site/internal/metrics"
)

// routeKey holds the *string an API endpoint writes its pattern into, so
// the outermost middleware can label a request by its route: the API's
// own mux sits behind middleware that copies the request, so the outer
// request never sees its Pattern.
type routeKey struct{}

// setRoute names the endpoint that serves the request (see mount).
func setRoute(r *http.Request, pattern string) {
	if p, ok := r.Context().Value(routeKey{}).(*string); ok {
		*p = pattern
	}
}

// signInRoutes are the routes whose 401 is a refused sign-in.
var signInRoutes = map[string]bool{
	"POST /api/auth/sign-in":            true,
	"POST " + langPath(langEN, "/auth"): true,
	"POST " + langPath(langNL, "/auth"): true,
}

// observe records each request in m by route pattern (never the raw path,
// which carries ids), method and status, with its time; 429s count as
// rate-limit refusals and a sign-in's 401 as a failed sign-in.
func observe(m *metrics.Metrics, next http.Handler) http.Handler {
	if m == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		route := new(string)
		r = r.WithContext(context.WithValue(r.Context(), routeKey{}, route))
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		if sw.status == 0 {
			sw.status = http.StatusOK
		}
		if *route == "" {
			*route = r.Pattern // the outer mux's: "GET /healthz", "/" for pages
		}
		m.Request(*route, r.Method, sw.status, time.Since(start))
		if sw.status == http.StatusUnauthorized && signInRoutes[*route] {
			m.SignInFailed()
		}
	})
}
