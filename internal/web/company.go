package web

import (
	"net/http"

	"github.com/belwise/site/internal/company"
	"github.com/belwise/site/internal/web/request"
)

// companyAPI serves the buyer's company details (issue 22), which invoices
// are addressed to. A buyer reads and changes only their own; staff
// accounts have no company (403 buyer_only).
type companyAPI struct {
	*api
	companies *company.Service
}

func (g *companyAPI) table() []endpoint {
	const lim = maxAccountBody
	return []endpoint{
		jsonOp(g.api, "GET", "/api/company", 200, 0, g.get).doc("company", "The buyer's company details (null before they saved any) and the countries a company can be in; 403 buyer_only for staff.").as(signedIn),
		jsonOp(g.api, "PUT", "/api/company/retention", 200, lim, g.retention).doc("company", "Saves how long the company's call content is kept (30, 90, 365 days or none: no recording links); 409 company_missing before the company details are saved; 403 buyer_only for staff.").as(signedIn),
		jsonOp(g.api, "PUT", "/api/company", 200, lim, g.put).doc("company", "Saves the buyer's company details: every problem at once (400, one per field in error.errors); 409 version_conflict for a stale version; 403 buyer_only for staff.").as(signedIn),
	}
}

func (g *companyAPI) routes(mux *http.ServeMux) {
	if g.companies == nil {
		return
	}
	mount(mux, g.table(), func(e endpoint) http.HandlerFunc { return g.needDB(g.signedIn(g.buyerOnly(e.handler))) })
}

// buyerOnly refuses a staff account: the agency is not billed.
func (g *companyAPI) buyerOnly(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if request.IsStaff(r) {
			g.fail(w, r, company.ErrBuyerOnly)
			return
		}
		h(w, r)
	}
}

type companyAnswer struct {
	Company   *company.Company  `json:"company" doc:"null while the buyer has saved no company details."`
	Countries []company.Country `json:"countries" doc:"The countries a company can be saved in (the EU member states), NL first, with a postcode and a VAT id of each."`
}

func (g *companyAPI) get(w http.ResponseWriter, r *http.Request, _ *none) (companyAnswer, error) {
	c, err := g.companies.Get(r.Context(), request.UserID(r))
	return companyAnswer{Company: c, Countries: company.CountryList()}, err
}

type companyBody struct {
	LegalName    string `json:"legalName"`
	Street       string `json:"street"`
	Postcode     string `json:"postcode"`
	City         string `json:"city"`
	Country      string `json:"country" doc:"ISO 3166-1 alpha-2 of an EU member state."`
	KVK          string `json:"kvk" doc:"8 digits; required for a Dutch company, ignored for any other."`
	VATID        string `json:"vatId" doc:"Optional; in the country's format (NL123456789B01)."`
	InvoiceEmail string `json:"invoiceEmail" text:"raw"`
	Version      int    `json:"version,omitempty" doc:"The version read; ignored when the buyer has no company yet."`
}

type savedCompanyAnswer struct {
	Company company.Company `json:"company"`
}

func (g *companyAPI) put(w http.ResponseWriter, r *http.Request, b *companyBody) (savedCompanyAnswer, error) {
	c, err := g.companies.Save(r.Context(), request.UserID(r), company.Input{LegalName: b.LegalName, Street: b.Street, Postcode: b.Postcode,
		City: b.City, Country: b.Country, KVK: b.KVK, VATID: b.VATID, InvoiceEmail: b.InvoiceEmail}, b.Version)
	return savedCompanyAnswer{c}, err
}

type retentionBody struct {
	CallRetention string `json:"callRetention" enum:"30,90,365,none"`
}

func (g *companyAPI) retention(w http.ResponseWriter, r *http.Request, b *retentionBody) (savedCompanyAnswer, error) {
	c, err := g.companies.SetRetention(r.Context(), request.UserID(r), b.CallRetention)
	return savedCompanyAnswer{c}, err
}
