package web

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// unsubscribe sends a request to an alert's unsubscribe link as a mail
// client does: no session, no browser headers (or a cross-site form).
func (e *accountEnv) unsubscribe(method, token, body string, headers ...string) *httptest.ResponseRecorder {
	e.t.Helper()
	r := httptest.NewRequest(method, "/alerts/unsubscribe/"+token, strings.NewReader(body))
	r.RemoteAddr = "198.51.100.7:443"
	if body != "" {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Set(headers[i], headers[i+1])
	}
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	return w
}

func TestAlertSettingsAndUnsubscribe(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{})
		cookie, o := e.buyerWithOrder("alerts@example.com", "")
		other, o2 := e.buyerWithOrder("other@example.com", "")

		setting := func(w *httptest.ResponseRecorder) map[string]any {
			t.Helper()
			var v map[string]any
			if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
				t.Fatalf("%d %s", w.Code, w.Body)
			}
			return v
		}
		w := e.call("GET", "/api/account/alerts?lang=nl", nil, cookie)
		if w.Code != 200 || !strings.Contains(w.Body.String(), `"effective":"followup"`) || !strings.Contains(w.Body.String(), "Afsprakenplanner") {
			t.Fatalf("list: %d %s", w.Code, w.Body)
		}
		if w := e.call("PUT", "/api/orders/"+o.ID+"/alerts", map[string]string{"mode": "all"}, cookie); w.Code != 200 || setting(w)["effective"] != "all" {
			t.Fatalf("set: %d %s", w.Code, w.Body)
		}
		if w := e.call("PUT", "/api/orders/"+o.ID+"/alerts", map[string]string{"mode": "often"}, cookie); w.Code != 400 || !strings.Contains(w.Body.String(), `"field":"mode"`) {
			t.Fatalf("bad mode: %d %s", w.Code, w.Body)
		}
		if w := e.call("PUT", "/api/orders/"+o.ID+"/alerts", map[string]string{"mode": "none"}, other); w.Code != 404 {
			t.Fatalf("someone else's order: %d %s", w.Code, w.Body)
		}
		if w := e.call("GET", "/api/orders/"+o.ID+"/alerts", nil, nil); w.Code != 401 {
			t.Fatalf("no session: %d", w.Code)
		}

		// The page: GET asks (a form), POST turns that agent off; the other buyer's order is untouched.
		token := e.alerts.Token(o.ID, o.BuyerID)
		w = e.unsubscribe("GET", token, "")
		if w.Code != 200 || !strings.Contains(w.Body.String(), `<form method="post">`) || !strings.Contains(w.Body.String(), `<html lang="en">`) {
			t.Fatalf("page: %d %s", w.Code, w.Body)
		}
		if s, _ := db.OrderAlertSetting(t.Context(), o.ID); s.Effective() != "all" {
			t.Fatalf("GET changed the setting: %+v", s)
		}
		// RFC 8058's one click, from a mail provider (cross-site as a browser would say).
		w = e.unsubscribe("POST", token, "List-Unsubscribe=One-Click", "Sec-Fetch-Site", "cross-site", "Origin", "https://mail.example")
		if w.Code != 200 || strings.Contains(w.Body.String(), "<form") {
			t.Fatalf("one click: %d %s", w.Code, w.Body)
		}
		if s, _ := db.OrderAlertSetting(t.Context(), o.ID); s.Effective() != "none" {
			t.Fatalf("after one click: %+v", s)
		}
		if s, _ := db.OrderAlertSetting(t.Context(), o2.ID); s.Effective() != "followup" || s.Mode != "" {
			t.Fatalf("the other order changed: %+v", s)
		}
		// A tampered token: 404, nothing changed.
		bad := token[:len(token)-2] + map[bool]string{true: "AA", false: "BB"}[!strings.HasSuffix(token, "AA")]
		e.call("PUT", "/api/orders/"+o.ID+"/alerts", map[string]string{"mode": ""}, cookie)
		if w := e.unsubscribe("POST", bad, "List-Unsubscribe=One-Click"); w.Code != 404 {
			t.Fatalf("tampered: %d %s", w.Code, w.Body)
		}
		if s, _ := db.OrderAlertSetting(t.Context(), o.ID); s.Effective() != "followup" {
			t.Fatalf("a tampered token changed the setting: %+v", s)
		}

		// Staff's default.
		staff := e.staffCookie("Staff", "staff@example.com")
		if w := e.call("PUT", "/api/console/orders/"+o2.ID+"/alerts", map[string]string{"default": "all"}, staff); w.Code != 200 || setting(w)["default"] != "all" {
			t.Fatalf("staff default: %d %s", w.Code, w.Body)
		}
		if w := e.call("PUT", "/api/console/orders/"+o2.ID+"/alerts", map[string]string{"default": ""}, staff); w.Code != 400 {
			t.Fatalf("staff empty default: %d %s", w.Code, w.Body)
		}
		if w := e.call("GET", "/api/console/orders/"+o2.ID+"/alerts", nil, cookie); w.Code != 403 {
			t.Fatalf("a buyer in the console: %d", w.Code)
		}
	})
}
