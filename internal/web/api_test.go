package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestHealthz(t *testing.T) {
	h, _ := newTestHandler(t, testSiteURL)
	w := do(h, "GET", "/healthz")
	if w.Code != http.StatusOK || w.Body.String() != "ok" {
		t.Fatalf("%d %q", w.Code, w.Body)
	}
}

func TestMeIsAnonymous(t *testing.T) {
	h, _ := newTestHandler(t, testSiteURL)
	w := do(h, "GET", "/api/me")
	if w.Code != http.StatusOK || strings.TrimSpace(w.Body.String()) != `{"authenticated":false}` {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	if w.Header().Get("Content-Type") != "application/json" || w.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("headers %v", w.Header())
	}
}

func TestUnknownAPIPath(t *testing.T) {
	h, _ := newTestHandler(t, testSiteURL)
	for _, tt := range []struct {
		method, path string
		status       int
		code         string
	}{
		{"GET", "/api/x", 404, "not_found"},
		{"POST", "/api/nope/deeper", 404, "not_found"},
		{"DELETE", "/api/me", 405, "method_not_allowed"},
	} {
		w := do(h, tt.method, tt.path)
		if w.Code != tt.status || w.Header().Get("Content-Type") != "application/json" ||
			!strings.Contains(w.Body.String(), `{"error":{"code":"`+tt.code+`","message":"`) {
			t.Errorf("%s %s: %d %q %s", tt.method, tt.path, w.Code, w.Header().Get("Content-Type"), w.Body)
		}
	}
	if w := do(h, "DELETE", "/api/me"); !strings.Contains(w.Header().Get("Allow"), "GET") {
		t.Errorf("405 without Allow: %v", w.Header())
	}
}

func TestGzipDynamic(t *testing.T) {
	big := strings.Repeat(`{"k":"v"},`, 300)
	h := gzipDynamic(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := `{"ok":true}`
		if r.URL.Query().Has("big") {
			body = "[" + big + "1]"
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		io.WriteString(w, body)
	}))

	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/api/x?big", nil))
	if w.Header().Get("Content-Encoding") != "" || !strings.Contains(w.Body.String(), big) {
		t.Fatalf("compressed without Accept-Encoding")
	}

	r := httptest.NewRequest("GET", "/api/x?big", nil)
	r.Header.Set("Accept-Encoding", "gzip, br")
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusCreated || w.Header().Get("Content-Encoding") != "gzip" || w.Header().Get("Vary") != "Accept-Encoding" {
		t.Fatalf("%d %v", w.Code, w.Header())
	}
	zr, err := gzip.NewReader(bytes.NewReader(w.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(zr)
	if string(got) != "["+big+"1]" {
		t.Fatal("gzip body differs")
	}

	r = httptest.NewRequest("GET", "/api/x", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Header().Get("Content-Encoding") != "" || w.Body.String() != `{"ok":true}` {
		t.Fatalf("small body compressed: %v", w.Header())
	}
}

// /readyz is 200 "ready" only while the check holds, within a bounded
// time, and says nothing more either way; neither it nor /healthz reads
// a session or sets a cookie.
func TestReadyz(t *testing.T) {
	var ready bool
	var deadline bool
	h, err := New(Options{Site: fakeDist(), SiteURL: testSiteURL, Ready: func(ctx context.Context) bool {
		_, deadline = ctx.Deadline()
		return ready
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []bool{false, true} {
		ready = want
		req := httptest.NewRequest("GET", "/readyz", nil)
		req.AddCookie(&http.Cookie{Name: "__Host-session", Value: "x"})
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		status, body := http.StatusServiceUnavailable, "not ready"
		if want {
			status, body = http.StatusOK, "ready"
		}
		if w.Code != status || w.Body.String() != body || !deadline {
			t.Errorf("ready=%v: %d %q (deadline %v)", want, w.Code, w.Body, deadline)
		}
		if w.Header().Get("Set-Cookie") != "" || w.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("ready=%v: headers %v", want, w.Header())
		}
	}
	// Without a check (no database) it is never ready; /healthz still is.
	h, _ = newTestHandler(t, testSiteURL)
	if w := do(h, "GET", "/readyz"); w.Code != http.StatusServiceUnavailable {
		t.Errorf("no check: %d", w.Code)
	}
	if w := do(h, "GET", "/healthz"); w.Code != http.StatusOK {
		t.Errorf("healthz: %d", w.Code)
	}
}
