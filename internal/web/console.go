package web

import (
	"net/http"
	"strconv"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/catalogue"
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
	calls     *calls.Service // nil: no calls list
}

// consoleRoute is one endpoint of the console.
type consoleRoute struct {
	pattern string
	handler http.HandlerFunc
}

// table lists every console endpoint. routes mounts them all behind the
// same guards, and a test asks each for 401 and 403, so an endpoint added
// here can neither miss the guards nor the test.
func (c *consoleAPI) table() []consoleRoute {
	return []consoleRoute{
		{"GET /api/console/quotes", c.listQuotes},
		{"GET /api/console/quotes/{id}", c.getQuote},
		{"PATCH /api/console/quotes/{id}", c.setQuoteStatus},
		{"POST /api/console/quotes/{id}/notes", c.addNote},
		{"POST /api/console/quotes/{id}/orders", c.orderFromQuote},
		{"GET /api/console/orders", c.listOrders},
		{"GET /api/console/orders/{id}", c.getOrder},
		{"PATCH /api/console/orders/{id}", c.setOrderStatus},
		{"GET /api/console/agents", c.listAgents},
		{"POST /api/console/agents", c.createAgent},
		{"PATCH /api/console/agents/{id}", c.updateAgent},
		{"GET /api/console/buyers", c.listBuyers},
		{"GET /api/console/calls", c.listCalls},
		{"GET /api/console/calls/{id}", c.getCall},
	}
}

// routes puts the whole /api/console/ tree, known paths or not, behind the
// database and staff guards: 503 while the database is down, 401 without a
// session, 403 for a signed-in buyer. Only then does a path meet its
// handler (or the API's JSON 404 and 405).
func (c *consoleAPI) routes(mux *http.ServeMux) {
	inner := http.NewServeMux()
	for _, rt := range c.table() {
		inner.HandleFunc(rt.pattern, rt.handler)
	}
	mux.HandleFunc("/api/console/", c.needDB(c.staffOnly(jsonFallback(c.log, inner).ServeHTTP)))
}

// maxConsoleBody holds an agent's four texts and two descriptions of 2,000
// characters, or a note of 5,000, in a multibyte script.
const maxConsoleBody = 64 << 10

func (c *consoleAPI) decode(w http.ResponseWriter, r *http.Request, dst any) bool {
	if err := decodeBody(w, r, dst, maxConsoleBody); err != nil {
		c.fail(w, r, err)
		return false
	}
	return true
}

// answer writes v with status, or the failure.
func (c *consoleAPI) answer(w http.ResponseWriter, r *http.Request, status int, v any, err error) {
	if err != nil {
		c.fail(w, r, err)
		return
	}
	writeJSON(w, status, v)
}

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

// statusChange is the body of a PATCH of a quote's or an order's status.
type statusChange struct {
	Status  string `json:"status"`
	Version *int   `json:"version"`
}

func (c *consoleAPI) statusChange(w http.ResponseWriter, r *http.Request) (statusChange, bool) {
	var b statusChange
	if !c.decode(w, r, &b) {
		return b, false
	}
	if b.Version == nil {
		c.fail(w, r, errVersion)
		return b, false
	}
	return b, true
}

func (c *consoleAPI) listQuotes(w http.ResponseWriter, r *http.Request) {
	p, err := page(r)
	if err != nil {
		c.fail(w, r, err)
		return
	}
	q := r.URL.Query()
	list, err := c.quotes.Inbox(r.Context(), quote.InboxFilter{Status: q.Get("status"), Query: q.Get("q"), Page: p})
	c.answer(w, r, http.StatusOK, list, err)
}

func (c *consoleAPI) getQuote(w http.ResponseWriter, r *http.Request) {
	d, err := c.quotes.Detail(r.Context(), r.PathValue("id"))
	c.answer(w, r, http.StatusOK, map[string]quote.Detail{"quote": d}, err)
}

func (c *consoleAPI) setQuoteStatus(w http.ResponseWriter, r *http.Request) {
	b, ok := c.statusChange(w, r)
	if !ok {
		return
	}
	d, err := c.quotes.SetStatus(r.Context(), request.UserID(r), r.PathValue("id"), b.Status, *b.Version)
	c.answer(w, r, http.StatusOK, map[string]quote.Detail{"quote": d}, err)
}

func (c *consoleAPI) addNote(w http.ResponseWriter, r *http.Request) {
	var b struct {
		Body string `json:"body"`
	}
	if !c.decode(w, r, &b) {
		return
	}
	n, err := c.quotes.AddNote(r.Context(), request.UserID(r), r.PathValue("id"), b.Body)
	c.answer(w, r, http.StatusCreated, map[string]quote.Note{"note": n}, err)
}

func (c *consoleAPI) orderFromQuote(w http.ResponseWriter, r *http.Request) {
	var b struct {
		AgentID     string `json:"agentId"`
		AmountCents int64  `json:"amountCents"`
		Currency    string `json:"currency"`
	}
	if !c.decode(w, r, &b) {
		return
	}
	o, invited, err := c.orders.CreateFromQuote(r.Context(), request.UserID(r), r.PathValue("id"),
		orders.FromQuote{AgentID: b.AgentID, AmountCents: b.AmountCents, Currency: b.Currency})
	c.answer(w, r, http.StatusCreated, struct {
		Order   orders.ConsoleOrder `json:"order"`
		Invited bool                `json:"invited"`
	}{o, invited}, err)
}

func (c *consoleAPI) listOrders(w http.ResponseWriter, r *http.Request) {
	p, err := page(r)
	if err != nil {
		c.fail(w, r, err)
		return
	}
	q := r.URL.Query()
	list, err := c.orders.List(r.Context(), orders.Filter{Status: q.Get("status"), BuyerID: q.Get("buyer"), Query: q.Get("q"), Page: p})
	c.answer(w, r, http.StatusOK, list, err)
}

func (c *consoleAPI) getOrder(w http.ResponseWriter, r *http.Request) {
	o, hist, err := c.orders.Get(r.Context(), r.PathValue("id"))
	c.answer(w, r, http.StatusOK, map[string]any{"order": o, "history": hist}, err)
}

// orderChange is the body of a PATCH of an order: its status, its Vapi
// assistant and per-minute rate, each optional, with the version seen.
type orderChange struct {
	Status         string  `json:"status"`
	AssistantID    *string `json:"assistantId"`
	PerMinuteCents *int64  `json:"perMinuteCents"`
	Version        *int    `json:"version"`
}

func (c *consoleAPI) setOrderStatus(w http.ResponseWriter, r *http.Request) {
	var b orderChange
	if !c.decode(w, r, &b) {
		return
	}
	if b.Version == nil {
		c.fail(w, r, errVersion)
		return
	}
	linking := b.AssistantID != nil || b.PerMinuteCents != nil
	version := *b.Version
	var o orders.ConsoleOrder
	var err error
	if b.Status != "" || !linking {
		if o, err = c.orders.SetStatus(r.Context(), request.UserID(r), r.PathValue("id"), b.Status, version); err != nil {
			c.fail(w, r, err)
			return
		}
		version = o.Version
	}
	if linking {
		o, err = c.orders.SetLink(r.Context(), request.UserID(r), r.PathValue("id"),
			orders.Link{AssistantID: b.AssistantID, PerMinuteCents: b.PerMinuteCents}, version)
	}
	c.answer(w, r, http.StatusOK, map[string]orders.ConsoleOrder{"order": o}, err)
}

func (c *consoleAPI) listCalls(w http.ResponseWriter, r *http.Request) {
	if c.calls == nil {
		c.fail(w, r, errNoEndpoint)
		return
	}
	p, err := page(r)
	if err != nil {
		c.fail(w, r, err)
		return
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
		c.fail(w, r, errAssigned)
		return
	}
	list, err := c.calls.ConsoleList(r.Context(), assigned, p)
	c.answer(w, r, http.StatusOK, list, err)
}

// getCall is one call with the caller's full number, formatted for ?lang=.
func (c *consoleAPI) getCall(w http.ResponseWriter, r *http.Request) {
	if c.calls == nil {
		c.fail(w, r, errNoEndpoint)
		return
	}
	d, err := c.calls.ConsoleCall(r.Context(), request.UserID(r), r.PathValue("id"), r.URL.Query().Get("lang"))
	c.answer(w, r, http.StatusOK, map[string]calls.ConsoleDetail{"call": d}, err)
}

var errAssigned = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidField, Field: "assigned",
	Message: "assigned must be true or false."}

func (c *consoleAPI) listAgents(w http.ResponseWriter, r *http.Request) {
	agents, err := c.catalogue.List(r.Context())
	c.answer(w, r, http.StatusOK, map[string][]catalogue.Agent{"items": agents}, err)
}

// agentBody is an agent as the console sends it. On create every text is
// given; on update (a PATCH) only what changes, with the version seen. An
// id is accepted and ignored: the path names the agent.
type agentBody struct {
	ID            *string `json:"id"`
	NameEn        *string `json:"nameEn"`
	NameNl        *string `json:"nameNl"`
	TitleEn       *string `json:"titleEn"`
	TitleNl       *string `json:"titleNl"`
	DescriptionEn *string `json:"descriptionEn"`
	DescriptionNl *string `json:"descriptionNl"`
	DeliveryDays  *int    `json:"deliveryDays"`
	PriceCents    *int64  `json:"priceCents"`
	Currency      *string `json:"currency"`
	Version       *int    `json:"version"`
}

func (b agentBody) changes() catalogue.Changes {
	return catalogue.Changes{NameEn: b.NameEn, NameNl: b.NameNl, TitleEn: b.TitleEn, TitleNl: b.TitleNl,
		DescriptionEn: b.DescriptionEn, DescriptionNl: b.DescriptionNl, DeliveryDays: b.DeliveryDays,
		PriceCents: b.PriceCents, Currency: b.Currency, Version: b.Version}
}

func (c *consoleAPI) createAgent(w http.ResponseWriter, r *http.Request) {
	var b agentBody
	if !c.decode(w, r, &b) {
		return
	}
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
	c.answer(w, r, http.StatusCreated, map[string]catalogue.Agent{"agent": made}, err)
}

func (c *consoleAPI) updateAgent(w http.ResponseWriter, r *http.Request) {
	var b agentBody
	if !c.decode(w, r, &b) {
		return
	}
	a, err := c.catalogue.Update(r.Context(), request.UserID(r), r.PathValue("id"), b.changes())
	c.answer(w, r, http.StatusOK, map[string]catalogue.Agent{"agent": a}, err)
}

func (c *consoleAPI) listBuyers(w http.ResponseWriter, r *http.Request) {
	p, err := page(r)
	if err != nil {
		c.fail(w, r, err)
		return
	}
	list, err := c.orders.Buyers(r.Context(), r.URL.Query().Get("q"), p)
	c.answer(w, r, http.StatusOK, list, err)
}
