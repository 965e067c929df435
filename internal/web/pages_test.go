package web

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

func TestPrerenderedPage(t *testing.T) {
	h, _ := newTestHandler(t, testSiteURL)
	for _, tt := range []struct{ path, title string }{
		{"/", "home en"}, {"/features", "features en"}, {"/nl", "home nl"}, {"/nl/features", "features nl"},
	} {
		w := do(h, "GET", tt.path)
		if w.Code != http.StatusOK {
			t.Fatalf("%s: status %d", tt.path, w.Code)
		}
		body := w.Body.String()
		if !strings.Contains(body, "<title>"+tt.title+"</title>") {
			t.Errorf("%s: wrong page: %.80s", tt.path, body)
		}
		if strings.Contains(body, placeholder) || !strings.Contains(body, `href="https://belwise.test/x"`) {
			t.Errorf("%s: placeholder not replaced", tt.path)
		}
		if got := w.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("%s: Cache-Control %q", tt.path, got)
		}
		if got := w.Header().Get("Content-Type"); got != "text/html; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", tt.path, got)
		}
		etag := w.Header().Get("ETag")
		if etag == "" {
			t.Fatalf("%s: no ETag", tt.path)
		}
		if w.Header().Get("Content-Length") != itoa(w.Body.Len()) {
			t.Errorf("%s: Content-Length %s for %d bytes", tt.path, w.Header().Get("Content-Length"), w.Body.Len())
		}
		w = do(h, "GET", tt.path, "If-None-Match: "+etag)
		if w.Code != http.StatusNotModified || w.Body.Len() != 0 {
			t.Errorf("%s: If-None-Match gave %d with %d bytes", tt.path, w.Code, w.Body.Len())
		}
	}
}

// TestQuoteInboxInPages: every page the server sends names the configured
// quote inbox, escaped for HTML, in place of the build's placeholder.
func TestQuoteInboxInPages(t *testing.T) {
	for inbox, want := range map[string]string{testInbox: testInbox, "o'brien&co@belwise.test": "o&#39;brien&amp;co@belwise.test"} {
		h, err := New(Options{Site: fakeDist(), SiteURL: testSiteURL, QuoteInbox: inbox})
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{"/", "/nl/features", "/dashboard", "/nl/dashboard", "/nope", "/nl/nope"} {
			body := do(h, "GET", path).Body.String()
			if strings.Contains(body, inboxPlaceholder) || !strings.Contains(body, `<meta name="quote-inbox" content="`+want+`">`) {
				t.Errorf("%s with %q: %.300s", path, inbox, body)
			}
		}
	}
}

func TestHeadHasNoBody(t *testing.T) {
	h, _ := newTestHandler(t, testSiteURL)
	get, head := do(h, "GET", "/features"), do(h, "HEAD", "/features")
	if head.Code != http.StatusOK || head.Body.Len() != 0 {
		t.Fatalf("HEAD: %d with %d bytes", head.Code, head.Body.Len())
	}
	if head.Header().Get("Content-Length") != get.Header().Get("Content-Length") {
		t.Errorf("HEAD Content-Length %q, GET %q", head.Header().Get("Content-Length"), get.Header().Get("Content-Length"))
	}
}

func TestAppShell(t *testing.T) {
	h, _ := newTestHandler(t, testSiteURL)
	for path, title := range map[string]string{
		"/dashboard":          "app shell en",
		"/dashboard/orders/1": "app shell en",
		"/nl/dashboard":       "app shell nl",
		"/nl/dashboard/x":     "app shell nl",
		// The staff console: every screen below it too, in both languages.
		"/console":               "app shell en",
		"/console/quotes/abc":    "app shell en",
		"/console/agents":        "app shell en",
		"/nl/console":            "app shell nl",
		"/nl/console/orders":     "app shell nl",
		"/nl/console/quotes/q-1": "app shell nl",
	} {
		w := do(h, "GET", path)
		if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), title) {
			t.Errorf("%s: %d %.80s", path, w.Code, w.Body.String())
		}
		if got := w.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("%s: Cache-Control %q", path, got)
		}
	}
	// A prefix that is not a path segment boundary is not the route.
	for _, path := range []string{"/dashboardx", "/consoles", "/nl/consolex"} {
		if w := do(h, "GET", path); w.Code != http.StatusNotFound {
			t.Errorf("%s: %d", path, w.Code)
		}
	}
}

func TestNotFound(t *testing.T) {
	h, logs := newTestHandler(t, testSiteURL)
	for path, title := range map[string]string{
		"/nope":                        "not found en",
		"/nl/nope":                     "not found nl",
		"/nlx":                         "not found en",
		"/features/index.html":         "not found en",
		"/index.html":                  "not found en",
		"/nl/index.html":               "not found nl",
		"/stray.html":                  "not found en",
		"/_internal/site.json":         "not found en",
		"/_internal/404.en.html":       "not found en",
		"/_internal/unlisted-file.txt": "not found en",
		"/.gitkeep":                    "not found en",
	} {
		w := do(h, "GET", path)
		if w.Code != http.StatusNotFound || !strings.Contains(w.Body.String(), title) {
			t.Errorf("%s: %d %.80s", path, w.Code, w.Body.String())
		}
		if got := w.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("%s: Cache-Control %q", path, got)
		}
		if w.Header().Get("ETag") != "" {
			t.Errorf("%s: a 404 must not carry an ETag", path)
		}
	}
	if !strings.Contains(logs.String(), `msg="page not found" path=/nl/nope`) {
		t.Errorf("bad path not logged:\n%s", logs)
	}
}

func TestTrailingSlashRedirect(t *testing.T) {
	h, _ := newTestHandler(t, testSiteURL)
	for path, want := range map[string]string{
		"/features/":        "/features",
		"/nl/":              "/nl",
		"/nl/features/?a=1": "/nl/features?a=1",
	} {
		w := do(h, "GET", path)
		if w.Code != http.StatusPermanentRedirect || w.Header().Get("Location") != want {
			t.Errorf("%s: %d Location %q, want 308 %q", path, w.Code, w.Header().Get("Location"), want)
		}
	}
}

func TestBuiltFiles(t *testing.T) {
	h, _ := newTestHandler(t, testSiteURL)
	tests := []struct{ path, cache, ctype string }{
		{"/assets/app-1a2b3c.js", "public, max-age=31536000, immutable", "text/javascript; charset=utf-8"},
		{"/assets/font-9f8e.woff2", "public, max-age=31536000, immutable", "font/woff2"},
		{"/favicon.svg", "public, max-age=3600", "image/svg+xml"},
		{"/robots.txt", "public, max-age=3600", "text/plain; charset=utf-8"},
	}
	for _, tt := range tests {
		w := do(h, "GET", tt.path)
		if w.Code != http.StatusOK {
			t.Fatalf("%s: %d", tt.path, w.Code)
		}
		if got := w.Header().Get("Cache-Control"); got != tt.cache {
			t.Errorf("%s: Cache-Control %q", tt.path, got)
		}
		if got := w.Header().Get("Content-Type"); got != tt.ctype {
			t.Errorf("%s: Content-Type %q", tt.path, got)
		}
		if w.Header().Get("ETag") == "" {
			t.Errorf("%s: no ETag", tt.path)
		}
	}
	if body := do(h, "GET", "/robots.txt").Body.String(); body != "Sitemap: https://belwise.test/sitemap.xml\n" {
		t.Errorf("robots.txt placeholder not replaced: %q", body)
	}
}

func TestEncodingNegotiation(t *testing.T) {
	h, _ := newTestHandler(t, testSiteURL)
	plain := do(h, "GET", "/features")
	tests := []struct{ accept, encoding, etagSuffix string }{
		{"gzip, deflate, br", "br", `-br"`},
		{"gzip", "gzip", `-gz"`},
		{"br;q=0, gzip", "gzip", `-gz"`},
		{"br;q=0.5, gzip;q=1", "gzip", `-gz"`},
		{"*", "br", `-br"`},
		{"gzip;q=0, br;q=0", "", `"`},
		{"identity", "", `"`},
	}
	for _, tt := range tests {
		w := do(h, "GET", "/features", "Accept-Encoding: "+tt.accept)
		if got := w.Header().Get("Content-Encoding"); got != tt.encoding {
			t.Errorf("%q: Content-Encoding %q, want %q", tt.accept, got, tt.encoding)
		}
		if !strings.Contains(w.Header().Get("Vary"), "Accept-Encoding") {
			t.Errorf("%q: Vary %q", tt.accept, w.Header().Values("Vary"))
		}
		if etag := w.Header().Get("ETag"); !strings.HasSuffix(etag, tt.etagSuffix) {
			t.Errorf("%q: ETag %q", tt.accept, etag)
		}
		if w.Header().Get("Content-Length") != itoa(w.Body.Len()) {
			t.Errorf("%q: Content-Length %s for %d bytes", tt.accept, w.Header().Get("Content-Length"), w.Body.Len())
		}
		var r io.Reader = w.Body
		switch tt.encoding {
		case "br":
			r = brotli.NewReader(w.Body)
		case "gzip":
			zr, err := gzip.NewReader(w.Body)
			if err != nil {
				t.Fatal(err)
			}
			r = zr
		}
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, plain.Body.Bytes()) {
			t.Errorf("%q: decoded body differs (err %v)", tt.accept, err)
		}
	}
	// A matching ETag of one encoding does not validate another.
	br := do(h, "GET", "/features", "Accept-Encoding: br")
	if w := do(h, "GET", "/features", "Accept-Encoding: gzip", "If-None-Match: "+br.Header().Get("ETag")); w.Code != http.StatusOK {
		t.Errorf("br ETag validated a gzip response: %d", w.Code)
	}
	// Small or incompressible files are sent as they are.
	if w := do(h, "GET", "/favicon.svg", "Accept-Encoding: br, gzip"); w.Header().Get("Content-Encoding") != "" {
		t.Errorf("tiny svg compressed: %q", w.Header().Get("Content-Encoding"))
	}
	if w := do(h, "GET", "/assets/font-9f8e.woff2", "Accept-Encoding: br, gzip"); w.Header().Get("Content-Encoding") != "" || w.Header().Get("Vary") != "" {
		t.Errorf("woff2 compressed or varied: %q %q", w.Header().Get("Content-Encoding"), w.Header().Get("Vary"))
	}
}

func TestLanguageCookieRedirect(t *testing.T) {
	h, _ := newTestHandler(t, testSiteURL)
	w := do(h, "GET", "/?ref=x", "Cookie: lang=nl")
	if w.Code != http.StatusFound || w.Header().Get("Location") != "/nl?ref=x" {
		t.Fatalf("got %d Location %q", w.Code, w.Header().Get("Location"))
	}
	if !strings.Contains(strings.Join(w.Header().Values("Vary"), ","), "Cookie") {
		t.Errorf("redirect without Vary: Cookie")
	}
	if w := do(h, "HEAD", "/", "Cookie: lang=nl"); w.Code != http.StatusFound {
		t.Errorf("HEAD: %d", w.Code)
	}
	w = do(h, "GET", "/", "Cookie: lang=en")
	if w.Code != http.StatusOK || !strings.Contains(strings.Join(w.Header().Values("Vary"), ","), "Cookie") {
		t.Errorf("lang=en: %d Vary %q", w.Code, w.Header().Values("Vary"))
	}
	if w := do(h, "GET", "/features", "Cookie: lang=nl"); w.Code != http.StatusOK {
		t.Errorf("cookie must only redirect /: %d", w.Code)
	}
}

func TestMethodNotAllowedOnPages(t *testing.T) {
	h, _ := newTestHandler(t, testSiteURL)
	for _, m := range []string{"POST", "PUT", "DELETE"} {
		w := do(h, m, "/features")
		if w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != "GET, HEAD" {
			t.Errorf("%s: %d Allow %q", m, w.Code, w.Header().Get("Allow"))
		}
	}
}

func TestMissingBuild(t *testing.T) {
	fsys := fakeDist()
	delete(fsys, "index.html")
	_, err := New(Options{Site: fsys, SiteURL: testSiteURL})
	if !errors.Is(err, errBuildMissing) || !strings.Contains(err.Error(), `frontend build missing: run "make build"`) {
		t.Fatalf("got %v", err)
	}
	// The repository's dist/ holds only .gitkeep until the frontend is built.
	if _, err := New(Options{Site: emptyDist(), SiteURL: testSiteURL}); !errors.Is(err, errBuildMissing) {
		t.Fatalf("empty dist: %v", err)
	}
}

func TestIncompleteBuild(t *testing.T) {
	for _, name := range []string{"_internal/404.nl.html", "_internal/app.en.html", "_internal/site.json"} {
		fsys := fakeDist()
		delete(fsys, name)
		if _, err := New(Options{Site: fsys, SiteURL: testSiteURL}); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("without %s: %v", name, err)
		}
	}
	fsys := fakeDist()
	fsys["_internal/site.json"].Data = []byte(`{"scriptHashes":["sha256-x'; script-src *"]}`)
	if _, err := New(Options{Site: fsys, SiteURL: testSiteURL}); err == nil {
		t.Error("a malformed script hash must be rejected")
	}
}
