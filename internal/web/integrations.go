package web

import (
	"net/http"

	"github.com/belwise/site/internal/web/request"
	"github.com/belwise/site/internal/webhooks"
)

// integrationsAPI serves the buyer's webhook endpoints (issue 21 §3). Every
// endpoint is its owner's only: 401 without a session, 404 for anyone
// else's endpoint (as for one that does not exist).
type integrationsAPI struct {
	*api
	hooks *webhooks.Service
}

func (g *integrationsAPI) table() []endpoint {
	const lim = maxAccountBody
	return []endpoint{
		jsonOp(g.api, "GET", "/api/integrations/webhooks", 200, 0, g.list).doc("integrations", "The buyer's webhook endpoints (never their secrets).").as(signedIn),
		jsonOp(g.api, "POST", "/api/integrations/webhooks", 201, lim, g.create).doc("integrations", "Adds an https endpoint; the answer holds its signing secret, shown only this once. 400 webhook_url_not_public when its host is not a public address.").as(signedIn),
		jsonOp(g.api, "PATCH", "/api/integrations/webhooks/{id}", 200, lim, g.update).doc("integrations", "Switches an endpoint on or off, or sets its events or agents (absent fields stay).").as(signedIn),
		jsonOp(g.api, "DELETE", "/api/integrations/webhooks/{id}", 204, 0, g.remove).doc("integrations", "Deletes an endpoint with its delivery log.").as(signedIn),
		jsonOp(g.api, "POST", "/api/integrations/webhooks/{id}/secret", 200, 0, g.roll).doc("integrations", "Gives the endpoint a new signing secret, shown only this once; the old one stops at once.").as(signedIn),
		jsonOp(g.api, "POST", "/api/integrations/webhooks/{id}/test", 204, 0, g.test).doc("integrations", "Queues a test event (a made-up call marked test) to the endpoint, sent once even when it is off.").as(signedIn),
		jsonOp(g.api, "GET", "/api/integrations/webhooks/{id}/deliveries", 200, 0, g.deliveries).doc("integrations", "The endpoint's last 100 delivery attempts, newest first.").as(signedIn),
		jsonOp(g.api, "POST", "/api/integrations/webhooks/{id}/deliveries/{deliveryId}/redeliver", 204, 0, g.redeliver).doc("integrations", "Queues the delivery's message once more (same webhook-id, a new attempt).").as(signedIn),
	}
}

func (g *integrationsAPI) routes(mux *http.ServeMux) {
	if g.hooks == nil {
		return
	}
	mount(mux, g.table(), func(e endpoint) http.HandlerFunc { return g.needDB(g.signedIn(e.handler)) })
}

type endpointsAnswer struct {
	Endpoints []webhooks.Endpoint `json:"endpoints"`
	Events    []string            `json:"events" doc:"The events an endpoint may listen to."`
}

func (g *integrationsAPI) list(w http.ResponseWriter, r *http.Request, _ *none) (endpointsAnswer, error) {
	es, err := g.hooks.List(r.Context(), request.UserID(r))
	return endpointsAnswer{Endpoints: es, Events: webhooks.Events}, err
}

type endpointBody struct {
	URL      string   `json:"url" maxLength:"2000"`
	Events   []string `json:"events" enum:"call.ended,call.followup"`
	OrderIDs []string `json:"orderIds,omitempty" doc:"Limit it to these agents (order ids); absent or [] for every agent."`
}

func (g *integrationsAPI) create(w http.ResponseWriter, r *http.Request, b *endpointBody) (webhooks.CreatedEndpoint, error) {
	return g.hooks.Create(r.Context(), request.UserID(r), webhooks.EndpointInput{URL: b.URL, Events: b.Events, OrderIDs: b.OrderIDs})
}

type endpointChangeBody struct {
	Enabled  *bool    `json:"enabled,omitempty"`
	Events   []string `json:"events,omitempty" enum:"call.ended,call.followup"`
	OrderIDs []string `json:"orderIds,omitempty"`
}

type endpointAnswer struct {
	Endpoint webhooks.Endpoint `json:"endpoint"`
}

func (g *integrationsAPI) update(w http.ResponseWriter, r *http.Request, b *endpointChangeBody) (endpointAnswer, error) {
	e, err := g.hooks.Update(r.Context(), request.UserID(r), r.PathValue("id"), webhooks.EndpointChange{Enabled: b.Enabled, Events: b.Events, OrderIDs: b.OrderIDs})
	return endpointAnswer{e}, err
}

func (g *integrationsAPI) remove(w http.ResponseWriter, r *http.Request, _ *none) (none, error) {
	return none{}, g.hooks.Delete(r.Context(), request.UserID(r), r.PathValue("id"))
}

func (g *integrationsAPI) roll(w http.ResponseWriter, r *http.Request, _ *none) (webhooks.CreatedEndpoint, error) {
	return g.hooks.RollSecret(r.Context(), request.UserID(r), r.PathValue("id"))
}

func (g *integrationsAPI) test(w http.ResponseWriter, r *http.Request, _ *none) (none, error) {
	return none{}, g.hooks.Test(r.Context(), request.UserID(r), r.PathValue("id"))
}

type deliveriesAnswer struct {
	Deliveries []webhooks.Delivery `json:"deliveries"`
}

func (g *integrationsAPI) deliveries(w http.ResponseWriter, r *http.Request, _ *none) (deliveriesAnswer, error) {
	ds, err := g.hooks.Deliveries(r.Context(), request.UserID(r), r.PathValue("id"))
	return deliveriesAnswer{ds}, err
}

func (g *integrationsAPI) redeliver(w http.ResponseWriter, r *http.Request, _ *none) (none, error) {
	return none{}, g.hooks.Redeliver(r.Context(), request.UserID(r), r.PathValue("id"), r.PathValue("deliveryId"))
}
