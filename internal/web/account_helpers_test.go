package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/store"
)

// outboxCapture is a mail.Sender that keeps what the outbox worker sends.
type outboxCapture struct {
	mu   sync.Mutex
	sent []mail.Message
}

func (c *outboxCapture) Send(_ context.Context, m mail.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sent = append(c.sent, m)
	return nil
}

// accountEnv is the whole account stack on a real database: the HTTP
// handler, the auth service and the outbox worker with a capturing sender.
type accountEnv struct {
	t      *testing.T
	db     *store.DB
	h      http.Handler
	worker *mail.Worker
	mail   *outboxCapture
	ip     string
}

func newAccountEnv(t *testing.T, db *store.DB, siteURL string) *accountEnv {
	t.Helper()
	capture := &outboxCapture{}
	worker := mail.NewWorker(db, capture, nil, mail.WorkerOptions{})
	svc := auth.New(auth.Options{DB: db, SiteURL: siteURL, RateLimitScale: 1})
	svc.RegisterMail(worker)
	h, err := New(Options{Site: fakeDist(), SiteURL: siteURL, Auth: svc, Orders: orders.New(db), DBReady: func() bool { return true }})
	if err != nil {
		t.Fatal(err)
	}
	return &accountEnv{t: t, db: db, h: h, worker: worker, mail: capture, ip: "192.0.2.10"}
}

// call sends a JSON request as a same-origin browser would, with the given
// cookie (may be nil).
func (e *accountEnv) call(method, path string, body any, cookie *http.Cookie) *httptest.ResponseRecorder {
	e.t.Helper()
	return e.request(e.ip, method, path, body, cookie)
}

// callFrom is call from the client address ip, safe to use concurrently.
func (e *accountEnv) callFrom(ip, method, path string, body any) *httptest.ResponseRecorder {
	return e.request(ip, method, path, body, nil)
}

func (e *accountEnv) request(ip, method, path string, body any, cookie *http.Cookie) *httptest.ResponseRecorder {
	var rd *bytes.Reader
	if s, ok := body.(string); ok {
		rd = bytes.NewReader([]byte(s))
	} else if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req := httptest.NewRequest(method, path, rd)
	req.RemoteAddr = ip + ":51000"
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if cookie != nil {
		req.AddCookie(cookie)
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	return rec
}

// sessionCookie returns the session cookie a response set, failing if none.
func sessionCookie(t *testing.T, rec *httptest.ResponseRecorder) *http.Cookie {
	t.Helper()
	for _, c := range rec.Result().Cookies() {
		if strings.HasSuffix(c.Name, "session") && c.Value != "" {
			return c
		}
	}
	t.Fatalf("no session cookie in %d response: %s", rec.Code, rec.Body)
	return nil
}

// flushMail runs the outbox once and returns what it sent.
func (e *accountEnv) flushMail() []mail.Message {
	e.t.Helper()
	if _, err := e.worker.RunOnce(context.Background()); err != nil {
		e.t.Fatal(err)
	}
	e.mail.mu.Lock()
	defer e.mail.mu.Unlock()
	out := e.mail.sent
	e.mail.sent = nil
	return out
}

var linkToken = regexp.MustCompile(`#(verify|reset)=([A-Za-z0-9_-]{43})`)

// tokenFrom finds the one-time token of kind in a message sent to addr.
func tokenFrom(t *testing.T, msgs []mail.Message, addr, kind string) string {
	t.Helper()
	for _, m := range msgs {
		if m.To != addr && !strings.Contains(m.To, addr) {
			continue
		}
		for _, match := range linkToken.FindAllStringSubmatch(m.Text, -1) {
			if match[1] == kind {
				if !strings.Contains(m.HTML, match[2]) {
					t.Fatalf("the HTML part lacks the %s link", kind)
				}
				return match[2]
			}
		}
	}
	t.Fatalf("no %s link sent to %s among %d messages", kind, addr, len(msgs))
	return ""
}

type apiErr struct {
	Error struct{ Code, Message string } `json:"error"`
}

func errCode(t *testing.T, rec *httptest.ResponseRecorder) string {
	t.Helper()
	var e apiErr
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
		t.Fatalf("not an API error (%d): %s", rec.Code, rec.Body)
	}
	return e.Error.Code
}

func expectStatus(t *testing.T, rec *httptest.ResponseRecorder, want int) {
	t.Helper()
	if rec.Code != want {
		t.Fatalf("status %d, want %d: %s", rec.Code, want, rec.Body)
	}
}

// signUpVerified creates a verified account through the public flow and
// returns its session cookie.
func (e *accountEnv) signUpVerified(name, email, password string) *http.Cookie {
	e.t.Helper()
	expectStatus(e.t, e.call("POST", "/api/auth/sign-up", map[string]string{"fullName": name, "email": email, "password": password, "locale": "en"}, nil), 202)
	token := tokenFrom(e.t, e.flushMail(), email, "verify")
	rec := e.call("POST", "/api/auth/verify", map[string]string{"token": token}, nil)
	expectStatus(e.t, rec, 200)
	return sessionCookie(e.t, rec)
}

func mustHash(t *testing.T, password string) string {
	t.Helper()
	h, err := auth.HashPassword(t.Context(), password)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
