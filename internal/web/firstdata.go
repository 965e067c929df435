package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"html"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/metrics"
	"github.com/belwise/site/internal/screens"
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
	// screens draws a screen whose data the shell carries in full into
	// it; nil in a build without the server render.
	screens *screens.Renderer
	log     *slog.Logger
	metrics *metrics.Metrics // nil: none
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
	// route names the screen in the log, without its ids.
	route string
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
		route: "/dashboard", path: regexp.MustCompile(`^/dashboard$`), role: auth.RoleBuyer,
		requests: func(_ []string, lang, _ string) []string {
			return []string{"/api/dashboard?lang=" + lang, "/api/company", "/api/dpa?lang=" + lang}
		},
	},
	{
		// The agent page asks for the agent with this month's figures, then,
		// for a linked agent, the first page of its calls and its alerts
		// setting. Both count days in the browser's time zone.
		route: "/dashboard/agents/{id}", path: regexp.MustCompile(`^/dashboard/agents/([^/]+)$`), role: auth.RoleBuyer,
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
		route: "/console", path: regexp.MustCompile(`^/console$`), role: auth.RoleStaff,
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

// write answers the shell with the chunks' preloads and the first data,
// and the screen drawn with it when the data is all there.
//
// The page goes out in two parts. Its head, up to the first data, leaves at
// once: the browser fetches the stylesheet and the screen's chunks while
// the server asks for the data and draws the screen. The rest follows. A
// screen that is to be drawn holds its head's rules back until it is: its
// page carries the rules its markup uses (screencss.go); the boot script
// adds the stylesheet, and preloads the chunks, as it starts the app.
func (f *firstData) write(w http.ResponseWriter, r *http.Request, lang, path string) {
	screen, m := f.screenOf(r, path)
	tz, loc := timeZone(r)
	var targets []string
	if screen != nil {
		targets = screen.requests(m, lang, tz)
	}
	// Drawn only with the list of the stylesheet's rules to pick the
	// screen's own from.
	draw := len(targets) > 0 && tz != "" && f.screens != nil && f.screens.Ready() && f.site.screenCSS != nil

	shell := f.site.appShell[lang].body
	at := bytes.Index(shell, []byte("</head>"))
	if at < 0 {
		at = 0
	}
	head, style := shell[:at], []byte(nil)
	var early bytes.Buffer
	if draw {
		head, style = cutStyle(head)
		early.Write(head)
	} else {
		early.Write(head)
		if css := f.site.stylesheet; css != "" {
			early.WriteString(`<link rel="preload" as="style" href="` + html.EscapeString(css) + `">` + "\n")
		}
		for _, file := range f.site.screenChunks(lang, path) {
			early.WriteString(`<link rel="modulepreload" href="` + html.EscapeString(file) + `">` + "\n")
		}
	}

	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	// One user's data: never kept by a cache, the browser's included.
	h.Set("Cache-Control", "no-store")
	out := streamHTML(w, r)
	defer out.Close()
	out.Write(early.Bytes())
	out.Flush()

	data := map[string]json.RawMessage{}
	_, complete := f.ask(r, "/api/me", data)
	for i, target := range targets {
		first, ok := f.ask(r, target, data)
		complete = complete && ok
		if i == 0 && (!ok || screen.then != nil && !screen.then(first)) {
			break
		}
	}
	// Marshal writes <, > and & (and U+2028/9), in the answers too, as \u
	// escapes: nothing in the data can end the element or open a comment.
	enc, _ := json.Marshal(data) // RawMessages of valid JSON: cannot fail

	// The screen itself, drawn from the same data: only with all of it (a
	// missing answer would leave the screen loading or failed), and with
	// the zone its dates are written in.
	rest := shell[at:]
	var late bytes.Buffer
	if draw {
		var drawn string
		if complete {
			drawn = f.draw(r, screen.route, loc, enc)
		}
		rest = withRoot(rest, f.site.screenChunks(lang, path), drawn)
		if drawn != "" {
			late.WriteString("<style>")
			late.Write(f.site.screenCSS.For(rest))
			late.WriteString("</style>\n")
		} else { // the loading screen, with its own rules
			late.Write(style)
		}
	}
	late.WriteString(`<script type="application/json" id="` + firstDataID + `">`)
	late.Write(enc)
	late.WriteString("</script>\n")
	out.Write(late.Bytes())
	out.Write(rest)
}

// screenOf is the screen of firstScreens that path is for, with the
// path's match; nil for any other path, a request with a query (the app
// reads a query its own way) and a user of another role.
func (f *firstData) screenOf(r *http.Request, path string) (*firstScreen, []string) {
	if r.URL.RawQuery != "" {
		return nil, nil
	}
	for i := range firstScreens {
		s := &firstScreens[i]
		m := s.path.FindStringSubmatch(path)
		if m != nil && s.role == request.Role(r) && cleanIDs(m[1:]) {
			return s, m
		}
	}
	return nil, nil
}

// htmlStream writes a page as it is made, gzipped when the browser takes
// it, each Flush sending what has been written so far.
type htmlStream struct {
	w  http.ResponseWriter
	rc *http.ResponseController
	zw *gzip.Writer
}

// streamHTML starts a 200 answer of w, gzipped when r accepts it.
func streamHTML(w http.ResponseWriter, r *http.Request) *htmlStream {
	s := &htmlStream{w: w, rc: http.NewResponseController(w)}
	w.Header().Add("Vary", "Accept-Encoding")
	if negotiateEncoding(r.Header.Get("Accept-Encoding"), false, true) == "gzip" {
		w.Header().Set("Content-Encoding", "gzip")
		s.zw = gzipWriters.Get().(*gzip.Writer)
		s.zw.Reset(w)
	}
	w.WriteHeader(http.StatusOK)
	return s
}

func (s *htmlStream) Write(p []byte) {
	if s.zw != nil {
		s.zw.Write(p)
		return
	}
	s.w.Write(p)
}

// Flush sends what has been written.
func (s *htmlStream) Flush() {
	if s.zw != nil {
		s.zw.Flush()
	}
	s.rc.Flush()
}

// Close ends the answer.
func (s *htmlStream) Close() {
	if s.zw != nil {
		s.zw.Close()
		gzipWriters.Put(s.zw)
		s.zw = nil
	}
}

// cutStyle is head without its first <style> element, and the element.
func cutStyle(head []byte) (rest, style []byte) {
	start := bytes.Index(head, []byte("<style"))
	end := bytes.Index(head, []byte("</style>"))
	if start < 0 || end < start {
		return head, nil
	}
	end += len("</style>")
	if end < len(head) && head[end] == '\n' {
		end++
	}
	rest = make([]byte, 0, len(head)-(end-start))
	rest = append(append(rest, head[:start]...), head[end:]...)
	return rest, head[start:end]
}

// shellRoot opens the app shell's root (web/scripts/prerender.mjs), whose
// markup, up to the boot script, is the loading screen a drawn screen
// replaces.
const shellRoot = `<div id="root" data-shell>`

// withRoot is page (the shell from its </head> on) with its root naming
// the screen's chunks, which the boot script preloads as it starts the app
// (data-chunks), and, unless drawn is "", the root's markup replaced by
// drawn, marked so (data-drawn): the boot script then starts the app after
// the first paint rather than at once, so that the app's scripts do not
// hold the drawn screen's paint up. page as it is when its root cannot be
// found.
func withRoot(page []byte, chunks []string, drawn string) []byte {
	start := bytes.Index(page, []byte(shellRoot))
	if start < 0 {
		return page
	}
	end := start + len(shellRoot)
	if drawn != "" {
		i := bytes.Index(page[end:], []byte("</div>\n<script>"))
		if i < 0 {
			return page
		}
		end += i
	}
	open := `<div id="root" data-shell data-chunks="` + html.EscapeString(strings.Join(chunks, " ")) + `"`
	if drawn != "" {
		open += " data-drawn"
	}
	out := make([]byte, 0, len(page)+len(open)+len(drawn))
	out = append(append(append(out, page[:start]...), open+">"...), drawn...)
	return append(out, page[end:]...)
}

// draw renders the screen r asks for (route names it in the log) with
// data (the first data, JSON), its dates in loc; "" when it cannot, and the shell then shows its loading line as
// before, the app drawing the screen when it has loaded.
func (f *firstData) draw(r *http.Request, route string, loc *time.Location, data []byte) string {
	began := time.Now()
	drawn, err := f.screens.Render(r.Context(), screens.Input{URL: r.URL.Path, Data: data, TimeZone: loc})
	outcome, level := "drawn", slog.LevelDebug
	switch {
	case errors.Is(err, screens.ErrNotReady):
		outcome = "not_ready"
	case errors.Is(err, screens.ErrBusy):
		outcome = "busy"
	case errors.Is(err, screens.ErrTimeout) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		outcome, level = "timeout", slog.LevelWarn
	case err != nil:
		outcome, level = "failed", slog.LevelWarn
	}
	f.metrics.ScreenDrawn(outcome, time.Since(began))
	f.log.Log(r.Context(), level, "first data: drawing the screen", "route", route, "outcome", outcome, "took", time.Since(began), "err", err)
	if err != nil {
		return ""
	}
	return drawn
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

// timeZone is the browser's time zone from its cookie, its name and its
// location; "" and nil when unknown or not one the API takes.
func timeZone(r *http.Request) (string, *time.Location) {
	c, err := r.Cookie(tzCookie)
	if err != nil {
		return "", nil
	}
	tz, err := url.QueryUnescape(c.Value)
	if err != nil || tz == "" || !text.Clean(tz) {
		return "", nil
	}
	loc, err := calls.Location(tz)
	if err != nil {
		return "", nil
	}
	return tz, loc
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
