package alerts_test

import (
	"bytes"
	"context"
	"errors"
	"mime"
	netmail "net/mail"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/alerts"
	"github.com/belwise/site/internal/calldata"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/mail/smtptest"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

const (
	assistant  = "a0000000-0000-4000-8000-000000000001"
	assistant2 = "a0000000-0000-4000-8000-000000000002"
	site       = "https://belwise.example"
)

var agent = store.Agent{ID: "11111111-1111-4111-8111-111111111111", NameEn: "Appointment Setter", NameNl: "Afsprakenplanner",
	TitleEn: "Books appointments", TitleNl: "Plant afspraken", DescriptionEn: "d", DeliveryDays: 7, PriceCents: 100, Currency: "EUR", Version: 1}

type rig struct {
	db     *store.DB
	calls  *calls.Service
	alerts *alerts.Service
	worker *jobs.Worker
	sink   *smtptest.Sink
	buyer  string
	orders [2]store.Order
	now    time.Time
}

// setup makes a Dutch buyer with two orders (agents), each linked to an
// assistant, whose call data marks callback_wanted as needing follow-up,
// and the alerts wired to an SMTP sink.
func setup(t *testing.T, db *store.DB) *rig {
	t.Helper()
	ctx := context.Background()
	r := &rig{db: db, now: time.Now().UTC()}
	if _, err := db.CreateAgent(ctx, agent, "", time.Now()); err != nil {
		t.Fatal(err)
	}
	u, err := db.CreateUser(ctx, store.NewUser{Email: "koper@example.com", PasswordHash: "h", FullName: "Anna de Vries", Locale: "nl"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	r.buyer = u.ID
	for i := 0; i < 2; i++ {
		if err := db.CreateOrders(ctx, []store.NewOrder{{BuyerID: u.ID, AgentID: agent.ID, Status: "completed", AmountCents: 1, CreatedAt: time.Now()}}); err != nil {
			t.Fatal(err)
		}
	}
	os, _ := db.OrdersByBuyer(ctx, u.ID)
	r.calls = calls.New(calls.Options{DB: db, Now: func() time.Time { return r.now }})
	rate := int64(10)
	for i, a := range []string{assistant, assistant2} {
		o, _, err := db.SetOrderLink(ctx, os[i].ID, store.OrderLink{AssistantID: &a, PerMinuteCents: &rate}, os[i].Version, "", time.Now())
		if err != nil {
			t.Fatal(err)
		}
		r.orders[i] = o
		if _, err := r.calls.SetCallFields(ctx, "staff", o.ID, []calldata.Field{
			{Name: "callback_wanted", Type: "yes_no", LabelEn: "Callback wanted", LabelNl: "Terugbellen gewenst", FollowUp: true},
			{Name: "caller_name", Type: "text", LabelEn: "Caller's name", LabelNl: "Naam beller"},
		}); err != nil {
			t.Fatal(err)
		}
	}
	r.sink = smtptest.Start(t)
	sender, err := mail.NewSender(r.sink.URL(), "Belwise <hello@belwise.example>", t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var mailer *mail.Mailer
	r.worker, mailer = mail.NewWorker(db, sender, nil, jobs.Options{})
	r.alerts = alerts.New(alerts.Options{DB: db, SiteURL: site, Secret: strings.Repeat("k", 32)})
	r.alerts.Register(r.calls, mailer)
	return r
}

// report stores an end-of-call report of call id from assistant a.
func (r *rig) report(t *testing.T, id, a, reason string, data map[string]any) {
	t.Helper()
	start := r.now.Add(-2 * time.Minute)
	end := start.Add(time.Minute)
	if _, err := r.calls.Record(context.Background(), store.CallReport{VapiCallID: id, AssistantID: a, Type: store.CallInbound,
		CustomerNumber: "+31612345678", StartedAt: &start, EndedAt: &end, DurationSeconds: 60, EndedReason: reason,
		Summary: "Mevrouw Jansen wil teruggebeld worden over haar afspraak.", Report: true, Data: data}); err != nil {
		t.Fatal(err)
	}
}

// sent runs the due jobs and gives every message the sink has accepted.
func (r *rig) sent(t *testing.T) []*netmail.Message {
	t.Helper()
	if _, err := r.worker.RunOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	var out []*netmail.Message
	for _, m := range r.sink.Messages() {
		msg, err := netmail.ReadMessage(bytes.NewReader(m.Raw))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, msg)
	}
	return out
}

func subject(t *testing.T, m *netmail.Message) string {
	t.Helper()
	s, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestAlertOncePerCallInDutch(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		r := setup(t, db)
		r.report(t, "wanted", assistant, "customer-ended-call", map[string]any{"callback_wanted": true, "caller_name": "Mevrouw Jansen"})
		// Vapi retries the report (twice): nothing new is enqueued.
		r.report(t, "wanted", assistant, "customer-ended-call", map[string]any{"callback_wanted": true})
		msgs := r.sent(t)
		r.report(t, "wanted", assistant, "customer-ended-call", map[string]any{"callback_wanted": true})
		if again := r.sent(t); len(msgs) != 1 || len(again) != 1 {
			t.Fatalf("sent %d then %d messages, want 1 once", len(msgs), len(again))
		}
		m := msgs[0]
		if got, want := subject(t, m), "Terugbellen gewenst: 06 12345678 — Afsprakenplanner"; got != want {
			t.Errorf("subject %q, want %q", got, want)
		}
		if a, err := netmail.ParseAddress(m.Header.Get("To")); err != nil || a.Address != "koper@example.com" {
			t.Errorf("to %q", m.Header.Get("To"))
		}
		lu := m.Header.Get("List-Unsubscribe")
		if !strings.HasPrefix(lu, "<"+site+"/alerts/unsubscribe/") || !strings.HasSuffix(lu, ">") {
			t.Errorf("List-Unsubscribe %q", lu)
		}
		if m.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
			t.Errorf("List-Unsubscribe-Post %q", m.Header.Get("List-Unsubscribe-Post"))
		}
		raw := string(r.sink.Messages()[0].Raw)
		for _, want := range []string{"Terugbellen gewenst", "Naam beller", "Mevrouw Jansen", "Beantwoord", "Samenvatting",
			"/nl/dashboard/agents/" + r.orders[0].ID + "/calls/"} {
			if !strings.Contains(strings.ReplaceAll(raw, "=\r\n", ""), want) {
				t.Errorf("body lacks %q", want)
			}
		}
	})
}

func TestAlertFollowsTheSetting(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := setup(t, db)
		o := r.orders[0].ID
		// The default: follow-up only. A plain answered call sends nothing; a missed one does.
		r.report(t, "plain", assistant, "customer-ended-call", map[string]any{"callback_wanted": false})
		r.report(t, "missed", assistant, "customer-did-not-answer", nil)
		msgs := r.sent(t)
		if len(msgs) != 1 || !strings.HasPrefix(subject(t, msgs[0]), "Gemiste oproep: ") {
			t.Fatalf("follow-up only: %d messages", len(msgs))
		}
		// Every call.
		if s, err := r.alerts.SetMode(ctx, r.buyer, o, "all", "en"); err != nil || s.Effective != "all" {
			t.Fatalf("set all: %v %+v", err, s)
		}
		r.report(t, "plain2", assistant, "customer-ended-call", nil)
		if msgs = r.sent(t); len(msgs) != 2 || !strings.HasPrefix(subject(t, msgs[1]), "Nieuw gesprek: ") {
			t.Fatalf("all: %d messages", len(msgs))
		}
		// None: not even a flagged call.
		if _, err := r.alerts.SetMode(ctx, r.buyer, o, "none", "en"); err != nil {
			t.Fatal(err)
		}
		r.report(t, "wanted", assistant, "customer-ended-call", map[string]any{"callback_wanted": true})
		r.report(t, "failed", assistant, "pipeline-error-openai", nil)
		if msgs = r.sent(t); len(msgs) != 2 {
			t.Fatalf("none: %d messages", len(msgs))
		}
		// Staff's default counts only while the buyer has made no choice.
		if _, err := r.alerts.SetDefault(ctx, "staff", o, "all", "en"); err != nil {
			t.Fatal(err)
		}
		if s, _ := r.alerts.Setting(ctx, r.buyer, o, "en"); s.Effective != "none" || s.Default != "all" {
			t.Fatalf("default under a choice: %+v", s)
		}
		if s, _ := r.alerts.SetMode(ctx, r.buyer, o, "", "en"); s.Effective != "all" || s.Mode != "" {
			t.Fatalf("back to the default: %+v", s)
		}
		if _, err := r.alerts.SetMode(ctx, r.buyer, o, "sometimes", "en"); err == nil {
			t.Fatal("a bad mode was taken")
		}
		if _, err := r.alerts.SetMode(ctx, "00000000-0000-4000-8000-000000000099", o, "none", "en"); err == nil {
			t.Fatal("someone else set the buyer's mode")
		}
		list, err := r.alerts.Settings(ctx, r.buyer, "nl")
		if err != nil || len(list) != 2 || list[0].AgentName != "Afsprakenplanner" {
			t.Fatalf("settings: %v %+v", err, list)
		}
	})
}

func TestUnsubscribeLink(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := setup(t, db)
		a, b := r.orders[0].ID, r.orders[1].ID
		token := r.alerts.Token(a, r.buyer)
		u, err := r.alerts.Check(ctx, token)
		if err != nil || u.OrderID != a || u.Off || u.Lang != "nl" {
			t.Fatalf("check: %v %+v", err, u)
		}
		// A changed token, one for no order, one signed with another secret: refused.
		other := alerts.New(alerts.Options{DB: db, SiteURL: site, Secret: strings.Repeat("x", 32)})
		last := token[len(token)-1:]
		flip := map[string]string{"A": "B"}[last]
		if flip == "" {
			flip = "A"
		}
		for _, bad := range []string{token[:len(token)-1] + flip, token[:20], "", "not-a-token!",
			other.Token(a, r.buyer), r.alerts.Token("00000000-0000-4000-8000-000000000099", r.buyer)} {
			if _, err := r.alerts.Unsubscribe(ctx, bad); !errors.Is(err, alerts.ErrBadToken) {
				t.Errorf("token %q: %v, want refused", bad, err)
			}
		}
		if s, _ := r.alerts.Setting(ctx, r.buyer, a, "en"); s.Effective != "followup" {
			t.Fatalf("a refused token changed the setting: %+v", s)
		}
		// The link turns off its own agent's alerts only.
		if u, err := r.alerts.Unsubscribe(ctx, token); err != nil || !u.Off {
			t.Fatalf("unsubscribe: %v %+v", err, u)
		}
		if s, _ := r.alerts.Setting(ctx, r.buyer, a, "en"); s.Effective != "none" || s.Mode != "none" {
			t.Fatalf("its agent: %+v", s)
		}
		if s, _ := r.alerts.Setting(ctx, r.buyer, b, "en"); s.Effective != "followup" || s.Mode != "" {
			t.Fatalf("the other agent changed: %+v", s)
		}
		// Again: still off, no error (a mail client may POST twice).
		if u, err := r.alerts.Unsubscribe(ctx, token); err != nil || !u.Off {
			t.Fatalf("unsubscribe again: %v %+v", err, u)
		}
		// The other agent still alerts; the first sends nothing.
		r.report(t, "one", assistant, "customer-ended-call", map[string]any{"callback_wanted": true})
		r.report(t, "two", assistant2, "customer-ended-call", map[string]any{"callback_wanted": true})
		msgs := r.sent(t)
		if len(msgs) != 1 || !strings.Contains(msgs[0].Header.Get("List-Unsubscribe"), r.alerts.Token(b, r.buyer)) {
			t.Fatalf("after unsubscribing: %d messages", len(msgs))
		}
	})
}
