package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/belwise/site/internal/web/request"
)

// firstDataBlock matches the data block the server writes into a shell.
var firstDataBlock = regexp.MustCompile(`<script type="application/json" id="first-data">(.*?)</script>`)

// distWithChunks is fakeDist with the whole stylesheet and the chunks of
// two screens in site.json, as the prerender writes them.
func distWithChunks() fstest.MapFS {
	fsys := fakeDist()
	fsys["_internal/site.json"] = &fstest.MapFile{Data: []byte(`{"scriptHashes":["` + testScriptHash + `"],"clientRoutes":["/dashboard","/console"],` +
		`"stylesheet":"/assets/entry-1a2b.css","screenChunks":[` +
		`{"path":"/dashboard","files":{"en":["/assets/entry.client-1.js","/assets/Overview-2.js"],"nl":["/assets/entry.client-1.js","/assets/nl-common-3.js"]}},` +
		`{"path":"/dashboard/agents/:orderId","files":{"en":["/assets/entry.client-1.js","/assets/DashboardAgent-4.js"]}},` +
		`{"path":"/dashboard/agents/:orderId/settings","files":{"en":["/assets/Settings-5.js"]}},` +
		`{"path":"/console","files":{"en":["/assets/entry.client-1.js","/assets/ConsoleQuotes-6.js"]}}]}`)}
	return fsys
}

// shell gets a page as a browser with cookies does.
func (e *accountEnv) shell(path string, cookies ...*http.Cookie) *httptest.ResponseRecorder {
	e.t.Helper()
	r := httptest.NewRequest("GET", path, nil)
	r.RemoteAddr = e.ip + ":51000"
	for _, c := range cookies {
		r.AddCookie(c)
	}
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	expectStatus(e.t, w, 200)
	return w
}

// dataIn reads the data block of a shell: nil when there is none.
func dataIn(t *testing.T, w *httptest.ResponseRecorder) map[string]json.RawMessage {
	t.Helper()
	m := firstDataBlock.FindAllSubmatch(w.Body.Bytes(), -1)
	if len(m) == 0 {
		return nil
	}
	if len(m) > 1 {
		t.Fatalf("%d data blocks", len(m))
	}
	var data map[string]json.RawMessage
	if err := json.Unmarshal(m[0][1], &data); err != nil {
		t.Fatalf("the data block is not JSON: %v\n%s", err, m[0][1])
	}
	return data
}

func keysOf(m map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// sameJSON fails unless the shell's answer for key is the API's answer.
func sameJSON(t *testing.T, what string, got json.RawMessage, api *httptest.ResponseRecorder) {
	t.Helper()
	expectStatus(t, api, 200)
	var a, b any
	if err := json.Unmarshal(got, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(api.Body.Bytes(), &b); err != nil {
		t.Fatal(err)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Errorf("%s: the shell's data differs from the API's answer\nshell %s\napi   %s", what, ja, jb)
	}
}

// expectPrivate: an answer that carries one user's data is never stored
// and varies by the cookie.
func expectPrivate(t *testing.T, w *httptest.ResponseRecorder) {
	t.Helper()
	if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q, want no-store", cc)
	}
	if !slices.Contains(w.Header().Values("Vary"), "Cookie") {
		t.Errorf("Vary %q lacks Cookie", w.Header().Values("Vary"))
	}
	if et := w.Header().Get("ETag"); et != "" {
		t.Errorf("ETag %q on a private answer", et)
	}
}

// TestFirstDataInShell: a signed-in screen's shell carries the answers of
// the screen's first API requests, the same as the API gives the same
// session, for the session whose role the screen is for; the shell as
// before for everyone else.
func TestFirstDataInShell(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{site: distWithChunks()})
		ann, annOrder := e.buyerWithOrder("ann@example.com", callAssistant)
		tz := &http.Cookie{Name: "tz", Value: "Europe%2FAmsterdam"}

		// The dashboard: /api/me and the dashboard's own three, each the API's answer.
		w := e.shell("/dashboard", ann)
		expectPrivate(t, w)
		data := dataIn(t, w)
		if want := []string{"/api/company", "/api/dashboard?lang=en", "/api/dpa?lang=en", "/api/me"}; !slices.Equal(keysOf(data), want) {
			t.Fatalf("keys %v, want %v", keysOf(data), want)
		}
		for key, answer := range data {
			sameJSON(t, key, answer, e.call("GET", key, nil, ann))
		}
		body := w.Body.String()
		for _, want := range []string{
			`<link rel="preload" as="style" href="/assets/entry-1a2b.css">`,
			`<link rel="modulepreload" href="/assets/entry.client-1.js">`,
			`<link rel="modulepreload" href="/assets/Overview-2.js">`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("the dashboard's shell lacks %s", want)
			}
		}
		if head, _, _ := strings.Cut(body, "</head>"); !strings.Contains(head, `id="first-data"`) || !strings.Contains(head, "modulepreload") {
			t.Error("the preloads and the data are not in <head>")
		}
		if !strings.Contains(body, "app shell en") {
			t.Error("not the English shell")
		}

		// In Dutch: the Dutch shell, its chunks and the data in Dutch.
		w = e.shell("/nl/dashboard", ann)
		if data := dataIn(t, w); data["/api/dashboard?lang=nl"] == nil || !strings.Contains(w.Body.String(), "app shell nl") ||
			!strings.Contains(w.Body.String(), `href="/assets/nl-common-3.js"`) {
			t.Errorf("the Dutch dashboard: keys %v", keysOf(data))
		}

		// The agent page: the agent in the browser's time zone, then (linked) its calls and alerts.
		agent := "/dashboard/agents/" + annOrder.ID
		data = dataIn(t, e.shell(agent, ann, tz))
		api := "/api/orders/" + annOrder.ID
		want := []string{"/api/me", api + "/agent?lang=en&tz=Europe%2FAmsterdam", api + "/alerts?lang=en", api + "/calls?lang=en&limit=20&tz=Europe%2FAmsterdam"}
		if !slices.Equal(keysOf(data), want) {
			t.Fatalf("agent page keys %v, want %v", keysOf(data), want)
		}
		for key, answer := range data {
			sameJSON(t, key, answer, e.call("GET", key, nil, ann))
		}
		// Its own chunks: the route with the most literal segments.
		if body := e.shell(agent+"/settings", ann).Body.String(); !strings.Contains(body, "Settings-5.js") || strings.Contains(body, "DashboardAgent-4.js") {
			t.Error("the settings page did not get its own chunks")
		}
		// Without the browser's time zone (or with one that is not) its figures cannot be written.
		for _, c := range []*http.Cookie{nil, {Name: "tz", Value: "Mars%2FOlympus"}, {Name: "tz", Value: "Local"}} {
			cookies := []*http.Cookie{ann}
			if c != nil {
				cookies = append(cookies, c)
			}
			if keys := keysOf(dataIn(t, e.shell(agent, cookies...))); !slices.Equal(keys, []string{"/api/me"}) {
				t.Errorf("tz %v: keys %v", c, keys)
			}
		}
		// A query (a period, a filter) is the app's to read: no data but /api/me.
		if keys := keysOf(dataIn(t, e.shell(agent+"?period=7d", ann, tz))); !slices.Equal(keys, []string{"/api/me"}) {
			t.Errorf("with a query: keys %v", keys)
		}

		// Another buyer's order gives no data at all: the API answers them 404.
		bob, bobOrder := e.buyerWithOrder("bob@example.com", "")
		w = e.shell("/dashboard/agents/"+bobOrder.ID, ann, tz)
		expectPrivate(t, w)
		if keys := keysOf(dataIn(t, w)); !slices.Equal(keys, []string{"/api/me"}) {
			t.Errorf("another buyer's order: keys %v", keys)
		}
		if strings.Contains(w.Body.String(), bobOrder.ID+`/agent`) {
			t.Error("another buyer's order is named in the data")
		}
		// And each buyer's dashboard is their own.
		var me struct {
			User struct{ Email string } `json:"user"`
		}
		if err := json.Unmarshal(dataIn(t, e.shell("/dashboard", bob))["/api/me"], &me); err != nil || me.User.Email != "bob@example.com" {
			t.Errorf("bob's dashboard names %q (%v)", me.User.Email, err)
		}

		// The console, for staff: their quotes.
		staff := e.staffCookie("Sam Staff", "sam@example.com")
		w = e.shell("/console", staff)
		expectPrivate(t, w)
		data = dataIn(t, w)
		if want := []string{"/api/console/quotes", "/api/me"}; !slices.Equal(keysOf(data), want) {
			t.Fatalf("console keys %v, want %v", keysOf(data), want)
		}
		sameJSON(t, "quotes", data["/api/console/quotes"], e.call("GET", "/api/console/quotes", nil, staff))

		// Staff on a buyer's screen, a buyer on the console, no session, a session that is gone:
		// the shell exactly as before.
		static := e.shell("/dashboard")
		if dataIn(t, static) != nil || static.Header().Get("ETag") == "" || static.Header().Get("Cache-Control") != cacheRevalidate {
			t.Fatalf("without a session: %v %s", static.Header(), static.Body)
		}
		if !slices.Contains(static.Header().Values("Vary"), "Cookie") {
			t.Error("the shell without a session does not vary by Cookie")
		}
		gone := &http.Cookie{Name: ann.Name, Value: "not-a-session-token-at-all-000000000000000"}
		for what, w := range map[string]*httptest.ResponseRecorder{
			"staff on the dashboard": e.shell("/dashboard", staff),
			"staff on an agent page": e.shell(agent, staff, tz),
			"a buyer on the console": e.shell("/console", ann),
			"no session":             e.shell("/console"),
			"a session that is gone": e.shell("/dashboard", gone),
		} {
			if dataIn(t, w) != nil || strings.Contains(w.Body.String(), "modulepreload") {
				t.Errorf("%s: the shell carries data or preloads", what)
			}
			if w.Body.String() != static.Body.String() && !strings.Contains(w.Body.String(), "app shell en") {
				t.Errorf("%s: not the shell", what)
			}
		}
	})
}

// TestFirstDataEscaped: whatever a user wrote (their name here) cannot end
// the data block or open a comment in the page; the data reads back as
// written.
func TestFirstDataEscaped(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{site: distWithChunks()})
		const name = `Eve </script><script>alert(1)</script><!-- & "co" ` + "\u2028"
		eve := e.signUpVerified(name, "eve@example.com", "eve password 12")
		w := e.shell("/dashboard", eve)
		body := w.Body.String()
		block := firstDataBlock.FindString(body)
		if block == "" {
			t.Fatal("no data block")
		}
		inner := strings.TrimSuffix(strings.TrimPrefix(block, `<script type="application/json" id="first-data">`), "</script>")
		for _, bad := range []string{"<", ">", "&", "\u2028"} {
			if strings.Contains(inner, bad) {
				t.Errorf("the data holds %q unescaped", bad)
			}
		}
		if !strings.Contains(inner, `\u003c/script\u003e`) {
			t.Error(`"<" is not written as \u003c`)
		}
		if strings.Count(body, "<script") != strings.Count(e.shell("/dashboard").Body.String(), "<script")+1 {
			t.Error("the name added an element to the page")
		}
		var me struct {
			User struct {
				FullName string `json:"fullName"`
			} `json:"user"`
		}
		if err := json.Unmarshal(dataIn(t, w)["/api/me"], &me); err != nil || me.User.FullName != strings.TrimSpace(name) && me.User.FullName != name {
			t.Errorf("the name reads back as %q (%v)", me.User.FullName, err)
		}
	})
}

// TestScreenChunks: a path gets the chunks of the route that matches it
// with the most literal segments; none for a path no route matches.
func TestScreenChunks(t *testing.T) {
	s, err := loadSite(distWithChunks(), testSiteURL, pageFacts{})
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		"/dashboard":                    "/assets/Overview-2.js",
		"/dashboard/agents/x":           "/assets/DashboardAgent-4.js",
		"/dashboard/agents/x/settings":  "/assets/Settings-5.js",
		"/dashboard/agents/x/elsewhere": "",
		"/dashboard/agents":             "",
		"/console":                      "/assets/ConsoleQuotes-6.js",
	} {
		got := s.screenChunks(langEN, path)
		if (want == "") != (got == nil) || want != "" && !slices.Contains(got, want) {
			t.Errorf("%s: %v, want %q", path, got, want)
		}
	}
	// A file that is not one of the build's assets never reaches the HTML.
	fsys := distWithChunks()
	fsys["_internal/site.json"].Data = []byte(`{"scriptHashes":[],"clientRoutes":["/dashboard"],"screenChunks":[{"path":"/dashboard","files":{"en":["/assets/x.js\"><script>"]}}]}`)
	if _, err := loadSite(fsys, testSiteURL, pageFacts{}); err == nil {
		t.Error("a chunk that is not a file in /assets/ was accepted")
	}
}

// TestFirstDataBlockEscapesAnyAnswer: the block escapes <, >, & and
// U+2028 itself, whatever encoder wrote the API's answer.
func TestFirstDataBlockEscapesAnyAnswer(t *testing.T) {
	s, err := loadSite(distWithChunks(), testSiteURL, pageFacts{})
	if err != nil {
		t.Fatal(err)
	}
	raw := "{\"name\":\"</script><!-- & \u2028\"}"
	f := &firstData{site: s, routes: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/me" {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(raw))
	})}
	r := httptest.NewRequest("GET", "/dashboard", nil)
	r = r.WithContext(request.WithIdentity(r.Context(), request.Identity{ClientIP: "192.0.2.1", User: &auth.User{ID: "u1", Role: auth.RoleBuyer}}))
	w := httptest.NewRecorder()
	f.write(w, r, langEN, "/dashboard")
	block := firstDataBlock.FindString(w.Body.String())
	inner := strings.TrimSuffix(strings.TrimPrefix(block, `<script type="application/json" id="first-data">`), "</script>")
	if inner == "" || strings.ContainsAny(inner, "<>&\u2028") {
		t.Fatalf("the block holds markup: %q", block)
	}
	var me struct{ Name string }
	if err := json.Unmarshal(dataIn(t, w)["/api/me"], &me); err != nil || me.Name != "</script><!-- & \u2028" {
		t.Errorf("read back %q (%v)", me.Name, err)
	}
}
