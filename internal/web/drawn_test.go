package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/belwise/site/internal/metrics"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// distWithScreens is distWithChunks with app shells shaped as the prerender
// writes them (critical rules in the head, the loading screen in a
// data-shell root, the boot script after it), the whole stylesheet, and a
// screens.js that draws a screen as the build's does: from the URL and the
// first data it is given, in the visitor's zone; it fails for a user named
// "Fail Please".
func distWithScreens() fstest.MapFS {
	fsys := distWithChunks()
	shell := func(lang string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte(`<!doctype html><html lang="` + lang + `"><head><title>app shell ` + lang + `</title>` +
			`<style>.critical{color:red}</style></head><body><div id="root" data-shell><main>loading ` + lang + `</main>` +
			strings.Repeat("<p>Belwise builds custom AI voice agents.</p>", 30) + "</div>\n<script>boot()</script>\n</body></html>")}
	}
	fsys["_internal/app.en.html"] = shell("en")
	fsys["_internal/app.nl.html"] = shell("nl")
	fsys["assets/entry-1a2b.css"] = &fstest.MapFile{Data: []byte(".whole{color:blue}" + strings.Repeat(".x{margin:0}", 100))}
	fsys["_internal/screen-css.json"] = &fstest.MapFile{Data: []byte(screenCSSFixture)}
	fsys["_internal/screens.js"] = &fstest.MapFile{Data: []byte(`globalThis.renderScreen = async function (arg) {
  var data = JSON.parse(arg.data), name = data['/api/me'].user.fullName;
  if (name === 'Fail Please') throw new Error('cannot draw');
  var p = arg.zoneParts(Date.UTC(2026, 0, 1, 23, 30));
  return '<main class="drawn">drawn ' + arg.url + ' for ' + name + ' with ' + Object.keys(data).sort().join(',') +
    ' in ' + arg.timeZone + ' at ' + p.hour + ':' + p.minute + ' on ' + (p.month + 1) + '/' + p.day + '</main>';
};`)}
	return fsys
}

// TestFirstDataDrawsTheScreen: with the build's screens.js, a signed-in
// screen whose data the shell carries in full comes drawn: its markup in
// the root, marked for the boot script (data-drawn, data-chunks), the whole
// stylesheet in the page in place of the shell's rules, and no module
// preloads (the boot script adds them as it starts the app). Anything less
// than the whole data, a failed render, or no known time zone: the loading
// screen, as before.
func TestFirstDataDrawsTheScreen(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		m := metrics.New()
		e := newEnv(t, db, envOptions{site: distWithScreens(), metrics: m})
		ann, annOrder := e.buyerWithOrder("ann@example.com", callAssistant)
		tz := &http.Cookie{Name: "tz", Value: "Europe%2FAmsterdam"}

		// The renderer compiles its script in the background at the start.
		var body string
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if body = e.shell("/dashboard", ann, tz).Body.String(); strings.Contains(body, "data-drawn") {
				break
			}
		}
		want := `<div id="root" data-shell data-chunks="/assets/entry.client-1.js /assets/Overview-2.js" data-drawn>` +
			`<main class="drawn">drawn /dashboard for Buyer ann@example.com with /api/company,/api/dashboard?lang=en,/api/dpa?lang=en,/api/me` +
			// 23:30 UTC on 1 January is 00:30 on the 2nd in Amsterdam.
			` in Europe/Amsterdam at 0:30 on 1/2</main></div>` + "\n<script>boot()</script>"
		if !strings.Contains(body, want) {
			t.Fatalf("the dashboard is not drawn:\n%s", body)
		}
		head, _, _ := strings.Cut(body, "</head>")
		if !strings.Contains(head, "<style>"+screenCSSDrawn+"</style>") || strings.Contains(body, ".critical") || strings.Contains(body, "styles") {
			t.Error("the head does not carry the rules of the drawn markup in place of the shell's rules")
		}
		if strings.Contains(body, "modulepreload") || strings.Contains(body, "loading en") || !strings.Contains(head, `id="first-data"`) {
			t.Error("module preloads or the loading screen left, or the data missing")
		}

		// In Dutch: the Dutch shell, drawn at its own URL.
		nl := e.shell("/nl/dashboard", ann, tz).Body.String()
		if !strings.Contains(nl, `<html lang="nl">`) || !strings.Contains(nl, "drawn /nl/dashboard for Buyer ann@example.com with /api/company,/api/dashboard?lang=nl") ||
			!strings.Contains(nl, `data-chunks="/assets/entry.client-1.js /assets/nl-common-3.js" data-drawn>`) {
			t.Errorf("the Dutch dashboard is not drawn:\n%s", nl)
		}

		// The agent page and the console.
		agent := "/dashboard/agents/" + annOrder.ID
		if body := e.shell(agent, ann, tz).Body.String(); !strings.Contains(body, "drawn "+agent+" for Buyer ann@example.com with /api/me,/api/orders/"+annOrder.ID+"/agent?") {
			t.Errorf("the agent page is not drawn:\n%s", body)
		}
		staff := e.staffCookie("Sam Staff", "sam@example.com")
		if body := e.shell("/console", staff, tz).Body.String(); !strings.Contains(body, "drawn /console for Sam Staff with /api/console/quotes,/api/me") {
			t.Errorf("the console is not drawn:\n%s", body)
		}

		// Not drawn, the loading screen as before:
		notDrawn := func(what, body string, expected bool) {
			t.Helper()
			if strings.Contains(body, "data-drawn") || strings.Contains(body, "drawn /") || !strings.Contains(body, "<main>loading en</main>") {
				t.Errorf("%s: drawn, or the loading screen is gone:\n%s", what, body)
			}
			// A drawing that was expected but failed has the shell's own rules
			// and names the chunks for the boot script, which preloads them as
			// it adds the stylesheet; one not expected has them as links.
			if expected != strings.Contains(body, `data-chunks="`) || !strings.Contains(body, "<style>.critical{color:red}</style>") ||
				strings.Contains(body, ".drawn{") || expected == strings.Contains(body, "modulepreload") {
				t.Errorf("%s: the head and root do not match a drawing expected=%v:\n%s", what, expected, body)
			}
		}
		// without the visitor's zone, in which its dates are written;
		notDrawn("no tz", e.shell("/dashboard", ann).Body.String(), false)
		// on a screen whose data the server does not write (a query, another screen);
		notDrawn("a query", e.shell("/dashboard?tab=history", ann, tz).Body.String(), false)
		notDrawn("settings", e.shell(agent+"/settings", ann, tz).Body.String(), false)
		// without the whole data (another buyer's order: the API answers 404);
		_, bobOrder := e.buyerWithOrder("bob@example.com", "")
		notDrawn("another's order", e.shell("/dashboard/agents/"+bobOrder.ID, ann, tz).Body.String(), true)
		// when the render fails.
		fail := e.signUpVerified("Fail Please", "fail@example.com", "buyer password 1")
		notDrawn("a failed render", e.shell("/dashboard", fail, tz).Body.String(), true)

		// Each drawing and its outcome are counted.
		rec := httptest.NewRecorder()
		m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		for _, want := range []string{
			`belwise_screen_draw_duration_seconds_count{outcome="failed"} 1`,
			`belwise_screen_draw_duration_seconds_count{outcome="drawn"} `,
		} {
			if !strings.Contains(rec.Body.String(), want) {
				t.Errorf("metrics lack %s", want)
			}
		}
	})
}

func TestWithRoot(t *testing.T) {
	page := []byte("<body><div id=\"root\" data-shell><p>loading</p></div>\n<script>boot()</script></body>")
	for _, c := range []struct {
		chunks []string
		drawn  string
		want   string
	}{
		{[]string{"/a.js", "/b&c.js"}, "<p>drawn</p>", "<body><div id=\"root\" data-shell data-chunks=\"/a.js /b&amp;c.js\" data-drawn><p>drawn</p></div>\n<script>boot()</script></body>"},
		{[]string{"/a.js"}, "", "<body><div id=\"root\" data-shell data-chunks=\"/a.js\"><p>loading</p></div>\n<script>boot()</script></body>"},
	} {
		if got := string(withRoot(page, c.chunks, c.drawn)); got != c.want {
			t.Errorf("withRoot(%v, %q) = %q, want %q", c.chunks, c.drawn, got, c.want)
		}
	}
	// A page without the shell's root, or without its end, stays as it is.
	for _, p := range []string{"<body><div id=\"root\"><p>page</p></div></body>", "<body><div id=\"root\" data-shell><p>loading</p>"} {
		if got := string(withRoot([]byte(p), nil, "<p>drawn</p>")); got != p {
			t.Errorf("withRoot(%q) = %q", p, got)
		}
	}
}

func TestCutStyle(t *testing.T) {
	head := []byte("<head><title>x</title><style>.critical{}</style>\n<meta name=a></head>")
	rest, style := cutStyle(head)
	if string(rest) != "<head><title>x</title><meta name=a></head>" || string(style) != "<style>.critical{}</style>\n" {
		t.Errorf("cutStyle = %q, %q", rest, style)
	}
	if rest, style := cutStyle([]byte("<head></head>")); string(rest) != "<head></head>" || style != nil {
		t.Errorf("cutStyle without <style> = %q, %q", rest, style)
	}
}

// screenCSSFixture is a stylesheet's list of rules (screencss.go), of which
// a page with the class "drawn" (and not "x") keeps screenCSSDrawn.
const screenCSSFixture = `[
 {"raw": "@layer theme,base;"},
 {"open": "@layer base{"}, {"selectors": [{"text": "main", "classes": []}], "body": "margin:0"}, {"close": true},
 {"selectors": [{"text": ".drawn", "classes": ["drawn"]}, {"text": ".x .drawn", "classes": ["x", "drawn"]}], "body": "color:blue"},
 {"open": "@media (width>=40rem){"}, {"selectors": [{"text": ".x", "classes": ["x"]}], "body": "margin:0"}, {"close": true},
 {"open": "@media print{"}, {"open": "@supports (display:grid){"},
 {"selectors": [{"text": ".drawn:hover", "classes": ["drawn"]}], "body": "color:red"}, {"close": true}, {"close": true},
 {"raw": "@property --x{syntax:\"*\";inherits:false}"}
]`

const screenCSSDrawn = `@layer theme,base;@layer base{main{margin:0}}.drawn{color:blue}@media print{@supports (display:grid){.drawn:hover{color:red}}}@property --x{syntax:"*";inherits:false}`

func TestScreenCSS(t *testing.T) {
	rules, err := readCSSRules([]byte(screenCSSFixture))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(rules.For([]byte(`<main class="drawn other">a</main>`))); got != screenCSSDrawn {
		t.Errorf("For(drawn) =\n%s\nwant\n%s", got, screenCSSDrawn)
	}
	// Both classes: the second selector and the media group stay too; the
	// class attribute is read with its entities.
	both := `<div class="x&#x20;y"><main class=" drawn">a</main></div>`
	if got := string(rules.For([]byte(both))); !strings.Contains(got, ".drawn,.x .drawn{color:blue}@media (width>=40rem){.x{margin:0}}") {
		t.Errorf("For(both) = %s", got)
	}
	// No class: what needs none.
	if got, want := string(rules.For([]byte("<main>a</main>"))), `@layer theme,base;@layer base{main{margin:0}}@property --x{syntax:"*";inherits:false}`; got != want {
		t.Errorf("For(none) = %s, want %s", got, want)
	}
	for _, bad := range []string{
		`[{"open": "@media print{"}]`,
		`[{"close": true}]`,
		`[{"body": "color:red"}]`,
		`[{"raw": ".a::after{content:\"</style>\"}"}]`,
		`[{"selectors": [{"text": ".a", "classes": ["a"]}], "body": "content:\"\u003c/STYLE>\""}]`,
		`{}`,
	} {
		if _, err := readCSSRules([]byte(bad)); err == nil {
			t.Errorf("readCSSRules(%s) took it", bad)
		}
	}
}
