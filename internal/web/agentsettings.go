package web

import (
	"net/http"

	"github.com/belwise/site/internal/agentsettings"
	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/web/request"
)

// settingsAPI serves the agent settings of issue 23: the buyer's page
// (their own orders only; another's is 404) and the console's change
// requests, direct edits and rollbacks. The agency's prompt is never in an
// answer: only the buyer-owned settings are.
type settingsAPI struct {
	*api
	settings *agentsettings.Service // nil: the endpoints answer 404
}

// maxSettingsBody holds 50 questions and answers at their longest in a
// multibyte script, with the greetings and messages.
const maxSettingsBody = 512 << 10

func (g *settingsAPI) table() []endpoint {
	return []endpoint{
		jsonOp(g.api, "GET", "/api/orders/{id}/settings", 200, 0, g.get).doc("settings", "The buyer's order's agent settings: the live version (the defaults, version 0, while none), its status (live, pending, sending, failed), the change waiting for approval and the latest decision.").as(signedIn),
		jsonOp(g.api, "PUT", "/api/orders/{id}/settings", 202, maxSettingsBody, g.put).doc("settings", "Asks for the settings as a change request for staff to approve (202 {change}); a save while one is pending replaces it. 400 with every refused field (ai_disclosure_missing, recording_notice_missing…); 409 version_conflict when the live version moved on.").as(signedIn),
		jsonOp(g.api, "GET", "/api/orders/{id}/settings/versions", 200, 0, g.versions).doc("settings", "The versions of the buyer's order's settings, newest first.").as(signedIn),
	}
}

// consoleTable is the console's settings endpoints; consoleAPI.table adds
// them to its own, behind its guards.
func (g *settingsAPI) consoleTable() []endpoint {
	return []endpoint{
		jsonOp(g.api, "GET", "/api/console/changes", 200, 0, g.changes).doc("settings", "Every pending change request (the longest waiting first), then the latest decided ones, each with the order's live settings to diff against."),
		jsonOp(g.api, "POST", "/api/console/changes/{id}/approve", 200, 0, g.approve).doc("settings", "Approves a pending change request: the order's next version, delivered to its Vapi assistant. 409 change_decided when it is not pending; 409 version_conflict when the live version moved on since the buyer saved."),
		jsonOp(g.api, "POST", "/api/console/changes/{id}/reject", 200, maxConsoleBody, g.reject).doc("settings", "Rejects a pending change request with a note for the buyer."),
		jsonOp(g.api, "GET", "/api/console/orders/{id}/settings", 200, 0, g.staffGet).doc("settings", "An order's agent settings with the delivery's reason and the linked assistant."),
		jsonOp(g.api, "PUT", "/api/console/orders/{id}/settings", 200, maxSettingsBody, g.staffPut).doc("settings", "Staff edit the settings directly (recordsCalls included): a new version at once. 409 version_conflict for a stale version."),
		jsonOp(g.api, "GET", "/api/console/orders/{id}/settings/versions", 200, 0, g.staffVersions).doc("settings", "The versions of an order's settings, newest first, with their authors."),
		jsonOp(g.api, "POST", "/api/console/orders/{id}/settings/rollback", 200, maxConsoleBody, g.rollback).doc("settings", "Makes a copy of an earlier version the next version."),
	}
}

func (g *settingsAPI) routes(mux *http.ServeMux) {
	if g.settings == nil {
		return
	}
	mount(mux, g.table(), func(e endpoint) http.HandlerFunc { return g.needDB(g.signedIn(e.handler)) })
}

var errNoSettings = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Not found."}

type settingsAnswer struct {
	Settings agentsettings.SettingsView `json:"settings"`
}

func (g *settingsAPI) get(w http.ResponseWriter, r *http.Request, _ *none) (settingsAnswer, error) {
	v, err := g.settings.Get(r.Context(), request.UserID(r), r.PathValue("id"))
	return settingsAnswer{v}, err
}

// settingsBody is the settings with the live version read.
type settingsBody struct {
	agentsettings.AgentSettings
	Version *int `json:"version,omitempty" required:"true" doc:"The live version read (0 while there is none): 409 version_conflict when it changed since."`
}

type changeAnswer struct {
	Change agentsettings.SettingsChange `json:"change"`
}

func (g *settingsAPI) put(w http.ResponseWriter, r *http.Request, b *settingsBody) (changeAnswer, error) {
	if b.Version == nil {
		return changeAnswer{}, errVersion
	}
	c, err := g.settings.Request(r.Context(), request.UserID(r), r.PathValue("id"), b.AgentSettings, *b.Version)
	return changeAnswer{c}, err
}

type versionsAnswer struct {
	Versions []agentsettings.SettingsVersion `json:"versions"`
}

func (g *settingsAPI) versions(w http.ResponseWriter, r *http.Request, _ *none) (versionsAnswer, error) {
	vs, err := g.settings.Versions(r.Context(), request.UserID(r), r.PathValue("id"))
	return versionsAnswer{vs}, err
}

type changesAnswer struct {
	Changes []agentsettings.ConsoleSettingsChange `json:"changes"`
}

func (g *settingsAPI) changes(w http.ResponseWriter, r *http.Request, _ *none) (changesAnswer, error) {
	if g.settings == nil {
		return changesAnswer{}, errNoSettings
	}
	cs, err := g.settings.Changes(r.Context())
	return changesAnswer{cs}, err
}

type decisionAnswer struct {
	Change   agentsettings.SettingsChange     `json:"change"`
	Settings *agentsettings.StaffSettingsView `json:"settings,omitempty" doc:"Approved: the order's settings with the new version."`
}

func (g *settingsAPI) approve(w http.ResponseWriter, r *http.Request, _ *none) (decisionAnswer, error) {
	if g.settings == nil {
		return decisionAnswer{}, errNoSettings
	}
	c, v, err := g.settings.Approve(r.Context(), request.UserID(r), r.PathValue("id"))
	return decisionAnswer{Change: c, Settings: &v}, err
}

type rejectBody struct {
	Note string `json:"note" doc:"Why, for the buyer."`
}

func (g *settingsAPI) reject(w http.ResponseWriter, r *http.Request, b *rejectBody) (decisionAnswer, error) {
	if g.settings == nil {
		return decisionAnswer{}, errNoSettings
	}
	c, err := g.settings.Reject(r.Context(), request.UserID(r), r.PathValue("id"), b.Note)
	return decisionAnswer{Change: c}, err
}

type staffSettingsAnswer struct {
	Settings agentsettings.StaffSettingsView `json:"settings"`
}

func (g *settingsAPI) staffGet(w http.ResponseWriter, r *http.Request, _ *none) (staffSettingsAnswer, error) {
	if g.settings == nil {
		return staffSettingsAnswer{}, errNoSettings
	}
	v, err := g.settings.StaffGet(r.Context(), r.PathValue("id"))
	return staffSettingsAnswer{v}, err
}

func (g *settingsAPI) staffPut(w http.ResponseWriter, r *http.Request, b *settingsBody) (staffSettingsAnswer, error) {
	if g.settings == nil {
		return staffSettingsAnswer{}, errNoSettings
	}
	if b.Version == nil {
		return staffSettingsAnswer{}, errVersion
	}
	v, err := g.settings.StaffSave(r.Context(), request.UserID(r), r.PathValue("id"), b.AgentSettings, *b.Version)
	return staffSettingsAnswer{v}, err
}

func (g *settingsAPI) staffVersions(w http.ResponseWriter, r *http.Request, _ *none) (versionsAnswer, error) {
	if g.settings == nil {
		return versionsAnswer{}, errNoSettings
	}
	vs, err := g.settings.Versions(r.Context(), "", r.PathValue("id"))
	return versionsAnswer{vs}, err
}

type rollbackBody struct {
	Version int `json:"version" minimum:"1" doc:"The version to copy."`
}

func (g *settingsAPI) rollback(w http.ResponseWriter, r *http.Request, b *rollbackBody) (staffSettingsAnswer, error) {
	if g.settings == nil {
		return staffSettingsAnswer{}, errNoSettings
	}
	v, err := g.settings.Rollback(r.Context(), request.UserID(r), r.PathValue("id"), b.Version)
	return staffSettingsAnswer{v}, err
}
