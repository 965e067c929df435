package web

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

const (
	androidUA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
	firefoxUA = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
)

// signInFrom signs in with a browser's User-Agent and returns the cookie.
func (e *accountEnv) signInFrom(ua, email, password string) *http.Cookie {
	e.t.Helper()
	req := httptest.NewRequest("POST", "/api/auth/sign-in", strings.NewReader(`{"email":"`+email+`","password":"`+password+`"}`))
	req.RemoteAddr = e.ip + ":51000"
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", ua)
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	expectStatus(e.t, rec, 200)
	return cookieFrom(e.t, rec)
}

type deviceRow struct {
	ID, Browser, System, CreatedAt, LastSeenAt string
	Current                                    bool
}

func (e *accountEnv) devices(c *http.Cookie) []deviceRow {
	e.t.Helper()
	rec := e.call("GET", "/api/account/devices", nil, c)
	expectStatus(e.t, rec, 200)
	var out struct{ Devices []deviceRow }
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		e.t.Fatal(err)
	}
	return out.Devices
}

func TestProfile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		c := e.signUpVerified("Fay", "fay@example.com", "fay password")
		rec := e.call("GET", "/api/account/profile", nil, c)
		expectStatus(t, rec, 200)
		if rec.Body.String() != `{"profile":{"fullName":"Fay","email":"fay@example.com","locale":"en"}}`+"\n" {
			t.Fatalf("profile: %s", rec.Body)
		}
		rec = e.call("PUT", "/api/account/profile", map[string]string{"fullName": "  Fay   van Dam ", "locale": "nl"}, c)
		expectStatus(t, rec, 200)
		if !strings.Contains(rec.Body.String(), `"fullName":"Fay van Dam"`) || !strings.Contains(rec.Body.String(), `"locale":"nl"`) {
			t.Fatalf("updated: %s", rec.Body)
		}
		if rec := e.call("GET", "/api/me", nil, c); !strings.Contains(rec.Body.String(), `"fullName":"Fay van Dam"`) {
			t.Fatalf("me: %s", rec.Body)
		}
		// Bad input names its field and changes nothing.
		expectError(t, e.call("PUT", "/api/account/profile", map[string]string{"fullName": " ", "locale": "en"}, c), 400, "full_name_required", "fullName")
		expectError(t, e.call("PUT", "/api/account/profile", map[string]string{"fullName": strings.Repeat("x", 101), "locale": "en"}, c), 400, "full_name_too_long", "fullName")
		expectError(t, e.call("PUT", "/api/account/profile", map[string]string{"fullName": "Fay", "locale": "fr"}, c), 400, "invalid_field", "locale")
		expectError(t, e.call("PUT", "/api/account/profile", map[string]string{"fullName": "Fay"}, c), 400, "invalid_field", "locale")
		if rec := e.call("GET", "/api/account/profile", nil, c); !strings.Contains(rec.Body.String(), `"fullName":"Fay van Dam"`) {
			t.Fatalf("after bad input: %s", rec.Body)
		}
		// Signed out: 401.
		expectStatus(t, e.call("GET", "/api/account/profile", nil, nil), 401)
		expectStatus(t, e.call("PUT", "/api/account/profile", map[string]string{"fullName": "X", "locale": "en"}, nil), 401)
	})
}

// TestChangePasswordEndsOtherSessions: the current password is asked; the
// change keeps the asking session and ends every other.
func TestChangePasswordEndsOtherSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		laptop := e.signUpVerified("Gus", "gus@example.com", "gus password")
		phone := e.signInFrom(androidUA, "gus@example.com", "gus password")
		other := e.signUpVerified("Hal", "hal@example.com", "hal password")
		change := func(c *http.Cookie, current, next string) *httptest.ResponseRecorder {
			return e.call("POST", "/api/account/password", map[string]string{"currentPassword": current, "newPassword": next}, c)
		}

		expectError(t, change(laptop, "", "new password"), 400, "password_required", "currentPassword")
		expectError(t, change(laptop, "wrong password", "new password"), 400, "wrong_password", "currentPassword")
		expectError(t, change(laptop, "gus password", "short"), 400, "password_too_short", "newPassword")
		expectError(t, change(laptop, "gus password", ""), 400, "password_required", "newPassword")
		expectError(t, change(laptop, "gus password", strings.Repeat("p", 129)), 400, "password_too_long", "newPassword")
		expectStatus(t, e.call("GET", "/api/dashboard", nil, phone), 200) // nothing changed yet
		expectStatus(t, change(nil, "gus password", "new password"), 401)

		expectStatus(t, change(laptop, "gus password", "new password"), 204)
		expectStatus(t, e.call("GET", "/api/dashboard", nil, laptop), 200) // this one stays
		expectStatus(t, e.call("GET", "/api/dashboard", nil, phone), 401)  // the other is out
		expectStatus(t, e.call("GET", "/api/dashboard", nil, other), 200)  // another user's untouched
		if d := e.devices(laptop); len(d) != 1 || !d[0].Current {
			t.Fatalf("devices after the change: %+v", d)
		}
		expectStatus(t, e.call("POST", "/api/auth/sign-in", map[string]string{"email": "gus@example.com", "password": "gus password"}, nil), 401)
		expectStatus(t, e.call("POST", "/api/auth/sign-in", map[string]string{"email": "gus@example.com", "password": "new password"}, nil), 200)
	})
}

// TestWrongCurrentPasswordIsRateLimited: guessing the current password
// with a session spends the sign-in budget.
func TestWrongCurrentPasswordIsRateLimited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		c := e.signUpVerified("Ida", "ida@example.com", "ida password")
		var last *httptest.ResponseRecorder
		for range 11 {
			last = e.call("POST", "/api/account/password", map[string]string{"currentPassword": "guess guess", "newPassword": "new password"}, c)
		}
		expectStatus(t, last, 429)
	})
}

// TestDevices: the list names each session by a random id (not its token,
// not its hash) and the browser; one device is signed out by that id, and
// only the user's own.
func TestDevices(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		e.signUpVerified("Jo", "jo@example.com", "jo password")
		laptop := e.signInFrom(firefoxUA, "jo@example.com", "jo password")
		phone := e.signInFrom(androidUA, "jo@example.com", "jo password")
		e.signUpVerified("Kim", "kim@example.com", "kim password")
		kim := e.signInFrom(androidUA, "kim@example.com", "kim password")

		list := e.devices(laptop)
		if len(list) != 3 || !list[0].Current {
			t.Fatalf("devices (the asking one first): %+v", list)
		}
		var phoneID, laptopID string
		current := 0
		for _, d := range list {
			if d.Current {
				current++
				laptopID = d.ID
				if d.Browser != "Firefox" || d.System != "Linux" {
					t.Fatalf("current device: %+v", d)
				}
			}
			if d.Browser == "Chrome" && d.System == "Android" {
				phoneID = d.ID
			}
			if d.CreatedAt == "" || d.LastSeenAt == "" || d.ID == "" {
				t.Fatalf("device: %+v", d)
			}
			for _, c := range []*http.Cookie{laptop, phone} {
				sum := sha256.Sum256([]byte(c.Value))
				for _, leak := range []string{c.Value, hex.EncodeToString(sum[:]), base64.RawURLEncoding.EncodeToString(sum[:]), base64.StdEncoding.EncodeToString(sum[:])} {
					if strings.Contains(d.ID, leak) || strings.Contains(leak, d.ID) {
						t.Fatalf("device id %q gives the session away", d.ID)
					}
				}
			}
		}
		if current != 1 || phoneID == "" {
			t.Fatalf("devices: %+v", list)
		}
		kimID := e.devices(kim)[0].ID

		// Another user's device, an unknown one and a malformed one: 404, nothing ends.
		expectError(t, e.call("DELETE", "/api/account/devices/"+kimID, nil, laptop), 404, "not_found", "")
		expectError(t, e.call("DELETE", "/api/account/devices/AAAAAAAAAAAAAAAAAAAAAA", nil, laptop), 404, "not_found", "")
		expectError(t, e.call("DELETE", "/api/account/devices/x", nil, laptop), 404, "not_found", "")
		expectStatus(t, e.call("GET", "/api/dashboard", nil, kim), 200)
		expectStatus(t, e.call("DELETE", "/api/account/devices/"+phoneID, nil, nil), 401)

		expectStatus(t, e.call("DELETE", "/api/account/devices/"+phoneID, nil, laptop), 204)
		expectStatus(t, e.call("GET", "/api/dashboard", nil, phone), 401)
		expectStatus(t, e.call("GET", "/api/dashboard", nil, laptop), 200)
		expectError(t, e.call("DELETE", "/api/account/devices/"+phoneID, nil, laptop), 404, "not_found", "")
		if d := e.devices(laptop); len(d) != 2 {
			t.Fatalf("after signing the phone out: %+v", d)
		}
		// Signing this device out clears its cookie.
		rec := e.call("DELETE", "/api/account/devices/"+laptopID, nil, laptop)
		expectStatus(t, rec, 204)
		if !strings.Contains(rec.Header().Get("Set-Cookie"), "Max-Age=0") {
			t.Fatalf("cookie kept: %v", rec.Header())
		}
		expectStatus(t, e.call("GET", "/api/dashboard", nil, laptop), 401)
	})
}
