package webhooks_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/belwise/site/internal/webhooks"
)

// The reference vector of Standard Webhooks (libraries/go
// webhook_symmetric_test.go, TestSymmetricWebhookSign).
func TestSignReferenceVector(t *testing.T) {
	const (
		secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
		id     = "msg_p5jXN8AQM9LWM0D4loKWxJek"
		want   = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
	)
	body := []byte(`{"test": 2432232314}`)
	got, err := webhooks.Sign(secret, id, 1614265330, body)
	if err != nil || got != want {
		t.Fatalf("Sign = %q, %v; want %q", got, err, want)
	}
	if !webhooks.Verify(secret, id, 1614265330, body, "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= "+want) {
		t.Error("Verify refuses the reference signature among others")
	}
	if webhooks.Verify(secret, id, 1614265331, body, want) {
		t.Error("Verify accepts the signature for another timestamp")
	}
}

func TestNewSecret(t *testing.T) {
	s := webhooks.NewSecret()
	if len(s) < len("whsec_")+32 || s[:6] != "whsec_" || s == webhooks.NewSecret() {
		t.Fatalf("secret %q", s)
	}
	if _, err := webhooks.Sign(s, "msg_1", 1, nil); err != nil {
		t.Fatal(err)
	}
}

// fakeDNS answers from a table; a name with several answers gives the next
// one on each lookup (DNS rebinding).
type fakeDNS struct {
	mu    sync.Mutex
	names map[string][]string
	calls map[string]int
}

func (f *fakeDNS) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	answers, ok := f.names[host]
	if !ok {
		return nil, errors.New("no such host")
	}
	if f.calls == nil {
		f.calls = map[string]int{}
	}
	a := answers[min(f.calls[host], len(answers)-1)]
	f.calls[host]++
	return []netip.Addr{netip.MustParseAddr(a)}, nil
}

func TestGuardRefusesPrivateAddresses(t *testing.T) {
	dns := &fakeDNS{names: map[string][]string{
		"loop.example": {"127.0.0.1"}, "ten.example": {"10.0.0.1"}, "meta.example": {"169.254.169.254"},
		"six.example": {"::1"}, "mapped.example": {"::ffff:127.0.0.1"}, "public.example": {"93.184.216.34"},
		"rebind.example": {"93.184.216.34", "127.0.0.1"},
	}}
	g := webhooks.Guard{Resolver: dns}
	ctx := context.Background()
	for _, u := range []string{
		"https://127.0.0.1/hook", "https://10.0.0.1/hook", "https://169.254.169.254/latest/meta-data", "https://[::1]/hook",
		"https://[::ffff:10.0.0.1]/", "https://0.0.0.0/", "https://224.0.0.1/", "https://100.64.0.1/", "https://[fe80::1]/", "https://[fc00::1]/",
		"https://loop.example/hook", "https://ten.example/hook", "https://meta.example/hook", "https://six.example/hook", "https://mapped.example/",
	} {
		if _, err := g.CheckURL(ctx, u); !errors.Is(err, webhooks.ErrNotPublic) {
			t.Errorf("CheckURL(%s) = %v, want ErrNotPublic", u, err)
		}
	}
	for _, u := range []string{"http://public.example/", "ftp://public.example/", "https://user:pw@public.example/", "https://nowhere.example/", "/relative"} {
		if _, err := g.CheckURL(ctx, u); err == nil || errors.Is(err, webhooks.ErrNotPublic) {
			t.Errorf("CheckURL(%s) = %v, want a refusal", u, err)
		}
	}
	if _, err := g.CheckURL(ctx, "https://public.example/hook"); err != nil {
		t.Errorf("public: %v", err)
	}
	// The dialer checks the address it resolves at delivery time: a name
	// that was public when saved and resolves to loopback now is refused.
	if _, err := g.CheckURL(ctx, "https://rebind.example/hook"); err != nil {
		t.Fatalf("rebind at save: %v", err)
	}
	for _, addr := range []string{"rebind.example:443", "loop.example:443", "127.0.0.1:443", "[::1]:443", "169.254.169.254:80", "10.0.0.1:443"} {
		if c, err := g.DialContext(ctx, "tcp", addr); !errors.Is(err, webhooks.ErrNotPublic) {
			if c != nil {
				c.Close()
			}
			t.Errorf("DialContext(%s) = %v, want ErrNotPublic", addr, err)
		}
	}
	// With AllowPrivate (development and tests) loopback is reachable.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	open := webhooks.Guard{AllowPrivate: true}
	if _, err := open.CheckURL(ctx, srv.URL); err != nil {
		t.Fatalf("allow private: %v", err)
	}
	resp, err := webhooks.NewClient(open).Post(srv.URL, "application/json", nil)
	if err != nil {
		t.Fatalf("allow private: %v", err)
	}
	resp.Body.Close()
	if _, err := webhooks.NewClient(webhooks.Guard{}).Post(srv.URL, "application/json", nil); !errors.Is(err, webhooks.ErrNotPublic) {
		t.Fatalf("the delivery client reached loopback: %v", err)
	}
}

// A redirect is not followed: it is a failed attempt.
func TestClientDoesNotFollowRedirects(t *testing.T) {
	hit := false
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hit = true }))
	defer target.Close()
	srv := httptest.NewServer(http.RedirectHandler(target.URL, http.StatusTemporaryRedirect))
	defer srv.Close()
	resp, err := webhooks.NewClient(webhooks.Guard{AllowPrivate: true}).Post(srv.URL, "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTemporaryRedirect || hit {
		t.Fatalf("status %d, followed %v", resp.StatusCode, hit)
	}
}

const assistant = "a0000000-0000-4000-8000-000000000001"

var agent = store.Agent{ID: "11111111-1111-4111-8111-111111111111", NameEn: "Smile Dental", NameNl: "Smile Dental",
	TitleEn: "Receptionist", TitleNl: "Receptionist", DescriptionEn: "d", DeliveryDays: 7, PriceCents: 100, Currency: "EUR", Version: 1}

func setup(t *testing.T, db *store.DB) (buyer string, order store.Order) {
	t.Helper()
	ctx := context.Background()
	if _, err := db.CreateAgent(ctx, agent, "", time.Now()); err != nil {
		t.Fatal(err)
	}
	u, err := db.CreateUser(ctx, store.NewUser{Email: "buyer@example.com", PasswordHash: "h", FullName: "Anna de Vries", Locale: "nl"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CreateOrders(ctx, []store.NewOrder{{BuyerID: u.ID, AgentID: agent.ID, Status: "completed", AmountCents: 1, CreatedAt: time.Now()}}); err != nil {
		t.Fatal(err)
	}
	os, _ := db.OrdersByBuyer(ctx, u.ID)
	a, rate := assistant, int64(10)
	o, _, err := db.SetOrderLink(ctx, os[0].ID, store.OrderLink{AssistantID: &a, PerMinuteCents: &rate}, os[0].Version, "", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return u.ID, o
}

// receiver is a buyer's endpoint: it verifies every delivery and answers
// status.
type receiver struct {
	mu     sync.Mutex
	secret string
	status int
	got    []delivered
}

type delivered struct {
	id, ts   string
	verified bool
	body     webhooks.Envelope
}

func (r *receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	ts, _ := strconv.ParseInt(req.Header.Get("webhook-timestamp"), 10, 64)
	r.mu.Lock()
	defer r.mu.Unlock()
	d := delivered{id: req.Header.Get("webhook-id"), ts: req.Header.Get("webhook-timestamp"),
		verified: webhooks.Verify(r.secret, req.Header.Get("webhook-id"), ts, body, req.Header.Get("webhook-signature"))}
	json.Unmarshal(body, &d.body)
	r.got = append(r.got, d)
	w.WriteHeader(r.status)
}

func (r *receiver) deliveries() []delivered {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]delivered(nil), r.got...)
}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

type env struct {
	db     *store.DB
	svc    *webhooks.Service
	worker *jobs.Worker
	calls  *calls.Service
	clock  *clock
	recv   *receiver
	url    string
	buyer  string
	order  store.Order
	mails  []store.OutboxMessage
}

func newEnv(t *testing.T, db *store.DB, status int) *env {
	t.Helper()
	e := &env{db: db, clock: &clock{t: time.Now().UTC().Truncate(time.Second)}, recv: &receiver{status: status}}
	srv := httptest.NewServer(e.recv)
	t.Cleanup(srv.Close)
	e.url = srv.URL
	e.buyer, e.order = setup(t, db)
	e.svc = webhooks.New(webhooks.Options{DB: db, SiteURL: "https://belwise.test", Guard: webhooks.Guard{AllowPrivate: true}, Now: e.clock.Now})
	db.OnCallRecorded(e.svc.Hook())
	e.worker = jobs.New(db, nil, jobs.Options{Now: e.clock.Now})
	e.svc.RegisterJobs(e.worker)
	e.worker.Register(store.JobMail, func(_ context.Context, j store.Job) error {
		m, err := store.MailOf(j)
		e.mails = append(e.mails, m)
		return err
	})
	e.calls = calls.New(calls.Options{DB: db, Now: e.clock.Now})
	return e
}

func (e *env) endpoint(t *testing.T, events ...string) webhooks.CreatedEndpoint {
	t.Helper()
	c, err := e.svc.Create(context.Background(), e.buyer, webhooks.EndpointInput{URL: e.url, Events: events})
	if err != nil {
		t.Fatal(err)
	}
	e.recv.secret = c.Secret
	return c
}

func (e *env) report(t *testing.T, id, reason string, secs int) store.Call {
	t.Helper()
	end := e.clock.Now()
	start := end.Add(-time.Duration(secs) * time.Second)
	c, err := e.calls.Record(context.Background(), store.CallReport{VapiCallID: id, AssistantID: assistant, Type: store.CallInbound,
		CustomerNumber: "+31 6 12345678", StartedAt: &start, EndedAt: &end, DurationSeconds: secs, EndedReason: reason,
		Summary: "Wants a callback.", Status: store.StatusEnded, Report: true})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func (e *env) run(t *testing.T) {
	t.Helper()
	// A few rounds, so a job a job queued (the switch-off email) runs too.
	for range 3 {
		if _, err := e.worker.RunOnce(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCallEndedOncePerCallVerifiable(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, http.StatusNoContent)
		ep := e.endpoint(t, store.EventCallEnded, store.EventCallFollowUp)
		c := e.report(t, "vapi-1", "customer-ended-call", 95)
		e.report(t, "vapi-1", "customer-ended-call", 95) // Vapi retried the report
		e.run(t)
		e.report(t, "vapi-1", "customer-ended-call", 95) // and again, after delivery
		e.run(t)
		got := e.recv.deliveries()
		if len(got) != 1 {
			t.Fatalf("%d deliveries, want 1 (call.ended; an answered call needs no follow-up)", len(got))
		}
		d := got[0]
		if !d.verified || d.body.Type != store.EventCallEnded || d.id == "" {
			t.Fatalf("delivery %+v", d)
		}
		call := d.body.Data.Call
		if call.ID != strconv.FormatInt(c.ID, 10) || call.DurationSeconds != 95 || call.Outcome != store.OutcomeAnswered ||
			call.Summary != "Wants a callback." || call.Direction != "inbound" || call.FollowUp ||
			call.URL != "https://belwise.test/nl/dashboard/agents/"+e.order.ID+"/calls/"+call.ID {
			t.Errorf("call %+v", call)
		}
		if d.body.Data.Caller.Number != "+31612345678" || d.body.Data.Agent.OrderID != e.order.ID || d.body.Data.Agent.Name != "Smile Dental" {
			t.Errorf("caller %+v agent %+v", d.body.Data.Caller, d.body.Data.Agent)
		}
		ds, err := e.svc.Deliveries(context.Background(), e.buyer, ep.Endpoint.ID)
		if err != nil || len(ds) != 1 || !ds[0].OK || ds[0].StatusCode != 204 || ds[0].Attempt != 1 || ds[0].MessageID != d.id {
			t.Fatalf("log %+v %v", ds, err)
		}
		// A missed call is call.ended and call.followup.
		e.report(t, "vapi-2", "customer-did-not-answer", 0)
		e.run(t)
		got = e.recv.deliveries()
		if len(got) != 3 || got[1].body.Type == got[2].body.Type || !got[2].verified {
			t.Fatalf("deliveries %+v", got)
		}
		// Redelivery: the same message id, a new attempt.
		ds, _ = e.svc.Deliveries(context.Background(), e.buyer, ep.Endpoint.ID)
		if err := e.svc.Redeliver(context.Background(), e.buyer, ep.Endpoint.ID, ds[len(ds)-1].ID); err != nil {
			t.Fatal(err)
		}
		e.run(t)
		got = e.recv.deliveries()
		if len(got) != 4 || got[3].id != got[0].id || !got[3].verified {
			t.Fatalf("redelivery %+v", got[3])
		}
		ds, _ = e.svc.Deliveries(context.Background(), e.buyer, ep.Endpoint.ID)
		if ds[0].Attempt != 2 {
			t.Errorf("redelivery attempt %d", ds[0].Attempt)
		}
		// Someone else's endpoint is not found.
		if _, err := e.svc.Deliveries(context.Background(), "00000000-0000-4000-8000-000000000000", ep.Endpoint.ID); !isCode(err, apierr.CodeNotFound) {
			t.Errorf("other user's endpoint: %v", err)
		}
		// A test event is signed and marked test.
		if err := e.svc.Test(context.Background(), e.buyer, ep.Endpoint.ID); err != nil {
			t.Fatal(err)
		}
		e.run(t)
		got = e.recv.deliveries()
		if len(got) != 5 || !got[4].body.Data.Test || !got[4].verified {
			t.Fatalf("test event %+v", got[len(got)-1])
		}
		// Thirty days on, the messages (call content) and their log are gone.
		e.clock.Advance(webhooks.KeepMessages + time.Hour)
		e.run(t)
		if ds, _ := e.svc.Deliveries(context.Background(), e.buyer, ep.Endpoint.ID); len(ds) != 0 {
			t.Fatalf("after 30 days: %d deliveries kept", len(ds))
		}
		// Deleting it takes its log along; a second delete is not found.
		if err := e.svc.Delete(context.Background(), e.buyer, ep.Endpoint.ID); err != nil {
			t.Fatal(err)
		}
		if err := e.svc.Delete(context.Background(), e.buyer, ep.Endpoint.ID); !isCode(err, apierr.CodeNotFound) {
			t.Fatalf("second delete: %v", err)
		}
		if list, _ := e.svc.List(context.Background(), e.buyer); len(list) != 0 {
			t.Fatalf("left %+v", list)
		}
	})
}

func TestRetriesOver24HoursThenSwitchOffAfter3Days(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, http.StatusInternalServerError)
		ep := e.endpoint(t, store.EventCallEnded)
		ctx := context.Background()
		e.report(t, "vapi-1", "customer-ended-call", 30)
		start := e.clock.Now()
		e.run(t)
		for e.clock.Now().Sub(start) < 26*time.Hour {
			e.clock.Advance(time.Minute)
			e.run(t)
		}
		got := e.recv.deliveries()
		if len(got) != 8 {
			t.Fatalf("%d attempts in 26 h, want 8 (the first and 7 retries)", len(got))
		}
		for _, d := range got {
			if d.id != got[0].id || !d.verified {
				t.Fatalf("attempt %+v: another id or a bad signature", d)
			}
		}
		ds, _ := e.svc.Deliveries(ctx, e.buyer, ep.Endpoint.ID)
		if len(ds) != 8 || ds[0].Attempt != 8 || ds[0].StatusCode != 500 || ds[0].OK || ds[0].Error != "HTTP 500" {
			t.Fatalf("log %+v", ds[0])
		}
		list, _ := e.svc.List(ctx, e.buyer)
		if !list[0].Enabled || list[0].FailingSince == nil {
			t.Fatalf("after a day: %+v", list[0])
		}
		// Still failing two days later: the next attempt switches it off
		// and emails the buyer (in Dutch, their language).
		e.clock.Advance(47 * time.Hour)
		e.report(t, "vapi-2", "customer-ended-call", 30)
		e.run(t)
		list, _ = e.svc.List(ctx, e.buyer)
		if list[0].Enabled || list[0].DisabledReason != "failing" {
			t.Fatalf("after three days: %+v", list[0])
		}
		if len(e.mails) != 1 || e.mails[0].Kind != webhooks.KindSwitchedOff || e.mails[0].Recipient != "buyer@example.com" || e.mails[0].Locale != "nl" {
			t.Fatalf("mails %+v", e.mails)
		}
		// Off: a new call sends nothing; its retries stop.
		n := len(e.recv.deliveries())
		e.report(t, "vapi-3", "customer-ended-call", 30)
		e.clock.Advance(time.Hour)
		e.run(t)
		if len(e.recv.deliveries()) != n {
			t.Fatal("a switched-off endpoint got a delivery")
		}
		// Switched on again (and now answering), the failure record is gone.
		on := true
		e.recv.mu.Lock()
		e.recv.status = 200
		e.recv.mu.Unlock()
		if _, err := e.svc.Update(ctx, e.buyer, ep.Endpoint.ID, webhooks.EndpointChange{Enabled: &on}); err != nil {
			t.Fatal(err)
		}
		e.report(t, "vapi-4", "customer-ended-call", 30)
		e.run(t)
		list, _ = e.svc.List(ctx, e.buyer)
		if !list[0].Enabled || list[0].FailingSince != nil || len(e.recv.deliveries()) != n+1 {
			t.Fatalf("switched on: %+v, %d deliveries", list[0], len(e.recv.deliveries()))
		}
	})
}

func TestCreateRefusesWithTheFieldNamed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		buyer, _ := setup(t, db)
		dns := &fakeDNS{names: map[string][]string{"internal.example": {"10.0.0.1"}, "hooks.example": {"93.184.216.34"}}}
		s := webhooks.New(webhooks.Options{DB: db, Guard: webhooks.Guard{Resolver: dns}})
		ctx := context.Background()
		for _, c := range []struct {
			in    webhooks.EndpointInput
			code  apierr.Code
			field string
		}{
			{webhooks.EndpointInput{URL: "https://127.0.0.1/x", Events: []string{"call.ended"}}, apierr.CodeWebhookURLNotPublic, "url"},
			{webhooks.EndpointInput{URL: "https://10.0.0.1/x", Events: []string{"call.ended"}}, apierr.CodeWebhookURLNotPublic, "url"},
			{webhooks.EndpointInput{URL: "https://169.254.169.254/x", Events: []string{"call.ended"}}, apierr.CodeWebhookURLNotPublic, "url"},
			{webhooks.EndpointInput{URL: "https://[::1]/x", Events: []string{"call.ended"}}, apierr.CodeWebhookURLNotPublic, "url"},
			{webhooks.EndpointInput{URL: "https://internal.example/x", Events: []string{"call.ended"}}, apierr.CodeWebhookURLNotPublic, "url"},
			{webhooks.EndpointInput{URL: "http://hooks.example/x", Events: []string{"call.ended"}}, apierr.CodeInvalidWebhookURL, "url"},
			{webhooks.EndpointInput{URL: "", Events: []string{"call.ended"}}, apierr.CodeInvalidWebhookURL, "url"},
			{webhooks.EndpointInput{URL: "https://hooks.example/x", Events: []string{"call.started"}}, apierr.CodeInvalidEvent, "events"},
			{webhooks.EndpointInput{URL: "https://hooks.example/x"}, apierr.CodeInvalidEvent, "events"},
			{webhooks.EndpointInput{URL: "https://hooks.example/x", Events: []string{"call.ended"}, OrderIDs: []string{"9b2f4c1e-0000-4000-8000-000000000000"}}, apierr.CodeInvalidField, "orderIds"},
		} {
			_, err := s.Create(ctx, buyer, c.in)
			a, _ := apierr.As(err)
			if a == nil {
				a = &apierr.Error{}
			}
			if a.Kind != apierr.Invalid || a.Code != c.code || a.Field != c.field {
				t.Errorf("%+v: %v (%s %s), want %s on %s", c.in, err, a.Code, a.Field, c.code, c.field)
			}
		}
		created, err := s.Create(ctx, buyer, webhooks.EndpointInput{URL: "https://hooks.example/x", Events: []string{"call.ended", "call.ended"}})
		if err != nil || created.Endpoint.Events[0] != "call.ended" || len(created.Endpoint.Events) != 1 || created.Secret == "" {
			t.Fatalf("%+v %v", created, err)
		}
	})
}

func isCode(err error, c apierr.Code) bool {
	a, ok := apierr.As(err)
	return ok && a.Code == c
}

// A call staff's call data marks as needing follow-up (an answered call
// whose "callback" is yes) is call.followup too, with its data labelled.
func TestFollowUpByCallData(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, http.StatusOK)
		ctx := context.Background()
		if _, err := db.SetOrderCallFields(ctx, e.order.ID, []store.CallField{
			{Name: "callback", Type: "yes_no", LabelEn: "Callback wanted", LabelNl: "Terugbellen gewenst", FollowUp: true},
		}, nil); err != nil {
			t.Fatal(err)
		}
		e.endpoint(t, store.EventCallFollowUp)
		end := e.clock.Now()
		start := end.Add(-time.Minute)
		if _, err := e.calls.Record(ctx, store.CallReport{VapiCallID: "vapi-cb", AssistantID: assistant, Type: store.CallInbound,
			CustomerNumber: "+31612345678", StartedAt: &start, EndedAt: &end, DurationSeconds: 60, EndedReason: "customer-ended-call",
			Status: store.StatusEnded, Report: true, Data: map[string]any{"callback": "yes"}}); err != nil {
			t.Fatal(err)
		}
		e.report(t, "vapi-plain", "customer-ended-call", 60) // answered, no data: no follow-up
		e.run(t)
		got := e.recv.deliveries()
		if len(got) != 1 || got[0].body.Type != store.EventCallFollowUp || !got[0].body.Data.Call.FollowUp || !got[0].verified {
			t.Fatalf("deliveries %+v", got)
		}
		v := got[0].body.Data.Data["callback"]
		if v.Label != "Callback wanted" || v.LabelNl != "Terugbellen gewenst" || v.Value != true {
			t.Fatalf("call data %+v", got[0].body.Data.Data)
		}
	})
}
