package calls_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/belwise/site/internal/vapiapi"
)

const fakeKey = "priv-0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"

// fakeVapi answers GET /call as Vapi's list-calls API documents it: a JSON
// array of Call objects (id, assistantId, type, status, endedReason,
// createdAt, startedAt, endedAt, cost, customer, analysis, artifact).
type fakeVapi struct {
	mu       sync.Mutex
	requests []*http.Request
}

func (f *fakeVapi) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.requests = append(f.requests, r)
	f.mu.Unlock()
	if r.Method != "GET" || r.URL.Path != "/call" {
		http.NotFound(w, r)
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+fakeKey {
		w.WriteHeader(http.StatusUnauthorized)
		w.Write([]byte(`{"message":"Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.","error":"Unauthorized","statusCode":401}`))
		return
	}
	if r.URL.Query().Get("assistantId") != assistant {
		w.Write([]byte(`[]`))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write([]byte(`[
	 {"id":"bf-ended","orgId":"org","assistantId":"` + assistant + `","type":"outboundPhoneCall","status":"ended",
	  "endedReason":"customer-ended-call","createdAt":"2026-03-10T08:00:00.000Z","updatedAt":"2026-03-10T08:03:00.000Z",
	  "startedAt":"2026-03-10T08:00:05.000Z","endedAt":"2026-03-10T08:02:05.000Z","cost":0.25,
	  "costBreakdown":{"transport":0.01},"customer":{"number":"+31201234567"},"phoneNumberId":"pn",
	  "analysis":{"summary":"Confirmed the appointment for Friday.","successEvaluation":"true"},
	  "artifact":{"messages":[{"role":"bot","message":"Hello, this is Smile Dental.","secondsFromStart":1.1},
	    {"role":"user","message":"Hi, yes.","secondsFromStart":3.0}],
	   "transcript":"AI: Hello\nUser: Hi","recordingUrl":"https://storage.vapi.ai/bf-ended.wav"}},
	 {"id":"bf-ringing","assistantId":"` + assistant + `","type":"inboundPhoneCall","status":"ringing",
	  "createdAt":"2026-03-10T09:59:00.000Z","customer":{"number":"+31612345678"}},
	 {"id":"bf-missed","assistantId":"` + assistant + `","type":"outboundPhoneCall","status":"ended",
	  "endedReason":"customer-did-not-answer","createdAt":"2026-03-10T07:00:00.000Z","cost":0.01}
	]`))
}

func TestBackfillFromFakeVapi(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		buyer, o := setup(t, db, 10)
		fake := &fakeVapi{}
		srv := httptest.NewServer(fake)
		defer srv.Close()
		now := time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)
		svc := calls.New(calls.Options{DB: db, Now: func() time.Time { return now }})
		client := &vapiapi.Client{BaseURL: srv.URL, Key: fakeKey}
		// A call the webhook already stored is merged, not duplicated.
		if _, err := db.RecordCall(ctx, store.CallReport{VapiCallID: "bf-ended", AssistantID: assistant, Status: "in-progress"}, now, calls.Merge); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			n, err := svc.Backfill(ctx, client)
			if err != nil || n != 3 {
				t.Fatalf("Backfill = %d, %v", n, err)
			}
		}
		fake.mu.Lock()
		r := fake.requests[0]
		fake.mu.Unlock()
		q := r.URL.Query()
		if q.Get("assistantId") != assistant || q.Get("createdAtGt") != "2026-03-09T10:00:00Z" || q.Get("limit") != "100" {
			t.Fatalf("query %s", r.URL.RawQuery)
		}
		page, err := svc.List(ctx, buyer, o.ID, "en", calls.Filter{Period: "90d"}, store.Page{})
		if err != nil {
			t.Fatal(err)
		}
		// The ringing call is not the buyer's yet; the ended and the missed one are.
		if len(page.Items) != 2 || page.Items[0].Direction != "outbound" || page.Items[0].Outcome != "answered" ||
			page.Items[0].DurationSeconds != 120 || page.Items[1].Outcome != "missed" {
			t.Fatalf("calls = %+v", page.Items)
		}
		d, err := svc.Call(ctx, buyer, o.ID, page.Items[0].ID, "nl")
		if err != nil || d.Summary.Summary != "Confirmed the appointment for Friday." || len(d.Transcript) != 2 ||
			d.RecordingURL == nil || d.Number != "+31201234567" || d.NumberDisplay != "020 123 4567" {
			t.Fatalf("detail = %+v, %v", d, err)
		}
		// The wrong key: Vapi says 401, nothing stored, no failure of the run.
		bad := &vapiapi.Client{BaseURL: srv.URL, Key: "wrong"}
		if n, err := svc.Backfill(ctx, bad); n != 0 || err != nil {
			t.Fatalf("with a wrong key: %d, %v", n, err)
		}
	})
}
