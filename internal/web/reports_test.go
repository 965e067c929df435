package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/reports"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// The monthly report is its buyer's alone; the digest settings are the
// signed-in user's; the digest's one-click link turns it off without a
// session (RFC 8058's POST, as a mail program sends it), only with its
// signature, and its GET changes nothing.
func TestReportsAndDigestEndpoints(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		ann, o := e.buyerWithOrder("ann@example.com", "a0000000-0000-4000-8000-0000000000aa")
		bob := e.signUpVerified("Bob", "bob@example.com", "bob password 12")
		month := time.Now().In(mustZone(t, "Europe/Amsterdam")).Format("2006-01")

		r := decode[reports.Report](t, e.call("GET", "/api/orders/"+o.ID+"/reports/"+month+"?lang=nl", nil, ann), 200)
		if r.OrderID != o.ID || r.Month != month || r.TimeZone != "Europe/Amsterdam" || len(r.Hours) != 7 || r.Reasons == nil {
			t.Errorf("report %+v", r)
		}
		expectError(t, e.call("GET", "/api/orders/"+o.ID+"/reports/"+month, nil, bob), 404, "not_found", "")
		expectError(t, e.call("GET", "/api/orders/"+o.ID+"/reports/2026-13", nil, ann), 400, "invalid_field", "month")
		expectError(t, e.call("GET", "/api/orders/"+o.ID+"/reports/2999-01", nil, ann), 400, "invalid_field", "month")

		type prefs struct{ Digests reports.Prefs }
		p := decode[prefs](t, e.call("PUT", "/api/account/digests", map[string]any{"browserTimeZone": "Europe/London"}, ann), 200)
		if !p.Digests.WeeklyDigest || p.Digests.TimeZone != "Europe/London" {
			t.Fatalf("%+v", p)
		}
		expectError(t, e.call("PUT", "/api/account/digests", map[string]any{"timeZone": "Mars/Base"}, ann), 400, "invalid_field", "timeZone")
		expectError(t, e.call("PUT", "/api/account/digests", map[string]any{"browserTimeZone": "../etc"}, ann), 400, "invalid_field", "browserTimeZone")
		expectError(t, e.call("GET", "/api/account/digests", nil, nil), 401, "unauthenticated", "")

		u, _ := db.UserByEmail(t.Context(), "ann@example.com")
		svc := reports.New(reports.Options{DB: db, SiteURL: testSiteURL})
		link, err := svc.OffURL(t.Context(), u.ID)
		if err != nil {
			t.Fatal(err)
		}
		path := strings.TrimPrefix(link, testSiteURL)
		oneClick := func(path string) *httptest.ResponseRecorder {
			// A mail program's one-click POST: form-encoded, no cookie, no Origin.
			req := httptest.NewRequest("POST", path, strings.NewReader("List-Unsubscribe=One-Click"))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.RemoteAddr = "198.51.100.7:40000"
			w := httptest.NewRecorder()
			e.h.ServeHTTP(w, req)
			return w
		}
		if w := e.call("GET", path, nil, nil); w.Code != 200 || !strings.Contains(w.Body.String(), "<form method=\"post\"") {
			t.Fatalf("GET: %d %s", w.Code, w.Body)
		}
		if p := decode[prefs](t, e.call("GET", "/api/account/digests", nil, ann), 200); !p.Digests.WeeklyDigest {
			t.Fatal("the GET turned the digest off")
		}
		flipped := path[:len(path)-1] + map[bool]string{true: "1", false: "0"}[strings.HasSuffix(path, "0")]
		if w := oneClick(flipped); w.Code != http.StatusBadRequest {
			t.Fatalf("a changed signature: %d", w.Code)
		}
		if w := oneClick(strings.Replace(path, u.ID, "someone", 1)); w.Code != http.StatusBadRequest {
			t.Fatalf("another user: %d", w.Code)
		}
		if w := oneClick(path); w.Code != 200 || !strings.Contains(w.Body.String(), "is off") {
			t.Fatalf("one click: %d %s", w.Code, w.Body)
		}
		if p := decode[prefs](t, e.call("GET", "/api/account/digests", nil, ann), 200); p.Digests.WeeklyDigest {
			t.Fatal("still on after the one-click POST")
		}
	})
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	l, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
