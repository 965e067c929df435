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

func (q *quoteAPI) routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/quotes", q.needDB(q.submit))
}

type quoteBody struct {
	FullName     string `json:"fullName"`
	CompanyName  string `json:"companyName"`
	BusinessType string `json:"businessType"`
	Email        string `json:"email" text:"raw"`
	Phone        string `json:"phone"`
	Language     string `json:"language"`
	Description  string `json:"description"`
	Locale       string `json:"locale"`
	TimeZone     string `json:"timeZone"`
	Source       string `json:"source"`  // "form" (the default) or "personalized"
	Website      string `json:"website"` // honeypot
}

// submit files the request for whoever is signed in, or anonymously: a
// stale cookie, or a session that cannot be checked, is no reason to
// refuse a quote request.
func (q *quoteAPI) submit(w http.ResponseWriter, r *http.Request) {
	var b quoteBody
	if err := decodeBody(w, r, &b, maxQuoteBody); err != nil {
		q.fail(w, r, err)
		return
	}
	// Only the voice assistant's webhook files voice requests.
	if b.Source == quote.SourceVoice {
		q.fail(w, r, quote.ErrFormSource)
		return
	}
	id, err := q.quotes.Submit(r.Context(), quote.Input{
		FullName: b.FullName, CompanyName: b.CompanyName, BusinessType: b.BusinessType,
		Email: b.Email, Phone: b.Phone, Description: b.Description,
		Language: b.Language, Locale: b.Locale, TimeZone: b.TimeZone, Source: b.Source, Website: b.Website,
	}, request.UserID(r), request.ClientIP(r))
	if err != nil {
		q.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"ok": true, "id": id})
}
