package web

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/text"
	"github.com/belwise/site/internal/web/request"
)

// A signed-in screen is an app shell that the browser fills in: the entry
// script, then the screen's route chunks, then its first API requests, one
// waterfall after the other (issue 24 §1). firstData answers the shell of
// a signed-in screen to the signed-in user it is for with two things the
// app would otherwise ask for afterwards:
//
//   - <link rel="modulepreload"> for the screen's chunks (the entry's, the
//     workspace shell's, the screen's and its dictionaries', from
//     site.json's screenChunks) and a preload of the whole stylesheet, so
//     the browser fetches them all at once instead of one after the other;
//   - the screen's first data: the exact answers of the API requests its
//     first render makes (GET /api/me and the screen's own), produced by
//     the API's own handlers for the same session, in a
//     <script type="application/json" id="first-data"> block keyed by the
//     request's path and query. It is not a script the browser runs, so
//     the policy's script hash stays; the app takes each answer once, for
//     its first request of that URL (web/src/shared/api/firstData.ts).
//
// Only for a valid session whose role the screen is for (a buyer on the
// dashboard, staff on the console): anyone else, and every visitor without
// a session, gets the shell as before. The answer depends on the session,
// so it is never stored (no-store) and varies by Cookie.
type firstData struct {
	api   *api
	ident identify
	// routes is the JSON API behind the identity middleware (apiRoutes):
	// what answers GET /api/… for the same session.
	routes http.Handler
	site   *site
	// deadline bounds the requests' database time, as the API's own.
	deadline time.Duration
}

// firstDataID is the id of the data block (web/src/shared/api/firstData.ts).
const firstDataID = "first-data"

// tzCookie holds the browser's time zone, which the app remembers
// (web/src/shared/timeZone.ts): the agent page's figures are counted in
// it, so its data can only be written for a browser whose zone is known.
const tzCookie = "tz"

// callsPerPage is the first page of an agent's calls the app asks for
// (CALLS_PER_PAGE in web/src/features/calls/api.ts).
const callsPerPage = 20

// firstScreen is a signed-in screen whose first requests the shell
// answers ahead.
type firstScreen struct {
	// path matches the unprefixed path; its groups are requests' ids.
	path *regexp.Regexp
	role string
	// requests lists the screen's first GET requests (path and query, in
	// any order of the query) for the path's groups.
	requests func(m []string, lang, tz string) []string
	// then decides, from the first request's answer, whether the screen
	// asks the others; nil: it always does.
	then func(first []byte) bool
}

// The screens of issue 24 §1: each asks GET /api/me (the account menu, and
// the console's check of the role) and its own data. Every other path of a
// workspace gets /api/me and its chunks. A screen with a query (a filter,
// a page) is answered without its data: the app reads the query its own
// way.
var firstScreens = []firstScreen{
	{
		path: regexp.MustCompile(`^/dashboard$`), role: auth.RoleBuyer,
		requests: func(_ []string, lang, _ string) []string {
			return []string{"/api/dashboard?lang=" + lang, "/api/company", "/api/dpa?lang=" + lang}
		},
	},
	{
		// The agent page asks for the agent with this month's figures, then,
		// for a linked agent, the first page of its calls and its alerts
		// setting. Both count days in the browser's time zone.
		path: regexp.MustCompile(`^/dashboard/agents/([^/]+)$`), role: auth.RoleBuyer,
		requests: func(m []string, lang, tz string) []string {
			if tz == "" {
				return nil
			}
			order := "/api/orders/" + url.PathEscape(m[1])
			q := url.Values{"lang": {lang}, "tz": {tz}}
			calls := url.Values{"lang": {lang}, "tz": {tz}, "limit": {strconv.Itoa(callsPerPage)}}
			return []string{order + "/agent?" + q.Encode(), order + "/calls?" + calls.Encode(), order + "/alerts?lang=" + lang}
		},
		then: func(first []byte) bool {
			var page struct {
				Agent struct {
					Linked bool `json:"linked"`
				} `json:"agent"`
			}
			return json.Unmarshal(first, &page) == nil && page.Agent.Linked
		},
	},
	{
		path: regexp.MustCompile(`^/console$`), role: auth.RoleStaff,
		requests: func(_ []string, _, _ string) []string { return []string{"/api/console/quotes"} },
	},
}

// workspaceRole is the role a workspace's screens are for.
func workspaceRole(path string) string {
	if path == "/console" || strings.HasPrefix(path, "/console/") {
		return auth.RoleStaff
	}
	return auth.RoleBuyer
}

// serve answers the shell for a client-only path (unprefixed: path) in
// lang, with the first data when the request's session may have it; shell
// otherwise.
func (f *firstData) serve(w http.ResponseWriter, r *http.Request, lang, path string, shell http.HandlerFunc) {
	// Whether the answer carries data depends on the session.
	w.Header().Add("Vary", "Cookie")
	if _, err := r.Cookie(f.ident.cookie.name()); err != nil || r.Method != http.MethodGet || !f.api.ready() {
		shell(w, r)
		return
	}
	answer := func(w http.ResponseWriter, r *http.Request) {
		u, ok := request.User(r)
		if !ok || u.Role != workspaceRole(path) {
			shell(w, r)
			return
		}
		f.write(w, r, lang, path)
	}
	var h http.Handler = http.HandlerFunc(answer)
	if request.IdentityOf(r).ClientIP == "" { // not yet identified (callPageCSP has)
		h = f.ident.wrap(h)
	}
	withDeadline(f.deadline, h).ServeHTTP(w, r)
}

// write answers the shell with the chunks' preloads and the first data.
func (f *firstData) write(w http.ResponseWriter, r *http.Request, lang, path string) {
	data := map[string]json.RawMessage{}
	f.ask(r, "/api/me", data)
	if r.URL.RawQuery == "" {
		for _, s := range firstScreens {
			m := s.path.FindStringSubmatch(path)
			if m == nil || s.role != request.Role(r) || !cleanIDs(m[1:]) {
				continue
			}
			for i, target := range s.requests(m, lang, timeZone(r)) {
				first, ok := f.ask(r, target, data)
				if i == 0 && (!ok || s.then != nil && !s.then(first)) {
					break
				}
			}
		}
	}

	var block bytes.Buffer
	block.WriteString(`<script type="application/json" id="` + firstDataID + `">`)
	// Marshal writes <, > and & (and U+2028/9), in the answers too, as \u
	// escapes: nothing in the data can end the element or open a comment.
	enc, _ := json.Marshal(data) // RawMessages of valid JSON: cannot fail
	block.Write(enc)
	block.WriteString("</script>\n")

	var head bytes.Buffer
	if css := f.site.stylesheet; css != "" {
		head.WriteString(`<link rel="preload" as="style" href="` + html.EscapeString(css) + `">` + "\n")
	}
	for _, file := range f.site.screenChunks(lang, path) {
		head.WriteString(`<link rel="modulepreload" href="` + html.EscapeString(file) + `">` + "\n")
	}
	head.Write(block.Bytes())

	shell := f.site.appShell[lang].body
	at := bytes.Index(shell, []byte("</head>"))
	if at < 0 {
		at = 0
	}
	page := make([]byte, 0, len(shell)+head.Len())
	page = append(append(append(page, shell[:at]...), head.Bytes()...), shell[at:]...)

	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	// One user's data: never kept by a cache, the browser's included.
	h.Set("Cache-Control", "no-store")
	gzipDynamic(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write(page) })).ServeHTTP(w, r)
}

// ask answers the GET request target (path and query) with the API's
// own handlers for the page request's session and keeps a 200's body in
// data under target. It reports the body and whether it was kept.
func (f *firstData) ask(r *http.Request, target string, data map[string]json.RawMessage) ([]byte, bool) {
	u, err := url.Parse(target)
	if err != nil {
		return nil, false
	}
	// Its own route holder: the page request keeps its metrics label.
	ctx := context.WithValue(r.Context(), routeKey{}, new(string))
	sub, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, false
	}
	sub.RemoteAddr = r.RemoteAddr
	sub.Header.Set("Accept", "application/json")
	sub.Header.Set("User-Agent", r.UserAgent())
	rec := &recorder{header: http.Header{}}
	f.routes.ServeHTTP(rec, sub)
	if rec.status != http.StatusOK || !json.Valid(rec.body.Bytes()) {
		return nil, false
	}
	data[target] = json.RawMessage(bytes.TrimSpace(rec.body.Bytes()))
	return rec.body.Bytes(), true
}

// cleanIDs reports whether every id taken from the path may go into a
// request's path: no control characters, no slash (the pattern's groups
// have none), nothing the API would not take itself.
func cleanIDs(ids []string) bool {
	for _, id := range ids {
		if id == "" || !text.Clean(id) || strings.ContainsAny(id, "?#") {
			return false
		}
	}
	return true
}

// timeZone is the browser's time zone from its cookie, "" when unknown or
// not one the API takes.
func timeZone(r *http.Request) string {
	c, err := r.Cookie(tzCookie)
	if err != nil {
		return ""
	}
	tz, err := url.QueryUnescape(c.Value)
	if err != nil || tz == "" || !text.Clean(tz) {
		return ""
	}
	if _, err := calls.Location(tz); err != nil {
		return ""
	}
	return tz
}

// recorder keeps an API answer in memory.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
}

func (r *recorder) Write(p []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.body.Write(p)
}
