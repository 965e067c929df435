package web

import (
	"net/http"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/reports"
	"github.com/belwise/site/internal/text"
	"github.com/belwise/site/internal/web/request"
)

// reportsAPI serves the monthly report of a buyer's order, the buyer's
// digest settings, and the weekly digest's one-click "off" link.
type reportsAPI struct {
	*api
	reports *reports.Service
	words   map[string]unsubscribeWords // by language: the off page's, the build's unsubscribe.json (offpages.go)
}

func (p *reportsAPI) table() []endpoint {
	offPage := plainOp("GET", "/api/digests/off", p.offPage).doc("reports", "The weekly digest email's \"off\" link (u, s signed): an HTML page with the button that turns it off. Nothing changes on GET.", "u", "s")
	offPage.produces = "text/html"
	off := plainOp("POST", "/api/digests/off", p.off).doc("reports", "Turns the weekly digest of the link's user off without signing in: the button, and the one-click List-Unsubscribe-Post of RFC 8058 (body List-Unsubscribe=One-Click). 400 for a link whose signature does not hold.", "u", "s")
	off.produces = "text/html"
	return []endpoint{
		jsonOp(p.api, "GET", "/api/orders/{id}/reports/{month}", 200, 0, p.report).doc("reports", "The order's monthly report for month (YYYY-MM, up to this month) in the buyer's time zone: calls, answered and goal-reached rates, calls per weekday and hour, the top call reasons (the call data field named reason).", "lang").as(signedIn),
		jsonOp(p.api, "GET", "/api/account/digests", 200, 0, p.prefs).doc("account", "The signed-in user's weekly digest setting and time zone.").as(signedIn),
		jsonOp(p.api, "PUT", "/api/account/digests", 200, maxAccountBody, p.setPrefs).doc("account", "Turns the weekly digest on or off and sets the time zone digests and reports use.").as(signedIn),
		offPage, off,
	}
}

func (p *reportsAPI) routes(mux *http.ServeMux) {
	if p.reports == nil {
		return
	}
	mount(mux, p.table(), func(e endpoint) http.HandlerFunc {
		if e.access == signedIn {
			return p.needDB(p.signedIn(e.handler))
		}
		return p.needDB(e.handler)
	})
}

func (p *reportsAPI) report(w http.ResponseWriter, r *http.Request, _ *none) (reports.Report, error) {
	return p.reports.BuyerReport(r.Context(), request.UserID(r), r.PathValue("id"), r.PathValue("month"), text.Lang(r.URL.Query().Get("lang")))
}

type digestsAnswer struct {
	Digests reports.Prefs `json:"digests"`
}

func (p *reportsAPI) prefs(w http.ResponseWriter, r *http.Request, _ *none) (digestsAnswer, error) {
	pr, err := p.reports.Prefs(r.Context(), request.UserID(r))
	return digestsAnswer{pr}, err
}

type digestsBody struct {
	WeeklyDigest *bool  `json:"weeklyDigest,omitempty" doc:"On or off; left out: unchanged."`
	TimeZone     string `json:"timeZone,omitempty" doc:"An IANA time zone such as Europe/Amsterdam; empty: unchanged."`
	// BrowserTimeZone is the browser's zone, kept only while none is known.
	BrowserTimeZone string `json:"browserTimeZone,omitempty" doc:"The browser's IANA time zone: stored only while none is known; empty: unchanged."`
}

func (p *reportsAPI) setPrefs(w http.ResponseWriter, r *http.Request, b *digestsBody) (digestsAnswer, error) {
	ctx, user := r.Context(), request.UserID(r)
	if b.BrowserTimeZone != "" && b.TimeZone == "" {
		if _, err := p.reports.SetPrefs(ctx, user, nil, b.BrowserTimeZone, true); err != nil {
			return digestsAnswer{}, withField(err, "browserTimeZone")
		}
	}
	pr, err := p.reports.SetPrefs(ctx, user, b.WeeklyDigest, b.TimeZone, false)
	return digestsAnswer{pr}, err
}

func withField(err error, field string) error {
	if ae, ok := err.(*apierr.Error); ok && ae.Field != "" {
		c := *ae
		c.Field = field
		return &c
	}
	return err
}

func (p *reportsAPI) offPage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	u, err := p.reports.CheckOff(r.Context(), q.Get("u"), q.Get("s"))
	p.writeOff(w, r, u.Locale, err, false)
}

func (p *reportsAPI) off(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	u, err := p.reports.TurnOff(r.Context(), q.Get("u"), q.Get("s"))
	p.writeOff(w, r, u.Locale, err, true)
}

func (p *reportsAPI) writeOff(w http.ResponseWriter, r *http.Request, locale string, err error, done bool) {
	lang := text.Lang(locale)
	t := p.words[lang].Digest
	v := pageView{Lang: lang, Back: t.Profile, BackURL: profileURL(lang)}
	status := http.StatusOK
	switch {
	case err != nil:
		ae, _ := apierr.As(err)
		if ae == nil || ae.Kind != apierr.Invalid {
			// A page, as the call alerts' off link answers, not the API's JSON: the link's
			// language is not known, so both.
			if ae != nil && ae.Kind == apierr.Unavailable {
				w.Header().Set("Retry-After", "60")
				offBoth(w, p.log, http.StatusServiceUnavailable, p.words, func(t unsubscribeWords) titledWords { return t.Unavailable })
				return
			}
			p.log.Error("weekly digest off link", "err", err)
			offBoth(w, p.log, http.StatusInternalServerError, p.words, func(t unsubscribeWords) titledWords { return t.Error })
			return
		}
		status = http.StatusBadRequest
		v.Heading, v.Paragraphs = t.BadLink.Title, []string{t.BadLink.Text}
	case done:
		v.Heading, v.Paragraphs = t.DoneTitle, []string{t.Done}
	default:
		v.Heading, v.Paragraphs, v.Button, v.Form = t.Title, []string{t.Ask}, t.Button, true
	}
	renderPage(w, p.log, status, v)
}
