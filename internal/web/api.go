package web

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/belwise/site/internal/apierr"
)

// apiRoutes holds the JSON API.
func apiRoutes(log *slog.Logger, account *accountAPI, quotes *quoteAPI, voices *voiceAPI, staff *consoleAPI, callPages *callsAPI, integrations *integrationsAPI, alertPages *alertsAPI, digests *reportsAPI, companies *companyAPI, bills *billingAPI, pay *paymentsAPI, settings *settingsAPI, agreement *dpaAPI) http.Handler {
	mux := http.NewServeMux()
	account.routes(mux)
	callPages.routes(mux)
	alertPages.routes(mux)
	quotes.routes(mux)
	voices.routes(mux)
	staff.routes(mux)
	integrations.routes(mux)
	digests.routes(mux)
	companies.routes(mux)
	bills.routes(mux)
	pay.routes(mux)
	settings.routes(mux)
	agreement.routes(mux)
	mount(mux, []endpoint{openAPIEndpoint()}, func(e endpoint) http.HandlerFunc { return e.handler })
	return jsonFallback(log, mux)
}

// ReadyTimeout bounds /readyz's checks (the database's ping among them).
const ReadyTimeout = 2 * time.Second

// readyz answers 200 "ready" while ready says the site can serve (the
// database reachable, migrated, the workers running), else 503 "not
// ready": for a load balancer or an orchestrator. It reads no session and
// names no cause; the server's log does.
func readyz(ready func(context.Context) bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), ReadyTimeout)
		defer cancel()
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		if ready == nil || !ready(ctx) {
			w.Header().Set("Retry-After", "5")
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write([]byte("not ready"))
			return
		}
		w.Write([]byte("ready"))
	}
}

// handleHealthz says the process is alive and serving: 200 "ok", whatever
// the database's state.
func handleHealthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write([]byte("ok"))
}

// noStore keeps API answers, which depend on the session, out of caches.
func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}

// jsonFallback replaces ServeMux's plain-text 404 and 405 with the API's
// JSON error shape. ServeMux reports an empty pattern exactly when it is
// about to answer with one of those two.
func jsonFallback(log *slog.Logger, mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, pattern := mux.Handler(r); pattern != "" {
			mux.ServeHTTP(w, r)
			return
		}
		mux.ServeHTTP(&jsonErrorWriter{ResponseWriter: w, r: r, log: log}, r)
	})
}

var (
	errNoEndpoint = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "There is no API endpoint at this path."}
	errMethod     = &apierr.Error{Kind: apierr.MethodNotAllowed, Code: apierr.CodeMethodNotAllowed, Message: "This endpoint does not accept that method."}
)

// jsonErrorWriter keeps the headers (such as Allow) the mux sets, and
// swaps its text answer for the API's error.
type jsonErrorWriter struct {
	http.ResponseWriter
	r     *http.Request
	log   *slog.Logger
	wrote bool
}

func (j *jsonErrorWriter) WriteHeader(status int) {
	if j.wrote {
		return
	}
	j.wrote = true
	if status == http.StatusMethodNotAllowed {
		writeFailure(j.ResponseWriter, j.r, j.log, errMethod)
		return
	}
	writeFailure(j.ResponseWriter, j.r, j.log, errNoEndpoint)
}

func (j *jsonErrorWriter) Write(b []byte) (int, error) {
	if !j.wrote {
		j.WriteHeader(http.StatusNotFound)
	}
	return len(b), nil // discard the mux's text body
}
