package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/agentsettings"
	"github.com/belwise/site/internal/alerts"
	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/billing"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/catalogue"
	"github.com/belwise/site/internal/company"
	"github.com/belwise/site/internal/dpa"
	"github.com/belwise/site/internal/invoicedoc"
	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/mail/mailtest"
	"github.com/belwise/site/internal/metrics"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/reports"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/vapiapi"
	"github.com/belwise/site/internal/voice"
	"github.com/belwise/site/internal/webhooks"
)

// accountEnv is the whole API as web.New serves it, on a real database:
// the auth, orders and quote services and the outbox worker with a
// capturing sender.
type accountEnv struct {
	t       *testing.T
	db      *store.DB
	h       http.Handler
	worker  *jobs.Worker
	mail    *mailtest.Sink
	logs    *syncBuffer
	ip      string
	alerts  *alerts.Service
	billing *billing.Service
	// settings is the agent settings service (issue 23).
	settings *agentsettings.Service
}

// testDocs writes recognisable bytes in place of an invoice's PDF and UBL.
type testDocs struct{}

func (testDocs) PDF(d invoicedoc.Document) ([]byte, error) {
	return []byte("%PDF-1.7 " + d.Number), nil
}
func (testDocs) UBL(d invoicedoc.Document) ([]byte, error) {
	return []byte("<Invoice><ID>" + d.Number + "</ID></Invoice>"), nil
}

// testAgency is the seller on the test invoices.
var testAgency = billing.Agency{Name: "Belwise B.V.", Street: "Keizersgracht 1", Postcode: "1015 AA", City: "Amsterdam", Country: "NL",
	KVK: "12345678", VATID: "NL123456789B01", IBAN: "NL91ABNA0417164300", Email: "hello@belwise.test"}

const testAlertsSecret = "test-alerts-secret-0123456789abcdef"

// envOptions varies newEnv; the zero value is the site on https with the
// database ready and the voice widget in demo mode.
type envOptions struct {
	siteURL    string       // default testSiteURL
	ready      func() bool  // default always ready
	voice      voice.Config // the zero value: demo mode, no webhook
	trustProxy bool
	now        func() time.Time // the auth service's clock; default time.Now
	site       fs.FS            // default fakeDist()
	guard      webhooks.Guard   // the webhooks' guard; the zero value refuses private addresses
	vapi       *vapiapi.Client  // Vapi's API for the settings' delivery and deleted calls; nil: none
	metrics    *metrics.Metrics // nil: none
}

// newEnv builds the API through web.New. With a nil db there is no
// database and no services, as in tests of the static site.
func newEnv(t *testing.T, db *store.DB, o envOptions) *accountEnv {
	t.Helper()
	if o.siteURL == "" {
		o.siteURL = testSiteURL
	}
	if o.ready == nil {
		o.ready = func() bool { return true }
	}
	logs := &syncBuffer{}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	e := &accountEnv{t: t, db: db, mail: &mailtest.Sink{}, logs: logs, ip: "192.0.2.10"}
	if o.site == nil {
		o.site = fakeDist()
	}
	opts := Options{Site: o.site, SiteURL: o.siteURL, QuoteInbox: testInbox, Logger: log, Voice: o.voice, TrustProxy: o.trustProxy, Metrics: o.metrics}
	if db != nil {
		var mailer *mail.Mailer
		e.worker, mailer = mail.NewWorker(db, e.mail, nil, jobs.Options{})
		accounts := auth.New(auth.Options{DB: db, SiteURL: o.siteURL, RateLimitScale: 1, Now: o.now})
		accounts.RegisterMail(mailer)
		quotes, err := quote.New(quote.Options{DB: db, Inbox: testInbox, Notify: e.worker.Notify, RateLimitScale: 1, Logger: log})
		if err != nil {
			t.Fatal(err)
		}
		quotes.RegisterMail(mailer)
		sales := orders.New(orders.Options{DB: db, SiteURL: o.siteURL, Notify: e.worker.Notify, Logger: log})
		sales.RegisterMail(mailer)
		opts.Auth, opts.Orders, opts.Quotes, opts.Catalogue, opts.DBReady = accounts, sales, quotes, catalogue.New(db, nil), o.ready
		opts.Reports = reports.New(reports.Options{DB: db, SiteURL: o.siteURL, Notify: e.worker.Notify, Logger: log, Now: o.now})
		opts.Reports.RegisterMail(mailer)
		opts.Calls = calls.New(calls.Options{DB: db, Logger: log, Now: o.now, Stored: opts.Reports.CallStored, Vapi: o.vapi})
		e.alerts = alerts.New(alerts.Options{DB: db, SiteURL: o.siteURL, Secret: testAlertsSecret, Logger: log})
		e.alerts.Register(opts.Calls, mailer)
		opts.Alerts = e.alerts
		opts.Jobs = &jobs.Console{DB: db, Now: o.now}
		opts.Webhooks = webhooks.New(webhooks.Options{DB: db, SiteURL: o.siteURL, Guard: o.guard, Notify: e.worker.Notify, Logger: log, Now: o.now})
		opts.Webhooks.RegisterJobs(e.worker)
		opts.Webhooks.RegisterMail(mailer)
		opts.Companies = company.New(company.Options{DB: db, Logger: log, Now: o.now})
		// The agreement's endpoints; orders here are not gated by it (internal/dpa tests the gate).
		opts.DPA = dpa.New(dpa.Options{DB: db, Agency: "Belwise B.V.", Logger: log, Now: o.now})
		e.billing = billing.New(billing.Options{DB: db, Agency: testAgency, SiteURL: o.siteURL, Documents: testDocs{}, Notify: e.worker.Notify, Logger: log, Now: o.now})
		e.billing.RegisterMail(mailer)
		e.billing.RegisterJobs(e.worker)
		opts.Billing = e.billing
		e.settings = agentsettings.New(agentsettings.Options{DB: db, Vapi: o.vapi, SiteURL: o.siteURL, Notify: e.worker.Notify, Logger: log, Now: o.now})
		e.settings.RegisterMail(mailer)
		e.settings.RegisterJobs(e.worker)
		opts.Settings = e.settings
	}
	h, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	e.h = h
	return e
}

func newAccountEnv(t *testing.T, db *store.DB, siteURL string) *accountEnv {
	t.Helper()
	return newEnv(t, db, envOptions{siteURL: siteURL})
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

// cookieFrom returns the session cookie a response set, failing if none.
func cookieFrom(t *testing.T, rec *httptest.ResponseRecorder) *http.Cookie {
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
	return e.mail.Take()
}

var linkToken = regexp.MustCompile(`#(verify|reset|invite)=([A-Za-z0-9_-]{43})`)

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
	return cookieFrom(e.t, rec)
}

func mustHash(t *testing.T, password string) string {
	t.Helper()
	h, err := auth.HashPassword(t.Context(), password)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
