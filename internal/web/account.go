package web

import (
	"net/http"

	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/web/request"
)

// accountAPI serves sign-up, sign-in, sessions and the dashboard data.
// Handlers only translate between HTTP and the auth and orders services;
// who is asking comes from the request context.
type accountAPI struct {
	*api
	auth   *auth.Service
	orders *orders.Service
	cookie sessionCookie
}

func (a *accountAPI) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/me", a.me)
	db := a.needDB
	mux.HandleFunc("POST /api/auth/sign-up", db(a.signUp))
	mux.HandleFunc("POST /api/auth/sign-in", db(a.signIn))
	mux.HandleFunc("POST /api/auth/sign-out", db(a.signOut))
	mux.HandleFunc("GET /api/auth/totp", db(a.secondStep))
	mux.HandleFunc("POST /api/auth/totp", db(a.passSecondStep))
	mux.HandleFunc("POST /api/auth/verify", db(a.verify))
	mux.HandleFunc("POST /api/auth/resend-verification", db(a.resend))
	mux.HandleFunc("POST /api/auth/forgot-password", db(a.forgot))
	mux.HandleFunc("POST /api/auth/reset-password", db(a.reset))
	mux.HandleFunc("POST /api/auth/accept-invite", db(a.acceptInvite))
	mux.HandleFunc("POST /api/auth/check-token", db(a.checkToken))
	mux.HandleFunc("GET /api/dashboard", db(a.signedIn(a.dashboard)))
	mux.HandleFunc("GET /api/orders/{id}", db(a.signedIn(a.order)))
}

// me reports who is signed in. It needs no guard: without a session cookie
// the identity middleware never touches the database, and a stale cookie
// reads as signed out (and was cleared).
func (a *accountAPI) me(w http.ResponseWriter, r *http.Request) {
	id := request.IdentityOf(r)
	switch {
	case id.Err != nil:
		a.fail(w, r, id.Err)
	case id.Pending != nil:
		// Signed in by password alone: not yet, but the second step waits.
		writeJSON(w, http.StatusOK, map[string]bool{"authenticated": false, "secondStep": true})
	case id.User == nil:
		writeJSON(w, http.StatusOK, map[string]bool{"authenticated": false})
	default:
		writeJSON(w, http.StatusOK, map[string]any{"authenticated": true, "user": id.User})
	}
}

type signUpBody struct {
	FullName string `json:"fullName" text:"raw"`
	Email    string `json:"email" text:"raw"`
	Password string `json:"password" text:"raw"`
	Locale   string `json:"locale"`
}

func (a *accountAPI) signUp(w http.ResponseWriter, r *http.Request) {
	var b signUpBody
	if !a.decode(w, r, &b) {
		return
	}
	in := auth.SignUpInput{FullName: b.FullName, Email: b.Email, Password: b.Password, Locale: b.Locale}
	a.accepted(w, r, a.auth.SignUp(r.Context(), in, request.ClientIP(r)))
}

type credentials struct {
	Email    string `json:"email" text:"raw"`
	Password string `json:"password" text:"raw"`
}

func (a *accountAPI) signIn(w http.ResponseWriter, r *http.Request) {
	var b credentials
	if !a.decode(w, r, &b) {
		return
	}
	u, sess, err := a.auth.SignIn(r.Context(), b.Email, b.Password, request.ClientIP(r))
	a.startSession(w, r, u, sess, err)
}

// signOut ends every session of a signed-in user. A session waiting for
// its second step ends alone: the password alone does not sign its owner
// out everywhere.
func (a *accountAPI) signOut(w http.ResponseWriter, r *http.Request) {
	if request.IdentityOf(r).Pending != nil {
		if err := a.auth.EndSession(r.Context(), a.sessionToken(r)); err != nil {
			a.fail(w, r, err)
			return
		}
		a.cookie.clear(w)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	a.signedIn(func(w http.ResponseWriter, r *http.Request) {
		if err := a.auth.SignOut(r.Context(), request.UserID(r)); err != nil {
			a.fail(w, r, err)
			return
		}
		a.cookie.clear(w)
		w.WriteHeader(http.StatusNoContent)
	})(w, r)
}

// sessionToken is the session cookie's value, "" without one.
func (a *accountAPI) sessionToken(r *http.Request) string {
	if c, err := r.Cookie(a.cookie.name()); err == nil {
		return c.Value
	}
	return ""
}

// secondStepAnswer is what a staff member's sign-in answers: the step
// their session waits for, with the key to confirm when they set one up.
type secondStepAnswer struct {
	Step string `json:"step"`
	*auth.TOTPSetup
}

// secondStep tells a session waiting for its second step which one it is
// (after a reload, or a sign-in posted without JavaScript); 401 for any
// other session.
func (a *accountAPI) secondStep(w http.ResponseWriter, r *http.Request) {
	step, setup, err := a.auth.SecondStep(r.Context(), a.sessionToken(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, secondStepAnswer{Step: step, TOTPSetup: setup})
}

// passSecondStep completes a staff member's sign-in with a code from their
// authenticator app or a recovery code ({"code"} or {"recoveryCode"}): the
// pending session is replaced by a full one. A first factor's confirmation
// answers its recovery codes, this once.
func (a *accountAPI) passSecondStep(w http.ResponseWriter, r *http.Request) {
	var b struct {
		Code         string `json:"code"`
		RecoveryCode string `json:"recoveryCode"`
	}
	if !a.decode(w, r, &b) {
		return
	}
	p, err := a.auth.PassSecondStep(r.Context(), a.sessionToken(r), auth.SecondStepInput{Code: b.Code, RecoveryCode: b.RecoveryCode}, request.ClientIP(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.cookie.set(w, p.Session)
	writeJSON(w, http.StatusOK, struct {
		User          auth.User `json:"user"`
		RecoveryCodes []string  `json:"recoveryCodes,omitempty"`
	}{p.User, p.RecoveryCodes})
}

type tokenBody struct {
	Token    string `json:"token"`
	Password string `json:"password,omitempty" text:"raw"`
}

func (a *accountAPI) verify(w http.ResponseWriter, r *http.Request) {
	var b struct {
		Token string `json:"token"`
	}
	if !a.decode(w, r, &b) {
		return
	}
	u, sess, err := a.auth.VerifyEmail(r.Context(), b.Token, request.ClientIP(r))
	a.startSession(w, r, u, sess, err)
}

func (a *accountAPI) reset(w http.ResponseWriter, r *http.Request) {
	var b tokenBody
	if !a.decode(w, r, &b) {
		return
	}
	u, sess, err := a.auth.ResetPassword(r.Context(), b.Token, b.Password, request.ClientIP(r))
	a.startSession(w, r, u, sess, err)
}

func (a *accountAPI) acceptInvite(w http.ResponseWriter, r *http.Request) {
	var b tokenBody
	if !a.decode(w, r, &b) {
		return
	}
	u, sess, err := a.auth.AcceptInvite(r.Context(), b.Token, b.Password, request.ClientIP(r))
	a.startSession(w, r, u, sess, err)
}

// checkToken answers 204 while a reset or invitation link still works, and
// invalid_token when it is used or expired; it does not use the link.
func (a *accountAPI) checkToken(w http.ResponseWriter, r *http.Request) {
	var b struct {
		Token   string `json:"token"`
		Purpose string `json:"purpose"`
	}
	if !a.decode(w, r, &b) {
		return
	}
	if err := a.auth.CheckLink(r.Context(), b.Token, b.Purpose, request.ClientIP(r)); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type emailBody struct {
	Email  string `json:"email" text:"raw"`
	Locale string `json:"locale"`
}

func (a *accountAPI) resend(w http.ResponseWriter, r *http.Request) {
	var b emailBody
	if !a.decode(w, r, &b) {
		return
	}
	a.accepted(w, r, a.auth.ResendVerification(r.Context(), b.Email, b.Locale, request.ClientIP(r)))
}

func (a *accountAPI) forgot(w http.ResponseWriter, r *http.Request) {
	var b emailBody
	if !a.decode(w, r, &b) {
		return
	}
	a.accepted(w, r, a.auth.ForgotPassword(r.Context(), b.Email, b.Locale, request.ClientIP(r)))
}

func (a *accountAPI) dashboard(w http.ResponseWriter, r *http.Request) {
	u, _ := request.User(r)
	d, err := a.orders.Dashboard(r.Context(), u.ID, r.URL.Query().Get("lang"))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		User auth.User `json:"user"`
		orders.Dashboard
	}{u, d})
}

func (a *accountAPI) order(w http.ResponseWriter, r *http.Request) {
	o, err := a.orders.Order(r.Context(), request.UserID(r), r.PathValue("id"), r.URL.Query().Get("lang"))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]orders.Order{"order": o})
}

// maxAccountBody bounds the account forms' bodies: an email address, a
// name and a password at most.
const maxAccountBody = 8 << 10

func (a *accountAPI) decode(w http.ResponseWriter, r *http.Request, dst any) bool {
	if err := decodeBody(w, r, dst, maxAccountBody); err != nil {
		a.fail(w, r, err)
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
	a.cookie.set(w, sess)
	if sess.Step != "" {
		// A staff member: the session reaches nothing until the second step.
		writeJSON(w, http.StatusOK, secondStepAnswer{Step: sess.Step, TOTPSetup: sess.Setup})
		return
	}
	writeJSON(w, http.StatusOK, map[string]auth.User{"user": u})
}
