// Package web is the HTTP layer: the prerendered frontend, the JSON API
// and the middleware around both.
package web

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/belwise/site/internal/agentsettings"
	"github.com/belwise/site/internal/alerts"
	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/billing"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/catalogue"
	"github.com/belwise/site/internal/company"
	"github.com/belwise/site/internal/dpa"
	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/metrics"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/payments"
	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/reports"
	"github.com/belwise/site/internal/screens"
	"github.com/belwise/site/internal/voice"
	"github.com/belwise/site/internal/webhooks"
)

// Options configures New.
type Options struct {
	// Site is the frontend build: Dist() in production, an fstest.MapFS in tests.
	Site fs.FS
	// SiteURL is the public origin without a trailing slash, e.g.
	// "https://belwise.nl". It replaces the build's URL placeholder and
	// decides whether HSTS is sent.
	SiteURL string
	// QuoteInbox is the agency's address (QUOTE_INBOX, a bare address). It
	// replaces the build's inbox placeholder, so pages name it even while
	// the API is down.
	QuoteInbox string
	// Company is the agency's details (COMPANY_*) the contact page lists;
	// the entry of each empty field is removed from the page.
	Company Company
	// CallRetentionDays is how long call transcripts are kept
	// (CALL_RETENTION_DAYS), stated on the privacy page.
	CallRetentionDays int
	Logger            *slog.Logger

	// DBReady reports whether the database is reachable and migrated;
	// every endpoint that needs it answers 503 while it is false. Without
	// it (tests of the static site) there is no database: the services are
	// then not needed, and those endpoints always answer 503.
	DBReady func() bool
	// Auth and Orders serve the account API, Quotes POST /api/quotes and
	// the voice webhook's request_quote; with Catalogue, the three serve
	// the console. All four are required with DBReady.
	Auth      *auth.Service
	Orders    *orders.Service
	Quotes    *quote.Service
	Catalogue *catalogue.Service
	// Ready reports whether the site can serve (GET /readyz): the
	// database reachable within ctx, migrated, the workers running. Nil:
	// /readyz answers 503.
	Ready func(ctx context.Context) bool
	// Metrics, when set, counts requests by route and status (METRICS_ADDR).
	Metrics *metrics.Metrics
	// RequestDeadline bounds each API request and form post, database time
	// included; zero is the default RequestDeadline, negative none.
	RequestDeadline time.Duration
	// TrustProxy takes the client address from X-Forwarded-For.
	TrustProxy bool
	// Voice configures the voice widget (GET /api/voice/config), Vapi's
	// tool-call webhook (POST /api/voice/tool-calls, only with a secret)
	// and, only when Vapi is enabled, the CSP origins a web call needs.
	// The zero value is the offline demo without a webhook.
	Voice voice.Config
	// Calls serves the agent pages, the console's calls and the calls
	// Vapi reports to the webhook. Optional: without it those endpoints do
	// not exist and call reports are acknowledged without being stored.
	Calls *calls.Service
	// Jobs is the staff's view of the job queue; nil: its endpoints
	// answer 404.
	Jobs *jobs.Console
	// Webhooks serves the buyer's integrations; nil: those endpoints
	// answer 404.
	Webhooks *webhooks.Service
	// Reports serves the monthly reports, the digest settings and the
	// digest's one-click "off" link; nil: those endpoints answer 404.
	Reports *reports.Service
	// Alerts serves the buyer's call alert settings, staff's default per
	// order and the alerts' unsubscribe links. Optional: without it those
	// do not exist.
	Alerts *alerts.Service
	// Companies serves the buyer's company details (GET/PUT /api/company);
	// nil: those endpoints answer 404.
	Companies *company.Service
	// Billing serves the console's statements and invoices and the buyer's
	// invoices; nil: those endpoints answer 404.
	Billing *billing.Service
	// Payments serves invoices' pay links (GET /pay/{invoiceId}) and
	// Mollie's webhook; nil (no MOLLIE_API_KEY): neither exists.
	Payments *payments.Service
	// Settings serves the agents' settings (the buyer's page, the
	// console's change requests) and answers Vapi's transfer requests;
	// nil: those endpoints answer 404 and transfers are not answered.
	Settings *agentsettings.Service
	// DPA serves the processor agreement (GET /api/dpa, its acceptance and
	// PDF) and the console's view of a buyer's acceptance; nil: those
	// endpoints answer 404 and the console shows none.
	DPA *dpa.Service
}

// New loads the site into memory and returns the server's root handler.
func New(opts Options) (http.Handler, error) {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if opts.Site == nil {
		return nil, errBuildMissing
	}
	siteURL := strings.TrimSuffix(opts.SiteURL, "/")
	s, err := loadSite(opts.Site, siteURL, pageFacts{QuoteInbox: opts.QuoteInbox, Company: opts.Company, CallRetentionDays: opts.CallRetentionDays})
	if err != nil {
		return nil, err
	}
	if opts.Payments != nil && s.pay == nil {
		// The pay page would have no words.
		return nil, errors.New("frontend build incomplete: _internal/pay.json is missing (the pay page's words)")
	}
	if (opts.Alerts != nil || opts.Reports != nil) && s.unsubscribe == nil {
		// The alerts' unsubscribe page and the digest's off page would have no words.
		return nil, errors.New("frontend build incomplete: _internal/unsubscribe.json is missing (the one-click off pages' words)")
	}

	ready := func() bool { return false }
	if opts.DBReady != nil {
		if opts.Auth == nil || opts.Orders == nil || opts.Quotes == nil || opts.Catalogue == nil {
			return nil, errors.New("web: a database (DBReady) needs the Auth, Orders, Quotes and Catalogue services")
		}
		ready = opts.DBReady
	}
	https := strings.HasPrefix(siteURL, "https://")
	cookie := sessionCookie{secure: https}
	base := &api{log: log, ready: ready}
	account := &accountAPI{api: base, auth: opts.Auth, orders: opts.Orders, cookie: cookie}
	quotes := &quoteAPI{api: base, quotes: opts.Quotes}
	voices := newVoiceAPI(base, opts.Voice, opts.Quotes, opts.Calls)
	staff := &consoleAPI{api: base, quotes: opts.Quotes, orders: opts.Orders, catalogue: opts.Catalogue, calls: opts.Calls, jobs: opts.Jobs, alerts: opts.Alerts, billing: opts.Billing, settings: opts.Settings, dpa: opts.DPA}
	alertPages := &alertsAPI{api: base, alerts: opts.Alerts}
	callPages := &callsAPI{api: base, calls: opts.Calls}
	integrations := &integrationsAPI{api: base, hooks: opts.Webhooks}
	ident := identify{auth: opts.Auth, ready: ready, cookie: cookie, trustProxy: opts.TrustProxy}

	deadline := opts.RequestDeadline
	if deadline == 0 {
		deadline = RequestDeadline
	}

	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", handleHealthz)
	mux.HandleFunc("GET /readyz", readyz(opts.Ready))
	routes := apiRoutes(log, account, quotes, voices, staff, callPages, integrations, alertPages, &reportsAPI{api: base, reports: opts.Reports, words: s.unsubscribe}, &companyAPI{api: base, companies: opts.Companies}, &billingAPI{api: base, billing: opts.Billing}, &paymentsAPI{api: base, payments: opts.Payments}, &settingsAPI{api: base, settings: opts.Settings}, &dpaAPI{api: base, dpa: opts.DPA})
	mux.Handle("/api/", noStore(cleanURL(log, withDeadline(deadline, ident.wrap(gzipDynamic(routes))))))
	pages := &pageHandler{site: s, log: log}
	if opts.Calls != nil && opts.DBReady != nil {
		pages.callCSP = &callPageCSP{api: base, ident: ident, calls: opts.Calls, scriptHashes: s.scriptHashes, extra: voiceCSP(opts.Voice)}
	}
	if opts.DBReady != nil {
		// A signed-in screen's shell carries its first data (firstdata.go).
		pages.first = &firstData{api: base, ident: ident, routes: routes, site: s, deadline: deadline, log: log, metrics: opts.Metrics}
		if s.screensJS != nil {
			// The screens it knows the data of are drawn into it too (internal/screens).
			pages.first.screens = screens.New(s.screensJS, log)
		}
	}
	mux.Handle("/", pages)
	if opts.Alerts != nil && opts.DBReady != nil {
		unsub := &unsubscribePage{a: opts.Alerts, api: base, words: s.unsubscribe}
		mux.HandleFunc("GET "+unsubscribePath, unsub.serve)
		mux.HandleFunc("POST "+unsubscribePath, unsub.serve)
	}
	if opts.Payments != nil && opts.DBReady != nil {
		mux.HandleFunc("GET "+payPath, (&payPage{api: base, payments: opts.Payments, words: s.pay}).serve)
	}
	// The quote form and sign-in posted without JavaScript, at their pages' own URLs.
	forms := &formPages{api: base, site: s, quotes: opts.Quotes, auth: opts.Auth, cookie: cookie, inbox: opts.QuoteInbox}
	forms.routes(mux, func(h http.Handler) http.Handler {
		return noStore(cleanURL(log, withDeadline(deadline, ident.wrap(h))))
	})

	// Rejects cross-site POST/PUT/DELETE (by Sec-Fetch-Site, else Origin)
	// with 403: the CSRF defence for every form and API call.
	// Trusting SITE_URL keeps same-site requests working behind a proxy
	// that rewrites Host.
	cop := http.NewCrossOriginProtection()
	if siteURL != "" {
		if err := cop.AddTrustedOrigin(siteURL); err != nil {
			return nil, fmt.Errorf("site URL %q as trusted origin: %w", siteURL, err)
		}
	}
	cop.SetDenyHandler(denyCrossOrigin(log))
	// An alert's one-click unsubscribe (RFC 8058) is POSTed by mail
	// clients from anywhere; its signed token is its only authority (no
	// session is read), so there is nothing to forge.
	cop.AddInsecureBypassPattern("POST " + unsubscribePath)

	var h http.Handler = cop.Handler(mux)
	h = securityHeaders(contentSecurityPolicy(s.scriptHashes, voiceCSP(opts.Voice)...), https, h)
	h = recoverPanics(log, h)
	h = logRequests(log, h)
	h = observe(opts.Metrics, h)
	return h, nil
}

var errCrossOrigin = &apierr.Error{Kind: apierr.Forbidden, Code: apierr.CodeCrossOrigin, Message: "Cross-origin requests are not allowed."}

func denyCrossOrigin(log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			writeFailure(w, r, log, errCrossOrigin)
			return
		}
		http.Error(w, "cross-origin request rejected", http.StatusForbidden)
	})
}
