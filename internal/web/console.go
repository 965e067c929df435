package web

import (
	"context"
	"net/http"
	"strconv"

	"github.com/belwise/site/internal/agentsettings"
	"github.com/belwise/site/internal/alerts"
	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/billing"
	"github.com/belwise/site/internal/calldata"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/catalogue"
	"github.com/belwise/site/internal/console"
	"github.com/belwise/site/internal/dpa"
	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/web/request"
)

// consoleAPI serves the agency's console under /api/console/. Handlers
// only translate between HTTP and the quote, orders and catalogue
// services; the staff member acting comes from the request context.
type consoleAPI struct {
	*api
	quotes    *quote.Service
	orders    *orders.Service
	catalogue *catalogue.Service
	calls     *calls.Service         // nil: no calls list
	jobs      *jobs.Console          // nil: no job queue
	alerts    *alerts.Service        // nil: no call alerts
	billing   *billing.Service       // nil: the billing endpoints answer 404
	settings  *agentsettings.Service // nil: the settings endpoints answer 404
	dpa       *dpa.Service           // nil: an order shows no processor agreement
}

// table lists every console endpoint. routes mounts them all behind the
// same guards, and a test asks each for 401 and 403, so an endpoint added
// here can neither miss the guards nor the test.
func (c *consoleAPI) table() []endpoint {
	const lim = maxConsoleBody
	eps := []endpoint{
		jsonOp(c.api, "GET", "/api/console/quotes", 200, 0, c.listQuotes).doc("console", "A page of quote requests, newest first; q searches name, email and company.", "status", "q", "cursor", "limit"),
		jsonOp(c.api, "GET", "/api/console/quotes/{id}", 200, 0, c.getQuote).doc("console", "One quote request with its notes, history and orders."),
		jsonOp(c.api, "PATCH", "/api/console/quotes/{id}", 200, lim, c.setQuoteStatus).doc("console", "Sets a quote request's status."),
		jsonOp(c.api, "POST", "/api/console/quotes/{id}/notes", 201, lim, c.addNote).doc("console", "Adds a note to a quote request."),
		jsonOp(c.api, "POST", "/api/console/quotes/{id}/orders", 201, lim, c.orderFromQuote).doc("console", "Makes a pending order from a quote request, inviting the requester when they have no account."),
		jsonOp(c.api, "GET", "/api/console/orders", 200, 0, c.listOrders).doc("console", "A page of orders, newest first; buyer is a user id, q searches the buyer's email and name.", "status", "buyer", "q", "cursor", "limit"),
		jsonOp(c.api, "GET", "/api/console/orders/{id}", 200, 0, c.getOrder).doc("console", "One order with its history, its calls this month and its usage by month."),
		jsonOp(c.api, "PATCH", "/api/console/orders/{id}", 200, lim, c.setOrderStatus).doc("console", "Sets an order's status, its Vapi assistant, its per-minute rate or its monthly fee."),
		jsonOp(c.api, "GET", "/api/console/agents", 200, 0, c.listAgents).doc("console", "The catalogue's agents by English name."),
		jsonOp(c.api, "POST", "/api/console/agents", 201, lim, c.createAgent).doc("console", "Adds an agent to the catalogue."),
		jsonOp(c.api, "PATCH", "/api/console/agents/{id}", 200, lim, c.updateAgent).doc("console", "Changes an agent: only what changes, with the version seen."),
		jsonOp(c.api, "GET", "/api/console/buyers", 200, 0, c.listBuyers).doc("console", "A page of accounts, staff included; q searches email and name.", "q", "cursor", "limit"),
		jsonOp(c.api, "GET", "/api/console/buyers/{id}", 200, 0, c.getBuyer).doc("console", "One account with its orders, the invitations emailed to it and its last sign-in."),
		jsonOp(c.api, "POST", "/api/console/buyers/{id}/invite", 200, 0, c.resendInvite).doc("console", "Emails the account's invitation again; 409 account_active when it has a password already."),
		jsonOp(c.api, "GET", "/api/console/orders/{id}/call-fields", 200, 0, c.getCallFields).doc("console", "The call data fields the order's agent extracts, in order."),
		jsonOp(c.api, "PUT", "/api/console/orders/{id}/call-fields", 200, lim, c.setCallFields).doc("console", "Replaces the order's call data fields (in the order sent); the calls keep their values."),
		jsonOp(c.api, "GET", "/api/console/orders/{id}/alerts", 200, 0, c.getAlerts).doc("console", "The order's call alert setting: staff's default and its buyer's choice.", "lang"),
		jsonOp(c.api, "PUT", "/api/console/orders/{id}/alerts", 200, lim, c.setAlertDefault).doc("console", "Sets which calls the order's buyer is emailed about while they have made no choice: all, followup or none.", "lang"),
		jsonOp(c.api, "GET", "/api/console/calls", 200, 0, c.listCalls).doc("console", "A page of the calls the filters select (every period without one; one order's, the assigned or the unassigned ones), numbers masked, each with its order's buyer and agent.",
			append(append([]string{}, listFilters...), "order", "assigned", "cursor", "limit")...),
		jsonOp(c.api, "GET", "/api/console/calls/{id}", 200, 0, c.getCall).doc("console", "One call with the caller's full number; each opening is logged.", "lang"),
		jsonOp(c.api, "GET", "/api/console/jobs", 200, 0, c.listJobs).doc("console", "A page of the job queue (emails, clean-up, call retention, backfill), newest first; an email shows only its kind and the recipient's domain.", "state", "cursor", "limit"),
		jsonOp(c.api, "POST", "/api/console/jobs/{id}/retry", 200, 0, c.retryJob).doc("console", "Runs a failed or cancelled job again now, with its attempts counted afresh."),
		jsonOp(c.api, "POST", "/api/console/jobs/{id}/cancel", 200, 0, c.cancelJob).doc("console", "Cancels a pending job."),
	}
	eps = append(eps, (&billingAPI{api: c.api, billing: c.billing}).consoleTable()...)
	eps = append(eps, (&settingsAPI{api: c.api, settings: c.settings}).consoleTable()...)
	for i := range eps {
		eps[i] = eps[i].as(staff)
	}
	return eps
}

// routes puts the whole /api/console/ tree, known paths or not, behind the
// database and staff guards: 503 while the database is down, 401 without a
// session, 403 for a signed-in buyer. Only then does a path meet its
// handler (or the API's JSON 404 and 405).
func (c *consoleAPI) routes(mux *http.ServeMux) {
	inner := http.NewServeMux()
	mount(inner, c.table(), func(e endpoint) http.HandlerFunc { return e.handler })
	mux.HandleFunc("/api/console/", c.needDB(c.staffOnly(jsonFallback(c.log, inner).ServeHTTP)))
}

// maxConsoleBody holds an agent's four texts and two descriptions of 2,000
// characters, or a note of 5,000, in a multibyte script.
const maxConsoleBody = 64 << 10

var errLimit = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidLimit, Field: "limit",
	Message: "limit must be a number from 1 to 100."}

// page reads ?cursor= and ?limit= (default 50; more than 100 is 100).
func page(r *http.Request) (store.Page, error) {
	p := store.Page{Cursor: r.URL.Query().Get("cursor")}
	if s := r.URL.Query().Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return p, errLimit
		}
		p.Limit = min(n, store.MaxPageLimit)
	}
	return p, nil
}

var errVersion = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeRequired, Field: "version",
	Message: "The version you last saw is required."}

// statusChange is the body of a PATCH of a quote's status.
type statusChange struct {
	Status  string `json:"status" enum:"new,contacted,proposal_sent,won,lost"`
	Version *int   `json:"version,omitempty" required:"true" doc:"The version last seen: 409 version_conflict when it changed since."`
}

func (c *consoleAPI) listQuotes(w http.ResponseWriter, r *http.Request, _ *none) (console.Page[quote.Summary], error) {
	p, err := page(r)
	if err != nil {
		return console.Page[quote.Summary]{}, err
	}
	q := r.URL.Query()
	return c.quotes.Inbox(r.Context(), quote.InboxFilter{Status: q.Get("status"), Query: q.Get("q"), Page: p})
}

type quoteDetailAnswer struct {
	Quote quote.Detail `json:"quote"`
}

func (c *consoleAPI) getQuote(w http.ResponseWriter, r *http.Request, _ *none) (quoteDetailAnswer, error) {
	d, err := c.quotes.Detail(r.Context(), r.PathValue("id"))
	return quoteDetailAnswer{d}, err
}

func (c *consoleAPI) setQuoteStatus(w http.ResponseWriter, r *http.Request, b *statusChange) (quoteDetailAnswer, error) {
	if b.Version == nil {
		return quoteDetailAnswer{}, errVersion
	}
	d, err := c.quotes.SetStatus(r.Context(), request.UserID(r), r.PathValue("id"), b.Status, *b.Version)
	return quoteDetailAnswer{d}, err
}

type noteBody struct {
	Body string `json:"body"`
}

type noteAnswer struct {
	Note quote.Note `json:"note"`
}

func (c *consoleAPI) addNote(w http.ResponseWriter, r *http.Request, b *noteBody) (noteAnswer, error) {
	n, err := c.quotes.AddNote(r.Context(), request.UserID(r), r.PathValue("id"), b.Body)
	return noteAnswer{n}, err
}

type fromQuoteBody struct {
	AgentID     string `json:"agentId"`
	AmountCents int64  `json:"amountCents"`
	Currency    string `json:"currency" doc:"ISO 4217; empty is EUR."`
}

type fromQuoteAnswer struct {
	Order   orders.ConsoleOrder `json:"order"`
	Invited bool                `json:"invited" doc:"The account was made for the order, and invited."`
}

func (c *consoleAPI) orderFromQuote(w http.ResponseWriter, r *http.Request, b *fromQuoteBody) (fromQuoteAnswer, error) {
	o, invited, err := c.orders.CreateFromQuote(r.Context(), request.UserID(r), r.PathValue("id"),
		orders.FromQuote{AgentID: b.AgentID, AmountCents: b.AmountCents, Currency: b.Currency})
	return fromQuoteAnswer{o, invited}, err
}

func (c *consoleAPI) listOrders(w http.ResponseWriter, r *http.Request, _ *none) (console.Page[orders.ConsoleOrder], error) {
	p, err := page(r)
	if err != nil {
		return console.Page[orders.ConsoleOrder]{}, err
	}
	q := r.URL.Query()
	return c.orders.List(r.Context(), orders.Filter{Status: q.Get("status"), BuyerID: q.Get("buyer"), Query: q.Get("q"), Page: p})
}

type consoleOrderAnswer struct {
	Order orders.ConsoleOrder `json:"order"`
}

type orderHistoryAnswer struct {
	Order   orders.ConsoleOrder `json:"order"`
	History []console.Change    `json:"history"`
	Usage   []orders.UsageMonth `json:"usage" doc:"Calls, seconds and cost without VAT per calendar month (Europe/Amsterdam), newest first."`
	// Agreement is whether the buyer accepted the processor agreement:
	// the order can only be set completed (live) once they did.
	Agreement *dpa.Standing `json:"agreement" doc:"The buyer's acceptance of the processor agreement; null on a server without it."`
}

func (c *consoleAPI) getOrder(w http.ResponseWriter, r *http.Request, _ *none) (orderHistoryAnswer, error) {
	o, hist, err := c.orders.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		return orderHistoryAnswer{}, err
	}
	usage, err := c.orders.Usage(r.Context(), o.ID)
	if err != nil {
		return orderHistoryAnswer{}, err
	}
	out := orderHistoryAnswer{Order: o, History: hist, Usage: usage}
	if c.dpa != nil {
		st, err := c.dpa.Standing(r.Context(), o.Buyer.ID)
		if err != nil {
			return orderHistoryAnswer{}, err
		}
		out.Agreement = &st
	}
	return out, nil
}

type buyerAnswer struct {
	Buyer orders.BuyerDetail `json:"buyer"`
}

func (c *consoleAPI) getBuyer(w http.ResponseWriter, r *http.Request, _ *none) (buyerAnswer, error) {
	b, err := c.orders.Buyer(r.Context(), r.PathValue("id"))
	return buyerAnswer{b}, err
}

func (c *consoleAPI) resendInvite(w http.ResponseWriter, r *http.Request, _ *none) (buyerAnswer, error) {
	b, err := c.orders.ResendInvite(r.Context(), request.UserID(r), r.PathValue("id"))
	return buyerAnswer{b}, err
}

// orderChange is the body of a PATCH of an order: its status, its Vapi
// assistant and per-minute rate, each optional, with the version seen.
type orderChange struct {
	Status         string  `json:"status,omitempty" enum:"pending,completed,cancelled,refunded"`
	AssistantID    *string `json:"assistantId,omitempty" doc:"The order's Vapi assistant; empty removes the link."`
	PerMinuteCents *int64  `json:"perMinuteCents,omitempty"`
	MonthlyCents   *int64  `json:"monthlyCents,omitempty" doc:"The monthly maintenance fee in cents, billed pro rata by day in the first and last month."`
	Version        *int    `json:"version,omitempty" required:"true" doc:"The version last seen: 409 version_conflict when it changed since."`
}

func (c *consoleAPI) setOrderStatus(w http.ResponseWriter, r *http.Request, b *orderChange) (consoleOrderAnswer, error) {
	if b.Version == nil {
		return consoleOrderAnswer{}, errVersion
	}
	linking := b.AssistantID != nil || b.PerMinuteCents != nil || b.MonthlyCents != nil
	version := *b.Version
	var o orders.ConsoleOrder
	var err error
	if b.Status != "" || !linking {
		if o, err = c.orders.SetStatus(r.Context(), request.UserID(r), r.PathValue("id"), b.Status, version); err != nil {
			return consoleOrderAnswer{}, err
		}
		version = o.Version
	}
	if linking {
		o, err = c.orders.SetLink(r.Context(), request.UserID(r), r.PathValue("id"),
			orders.Link{AssistantID: b.AssistantID, PerMinuteCents: b.PerMinuteCents, MonthlyCents: b.MonthlyCents}, version)
	}
	return consoleOrderAnswer{o}, err
}

func (c *consoleAPI) listCalls(w http.ResponseWriter, r *http.Request, _ *none) (console.Page[calls.ConsoleCall], error) {
	var zero console.Page[calls.ConsoleCall]
	if c.calls == nil {
		return zero, errNoEndpoint
	}
	p, err := page(r)
	if err != nil {
		return zero, err
	}
	var assigned *bool
	switch r.URL.Query().Get("assigned") {
	case "true":
		t := true
		assigned = &t
	case "false":
		f := false
		assigned = &f
	case "":
	default:
		return zero, errAssigned
	}
	q := r.URL.Query()
	return c.calls.ConsoleList(r.Context(), calls.FilterFrom(q), q.Get("order"), assigned, p)
}

type consoleCallAnswer struct {
	Call calls.ConsoleDetail `json:"call"`
}

// getCall is one call with the caller's full number, formatted for ?lang=.
func (c *consoleAPI) getCall(w http.ResponseWriter, r *http.Request, _ *none) (consoleCallAnswer, error) {
	if c.calls == nil {
		return consoleCallAnswer{}, errNoEndpoint
	}
	d, err := c.calls.ConsoleCall(r.Context(), request.UserID(r), r.PathValue("id"), r.URL.Query().Get("lang"))
	return consoleCallAnswer{d}, err
}

// callFields is the body and the answer of an order's call data fields.
type callFields struct {
	Fields []calldata.Field `json:"fields" required:"true"`
}

func (c *consoleAPI) getCallFields(w http.ResponseWriter, r *http.Request, _ *none) (callFields, error) {
	if c.calls == nil {
		return callFields{}, errNoEndpoint
	}
	f, err := c.calls.CallFields(r.Context(), r.PathValue("id"))
	return callFields{f}, err
}

func (c *consoleAPI) setCallFields(w http.ResponseWriter, r *http.Request, b *callFields) (callFields, error) {
	if c.calls == nil {
		return callFields{}, errNoEndpoint
	}
	f, err := c.calls.SetCallFields(r.Context(), request.UserID(r), r.PathValue("id"), b.Fields)
	return callFields{f}, err
}

type alertDefaultBody struct {
	Default string `json:"default" enum:"all,followup,none"`
}

func (c *consoleAPI) getAlerts(w http.ResponseWriter, r *http.Request, _ *none) (alerts.AlertSetting, error) {
	if c.alerts == nil {
		return alerts.AlertSetting{}, errNoEndpoint
	}
	return c.alerts.ConsoleSetting(r.Context(), r.PathValue("id"), r.URL.Query().Get("lang"))
}

func (c *consoleAPI) setAlertDefault(w http.ResponseWriter, r *http.Request, b *alertDefaultBody) (alerts.AlertSetting, error) {
	if c.alerts == nil {
		return alerts.AlertSetting{}, errNoEndpoint
	}
	return c.alerts.SetDefault(r.Context(), request.UserID(r), r.PathValue("id"), b.Default, r.URL.Query().Get("lang"))
}

var errAssigned = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidField, Field: "assigned",
	Message: "assigned must be true or false."}

type agentsAnswer struct {
	Items []catalogue.Agent `json:"items"`
}

func (c *consoleAPI) listAgents(w http.ResponseWriter, r *http.Request, _ *none) (agentsAnswer, error) {
	agents, err := c.catalogue.List(r.Context())
	return agentsAnswer{agents}, err
}

// agentBody is an agent as the console sends it. On create every text is
// given; on update (a PATCH) only what changes, with the version seen. An
// id is accepted and ignored: the path names the agent.
type agentBody struct {
	ID            *string `json:"id,omitempty"`
	NameEn        *string `json:"nameEn,omitempty"`
	NameNl        *string `json:"nameNl,omitempty"`
	TitleEn       *string `json:"titleEn,omitempty"`
	TitleNl       *string `json:"titleNl,omitempty"`
	DescriptionEn *string `json:"descriptionEn,omitempty"`
	DescriptionNl *string `json:"descriptionNl,omitempty"`
	DeliveryDays  *int    `json:"deliveryDays,omitempty"`
	PriceCents    *int64  `json:"priceCents,omitempty"`
	Currency      *string `json:"currency,omitempty"`
	Version       *int    `json:"version,omitempty" doc:"On a PATCH, the version last seen."`
}

func (b agentBody) changes() catalogue.Changes {
	return catalogue.Changes{NameEn: b.NameEn, NameNl: b.NameNl, TitleEn: b.TitleEn, TitleNl: b.TitleNl,
		DescriptionEn: b.DescriptionEn, DescriptionNl: b.DescriptionNl, DeliveryDays: b.DeliveryDays,
		PriceCents: b.PriceCents, Currency: b.Currency, Version: b.Version}
}

type agentAnswer struct {
	Agent catalogue.Agent `json:"agent"`
}

func (c *consoleAPI) createAgent(w http.ResponseWriter, r *http.Request, b *agentBody) (agentAnswer, error) {
	val := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	a := catalogue.Agent{NameEn: val(b.NameEn), NameNl: val(b.NameNl), TitleEn: val(b.TitleEn), TitleNl: val(b.TitleNl),
		DescriptionEn: val(b.DescriptionEn), DescriptionNl: val(b.DescriptionNl), Currency: val(b.Currency)}
	if b.DeliveryDays != nil {
		a.DeliveryDays = *b.DeliveryDays
	}
	if b.PriceCents != nil {
		a.PriceCents = *b.PriceCents
	}
	made, err := c.catalogue.Create(r.Context(), request.UserID(r), a)
	return agentAnswer{made}, err
}

func (c *consoleAPI) updateAgent(w http.ResponseWriter, r *http.Request, b *agentBody) (agentAnswer, error) {
	a, err := c.catalogue.Update(r.Context(), request.UserID(r), r.PathValue("id"), b.changes())
	return agentAnswer{a}, err
}

func (c *consoleAPI) listBuyers(w http.ResponseWriter, r *http.Request, _ *none) (console.Page[orders.BuyerSummary], error) {
	p, err := page(r)
	if err != nil {
		return console.Page[orders.BuyerSummary]{}, err
	}
	return c.orders.Buyers(r.Context(), r.URL.Query().Get("q"), p)
}

func (c *consoleAPI) listJobs(w http.ResponseWriter, r *http.Request, _ *none) (console.Page[jobs.Summary], error) {
	if c.jobs == nil {
		return console.Page[jobs.Summary]{}, errNoEndpoint
	}
	p, err := page(r)
	if err != nil {
		return console.Page[jobs.Summary]{}, err
	}
	return c.jobs.List(r.Context(), r.URL.Query().Get("state"), p)
}

type jobAnswer struct {
	Job jobs.Summary `json:"job"`
}

func (c *consoleAPI) retryJob(w http.ResponseWriter, r *http.Request, _ *none) (jobAnswer, error) {
	return c.moveJob(r, c.jobs.Retry)
}

func (c *consoleAPI) cancelJob(w http.ResponseWriter, r *http.Request, _ *none) (jobAnswer, error) {
	return c.moveJob(r, c.jobs.Cancel)
}

// moveJob runs a retry or cancel on the job at {id}; an id that is not a
// job's is 404.
func (c *consoleAPI) moveJob(r *http.Request, f func(context.Context, int64) (jobs.Summary, error)) (jobAnswer, error) {
	if c.jobs == nil {
		return jobAnswer{}, errNoEndpoint
	}
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		return jobAnswer{}, jobs.ErrNoJob
	}
	j, err := f(r.Context(), id)
	return jobAnswer{j}, err
}
