package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/demo"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

func TestSignUpVerifySignIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		body := map[string]string{"fullName": "  Anna   de Boer ", "email": "Anna@Example.com", "password": "correct horse", "locale": "nl"}
		rec := e.call("POST", "/api/auth/sign-up", body, nil)
		expectStatus(t, rec, 202)

		// Unverified: the right password is refused with a way forward.
		rec = e.call("POST", "/api/auth/sign-in", map[string]string{"email": "anna@example.com", "password": "correct horse"}, nil)
		expectStatus(t, rec, 403)
		if errCode(t, rec) != "email_not_verified" {
			t.Fatal(rec.Body)
		}

		msgs := e.flushMail()
		if len(msgs) != 1 || msgs[0].To != "anna@example.com" {
			t.Fatalf("sent %+v", msgs)
		}
		if !strings.Contains(msgs[0].Text, testSiteURL+"/nl/auth#verify=") || !strings.Contains(msgs[0].Text, "Beste Anna,\n") {
			t.Fatalf("Dutch verification link and name expected:\n%s", msgs[0].Text)
		}
		token := tokenFrom(t, msgs, "anna@example.com", "verify")

		rec = e.call("POST", "/api/auth/verify", map[string]string{"token": token}, nil)
		expectStatus(t, rec, 200)
		cookie := cookieFrom(t, rec)
		if !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || !cookie.Secure || cookie.Name != "__Host-session" || cookie.Path != "/" {
			t.Fatalf("cookie attributes: %+v", cookie)
		}
		// A link works once.
		expectStatus(t, e.call("POST", "/api/auth/verify", map[string]string{"token": token}, nil), 400)

		rec = e.call("GET", "/api/me", nil, cookie)
		var me struct {
			Authenticated bool
			User          struct{ Email, FullName string }
		}
		json.Unmarshal(rec.Body.Bytes(), &me)
		if !me.Authenticated || me.User.Email != "anna@example.com" || me.User.FullName != "Anna de Boer" {
			t.Fatalf("me: %s", rec.Body)
		}

		rec = e.call("POST", "/api/auth/sign-in", map[string]string{"email": "ANNA@example.com ", "password": "correct horse"}, nil)
		expectStatus(t, rec, 200)
		cookieFrom(t, rec)

		rec = e.call("GET", "/api/dashboard", nil, cookie)
		expectStatus(t, rec, 200)
		if !strings.Contains(rec.Body.String(), `"orders":[]`) || !strings.Contains(rec.Body.String(), `"totalPurchases":0`) {
			t.Fatalf("empty dashboard: %s", rec.Body)
		}
	})
}

func TestNoUserEnumeration(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		e.signUpVerified("Bo", "bo@example.com", "first password")

		// Signing up again with a taken address looks exactly like success;
		// the owner is told by email instead.
		fresh := e.call("POST", "/api/auth/sign-up", map[string]string{"fullName": "X", "email": "new@example.com", "password": "whatever123", "locale": "en"}, nil)
		taken := e.call("POST", "/api/auth/sign-up", map[string]string{"fullName": "X", "email": "bo@example.com", "password": "whatever123", "locale": "en"}, nil)
		if fresh.Code != taken.Code || fresh.Body.String() != taken.Body.String() {
			t.Fatalf("sign-up differs: %d %s vs %d %s", fresh.Code, fresh.Body, taken.Code, taken.Body)
		}
		var toBo int
		for _, m := range e.flushMail() {
			if m.To == "bo@example.com" {
				toBo++
				if strings.Contains(m.Text, "#verify=") {
					t.Fatal("a verified account must not get a new verification link")
				}
			}
		}
		if toBo != 1 {
			t.Fatalf("the owner got %d emails, want 1 'account exists' note", toBo)
		}
		// The taken address kept its password.
		expectStatus(t, e.call("POST", "/api/auth/sign-in", map[string]string{"email": "bo@example.com", "password": "first password"}, nil), 200)

		unknown := e.call("POST", "/api/auth/sign-in", map[string]string{"email": "nobody@example.com", "password": "first password"}, nil)
		wrong := e.call("POST", "/api/auth/sign-in", map[string]string{"email": "bo@example.com", "password": "wrong password"}, nil)
		if unknown.Code != 401 || unknown.Code != wrong.Code || unknown.Body.String() != wrong.Body.String() {
			t.Fatalf("sign-in differs: %d %s vs %d %s", unknown.Code, unknown.Body, wrong.Code, wrong.Body)
		}

		for _, path := range []string{"/api/auth/forgot-password", "/api/auth/resend-verification"} {
			a := e.call("POST", path, map[string]string{"email": "nobody@example.com", "locale": "en"}, nil)
			b := e.call("POST", path, map[string]string{"email": "bo@example.com", "locale": "en"}, nil)
			if a.Code != 202 || a.Code != b.Code || a.Body.String() != b.Body.String() {
				t.Fatalf("%s differs: %d %s vs %d %s", path, a.Code, a.Body, b.Code, b.Body)
			}
		}
	})
}

func TestAccountValidation(t *testing.T) {
	e := newAccountEnv(t, storetest.SQLite(t), testSiteURL)
	long := strings.Repeat("a", 129)
	tests := []struct {
		name, path string
		body       any
		status     int
		code       string
	}{
		{"short password", "/api/auth/sign-up", map[string]string{"fullName": "A", "email": "a@example.com", "password": "1234567"}, 400, "password_too_short"},
		{"long password", "/api/auth/sign-up", map[string]string{"fullName": "A", "email": "a@example.com", "password": long}, 400, "password_too_long"},
		{"8 multibyte characters are enough", "/api/auth/sign-up", map[string]string{"fullName": "A", "email": "mb@example.com", "password": "ééééééé€"}, 202, ""},
		{"bad email", "/api/auth/sign-up", map[string]string{"fullName": "A", "email": "not-an-email", "password": "12345678"}, 400, "invalid_email"},
		{"display-name email", "/api/auth/sign-up", map[string]string{"fullName": "A", "email": "A <a@example.com>", "password": "12345678"}, 400, "invalid_email"},
		{"missing name", "/api/auth/sign-up", map[string]string{"fullName": "  ", "email": "a@example.com", "password": "12345678"}, 400, "full_name_required"},
		{"long name", "/api/auth/sign-up", map[string]string{"fullName": strings.Repeat("n", 101), "email": "a@example.com", "password": "12345678"}, 400, "full_name_too_long"},
		{"missing email", "/api/auth/sign-in", map[string]string{"password": "x"}, 400, "email_required"},
		{"missing password", "/api/auth/sign-in", map[string]string{"email": "a@example.com"}, 400, "password_required"},
		{"unknown field", "/api/auth/sign-in", map[string]any{"email": "a@example.com", "password": "x", "admin": true}, 400, "unknown_field"},
		{"wrong type", "/api/auth/sign-in", map[string]any{"email": 5, "password": "x"}, 400, "invalid_field"},
		{"not json", "/api/auth/sign-in", "{nope", 400, "invalid_json"},
		{"oversized", "/api/auth/sign-up", `{"fullName":"` + strings.Repeat("x", 9000) + `"}`, 413, "body_too_large"},
		{"garbage token", "/api/auth/verify", map[string]string{"token": "../../etc"}, 400, "invalid_token"},
		{"unknown token", "/api/auth/reset-password", map[string]string{"token": strings.Repeat("A", 43), "password": "12345678"}, 400, "invalid_token"},
		{"reset with short password", "/api/auth/reset-password", map[string]string{"token": strings.Repeat("A", 43), "password": "short"}, 400, "password_too_short"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := e.call("POST", tt.path, tt.body, nil)
			expectStatus(t, rec, tt.status)
			if tt.code != "" && errCode(t, rec) != tt.code {
				t.Fatalf("code %q, want %q", errCode(t, rec), tt.code)
			}
		})
	}
}

func TestRateLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		// Per client address and account: 10 wrong passwords per 15 minutes.
		// (Spread over many addresses the account's budget is 100 an hour:
		// see account_security_test.go.)
		var last = e.call("POST", "/api/auth/sign-in", map[string]string{"email": "target@example.com", "password": "guess-0"}, nil)
		for i := 1; i <= 10; i++ {
			last = e.call("POST", "/api/auth/sign-in", map[string]string{"email": "target@example.com", "password": "guess-" + strconv.Itoa(i)}, nil)
		}
		expectStatus(t, last, 429)
		if errCode(t, last) != "rate_limited" {
			t.Fatal(last.Body)
		}
		retry, err := strconv.Atoi(last.Header().Get("Retry-After"))
		if err != nil || retry < 1 || retry > 15*60 {
			t.Fatalf("Retry-After %q", last.Header().Get("Retry-After"))
		}

		// Per IP: 3 resend requests per hour per address, 10 per client.
		e.ip = "203.0.113.7"
		for i := 0; i < 10; i++ {
			expectStatus(t, e.call("POST", "/api/auth/resend-verification", map[string]string{"email": "r" + strconv.Itoa(i) + "@example.com"}, nil), 202)
		}
		expectStatus(t, e.call("POST", "/api/auth/resend-verification", map[string]string{"email": "r99@example.com"}, nil), 429)
		// Another client is unaffected.
		e.ip = "203.0.113.8"
		expectStatus(t, e.call("POST", "/api/auth/resend-verification", map[string]string{"email": "r99@example.com"}, nil), 202)

		// IPv6 clients share a /64.
		for i := 0; i < 10; i++ {
			e.ip = "2001:db8:1:2::" + strconv.Itoa(i+1)
			e.call("POST", "/api/auth/forgot-password", map[string]string{"email": "f" + strconv.Itoa(i) + "@example.com"}, nil)
		}
		e.ip = "2001:db8:1:2:ffff::1"
		expectStatus(t, e.call("POST", "/api/auth/forgot-password", map[string]string{"email": "other@example.com"}, nil), 429)
	})
}

func TestSignOutRevokesEverySession(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, "http://localhost:3000")
		laptop := e.signUpVerified("Cas", "cas@example.com", "cas password")
		if laptop.Name != "session" || laptop.Secure {
			t.Fatalf("plain-http cookie: %+v", laptop)
		}
		rec := e.call("POST", "/api/auth/sign-in", map[string]string{"email": "cas@example.com", "password": "cas password"}, nil)
		phone := cookieFrom(t, rec)
		other := e.signUpVerified("Dee", "dee@example.com", "dee password")

		expectStatus(t, e.call("GET", "/api/dashboard", nil, phone), 200)
		rec = e.call("POST", "/api/auth/sign-out", nil, laptop)
		expectStatus(t, rec, 204)
		for name, c := range map[string]*http.Cookie{"laptop": laptop, "phone": phone} {
			rec := e.call("GET", "/api/dashboard", nil, c)
			expectStatus(t, rec, 401)
			if errCode(t, rec) != "unauthenticated" {
				t.Fatalf("%s: %s", name, rec.Body)
			}
		}
		// Someone else's session is untouched.
		expectStatus(t, e.call("GET", "/api/dashboard", nil, other), 200)
		// A stale cookie reads as signed out and is cleared.
		rec = e.call("GET", "/api/me", nil, phone)
		if !strings.Contains(rec.Body.String(), `"authenticated":false`) || !strings.Contains(rec.Header().Get("Set-Cookie"), "Max-Age=0") {
			t.Fatalf("stale cookie: %s %v", rec.Body, rec.Header())
		}
		expectStatus(t, e.call("POST", "/api/auth/sign-out", nil, nil), 401)
	})
}

func TestPasswordReset(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		old := e.signUpVerified("Eva", "eva@example.com", "old password")
		expectStatus(t, e.call("POST", "/api/auth/forgot-password", map[string]string{"email": "eva@example.com", "locale": "en"}, nil), 202)
		token := tokenFrom(t, e.flushMail(), "eva@example.com", "reset")

		rec := e.call("POST", "/api/auth/reset-password", map[string]string{"token": token, "password": "new password"}, nil)
		expectStatus(t, rec, 200)
		fresh := cookieFrom(t, rec)
		expectStatus(t, e.call("GET", "/api/dashboard", nil, old), 401) // whoever had the old password is out
		expectStatus(t, e.call("GET", "/api/dashboard", nil, fresh), 200)
		expectStatus(t, e.call("POST", "/api/auth/sign-in", map[string]string{"email": "eva@example.com", "password": "old password"}, nil), 401)
		expectStatus(t, e.call("POST", "/api/auth/sign-in", map[string]string{"email": "eva@example.com", "password": "new password"}, nil), 200)
		expectStatus(t, e.call("POST", "/api/auth/reset-password", map[string]string{"token": token, "password": "third password"}, nil), 400)
	})
}

// TestCheckToken: /api/auth/check-token tells whether a reset link still
// works without using it, so the page can say so when it opens.
func TestCheckToken(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		e.signUpVerified("Eva", "eva@example.com", "old password")
		expectStatus(t, e.call("POST", "/api/auth/forgot-password", map[string]string{"email": "eva@example.com", "locale": "en"}, nil), 202)
		token := tokenFrom(t, e.flushMail(), "eva@example.com", "reset")
		check := func(tok, purpose string) *httptest.ResponseRecorder {
			return e.call("POST", "/api/auth/check-token", map[string]string{"token": tok, "purpose": purpose}, nil)
		}
		expectStatus(t, check(token, "reset"), 204)
		expectStatus(t, check(token, "reset"), 204) // checking does not use the link
		expectError(t, check(token, "invite"), 400, "invalid_token", "")
		expectError(t, check(token, "verify"), 400, "invalid_token", "")
		expectError(t, check("not-a-token", "reset"), 400, "invalid_token", "")
		expectStatus(t, e.call("POST", "/api/auth/reset-password", map[string]string{"token": token, "password": "new password"}, nil), 200)
		expectError(t, check(token, "reset"), 400, "invalid_token", "") // used
	})
}

func TestOrdersBelongToTheirBuyer(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		ctx := t.Context()
		if _, err := demo.Seed(ctx, db, demo.Accounts{Buyer: demo.User{Email: "demo@example.com", PasswordHash: mustHash(t, "demo-buyer-2026"), FullName: "Demo", Locale: "en"}}, time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
		rec := e.call("POST", "/api/auth/sign-in", map[string]string{"email": "demo@example.com", "password": "demo-buyer-2026"}, nil)
		expectStatus(t, rec, 200)
		demo := cookieFrom(t, rec)
		intruder := e.signUpVerified("Ivo", "ivo@example.com", "ivo password")

		rec = e.call("GET", "/api/dashboard", nil, demo)
		expectStatus(t, rec, 200)
		var d struct {
			Stats struct {
				Active, SettingUp, TotalPurchases int
				TotalInvested                     []struct {
					Currency    string
					AmountCents int64
				}
			}
			Orders []struct {
				ID, Number, Status string
				AmountCents        int64
				CreatedAt          time.Time
				Agent              struct{ Name, Title string }
			}
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &d); err != nil {
			t.Fatal(err)
		}
		if len(d.Orders) < 4 {
			t.Fatalf("demo orders: %s", rec.Body)
		}
		var sum int64
		statuses := map[string]int{}
		for i, o := range d.Orders {
			// Cancelled and refunded orders are listed but not counted.
			if o.Status != "cancelled" && o.Status != "refunded" {
				sum += o.AmountCents
			}
			statuses[o.Status]++
			if o.Number != o.ID[:8] || o.Agent.Name == "" {
				t.Fatalf("order %+v", o)
			}
			if i > 0 && o.CreatedAt.After(d.Orders[i-1].CreatedAt) {
				t.Fatal("orders must be newest first")
			}
		}
		// The demo orders are all in euros: one total.
		if statuses["cancelled"] == 0 || statuses["refunded"] == 0 || d.Stats.TotalPurchases != statuses["completed"]+statuses["pending"] ||
			d.Stats.Active != statuses["completed"] || d.Stats.SettingUp != statuses["pending"] || len(d.Stats.TotalInvested) != 1 ||
			d.Stats.TotalInvested[0].Currency != "EUR" || d.Stats.TotalInvested[0].AmountCents != sum {
			t.Fatalf("stats %+v disagree with orders %v (sum %d)", d.Stats, statuses, sum)
		}

		id := d.Orders[0].ID
		expectStatus(t, e.call("GET", "/api/orders/"+id, nil, demo), 200)
		for _, path := range []string{"/api/orders/" + id, "/api/orders/not-a-uuid", "/api/orders/00000000-0000-4000-8000-000000000000"} {
			rec := e.call("GET", path, nil, intruder)
			expectStatus(t, rec, 404)
			if errCode(t, rec) != "not_found" {
				t.Fatal(rec.Body)
			}
		}
		expectStatus(t, e.call("GET", "/api/orders/"+id, nil, nil), 401)
	})
}

func TestDatabaseDownAnswers503(t *testing.T) {
	// Not migrated yet: every database endpoint says so instead of failing.
	e := newEnv(t, storetest.SQLite(t), envOptions{ready: func() bool { return false }})
	for _, path := range []string{"/api/auth/sign-in", "/api/auth/sign-up"} {
		rec := e.call("POST", path, map[string]string{"email": "a@example.com", "password": "12345678"}, nil)
		expectStatus(t, rec, 503)
		if errCode(t, rec) != "unavailable" || rec.Header().Get("Retry-After") == "" {
			t.Fatal(rec.Body)
		}
	}
	// Public pages and the anonymous session check need no database.
	expectStatus(t, e.call("GET", "/", nil, nil), 200)
	expectStatus(t, e.call("GET", "/api/me", nil, nil), 200)

	// PostgreSQL that stops answering after start: a 503, not a 500.
	down, err := store.Open(t.Context(), store.Config{DatabaseURL: "postgres://postgres@127.0.0.1:1/test?sslmode=disable&connect_timeout=2"})
	if err != nil {
		t.Fatal(err)
	}
	defer down.Close()
	e = newAccountEnv(t, down, testSiteURL)
	rec := e.call("POST", "/api/auth/sign-in", map[string]string{"email": "a@example.com", "password": "12345678"}, nil)
	expectStatus(t, rec, 503)
	if errCode(t, rec) != "unavailable" {
		t.Fatal(rec.Body)
	}
	// Without a cookie the session check never asks the database; with one,
	// nobody can tell who it is: 503, and the cookie is kept.
	rec = e.call("GET", "/api/me", nil, nil)
	expectStatus(t, rec, 200)
	cookie := &http.Cookie{Name: "__Host-session", Value: strings.Repeat("A", 43)}
	for _, path := range []string{"/api/me", "/api/dashboard"} {
		rec = e.call("GET", path, nil, cookie)
		expectStatus(t, rec, 503)
		if errCode(t, rec) != "unavailable" || rec.Header().Get("Set-Cookie") != "" {
			t.Fatalf("%s: %s %v", path, rec.Body, rec.Header())
		}
	}
}
