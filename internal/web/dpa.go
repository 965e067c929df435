package web

import (
	"net/http"
	"strconv"

	"github.com/belwise/site/internal/dpa"
	"github.com/belwise/site/internal/web/request"
)

// dpaAPI serves the processor agreement (issue 23): the buyer reads it in
// their language, accepts its current version and downloads a PDF copy.
// Staff see a buyer's standing on the console's order page.
type dpaAPI struct {
	*api
	dpa *dpa.Service
}

func (g *dpaAPI) table() []endpoint {
	file := plainOp("GET", "/api/dpa.pdf", g.pdf).doc("dpa", "A PDF copy of the current processor agreement in lang (default: the account's language), naming who accepted it and when.", "lang").as(signedIn)
	file.produces = "application/pdf"
	return []endpoint{
		jsonOp(g.api, "GET", "/api/dpa", 200, 0, g.get).doc("dpa", "The current processor agreement in lang (default: the account's language) and whether the buyer (or a colleague at their company) accepted it; 403 buyer_only for staff.", "lang").as(signedIn),
		jsonOp(g.api, "POST", "/api/dpa/accept", 200, maxAccountBody, g.accept).doc("dpa", "Accepts the processor agreement's current version; 409 dpa_version for any other version; 403 buyer_only for staff.", "lang").as(signedIn),
		file,
	}
}

func (g *dpaAPI) routes(mux *http.ServeMux) {
	if g.dpa == nil {
		return
	}
	mount(mux, g.table(), func(e endpoint) http.HandlerFunc { return g.needDB(g.signedIn(g.buyerOnly(e.handler))) })
}

// buyerOnly refuses a staff account: the agency's staff accept nothing.
func (g *dpaAPI) buyerOnly(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if request.IsStaff(r) {
			g.fail(w, r, dpa.ErrBuyerOnly)
			return
		}
		h(w, r)
	}
}

// dpaLang is the lang query parameter; "" is the account's language.
func dpaLang(r *http.Request) string { return r.URL.Query().Get("lang") }

func (g *dpaAPI) get(w http.ResponseWriter, r *http.Request, _ *none) (dpa.State, error) {
	return g.dpa.State(r.Context(), request.UserID(r), dpaLang(r))
}

type acceptBody struct {
	Version int `json:"version" doc:"The version read: 409 dpa_version when it is not the current one."`
}

func (g *dpaAPI) accept(w http.ResponseWriter, r *http.Request, b *acceptBody) (dpa.State, error) {
	return g.dpa.Accept(r.Context(), request.UserID(r), b.Version, dpaLang(r))
}

func (g *dpaAPI) pdf(w http.ResponseWriter, r *http.Request) {
	b, name, err := g.dpa.PDF(r.Context(), request.UserID(r), dpaLang(r))
	if err != nil {
		g.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Write(b)
}
