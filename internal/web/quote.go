package web

import (
	"log/slog"
	"net/http"

	"github.com/belwise/site/internal/quote"
)

// maxQuoteBody leaves room for a 5,000-character description in a
// multibyte script (up to 4 bytes a character) plus the other fields.
const maxQuoteBody = 32 << 10

// quoteAPI serves the quote form. It only translates between HTTP and the
// quote service.
type quoteAPI struct {
	quotes *quote.Service
	ready  func() bool // false until the database is migrated
	// userID returns the signed-in visitor's id, or "" (accountAPI.optionalUserID).
	userID func(*http.Request) string
	// clientIP is the address the rate limit counts against (accountAPI.clientIP).
	clientIP func(*http.Request) string
	log      *slog.Logger
}

func (q *quoteAPI) routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/quotes", q.submit)
}

type quoteBody struct {
	FullName     string `json:"fullName"`
	CompanyName  string `json:"companyName"`
	BusinessType string `json:"businessType"`
	Email        string `json:"email"`
	Phone        string `json:"phone"`
	Language     string `json:"language"`
	Description  string `json:"description"`
	Locale       string `json:"locale"`
	TimeZone     string `json:"timeZone"`
	Website      string `json:"website"` // honeypot
}

func (q *quoteAPI) submit(w http.ResponseWriter, r *http.Request) {
	var b quoteBody
	if err := decodeJSONLimit(w, r, &b, maxQuoteBody); err != nil {
		writeAPIError(w, err)
		return
	}
	if q.quotes == nil || (q.ready != nil && !q.ready()) {
		writeUnavailable(w)
		return
	}
	id, err := q.quotes.Submit(r.Context(), quote.Input{
		FullName: b.FullName, CompanyName: b.CompanyName, BusinessType: b.BusinessType,
		Email: b.Email, Phone: b.Phone, Description: b.Description,
		Language: b.Language, Locale: b.Locale, TimeZone: b.TimeZone, Website: b.Website,
	}, q.userID(r), q.clientIP(r))
	if err != nil {
		q.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"ok": true, "id": id})
}

func (q *quoteAPI) fail(w http.ResponseWriter, r *http.Request, err error) {
	writeFailure(w, r, q.log, err)
}

// optionalUserID returns the signed-in visitor's id, or "" for anyone else:
// no cookie, a stale one, or a database that cannot tell. It never writes a
// response, so it suits endpoints open to everyone; a renewed session
// cookie is left for the next request that can set it.
func (a *accountAPI) optionalUserID(r *http.Request) string {
	if a.auth == nil {
		return ""
	}
	c, err := r.Cookie(a.cookieName())
	if err != nil {
		return ""
	}
	u, _, err := a.auth.Authenticate(r.Context(), c.Value)
	if err != nil {
		return ""
	}
	return u.ID
}
