package web

import (
	"net/http"

	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/web/request"
)

// maxQuoteBody leaves room for a 5,000-character description in a
// multibyte script (up to 4 bytes a character) plus the other fields.
const maxQuoteBody = 32 << 10

// quoteAPI serves the quote form. It only translates between HTTP and the
// quote service; who is asking comes from the request context.
type quoteAPI struct {
	*api
	quotes *quote.Service
}

func (q *quoteAPI) table() []endpoint {
	return []endpoint{
		jsonOp(q.api, "POST", "/api/quotes", 201, maxQuoteBody, q.submit).doc("quotes", "Files a quote request, for whoever is signed in or anonymously."),
	}
}

func (q *quoteAPI) routes(mux *http.ServeMux) {
	mount(mux, q.table(), func(e endpoint) http.HandlerFunc { return q.needDB(e.handler) })
}

type quoteBody struct {
	FullName     string `json:"fullName"`
	CompanyName  string `json:"companyName"`
	BusinessType string `json:"businessType"`
	Email        string `json:"email" text:"raw"`
	Phone        string `json:"phone"`
	Language     string `json:"language" enum:"english,dutch" doc:"The language the agent speaks on calls."`
	Description  string `json:"description"`
	Locale       string `json:"locale" enum:"en,nl" doc:"The page's language: the confirmation email is written in it."`
	TimeZone     string `json:"timeZone" doc:"The browser's IANA time zone, for the submission time in the emails."`
	Source       string `json:"source,omitempty" enum:"form,personalized" doc:"form (the default) or personalized."`
	Website      string `json:"website" doc:"A honeypot only bots fill in: the request is then quietly dropped."`
}

// quoteAnswer is the stored request's id.
type quoteAnswer struct {
	OK bool   `json:"ok" enum:"true"`
	ID string `json:"id"`
}

// submit files the request for whoever is signed in, or anonymously: a
// stale cookie, or a session that cannot be checked, is no reason to
// refuse a quote request.
func (q *quoteAPI) submit(w http.ResponseWriter, r *http.Request, b *quoteBody) (quoteAnswer, error) {
	// Only the voice assistant's webhook files voice requests.
	if b.Source == quote.SourceVoice {
		return quoteAnswer{}, quote.ErrFormSource
	}
	id, err := q.quotes.Submit(r.Context(), quote.Input{
		FullName: b.FullName, CompanyName: b.CompanyName, BusinessType: b.BusinessType,
		Email: b.Email, Phone: b.Phone, Description: b.Description,
		Language: b.Language, Locale: b.Locale, TimeZone: b.TimeZone, Source: b.Source, Website: b.Website,
	}, request.UserID(r), request.ClientIP(r))
	return quoteAnswer{OK: true, ID: id}, err
}
