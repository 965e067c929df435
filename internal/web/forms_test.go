package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// formPage is a prerendered page with a form as the build writes it: the
// boot script at the end, React's attribute spelling.
func formPage(lang, form string) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte(`<!doctype html><html lang="` + lang + `"><head><title>form</title>` +
		`<meta name="quote-inbox" content="quote-inbox@placeholder.invalid"></head><body><div id="root"><header>` +
		`<form method="get" action="/search"><input name="q" value=""/></form></header><main>` + form +
		`</main></div>` + "\n" + `<script>(function(){import("/assets/app-1a2b3c.js")})()</script>` + "\n</body></html>")}
}

const (
	quoteFormHTML = `<form method="post" action="/quote" novalidate="" class="grid"><p>Fields marked with * are required.</p>` +
		`<input id="quote-fullName" autoComplete="name" name="fullName" maxLength="100" value=""/>` +
		`<input id="quote-email" type="email" name="email" maxLength="254" value=""/>` +
		`<input id="quote-companyName" name="companyName" value=""/>` +
		`<fieldset id="quote-language"><input type="radio" name="language" value="english" checked=""/>` +
		`<input type="radio" name="language" value="dutch"/></fieldset>` +
		`<textarea id="quote-description" rows="7" name="description" maxLength="5000"></textarea>` +
		`<input id="quote-website" type="text" name="website" tabindex="-1" value=""/>` +
		`<button type="submit">Request quote</button></form>`
	signInFormHTML = `<form method="post" class="space-y-5"><input type="email" name="email" autoComplete="email" required="" id="signin-email" value=""/>` +
		`<input type="password" name="password" required="" id="signin-password" value=""/><button type="submit">Sign in</button></form>` +
		`<div hidden=""><form method="post"><input type="email" name="email" id="signup-email" value=""/></form></div>`
	formsJSON = `{"en":{"quote":{"title":"Error sending request","required:email":"Enter your email address.",` +
		`"rate_limited":"Too many requests. Please try again in {minutes} minutes or contact us directly at {email}",` +
		`"rate_limited_minute":"Too many requests. Please try again in a minute or contact us directly at {email}",` +
		`"error":"Please try again or contact us directly at {email}"},` +
		`"signIn":{"title":"Error signing in","invalid_credentials":"Invalid email or password.","error":"Something went wrong."}},` +
		`"nl":{"quote":{"title":"Versturen mislukt","required:email":"Vul je e-mailadres in.","error":"Probeer het opnieuw of mail ons direct op {email}"},` +
		`"signIn":{"title":"Inloggen mislukt","invalid_credentials":"Onjuist e-mailadres of wachtwoord.","error":"Er ging iets mis."}}}`
)

// formDist is fakeDist with the quote and sign-in pages in both languages.
func formDist() fstest.MapFS {
	d := fakeDist()
	for _, lang := range []string{langEN, langNL} {
		prefix := ""
		if lang == langNL {
			prefix = "nl/"
		}
		d[prefix+"quote/index.html"] = formPage(lang, quoteFormHTML)
		d[prefix+"quote/thanks/index.html"] = formPage(lang, `<h1>Thank you</h1>`)
		d[prefix+"auth/index.html"] = formPage(lang, signInFormHTML)
	}
	d["_internal/forms.json"] = &fstest.MapFile{Data: []byte(formsJSON)}
	return d
}

// postForm sends a form post as a same-origin browser does without JavaScript.
func (e *accountEnv) postForm(target string, form url.Values, headers ...string) *httptest.ResponseRecorder {
	e.t.Helper()
	req := httptest.NewRequest("POST", target, strings.NewReader(form.Encode()))
	req.RemoteAddr = e.ip + ":51000"
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	for _, kv := range headers {
		k, v, _ := strings.Cut(kv, ": ")
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	return rec
}

func quoteForm(changes map[string]string) url.Values {
	v := url.Values{}
	for k, x := range map[string]string{
		"fullName": "Anna de Vries", "email": "anna@example.nl", "companyName": "Tandartspraktijk Zuid",
		"language": "dutch", "description": "We miss calls at lunch.\nCan an agent book appointments?", "website": "",
	} {
		v.Set(k, x)
	}
	for k, x := range changes {
		if x == "-" {
			v.Del(k)
		} else {
			v.Set(k, x)
		}
	}
	return v
}

func expectRedirect(t *testing.T, rec *httptest.ResponseRecorder, to string) {
	t.Helper()
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != to {
		t.Fatalf("status %d to %q, want 303 to %q: %s", rec.Code, rec.Header().Get("Location"), to, rec.Body)
	}
}

// A form page answered again: no scripts (it is not hydrated), not cached.
func expectFormAgain(t *testing.T, rec *httptest.ResponseRecorder, status int, wants ...string) string {
	t.Helper()
	expectStatus(t, rec, status)
	body := rec.Body.String()
	if ct := rec.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	if cc := rec.Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q", cc)
	}
	if strings.Contains(body, "<script") {
		t.Errorf("the page answered again still has its boot script:\n%s", body)
	}
	for _, want := range wants {
		if !strings.Contains(body, want) {
			t.Errorf("missing %q in:\n%s", want, body)
		}
	}
	return body
}

func TestFormQuoteStoresAndThanks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{site: formDist()})
		for _, c := range []struct{ path, thanks, locale string }{
			{"/quote", "/quote/thanks", "en"},
			{"/nl/quote", "/nl/quote/thanks", "nl"},
		} {
			rec := e.postForm(c.path, quoteForm(map[string]string{"email": "anna-" + c.locale + "@example.nl"}))
			expectRedirect(t, rec, c.thanks)
			msgs := e.flushMail()
			if len(msgs) != 2 {
				t.Fatalf("%s: %d emails, want the inbox's and the confirmation", c.path, len(msgs))
			}
			var confirmation bool
			for _, m := range msgs {
				if m.To != testInbox && strings.Contains(m.To, "anna-"+c.locale+"@example.nl") {
					confirmation = true
				}
			}
			if !confirmation {
				t.Errorf("%s: no confirmation to the requester among %+v", c.path, msgs)
			}
			// Send pressed again (or the form resent): the same thank-you, nothing stored or sent twice.
			expectRedirect(t, e.postForm(c.path, quoteForm(map[string]string{"email": "anna-" + c.locale + "@example.nl"})), c.thanks)
			if msgs := e.flushMail(); len(msgs) != 0 {
				t.Fatalf("%s: the repeat sent %d emails", c.path, len(msgs))
			}
		}
		if n, _ := db.QuoteCount(t.Context()); n != 2 {
			t.Fatalf("stored %d, want 2", n)
		}
		// The thank-you page itself is a prerendered page.
		expectStatus(t, e.call("GET", "/nl/quote/thanks", nil, nil), 200)
		// A GET of the form's URL is still the page.
		if rec := e.call("GET", "/quote", nil, nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), "<script>") {
			t.Fatalf("GET /quote: %d %s", rec.Code, rec.Body)
		}
	})
}

func TestFormQuoteInvalidKeepsValues(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{site: formDist()})
		rec := e.postForm("/nl/quote", quoteForm(map[string]string{
			"email": "", "fullName": `Anna "<b>&` + "'", "language": "dutch", "description": "Line one\nline <two>",
		}))
		body := expectFormAgain(t, rec, 400,
			`<strong>Versturen mislukt</strong>`, `Vul je e-mailadres in.`, `role="alert"`,
			`name="fullName" maxLength="100" value="Anna &#34;&lt;b&gt;&amp;&#39;"`,
			`<input aria-invalid="true" autofocus="" id="quote-email" type="email" name="email" maxLength="254" value=""/>`,
			`name="description" maxLength="5000">`+"\nLine one\nline &lt;two&gt;</textarea>",
			`<input type="radio" name="language" value="english"/>`,
			`<input checked="" type="radio" name="language" value="dutch"/>`,
			`<html lang="nl">`,
		)
		// The alert opens the form; the header's form is left alone.
		if !strings.Contains(body, `<form method="post" action="/quote" novalidate="" class="grid"><div id="form-problem"`) ||
			!strings.Contains(body, `<form method="get" action="/search"><input name="q" value=""/>`) {
			t.Errorf("alert placement:\n%s", body)
		}
		if n, _ := db.QuoteCount(t.Context()); n != 0 {
			t.Fatalf("stored %d, want 0", n)
		}
		if len(e.flushMail()) != 0 {
			t.Fatal("an invalid post sent email")
		}

		// The honeypot looks like success and stores nothing.
		expectRedirect(t, e.postForm("/quote", quoteForm(map[string]string{"website": "https://spam.example"})), "/quote/thanks")
		if n, _ := db.QuoteCount(t.Context()); n != 0 {
			t.Fatalf("honeypot stored %d", n)
		}

		// A body that is not a form reads as an empty form: the first missing value is named.
		req := httptest.NewRequest("POST", "/quote", strings.NewReader(`{"fullName":"x"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		r2 := httptest.NewRecorder()
		e.h.ServeHTTP(r2, req)
		expectFormAgain(t, r2, 400, "Error sending request")
	})
}

func TestFormQuoteRateLimitAndOutage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{site: formDist()})
		// Five different requests spend the budget (a repeat of one would not).
		for i := range 5 {
			expectRedirect(t, e.postForm("/quote", quoteForm(map[string]string{"description": "Request " + itoa(i)})), "/quote/thanks")
		}
		rec := e.postForm("/quote", quoteForm(map[string]string{"fullName": "Kept Name"}))
		expectFormAgain(t, rec, 429, "Too many requests. Please try again in ", "minutes or contact us directly at "+testInbox, `value="Kept Name"`)
		if rec.Header().Get("Retry-After") == "" {
			t.Error("no Retry-After")
		}
	})
	notReady := newEnv(t, storetest.SQLite(t), envOptions{site: formDist(), ready: func() bool { return false }})
	rec := notReady.postForm("/quote", quoteForm(map[string]string{"fullName": "Kept Name"}))
	expectFormAgain(t, rec, 503, "Please try again or contact us directly at "+testInbox, `value="Kept Name"`)
	if rec.Header().Get("Retry-After") != "5" {
		t.Errorf("Retry-After %q", rec.Header().Get("Retry-After"))
	}
	// Without a build of the page (tests of the static site) the API's answer, never a 405.
	bare := newEnv(t, nil, envOptions{})
	if rec := bare.postForm("/quote", quoteForm(nil)); rec.Code != 503 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
}

func TestFormCrossSiteRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{site: formDist()})
		for _, path := range []string{"/quote", "/nl/quote", "/auth", "/nl/auth"} {
			rec := e.postForm(path, quoteForm(nil), "Sec-Fetch-Site: cross-site")
			expectStatus(t, rec, 403)
		}
		if n, _ := db.QuoteCount(t.Context()); n != 0 {
			t.Fatalf("stored %d", n)
		}
	})
}

func TestFormSignIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{site: formDist()})
		e.signUpVerified("Anna", "anna@example.nl", "correct horse battery")
		creds := url.Values{"email": {"anna@example.nl"}, "password": {"correct horse battery"}}

		for _, c := range []struct{ target, to string }{
			{"/auth", "/dashboard"},
			{"/nl/auth", "/nl/dashboard"},
			{"/auth?next=%2Fdashboard%2Forders%2F42", "/dashboard/orders/42"},
			{"/nl/auth?next=//evil.example", "/nl/dashboard"},
			{"/auth?next=/%5Cevil.example", "/dashboard"},
			{"/auth?next=https://evil.example/", "/dashboard"},
		} {
			rec := e.postForm(c.target, creds)
			expectRedirect(t, rec, c.to)
			cookie := cookieFrom(t, rec)
			me := e.call("GET", "/api/me", nil, cookie)
			if !strings.Contains(me.Body.String(), `"authenticated":true`) {
				t.Fatalf("%s: the cookie does not sign in: %s", c.target, me.Body)
			}
		}

		// A wrong password: the page again in its language, the address kept, the password never.
		rec := e.postForm("/nl/auth", url.Values{"email": {"anna@example.nl"}, "password": {"wrong-secret-123"}})
		body := expectFormAgain(t, rec, 401, "<strong>Inloggen mislukt</strong>", "Onjuist e-mailadres of wachtwoord.",
			`id="signin-email" value="anna@example.nl"`, `id="signin-password" value=""`)
		if strings.Contains(body, "wrong-secret-123") {
			t.Fatal("the password was written back into the page")
		}
		if strings.Contains(rec.Header().Get("Set-Cookie"), "session=") && !strings.Contains(rec.Header().Get("Set-Cookie"), "Max-Age=0") {
			t.Fatalf("a failed sign-in set a cookie: %s", rec.Header().Get("Set-Cookie"))
		}
		// Only the sign-in form is filled in; the hidden sign-up form is left as it was.
		if !strings.Contains(body, `id="signup-email" value=""`) {
			t.Errorf("the sign-up form was touched:\n%s", body)
		}
		// No password at all: named before any account work.
		expectFormAgain(t, e.postForm("/auth", url.Values{"email": {"anna@example.nl"}}), 400, "Error signing in", `value="anna@example.nl"`)
	})
}

func TestSafeNext(t *testing.T) {
	for next, want := range map[string]string{
		"":                           "",
		"/dashboard":                 "/dashboard",
		"/nl/dashboard/orders/7?x=1": "/nl/dashboard/orders/7?x=1",
		"//evil.example":             "",
		"/\\evil.example":            "",
		"/\t/evil.example":           "",
		"/%09/evil.example":          "",
		"/%5Cevil.example":           "",
		"/%252F%252Fevil.example":    "",
		"https://evil.example":       "",
		"dashboard":                  "",
		"/%zz":                       "",
	} {
		if got := safeNext(next); got != want {
			t.Errorf("safeNext(%q) = %q, want %q", next, got, want)
		}
	}
}
