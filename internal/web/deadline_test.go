package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// A database that hangs does not hold the API: with its tables locked by
// a session that does nothing (PostgreSQL: ACCESS EXCLUSIVE locks in an
// open transaction; SQLite: the write lock of an open transaction), a
// sign-in and a signed-in read answer 503 unavailable with Retry-After
// within 5 s, through a real HTTP server; once the lock goes, the same
// requests answer 200 without a restart.
func TestHungDatabaseAnswers503Quickly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{})
		cookie := e.signUpVerified("Hanna Hang", "hang@example.com", "correct horse")
		srv := httptest.NewServer(e.h)
		defer srv.Close()

		send := func(method, path string, body any) (*http.Response, time.Duration) {
			t.Helper()
			var rd bytes.Buffer
			if body != nil {
				json.NewEncoder(&rd).Encode(body)
			}
			req, _ := http.NewRequest(method, srv.URL+path, &rd)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			req.AddCookie(cookie)
			start := time.Now()
			res, err := srv.Client().Do(req)
			if err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			var buf bytes.Buffer
			buf.ReadFrom(res.Body)
			res.Body.Close()
			res.Body = nopCloser{&buf}
			return res, time.Since(start)
		}
		signIn := func() (*http.Response, time.Duration) {
			return send("POST", "/api/auth/sign-in", map[string]string{"email": "hang@example.com", "password": "correct horse"})
		}

		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		hold, err := db.SQL().BeginTx(ctx, nil) // SQLite: BEGIN IMMEDIATE, the write lock
		if err != nil {
			t.Fatal(err)
		}
		defer hold.Rollback()
		if !db.Embedded() {
			if _, err := hold.ExecContext(ctx, "LOCK TABLE rate_limits, sessions, users IN ACCESS EXCLUSIVE MODE"); err != nil {
				t.Fatal(err)
			}
		}
		checks := []func() (*http.Response, time.Duration){signIn}
		if !db.Embedded() {
			// Reads wait too on PostgreSQL (SQLite's WAL lets them pass).
			checks = append(checks, func() (*http.Response, time.Duration) { return send("GET", "/api/me", nil) })
		}
		for _, check := range checks {
			res, took := check()
			if res.StatusCode != http.StatusServiceUnavailable || took > 5*time.Second {
				t.Fatalf("%s %s with the database held: %d after %v, want 503 within 5 s",
					res.Request.Method, res.Request.URL.Path, res.StatusCode, took)
			}
			if res.Header.Get("Retry-After") == "" {
				t.Error("503 without Retry-After")
			}
			var body errorBody
			json.NewDecoder(res.Body).Decode(&body)
			if body.Error.Code != "unavailable" {
				t.Errorf("code %q, want unavailable", body.Error.Code)
			}
			t.Logf("%s %s: 503 after %v", res.Request.Method, res.Request.URL.Path, took.Round(time.Millisecond))
		}

		// The database answers again: so does the site.
		if err := hold.Rollback(); err != nil {
			t.Fatal(err)
		}
		res, took := signIn()
		t.Logf("sign-in after the lock: %d after %v", res.StatusCode, took.Round(time.Millisecond))
		if res.StatusCode != http.StatusOK {
			t.Fatalf("sign-in after the lock: %d (%v)", res.StatusCode, took)
		}
		if res, _ := send("GET", "/api/me", nil); res.StatusCode != http.StatusOK {
			t.Fatalf("GET /api/me after the lock: %d", res.StatusCode)
		}
	})
}

type nopCloser struct{ *bytes.Buffer }

func (nopCloser) Close() error { return nil }

// The deadline is the request's own: without it (negative), a held
// database would keep the request waiting; the calls' CSV and Mollie's
// webhook are not bounded by it.
func TestWithDeadline(t *testing.T) {
	var got time.Time
	var has bool
	h := withDeadline(time.Second, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, has = r.Context().Deadline()
	}))
	for path, want := range map[string]bool{"/api/me": true, "/api/orders/x/calls.csv": false, "/api/payments/mollie": false} {
		method := "GET"
		if path == "/api/payments/mollie" {
			method = "POST"
		}
		has = false
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(method, path, nil))
		if has != want || has && time.Until(got) > time.Second {
			t.Errorf("%s %s: deadline %v (%v), want %v", method, path, has, got, want)
		}
	}
}
