package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/reports"
	"github.com/belwise/site/internal/store/storetest"
)

// testUnsubscribeJSON is the one-click off pages' words as the build
// writes them (_internal/unsubscribe.json), in every fakeDist;
// web/src/app/unsubscribeMessages.test.ts checks that it is what the
// dictionaries say.
func testUnsubscribeJSON() []byte {
	b, err := os.ReadFile("testdata/unsubscribe.json")
	if err != nil {
		panic(err)
	}
	return b
}

// changeUnsubscribeJSON is testdata/unsubscribe.json with change applied
// to its decoded form, encoded again.
func changeUnsubscribeJSON(t *testing.T, change func(m map[string]map[string]map[string]any)) []byte {
	t.Helper()
	var m map[string]map[string]map[string]any
	if err := json.Unmarshal(testUnsubscribeJSON(), &m); err != nil {
		t.Fatal(err)
	}
	change(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestUnsubscribeWordsAreCompleteInBothLanguages(t *testing.T) {
	words, err := parseUnsubscribeMessages(testUnsubscribeJSON())
	if err != nil {
		t.Fatal(err)
	}
	var walk func(lang, key string, v reflect.Value)
	walk = func(lang, key string, v reflect.Value) {
		for i := range v.NumField() {
			f, name := v.Field(i), key+v.Type().Field(i).Name
			switch f.Kind() {
			case reflect.Struct:
				walk(lang, name+".", f)
			case reflect.String:
				if f.String() == "" {
					t.Errorf("%s: %s is empty", lang, name)
				}
			default:
				t.Fatalf("%s: a field of another kind", name)
			}
		}
	}
	for _, lang := range []string{langEN, langNL} {
		walk(lang, "", reflect.ValueOf(words[lang]))
	}
	if words[langEN].Alerts.Title != "Stop call alerts for {agent}?" || words[langNL].Digest.DoneTitle != "Het weekoverzicht staat uit" {
		t.Fatalf("%+v", words)
	}
}

// A file the pages would show with a word missing, or with a placeholder
// they do not fill in, is refused.
func TestUnsubscribeWordsIncompleteOrUnfilledAreRefused(t *testing.T) {
	type m = map[string]map[string]map[string]any
	for name, change := range map[string]func(m m){
		"no Dutch":            func(m m) { delete(m, "nl") },
		"a page missing":      func(m m) { delete(m["en"], "digest") },
		"a word missing":      func(m m) { delete(m["nl"]["alerts"], "again") },
		"a word empty":        func(m m) { m["en"]["digest"]["button"] = " " },
		"a bad link's text":   func(m m) { delete(m["nl"]["digest"]["badLink"].(map[string]any), "text") },
		"a word unknown":      func(m m) { m["en"]["alerts"]["snooze"] = "Snooze" },
		"a typo":              func(m m) { m["en"]["alerts"]["done"] = "Call alerts for {agnt} are off." },
		"the digest's agent":  func(m m) { m["nl"]["digest"]["ask"] = "Weekoverzicht van {agent} stopzetten?" },
		"a bad link's number": func(m m) { m["en"]["alerts"]["badLink"].(map[string]any)["text"] = "Order #{number}: not valid." },
		"the minutes":         func(m m) { m["nl"]["unavailable"]["text"] = "Probeer het over {minutes} minuten opnieuw." },
	} {
		if _, err := parseUnsubscribeMessages(changeUnsubscribeJSON(t, change)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := parseUnsubscribeMessages([]byte(`{"en":{}}`)); err == nil {
		t.Error("empty: accepted")
	}
}

// With call alerts or digests the site does not start without the off
// pages' words, or with a file that lacks some.
func TestOffPagesNeedTheirWords(t *testing.T) {
	db := storetest.SQLite(t)
	d := fakeDist()
	delete(d, "_internal/unsubscribe.json")
	digests := reports.New(reports.Options{DB: db, SiteURL: testSiteURL})
	if _, err := New(Options{Site: d, SiteURL: testSiteURL, Reports: digests}); err == nil || !strings.Contains(err.Error(), "unsubscribe.json") {
		t.Fatalf("without unsubscribe.json: %v", err)
	}
	if _, err := New(Options{Site: d, SiteURL: testSiteURL}); err != nil {
		t.Fatalf("without either, the file is not needed: %v", err)
	}
	d["_internal/unsubscribe.json"] = &fstest.MapFile{Data: changeUnsubscribeJSON(t, func(m map[string]map[string]map[string]any) { delete(m["en"]["alerts"], "title") })}
	if _, err := New(Options{Site: d, SiteURL: testSiteURL}); err == nil || !strings.Contains(err.Error(), "unsubscribe.json") {
		t.Fatalf("incomplete unsubscribe.json: %v", err)
	}
	if _, err := New(Options{Site: fakeDist(), SiteURL: testSiteURL, Reports: digests}); err != nil {
		t.Fatal(err)
	}
}

// htmlPage checks an off page's answer: its status, HTML, every
// placeholder filled in, and the words.
func htmlPage(t *testing.T, w *httptest.ResponseRecorder, status int, words ...string) {
	t.Helper()
	body := w.Body.String()
	if w.Code != status || w.Header().Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("%d %s: %s", w.Code, w.Header().Get("Content-Type"), body)
	}
	if p := wordVar.FindString(body); p != "" {
		t.Errorf("%s left unfilled in %s", p, body)
	}
	for _, s := range words {
		if !strings.Contains(body, s) {
			t.Errorf("no %q in %s", s, body)
		}
	}
}

// The unsubscribe page from the dictionaries: the agent and order filled
// in; the database down (503) and an error (500) said in both languages,
// as a page.
func TestUnsubscribePageWords(t *testing.T) {
	db := storetest.SQLite(t)
	ready := true
	e := newEnv(t, db, envOptions{ready: func() bool { return ready }})
	_, o := e.buyerWithOrder("words@example.com", "")
	token := e.alerts.Token(o.ID, o.BuyerID)
	w := e.unsubscribe("GET", token, "")
	htmlPage(t, w, http.StatusOK, `<html lang="en">`, "(order #"+orders.Number(o.ID)+")", `<form method="post"><button type="submit">Stop these alerts</button>`, `href="/dashboard/profile">Go to your profile`)
	htmlPage(t, e.unsubscribe("POST", token, "List-Unsubscribe=One-Click"), http.StatusOK, " are off.", "You can turn them on again on your profile page.")
	htmlPage(t, e.unsubscribe("GET", token[:len(token)-4]+"AAAA", ""), http.StatusNotFound,
		"<h1>This link does not work</h1>", "Deze link werkt niet. Deze link is niet (meer) geldig.")

	ready = false
	w = e.unsubscribe("GET", token, "")
	htmlPage(t, w, http.StatusServiceUnavailable, `<html lang="en">`, "<h1>Service unavailable</h1>", "Tijdelijk niet beschikbaar. Probeer het over een minuut opnieuw.")
	if w.Header().Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	ready = true
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	htmlPage(t, e.unsubscribe("POST", token, "List-Unsubscribe=One-Click"), http.StatusInternalServerError,
		"<h1>Something went wrong</h1>", "Er ging iets mis. Probeer het over een minuut opnieuw.")
}

// The weekly digest's off page from the dictionaries, in the user's
// language, with the alerts' page's look.
func TestDigestOffPageWords(t *testing.T) {
	db := storetest.SQLite(t)
	e := newEnv(t, db, envOptions{})
	c, o := e.buyerWithOrder("digest-words@example.com", "")
	if w := e.call("PUT", "/api/account/profile", map[string]string{"fullName": "Digest Words", "locale": "nl"}, c); w.Code != 200 {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	link, err := reports.New(reports.Options{DB: db, SiteURL: testSiteURL}).OffURL(t.Context(), o.BuyerID)
	if err != nil {
		t.Fatal(err)
	}
	path := strings.TrimPrefix(link, testSiteURL)
	get := func(method, path string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, path, nil)
		w := httptest.NewRecorder()
		e.h.ServeHTTP(w, r)
		return w
	}
	htmlPage(t, get("GET", path), http.StatusOK, `<html lang="nl">`, "<h1>Weekoverzicht stopzetten?</h1>",
		`<form method="post"><button type="submit">Weekoverzicht stopzetten</button>`, `href="/nl/dashboard/profile">Naar uw profiel`, "<style>")
	htmlPage(t, get("POST", path), http.StatusOK, "<h1>Het weekoverzicht staat uit</h1>", "U ontvangt het niet meer.")
	htmlPage(t, get("GET", "/api/digests/off?u=x&s=00"), http.StatusBadRequest, `<html lang="en">`, "<h1>This link is not valid</h1>", `href="/dashboard/profile"`)
	// A failure is a page in both languages too, not the API's JSON.
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	for _, method := range []string{"GET", "POST"} {
		htmlPage(t, get(method, path), http.StatusInternalServerError, `<html lang="en">`,
			"<h1>Something went wrong</h1>", "Er ging iets mis. Probeer het over een minuut opnieuw.")
	}
}
