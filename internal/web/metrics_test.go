package web

import (
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/metrics"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// A scrape finds every family: requests by route pattern (the pattern,
// never the raw path with its id) and status with a latency histogram,
// sign-in failures, rate-limit refusals, the pool and query time, the
// queue's depth and jobs' outcomes, emails and stored calls.
func TestMetricsScrape(t *testing.T) {
	db := storetest.SQLite(t)
	m := metrics.New()
	m.DBPool(db.SQL())
	m.QueueDepth(db.JobDepth)
	db.ObserveQueries(m.Query)
	e := newEnv(t, db, envOptions{metrics: m})

	cookie := e.signUpVerified("Mia Metric", "mia@example.com", "correct horse")
	e.call("GET", "/api/orders/ord-123456/calls", nil, cookie) // not hers: 404
	e.call("GET", "/healthz", nil, nil)
	for range 12 { // wrong passwords, until the sign-in limit refuses
		e.call("POST", "/api/auth/sign-in", map[string]string{"email": "mia@example.com", "password": "wrong horse"}, nil)
	}
	// Jobs and emails, through a worker reporting as the server's does.
	w := jobs.New(db, nil, jobs.Options{Report: func(kind, outcome string) {
		m.Job(kind, outcome)
		if kind == store.JobMail {
			m.Email(outcome == "done")
		}
	}})
	w.Register("boom", func(context.Context, store.Job) error { return jobs.Permanent(io.EOF) })
	db.EnqueueJobs(context.Background(), time.Now(), store.NewJob{Kind: "boom"}, store.NewJob{Kind: "waits"})
	w.RunOnce(context.Background())
	m.Email(true)
	m.CallStored()

	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body := rec.Body.String()
	for _, want := range []string{
		`belwise_http_request_duration_seconds_bucket{method="GET",route="GET /api/orders/{id}/calls",status="404",le="0.005"}`,
		`belwise_http_request_duration_seconds_count{method="GET",route="GET /healthz",status="200"} 1`,
		`belwise_http_request_duration_seconds_count{method="POST",route="POST /api/auth/sign-in",status="401"}`,
		`belwise_sign_in_failures_total `,
		`belwise_rate_limited_total{route="POST /api/auth/sign-in"}`,
		`belwise_db_query_duration_seconds_count `,
		`go_sql_open_connections{db_name="site"}`,
		`belwise_jobs_queued{state="pending"}`,
		`belwise_jobs_queued{state="failed"} 2`, // boom, and waits (no handler)
		`belwise_jobs_total{kind="boom",outcome="failed"} 1`,
		`belwise_emails_total{outcome="sent"} 1`,
		`belwise_calls_stored_total 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("no %s in the scrape", want)
		}
	}
	if strings.Contains(body, "ord-123456") {
		t.Error("a raw path (with its id) became a label")
	}
	if t.Failed() {
		for _, l := range strings.Split(body, "\n") {
			if strings.HasPrefix(l, "belwise_") && !strings.Contains(l, "_bucket") {
				t.Log(l)
			}
		}
	}
}
