package web

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/belwise/site/internal/web/request"
)

func TestClientIP(t *testing.T) {
	for _, tt := range []struct {
		name   string
		remote string
		xff    []string
		trust  bool
		want   string
	}{
		{"peer", "192.0.2.1:5000", nil, false, "192.0.2.1"},
		{"peer IPv6", "[2001:db8::1]:5000", nil, false, "2001:db8::1"},
		{"forwarded header ignored without TRUST_PROXY", "192.0.2.1:5000", []string{"203.0.113.9"}, false, "192.0.2.1"},
		{"the proxy's own entry", "10.0.0.2:5000", []string{"203.0.113.9"}, true, "203.0.113.9"},
		{"a forged entry before the proxy's", "10.0.0.2:5000", []string{"1.2.3.4, 203.0.113.9"}, true, "203.0.113.9"},
		{"the last of several headers", "10.0.0.2:5000", []string{"1.2.3.4", "198.51.100.7"}, true, "198.51.100.7"},
		{"empty entry falls back to the peer", "10.0.0.2:5000", []string{"1.2.3.4, "}, true, "10.0.0.2"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/api/me", nil)
			r.RemoteAddr = tt.remote
			for _, v := range tt.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			var got request.Identity
			identify{trustProxy: tt.trust}.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				got = request.IdentityOf(r)
			})).ServeHTTP(httptest.NewRecorder(), r)
			if got.ClientIP != tt.want || got.User != nil || got.Err != nil {
				t.Fatalf("identity %+v, want client %s", got, tt.want)
			}
		})
	}
}

// TestIdentityOnTheContext: the middleware resolves the user and role
// once, slides the session and clears a stale cookie on any API request.
func TestIdentityOnTheContext(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		// Near the real time: the cookie's Max-Age counts from the wall clock.
		now := time.Now().UTC()
		e := newEnv(t, db, envOptions{now: func() time.Time { return now }})
		cookie := e.signUpVerified("Ops", "ops@example.com", "ops password")

		rec := e.call("GET", "/api/me", nil, cookie)
		if !strings.Contains(rec.Body.String(), `"role":"buyer"`) || rec.Header().Get("Set-Cookie") != "" {
			t.Fatalf("fresh session: %s %v", rec.Body, rec.Header())
		}
		// Two hours later the session slides: the same token comes back
		// with a later expiry, on whichever API request comes first.
		now = now.Add(2 * time.Hour)
		rec = e.call("GET", "/api/voice/config", nil, cookie)
		renewed := cookieFrom(t, rec)
		if renewed.Value != cookie.Value || !renewed.Expires.After(cookie.Expires) || renewed.MaxAge <= 0 || len(rec.Result().Cookies()) != 1 {
			t.Fatalf("renewal: %v", rec.Header().Values("Set-Cookie"))
		}
		// The role is read with the session: made staff, the session
		// that only a password opened waits for the second step (issue
		// 18: it no longer reports a signed-in user), and is kept.
		u, err := db.UserByEmail(t.Context(), "ops@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if err := db.SetUserRole(t.Context(), u.ID, auth.RoleStaff); err != nil {
			t.Fatal(err)
		}
		rec = e.call("GET", "/api/me", nil, cookie)
		if rec.Body.String() != `{"authenticated":false,"secondStep":true}`+"\n" || rec.Header().Get("Set-Cookie") != "" {
			t.Fatalf("a buyer's session made staff: %q %v", rec.Body, rec.Header())
		}
		if err := db.SetUserRole(t.Context(), u.ID, auth.RoleBuyer); err != nil {
			t.Fatal(err)
		}

		// Idle past the timeout: every API request clears the cookie, and
		// an open endpoint still answers, anonymously.
		now = now.Add(auth.IdleTimeout + time.Minute)
		rec = e.call("GET", "/api/voice/config", nil, cookie)
		expectStatus(t, rec, 200)
		if c := rec.Result().Cookies(); len(c) != 1 || c[0].MaxAge >= 0 {
			t.Fatalf("stale cookie not cleared: %v", rec.Header().Values("Set-Cookie"))
		}
		// Signing in over a stale cookie sets exactly one new cookie.
		rec = e.call("POST", "/api/auth/sign-in", map[string]string{"email": "ops@example.com", "password": "ops password"}, cookie)
		expectStatus(t, rec, 200)
		if c := rec.Result().Cookies(); len(c) != 1 || c[0].Value == "" || c[0].Value == cookie.Value || c[0].MaxAge <= 0 {
			t.Fatalf("sign-in over a stale cookie: %v", rec.Header().Values("Set-Cookie"))
		}
		// Signing out clears the cookie once, even when the session was
		// renewed by the same request.
		fresh := cookieFrom(t, rec)
		now = now.Add(2 * time.Hour)
		rec = e.call("POST", "/api/auth/sign-out", nil, fresh)
		expectStatus(t, rec, 204)
		if c := rec.Result().Cookies(); len(c) != 1 || c[0].MaxAge >= 0 {
			t.Fatalf("sign-out: %v", rec.Header().Values("Set-Cookie"))
		}
	})
}

func TestGuards(t *testing.T) {
	a := &api{log: slog.New(slog.DiscardHandler), ready: func() bool { return true }}
	ok := func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) }
	buyer := &auth.User{ID: "b", Role: auth.RoleBuyer}
	staff := &auth.User{ID: "s", Role: auth.RoleStaff}
	down := &api{log: slog.New(slog.DiscardHandler), ready: func() bool { return false }}
	for _, tt := range []struct {
		name   string
		h      http.HandlerFunc
		id     request.Identity
		status int
		code   string
	}{
		{"signed in: anonymous", a.signedIn(ok), request.Identity{}, 401, "unauthenticated"},
		{"signed in: buyer", a.signedIn(ok), request.Identity{User: buyer}, 418, ""},
		{"signed in: session unknowable", a.signedIn(ok), request.Identity{Err: apierr.ErrUnavailable}, 503, "unavailable"},
		{"staff: anonymous", a.staffOnly(ok), request.Identity{}, 401, "unauthenticated"},
		{"staff: buyer", a.staffOnly(ok), request.Identity{User: buyer}, 403, "staff_only"},
		{"staff: staff", a.staffOnly(ok), request.Identity{User: staff}, 418, ""},
		{"staff: session unknowable", a.staffOnly(ok), request.Identity{Err: apierr.ErrUnavailable}, 503, "unavailable"},
		{"database ready", a.needDB(ok), request.Identity{}, 418, ""},
		{"database down", down.needDB(ok), request.Identity{User: staff}, 503, "unavailable"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/api/console/x", nil)
			r = r.WithContext(request.WithIdentity(r.Context(), tt.id))
			rec := httptest.NewRecorder()
			tt.h(rec, r)
			expectStatus(t, rec, tt.status)
			if tt.code != "" && errCode(t, rec) != tt.code {
				t.Fatalf("code %q, want %q", errCode(t, rec), tt.code)
			}
		})
	}
}
