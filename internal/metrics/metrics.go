// Package metrics is the site's Prometheus metrics, served on their own
// listener (METRICS_ADDR) and never on the public one. Domains report
// through the small methods here (a nil *Metrics ignores every report, so
// tests and tools need none); this package imports nothing of the site.
package metrics

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

const namespace = "belwise"

// Metrics holds the site's series. Create it with New.
type Metrics struct {
	reg *prometheus.Registry

	requests       *prometheus.HistogramVec
	jobs           *prometheus.CounterVec
	emails         *prometheus.CounterVec
	webhookReports prometheus.Counter
	signInFailures prometheus.Counter
	rateLimited    *prometheus.CounterVec
	queries        prometheus.Histogram
	screens        *prometheus.HistogramVec
}

// New registers the site's series and the Go runtime's and process's.
func New() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: namespace, Name: "http_request_duration_seconds",
		Help:    "Time to answer an HTTP request, by route pattern (never the raw path), method and status.",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	}, []string{"route", "method", "status"})
	m.jobs = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: namespace, Name: "jobs_total",
		Help: "Background jobs run, by kind and outcome (done, retry, failed, skipped).",
	}, []string{"kind", "outcome"})
	m.emails = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: namespace, Name: "emails_total",
		Help: "Emails handed to the mail server, by outcome (sent, failed).",
	}, []string{"outcome"})
	m.webhookReports = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: namespace, Name: "calls_stored_total",
		Help: "Calls stored from Vapi's reports (its webhook's end-of-call reports and the backfill).",
	})
	m.signInFailures = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: namespace, Name: "sign_in_failures_total",
		Help: "Sign-ins refused for a wrong email address or password.",
	})
	m.rateLimited = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: namespace, Name: "rate_limited_total",
		Help: "Requests refused by a rate limit (429), by route pattern.",
	}, []string{"route"})
	m.queries = prometheus.NewHistogram(prometheus.HistogramOpts{
		Namespace: namespace, Name: "db_query_duration_seconds",
		Help:    "Time of database statements made through the store.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 5},
	})
	m.screens = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: namespace, Name: "screen_draw_duration_seconds",
		Help:    "Signed-in screens the server drew into their shells, by outcome (drawn, not_ready, busy, timeout, failed), and the time it took.",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1},
	}, []string{"outcome"})
	m.reg.MustRegister(m.requests, m.jobs, m.emails, m.webhookReports, m.signInFailures, m.rateLimited, m.queries, m.screens,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// Request records one answered HTTP request; route is the pattern that
// served it ("GET /api/orders/{id}"), never the raw path.
func (m *Metrics) Request(route, method string, status int, took time.Duration) {
	if m == nil {
		return
	}
	if route == "" {
		route = "other"
	}
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Observe(took.Seconds())
	if status == http.StatusTooManyRequests {
		m.rateLimited.WithLabelValues(route).Inc()
	}
}

// Job records a job's outcome.
func (m *Metrics) Job(kind, outcome string) {
	if m == nil {
		return
	}
	m.jobs.WithLabelValues(kind, outcome).Inc()
}

// Email records an email sent (true) or an attempt that failed.
func (m *Metrics) Email(sent bool) {
	if m == nil {
		return
	}
	outcome := "sent"
	if !sent {
		outcome = "failed"
	}
	m.emails.WithLabelValues(outcome).Inc()
}

// CallStored records a call stored from Vapi's report.
func (m *Metrics) CallStored() {
	if m != nil {
		m.webhookReports.Inc()
	}
}

// SignInFailed records a refused sign-in.
func (m *Metrics) SignInFailed() {
	if m != nil {
		m.signInFailures.Inc()
	}
}

// Query records one database statement's time.
func (m *Metrics) Query(took time.Duration) {
	if m != nil {
		m.queries.Observe(took.Seconds())
	}
}

// ScreenDrawn records a signed-in screen's drawing on the server and its
// outcome: drawn, or why not (not_ready, busy, timeout, failed).
func (m *Metrics) ScreenDrawn(outcome string, took time.Duration) {
	if m != nil {
		m.screens.WithLabelValues(outcome).Observe(took.Seconds())
	}
}

// DBPool adds the connection pool's figures (open, in use, idle, waits),
// read at each scrape.
func (m *Metrics) DBPool(db *sql.DB) {
	if m != nil {
		m.reg.MustRegister(collectors.NewDBStatsCollector(db, "site"))
	}
}

// QueueDepth adds the job queue's depth by state, counted at each scrape
// (bounded by a short timeout; a failure leaves the series out).
func (m *Metrics) QueueDepth(count func(ctx context.Context) (map[string]int, error)) {
	if m != nil {
		m.reg.MustRegister(&queueCollector{count: count})
	}
}

var queueDesc = prometheus.NewDesc(namespace+"_jobs_queued", "Jobs in the queue by state (pending, running, failed).", []string{"state"}, nil)

type queueCollector struct {
	count func(ctx context.Context) (map[string]int, error)
}

func (c *queueCollector) Describe(ch chan<- *prometheus.Desc) { ch <- queueDesc }

func (c *queueCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	counts, err := c.count(ctx)
	if err != nil {
		return
	}
	for state, n := range counts {
		ch <- prometheus.MustNewConstMetric(queueDesc, prometheus.GaugeValue, float64(n), state)
	}
}
