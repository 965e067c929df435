package web

import (
	"net/http"
)

// apiRoutes holds the JSON API.
func apiRoutes(account *accountAPI, quotes *quoteAPI, voices *voiceAPI) http.Handler {
	mux := http.NewServeMux()
	account.routes(mux)
	quotes.routes(mux)
	voices.routes(mux)
	return jsonFallback(mux)
}

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
func jsonFallback(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, pattern := mux.Handler(r); pattern != "" {
			mux.ServeHTTP(w, r)
			return
		}
		mux.ServeHTTP(&jsonErrorWriter{ResponseWriter: w}, r)
	})
}

// jsonErrorWriter keeps the status and headers (such as Allow) the mux
// sets, and swaps its text body for a JSON error.
type jsonErrorWriter struct {
	http.ResponseWriter
	wrote bool
}

func (j *jsonErrorWriter) WriteHeader(status int) {
	if j.wrote {
		return
	}
	j.wrote = true
	if status == http.StatusMethodNotAllowed {
		writeError(j.ResponseWriter, status, "method_not_allowed", "This endpoint does not accept that method.")
		return
	}
	writeError(j.ResponseWriter, status, "not_found", "There is no API endpoint at this path.")
}

func (j *jsonErrorWriter) Write(b []byte) (int, error) {
	if !j.wrote {
		j.WriteHeader(http.StatusNotFound)
	}
	return len(b), nil // discard the mux's text body
}
