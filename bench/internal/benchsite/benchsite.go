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

// SignIn signs in through the site's own handler and returns the session
// cookie; a bench cannot go on without it.
func SignIn(h http.Handler, email, password string) *http.Cookie {
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	req := httptest.NewRequest("POST", "/api/auth/sign-in", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	for _, c := range rec.Result().Cookies() {
		if c.Name == "session" {
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
