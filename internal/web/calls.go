package web

import (
	"bytes"
	"net/http"
	"strings"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/console"
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

func (c *callsAPI) table() []endpoint {
	csv := plainOp("GET", "/api/orders/{id}/calls.csv", c.csv).doc("calls", "The order's calls the filters select as CSV (this month without a period; data.<name>=<value> as the list), in lang with times in tz; the totals row is the period's usage.",
		append([]string{"lang"}, listFilters...)...).as(signedIn)
	csv.produces = "text/csv"
	export := plainOp("POST", "/api/orders/{id}/contacts/{number}/export", c.export).doc("calls", "Everything the order holds about the caller (AVG art. 15) as a ZIP: calls.json and one transcript-<date>-<id>.txt per call, in lang; the request is audited.", "lang").as(signedIn)
	export.produces = "application/zip"
	return []endpoint{
		export,
		jsonOp(c.api, "POST", "/api/orders/{id}/contacts/{number}/erase", 200, 0, c.erase).doc("calls", "Erases the content of every call of the caller (AVG art. 17) as a delete does, usage kept; Vapi's copies are deleted when a Vapi key is set; the request is audited.").as(signedIn),
		jsonOp(c.api, "GET", "/api/orders/{id}/agent", 200, 0, c.agent).doc("calls", "The order's agent with the period's figures and calls per day (this month without a period), in tz; the other filters are checked, not applied.",
			append([]string{"lang"}, listFilters...)...).as(signedIn),
		jsonOp(c.api, "GET", "/api/orders/{id}/calls", 200, 0, c.list).doc("calls", "A page of the order's calls the filters select (this month without a period; data.<name>=<value> keeps the calls with that call data), newest first.",
			append([]string{"lang"}, append(listFilters, "cursor", "limit")...)...).as(signedIn),
		csv,
		jsonOp(c.api, "GET", "/api/orders/{id}/calls/{callId}", 200, 0, c.get).doc("calls", "One call with its transcript.", "lang").as(signedIn),
		jsonOp(c.api, "GET", "/api/orders/{id}/contacts", 200, 0, c.contacts).doc("calls", "A page of the order's callers grouped by number, the most recent first.", "lang", "cursor", "limit").as(signedIn),
		jsonOp(c.api, "GET", "/api/orders/{id}/contacts/{number}", 200, 0, c.contact).doc("calls", "One caller of the order (by number) with a page of their calls, newest first.", "lang", "cursor", "limit").as(signedIn),
		jsonOp(c.api, "DELETE", "/api/orders/{id}/calls/{callId}", 200, 0, c.remove).doc("calls", "Erases the call's content; its usage stays; Vapi's copy is deleted when a Vapi key is set.").as(signedIn),
	}
}

// listFilters are the query parameters of the call lists, here and in the
// console (see calls.Filter).
var listFilters = []string{"period", "from", "to", "tz", "outcome", "direction", "goal", "q"}

func (c *callsAPI) routes(mux *http.ServeMux) {
	if c.calls == nil {
		return
	}
	mount(mux, c.table(), func(e endpoint) http.HandlerFunc { return c.needDB(c.signedIn(e.handler)) })
}

func (c *callsAPI) agent(w http.ResponseWriter, r *http.Request, _ *none) (calls.AgentPage, error) {
	q := r.URL.Query()
	return c.calls.Agent(r.Context(), request.UserID(r), r.PathValue("id"), q.Get("lang"), calls.FilterFrom(q))
}

func (c *callsAPI) list(w http.ResponseWriter, r *http.Request, _ *none) (console.Page[calls.Summary], error) {
	p, err := page(r)
	if err != nil {
		return console.Page[calls.Summary]{}, err
	}
	q := r.URL.Query()
	return c.calls.List(r.Context(), request.UserID(r), r.PathValue("id"), q.Get("lang"), calls.FilterFrom(q), p)
}

func (c *callsAPI) contacts(w http.ResponseWriter, r *http.Request, _ *none) (console.Page[calls.Contact], error) {
	p, err := page(r)
	if err != nil {
		return console.Page[calls.Contact]{}, err
	}
	return c.calls.Contacts(r.Context(), request.UserID(r), r.PathValue("id"), r.URL.Query().Get("lang"), p)
}

func (c *callsAPI) contact(w http.ResponseWriter, r *http.Request, _ *none) (calls.ContactCalls, error) {
	p, err := page(r)
	if err != nil {
		return calls.ContactCalls{}, err
	}
	return c.calls.Contact(r.Context(), request.UserID(r), r.PathValue("id"), r.PathValue("number"), r.URL.Query().Get("lang"), p)
}

type callAnswer struct {
	Call calls.OwnCall `json:"call"`
}

func (c *callsAPI) get(w http.ResponseWriter, r *http.Request, _ *none) (callAnswer, error) {
	d, err := c.calls.Call(r.Context(), request.UserID(r), r.PathValue("id"), r.PathValue("callId"), r.URL.Query().Get("lang"))
	return callAnswer{d}, err
}

func (c *callsAPI) remove(w http.ResponseWriter, r *http.Request, _ *none) (calls.Deleted, error) {
	return c.calls.Delete(r.Context(), request.UserID(r), r.PathValue("id"), r.PathValue("callId"))
}

func (c *callsAPI) erase(w http.ResponseWriter, r *http.Request, _ *none) (calls.Erased, error) {
	return c.calls.EraseContact(r.Context(), request.UserID(r), r.PathValue("id"), r.PathValue("number"))
}

// export answers a caller's ZIP, built in memory first (as the CSV).
func (c *callsAPI) export(w http.ResponseWriter, r *http.Request) {
	var buf bytes.Buffer
	name, err := c.calls.ExportContact(r.Context(), request.UserID(r), r.PathValue("id"), r.PathValue("number"), r.URL.Query().Get("lang"), &buf)
	if err != nil {
		c.fail(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", `attachment; filename="`+safeFileName(strings.TrimSuffix(name, ".zip"))+`.zip"`)
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	w.Write(buf.Bytes())
}

// csv answers the whole list as a download, in ?lang= with times in ?tz=.
// It is built in memory before the first byte is sent, so a failure
// halfway still gets the API's error instead of a truncated file.
func (c *callsAPI) csv(w http.ResponseWriter, r *http.Request) {
	var buf bytes.Buffer
	q := r.URL.Query()
	opt := calls.CSVOptions{Lang: q.Get("lang"), Filter: calls.FilterFrom(q)}
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
