package web

import (
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/orders"
)

// accountAPI serves sign-up, sign-in, sessions and the dashboard data.
// Handlers only translate between HTTP and the auth and orders services.
type accountAPI struct {
	auth       *auth.Service
	orders     *orders.Service
	ready      func() bool // false until the database is migrated
	log        *slog.Logger
	secure     bool // https: the cookie gets Secure and the __Host- prefix
	trustProxy bool
}

func (a *accountAPI) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/me", a.me)
	db := a.needDB
	mux.Handle("POST /api/auth/sign-up", db(a.signUp))
	mux.Handle("POST /api/auth/sign-in", db(a.signIn))
	mux.Handle("POST /api/auth/sign-out", db(a.signOut))
	mux.Handle("POST /api/auth/verify", db(a.verify))
	mux.Handle("POST /api/auth/resend-verification", db(a.resend))
	mux.Handle("POST /api/auth/forgot-password", db(a.forgot))
	mux.Handle("POST /api/auth/reset-password", db(a.reset))
	mux.Handle("GET /api/dashboard", db(a.signedIn(a.dashboard)))
	mux.Handle("GET /api/orders/{id}", db(a.signedIn(a.order)))
}

// needDB answers 503 while the database is unreachable or not yet
// migrated, instead of failing deep inside a query.
func (a *accountAPI) needDB(h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a.auth == nil || (a.ready != nil && !a.ready()) {
			writeUnavailable(w)
			return
		}
		h(w, r)
	})
}

type userKey struct{}

// signedIn resolves the session cookie and passes the user on, or answers
// 401.
func (a *accountAPI) signedIn(h func(http.ResponseWriter, *http.Request, auth.User)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u, ok := a.currentUser(w, r)
		if ok {
			h(w, r, u)
		}
	}
}

// currentUser returns the signed-in user, or writes the error response.
func (a *accountAPI) currentUser(w http.ResponseWriter, r *http.Request) (auth.User, bool) {
	c, err := r.Cookie(a.cookieName())
	if err != nil {
		a.fail(w, r, auth.ErrUnauthenticated)
		return auth.User{}, false
	}
	u, renewed, err := a.auth.Authenticate(r.Context(), c.Value)
	if err != nil {
		if errors.Is(err, auth.ErrUnauthenticated) {
			a.clearCookie(w)
		}
		a.fail(w, r, err)
		return auth.User{}, false
	}
	if renewed.Token != "" {
		a.setCookie(w, renewed)
	}
	return u, true
}

// me reports who is signed in. Without a cookie it never touches the
// database, so public pages stay quiet even while the database is down.
func (a *accountAPI) me(w http.ResponseWriter, r *http.Request) {
	anonymous := map[string]bool{"authenticated": false}
	if _, err := r.Cookie(a.cookieName()); err != nil || a.auth == nil {
		writeJSON(w, http.StatusOK, anonymous)
		return
	}
	if a.ready != nil && !a.ready() {
		writeUnavailable(w)
		return
	}
	c, _ := r.Cookie(a.cookieName())
	u, renewed, err := a.auth.Authenticate(r.Context(), c.Value)
	switch {
	case errors.Is(err, auth.ErrUnauthenticated):
		a.clearCookie(w)
		writeJSON(w, http.StatusOK, anonymous)
	case err != nil:
		a.fail(w, r, err)
	default:
		if renewed.Token != "" {
			a.setCookie(w, renewed)
		}
		writeJSON(w, http.StatusOK, map[string]any{"authenticated": true, "user": u})
	}
}

type signUpBody struct {
	FullName string `json:"fullName"`
	Email    string `json:"email"`
	Password string `json:"password"`
	Locale   string `json:"locale"`
}

func (a *accountAPI) signUp(w http.ResponseWriter, r *http.Request) {
	var b signUpBody
	if !a.decode(w, r, &b) {
		return
	}
	err := a.auth.SignUp(r.Context(), auth.SignUpInput{FullName: b.FullName, Email: b.Email, Password: b.Password, Locale: b.Locale}, a.clientIP(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]bool{"ok": true})
}

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (a *accountAPI) signIn(w http.ResponseWriter, r *http.Request) {
	var b credentials
	if !a.decode(w, r, &b) {
		return
	}
	u, sess, err := a.auth.SignIn(r.Context(), b.Email, b.Password, a.clientIP(r))
	a.startSession(w, r, u, sess, err)
}

func (a *accountAPI) signOut(w http.ResponseWriter, r *http.Request) {
	u, ok := a.currentUser(w, r)
	if !ok {
		return
	}
	if err := a.auth.SignOut(r.Context(), u.ID); err != nil {
		a.fail(w, r, err)
		return
	}
	a.clearCookie(w)
	w.WriteHeader(http.StatusNoContent)
}

type tokenBody struct {
	Token    string `json:"token"`
	Password string `json:"password,omitempty"`
}

func (a *accountAPI) verify(w http.ResponseWriter, r *http.Request) {
	var b struct {
		Token string `json:"token"`
	}
	if !a.decode(w, r, &b) {
		return
	}
	u, sess, err := a.auth.VerifyEmail(r.Context(), b.Token, a.clientIP(r))
	a.startSession(w, r, u, sess, err)
}

func (a *accountAPI) reset(w http.ResponseWriter, r *http.Request) {
	var b tokenBody
	if !a.decode(w, r, &b) {
		return
	}
	u, sess, err := a.auth.ResetPassword(r.Context(), b.Token, b.Password, a.clientIP(r))
	a.startSession(w, r, u, sess, err)
}

type emailBody struct {
	Email  string `json:"email"`
	Locale string `json:"locale"`
}

func (a *accountAPI) resend(w http.ResponseWriter, r *http.Request) {
	var b emailBody
	if !a.decode(w, r, &b) {
		return
	}
	a.accepted(w, r, a.auth.ResendVerification(r.Context(), b.Email, b.Locale, a.clientIP(r)))
}

func (a *accountAPI) forgot(w http.ResponseWriter, r *http.Request) {
	var b emailBody
	if !a.decode(w, r, &b) {
		return
	}
	a.accepted(w, r, a.auth.ForgotPassword(r.Context(), b.Email, b.Locale, a.clientIP(r)))
}

func (a *accountAPI) dashboard(w http.ResponseWriter, r *http.Request, u auth.User) {
	d, err := a.orders.Dashboard(r.Context(), u.ID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		User auth.User `json:"user"`
		orders.Dashboard
	}{u, d})
}

func (a *accountAPI) order(w http.ResponseWriter, r *http.Request, u auth.User) {
	o, err := a.orders.Order(r.Context(), u.ID, r.PathValue("id"))
	if errors.Is(err, orders.ErrNotFound) {
		a.fail(w, r, auth.ErrOrderNotFound)
		return
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]orders.Order{"order": o})
}

func (a *accountAPI) decode(w http.ResponseWriter, r *http.Request, dst any) bool {
	if err := decodeJSONLimit(w, r, dst, 8<<10); err != nil {
		writeAPIError(w, err)
		return false
	}
	return true
}

func (a *accountAPI) accepted(w http.ResponseWriter, r *http.Request, err error) {
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]bool{"ok": true})
}

func (a *accountAPI) startSession(w http.ResponseWriter, r *http.Request, u auth.User, sess auth.NewSession, err error) {
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.setCookie(w, sess)
	writeJSON(w, http.StatusOK, map[string]auth.User{"user": u})
}

func (a *accountAPI) fail(w http.ResponseWriter, r *http.Request, err error) {
	writeFailure(w, r, a.log, err)
}

func (a *accountAPI) cookieName() string {
	if a.secure {
		// __Host- makes the browser refuse the cookie unless it is Secure,
		// host-only and for path /: no subdomain can plant or read it.
		return "__Host-session"
	}
	return "session"
}

func (a *accountAPI) setCookie(w http.ResponseWriter, s auth.NewSession) {
	http.SetCookie(w, &http.Cookie{
		Name: a.cookieName(), Value: s.Token, Path: "/",
		Expires: s.ExpiresAt, MaxAge: int(time.Until(s.ExpiresAt).Seconds()),
		HttpOnly: true, Secure: a.secure, SameSite: http.SameSiteLaxMode,
	})
}

func (a *accountAPI) clearCookie(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: a.cookieName(), Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, Secure: a.secure, SameSite: http.SameSiteLaxMode})
}

// clientIP is the address rate limits count against. Behind a reverse
// proxy (TRUST_PROXY) it is the last X-Forwarded-For entry: the one the
// proxy itself appended, which the client cannot forge.
func (a *accountAPI) clientIP(r *http.Request) string {
	if a.trustProxy {
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
