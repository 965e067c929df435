package web

import (
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// makeStaff signs up a verified account and makes it staff; its own
// session (from the verification) is then pending and not returned.
func (e *accountEnv) makeStaff(name, email, password string) store.User {
	e.t.Helper()
	e.signUpVerified(name, email, password)
	u, err := e.db.UserByEmail(e.t.Context(), email)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.db.SetUserRole(e.t.Context(), u.ID, store.RoleStaff); err != nil {
		e.t.Fatal(err)
	}
	return u
}

// expectPending checks that cookie is a session waiting for its second
// step: nothing of the account, not even /api/me, counts it signed in.
func (e *accountEnv) expectPending(what string, cookie *http.Cookie) {
	e.t.Helper()
	for _, path := range []string{"/api/console/quotes", "/api/console/orders", "/api/console/buyers", "/api/dashboard"} {
		if rec := e.call("GET", path, nil, cookie); rec.Code != 401 || errCode(e.t, rec) != "unauthenticated" {
			e.t.Fatalf("%s: GET %s answers %d: %s", what, path, rec.Code, rec.Body)
		}
	}
	if rec := e.call("GET", "/api/me", nil, cookie); rec.Body.String() != `{"authenticated":false,"secondStep":true}`+"\n" {
		e.t.Fatalf("%s: /api/me: %s", what, rec.Body)
	}
}

func (e *accountEnv) expectComplete(what string, cookie *http.Cookie) {
	e.t.Helper()
	if rec := e.call("GET", "/api/console/quotes", nil, cookie); rec.Code != 200 {
		e.t.Fatalf("%s: the console answers %d: %s", what, rec.Code, rec.Body)
	}
	if rec := e.call("GET", "/api/me", nil, cookie); !strings.Contains(rec.Body.String(), `"authenticated":true`) || !strings.Contains(rec.Body.String(), `"role":"staff"`) {
		e.t.Fatalf("%s: /api/me: %s", what, rec.Body)
	}
}

// First sign-in of a staff member without a factor: the key as text, URL
// and QR code; a code from it confirms it, answers ten recovery codes once
// and opens a complete session in place of the pending one.
func TestStaffTwoStepSetup(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := time.Now().UTC()
		e := newEnv(t, db, envOptions{now: func() time.Time { return now }})
		e.makeStaff("Sam Staff", "sam@example.com", "staff password")

		pending, ans := e.staffSignIn("sam@example.com", "staff password")
		if ans.Step != "totp-setup" || !regexp.MustCompile(`^[A-Z2-7]{32}$`).MatchString(ans.Secret) ||
			!strings.HasPrefix(ans.OtpauthURL, "otpauth://totp/Belwise:sam@example.com?") || !strings.Contains(ans.OtpauthURL, "secret="+ans.Secret) ||
			!strings.HasPrefix(ans.QR, "data:image/png;base64,iVBORw0KGgo") {
			t.Fatalf("setup answer %+v", ans)
		}
		if pending.MaxAge <= 0 || pending.MaxAge > int(auth.PendingTimeout.Seconds()) {
			t.Fatalf("a pending session lives %d s", pending.MaxAge)
		}
		e.expectPending("password only", pending)
		// After a reload the same key is offered again.
		if again := decode[setupAnswer](t, e.call("GET", "/api/auth/totp", nil, pending), 200); again != ans {
			t.Fatalf("GET /api/auth/totp: %+v", again)
		}
		// A wrong code, an empty one, a recovery code (there are none yet).
		expectError(t, e.passSecondStep(pending, map[string]string{"code": "000000"}), 400, "invalid_code", "code")
		expectError(t, e.passSecondStep(pending, map[string]string{"code": " "}), 400, "code_required", "code")
		expectError(t, e.passSecondStep(pending, map[string]string{"recoveryCode": "ABCDE-FGHJK"}), 400, "invalid_code", "code")
		e.expectPending("after wrong codes", pending)

		rec := e.passSecondStep(pending, map[string]string{"code": e.totpCode(ans.Secret, now)})
		done := decode[struct {
			User          struct{ Email, Role string }
			RecoveryCodes []string
		}](t, rec, 200)
		full := cookieFrom(t, rec)
		if done.User.Email != "sam@example.com" || done.User.Role != "staff" || len(done.RecoveryCodes) != 10 {
			t.Fatalf("confirmation: %s", rec.Body)
		}
		codes := slices.Clone(done.RecoveryCodes)
		slices.Sort(codes)
		if len(slices.Compact(codes)) != 10 || !regexp.MustCompile(`^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$`).MatchString(codes[0]) {
			t.Fatalf("recovery codes %v", done.RecoveryCodes)
		}
		if full.Value == pending.Value || full.MaxAge < int(auth.IdleTimeout.Seconds())-60 {
			t.Fatalf("the complete session: %+v", full)
		}
		e.expectComplete("after setup", full)
		// The pending session is gone; a complete one has no second step.
		expectStatus(t, e.call("GET", "/api/auth/totp", nil, pending), 401)
		expectStatus(t, e.call("GET", "/api/auth/totp", nil, full), 401)
		expectStatus(t, e.passSecondStep(full, map[string]string{"code": e.totpCode(ans.Secret, now.Add(30*time.Second))}), 401)

		// From now on the key is theirs: a sign-in asks for a code only,
		// and the recovery codes are not shown again.
		now = now.Add(time.Minute)
		pending, ans = e.staffSignIn("sam@example.com", "staff password")
		if ans != (setupAnswer{Step: "totp"}) {
			t.Fatalf("second sign-in: %+v", ans)
		}
		if got := decode[setupAnswer](t, e.call("GET", "/api/auth/totp", nil, pending), 200); got != ans {
			t.Fatalf("GET /api/auth/totp: %+v", got)
		}
		// A key offered to another session is no use now.
		rec = e.passSecondStep(pending, map[string]string{"code": e.totpCode("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", now)})
		expectError(t, rec, 400, "invalid_code", "code")
		rec = e.passSecondStep(pending, map[string]string{"code": e.totpCode(done2secret(t, db, "sam@example.com"), now)})
		if strings.Contains(rec.Body.String(), "recoveryCodes") {
			t.Fatalf("recovery codes shown again: %s", rec.Body)
		}
		e.expectComplete("second sign-in", cookieFrom(t, rec))
	})
}

// done2secret is the confirmed key of email's factor.
func done2secret(t *testing.T, db *store.DB, email string) string {
	t.Helper()
	u, err := db.UserByEmail(t.Context(), email)
	if err != nil {
		t.Fatal(err)
	}
	f, err := db.TOTPFactor(t.Context(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	return f.Secret
}

// Codes: one step either side of the clock is accepted, further is not; a
// code is accepted once, and no code of an earlier step after it; each
// recovery code works once, typed any way.
func TestStaffTwoStepCodes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := time.Now().UTC()
		e := newEnv(t, db, envOptions{now: func() time.Time { return now }})
		e.signUpVerified("Bea", "bea@example.com", "buyer password")
		e.makeStaff("Sam Staff", "sam@example.com", "staff password")
		_, secret, recovery := e.staffSignInWithSetup("sam@example.com", "staff password") // at the current step
		signIn := func() *http.Cookie {
			t.Helper()
			c, ans := e.staffSignIn("sam@example.com", "staff password")
			if ans.Step != "totp" {
				t.Fatalf("step %+v", ans)
			}
			return c
		}

		// The setup's code is spent: again, or one of the step before, is refused.
		p := signIn()
		expectError(t, e.passSecondStep(p, map[string]string{"code": e.totpCode(secret, now)}), 400, "code_used", "code")
		expectError(t, e.passSecondStep(p, map[string]string{"code": e.totpCode(secret, now.Add(-30*time.Second))}), 400, "code_used", "code")
		e.expectPending("replayed code", p)

		// Five minutes on: two steps off either way is too far.
		now = now.Add(5 * time.Minute)
		expectError(t, e.passSecondStep(p, map[string]string{"code": e.totpCode(secret, now.Add(-60*time.Second))}), 400, "invalid_code", "code")
		expectError(t, e.passSecondStep(p, map[string]string{"code": e.totpCode(secret, now.Add(60*time.Second))}), 400, "invalid_code", "code")
		expectError(t, e.passSecondStep(p, map[string]string{"code": "12345"}), 400, "invalid_code", "code")
		// The step before (a code typed as it turned over) is accepted, with spaces.
		code := e.totpCode(secret, now.Add(-30*time.Second))
		rec := e.passSecondStep(p, map[string]string{"code": code[:3] + " " + code[3:]})
		expectStatus(t, rec, 200)
		e.expectComplete("previous step", cookieFrom(t, rec))
		// The same code in another sign-in is a replay.
		p = signIn()
		expectError(t, e.passSecondStep(p, map[string]string{"code": code}), 400, "code_used", "code")
		// The step after (a phone's clock a little ahead) is accepted; then the current step is not.
		rec = e.passSecondStep(p, map[string]string{"code": e.totpCode(secret, now.Add(30*time.Second))})
		expectStatus(t, rec, 200)
		p = signIn()
		expectError(t, e.passSecondStep(p, map[string]string{"code": e.totpCode(secret, now)}), 400, "code_used", "code")

		// A recovery code works once, in either field, whatever its case and hyphen.
		rec = e.passSecondStep(p, map[string]string{"recoveryCode": recovery[0]})
		expectStatus(t, rec, 200)
		e.expectComplete("recovery code", cookieFrom(t, rec))
		p = signIn()
		expectError(t, e.passSecondStep(p, map[string]string{"recoveryCode": recovery[0]}), 400, "invalid_code", "recoveryCode")
		expectError(t, e.passSecondStep(p, map[string]string{"code": recovery[0]}), 400, "invalid_code", "code")
		expectError(t, e.passSecondStep(p, map[string]string{"recoveryCode": "22222-22222"}), 400, "invalid_code", "recoveryCode")
		e.expectPending("used recovery code", p)
		rec = e.passSecondStep(p, map[string]string{"code": strings.ToLower(strings.ReplaceAll(recovery[1], "-", " "))})
		expectStatus(t, rec, 200)
		u, _ := db.UserByEmail(t.Context(), "sam@example.com")
		if n, err := db.UnusedRecoveryCodes(t.Context(), u.ID); err != nil || n != 8 {
			t.Fatalf("%d unused recovery codes, %v", n, err)
		}

		// A buyer's sign-in is as before: no step, a complete session.
		rec = e.call("POST", "/api/auth/sign-in", map[string]string{"email": "bea@example.com", "password": "buyer password"}, nil)
		if expectStatus(t, rec, 200); strings.Contains(rec.Body.String(), "step") || !strings.Contains(rec.Body.String(), `"role":"buyer"`) {
			t.Fatalf("buyer sign-in: %s", rec.Body)
		}
		expectStatus(t, e.call("GET", "/api/dashboard", nil, cookieFrom(t, rec)), 200)
		expectStatus(t, e.passSecondStep(cookieFrom(t, rec), map[string]string{"code": "123456"}), 401)
	})
}

// Wrong codes spend the sign-in failure budgets as wrong passwords do, and
// the right password does not give them back: from an address new to the
// account, ten wrong codes and the next attempt of either kind is refused.
// A pending session ends by itself and by sign-out.
func TestStaffTwoStepRateLimitedAndEnds(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := time.Now().UTC()
		e := newEnv(t, db, envOptions{now: func() time.Time { return now }})
		e.makeStaff("Sam Staff", "sam@example.com", "staff password")
		_, secret, _ := e.staffSignInWithSetup("sam@example.com", "staff password")

		e.ip = "198.51.100.7"
		for i := range 10 {
			p, _ := e.staffSignIn("sam@example.com", "staff password")
			expectError(t, e.passSecondStep(p, map[string]string{"code": "000000"}), 400, "invalid_code", "code")
			if i == 9 {
				now = now.Add(time.Minute)
				rec := e.passSecondStep(p, map[string]string{"code": e.totpCode(secret, now)})
				if rec.Code != 429 || errCode(t, rec) != "rate_limited" || rec.Header().Get("Retry-After") == "" {
					t.Fatalf("the eleventh attempt: %d %s", rec.Code, rec.Body)
				}
			}
		}
		expectStatus(t, e.call("POST", "/api/auth/sign-in", map[string]string{"email": "sam@example.com", "password": "staff password"}, nil), 429)
		// The owner's own address (known to the account) is not locked out.
		e.ip = "192.0.2.10"
		p, _ := e.staffSignIn("sam@example.com", "staff password")
		rec := e.passSecondStep(p, map[string]string{"code": e.totpCode(secret, now)})
		expectStatus(t, rec, 200)

		// Signing out of a pending session ends it alone.
		now = now.Add(time.Minute)
		p, _ = e.staffSignIn("sam@example.com", "staff password")
		full := cookieFrom(t, rec)
		expectStatus(t, e.call("POST", "/api/auth/sign-out", nil, p), 204)
		expectStatus(t, e.call("GET", "/api/auth/totp", nil, p), 401)
		e.expectComplete("another device after a pending sign-out", full)
		// A pending session not finished within its time is gone.
		p, _ = e.staffSignIn("sam@example.com", "staff password")
		now = now.Add(auth.PendingTimeout + time.Second)
		expectStatus(t, e.passSecondStep(p, map[string]string{"code": e.totpCode(secret, now)}), 401)
	})
}

// A reset link, an invitation and a form post sign a staff member in only
// as far as the second step.
func TestStaffLinksAndFormsDoNotSkipTheSecondStep(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{site: formDist()})
		e.makeStaff("Sam Staff", "sam@example.com", "staff password")
		_, secret, _ := e.staffSignInWithSetup("sam@example.com", "staff password")

		expectStatus(t, e.call("POST", "/api/auth/forgot-password", map[string]string{"email": "sam@example.com", "locale": "en"}, nil), 202)
		token := tokenFrom(t, e.flushMail(), "sam@example.com", "reset")
		rec := e.call("POST", "/api/auth/reset-password", map[string]string{"token": token, "password": "new staff password"}, nil)
		if expectStatus(t, rec, 200); rec.Body.String() != `{"step":"totp"}`+"\n" {
			t.Fatalf("reset: %s", rec.Body)
		}
		p := cookieFrom(t, rec)
		e.expectPending("reset", p)
		rec = e.passSecondStep(p, map[string]string{"code": e.totpCode(secret, time.Now().Add(30*time.Second))})
		expectStatus(t, rec, 200)
		e.expectComplete("reset and code", cookieFrom(t, rec))

		// A new staff member's invitation (site staff add): they set up a factor first.
		accounts := auth.New(auth.Options{DB: db, SiteURL: testSiteURL, RateLimitScale: 1})
		added, err := accounts.AddStaff(t.Context(), "new@example.com")
		if err != nil || added.Link == "" {
			t.Fatalf("AddStaff: %+v %v", added, err)
		}
		_, invite, _ := strings.Cut(added.Link, "#invite=")
		rec = e.call("POST", "/api/auth/accept-invite", map[string]string{"token": invite, "password": "first password"}, nil)
		ans := decode[setupAnswer](t, rec, 200)
		if ans.Step != "totp-setup" || ans.Secret == "" {
			t.Fatalf("invitation: %s", rec.Body)
		}
		p = cookieFrom(t, rec)
		e.expectPending("invitation", p)
		rec = e.passSecondStep(p, map[string]string{"code": e.totpCode(ans.Secret, time.Now())})
		expectStatus(t, rec, 200)
		e.expectComplete("invitation and setup", cookieFrom(t, rec))

		// The form post (no JavaScript): a pending session and the app's code step.
		for target, to := range map[string]string{
			"/auth":                                  "/auth?step=code",
			"/nl/auth":                               "/nl/auth?step=code",
			"/nl/auth?next=%2Fnl%2Fconsole%2Forders": "/nl/auth?next=%2Fnl%2Fconsole%2Forders&step=code",
		} {
			rec = e.postForm(target, url.Values{"email": {"sam@example.com"}, "password": {"new staff password"}})
			expectRedirect(t, rec, to)
			e.expectPending("form post "+target, cookieFrom(t, rec))
		}
	})
}

// A buyer's session whose owner is made staff waits for the second step
// too: it is offered a key when it asks (once, the same key after), and
// passes with a code from it.
func TestBuyerMadeStaffPassesTheSecondStep(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{})
		cookie := e.signUpVerified("Bea", "bea@example.com", "buyer password")
		expectStatus(t, e.call("GET", "/api/auth/totp", nil, cookie), 401) // a buyer has no second step
		u, _ := db.UserByEmail(t.Context(), "bea@example.com")
		if err := db.SetUserRole(t.Context(), u.ID, store.RoleStaff); err != nil {
			t.Fatal(err)
		}
		e.expectPending("made staff", cookie)
		first := decode[setupAnswer](t, e.call("GET", "/api/auth/totp", nil, cookie), 200)
		if first.Step != "totp-setup" || first.Secret == "" {
			t.Fatalf("offered %+v", first)
		}
		if again := decode[setupAnswer](t, e.call("GET", "/api/auth/totp", nil, cookie), 200); again != first {
			t.Fatalf("offered another key: %+v", again)
		}
		rec := e.passSecondStep(cookie, map[string]string{"code": e.totpCode(first.Secret, time.Now())})
		if done := decode[struct{ RecoveryCodes []string }](t, rec, 200); len(done.RecoveryCodes) != 10 {
			t.Fatalf("confirmation: %s", rec.Body)
		}
		e.expectComplete("made staff, after the step", cookieFrom(t, rec))
		// The session that waited is gone, replaced by the new one.
		expectStatus(t, e.call("GET", "/api/console/quotes", nil, cookie), 401)
		expectStatus(t, e.call("GET", "/api/auth/totp", nil, cookie), 401)
	})
}
