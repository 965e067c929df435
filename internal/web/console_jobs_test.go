package web

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

type jobSummary struct {
	ID        int64     `json:"id"`
	Kind      string    `json:"kind"`
	State     string    `json:"state"`
	Attempts  int       `json:"attempts"`
	RunAt     time.Time `json:"runAt"`
	LastError *string   `json:"lastError"`
	Mail      *struct {
		Kind            string `json:"kind"`
		RecipientDomain string `json:"recipientDomain"`
	} `json:"mail"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// Staff see the queue: an email only as its kind and the recipient's
// domain, pages newest first, a state filter; a pending job can be
// cancelled and a cancelled or failed one retried, each once.
func TestConsoleJobs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		staff := e.staffCookie("Sam Staff", "sam@example.com")
		// A password reset for Sam waits in the queue.
		expectStatus(t, e.call("POST", "/api/auth/forgot-password", map[string]any{"email": "sam@Example.com"}, nil), 202)
		ctx := t.Context()
		if err := db.EnqueueJobs(ctx, time.Now(), store.NewJob{Kind: "cleanup", RunAt: time.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}

		rec := e.call("GET", "/api/console/jobs", nil, staff)
		all := decode[listPage[jobSummary]](t, rec, 200)
		if strings.Contains(rec.Body.String(), "sam@") || strings.Contains(rec.Body.String(), "payload") {
			t.Fatalf("the queue shows an address or a payload: %s", rec.Body)
		}
		if len(all.Items) < 2 || all.Items[0].Kind != "cleanup" || all.Items[0].State != "pending" || all.Items[0].Mail != nil {
			t.Fatalf("newest job = %+v", all.Items)
		}
		var reset *jobSummary
		for i, j := range all.Items {
			if j.Mail != nil && j.Mail.Kind == "auth.reset" && j.State == "pending" {
				reset = &all.Items[i]
			}
		}
		if reset == nil || reset.Kind != "mail" || reset.Mail.RecipientDomain != "example.com" {
			t.Fatalf("no pending reset email shown by domain in %+v", all.Items)
		}

		// Pages of one, newest first, each job once.
		var seen []int64
		next := ""
		for range len(all.Items) + 1 {
			p := decode[listPage[jobSummary]](t, e.call("GET", "/api/console/jobs?limit=1&cursor="+url.QueryEscape(next), nil, staff), 200)
			for _, j := range p.Items {
				seen = append(seen, j.ID)
			}
			if p.NextCursor == nil {
				break
			}
			next = *p.NextCursor
		}
		if fmt.Sprint(seen) != fmt.Sprint(ids(all.Items)) {
			t.Fatalf("pages %v, list %v", seen, ids(all.Items))
		}
		expectError(t, e.call("GET", "/api/console/jobs?cursor=nonsense", nil, staff), 400, "invalid_cursor", "cursor")
		expectError(t, e.call("GET", "/api/console/jobs?state=stuck", nil, staff), 400, "invalid_status", "state")

		// Cancel the pending cleanup, once; it is then listed as cancelled.
		path := fmt.Sprintf("/api/console/jobs/%d/", all.Items[0].ID)
		got := decode[struct{ Job jobSummary }](t, e.call("POST", path+"cancel", nil, staff), 200)
		if got.Job.State != "cancelled" {
			t.Fatalf("cancelled = %+v", got.Job)
		}
		expectError(t, e.call("POST", path+"cancel", nil, staff), 409, "version_conflict", "")
		cancelled := decode[listPage[jobSummary]](t, e.call("GET", "/api/console/jobs?state=cancelled", nil, staff), 200)
		if len(cancelled.Items) != 1 || cancelled.Items[0].ID != all.Items[0].ID {
			t.Fatalf("cancelled jobs = %+v", cancelled.Items)
		}
		// A pending job cannot be retried; a cancelled one can, once.
		expectError(t, e.call("POST", fmt.Sprintf("/api/console/jobs/%d/retry", reset.ID), nil, staff), 409, "version_conflict", "")
		got = decode[struct{ Job jobSummary }](t, e.call("POST", path+"retry", nil, staff), 200)
		if got.Job.State != "pending" || got.Job.Attempts != 0 || got.Job.RunAt.After(time.Now().Add(time.Minute)) {
			t.Fatalf("retried = %+v", got.Job)
		}
		expectError(t, e.call("POST", path+"retry", nil, staff), 409, "version_conflict", "")

		expectError(t, e.call("POST", "/api/console/jobs/999999/cancel", nil, staff), 404, "not_found", "")
		expectError(t, e.call("POST", "/api/console/jobs/abc/retry", nil, staff), 404, "not_found", "")

		// The worker sends the reset; it shows as done.
		if msgs := e.flushMail(); len(msgs) != 1 {
			t.Fatalf("sent %d emails", len(msgs))
		}
		done := decode[listPage[jobSummary]](t, e.call("GET", "/api/console/jobs?state=done", nil, staff), 200)
		found := false
		for _, j := range done.Items {
			found = found || j.ID == reset.ID
		}
		if !found {
			t.Fatalf("the sent reset is not listed as done: %+v", done.Items)
		}
	})
}

func ids(js []jobSummary) []int64 {
	out := make([]int64, len(js))
	for i, j := range js {
		out[i] = j.ID
	}
	return out
}
