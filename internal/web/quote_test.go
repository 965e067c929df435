package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/google/uuid"
)

const testInbox = "quotes@belwise.test"

// newQuoteEnv is the whole API on db, with its log.
func newQuoteEnv(t *testing.T, db *store.DB) (*accountEnv, *syncBuffer) {
	t.Helper()
	e := newEnv(t, db, envOptions{})
	return e, e.logs
}

// validQuote is a complete request; tests change one field at a time.
func validQuote() map[string]any {
	return map[string]any{
		"fullName":     "Anna de Vries",
		"companyName":  "Tandartspraktijk Zuid",
		"businessType": "Dental clinic",
		"email":        "anna@example.nl",
		"phone":        "+31 20 123 4567",
		"language":     "dutch",
		"description":  "We miss calls at lunch.\nCan an agent book appointments?",
		"locale":       "nl",
		"timeZone":     "Europe/Amsterdam",
		"website":      "",
	}
}

func with(changes map[string]any) map[string]any {
	q := validQuote()
	for k, v := range changes {
		if v == nil {
			delete(q, k)
		} else {
			q[k] = v
		}
	}
	return q
}

type quoteCreated struct {
	OK bool   `json:"ok"`
	ID string `json:"id"`
}

func created(t *testing.T, rec *httptest.ResponseRecorder) quoteCreated {
	t.Helper()
	var c quoteCreated
	if err := json.Unmarshal(rec.Body.Bytes(), &c); err != nil || !c.OK || uuid.Validate(c.ID) != nil {
		t.Fatalf("not a creation answer: %s", rec.Body)
	}
	return c
}

type quoteErr struct {
	Error struct{ Code, Message, Field string } `json:"error"`
}

func TestQuoteSubmit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newQuoteEnv(t, db)
		rec := e.call("POST", "/api/quotes", with(map[string]any{"fullName": "  Anna \n de Vries ", "language": nil}), nil)
		expectStatus(t, rec, 201)
		if rec.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("Cache-Control %q", rec.Header().Get("Cache-Control"))
		}
		id := created(t, rec).ID

		q, err := db.QuoteRequest(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		want := store.QuoteRequest{
			ID: id, FullName: "Anna de Vries", CompanyName: "Tandartspraktijk Zuid", BusinessType: "Dental clinic",
			Email: "anna@example.nl", Phone: "+31 20 123 4567", Description: "We miss calls at lunch.\nCan an agent book appointments?",
			Language: "dutch", // from the Dutch page, as none was chosen
			Locale:   "nl", TimeZone: "Europe/Amsterdam", SubmittedAt: q.SubmittedAt,
			Status: "new", Source: "form", Version: 1, // a new request from the form
		}
		if q != want {
			t.Fatalf("stored %+v\nwant   %+v", q, want)
		}

		msgs := e.flushMail()
		if len(msgs) != 2 {
			t.Fatalf("sent %d emails, want 2", len(msgs))
		}
		byTo := map[string]mail.Message{}
		for _, m := range msgs {
			byTo[m.To] = m
		}
		inbox, confirm := byTo[testInbox], byTo["anna@example.nl"]
		if inbox.Subject != "New Quote Request from Anna de Vries" || inbox.ReplyTo != "anna@example.nl" ||
			!strings.Contains(inbox.Text, "(Europe/Amsterdam)") || !strings.Contains(inbox.Text, "Reference: "+id) {
			t.Errorf("inbox email %q (Reply-To %q):\n%s", inbox.Subject, inbox.ReplyTo, inbox.Text)
		}
		if confirm.Subject != "We hebben uw offerteaanvraag ontvangen" || confirm.ReplyTo != testInbox ||
			!strings.Contains(confirm.Text, "> We miss calls at lunch.") {
			t.Errorf("confirmation %q (Reply-To %q):\n%s", confirm.Subject, confirm.ReplyTo, confirm.Text)
		}

		// English page, no time zone, an unknown zone, odd casing.
		for i, changes := range []map[string]any{
			{"locale": "en", "language": nil, "timeZone": nil},
			{"locale": "de", "language": "English", "timeZone": "Mars/Olympus_Mons"},
			{"locale": "en", "language": " DUTCH ", "timeZone": "Local"},
		} {
			e.ip = "192.0.2." + strconv.Itoa(100+i)
			rec := e.call("POST", "/api/quotes", with(changes), nil)
			expectStatus(t, rec, 201)
			q, err := db.QuoteRequest(t.Context(), created(t, rec).ID)
			if err != nil || q.Locale != "en" || q.TimeZone != "" || q.Language != map[int]string{0: "english", 1: "english", 2: "dutch"}[i] {
				t.Errorf("case %d: stored %+v, %v", i, q, err)
			}
		}
		for _, m := range e.flushMail() {
			if m.To == testInbox && !strings.Contains(m.Text, "UTC\n") {
				t.Errorf("no zone: the time should be in UTC:\n%s", m.Text)
			}
			if m.To != testInbox && m.Subject != "We’ve received your quote request" {
				t.Errorf("English page, subject %q", m.Subject)
			}
		}
	})
}

func TestQuoteValidation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newQuoteEnv(t, db)
		type tc struct {
			name   string
			body   any
			status int
			code   string
			field  string
		}
		tests := []tc{
			{"complete", validQuote(), 201, "", ""},
			{"only the required fields", map[string]any{"fullName": "A", "email": "a@example.com", "description": "d"}, 201, "", ""},
			{"everything missing", map[string]any{}, 400, "required", "fullName"},
			{"null fields", map[string]any{"fullName": nil, "email": nil, "description": nil}, 400, "required", "fullName"},
			{"5,000-character description", with(map[string]any{"description": strings.Repeat("x", 5000)}), 201, "", ""},
			{"5,001-character description", with(map[string]any{"description": strings.Repeat("x", 5001)}), 400, "too_long", "description"},
			{"5,000 CJK characters", with(map[string]any{"description": strings.Repeat("東", 5000)}), 201, "", ""},
			{"5,000 emoji (20 KB)", with(map[string]any{"description": strings.Repeat("😀", 5000)}), 201, "", ""},
			{"5,001 emoji", with(map[string]any{"description": strings.Repeat("😀", 5001)}), 400, "too_long", "description"},
			// Another letter than the 5,000-character case: the same text again would be a repeat of it.
			{"surrounding space is not counted", with(map[string]any{"description": "  \n" + strings.Repeat("z", 5000) + "\n  "}), 201, "", ""},
			{"100 accented name characters", with(map[string]any{"fullName": strings.Repeat("é", 100)}), 201, "", ""},
			{"101 accented name characters", with(map[string]any{"fullName": strings.Repeat("é", 101)}), 400, "too_long", "fullName"},
			{"long company", with(map[string]any{"companyName": strings.Repeat("c", 121)}), 400, "too_long", "companyName"},
			{"long business type", with(map[string]any{"businessType": strings.Repeat("b", 121)}), 400, "too_long", "businessType"},
			{"long phone", with(map[string]any{"phone": strings.Repeat("1", 41)}), 400, "too_long", "phone"},
			{"40-character phone", with(map[string]any{"phone": strings.Repeat("1", 40)}), 201, "", ""},
			{"long email", with(map[string]any{"email": strings.Repeat("a", 64) + "@" + strings.Repeat("b", 187) + ".nl"}), 400, "too_long", "email"},
			{"bad email", with(map[string]any{"email": "anna"}), 400, "invalid_email", "email"},
			{"email without a dot", with(map[string]any{"email": "anna@localhost"}), 400, "invalid_email", "email"},
			{"email with a display name", with(map[string]any{"email": "Anna <anna@example.nl>"}), 400, "invalid_email", "email"},
			{"two emails", with(map[string]any{"email": "a@example.nl, b@example.nl"}), 400, "invalid_email", "email"},
			{"email with a line break", with(map[string]any{"email": "a@example.nl\r\nBcc: x@example.com"}), 400, "invalid_email", "email"},
			{"unknown language", with(map[string]any{"language": "german"}), 400, "invalid_language", "language"},
		}
		for _, f := range []string{"fullName", "email", "description"} {
			tests = append(tests,
				tc{"missing " + f, with(map[string]any{f: nil}), 400, "required", f},
				tc{"empty " + f, with(map[string]any{f: ""}), 400, "required", f},
				tc{"blank " + f, with(map[string]any{f: " \t\n "}), 400, "required", f},
			)
		}
		// Each address gets at most 3 confirmations an hour (most requests
		// here are from anna@example.nl); the agency gets every request.
		stored, confirmations := 0, map[string]int{}
		for i, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				e.ip = fmt.Sprintf("198.51.100.%d", i+1) // keep clear of the rate limit
				rec := e.call("POST", "/api/quotes", tt.body, nil)
				expectStatus(t, rec, tt.status)
				if tt.status == 201 {
					created(t, rec)
					stored++
					to, _ := tt.body.(map[string]any)["email"].(string)
					confirmations[strings.ToLower(to)] = min(confirmations[strings.ToLower(to)]+1, 3)
					return
				}
				var got quoteErr
				if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
					t.Fatal(rec.Body)
				}
				if got.Error.Code != tt.code || got.Error.Field != tt.field {
					t.Fatalf("error %+v, want code %q field %q", got.Error, tt.code, tt.field)
				}
				switch tt.code {
				case "required":
					if got.Error.Message != "Full name, email, and description are required." {
						t.Fatalf("message %q", got.Error.Message)
					}
				case "too_long":
					label := map[string]string{"fullName": "Full name", "companyName": "Company name", "businessType": "Business type",
						"email": "Email", "phone": "Phone", "description": "Description"}[tt.field]
					if !strings.HasPrefix(got.Error.Message, label+" is too long") {
						t.Fatalf("message %q does not name the field", got.Error.Message)
					}
				}
			})
		}
		if n, err := db.QuoteCount(t.Context()); n != stored || err != nil {
			t.Fatalf("stored %d requests (%v), want %d", n, err, stored)
		}
		want := stored
		for _, n := range confirmations {
			want += n
		}
		pending, _, _, err := db.MailCounts(t.Context())
		if pending != want || err != nil {
			t.Fatalf("queued %d emails (%v), want %d", pending, err, want)
		}
	})
}

func TestQuoteHoneypot(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, logs := newQuoteEnv(t, db)
		real := e.call("POST", "/api/quotes", validQuote(), nil)
		expectStatus(t, real, 201)
		e.flushMail()

		for i, body := range []map[string]any{
			with(map[string]any{"website": "https://cheap-seo.example"}),
			with(map[string]any{"website": " "}),
			// Even invalid input looks accepted: a bot learns nothing.
			{"website": "x", "email": "nonsense"},
		} {
			e.ip = "203.0.113." + strconv.Itoa(i+1)
			rec := e.call("POST", "/api/quotes", body, nil)
			expectStatus(t, rec, 201)
			created(t, rec)
			if rec.Header().Get("Content-Type") != real.Header().Get("Content-Type") {
				t.Errorf("headers differ from a real success")
			}
		}
		if n, _ := db.QuoteCount(t.Context()); n != 1 {
			t.Fatalf("stored %d requests, want only the real one", n)
		}
		if pending, _, _, _ := db.MailCounts(t.Context()); pending != 0 {
			t.Fatalf("%d emails queued for bots", pending)
		}
		if msgs := e.flushMail(); len(msgs) != 0 {
			t.Fatalf("sent %d emails for bots", len(msgs))
		}
		if !strings.Contains(logs.String(), "level=INFO msg=\"quote request dropped: honeypot field filled in\"") {
			t.Errorf("log:\n%s", logs)
		}
	})
}

func TestQuoteRateLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newQuoteEnv(t, db)
		for i := range 5 {
			expectStatus(t, e.call("POST", "/api/quotes", with(map[string]any{"email": fmt.Sprintf("p%d@example.com", i)}), nil), 201)
		}
		rec := e.call("POST", "/api/quotes", validQuote(), nil)
		expectStatus(t, rec, 429)
		if errCode(t, rec) != "rate_limited" {
			t.Fatal(rec.Body)
		}
		retry, err := strconv.Atoi(rec.Header().Get("Retry-After"))
		if err != nil || retry < 1 || retry > 10*60 {
			t.Fatalf("Retry-After %q", rec.Header().Get("Retry-After"))
		}
		// Another client is unaffected; the refused request stored nothing.
		e.ip = "192.0.2.99"
		expectStatus(t, e.call("POST", "/api/quotes", validQuote(), nil), 201)
		if n, _ := db.QuoteCount(t.Context()); n != 6 {
			t.Fatalf("stored %d, want 6", n)
		}
	})
}

// TestQuoteNeverServerError throws malformed and hostile bodies at the
// endpoint: every answer is a 4xx (or a 201) and nothing is logged as a
// server failure.
func TestQuoteNeverServerError(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, logs := newQuoteEnv(t, db)
		tests := []struct {
			name   string
			body   any
			status int
			code   string
		}{
			{"not JSON", "{nope", 400, "invalid_json"},
			{"truncated", `{"fullName":"A"`, 400, "invalid_json"},
			{"empty body", "", 400, "empty_body"},
			{"an array", `[]`, 400, "invalid_json"},
			{"a string", `"hello"`, 400, "invalid_json"},
			{"null", `null`, 400, "required"},
			{"two objects", `{} {}`, 400, "invalid_json"},
			{"wrong type", with(map[string]any{"fullName": 42}), 400, "invalid_field"},
			{"object for a string", with(map[string]any{"description": map[string]any{"a": 1}}), 400, "invalid_field"},
			{"array for a string", with(map[string]any{"email": []string{"a@example.com"}}), 400, "invalid_field"},
			{"bool honeypot", with(map[string]any{"website": true}), 400, "invalid_field"},
			{"unknown field", with(map[string]any{"budget": 1000}), 400, "unknown_field"},
			{"oversized", `{"description":"` + strings.Repeat("x", 33<<10) + `"}`, 413, "body_too_large"},
			{"deep nesting", strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000), 400, ""},
			{"NUL characters", with(map[string]any{"fullName": "A\u0000B", "description": "x\u0000y", "companyName": "\u0000", "timeZone": "Europe/\u0000"}), 201, ""},
			{"NUL in email", with(map[string]any{"email": "a\u0000@example.com"}), 400, "invalid_email"},
			{"lone surrogate", `{"fullName":"\ud800","email":"a@example.com","description":"\udfff"}`, 201, ""},
			{"invalid UTF-8", "{\"fullName\":\"\xff\xfe\",\"email\":\"a@example.com\",\"description\":\"\xc3\"}", 201, ""},
			{"control characters", with(map[string]any{"phone": "\x1b[31m123", "description": "\a\b\f\v\x7f text"}), 201, ""},
			{"path-like time zone", with(map[string]any{"timeZone": "../../../etc/passwd"}), 201, ""},
			{"huge time zone", with(map[string]any{"timeZone": strings.Repeat("Europe/", 1000)}), 201, ""},
		}
		for i, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				e.ip = fmt.Sprintf("198.51.100.%d", i+1)
				rec := e.call("POST", "/api/quotes", tt.body, nil)
				expectStatus(t, rec, tt.status)
				if tt.code != "" && errCode(t, rec) != tt.code {
					t.Fatalf("code %q, want %q: %s", errCode(t, rec), tt.code, rec.Body)
				}
			})
		}

		// Not JSON at all, other methods, and cross-site posts.
		rec := e.call("POST", "/api/quotes", nil, nil)
		expectStatus(t, rec, 415)
		expectStatus(t, e.call("GET", "/api/quotes", nil, nil), 405)
		crossSite := httptest.NewRequest("POST", "/api/quotes", strings.NewReader(`{}`))
		crossSite.Header.Set("Sec-Fetch-Site", "cross-site")
		crossSite.Header.Set("Content-Type", "application/json")
		rec = httptest.NewRecorder()
		e.h.ServeHTTP(rec, crossSite)
		expectStatus(t, rec, 403)

		if strings.Contains(logs.String(), "level=ERROR") {
			t.Errorf("server errors logged:\n%s", logs)
		}
	})
}

func TestQuoteRemembersSignedInUser(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newQuoteEnv(t, db)
		cookie := e.signUpVerified("Bo", "bo@example.com", "first password")
		u, err := db.UserByEmail(t.Context(), "bo@example.com")
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name   string
			cookie *http.Cookie
			want   string
		}{
			{"signed in", cookie, u.ID},
			{"anonymous", nil, ""},
			// A stale cookie is no reason to refuse a quote request.
			{"stale cookie", &http.Cookie{Name: cookie.Name, Value: strings.Repeat("A", 43)}, ""},
		} {
			rec := e.call("POST", "/api/quotes", validQuote(), tc.cookie)
			expectStatus(t, rec, 201)
			q, err := db.QuoteRequest(t.Context(), created(t, rec).ID)
			if err != nil || q.UserID != tc.want {
				t.Errorf("%s: user %q (%v), want %q", tc.name, q.UserID, err, tc.want)
			}
		}
	})
}

func TestQuoteDatabaseDown(t *testing.T) {
	// Not migrated yet, or no database at all: 503 before touching anything.
	notMigrated := storetest.SQLite(t)
	for name, e := range map[string]*accountEnv{
		"not ready":   newEnv(t, notMigrated, envOptions{ready: func() bool { return false }}),
		"no database": newEnv(t, nil, envOptions{}),
	} {
		rec := e.call("POST", "/api/quotes", validQuote(), nil)
		expectStatus(t, rec, 503)
		if errCode(t, rec) != "unavailable" || rec.Header().Get("Retry-After") == "" {
			t.Fatalf("%s: %s", name, rec.Body)
		}
	}

	// PostgreSQL that stops answering after start: a 503, not a 500.
	down, err := store.Open(t.Context(), store.Config{DatabaseURL: "postgres://postgres@127.0.0.1:1/test?sslmode=disable&connect_timeout=2"})
	if err != nil {
		t.Fatal(err)
	}
	defer down.Close()
	e, logs := newQuoteEnv(t, down)
	rec := e.call("POST", "/api/quotes", validQuote(), nil)
	expectStatus(t, rec, 503)
	if errCode(t, rec) != "unavailable" || rec.Header().Get("Retry-After") != "5" {
		t.Fatal(rec.Body)
	}
	if !strings.Contains(logs.String(), "level=WARN msg=\"database unavailable\"") {
		t.Errorf("log:\n%s", logs)
	}
}

// The form names where a request comes from: the form itself, or the
// personalized try-out's link to it. Only the voice webhook files "voice".
func TestQuoteSource(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newQuoteEnv(t, db)
		for _, tc := range []struct {
			source any
			want   string
		}{{nil, "form"}, {"form", "form"}, {"personalized", "personalized"}} {
			rec := e.callFrom("192.0.2."+itoa(len(tc.want)), "POST", "/api/quotes", with(map[string]any{"source": tc.source}))
			expectStatus(t, rec, 201)
			q, err := db.QuoteRequest(t.Context(), created(t, rec).ID)
			if err != nil || q.Source != tc.want {
				t.Fatalf("source %v stored as %q, %v", tc.source, q.Source, err)
			}
		}
		for _, bad := range []string{"voice", "email", "FORM"} {
			rec := e.call("POST", "/api/quotes", with(map[string]any{"source": bad}), nil)
			expectStatus(t, rec, 400)
			var qe quoteErr
			json.Unmarshal(rec.Body.Bytes(), &qe)
			if qe.Error.Code != "invalid_source" || qe.Error.Field != "source" {
				t.Fatalf("source %q: %s", bad, rec.Body)
			}
		}
	})
}
