package web

import (
	"errors"
	"html/template"
	"net/http"
	"strings"

	"github.com/belwise/site/internal/alerts"
	"github.com/belwise/site/internal/web/request"
)

// alertsAPI serves the buyer's call alert settings (issue 21 §1): every
// agent's on the profile page, one agent's on its page.
type alertsAPI struct {
	*api
	alerts *alerts.Service
}

type alertSettings struct {
	Items []alerts.AlertSetting `json:"items"`
}

type alertModeBody struct {
	// Mode is all | followup | none; "" returns to the order's default.
	Mode string `json:"mode" enum:",all,followup,none"`
}

func (a *alertsAPI) table() []endpoint {
	return []endpoint{
		jsonOp(a.api, "GET", "/api/account/alerts", 200, 0, a.list).doc("account", "The call alert setting of each of the buyer's agents (orders), newest first.", "lang").as(signedIn),
		jsonOp(a.api, "GET", "/api/orders/{id}/alerts", 200, 0, a.get).doc("account", "The call alert setting of the buyer's order.", "lang").as(signedIn),
		jsonOp(a.api, "PUT", "/api/orders/{id}/alerts", 200, maxAccountBody, a.set).doc("account", "Sets which calls of the order's agent the buyer is emailed about: all, followup or none (\"\": the order's default).", "lang").as(signedIn),
	}
}

func (a *alertsAPI) routes(mux *http.ServeMux) {
	if a.alerts == nil {
		return
	}
	mount(mux, a.table(), func(e endpoint) http.HandlerFunc { return a.needDB(a.signedIn(e.handler)) })
}

func (a *alertsAPI) list(w http.ResponseWriter, r *http.Request, _ *none) (alertSettings, error) {
	items, err := a.alerts.Settings(r.Context(), request.UserID(r), r.URL.Query().Get("lang"))
	return alertSettings{items}, err
}

func (a *alertsAPI) get(w http.ResponseWriter, r *http.Request, _ *none) (alerts.AlertSetting, error) {
	return a.alerts.Setting(r.Context(), request.UserID(r), r.PathValue("id"), r.URL.Query().Get("lang"))
}

func (a *alertsAPI) set(w http.ResponseWriter, r *http.Request, b *alertModeBody) (alerts.AlertSetting, error) {
	return a.alerts.SetMode(r.Context(), request.UserID(r), r.PathValue("id"), b.Mode, r.URL.Query().Get("lang"))
}

// The unsubscribe link of an alert (List-Unsubscribe): GET shows a page
// with a button (a plain form, no JavaScript), POST turns that agent's
// alerts off at once: RFC 8058's one click, or the page's button. The
// signed token is the only authority; no session is read.
const unsubscribePath = "/alerts/unsubscribe/{token}"

type unsubscribePage struct {
	a *alerts.Service
	*api
}

type unsubscribeWords struct {
	Title, Ask, Button, Done, Again, Profile, Bad, BadTitle string
}

var unsubscribeTexts = map[string]unsubscribeWords{
	"en": {
		Title: "Stop call alerts for {agent}?", Ask: "You get emails about the calls of {agent} (order #{number}). Stop them? You can turn them on again on your profile page.",
		Button: "Stop these alerts", Done: "Call alerts for {agent} are off.", Again: "You can turn them on again on your profile page.",
		Profile: "Go to your profile", BadTitle: "This link does not work", Bad: "This link is not valid (any more). Sign in and choose your alerts on your profile page.",
	},
	"nl": {
		Title: "Meldingen over gesprekken van {agent} stoppen?", Ask: "U krijgt e-mails over de gesprekken van {agent} (bestelling #{number}). Wilt u die stoppen? U kunt ze op uw profielpagina weer aanzetten.",
		Button: "Deze meldingen stoppen", Done: "Meldingen over gesprekken van {agent} staan uit.", Again: "U kunt ze op uw profielpagina weer aanzetten.",
		Profile: "Naar uw profiel", BadTitle: "Deze link werkt niet", Bad: "Deze link is niet (meer) geldig. Log in en kies uw meldingen op uw profielpagina.",
	},
}

var unsubscribeTemplate = template.Must(template.New("unsubscribe").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.Heading}} · Belwise</title>
<style>
body{margin:0;padding:0 1rem;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f6f4ef;color:#1d1b16;line-height:1.5}
main{max-width:32rem;margin:4rem auto;padding:2rem 1.5rem;background:#fff;border-radius:1rem;border:1px solid #ddd6c8}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
p,form{margin:0 0 1rem}
button{font:inherit;font-weight:600;padding:.75rem 1.25rem;border-radius:999px;border:0;background:#1d1b16;color:#fff;cursor:pointer;min-height:44px}
button:focus-visible,a:focus-visible{outline:3px solid #2f5fd0;outline-offset:2px}
a{color:#1d1b16;display:inline-block;min-height:24px;padding:.25rem 0}
</style>
</head>
<body>
<main>
<h1>{{.Heading}}</h1>
{{range .Paragraphs}}<p>{{.}}</p>
{{end}}{{if .Form}}<form method="post"><button type="submit">{{.Button}}</button></form>
{{end}}{{if .Profile}}<p><a href="{{.ProfileURL}}">{{.Profile}}</a></p>
{{end}}</main>
</body>
</html>
`))

type unsubscribeView struct {
	Lang, Heading, Button, Profile string
	ProfileURL                     string
	Paragraphs                     []string
	Form                           bool
}

func fillWords(s string, u alerts.Unsub) string {
	return strings.NewReplacer("{agent}", u.Agent, "{number}", u.Number).Replace(s)
}

func (p *unsubscribePage) serve(w http.ResponseWriter, r *http.Request) {
	if !p.ready() {
		http.Error(w, "Service unavailable, try again in a minute.", http.StatusServiceUnavailable)
		return
	}
	token := r.PathValue("token")
	var u alerts.Unsub
	var err error
	if r.Method == http.MethodPost {
		u, err = p.a.Unsubscribe(r.Context(), token)
	} else {
		u, err = p.a.Check(r.Context(), token)
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.Header().Set("X-Robots-Tag", "noindex")
	if errors.Is(err, alerts.ErrBadToken) {
		t := unsubscribeTexts["en"]
		nl := unsubscribeTexts["nl"]
		p.render(w, http.StatusNotFound, unsubscribeView{Lang: "en", Heading: t.BadTitle, Paragraphs: []string{t.Bad, nl.BadTitle + ". " + nl.Bad}})
		return
	}
	if err != nil {
		p.log.Error("alerts unsubscribe", "err", err)
		http.Error(w, "Something went wrong, try again in a minute.", http.StatusInternalServerError)
		return
	}
	t := unsubscribeTexts[u.Lang]
	prefix := ""
	if u.Lang == "nl" {
		prefix = "/nl"
	}
	v := unsubscribeView{Lang: u.Lang, Profile: t.Profile, ProfileURL: prefix + "/dashboard/profile"}
	if u.Off {
		v.Heading, v.Paragraphs = fillWords(t.Done, u), []string{t.Again}
	} else {
		v.Heading, v.Paragraphs, v.Button, v.Form = fillWords(t.Title, u), []string{fillWords(t.Ask, u)}, t.Button, true
	}
	p.render(w, http.StatusOK, v)
}

func (p *unsubscribePage) render(w http.ResponseWriter, status int, v unsubscribeView) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err := unsubscribeTemplate.Execute(w, v); err != nil {
		p.log.Error("alerts unsubscribe page", "err", err)
	}
}
