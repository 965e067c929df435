package web

import (
	"cmp"
	"log/slog"
	"net/http"
	"strings"
)

const (
	cacheRevalidate = "no-cache"                            // pages: always check the ETag
	cacheImmutable  = "public, max-age=31536000, immutable" // /assets/: names carry a content hash
	cacheShort      = "public, max-age=3600"                // favicon.svg, robots.txt: unhashed names
)

// pageHandler serves the frontend build for every path the mux does not
// route elsewhere. It checks the method itself because registering
// "GET /" next to "/api/" makes ServeMux panic.
type pageHandler struct {
	site *site
	log  *slog.Logger
	// callCSP widens the policy of a call's page for its recording; nil
	// without a database.
	callCSP *callPageCSP
	// first writes a signed-in screen's first data into its shell; nil
	// without a database.
	first *firstData
}

func (p *pageHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	urlPath := r.URL.Path
	if urlPath == "/" {
		// The answer for / depends on the remembered language.
		w.Header().Add("Vary", "Cookie")
		if c, err := r.Cookie("lang"); err == nil && c.Value == langNL {
			w.Header().Set("Cache-Control", cacheRevalidate)
			http.Redirect(w, r, withQuery("/nl", r), http.StatusFound)
			return
		}
	}

	if page := p.site.pages[urlPath]; page != nil {
		if p.site.public[urlPath] {
			withoutOpenerPolicy(w.Header())
		}
		page.serve(w, r, http.StatusOK, cacheRevalidate)
		return
	}
	if file := p.site.files[urlPath]; file != nil {
		cache := cacheShort
		if strings.HasPrefix(urlPath, "/assets/") {
			cache = cacheImmutable
		}
		file.serve(w, r, http.StatusOK, cache)
		return
	}
	if trimmed, ok := strings.CutSuffix(urlPath, "/"); ok && p.site.pages[trimmed] != nil {
		http.Redirect(w, r, withQuery(trimmed, r), http.StatusPermanentRedirect)
		return
	}
	if lang, ok := p.site.clientRouteLang(urlPath); ok {
		withoutOpenerPolicy(w.Header())
		static := func(w http.ResponseWriter, r *http.Request) {
			p.site.appShell[lang].serve(w, r, http.StatusOK, cacheRevalidate)
		}
		shell := static
		if p.first != nil {
			shell = func(w http.ResponseWriter, r *http.Request) {
				p.first.serve(w, r, lang, unprefixed(urlPath), static)
			}
		}
		if m := callPagePath.FindStringSubmatch(urlPath); m != nil && p.callCSP != nil {
			p.callCSP.serve(w, r, m[2], m[3], shell)
			return
		}
		if m := consoleCallPagePath.FindStringSubmatch(urlPath); m != nil && p.callCSP != nil {
			p.callCSP.serveConsole(w, r, m[2], shell)
			return
		}
		shell(w, r)
		return
	}
	p.log.Info("page not found", "path", urlPath)
	p.site.notFound[pathLang(urlPath)].serve(w, r, http.StatusNotFound, cacheRevalidate)
}

// clientRouteLang reports whether urlPath is rendered only in the browser
// (a clientRoutes entry or below it, optionally under /nl) and in which
// language.
func (s *site) clientRouteLang(urlPath string) (string, bool) {
	lang := langEN
	if rest, ok := strings.CutPrefix(urlPath, "/nl"); ok && strings.HasPrefix(rest, "/") {
		lang, urlPath = langNL, rest
	}
	for _, route := range s.clientRoutes {
		if urlPath == route || strings.HasPrefix(urlPath, route+"/") {
			return lang, true
		}
	}
	return "", false
}

// unprefixed is urlPath without its /nl prefix.
func unprefixed(urlPath string) string {
	if rest, ok := strings.CutPrefix(urlPath, "/nl"); ok && (rest == "" || strings.HasPrefix(rest, "/")) {
		return cmp.Or(rest, "/")
	}
	return urlPath
}

// pathLang is the language a URL path is in: /nl and below are Dutch.
func pathLang(urlPath string) string {
	if urlPath == "/nl" || strings.HasPrefix(urlPath, "/nl/") {
		return langNL
	}
	return langEN
}

func withQuery(target string, r *http.Request) string {
	if r.URL.RawQuery != "" {
		return target + "?" + r.URL.RawQuery
	}
	return target
}
