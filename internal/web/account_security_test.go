package web

import (
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// The three account-takeover and lock-out paths of issue 9, end to end
// through the HTTP API on both engines.

func signInBody(email, password string) map[string]string {
	return map[string]string{"email": email, "password": password}
}

// verifyLinks returns the verification tokens sent to addr, in order.
func verifyLinks(msgs []mail.Message, addr string) []string {
	var out []string
	for _, m := range msgs {
		if m.To != addr {
			continue
		}
		for _, match := range linkToken.FindAllStringSubmatch(m.Text, -1) {
			if match[1] == "verify" {
				out = append(out, match[2])
			}
		}
	}
	return out
}

// Path 1: a squatter signs up first with the owner's address. The owner's
// own link must give the owner the account, with the owner's password.
func TestSquatterDoesNotGetTheAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		const victim = "olivia@example.com"
		e.ip = "203.0.113.66"
		expectStatus(t, e.call("POST", "/api/auth/sign-up", map[string]string{"fullName": "Mallory", "email": victim, "password": "squatter password", "locale": "en"}, nil), 202)
		e.ip = "198.51.100.20"
		expectStatus(t, e.call("POST", "/api/auth/sign-up", map[string]string{"fullName": "Olivia Jansen", "email": victim, "password": "owner password", "locale": "nl"}, nil), 202)
		links := verifyLinks(e.flushMail(), victim)
		if len(links) != 2 {
			t.Fatalf("want one verification email per sign-up, got %d links", len(links))
		}
		squatterLink, ownerLink := links[0], links[1]

		// Before verifying, nobody's password opens the account.
		rec := e.call("POST", "/api/auth/sign-in", signInBody(victim, "owner password"), nil)
		expectStatus(t, rec, 403)
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(victim, "squatter password"), nil), 401)

		rec = e.call("POST", "/api/auth/verify", map[string]string{"token": ownerLink}, nil)
		expectStatus(t, rec, 200)
		var me struct {
			User struct{ Email, FullName string }
		}
		json.Unmarshal(rec.Body.Bytes(), &me)
		if me.User.FullName != "Olivia Jansen" {
			t.Fatalf("the owner's link must apply the owner's name: %s", rec.Body)
		}

		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(victim, "squatter password"), nil), 401)
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(victim, "owner password"), nil), 200)
		// The squatter's link died with the verification.
		expectStatus(t, e.call("POST", "/api/auth/verify", map[string]string{"token": squatterLink}, nil), 400)
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(victim, "squatter password"), nil), 401)
	})
}

// Path 1, with "send the link again": when more than one person has signed
// up with the address, the resent link cannot know whose password to apply,
// so it asks for a new one (a reset link) and no sign-up's password is used.
func TestResentLinkWithSeveralSignUpsAsksForAPassword(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		const addr = "pim@example.com"
		expectStatus(t, e.call("POST", "/api/auth/sign-up", map[string]string{"fullName": "Pim", "email": addr, "password": "owner password", "locale": "en"}, nil), 202)
		e.ip = "203.0.113.66"
		expectStatus(t, e.call("POST", "/api/auth/sign-up", map[string]string{"fullName": "Mallory", "email": addr, "password": "squatter password", "locale": "en"}, nil), 202)
		e.flushMail()
		e.ip = "192.0.2.10"
		expectStatus(t, e.call("POST", "/api/auth/resend-verification", map[string]string{"email": addr, "locale": "en"}, nil), 202)
		msgs := e.flushMail()
		if len(verifyLinks(msgs, addr)) != 0 {
			t.Fatal("a resent link must not apply any one sign-up's password when there are several")
		}
		if strings.Contains(msgs[0].Text, "Mallory") || strings.Contains(msgs[0].Text, "Pim") {
			t.Fatalf("the resent email greets a sign-up's name:\n%s", msgs[0].Text)
		}
		token := tokenFrom(t, msgs, addr, "reset")
		expectStatus(t, e.call("POST", "/api/auth/reset-password", map[string]string{"token": token, "password": "chosen password"}, nil), 200)
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(addr, "squatter password"), nil), 401)
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(addr, "owner password"), nil), 401)
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(addr, "chosen password"), nil), 200)
	})
}

// Path 2: verification links are sign-in links, so verifying retires the
// account's other ones, a reset retires every link, and signing out
// everywhere leaves no link behind.
func TestOutstandingLinksAreRetired(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		const addr = "vera@example.com"
		expectStatus(t, e.call("POST", "/api/auth/sign-up", map[string]string{"fullName": "Vera", "email": addr, "password": "vera password", "locale": "en"}, nil), 202)
		expectStatus(t, e.call("POST", "/api/auth/resend-verification", map[string]string{"email": addr, "locale": "en"}, nil), 202)
		links := verifyLinks(e.flushMail(), addr)
		if len(links) != 2 {
			t.Fatalf("want the sign-up's link and a resent one, got %d", len(links))
		}
		expectStatus(t, e.call("POST", "/api/auth/verify", map[string]string{"token": links[1]}, nil), 200)
		expectStatus(t, e.call("POST", "/api/auth/verify", map[string]string{"token": links[0]}, nil), 400) // after verify
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(addr, "vera password"), nil), 200)

		// An unused verification link, then a reset: the link is dead.
		const other = "wim@example.com"
		expectStatus(t, e.call("POST", "/api/auth/sign-up", map[string]string{"fullName": "Wim", "email": other, "password": "wim password", "locale": "en"}, nil), 202)
		older := tokenFrom(t, e.flushMail(), other, "verify")
		expectStatus(t, e.call("POST", "/api/auth/forgot-password", map[string]string{"email": other, "locale": "en"}, nil), 202)
		expectStatus(t, e.call("POST", "/api/auth/forgot-password", map[string]string{"email": other, "locale": "en"}, nil), 202)
		msgs := e.flushMail()
		if len(msgs) != 2 {
			t.Fatalf("want two reset emails, got %d", len(msgs))
		}
		reset1, reset2 := tokenFrom(t, msgs[:1], other, "reset"), tokenFrom(t, msgs[1:], other, "reset")
		expectStatus(t, e.call("POST", "/api/auth/reset-password", map[string]string{"token": reset2, "password": "new wim password"}, nil), 200)
		expectStatus(t, e.call("POST", "/api/auth/verify", map[string]string{"token": older}, nil), 400) // after reset
		expectStatus(t, e.call("POST", "/api/auth/reset-password", map[string]string{"token": reset1, "password": "third password"}, nil), 400)
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(other, "wim password"), nil), 401)

		// Signing out everywhere: a reset link already in the mailbox no
		// longer gets in.
		rec := e.call("POST", "/api/auth/sign-in", signInBody(other, "new wim password"), nil)
		expectStatus(t, rec, 200)
		cookie := cookieFrom(t, rec)
		expectStatus(t, e.call("POST", "/api/auth/forgot-password", map[string]string{"email": other, "locale": "en"}, nil), 202)
		waiting := tokenFrom(t, e.flushMail(), other, "reset")
		expectStatus(t, e.call("POST", "/api/auth/sign-out", nil, cookie), 204)
		expectStatus(t, e.call("POST", "/api/auth/reset-password", map[string]string{"token": waiting, "password": "fourth password"}, nil), 400)
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(other, "new wim password"), nil), 200)
	})
}

// Path 3: a stranger's failures from one address lock only that address.
func TestStrangerCannotLockTheOwnerOut(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		const addr = "lotte@example.com"
		e.ip = "192.0.2.10"
		e.signUpVerified("Lotte", addr, "lotte password")

		e.ip = "203.0.113.66"
		var last int
		for i := 0; i < 12; i++ {
			last = e.call("POST", "/api/auth/sign-in", signInBody(addr, "guess "+strconv.Itoa(i)), nil).Code
		}
		if last != 429 {
			t.Fatalf("12th failure from one address: %d, want 429", last)
		}
		// The owner, from an address that never signed in before.
		e.ip = "198.51.100.7"
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(addr, "lotte password"), nil), 200)
		// And from their usual address.
		e.ip = "192.0.2.10"
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(addr, "lotte password"), nil), 200)
		// Successful sign-ins are not counted: many in a row stay fine.
		for i := 0; i < 12; i++ {
			expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(addr, "lotte password"), nil), 200)
		}
	})
}

// Path 3: failures spread over many addresses spend the account's budget
// (100 an hour), which slows guessing; the owner's known address still gets
// in, and a password reset gets the owner in from anywhere.
func TestAccountBudgetAndResetStillWorks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		const addr = "bram@example.com"
		e.ip = "192.0.2.10" // the owner's usual address: verified from here
		e.signUpVerified("Bram", addr, "bram password")

		// 105 guesses at once, each from its own address: exactly 100 are
		// tried, the rest refused, so a burst cannot overrun the budget.
		codes := map[int]int{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		sem := make(chan struct{}, 8)
		for i := 0; i < 105; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				rec := e.callFrom("10.1."+strconv.Itoa(i/200)+"."+strconv.Itoa(i%200+1), "POST", "/api/auth/sign-in", signInBody(addr, "guess "+strconv.Itoa(i)))
				mu.Lock()
				codes[rec.Code]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if codes[401] != 100 || codes[429] != 5 {
			t.Fatalf("answers %v, want 100 × 401 and 5 × 429", codes)
		}

		e.ip = "10.9.9.9" // a stranger's next guess, even the right password
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(addr, "bram password"), nil), 429)
		e.ip = "192.0.2.10" // the owner at home
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(addr, "bram password"), nil), 200)

		// The owner somewhere new is refused too, until a reset from there.
		e.ip = "198.51.100.50"
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(addr, "bram password"), nil), 429)
		expectStatus(t, e.call("POST", "/api/auth/forgot-password", map[string]string{"email": addr, "locale": "en"}, nil), 202)
		token := tokenFrom(t, e.flushMail(), addr, "reset")
		rec := e.call("POST", "/api/auth/reset-password", map[string]string{"token": token, "password": "bram new password"}, nil)
		expectStatus(t, rec, 200)
		cookieFrom(t, rec)
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(addr, "bram new password"), nil), 200)

		e.ip = "10.9.9.10"
		expectStatus(t, e.call("POST", "/api/auth/sign-in", signInBody(addr, "bram new password"), nil), 429)
	})
}

// Forgot-password and resend do the same work for every address: each
// queues one outbox row, and the worker looks the account up at send time,
// sending nothing where there is no (suitable) account.
func TestForgotAndResendLookUpOffTheRequest(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		e.signUpVerified("Kim", "kim@example.com", "kim password")
		before, _, _, err := db.MailCounts(t.Context())
		if err != nil || before != 0 {
			t.Fatalf("pending %d, %v", before, err)
		}
		for _, c := range []struct{ path, email string }{
			{"/api/auth/forgot-password", "kim@example.com"},
			{"/api/auth/forgot-password", "nobody@example.com"},
			{"/api/auth/resend-verification", "kim@example.com"},
			{"/api/auth/resend-verification", "nobody@example.com"},
		} {
			expectStatus(t, e.call("POST", c.path, map[string]string{"email": c.email, "locale": "en"}, nil), 202)
		}
		if pending, _, _, _ := db.MailCounts(t.Context()); pending != 4 {
			t.Fatalf("%d rows queued, want one per request", pending)
		}
		msgs := e.flushMail()
		if len(msgs) != 1 || msgs[0].To != "kim@example.com" || tokenFrom(t, msgs, "kim@example.com", "reset") == "" {
			t.Fatalf("want only Kim's reset email, got %+v", msgs)
		}
		if pending, _, _, _ := db.MailCounts(t.Context()); pending != 0 {
			t.Fatalf("%d rows left pending", pending)
		}
	})
}
