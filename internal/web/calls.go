package web

import (
	"bytes"
	"net/http"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/web/request"
)

// callsAPI serves a buyer's agent page: the figures, the calls, one call,
// its deletion and the CSV. Every endpoint is the order's owner's only:
// 401 without a session, 404 for anyone else's order (as for one that
// does not exist).
type callsAPI struct {
	*api
	calls *calls.Service
}

func (c *callsAPI) routes(mux *http.ServeMux) {
	if c.calls == nil {
		return
	}
	db := c.needDB
	mux.HandleFunc("GET /api/orders/{id}/agent", db(c.signedIn(c.agent)))
	mux.HandleFunc("GET /api/orders/{id}/calls", db(c.signedIn(c.list)))
	mux.HandleFunc("GET /api/orders/{id}/calls.csv", db(c.signedIn(c.csv)))
	mux.HandleFunc("GET /api/orders/{id}/calls/{callId}", db(c.signedIn(c.get)))
	mux.HandleFunc("DELETE /api/orders/{id}/calls/{callId}", db(c.signedIn(c.remove)))
}

func (c *callsAPI) agent(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	p, err := c.calls.Agent(r.Context(), request.UserID(r), r.PathValue("id"), q.Get("lang"), q.Get("tz"))
	if err != nil {
		c.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

func (c *callsAPI) list(w http.ResponseWriter, r *http.Request) {
	p, err := page(r)
	if err != nil {
		c.fail(w, r, err)
		return
	}
	list, err := c.calls.List(r.Context(), request.UserID(r), r.PathValue("id"), r.URL.Query().Get("lang"), p)
	if err != nil {
		c.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (c *callsAPI) get(w http.ResponseWriter, r *http.Request) {
	d, err := c.calls.Call(r.Context(), request.UserID(r), r.PathValue("id"), r.PathValue("callId"), r.URL.Query().Get("lang"))
	if err != nil {
		c.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]calls.Detail{"call": d})
}

func (c *callsAPI) remove(w http.ResponseWriter, r *http.Request) {
	if err := c.calls.Delete(r.Context(), request.UserID(r), r.PathValue("id"), r.PathValue("callId")); err != nil {
		c.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// csv answers the whole list as a download, in ?lang= with times in ?tz=.
// It is built in memory before the first byte is sent, so a failure
// halfway still gets the API's error instead of a truncated file.
func (c *callsAPI) csv(w http.ResponseWriter, r *http.Request) {
	var buf bytes.Buffer
	q := r.URL.Query()
	opt := calls.CSVOptions{Lang: q.Get("lang"), TZ: q.Get("tz")}
	if err := c.calls.WriteCSV(r.Context(), request.UserID(r), r.PathValue("id"), opt, &buf); err != nil {
		c.fail(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="calls-`+safeFileName(r.PathValue("id"))+`.csv"`)
	w.WriteHeader(http.StatusOK)
	w.Write(buf.Bytes())
}

// safeFileName keeps letters, digits and dashes (the id is the owner's
// order id, already checked, but never trust a path in a header).
func safeFileName(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s) && len(out) < 40; i++ {
		ch := s[i]
		if ch == '-' || ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' {
			out = append(out, ch)
		}
	}
	return string(out)
}
