package web

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"
)

// RequestDeadline bounds an API request or form post (its database time
// included: every query takes the request's context), so a database that
// hangs answers 503 unavailable with Retry-After within 5 s instead of
// holding the request as long as it hangs. Below the server's write
// timeout and above SQLite's busy timeout (store.BusyTimeout), which then
// answers first.
const RequestDeadline = 4 * time.Second

// withDeadline gives the request's context the deadline d. Downloads that
// stream for as long as they need (the calls' CSV) keep the server's
// write timeout as their only bound.
func withDeadline(d time.Duration, next http.Handler) http.Handler {
	if d <= 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if longRequest(r) {
			next.ServeHTTP(w, r)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), d)
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// longRequest is a download whose size the visitor chooses, or Mollie's
// webhook, which waits on Mollie's API (its client has its own timeout).
func longRequest(r *http.Request) bool {
	return r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, ".csv") ||
		strings.HasPrefix(r.URL.Path, "/api/payments/")
}

// outOfTime reports a failure caused by the request's own deadline (not by
// the client going away): the database did not answer in time.
func outOfTime(r *http.Request, err error) bool {
	return errors.Is(err, context.DeadlineExceeded) && errors.Is(r.Context().Err(), context.DeadlineExceeded)
}
