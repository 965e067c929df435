// Package benchsite is the smallest frontend build web.New accepts, for
// benchmarks of the API: they need no pages, and so no `make build`.
package benchsite

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"testing/fstest"
	"time"

	"github.com/pquerna/otp/totp"
)

// Site returns a build with one page and the files web.New requires.
func Site() fstest.MapFS {
	page := &fstest.MapFile{Data: []byte("<!doctype html><title>bench</title>")}
	return fstest.MapFS{
		"index.html":            page,
		"_internal/404.en.html": page,
		"_internal/404.nl.html": page,
		"_internal/app.en.html": page,
		"_internal/app.nl.html": page,
		"_internal/site.json":   {Data: []byte(`{"scriptHashes":[],"clientRoutes":["/dashboard"]}`)},
	}
}

// StaffTOTPSecret is the authenticator key of the staff members the
// benches seed (the demo's, see README): SignIn computes their code.
const StaffTOTPSecret = "BELWISEDEMOSTAFFTWOSTEPKEY234567"

// SignIn signs in through the site's own handler and returns the session
// cookie; a bench cannot go on without it. A staff member's sign-in goes on
// through the second step: a code for StaffTOTPSecret, or for the key
// offered when they have none yet.
func SignIn(h http.Handler, email, password string) *http.Cookie {
	rec := post(h, "/api/auth/sign-in", map[string]string{"email": email, "password": password}, nil)
	cookie := sessionCookie(rec)
	var step struct{ Step, Secret string }
	json.Unmarshal(rec.Body.Bytes(), &step)
	if cookie == nil || step.Step == "" {
		return cookie
	}
	secret := StaffTOTPSecret
	if step.Step == "totp-setup" {
		secret = step.Secret
	}
	code, err := totp.GenerateCode(secret, time.Now())
	if err != nil {
		log.Fatalf("second step: %v", err)
	}
	return sessionCookie(post(h, "/api/auth/totp", map[string]string{"code": code}, cookie))
}

func post(h http.Handler, target string, v any, cookie *http.Cookie) *httptest.ResponseRecorder {
	body, _ := json.Marshal(v)
	req := httptest.NewRequest("POST", target, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if cookie != nil {
		req.AddCookie(cookie)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// sessionCookie is the session cookie rec set; a failed sign-in ends the
// bench.
func sessionCookie(rec *httptest.ResponseRecorder) *http.Cookie {
	for _, c := range rec.Result().Cookies() {
		if c.Name == "session" && c.Value != "" {
			return c
		}
	}
	log.Fatalf("sign-in failed: %d %s", rec.Code, rec.Body)
	return nil
}

// Get sends a GET with the session cookie as the browser does (gzip
// accepted) and returns the decoded body, the bytes sent and the server
// time; any answer but 200 ends the bench.
func Get(h http.Handler, cookie *http.Cookie, target string) (body []byte, wire int, d time.Duration) {
	req := httptest.NewRequest("GET", target, nil)
	req.AddCookie(cookie)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	t0 := time.Now()
	h.ServeHTTP(rec, req)
	d = time.Since(t0)
	if rec.Code != 200 {
		log.Fatalf("%s answered %d: %s", target, rec.Code, rec.Body)
	}
	sent := rec.Body.Bytes()
	if rec.Header().Get("Content-Encoding") != "gzip" {
		return sent, len(sent), d
	}
	zr, err := gzip.NewReader(bytes.NewReader(sent))
	if err == nil {
		body, err = io.ReadAll(zr)
	}
	if err != nil {
		log.Fatalf("%s: %v", target, err)
	}
	return body, len(sent), d
}
