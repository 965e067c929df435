package web

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

const (
	testSiteURL    = "https://belwise.test"
	testScriptHash = "sha256-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789+/abcde="
)

// fakeDist is a minimal frontend build following the build contract.
func fakeDist() fstest.MapFS {
	page := func(title string) *fstest.MapFile {
		// Repeated text so the page is large enough to compress.
		return &fstest.MapFile{Data: []byte(`<!doctype html><html><head><title>` + title +
			`</title><link rel="canonical" href="https://site-url.invalid/x">` +
			`<meta name="quote-inbox" content="quote-inbox@placeholder.invalid"></head><body>` +
			strings.Repeat("<p>Belwise builds custom AI voice agents.</p>", 50) + `</body></html>`)}
	}
	return fstest.MapFS{
		"index.html":             page("home en"),
		"features/index.html":    page("features en"),
		"nl/index.html":          page("home nl"),
		"nl/features/index.html": page("features nl"),
		"auth/index.html": {Data: []byte(`<!doctype html><html><head><title>sign in</title>` +
			`<meta name="robots" content="noindex"></head><body><form method="post"><input type="password" name="password"></form></body></html>`)},
		"assets/app-1a2b3c.js":        {Data: []byte(strings.Repeat("console.log('hydrate');\n", 100))},
		"assets/font-9f8e.woff2":      {Data: []byte("wOF2 binary")},
		"favicon.svg":                 {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`)},
		"robots.txt":                  {Data: []byte("Sitemap: https://site-url.invalid/sitemap.xml\n")},
		"stray.html":                  page("stray"),
		".gitkeep":                    {Data: nil},
		"_internal/404.en.html":       page("not found en"),
		"_internal/404.nl.html":       page("not found nl"),
		"_internal/app.en.html":       page("app shell en"),
		"_internal/app.nl.html":       page("app shell nl"),
		"_internal/site.json":         {Data: []byte(`{"scriptHashes":["` + testScriptHash + `"],"clientRoutes":["/dashboard","/console"]}`)},
		"_internal/unlisted-file.txt": {Data: []byte("internal")},
		// The one-click off pages' words (offpages.go), as the build writes them.
		"_internal/unsubscribe.json": {Data: testUnsubscribeJSON()},
	}
}

// syncBuffer lets tests read log output written by handlers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newTestHandler(t *testing.T, siteURL string) (http.Handler, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	h, err := New(Options{
		Site:       fakeDist(),
		SiteURL:    siteURL,
		QuoteInbox: testInbox,
		Logger:     slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	})
	if err != nil {
		t.Fatal(err)
	}
	return h, logs
}

// do sends a request through h; headers are "Name: value" pairs.
func do(h http.Handler, method, target string, headers ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, nil)
	for _, kv := range headers {
		k, v, _ := strings.Cut(kv, ": ")
		r.Header.Add(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func itoa(n int) string { return strconv.Itoa(n) }
