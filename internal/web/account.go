package web

import (
	"net/http"
	"reflect"

	"github.com/danielgtaylor/huma/v2"

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

// table declares the account endpoints.
func (a *accountAPI) table() []endpoint {
	const lim = maxAccountBody
	return []endpoint{
		jsonOp(a.api, "GET", "/api/me", 200, 0, a.me).doc("account", "Who is signed in."),
		jsonOp(a.api, "POST", "/api/auth/sign-up", 202, lim, a.signUp).doc("account", "Makes an account and sends the verification email; 202 also when the address is taken."),
		jsonOp(a.api, "POST", "/api/auth/sign-in", 200, lim, a.signIn).doc("account", "Signs in: the user and the cookie, or for staff the second step it waits for."),
		jsonOp(a.api, "POST", "/api/auth/sign-out", 204, 0, a.signOut).doc("account", "Ends every session of the user (a session waiting for its second step: that one)."),
		jsonOp(a.api, "GET", "/api/auth/totp", 200, 0, a.secondStep).doc("account", "The second step a pending session waits for; 401 for any other."),
		jsonOp(a.api, "POST", "/api/auth/totp", 200, lim, a.passSecondStep).doc("account", "Completes a staff member's sign-in with a code or a recovery code."),
		jsonOp(a.api, "POST", "/api/auth/verify", 200, lim, a.verify).doc("account", "Verifies the email address and signs in."),
		jsonOp(a.api, "POST", "/api/auth/resend-verification", 202, lim, a.resend).doc("account", "Sends the verification email again; 202 whether or not the address has an account."),
		jsonOp(a.api, "POST", "/api/auth/forgot-password", 202, lim, a.forgot).doc("account", "Sends a reset link; 202 whether or not the address has an account."),
		jsonOp(a.api, "POST", "/api/auth/reset-password", 200, lim, a.reset).doc("account", "Sets a new password and signs in."),
		jsonOp(a.api, "POST", "/api/auth/accept-invite", 200, lim, a.acceptInvite).doc("account", "Sets the first password of an account the agency made and signs in."),
		jsonOp(a.api, "POST", "/api/auth/check-token", 204, lim, a.checkToken).doc("account", "204 while a reset or invitation link still works, without using it."),
		jsonOp(a.api, "GET", "/api/dashboard", 200, 0, a.dashboard).doc("account", "The buyer's orders and the figures computed from them.", "lang").as(signedIn),
		jsonOp(a.api, "GET", "/api/orders/{id}", 200, 0, a.order).doc("account", "One of the buyer's orders.", "lang").as(signedIn),
		jsonOp(a.api, "GET", "/api/account/profile", 200, 0, a.profile).doc("account", "The signed-in user's name, email and email language.").as(signedIn),
		jsonOp(a.api, "PUT", "/api/account/profile", 200, lim, a.updateProfile).doc("account", "Sets the signed-in user's name and email language.").as(signedIn),
		jsonOp(a.api, "POST", "/api/account/password", 204, lim, a.changePassword).doc("account", "Changes the password (with the current one) and ends every other session of the user.").as(signedIn),
		jsonOp(a.api, "GET", "/api/account/devices", 200, 0, a.devices).doc("account", "The user's signed-in devices (sessions), the asking one marked current.").as(signedIn),
		jsonOp(a.api, "DELETE", "/api/account/devices/{id}", 204, 0, a.endDevice).doc("account", "Signs one of the user's devices out; 404 unless it is theirs.").as(signedIn),
	}
}

// routes mounts the table: GET /api/me needs no guard, every other
// endpoint the database, and the signed-in ones a session.
func (a *accountAPI) routes(mux *http.ServeMux) {
	mount(mux, a.table(), func(e endpoint) http.HandlerFunc {
		switch {
		case e.path == "/api/me":
			return e.handler
		case e.access == signedIn:
			return a.needDB(a.signedIn(e.handler))
		}
		return a.needDB(e.handler)
	})
}

// meAnswer is who is signed in: {"authenticated":true,"user"},
// {"authenticated":false}, or {"authenticated":false,"secondStep":true}
// for a session waiting for its second step.
type meAnswer struct {
	Authenticated bool       `json:"authenticated"`
	SecondStep    bool       `json:"secondStep,omitempty"`
	User          *auth.User `json:"user,omitempty"`
}

type signedOutAnswer struct {
	Authenticated bool `json:"authenticated" enum:"false"`
	SecondStep    bool `json:"secondStep,omitempty" enum:"true" doc:"Signed in by password alone: the second step waits (GET /api/auth/totp)."`
}

type signedInAnswer struct {
	Authenticated bool      `json:"authenticated" enum:"true"`
	User          auth.User `json:"user"`
}

func (meAnswer) Schema(r huma.Registry) *huma.Schema {
	return oneOf(r, reflect.TypeFor[signedOutAnswer](), reflect.TypeFor[signedInAnswer]())
}

// me reports who is signed in. It needs no guard: without a session cookie
// the identity middleware never touches the database, and a stale cookie
// reads as signed out (and was cleared).
func (a *accountAPI) me(w http.ResponseWriter, r *http.Request, _ *none) (meAnswer, error) {
	id := request.IdentityOf(r)
	switch {
	case id.Err != nil:
		return meAnswer{}, id.Err
	case id.Pending != nil:
		// Signed in by password alone: not yet, but the second step waits.
		return meAnswer{SecondStep: true}, nil
	case id.User == nil:
		return meAnswer{}, nil
	}
	return meAnswer{Authenticated: true, User: id.User}, nil
}

type signUpBody struct {
	FullName string `json:"fullName" text:"raw"`
	Email    string `json:"email" text:"raw"`
	Password string `json:"password" text:"raw"`
	Locale   string `json:"locale" enum:"en,nl" doc:"The language of the emails."`
}

// okAnswer is {"ok":true}: accepted.
type okAnswer struct {
	OK bool `json:"ok" enum:"true"`
}

func (a *accountAPI) signUp(w http.ResponseWriter, r *http.Request, b *signUpBody) (okAnswer, error) {
	in := auth.SignUpInput{FullName: b.FullName, Email: b.Email, Password: b.Password, Locale: b.Locale}
	return accepted(a.auth.SignUp(r.Context(), in, request.ClientIP(r)))
}

type credentials struct {
	Email    string `json:"email" text:"raw"`
	Password string `json:"password" text:"raw"`
}

func (a *accountAPI) signIn(w http.ResponseWriter, r *http.Request, b *credentials) (signInAnswer, error) {
	u, sess, err := a.auth.SignIn(r.Context(), b.Email, b.Password, request.ClientIP(r))
	return a.startSession(w, u, sess, err)
}

// signOut ends every session of a signed-in user. A session waiting for
// its second step ends alone: the password alone does not sign its owner
// out everywhere.
func (a *accountAPI) signOut(w http.ResponseWriter, r *http.Request, _ *none) (none, error) {
	if request.IdentityOf(r).Pending != nil {
		if err := a.auth.EndSession(r.Context(), a.sessionToken(r)); err != nil {
			return none{}, err
		}
		a.cookie.clear(w)
		return none{}, nil
	}
	if err := whoIsSignedIn(r); err != nil {
		return none{}, err
	}
	if err := a.auth.SignOut(r.Context(), request.UserID(r)); err != nil {
		return none{}, err
	}
	a.cookie.clear(w)
	return none{}, nil
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

// The two second steps, as the document tells them apart.
type (
	totpStep struct {
		Step string `json:"step" enum:"totp" doc:"A code from the authenticator app, or a recovery code."`
	}
	totpSetupStep struct {
		Step string `json:"step" enum:"totp-setup" doc:"No factor yet: confirm the offered key with a code."`
		auth.TOTPSetup
	}
)

func (secondStepAnswer) Schema(r huma.Registry) *huma.Schema {
	return oneOf(r, reflect.TypeFor[totpStep](), reflect.TypeFor[totpSetupStep]())
}

// signInAnswer is what sign-in, verification, a reset and an invitation
// answer: {"user"}, or for staff the second step (secondStepAnswer).
type signInAnswer struct {
	User *auth.User `json:"user,omitempty"`
	*secondStepAnswer
}

type userAnswer struct {
	User auth.User `json:"user"`
}

func (signInAnswer) Schema(r huma.Registry) *huma.Schema {
	return oneOf(r, reflect.TypeFor[userAnswer](), reflect.TypeFor[totpStep](), reflect.TypeFor[totpSetupStep]())
}

// oneOf is a union of named types, each a reference to its schema.
func oneOf(r huma.Registry, types ...reflect.Type) *huma.Schema {
	s := &huma.Schema{}
	for _, t := range types {
		s.OneOf = append(s.OneOf, r.Schema(t, true, ""))
	}
	return s
}

// secondStep tells a session waiting for its second step which one it is
// (after a reload, or a sign-in posted without JavaScript); 401 for any
// other session.
func (a *accountAPI) secondStep(w http.ResponseWriter, r *http.Request, _ *none) (secondStepAnswer, error) {
	step, setup, err := a.auth.SecondStep(r.Context(), a.sessionToken(r))
	return secondStepAnswer{Step: step, TOTPSetup: setup}, err
}

// secondStepBody is a code from the authenticator app or a recovery code
// (either may come as code).
type secondStepBody struct {
	Code         string `json:"code,omitempty"`
	RecoveryCode string `json:"recoveryCode,omitempty"`
}

// passedAnswer is a completed sign-in, with the recovery codes once, when
// it confirmed a first factor.
type passedAnswer struct {
	User          auth.User `json:"user"`
	RecoveryCodes []string  `json:"recoveryCodes,omitempty"`
}

// passSecondStep completes a staff member's sign-in with a code from their
// authenticator app or a recovery code ({"code"} or {"recoveryCode"}): the
// pending session is replaced by a full one. A first factor's confirmation
// answers its recovery codes, this once.
func (a *accountAPI) passSecondStep(w http.ResponseWriter, r *http.Request, b *secondStepBody) (passedAnswer, error) {
	p, err := a.auth.PassSecondStep(r.Context(), a.sessionToken(r), auth.SecondStepInput{Code: b.Code, RecoveryCode: b.RecoveryCode}, request.ClientIP(r))
	if err != nil {
		return passedAnswer{}, err
	}
	a.cookie.set(w, p.Session)
	return passedAnswer{p.User, p.RecoveryCodes}, nil
}

type tokenBody struct {
	Token    string `json:"token"`
	Password string `json:"password" text:"raw"`
}

type verifyBody struct {
	Token string `json:"token"`
}

func (a *accountAPI) verify(w http.ResponseWriter, r *http.Request, b *verifyBody) (signInAnswer, error) {
	u, sess, err := a.auth.VerifyEmail(r.Context(), b.Token, request.ClientIP(r))
	return a.startSession(w, u, sess, err)
}

func (a *accountAPI) reset(w http.ResponseWriter, r *http.Request, b *tokenBody) (signInAnswer, error) {
	u, sess, err := a.auth.ResetPassword(r.Context(), b.Token, b.Password, request.ClientIP(r))
	return a.startSession(w, u, sess, err)
}

func (a *accountAPI) acceptInvite(w http.ResponseWriter, r *http.Request, b *tokenBody) (signInAnswer, error) {
	u, sess, err := a.auth.AcceptInvite(r.Context(), b.Token, b.Password, request.ClientIP(r))
	return a.startSession(w, u, sess, err)
}

type checkTokenBody struct {
	Token   string `json:"token"`
	Purpose string `json:"purpose" enum:"reset,invite"`
}

// checkToken answers 204 while a reset or invitation link still works, and
// invalid_token when it is used or expired; it does not use the link.
func (a *accountAPI) checkToken(w http.ResponseWriter, r *http.Request, b *checkTokenBody) (none, error) {
	return none{}, a.auth.CheckLink(r.Context(), b.Token, b.Purpose, request.ClientIP(r))
}

type emailBody struct {
	Email  string `json:"email" text:"raw"`
	Locale string `json:"locale" enum:"en,nl" doc:"The language of the email."`
}

func (a *accountAPI) resend(w http.ResponseWriter, r *http.Request, b *emailBody) (okAnswer, error) {
	return accepted(a.auth.ResendVerification(r.Context(), b.Email, b.Locale, request.ClientIP(r)))
}

func (a *accountAPI) forgot(w http.ResponseWriter, r *http.Request, b *emailBody) (okAnswer, error) {
	return accepted(a.auth.ForgotPassword(r.Context(), b.Email, b.Locale, request.ClientIP(r)))
}

// dashboardAnswer is the buyer with their orders and figures.
type dashboardAnswer struct {
	User auth.User `json:"user"`
	orders.Dashboard
}

func (a *accountAPI) dashboard(w http.ResponseWriter, r *http.Request, _ *none) (dashboardAnswer, error) {
	u, _ := request.User(r)
	d, err := a.orders.Dashboard(r.Context(), u.ID, r.URL.Query().Get("lang"))
	return dashboardAnswer{u, d}, err
}

type orderAnswer struct {
	Order orders.Order `json:"order"`
}

func (a *accountAPI) order(w http.ResponseWriter, r *http.Request, _ *none) (orderAnswer, error) {
	o, err := a.orders.Order(r.Context(), request.UserID(r), r.PathValue("id"), r.URL.Query().Get("lang"))
	return orderAnswer{o}, err
}

type profileAnswer struct {
	Profile auth.Profile `json:"profile"`
}

func (a *accountAPI) profile(w http.ResponseWriter, r *http.Request, _ *none) (profileAnswer, error) {
	p, err := a.auth.Profile(r.Context(), request.UserID(r))
	return profileAnswer{p}, err
}

type profileBody struct {
	FullName string `json:"fullName" text:"raw"`
	Locale   string `json:"locale" enum:"en,nl" doc:"The language of the emails."`
}

func (a *accountAPI) updateProfile(w http.ResponseWriter, r *http.Request, b *profileBody) (profileAnswer, error) {
	p, err := a.auth.UpdateProfile(r.Context(), request.UserID(r), auth.ProfileInput{FullName: b.FullName, Locale: b.Locale})
	return profileAnswer{p}, err
}

type passwordBody struct {
	CurrentPassword string `json:"currentPassword" text:"raw"`
	NewPassword     string `json:"newPassword" text:"raw"`
}

// changePassword keeps the asking session (its cookie stays as it is) and
// ends every other.
func (a *accountAPI) changePassword(w http.ResponseWriter, r *http.Request, b *passwordBody) (none, error) {
	in := auth.ChangePasswordInput{Current: b.CurrentPassword, New: b.NewPassword}
	return none{}, a.auth.ChangePassword(r.Context(), request.UserID(r), a.sessionToken(r), in, request.ClientIP(r))
}

type devicesAnswer struct {
	Devices []auth.Device `json:"devices"`
}

func (a *accountAPI) devices(w http.ResponseWriter, r *http.Request, _ *none) (devicesAnswer, error) {
	d, err := a.auth.Devices(r.Context(), request.UserID(r), a.sessionToken(r))
	return devicesAnswer{d}, err
}

// endDevice signs one device out; when that is the asking one, its cookie
// goes too.
func (a *accountAPI) endDevice(w http.ResponseWriter, r *http.Request, _ *none) (none, error) {
	id := r.PathValue("id")
	devices, err := a.auth.Devices(r.Context(), request.UserID(r), a.sessionToken(r))
	if err != nil {
		return none{}, err
	}
	if err := a.auth.EndDevice(r.Context(), request.UserID(r), id); err != nil {
		return none{}, err
	}
	for _, d := range devices {
		if d.ID == id && d.Current {
			a.cookie.clear(w)
		}
	}
	return none{}, nil
}

// maxAccountBody bounds the account forms' bodies: an email address, a
// name and a password at most.
const maxAccountBody = 8 << 10

func accepted(err error) (okAnswer, error) {
	return okAnswer{OK: err == nil}, err
}

func (a *accountAPI) startSession(w http.ResponseWriter, u auth.User, sess auth.NewSession, err error) (signInAnswer, error) {
	if err != nil {
		return signInAnswer{}, err
	}
	a.cookie.set(w, sess)
	if sess.Step != "" {
		// A staff member: the session reaches nothing until the second step.
		return signInAnswer{secondStepAnswer: &secondStepAnswer{Step: sess.Step, TOTPSetup: sess.Setup}}, nil
	}
	return signInAnswer{User: &u}, nil
}
