package auth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"strings"
)

// The browser a session is opened from travels on the context, so that the
// flows that open sessions (sign-in, links, the second step) need no extra
// argument: the web layer puts the request's User-Agent there.
type userAgentKey struct{}

// WithUserAgent returns ctx carrying the request's User-Agent header.
func WithUserAgent(ctx context.Context, ua string) context.Context {
	return context.WithValue(ctx, userAgentKey{}, ua)
}

// deviceFrom is the browser and system of the request on ctx.
func deviceFrom(ctx context.Context) (browser, system string) {
	ua, _ := ctx.Value(userAgentKey{}).(string)
	return ReadUserAgent(ua)
}

// newDeviceID is a session's public name (store.Session.DeviceID): 128
// random bits, unrelated to the token, so it cannot be used to sign in.
func newDeviceID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// plausibleDeviceID rejects what no session can be named before it reaches
// the database: the random ids above (22 characters) and the hex ones the
// migration gave older sessions (32).
func plausibleDeviceID(s string) bool {
	if len(s) < 16 || len(s) > 64 {
		return false
	}
	return strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	}) < 0
}

// ReadUserAgent reads the browser and the system from a User-Agent header
// ("Chrome", "Android"; "Safari", "iPhone"), each "" when not recognised.
// The app words them ("Chrome on Android", "Chrome op Android"). The order
// of the checks matters: Edge and Opera also say Chrome, Chrome also says
// Safari, and Android also says Linux.
func ReadUserAgent(ua string) (browser, system string) {
	has := func(s string) bool { return strings.Contains(ua, s) }
	switch {
	case has("Edg/") || has("EdgA/") || has("EdgiOS/"):
		browser = "Edge"
	case has("OPR/") || has("Opera"):
		browser = "Opera"
	case has("SamsungBrowser/"):
		browser = "Samsung Internet"
	case has("Firefox/") || has("FxiOS/"):
		browser = "Firefox"
	case has("Chrome/") || has("CriOS/") || has("Chromium/"):
		browser = "Chrome"
	case has("Safari/") && has("Version/"):
		browser = "Safari"
	}
	switch {
	case has("iPhone"):
		system = "iPhone"
	case has("iPad"):
		system = "iPad"
	case has("Android"):
		system = "Android"
	case has("Windows"):
		system = "Windows"
	case has("Mac OS X") || has("Macintosh"):
		system = "macOS"
	case has("CrOS"):
		system = "ChromeOS"
	case has("Linux"):
		system = "Linux"
	}
	return browser, system
}
