package web

import (
	"errors"
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
	words map[string]unsubscribeWords // by language: the build's unsubscribe.json (offpages.go)
}

func fillWords(s string, u alerts.Unsub) string {
	return strings.NewReplacer("{agent}", u.Agent, "{number}", u.Number).Replace(s)
}

func (p *unsubscribePage) serve(w http.ResponseWriter, r *http.Request) {
	if !p.ready() {
		w.Header().Set("Retry-After", "60")
		offBoth(w, p.log, http.StatusServiceUnavailable, p.words, func(t unsubscribeWords) titledWords { return t.Unavailable })
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
		offBoth(w, p.log, http.StatusNotFound, p.words, func(t unsubscribeWords) titledWords { return t.Alerts.BadLink })
		return
	}
	if err != nil {
		p.log.Error("alerts unsubscribe", "err", err)
		offBoth(w, p.log, http.StatusInternalServerError, p.words, func(t unsubscribeWords) titledWords { return t.Error })
		return
	}
	t := p.words[u.Lang].Alerts
	// Every placeholder a word may have (alertsVars) is filled in.
	fill := func(s string) string { return fillWords(s, u) }
	v := pageView{Lang: u.Lang, Back: fill(t.Profile), BackURL: profileURL(u.Lang)}
	if u.Off {
		v.Heading, v.Paragraphs = fill(t.Done), []string{fill(t.Again)}
	} else {
		v.Heading, v.Paragraphs, v.Button, v.Form = fill(t.Title), []string{fill(t.Ask)}, fill(t.Button), true
	}
	renderPage(w, p.log, http.StatusOK, v)
}
