package calls_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/belwise/site/internal/vapiapi"
)

// record stores an ended call of the order's assistant as a report brings
// it: from number, with a transcript, a summary, call data and a recording.
func record(t *testing.T, svc *calls.Service, id, number string, start time.Time, consent string) store.Call {
	t.Helper()
	end := start.Add(90 * time.Second)
	c, err := svc.Record(context.Background(), store.CallReport{VapiCallID: id, AssistantID: assistant, Type: store.CallInbound,
		CustomerNumber: number, StartedAt: &start, EndedAt: &end, DurationSeconds: 90, EndedReason: "customer-ended-call",
		Summary: "Booked a check-up for " + id, Transcript: []store.TranscriptLine{{Role: "agent", Text: "Hello, Smile Dental.", SecondsFromStart: 0.5},
			{Role: "caller", Text: "I'd like a check-up (" + id + ").", SecondsFromStart: 65}},
		RecordingURL: "https://storage.vapi.ai/" + id + ".wav", RecordingConsent: consent, Report: true, Data: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func stored(t *testing.T, db *store.DB, id string) store.Call {
	t.Helper()
	c, err := db.CallByVapiID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func usage(t *testing.T, db *store.DB, id string) store.UsageLine {
	t.Helper()
	u, err := db.UsageByVapiID(context.Background(), id)
	if err != nil {
		t.Fatalf("usage line of %s: %v", id, err)
	}
	return u
}

// A call without recording consent keeps no recording link: not from its
// report, not from a later word (a status update, the backfill), and the
// call page says whether consent was given.
func TestRecordingConsentDropsTheLink(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		buyer, o := setup(t, db, 10)
		now := time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)
		svc := calls.New(calls.Options{DB: db, Now: func() time.Time { return now }})
		given := record(t, svc, "given", "+31612345678", now.Add(-time.Hour), store.ConsentGiven)
		refused := record(t, svc, "refused", "+31612345678", now.Add(-time.Hour), store.ConsentNotGiven)
		unknown := record(t, svc, "unknown", "+31612345678", now.Add(-time.Hour), "")
		if given.RecordingURL == "" || given.RecordingConsent != store.ConsentGiven {
			t.Fatalf("given: %q %q", given.RecordingURL, given.RecordingConsent)
		}
		if refused.RecordingURL != "" || refused.RecordingConsent != store.ConsentNotGiven {
			t.Fatalf("refused kept %q (%q)", refused.RecordingURL, refused.RecordingConsent)
		}
		if unknown.RecordingURL == "" || unknown.RecordingConsent != store.ConsentUnknown {
			t.Fatalf("unknown: %q %q", unknown.RecordingURL, unknown.RecordingConsent)
		}
		// A later word with a link (the backfill, a status update) does not bring it back.
		if _, err := svc.Record(ctx, store.CallReport{VapiCallID: "refused", AssistantID: assistant, Status: store.StatusEnded,
			RecordingURL: "https://storage.vapi.ai/refused-again.wav"}); err != nil {
			t.Fatal(err)
		}
		if c := stored(t, db, "refused"); c.RecordingURL != "" || c.RecordingConsent != store.ConsentNotGiven {
			t.Fatalf("after a later word: %q %q", c.RecordingURL, c.RecordingConsent)
		}
		// A status update before the report brought a link; the report says no consent: the link goes.
		if _, err := svc.Record(ctx, store.CallReport{VapiCallID: "late", AssistantID: assistant, Status: "in-progress",
			RecordingURL: "https://storage.vapi.ai/late.wav"}); err != nil {
			t.Fatal(err)
		}
		if c := record(t, svc, "late", "+31612345678", now.Add(-time.Hour), store.ConsentNotGiven); c.RecordingURL != "" {
			t.Fatalf("late: the report without consent kept %q", c.RecordingURL)
		}
		for id, want := range map[string]string{"given": "given", "refused": "not_given", "unknown": "unknown"} {
			c, err := svc.Call(ctx, buyer, o.ID, itoa(stored(t, db, id).ID), "en")
			if err != nil {
				t.Fatal(err)
			}
			if c.RecordingConsent != want || (want == "not_given") != (c.RecordingURL == nil) {
				t.Fatalf("%s: consent %q, link %v", id, c.RecordingConsent, c.RecordingURL)
			}
		}
	})
}

// The backfill reads compliance from Vapi's Call objects: a listed call
// without consent is stored without its link.
func TestBackfillDropsTheLinkWithoutConsent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		setup(t, db, 10)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`[{"id":"bf-refused","assistantId":"` + assistant + `","type":"inboundPhoneCall","status":"ended",
			  "endedReason":"customer-ended-call","createdAt":"2026-03-10T08:00:00.000Z","startedAt":"2026-03-10T08:00:05.000Z",
			  "endedAt":"2026-03-10T08:02:05.000Z","customer":{"number":"+31201234567"},
			  "compliance":{"recordingConsent":{"type":"verbal","grantedAt":null}},
			  "artifact":{"recordingUrl":"https://storage.vapi.ai/bf-refused.wav"}},
			 {"id":"bf-given","assistantId":"` + assistant + `","type":"inboundPhoneCall","status":"ended",
			  "endedReason":"customer-ended-call","createdAt":"2026-03-10T08:10:00.000Z","startedAt":"2026-03-10T08:10:05.000Z",
			  "endedAt":"2026-03-10T08:12:05.000Z","customer":{"number":"+31201234567"},
			  "compliance":{"recordingConsent":{"type":"stay-on-line","grantedAt":"2026-03-10T08:10:09.000Z"}},
			  "artifact":{"recordingUrl":"https://storage.vapi.ai/bf-given.wav"}}]`))
		}))
		defer srv.Close()
		now := time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)
		svc := calls.New(calls.Options{DB: db, Now: func() time.Time { return now }})
		if n, err := svc.Backfill(context.Background(), &vapiapi.Client{BaseURL: srv.URL, Key: fakeKey}); err != nil || n != 2 {
			t.Fatalf("backfill = %d, %v", n, err)
		}
		if c := stored(t, db, "bf-refused"); c.RecordingURL != "" || c.RecordingConsent != store.ConsentNotGiven {
			t.Fatalf("refused: %q %q", c.RecordingURL, c.RecordingConsent)
		}
		if c := stored(t, db, "bf-given"); c.RecordingURL != "https://storage.vapi.ai/bf-given.wav" || c.RecordingConsent != store.ConsentGiven {
			t.Fatalf("given: %q %q", c.RecordingURL, c.RecordingConsent)
		}
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func saveCompany(t *testing.T, db *store.DB, buyer string) {
	t.Helper()
	if _, err := db.SaveCompany(context.Background(), buyer, store.Company{LegalName: "Smile Dental B.V.", Street: "Damrak 1", Postcode: "1012 LG",
		City: "Amsterdam", Country: "NL", KVK: "87654321", InvoiceEmail: "f@smile.nl"}, 0, time.Now()); err != nil {
		t.Fatal(err)
	}
}

// Each retention choice erases a call's words once it is older than the
// chosen days (none: 90 days, and its recording links at once), never
// before; the default is the configured period; usage lines stay as
// they were.
func TestRetentionPerCompany(t *testing.T) {
	for _, tc := range []struct {
		choice string
		days   int
	}{{"", 45}, {"30", 30}, {"90", 90}, {"365", 365}, {"none", 90}} {
		t.Run("choice "+tc.choice, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db *store.DB) {
				ctx := context.Background()
				buyer, _ := setup(t, db, 12)
				saveCompany(t, db, buyer)
				now := time.Date(2027, 6, 10, 10, 0, 0, 0, time.UTC)
				svc := calls.New(calls.Options{DB: db, RetentionDays: 45, Now: func() time.Time { return now }})
				cutoff := now.AddDate(0, 0, -tc.days)
				// Stored before the choice, with consent: each has a link.
				record(t, svc, "old", "+31612345678", cutoff.Add(-time.Minute), store.ConsentGiven)
				record(t, svc, "young", "+31612345678", cutoff.Add(time.Minute), store.ConsentGiven)
				if tc.choice != "" {
					if _, err := db.SetCompanyRetention(ctx, buyer, tc.choice, now); err != nil {
						t.Fatal(err)
					}
				}
				before := map[string]store.UsageLine{"old": usage(t, db, "old"), "young": usage(t, db, "young")}
				// A report that arrives after the choice: "none" keeps no link.
				fresh := record(t, svc, "fresh", "+31612345678", now.Add(-time.Minute), store.ConsentGiven)
				if (fresh.RecordingURL == "") != (tc.choice == "none") {
					t.Fatalf("fresh call's link %q under %q", fresh.RecordingURL, tc.choice)
				}
				if _, err := svc.Purge(ctx); err != nil {
					t.Fatal(err)
				}
				old, young := stored(t, db, "old"), stored(t, db, "young")
				if old.Summary != "" || len(old.Transcript) != 0 || old.RecordingURL != "" || old.CustomerNumber != "" {
					t.Fatalf("old call kept content: %+v", old)
				}
				if young.Summary == "" || len(young.Transcript) != 2 || young.CustomerNumber == "" {
					t.Fatalf("young call lost content a day early: %+v", young)
				}
				if (young.RecordingURL == "") != (tc.choice == "none") {
					t.Fatalf("young call's link %q under %q", young.RecordingURL, tc.choice)
				}
				if old.DurationSeconds != 90 || old.Outcome != store.OutcomeAnswered {
					t.Fatalf("the purge changed the call's figures: %+v", old)
				}
				for id, u := range before {
					after := usage(t, db, id)
					if after.Seconds != u.Seconds || after.CostCents != u.CostCents || after.CallDeleted {
						t.Fatalf("usage of %s changed: %+v → %+v", id, u, after)
					}
				}
				// A minute past the young call's limit, it goes too.
				now = cutoff.Add(time.Minute).AddDate(0, 0, tc.days).Add(time.Second)
				if _, err := svc.Purge(ctx); err != nil {
					t.Fatal(err)
				}
				if c := stored(t, db, "young"); c.Summary != "" || len(c.Transcript) != 0 {
					t.Fatalf("young call kept content past its limit: %+v", c)
				}
			})
		})
	}
}

// Another company's choice is its own: a company with 30 days does not
// shorten the others' calls.
func TestRetentionIsPerCompany(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		buyer, _ := setup(t, db, 12)
		now := time.Date(2027, 6, 10, 10, 0, 0, 0, time.UTC)
		svc := calls.New(calls.Options{DB: db, Now: func() time.Time { return now }})
		record(t, svc, "mine", "+31612345678", now.AddDate(0, 0, -40), store.ConsentGiven)
		// An unassigned call of another assistant follows the default (90).
		start := now.AddDate(0, 0, -40)
		if _, err := svc.Record(ctx, store.CallReport{VapiCallID: "stray", AssistantID: "other", StartedAt: &start, Summary: "s", Report: true}); err != nil {
			t.Fatal(err)
		}
		saveCompany(t, db, buyer)
		if _, err := db.SetCompanyRetention(ctx, buyer, "30", now); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Purge(ctx); err != nil {
			t.Fatal(err)
		}
		if stored(t, db, "mine").Summary != "" || stored(t, db, "stray").Summary != "s" {
			t.Fatalf("mine %q, stray %q", stored(t, db, "mine").Summary, stored(t, db, "stray").Summary)
		}
	})
}

func readZip(t *testing.T, b []byte) map[string]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range zr.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name] = string(data)
	}
	return out
}

// A caller's export holds their calls of that order and nothing else:
// calls.json with the calls and their call data, one transcript per
// call; it is audited, and another buyer's order is a 404.
func TestExportContact(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		buyer, o := setup(t, db, 10)
		now := time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)
		svc := calls.New(calls.Options{DB: db, Now: func() time.Time { return now }})
		a := record(t, svc, "a", "+31612345678", time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), store.ConsentGiven)
		b := record(t, svc, "b", "+31612345678", time.Date(2026, 3, 9, 14, 0, 0, 0, time.UTC), store.ConsentNotGiven)
		record(t, svc, "other", "+31201234567", time.Date(2026, 3, 9, 15, 0, 0, 0, time.UTC), store.ConsentGiven)
		var buf bytes.Buffer
		// The number as the contact route accepts it: any way the library reads.
		name, err := svc.ExportContact(ctx, buyer, o.ID, "+31 6 1234 5678", "nl", &buf)
		if err != nil {
			t.Fatal(err)
		}
		if name != "caller-31612345678.zip" {
			t.Fatalf("name %q", name)
		}
		files := readZip(t, buf.Bytes())
		ta, tb := "transcript-2026-03-02-"+itoa(a.ID)+".txt", "transcript-2026-03-09-"+itoa(b.ID)+".txt"
		var names []string
		for n := range files {
			names = append(names, n)
		}
		sort.Strings(names)
		if want := []string{"calls.json", ta, tb}; !slices.Equal(names, want) {
			t.Fatalf("entries %v, want %v", names, want)
		}
		var ex calls.Export
		if err := json.Unmarshal([]byte(files["calls.json"]), &ex); err != nil {
			t.Fatal(err)
		}
		if ex.Number != "+31612345678" || len(ex.Calls) != 2 || ex.Calls[0].ID != itoa(a.ID) || ex.Calls[1].ID != itoa(b.ID) {
			t.Fatalf("export %+v", ex)
		}
		if c := ex.Calls[0]; c.Summary != "Booked a check-up for a" || len(c.Transcript) != 2 || c.RecordingConsent != "given" ||
			c.RecordingURL != "https://storage.vapi.ai/a.wav" || c.TranscriptFile != ta || c.DurationSeconds != 90 || c.Data == nil {
			t.Fatalf("first call %+v", c)
		}
		if c := ex.Calls[1]; c.RecordingConsent != "not_given" || c.RecordingURL != "" {
			t.Fatalf("second call %+v", c)
		}
		if strings.Contains(files["calls.json"], "+31201234567") || strings.Contains(files["calls.json"], "(other)") {
			t.Fatal("the export holds another caller's call")
		}
		if want := "[00:00] Agent: Hello, Smile Dental.\n[01:05] Beller: I'd like a check-up (a).\n"; !strings.HasSuffix(files[ta], want) {
			t.Fatalf("transcript %q, want it to end %q", files[ta], want)
		}
		reqs, err := db.CallerRequests(ctx, o.ID)
		if err != nil || len(reqs) != 1 || reqs[0].Kind != store.CallerExport || reqs[0].NumberMasked != "+31 6 •••• 5678" ||
			reqs[0].Calls != 2 || reqs[0].ActorID != buyer || !reqs[0].At.Equal(now) {
			t.Fatalf("audit %+v, %v", reqs, err)
		}

		// Another buyer, and a number without calls: 404.
		u, err := db.CreateUser(ctx, store.NewUser{Email: "other@example.com", PasswordHash: "h", FullName: "O", Locale: "en"}, now)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.ExportContact(ctx, u.ID, o.ID, "+31612345678", "en", io.Discard); !isNotFound(err) {
			t.Fatalf("another buyer's export: %v", err)
		}
		if _, err := svc.ExportContact(ctx, buyer, o.ID, "+31699999999", "en", io.Discard); !isNotFound(err) {
			t.Fatalf("unknown number: %v", err)
		}
	})
}

// fakeVapiDelete answers DELETE /call/{id} as Vapi does, failing the
// first request with a 503 so the job's retry is exercised.
type fakeVapiDelete struct {
	mu      sync.Mutex
	deleted []string
	calls   int
}

func (f *fakeVapiDelete) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	if r.Header.Get("Authorization") != "Bearer "+fakeKey {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	if r.Method != http.MethodDelete || !strings.HasPrefix(r.URL.Path, "/call/") {
		http.NotFound(w, r)
		return
	}
	if f.calls == 1 {
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	f.deleted = append(f.deleted, strings.TrimPrefix(r.URL.Path, "/call/"))
	w.Header().Set("Content-Type", "application/json")
	w.Write([]byte(`{"id":"` + strings.TrimPrefix(r.URL.Path, "/call/") + `"}`))
}

// Erasing a caller erases their calls' content as a delete does (the
// usage lines stay, marked deleted, with their seconds and cost), leaves
// other callers alone, deletes Vapi's copies through the job queue (a
// failure retried), and writes an audit line; another buyer gets a 404.
func TestEraseContact(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		buyer, o := setup(t, db, 10)
		now := time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)
		clock := func() time.Time { return now }
		fake := &fakeVapiDelete{}
		srv := httptest.NewServer(fake)
		defer srv.Close()
		svc := calls.New(calls.Options{DB: db, Now: clock, Vapi: &vapiapi.Client{BaseURL: srv.URL, Key: fakeKey}})
		record(t, svc, "a", "+31612345678", now.Add(-48*time.Hour), store.ConsentGiven)
		record(t, svc, "b", "+31612345678", now.Add(-time.Hour), store.ConsentGiven)
		record(t, svc, "other", "+31201234567", now.Add(-time.Hour), store.ConsentGiven)
		before := map[string]store.UsageLine{"a": usage(t, db, "a"), "b": usage(t, db, "b")}

		u, err := db.CreateUser(ctx, store.NewUser{Email: "other@example.com", PasswordHash: "h", FullName: "O", Locale: "en"}, now)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.EraseContact(ctx, u.ID, o.ID, "+31612345678"); !isNotFound(err) {
			t.Fatalf("another buyer's erase: %v", err)
		}

		got, err := svc.EraseContact(ctx, buyer, o.ID, "+31 6 12345678")
		if err != nil {
			t.Fatal(err)
		}
		if got.Calls != 2 || !got.VapiDeletion {
			t.Fatalf("erased %+v", got)
		}
		for _, id := range []string{"a", "b"} {
			c := stored(t, db, id)
			if !c.Deleted || c.Summary != "" || len(c.Transcript) != 0 || c.RecordingURL != "" || c.CustomerNumber != "" || c.OrderID != "" {
				t.Fatalf("%s kept content: %+v", id, c)
			}
			after := usage(t, db, id)
			if after.Seconds != before[id].Seconds || after.CostCents != before[id].CostCents || after.OrderID != o.ID || !after.CallDeleted {
				t.Fatalf("usage of %s: %+v → %+v", id, before[id], after)
			}
		}
		if c := stored(t, db, "other"); c.Deleted || c.Summary == "" {
			t.Fatalf("another caller's call was erased: %+v", c)
		}
		// The contact is gone; a second erase finds nothing.
		if _, err := svc.Contact(ctx, buyer, o.ID, "+31612345678", "en", store.Page{}); !isNotFound(err) {
			t.Fatalf("contact after erase: %v", err)
		}
		if _, err := svc.EraseContact(ctx, buyer, o.ID, "+31612345678"); !isNotFound(err) {
			t.Fatalf("second erase: %v", err)
		}
		// A retried report does not bring the content back.
		record(t, svc, "a", "+31612345678", now.Add(-48*time.Hour), store.ConsentGiven)
		if c := stored(t, db, "a"); c.Summary != "" || c.CustomerNumber != "" {
			t.Fatalf("a retried report restored %+v", c)
		}

		reqs, err := db.CallerRequests(ctx, o.ID)
		if err != nil || len(reqs) != 1 || reqs[0].Kind != store.CallerErase || reqs[0].NumberMasked != "+31 6 •••• 5678" ||
			reqs[0].Calls != 2 || reqs[0].ActorID != buyer || !reqs[0].At.Equal(now) {
			t.Fatalf("audit %+v, %v", reqs, err)
		}

		// Vapi's copies: DELETE /call/{id} per call, through the queue; the first answer fails and is retried.
		w := jobs.New(db, nil, jobs.Options{Now: clock})
		svc.RegisterJobs(w, nil)
		for range 4 {
			if _, err := w.RunOnce(ctx); err != nil {
				t.Fatal(err)
			}
			now = now.Add(10 * time.Minute)
		}
		fake.mu.Lock()
		deleted := slices.Sorted(slices.Values(fake.deleted))
		n := fake.calls
		fake.mu.Unlock()
		if !slices.Equal(deleted, []string{"a", "b"}) || n != 3 {
			t.Fatalf("Vapi deleted %v in %d requests, want a and b in 3 (one retried)", deleted, n)
		}
	})
}

// Without a Vapi key only Belwise's copy is erased: no job is queued.
func TestEraseContactWithoutVapi(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		buyer, o := setup(t, db, 10)
		now := time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)
		svc := calls.New(calls.Options{DB: db, Now: func() time.Time { return now }})
		record(t, svc, "a", "+31612345678", now.Add(-time.Hour), store.ConsentGiven)
		got, err := svc.EraseContact(ctx, buyer, o.ID, "+31612345678")
		if err != nil || got.Calls != 1 || got.VapiDeletion {
			t.Fatalf("erase = %+v, %v", got, err)
		}
		var n int
		if err := db.SQL().QueryRowContext(ctx, `SELECT count(*) FROM jobs WHERE kind = 'calls.vapi_delete'`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d delete jobs, %v", n, err)
		}
	})
}

// fakeVapiAnswers is Vapi's DELETE /call/{id} answering each call with a
// status of its own: answers[id] in turn (the last one repeats), 200 for a
// call it does not name. It keeps every request.
type fakeVapiAnswers struct {
	mu       sync.Mutex
	answers  map[string][]int
	requests []string // "METHOD /path"
	auth     []string
}

func (f *fakeVapiAnswers) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, r.Method+" "+r.URL.Path)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	id := strings.TrimPrefix(r.URL.Path, "/call/")
	status := http.StatusOK
	if a := f.answers[id]; len(a) > 0 {
		status = a[0]
		if len(a) > 1 {
			f.answers[id] = a[1:]
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if status == http.StatusOK {
		w.Write([]byte(`{"id":"` + id + `"}`))
		return
	}
	w.Write([]byte(`{"message":"refused\nfor ` + id + `","statusCode":` + strconv.Itoa(status) + `}`))
}

func (f *fakeVapiAnswers) sent(req string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, r := range f.requests {
		if r == req {
			n++
		}
	}
	return n
}

// A buyer's delete of one call deletes Vapi's copy too, through the job
// queued in the delete's transaction: DELETE /call/{id} with the key. A
// 404 (Vapi no longer has it) counts as done, a 500 is retried, and a 401
// (a wrong key: retrying cannot help) fails the job at once, its error
// naming Vapi's message on one line and never the key.
func TestDeleteCallDeletesVapiCopy(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		buyer, o := setup(t, db, 10)
		now := time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)
		clock := func() time.Time { return now }
		fake := &fakeVapiAnswers{answers: map[string][]int{
			"gone":   {http.StatusNotFound},
			"flaky":  {http.StatusInternalServerError, http.StatusOK},
			"denied": {http.StatusUnauthorized},
		}}
		srv := httptest.NewServer(fake)
		defer srv.Close()
		svc := calls.New(calls.Options{DB: db, Now: clock, Vapi: &vapiapi.Client{BaseURL: srv.URL, Key: fakeKey}})
		ids := map[string]string{}
		for _, id := range []string{"ok", "gone", "flaky", "denied", "kept"} {
			ids[id] = strconv.FormatInt(record(t, svc, id, "+31612345678", now.Add(-time.Hour), store.ConsentGiven).ID, 10)
		}

		// Another buyer's delete: a 404, nothing queued.
		u, err := db.CreateUser(ctx, store.NewUser{Email: "other@example.com", PasswordHash: "h", FullName: "O", Locale: "en"}, now)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Delete(ctx, u.ID, o.ID, ids["ok"]); !isNotFound(err) {
			t.Fatalf("another buyer's delete: %v", err)
		}
		for _, id := range []string{"ok", "gone", "flaky", "denied"} {
			got, err := svc.Delete(ctx, buyer, o.ID, ids[id])
			if err != nil || !got.VapiDeletion {
				t.Fatalf("delete %s = %+v, %v", id, got, err)
			}
		}
		// A second delete of the same call finds nothing and queues nothing.
		if _, err := svc.Delete(ctx, buyer, o.ID, ids["ok"]); !isNotFound(err) {
			t.Fatalf("second delete: %v", err)
		}
		type job struct {
			state, lastError string
			attempts         int
		}
		jobsOf := func() map[string]job {
			t.Helper()
			rows, err := db.SQL().QueryContext(ctx, `SELECT payload, state, attempts, COALESCE(last_error, '') FROM jobs WHERE kind = 'calls.vapi_delete'`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			out := map[string]job{}
			for rows.Next() {
				var payload string
				var j job
				if err := rows.Scan(&payload, &j.state, &j.attempts, &j.lastError); err != nil {
					t.Fatal(err)
				}
				var p struct{ VapiCallID string }
				if err := json.Unmarshal([]byte(payload), &p); err != nil {
					t.Fatal(err)
				}
				if _, dup := out[p.VapiCallID]; dup {
					t.Fatalf("two jobs for %s", p.VapiCallID)
				}
				out[p.VapiCallID] = j
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			return out
		}
		if got := jobsOf(); len(got) != 4 || got["ok"].state != "pending" || got["kept"] != (job{}) {
			t.Fatalf("queued %+v, want one pending job per deleted call", got)
		}
		if n := len(fake.requests); n != 0 {
			t.Fatalf("Vapi asked %d times before the worker ran", n)
		}

		w := jobs.New(db, nil, jobs.Options{Now: clock})
		svc.RegisterJobs(w, nil)
		for range 5 {
			if _, err := w.RunOnce(ctx); err != nil {
				t.Fatal(err)
			}
			now = now.Add(10 * time.Minute)
		}
		for req, want := range map[string]int{"DELETE /call/ok": 1, "DELETE /call/gone": 1, "DELETE /call/flaky": 2,
			"DELETE /call/denied": 1, "DELETE /call/kept": 0} {
			if n := fake.sent(req); n != want {
				t.Errorf("%s sent %d times, want %d (all: %v)", req, n, want, fake.requests)
			}
		}
		for _, a := range fake.auth {
			if a != "Bearer "+fakeKey {
				t.Fatalf("Authorization %q", a)
			}
		}
		got := jobsOf()
		for id, want := range map[string]job{"ok": {state: "done", attempts: 1}, "gone": {state: "done", attempts: 1},
			"flaky": {state: "done", attempts: 2}, "denied": {state: "failed", attempts: 1}} {
			if g := got[id]; g.state != want.state || g.attempts != want.attempts {
				t.Errorf("job of %s = %+v, want %s after %d attempts", id, g, want.state, want.attempts)
			}
		}
		if e := got["denied"].lastError; e != "vapi: delete call: HTTP 401: refused for denied" || strings.Contains(e, fakeKey) {
			t.Errorf("the 401's error: %q", e)
		}
		// Ours is erased whatever Vapi answered.
		for _, id := range []string{"ok", "gone", "flaky", "denied"} {
			if c := stored(t, db, id); !c.Deleted || c.Summary != "" || c.RecordingURL != "" {
				t.Fatalf("%s kept content: %+v", id, c)
			}
		}
		if c := stored(t, db, "kept"); c.Deleted {
			t.Fatalf("a call not deleted was erased: %+v", c)
		}
	})
}

// Without a Vapi key a delete erases only Belwise's copy: no job, and the
// answer says so.
func TestDeleteCallWithoutVapi(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		buyer, o := setup(t, db, 10)
		now := time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)
		svc := calls.New(calls.Options{DB: db, Now: func() time.Time { return now }})
		c := record(t, svc, "a", "+31612345678", now.Add(-time.Hour), store.ConsentGiven)
		got, err := svc.Delete(ctx, buyer, o.ID, strconv.FormatInt(c.ID, 10))
		if err != nil || got.VapiDeletion {
			t.Fatalf("delete = %+v, %v", got, err)
		}
		var n int
		if err := db.SQL().QueryRowContext(ctx, `SELECT count(*) FROM jobs WHERE kind = 'calls.vapi_delete'`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d delete jobs, %v", n, err)
		}
	})
}

// The retention purge deletes Vapi's copy of each call whose content it
// removes (Vapi holds the same transcript and recording): one job per
// call, in the purge's transaction, none for a call still within its
// period, and none again at the next purge; the worker sends the DELETE.
func TestPurgeDeletesVapiCopy(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		setup(t, db, 10)
		now := time.Date(2027, 6, 10, 10, 0, 0, 0, time.UTC)
		clock := func() time.Time { return now }
		fake := &fakeVapiAnswers{answers: map[string][]int{}}
		srv := httptest.NewServer(fake)
		defer srv.Close()
		svc := calls.New(calls.Options{DB: db, RetentionDays: 30, Now: clock, Vapi: &vapiapi.Client{BaseURL: srv.URL, Key: fakeKey}})
		record(t, svc, "old", "+31612345678", now.AddDate(0, 0, -31), store.ConsentGiven)
		record(t, svc, "older", "+31612345678", now.AddDate(0, 0, -200), store.ConsentGiven)
		record(t, svc, "young", "+31612345678", now.AddDate(0, 0, -29), store.ConsentGiven)
		queued := func() []string {
			t.Helper()
			rows, err := db.SQL().QueryContext(ctx, `SELECT payload FROM jobs WHERE kind = 'calls.vapi_delete' ORDER BY payload`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var out []string
			for rows.Next() {
				var p string
				if err := rows.Scan(&p); err != nil {
					t.Fatal(err)
				}
				out = append(out, p)
			}
			return out
		}
		if n, err := svc.Purge(ctx); err != nil || n != 2 {
			t.Fatalf("purge = %d, %v", n, err)
		}
		want := []string{`{"vapiCallId":"old"}`, `{"vapiCallId":"older"}`}
		if got := queued(); !slices.Equal(got, want) {
			t.Fatalf("queued %v, want %v", got, want)
		}
		// Nothing left to purge: nothing queued again.
		if n, err := svc.Purge(ctx); err != nil || n != 0 {
			t.Fatalf("second purge = %d, %v", n, err)
		}
		if got := queued(); len(got) != 2 {
			t.Fatalf("queued %v after a purge that removed nothing", got)
		}
		w := jobs.New(db, nil, jobs.Options{Now: clock})
		svc.RegisterJobs(w, nil)
		for range 3 {
			if _, err := w.RunOnce(ctx); err != nil {
				t.Fatal(err)
			}
		}
		for req, n := range map[string]int{"DELETE /call/old": 1, "DELETE /call/older": 1, "DELETE /call/young": 0} {
			if got := fake.sent(req); got != n {
				t.Errorf("%s sent %d times, want %d (all: %v)", req, got, n, fake.requests)
			}
		}
		// The young call keeps its words, here and at Vapi.
		if c := stored(t, db, "young"); c.Summary == "" {
			t.Fatalf("young call lost content: %+v", c)
		}
	})
}

// Without a Vapi key the purge removes only Belwise's copy: no job.
func TestPurgeWithoutVapi(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		setup(t, db, 10)
		now := time.Date(2027, 6, 10, 10, 0, 0, 0, time.UTC)
		svc := calls.New(calls.Options{DB: db, RetentionDays: 30, Now: func() time.Time { return now }})
		record(t, svc, "old", "+31612345678", now.AddDate(0, 0, -31), store.ConsentGiven)
		if n, err := svc.Purge(ctx); err != nil || n != 1 {
			t.Fatalf("purge = %d, %v", n, err)
		}
		var n int
		if err := db.SQL().QueryRowContext(ctx, `SELECT count(*) FROM jobs WHERE kind = 'calls.vapi_delete'`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d delete jobs, %v", n, err)
		}
	})
}
