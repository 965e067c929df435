package web

import (
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/pquerna/otp/totp"
)

// setupAnswer is a staff member's sign-in answer (and GET /api/auth/totp).
type setupAnswer struct {
	Step, Secret, OtpauthURL, QR string
}

// totpCode is the code an authenticator app shows for secret at t.
func (e *accountEnv) totpCode(secret string, t time.Time) string {
	e.t.Helper()
	code, err := totp.GenerateCode(secret, t)
	if err != nil {
		e.t.Fatal(err)
	}
	return code
}

// staffSignIn signs a staff member in with the password; it returns the
// pending session's cookie and the answer (the step it waits for).
func (e *accountEnv) staffSignIn(email, password string) (*http.Cookie, setupAnswer) {
	e.t.Helper()
	rec := e.call("POST", "/api/auth/sign-in", map[string]string{"email": email, "password": password}, nil)
	return cookieFrom(e.t, rec), decode[setupAnswer](e.t, rec, 200)
}

// passSecondStep posts body to the second step with the pending cookie.
func (e *accountEnv) passSecondStep(pending *http.Cookie, body map[string]string) *httptest.ResponseRecorder {
	e.t.Helper()
	return e.call("POST", "/api/auth/totp", body, pending)
}

// staffSignInWithSetup signs in a staff member without a factor through
// the real endpoints: the password, then the offered key confirmed with
// its current code. It returns the complete session's cookie, the key and
// the recovery codes shown.
func (e *accountEnv) staffSignInWithSetup(email, password string) (*http.Cookie, string, []string) {
	e.t.Helper()
	pending, ans := e.staffSignIn(email, password)
	if ans.Step != "totp-setup" || ans.Secret == "" {
		e.t.Fatalf("sign-in of staff without a factor: %+v", ans)
	}
	rec := e.passSecondStep(pending, map[string]string{"code": e.totpCode(ans.Secret, time.Now())})
	done := decode[struct{ RecoveryCodes []string }](e.t, rec, 200)
	return cookieFrom(e.t, rec), ans.Secret, done.RecoveryCodes
}
