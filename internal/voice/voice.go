// Package voice holds the server side of the voice-call widget on Vapi:
// the public settings the browser needs to start a web call, and the
// webhook Vapi calls when the site's assistant uses one of its function
// tools (today one: request_quote, which feeds the same pipeline as the
// quote form). It also reads Vapi's call messages (end-of-call reports,
// status updates) and its list-calls API into store.CallReport for package
// calls. It knows nothing about HTTP: its failures are apierr errors,
// which the web package maps to responses.
package voice

import (
	"crypto/sha256"
	"crypto/subtle"

	"github.com/belwise/site/internal/apierr"
)

// Config is the voice-call configuration (VAPI_* variables).
//
// PublicKey and AssistantID are public by design: Vapi's public key exists
// to be used in browsers, and the browser needs both to start a web call.
// There is no private API key anywhere in this configuration: it would give
// whoever reads it full control of the Vapi account, so it must never be
// sent to a browser, and the server has no use for it.
type Config struct {
	PublicKey   string
	AssistantID string
	// WebhookSecret authenticates Vapi's tool-call webhooks (header
	// x-vapi-secret); empty disables the webhook.
	WebhookSecret string
}

// Enabled reports whether web calls go to Vapi. Otherwise the widget runs
// the offline demo assistant and the site's CSP stays strict.
func (c Config) Enabled() bool {
	return c.PublicKey != "" && c.AssistantID != ""
}

// SecretHeader is the request header carrying the shared webhook secret.
const SecretHeader = "X-Vapi-Secret"

// ErrSecret refuses a webhook request without the right secret.
var ErrSecret = &apierr.Error{Kind: apierr.Unauthorized, Code: apierr.CodeUnauthorized,
	Message: "The " + SecretHeader + " header is missing or wrong."}

// Secret checks the shared webhook secret in constant time.
type Secret struct {
	digest [sha256.Size]byte
	set    bool
}

// NewSecret returns a checker for s; an empty s matches nothing.
func NewSecret(s string) Secret {
	if s == "" {
		return Secret{}
	}
	return Secret{digest: sha256.Sum256([]byte(s)), set: true}
}

// Configured reports whether a secret is set, i.e. the webhook is enabled.
func (s Secret) Configured() bool { return s.set }

// Matches reports whether got is the secret. Both sides are hashed first,
// so the comparison takes the same time whatever the length of got, and
// subtle.ConstantTimeCompare does not leak how many leading bytes agree.
func (s Secret) Matches(got string) bool {
	if !s.set || got == "" {
		return false
	}
	d := sha256.Sum256([]byte(got))
	return subtle.ConstantTimeCompare(d[:], s.digest[:]) == 1
}
