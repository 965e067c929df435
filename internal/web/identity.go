package web

import (
	"errors"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/web/request"
)

// identify resolves who is asking, once per API request, and puts it on
// the request context (package request): the client address and, when a
// session cookie is sent, its user and role. A renewed session (sliding
// expiry) gets its cookie back; a cookie whose session is gone is cleared.
// Without a session cookie it never touches the database, so public pages
// stay quiet even while the database is down.
type identify struct {
	auth       *auth.Service // nil: no accounts (tests of the static site)
	ready      func() bool   // the database is reachable and migrated
	cookie     sessionCookie
	trustProxy bool
}

func (id identify) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ident := request.Identity{ClientIP: clientIP(r, id.trustProxy)}
		if c, err := r.Cookie(id.cookie.name()); err == nil && id.auth != nil {
			if !id.ready() {
				ident.Err = apierr.ErrUnavailable
			} else {
				sess, renewed, err := id.auth.Authenticate(r.Context(), c.Value)
				switch {
				case errors.Is(err, auth.ErrUnauthenticated):
					id.cookie.clear(w)
				case err != nil:
					ident.Err = err
				case sess.Pending:
					ident.Pending = &sess.User
				default:
					ident.User = &sess.User
					if renewed.Token != "" {
						id.cookie.set(w, renewed)
					}
				}
			}
		}
		// The browser, for the session a sign-in opens (the profile page's devices).
		ctx := auth.WithUserAgent(request.WithIdentity(r.Context(), ident), r.UserAgent())
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// clientIP is the address rate limits count against. Behind a reverse
// proxy (TRUST_PROXY) it is the last X-Forwarded-For entry: the one the
// proxy itself appended, which the client cannot forge.
func clientIP(r *http.Request, trustProxy bool) string {
	if trustProxy {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			parts := strings.Split(xff[len(xff)-1], ",")
			if ip := strings.TrimSpace(parts[len(parts)-1]); ip != "" {
				return ip
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// sessionCookie writes the session cookie. Over https it is named with the
// __Host- prefix and Secure.
type sessionCookie struct{ secure bool }

func (c sessionCookie) name() string {
	if c.secure {
		// __Host- makes the browser refuse the cookie unless it is Secure,
		// host-only and for path /: no subdomain can plant or read it.
		return "__Host-session"
	}
	return "session"
}

func (c sessionCookie) set(w http.ResponseWriter, s auth.NewSession) {
	c.write(w, &http.Cookie{
		Name: c.name(), Value: s.Token, Path: "/",
		Expires: s.ExpiresAt, MaxAge: int(time.Until(s.ExpiresAt).Seconds()),
		HttpOnly: true, Secure: c.secure, SameSite: http.SameSiteLaxMode,
	})
}

func (c sessionCookie) clear(w http.ResponseWriter) {
	c.write(w, &http.Cookie{Name: c.name(), Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, Secure: c.secure, SameSite: http.SameSiteLaxMode})
}

// write replaces a session cookie set earlier in the same response (the
// middleware's renewal or clearing, then a handler's sign-in or sign-out),
// so a response never carries two contradicting cookies.
func (c sessionCookie) write(w http.ResponseWriter, ck *http.Cookie) {
	h := w.Header()
	prefix := c.name() + "="
	var kept []string
	for _, v := range h.Values("Set-Cookie") {
		if !strings.HasPrefix(v, prefix) {
			kept = append(kept, v)
		}
	}
	h.Del("Set-Cookie")
	for _, v := range kept {
		h.Add("Set-Cookie", v)
	}
	http.SetCookie(w, ck)
}
