package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/belwise/site/internal/agentsettings"
	"github.com/belwise/site/internal/alerts"
	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/billing"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/catalogue"
	"github.com/belwise/site/internal/company"
	"github.com/belwise/site/internal/config"
	"github.com/belwise/site/internal/dpa"
	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/metrics"
	"github.com/belwise/site/internal/mollie"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/payments"
	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/reports"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/vapiapi"
	"github.com/belwise/site/internal/voice"
	"github.com/belwise/site/internal/web"
	"github.com/belwise/site/internal/webhooks"
)

// shutdownTimeout bounds how long in-flight requests may finish after
// SIGTERM; orchestrators usually kill at 30 s.
const shutdownTimeout = 10 * time.Second

func serve(ctx context.Context, getenv func(string) string, stderr io.Writer) error {
	cfg, err := config.Load(getenv)
	if err != nil {
		return usageError{fmt.Errorf("invalid configuration:\n  %s",
			strings.ReplaceAll(err.Error(), "\n", "\n  "))}
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: cfg.LogLevel}))

	if err := ensureWritableDir(cfg.DataDir); err != nil {
		return usageError{fmt.Errorf("DATA_DIR=%q: %w", cfg.DataDir, err)}
	}

	// Background work (outbox, clean-up, database retries) stops with this
	// context, after the HTTP server has drained.
	bg, stopBackground := context.WithCancel(context.Background())
	defer stopBackground()

	db, err := openDatabase(bg, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()

	// Prometheus metrics on their own listener, only with METRICS_ADDR.
	var m *metrics.Metrics
	if cfg.MetricsAddr != "" {
		m = metrics.New()
		m.DBPool(db.SQL())
		m.QueueDepth(db.JobDepth)
		db.ObserveQueries(m.Query)
	}

	sender, err := mail.NewSender(cfg.SMTPURL, cfg.MailFrom, cfg.DataDir, log)
	if err != nil {
		return usageError{err}
	}
	// One worker runs every background job (internal/jobs); email is the
	// job kind store.JobMail, rendered and sent by the Mailer.
	worker, mailer := mail.NewWorker(db.DB, sender, log, jobs.Options{Report: reportJob(m)})
	accounts := auth.New(auth.Options{DB: db.DB, SiteURL: cfg.SiteURL, Notify: worker.Notify,
		RateLimitScale: cfg.RateLimitScale, Logger: log})
	accounts.RegisterMail(mailer)
	quotes, err := quote.New(quote.Options{DB: db.DB, Inbox: cfg.QuoteInbox, Notify: worker.Notify,
		RateLimitScale: cfg.RateLimitScale, Logger: log})
	if err != nil {
		return usageError{err}
	}
	quotes.RegisterMail(mailer)
	// The processor agreement: no buyer's agent goes live before they
	// accepted its current version.
	agreement := dpa.New(dpa.Options{DB: db.DB, Agency: cfg.Company.Name, RetentionDays: cfg.CallRetentionDays, Logger: log})
	sales := orders.New(orders.Options{DB: db.DB, SiteURL: cfg.SiteURL, Notify: worker.Notify, Agreement: agreement, Logger: log})
	sales.RegisterMail(mailer)

	digests := reports.New(reports.Options{DB: db.DB, SiteURL: cfg.SiteURL, StaffAlerts: cfg.StaffAlerts, Notify: worker.Notify, Logger: log})
	digests.RegisterMail(mailer)
	// Vapi's API with the private key: the call backfill, deleting Vapi's
	// copies of deleted calls, delivering settings to the assistants; nil
	// without VAPI_PRIVATE_KEY (then nothing is ever sent to Vapi).
	vapi := vapiClient(cfg)
	callLog := calls.New(calls.Options{DB: db.DB, RetentionDays: cfg.CallRetentionDays, Logger: log, Notify: worker.Notify, Stored: func(ctx context.Context, c store.Call) {
		m.CallStored()
		digests.CallStored(ctx, c)
	}, Vapi: vapi})
	// The buyer's call alerts: a mail job per end-of-call report.
	callAlerts := alerts.New(alerts.Options{DB: db.DB, SiteURL: cfg.SiteURL, Secret: cfg.AlertsSecret, Logger: log})
	callAlerts.Register(callLog, mailer)

	// Webhooks: a stored end-of-call report queues the buyers' messages in
	// its own transaction; the worker delivers them.
	if cfg.WebhookAllowPrivate {
		log.Warn("WEBHOOK_ALLOW_PRIVATE=true: webhook endpoints may reach loopback and private addresses (development and tests only)")
	}
	hooks := webhooks.New(webhooks.Options{DB: db.DB, SiteURL: cfg.SiteURL, Guard: webhooks.Guard{AllowPrivate: cfg.WebhookAllowPrivate},
		Notify: worker.Notify, Logger: log, Keep: time.Duration(cfg.CallRetentionDays) * 24 * time.Hour})
	db.DB.OnCallRecorded(hooks.Hook())
	hooks.RegisterJobs(worker)
	hooks.RegisterMail(mailer)

	// The periodic work is jobs too, scheduled by the worker itself.
	worker.Every(jobCleanup, time.Hour, db.cleanUp)
	callLog.RegisterJobs(worker, vapi)
	digests.RegisterJobs(worker)

	// Billing: statements, invoices and credit notes, their emails and
	// the daily overdue reminder.
	bills := billing.New(billing.Options{DB: db.DB, Agency: agency(cfg), SiteURL: cfg.SiteURL, Notify: worker.Notify, Logger: log})
	bills.RegisterMail(mailer)
	bills.RegisterJobs(worker)

	// The agents' settings (issue 23): approvals (the buyer emailed at
	// each decision), versions, delivery to the Vapi assistants (only with
	// VAPI_PRIVATE_KEY) and live transfers.
	agentSettings := agentsettings.New(agentsettings.Options{DB: db.DB, Vapi: vapi, SiteURL: cfg.SiteURL, Notify: worker.Notify, Logger: log})
	agentSettings.RegisterMail(mailer)
	agentSettings.RegisterJobs(worker)

	var background sync.WaitGroup
	background.Go(func() { worker.Run(bg) })

	// Invoices paid online through Mollie, only with MOLLIE_API_KEY. The
	// service is also the billing.PayLinks the invoice emails and list use;
	// nil leaves them with bank transfer details only.
	pay := molliePayments(cfg, db.DB, log)
	if pay != nil {
		bills.SetPayLinks(pay)
		background.Go(func() { pay.WarmUp(bg) })
	}

	handler, err := web.New(web.Options{
		Site: web.Dist(), SiteURL: cfg.SiteURL, QuoteInbox: cfg.QuoteInbox, Logger: log,
		Company: web.Company(cfg.Company), CallRetentionDays: cfg.CallRetentionDays,
		Auth: accounts, Orders: sales, Quotes: quotes, Catalogue: catalogue.New(db.DB, nil),
		Voice: voice.Config{PublicKey: cfg.VapiPublicKey, AssistantID: cfg.VapiAssistantID, WebhookSecret: cfg.VapiWebhookSecret}, DBReady: db.ready.Load, TrustProxy: cfg.TrustProxy,
		Calls: callLog, Alerts: callAlerts, Jobs: &jobs.Console{DB: db.DB}, Webhooks: hooks, Reports: digests, Billing: bills,
		Companies: company.New(company.Options{DB: db.DB, Logger: log}),
		Payments:  pay,
		Settings:  agentSettings,
		Ready:     db.readiness(worker),
		Metrics:   m,
		DPA:       agreement,
	})
	if err != nil {
		return err
	}

	// Listen before logging, so "listening" is only printed once it is true
	// and a busy port is reported as such.
	ln, err := net.Listen("tcp", cfg.Addr())
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,  // slowloris
		ReadTimeout:       30 * time.Second, // bodies are small JSON
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}

	if m != nil {
		mln, err := net.Listen("tcp", cfg.MetricsAddr)
		if err != nil {
			return fmt.Errorf("METRICS_ADDR: %w", err)
		}
		msrv := &http.Server{Handler: metricsMux(m), ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 30 * time.Second}
		go msrv.Serve(mln)
		defer msrv.Close()
		log.Info("metrics listening", "addr", mln.Addr().String())
	}

	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	log.Info("listening", "addr", ln.Addr().String(), "url", cfg.SiteURL, "data_dir", cfg.DataDir)

	select {
	case err := <-served:
		return err // Serve only returns early on a real failure
	case <-ctx.Done():
	}
	stop() // a second signal now kills the process the default way
	log.Info("shutting down", "timeout", shutdownTimeout)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("graceful shutdown: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	// A job being run finishes (or is retried after restart: it stays
	// claimed only for its lease); jobs claimed but not started are handed
	// back to the queue at once.
	stopBackground()
	background.Wait()
	log.Info("stopped")
	return nil
}

// reportJob counts each job's outcome, and the mail jobs' as emails sent
// or failed.
func reportJob(m *metrics.Metrics) func(kind, outcome string) {
	if m == nil {
		return nil
	}
	return func(kind, outcome string) {
		m.Job(kind, outcome)
		if kind == store.JobMail && outcome != "skipped" {
			m.Email(outcome == "done")
		}
	}
}

// metricsMux serves GET /metrics.
func metricsMux(m *metrics.Metrics) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	return mux
}

// agency is the seller on invoices, from the COMPANY_* variables.
func agency(cfg config.Config) billing.Agency {
	return billing.Agency{Name: cfg.Company.Name, Street: cfg.CompanyAddress.Street, Postcode: cfg.CompanyAddress.Postcode,
		City: cfg.CompanyAddress.City, Country: "NL", KVK: cfg.Company.KVK, VATID: cfg.Company.VAT, IBAN: cfg.CompanyIBAN,
		Email: cfg.Company.Email}
}

// vapiClient is Vapi's API at VAPI_API_URL with VAPI_PRIVATE_KEY, or nil
// without the key: then nothing is ever fetched from Vapi or sent to it.
func vapiClient(cfg config.Config) *vapiapi.Client {
	return vapiapi.New(cfg.VapiAPIURL, cfg.VapiPrivateKey)
}

// molliePayments is online payment of invoices through Mollie, or nil
// without MOLLIE_API_KEY.
func molliePayments(cfg config.Config, db *store.DB, log *slog.Logger) *payments.Service {
	if cfg.MollieAPIKey == "" {
		return nil
	}
	s := payments.New(payments.Options{DB: db, Mollie: &mollie.Client{BaseURL: cfg.MollieAPIURL, Key: cfg.MollieAPIKey},
		SiteURL: cfg.SiteURL, Logger: log})
	mode := "test"
	if strings.HasPrefix(cfg.MollieAPIKey, "live_") {
		mode = "live"
	}
	if s.WebhookURL() == "" {
		log.Warn("Mollie payments on, without a webhook: SITE_URL is not reachable from the internet, so a payment's status is fetched when the buyer returns from the checkout", "mode", mode)
	} else {
		log.Info("Mollie payments on", "mode", mode, "webhook", s.WebhookURL())
	}
	return s
}

// ensureWritableDir creates dir and proves it is writable now, instead of
// failing on the first upload or database write hours later.
func ensureWritableDir(dir string) error {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return fmt.Errorf("cannot create the data directory: %w", err)
	}
	f, err := os.CreateTemp(dir, ".write-check-*")
	if err != nil {
		return fmt.Errorf("the data directory is not writable: %w", err)
	}
	name := f.Name()
	f.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("the data directory does not allow deleting files: %w", err)
	}
	return nil
}
