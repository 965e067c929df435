package web

import (
	"net/http"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/voice"
	"github.com/belwise/site/internal/web/request"
)

// maxVoiceBody bounds a Vapi server message. A tool-calls message carries
// the whole call so far (assistant, transcript, messages twice over), and
// an end-of-call report the whole call with its transcript in up to four
// forms (artifact.messages, messagesOpenAIFormatted, the transcript text
// and call.messages), which grows with the call: an hour of conversation is
// a few hundred kilobytes. 4 MiB holds far more while still bounding
// memory, and only requests with the right secret are read.
const maxVoiceBody = 4 << 20

// voiceAPI serves the voice widget's configuration and Vapi's tool-call
// webhook. The work is done by package voice; this only speaks HTTP.
type voiceAPI struct {
	*api
	cfg    voice.Config
	secret voice.Secret
	tools  *voice.Tools
	calls  *calls.Service // nil: call reports are acknowledged, not stored
}

func newVoiceAPI(a *api, cfg voice.Config, quotes *quote.Service, cs *calls.Service) *voiceAPI {
	return &voiceAPI{api: a, cfg: cfg, secret: voice.NewSecret(cfg.WebhookSecret),
		tools: &voice.Tools{Quotes: quotes, Log: a.log}, calls: cs}
}

func (v *voiceAPI) table() []endpoint {
	return []endpoint{
		jsonOp(v.api, "GET", "/api/voice/config", 200, 0, v.config).doc("voice", "Which assistant the voice widget calls: only public values."),
	}
}

// webhooks are Vapi's server URL: plain handlers, whose bodies are Vapi's.
// One server URL for every message of every assistant; the tool-calls path
// stays for assistants set up before it.
func (v *voiceAPI) webhooks() []endpoint {
	var eps []endpoint
	for _, p := range []string{"/api/voice/webhook", "/api/voice/tool-calls"} {
		e := plainOp("POST", p, v.webhook).doc("voice", "Vapi's server messages (tool calls, end-of-call reports, status updates), with the webhook secret.")
		e.anyBody, e.anyAnswer = true, true
		eps = append(eps, e)
	}
	return eps
}

func (v *voiceAPI) routes(mux *http.ServeMux) {
	mount(mux, v.table(), func(e endpoint) http.HandlerFunc { return e.handler })
	// Without a secret the webhook is not registered at all, so every
	// method gets the API's ordinary 404, as for any unknown path.
	if v.secret.Configured() {
		mount(mux, v.webhooks(), func(e endpoint) http.HandlerFunc { return e.handler })
	}
}

type voiceConfigBody struct {
	Mode        string `json:"mode" enum:"vapi,demo"`
	PublicKey   string `json:"publicKey,omitempty"`
	AssistantID string `json:"assistantId,omitempty"`
}

// config tells the widget which assistant to call. Only public values are
// sent; the configuration holds no private key to leak.
func (v *voiceAPI) config(w http.ResponseWriter, r *http.Request, _ *none) (voiceConfigBody, error) {
	if !v.cfg.Enabled() {
		return voiceConfigBody{Mode: "demo"}, nil
	}
	return voiceConfigBody{Mode: "vapi", PublicKey: v.cfg.PublicKey, AssistantID: v.cfg.AssistantID}, nil
}

// webhook is the server URL of the assistants. Vapi posts every server
// message it is configured to send here: tool-calls messages are answered
// with one result per call; end-of-call-report and status-update messages
// store or update their call (by Vapi's call id, so a retried report is
// stored once and a late status never takes a call back) and get {};
// everything else gets {}.
// Per Vapi's docs a tool's failure is a result with "error" and HTTP 200;
// only a database outage before anything was stored fails the whole
// request (503), which Vapi retries when the tool's server has a backoff
// plan.
func (v *voiceAPI) webhook(w http.ResponseWriter, r *http.Request) {
	if !v.secret.Matches(r.Header.Get(voice.SecretHeader)) {
		v.log.Warn("voice webhook refused: missing or wrong secret", "ip", request.ClientIP(r))
		v.fail(w, r, voice.ErrSecret)
		return
	}
	body, err := readBody(w, r, maxVoiceBody)
	if err != nil {
		v.fail(w, r, err)
		return
	}
	msg, err := voice.ParseMessage(body)
	if err != nil {
		v.fail(w, r, err)
		return
	}
	if msg.Call != nil && v.calls != nil {
		if !v.dbReady(w, r) {
			return
		}
		if _, err := v.calls.Record(r.Context(), *msg.Call); err != nil {
			v.fail(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, struct{}{})
		return
	}
	if msg.Type != voice.TypeToolCalls {
		v.log.Debug("voice webhook: message ignored", "type", msg.Type)
		writeJSON(w, http.StatusOK, struct{}{})
		return
	}
	// Only tool calls need the database; other messages are acknowledged
	// even while it is down. The quote rate limit counts against the
	// client address: Vapi's server.
	if !v.dbReady(w, r) {
		return
	}
	results, err := v.tools.Run(r.Context(), msg.ToolCalls, request.ClientIP(r))
	if err != nil {
		// A database outage before anything was stored (503), or a
		// request Vapi gave up on (nobody reads that answer).
		v.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, voice.Response{Results: results})
}
