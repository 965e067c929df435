// Package benchsite is the smallest frontend build web.New accepts, for
// benchmarks of the API: they need no pages, and so no `make build`.
package benchsite

import (
	"bytes"
	"encoding/json"
	"log"
	"net/http"
	"net/http/httptest"
	"testing/fstest"
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
