package web

import (
	"net/http"
	"regexp"
	"strings"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/text"
	"github.com/belwise/site/internal/web/request"
)

// callPagePath is a call's page in the dashboard: the app shell, whose
// <audio> player plays the call's recording from Vapi's storage.
var callPagePath = regexp.MustCompile(`^(/nl)?/dashboard/agents/([^/]+)/calls/([^/]+)$`)

// consoleCallPagePath is a call's page in the console, which plays the
// recording too.
var consoleCallPagePath = regexp.MustCompile(`^(/nl)?/console/calls/([^/]+)$`)

// callPageCSP serves a call's page with a Content-Security-Policy whose
// media-src allows the origin of that call's recording, and only when the
// signed-in buyer owns the call and it has a recording: every other page,
// and this one for anyone else, keeps the site's policy (media from 'self'
// only). The app links to the page with a full document load, so the
// policy is decided per call.
type callPageCSP struct {
	api          *api
	ident        identify
	calls        *calls.Service
	scriptHashes []string
	extra        []cspSources
}

func (c *callPageCSP) serve(w http.ResponseWriter, r *http.Request, orderID, callID string, next http.HandlerFunc) {
	c.serveWith(w, r, next, func(r *http.Request) (string, bool) {
		u, ok := request.User(r)
		if !ok || !text.Clean(orderID) || !text.Clean(callID) {
			return "", false
		}
		return c.calls.RecordingOrigin(r.Context(), u.ID, orderID, callID)
	})
}

// serveConsole is serve for a call's page in the console: the same policy,
// for signed-in staff (whose every opening of the call is logged by its
// API, which the page calls).
func (c *callPageCSP) serveConsole(w http.ResponseWriter, r *http.Request, callID string, next http.HandlerFunc) {
	c.serveWith(w, r, next, func(r *http.Request) (string, bool) {
		if !request.IsStaff(r) || !text.Clean(callID) {
			return "", false
		}
		return c.calls.ConsoleRecordingOrigin(r.Context(), callID)
	})
}

// serveWith serves next with media-src widened to the origin recording
// names, when it names one for this asker.
func (c *callPageCSP) serveWith(w http.ResponseWriter, r *http.Request, next http.HandlerFunc, recording func(*http.Request) (string, bool)) {
	// The policy depends on who asks.
	w.Header().Add("Vary", "Cookie")
	c.ident.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c.api.ready() {
			if origin, ok := recording(r); ok && mediaOrigin(origin) {
				extra := append(append([]cspSources{}, c.extra...), cspSources{media: []string{origin}})
				w.Header().Set("Content-Security-Policy", contentSecurityPolicy(c.scriptHashes, extra...))
			}
		}
		next(w, r)
	})).ServeHTTP(w, r)
}

// mediaOrigin reports whether origin may stand in a media-src: https and
// one host name, optionally with port 443. voice.RecordingOrigin already
// refuses anything else, at the webhook and here; this second look keeps a
// link stored before those rules (or by any other way in) from ever
// widening the policy to a wildcard, another scheme or a second source.
func mediaOrigin(origin string) bool {
	host, ok := strings.CutPrefix(origin, "https://")
	host = strings.TrimSuffix(host, ":443")
	if !ok || host == "" || strings.HasPrefix(host, ".") || strings.HasSuffix(host, ".") {
		return false
	}
	for _, c := range []byte(host) {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' && c != '.' {
			return false
		}
	}
	return true
}
