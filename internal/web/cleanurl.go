package web

import (
	"log/slog"
	"net/http"

	"github.com/belwise/site/internal/text"
)

// cleanURL keeps control characters in a URL from reaching the services:
// a query value (a console search's q, a cursor, a status) is cleaned as
// one line (package text), and a path holding one (an id such as %00)
// names nothing, so the API answers its JSON 404 before any handler looks
// the id up.
func cleanURL(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !text.Clean(r.URL.Path) {
			writeFailure(w, r, log, errNoEndpoint)
			return
		}
		if r.URL.RawQuery == "" {
			next.ServeHTTP(w, r)
			return
		}
		query, changed := r.URL.Query(), false
		for name, values := range query {
			for i, v := range values {
				if c := text.OneLine(v); c != v {
					values[i], changed = c, true
				}
			}
			if c := text.OneLine(name); c != name {
				delete(query, name)
				query[c], changed = append(query[c], values...), true
			}
		}
		if changed {
			u := *r.URL
			u.RawQuery = query.Encode()
			r2 := *r
			r2.URL = &u
			r = &r2
		}
		next.ServeHTTP(w, r)
	})
}
