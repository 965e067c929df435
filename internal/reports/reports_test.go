package reports_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/mail/mailtest"
	"github.com/belwise/site/internal/reports"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

const assistant = "a0000000-0000-4000-8000-000000000001"

var agent = store.Agent{ID: "11111111-1111-4111-8111-111111111111", NameEn: "Appointment Setter", NameNl: "Afsprakenplanner",
	TitleEn: "Books appointments", TitleNl: "Plant afspraken", DescriptionEn: "d", DeliveryDays: 7, PriceCents: 100, Currency: "EUR", Version: 1}

// subject are the emails whose subject starts with prefix.
func subject(s *mailtest.Sink, prefix string) []mail.Message {
	var out []mail.Message
	for _, m := range s.All() {
		if strings.HasPrefix(m.Subject, prefix) {
			out = append(out, m)
		}
	}
	return out
}

type env struct {
	t     *testing.T
	db    *store.DB
	now   time.Time
	svc   *reports.Service
	calls *calls.Service
	w     *jobs.Worker
	mail  *mailtest.Sink
	buyer string
	order store.Order
}

// newEnv makes a buyer (Dutch, in tz) with one order linked to assistant at
// 12 cents a minute, created at created, and the services at e.now.
func newEnv(t *testing.T, db *store.DB, tz string, created time.Time) *env {
	t.Helper()
	ctx := context.Background()
	e := &env{t: t, db: db, mail: &mailtest.Sink{}}
	if _, err := db.CreateAgent(ctx, agent, "", created); err != nil {
		t.Fatal(err)
	}
	u, err := db.CreateUser(ctx, store.NewUser{Email: "anna@example.nl", PasswordHash: "h", FullName: "Anna de Vries", Locale: "nl"}, created)
	if err != nil {
		t.Fatal(err)
	}
	e.buyer = u.ID
	if tz != "" {
		if err := db.SetTimeZone(ctx, u.ID, tz, false); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.CreateOrders(ctx, []store.NewOrder{{BuyerID: u.ID, AgentID: agent.ID, Status: "completed", AmountCents: 1, CreatedAt: created}}); err != nil {
		t.Fatal(err)
	}
	os, _ := db.OrdersByBuyer(ctx, u.ID)
	a, rate := assistant, int64(12)
	if e.order, _, err = db.SetOrderLink(ctx, os[0].ID, store.OrderLink{AssistantID: &a, PerMinuteCents: &rate}, os[0].Version, "", created); err != nil {
		t.Fatal(err)
	}
	clock := func() time.Time { return e.now }
	e.svc = reports.New(reports.Options{DB: db, SiteURL: "https://belwise.test", Now: clock})
	e.calls = calls.New(calls.Options{DB: db, Now: clock, Stored: e.svc.CallStored})
	var mailer *mail.Mailer
	e.w, mailer = mail.NewWorker(db, e.mail, nil, jobs.Options{Now: clock})
	e.svc.RegisterMail(mailer)
	e.svc.RegisterJobs(e.w)
	return e
}

// call records an ended call that started at start (its report stored at
// e.now) through the calls service.
func (e *env) call(id string, start time.Time, secs int, reason string, data map[string]any) {
	e.t.Helper()
	end := start.Add(time.Duration(secs) * time.Second)
	if _, err := e.calls.Record(context.Background(), store.CallReport{VapiCallID: id, AssistantID: assistant, Type: store.CallInbound,
		CustomerNumber: "+31612345678", StartedAt: &start, EndedAt: &end, DurationSeconds: secs, EndedReason: reason,
		SuccessEval: map[bool]string{true: "true", false: "false"}[reason == "customer-ended-call"], Data: data, Report: true}); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) run() {
	e.t.Helper()
	for range 5 {
		if _, err := e.w.RunOnce(context.Background()); err != nil {
			e.t.Fatal(err)
		}
	}
}

func (e *env) send(what string, force bool) reports.Sent {
	e.t.Helper()
	r, err := e.svc.Send(context.Background(), what, force)
	if err != nil {
		e.t.Fatal(err)
	}
	return r
}

const (
	answered = "customer-ended-call"
	missed   = "customer-did-not-answer"
	failed   = "pipeline-error-openai-llm-failed"
)

var ams = func() *time.Location { l, _ := time.LoadLocation("Europe/Amsterdam"); return l }()

// The weekly digest: the week's figures per agent against the week before,
// sent once per buyer per week however often it is asked for, with the
// one-click off link in its headers.
func TestWeeklyDigestOncePerWeek(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, "", time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
		e.now = time.Date(2026, 11, 29, 12, 0, 0, 0, ams)
		// Staff marked "callback wanted" as needing follow-up.
		if _, err := db.SetOrderCallFields(context.Background(), e.order.ID, []store.CallField{
			{Name: "callback_wanted", Type: "yes_no", LabelEn: "Callback wanted", LabelNl: "Wil teruggebeld worden", FollowUp: true}}, nil); err != nil {
			t.Fatal(err)
		}
		// The week of 23–29 November 2026 (Monday to Sunday, Amsterdam).
		e.call("w1", time.Date(2026, 11, 23, 0, 30, 0, 0, ams), 125, answered, map[string]any{"callback_wanted": true}) // 22 Nov 23:30 UTC: still this week
		e.call("w2", time.Date(2026, 11, 25, 10, 0, 0, 0, ams), 0, missed, nil)
		e.call("w3", time.Date(2026, 11, 29, 23, 0, 0, 0, ams), 5, failed, nil)
		// The week before: one call; the next week: one that does not count.
		e.call("p1", time.Date(2026, 11, 22, 23, 30, 0, 0, ams), 60, answered, nil)
		e.call("n1", time.Date(2026, 11, 30, 0, 10, 0, 0, ams), 60, answered, nil)

		// Monday 30 November, 07:59 in Amsterdam: not due yet.
		e.now = time.Date(2026, 11, 30, 7, 59, 0, 0, ams)
		if r := e.send(reports.Week, false); r.Queued != 0 || r.NotDue != 1 {
			t.Fatalf("before 08:00: %+v, want nothing queued, 1 not due", r)
		}
		e.now = time.Date(2026, 11, 30, 8, 0, 0, 0, ams)
		if r := e.send(reports.Week, false); r.Queued != 1 {
			t.Fatalf("at 08:00: %+v, want 1 queued", r)
		}
		if r := e.send(reports.Week, true); r.Queued != 0 || r.Already != 1 {
			t.Fatalf("again: %+v, want nothing queued, 1 already", r)
		}
		e.run()
		e.now = e.now.Add(3 * time.Hour) // the periodic job runs again later that week
		e.run()
		msgs := e.mail.All()
		if len(msgs) != 1 {
			t.Fatalf("%d emails, want 1", len(msgs))
		}
		m := msgs[0]
		if m.To != "anna@example.nl" || !strings.Contains(m.Subject, "23–29 november 2026") {
			t.Errorf("to %q subject %q", m.To, m.Subject)
		}
		for _, want := range []string{
			"Beste Anna,",
			"Afsprakenplanner · Gesprekken: 3 (+2 t.o.v. de week ervoor)",
			"Beantwoord / gemist / mislukt: 1 / 1 / 1",
			"Minuten: 2 (+1 t.o.v. de week ervoor)", // 130 s ≈ 2 min against 60 s
			"Kosten (excl. btw): €\u00a00,26",       // 125 s + 5 s at 12 cents: 25 + 1 cents
			"Op te volgen gesprekken: 3",            // missed, failed, and the answered call that wants a callback
		} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("digest lacks %q:\n%s", want, m.Text)
			}
		}
		if !strings.HasPrefix(m.ListUnsubscribe, "https://belwise.test/api/digests/off?u="+e.buyer+"&s=") || !strings.Contains(m.Text, m.ListUnsubscribe) {
			t.Errorf("unsubscribe link %q", m.ListUnsubscribe)
		}

		// The next week's digest is a new one.
		e.now = time.Date(2026, 12, 7, 8, 0, 0, 0, ams)
		if r := e.send(reports.Week, false); r.Queued != 1 {
			t.Fatalf("next week: %+v, want 1 queued", r)
		}
	})
}

// Monday 08:00 is the buyer's: in New York it comes six hours after
// Amsterdam's.
func TestWeeklyDigestInBuyersZone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, "America/New_York", time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
		ny, _ := time.LoadLocation("America/New_York")
		e.now = time.Date(2026, 11, 30, 7, 59, 0, 0, ny)
		if r := e.send(reports.Week, false); r.NotDue != 1 || r.Queued != 0 {
			t.Fatalf("%+v, want not due", r)
		}
		if r := e.send(reports.Week, true); r.Queued != 1 {
			t.Fatalf("--now: %+v, want 1 queued", r)
		}
	})
}

// A buyer without a time zone gets the one the browser sent with the quote
// their order was made from.
func TestTimeZoneFromQuote(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		created := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
		e := newEnv(t, db, "", created)
		qid, err := db.CreateQuoteRequest(ctx, store.QuoteRequest{ID: "6f1c2b1e-0000-4000-8000-000000000001", FullName: "Anna",
			Email: "anna@example.nl", Description: "d", Language: "dutch", Locale: "nl", TimeZone: "America/New_York", UserID: e.buyer}, nil, created)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.SQL().ExecContext(ctx, db.Rebind(`UPDATE orders SET quote_id = ? WHERE id = ?`), qid, e.order.ID); err != nil {
			t.Fatal(err)
		}
		ny, _ := time.LoadLocation("America/New_York")
		e.now = time.Date(2026, 11, 30, 7, 59, 0, 0, ny) // 13:59 in Amsterdam
		if r := e.send(reports.Week, false); r.NotDue != 1 {
			t.Fatalf("%+v: want not due before 08:00 in New York", r)
		}
		if p, _ := e.svc.Prefs(ctx, e.buyer); p.TimeZone != "America/New_York" {
			t.Fatalf("prefs %+v: the quote's zone not kept", p)
		}
	})
}

// A buyer who turned the digest off gets nothing: not queued, and one
// queued before they turned it off is not sent. The off link works for
// its user only, and only with its signature.
func TestWeeklyDigestOff(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEnv(t, db, "", time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
		e.now = time.Date(2026, 11, 30, 9, 0, 0, 0, ams)
		if r := e.send(reports.Week, false); r.Queued != 1 {
			t.Fatalf("%+v", r)
		}
		link, err := e.svc.OffURL(ctx, e.buyer)
		if err != nil {
			t.Fatal(err)
		}
		sig := link[strings.Index(link, "&s=")+3:]
		// The last hex digit changed (to another one whatever it was).
		changed := sig[:len(sig)-1] + map[bool]string{true: "1", false: "0"}[strings.HasSuffix(sig, "0")]
		if _, err := e.svc.TurnOff(ctx, e.buyer, changed); err == nil {
			t.Fatal("a changed signature turned the digest off")
		}
		if _, err := e.svc.TurnOff(ctx, "someone-else", sig); err == nil {
			t.Fatal("another user's id with this signature was accepted")
		}
		if p, _ := e.svc.Prefs(ctx, e.buyer); !p.WeeklyDigest || p.TimeZone != "Europe/Amsterdam" {
			t.Fatalf("prefs %+v: want on, Amsterdam by default", p)
		}
		if _, err := e.svc.TurnOff(ctx, e.buyer, sig); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.TurnOff(ctx, e.buyer, sig); err != nil {
			t.Fatalf("second click: %v", err)
		}
		e.run()
		if n := len(e.mail.All()); n != 0 {
			t.Fatalf("%d emails after turning the digest off, want 0", n)
		}
		e.now = time.Date(2026, 12, 7, 9, 0, 0, 0, ams)
		if r := e.send(reports.Week, true); r.Queued != 0 || r.Off != 1 {
			t.Fatalf("%+v, want nothing queued, 1 off", r)
		}
		// The profile's switch turns it back on.
		on := true
		if p, err := e.svc.SetPrefs(ctx, e.buyer, &on, "", false); err != nil || !p.WeeklyDigest {
			t.Fatalf("%+v %v", p, err)
		}
		if _, err := e.svc.SetPrefs(ctx, e.buyer, nil, "Mars/Olympus", false); err == nil {
			t.Fatal("a made-up time zone was stored")
		}
		if p, _ := e.svc.SetPrefs(ctx, e.buyer, nil, "Europe/London", true); p.TimeZone != "Europe/London" {
			t.Fatalf("browser zone not stored while none was known: %+v", p)
		}
		if p, _ := e.svc.SetPrefs(ctx, e.buyer, nil, "Asia/Tokyo", true); p.TimeZone != "Europe/London" {
			t.Fatalf("browser zone replaced a known one: %+v", p)
		}
	})
}

// The monthly report: its month and its busiest hours are the buyer's
// time zone's, its reasons come from the call data field named reason;
// the email links to it, once per order per month.
func TestMonthlyReport(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEnv(t, db, "America/New_York", time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC))
		ny, _ := time.LoadLocation("America/New_York")
		e.now = time.Date(2026, 12, 1, 7, 0, 0, 0, ny)
		if _, err := db.SetOrderCallFields(ctx, e.order.ID, []store.CallField{{Name: "reason", Type: "text", LabelEn: "Reason", LabelNl: "Reden"}}, nil); err != nil {
			t.Fatal(err)
		}
		utc := func(d, h, m int) time.Time { return time.Date(2026, 11, d, h, m, 0, 0, time.UTC) }
		// 1 Nov 03:30 UTC is 31 October 23:30 in New York: October's.
		e.call("oct", utc(1, 3, 30), 60, answered, map[string]any{"reason": "Booking"})
		// 2 Nov 03:30 UTC is Sunday 1 November 22:30 (EST).
		e.call("a", utc(2, 3, 30), 60, answered, map[string]any{"reason": "Booking"})
		e.call("b", utc(2, 14, 5), 60, answered, map[string]any{"reason": " booking "})   // Monday 09:05
		e.call("c", utc(9, 14, 50), 0, missed, map[string]any{"reason": "Opening hours"}) // Monday 09:50
		e.call("d", utc(30, 20, 0), 5, failed, nil)                                       // Monday 15:00
		r, err := e.svc.BuyerReport(ctx, e.buyer, e.order.ID, "2026-11", "nl")
		if err != nil {
			t.Fatal(err)
		}
		if r.Calls != 4 || r.Answered != 2 || r.AnsweredRate != 0.5 || r.GoalReached != 2 || r.GoalReachedRate != 0.5 || r.TimeZone != "America/New_York" || !r.Complete {
			t.Errorf("report %+v", r)
		}
		if r.Hours[6][22] != 1 || r.Hours[0][9] != 2 || r.Hours[0][15] != 1 {
			t.Errorf("hours: Sunday 22h %d, Monday 9h %d, Monday 15h %d; want 1, 2, 1", r.Hours[6][22], r.Hours[0][9], r.Hours[0][15])
		}
		if len(r.Reasons) != 2 || r.Reasons[0] != (reports.ReasonCount{Reason: "Booking", Count: 2}) || r.Reasons[1].Count != 1 || r.ReasonLabel != "Reden" {
			t.Errorf("reasons %+v (label %q)", r.Reasons, r.ReasonLabel)
		}
		for _, bad := range []string{"2026-13", "2027-01", "nov", "2026-1"} {
			if _, err := e.svc.BuyerReport(ctx, e.buyer, e.order.ID, bad, "en"); err == nil {
				t.Errorf("month %q accepted", bad)
			}
		}
		if _, err := e.svc.BuyerReport(ctx, "someone-else", e.order.ID, "2026-11", "en"); err == nil {
			t.Error("another buyer read the report")
		}

		// 1 December 07:00 in New York: not due; 08:00: due, once.
		if r := e.send(reports.Month, false); r.Queued != 0 || r.NotDue != 1 {
			t.Fatalf("%+v", r)
		}
		e.now = time.Date(2026, 12, 1, 8, 0, 0, 0, ny)
		if r := e.send(reports.Month, false); r.Queued != 1 {
			t.Fatalf("%+v", r)
		}
		e.run()
		e.run()
		msgs := subject(e.mail, "Maandrapport")
		if len(msgs) != 1 || !strings.Contains(msgs[0].Subject, "november 2026") ||
			!strings.Contains(msgs[0].Text, "https://belwise.test/nl/dashboard/agents/"+e.order.ID+"/reports/2026-11") {
			t.Fatalf("emails %+v", msgs)
		}
	})
}

// Staff hear of an agent whose calls start failing: three failures in a
// row, or more than 20 % of at least 5 calls in the last hour; at most once
// an hour per agent.
func TestFailingAgentAlert(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEnv(t, db, "", time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
		if _, err := db.CreateUser(ctx, store.NewUser{Email: "ops@belwise.test", PasswordHash: "h", Role: store.RoleStaff, Locale: "en"}, time.Now()); err != nil {
			t.Fatal(err)
		}
		e.now = time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
		at := func(min int) time.Time { return e.now.Add(time.Duration(min) * time.Minute) }
		alerts := func() int { return len(subject(e.mail, "Agent failing")) }
		e.call("1", at(-50), 60, answered, nil)
		e.call("2", at(-40), 5, failed, nil)
		e.call("3", at(-30), 5, failed, nil)
		e.run()
		if n := alerts(); n != 0 {
			t.Fatalf("two failures of three: %d alerts", n)
		}
		e.call("4", at(-20), 5, failed, nil) // three in a row
		e.run()
		if n := alerts(); n != 1 {
			t.Fatalf("three failures in a row: %d alerts, want 1", n)
		}
		if m := subject(e.mail, "Agent failing")[0]; m.To != "ops@belwise.test" || !strings.Contains(m.Text, "/console/orders/"+e.order.ID) {
			t.Errorf("alert %+v", m)
		}
		e.now = e.now.Add(30 * time.Minute)
		e.call("5", at(-1), 5, failed, nil)
		e.run()
		if n := alerts(); n != 1 {
			t.Fatalf("within the hour: %d alerts, want still 1", n)
		}
		e.now = e.now.Add(31 * time.Minute)
		e.call("6", at(-1), 5, failed, nil)
		e.run()
		if n := alerts(); n != 2 {
			t.Fatalf("an hour later: %d alerts, want 2", n)
		}
	})
}

// The share rule: more than 20 % failed of at least 5 calls in the last
// hour, without three in a row.
func TestFailingShare(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEnv(t, db, "", time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
		e.now = time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
		at := func(min int) time.Time { return e.now.Add(time.Duration(min) * time.Minute) }
		for i, r := range []string{answered, failed, answered, answered, answered} {
			e.call("s"+string(rune('a'+i)), at(-50+i*5), 30, r, nil)
		}
		if bad, _, err := e.svc.Failing(ctx, e.order.ID, e.now); err != nil || bad {
			t.Fatalf("1 of 5 (20 %%) is failing: %v %v", bad, err)
		}
		e.call("sf", at(-10), 5, failed, nil)
		if bad, _, err := e.svc.Failing(ctx, e.order.ID, e.now); err != nil || !bad {
			t.Fatalf("2 of 6 is not failing: %v %v", bad, err)
		}
		// Four calls only, two failed: too few for the share rule.
		e2 := newEnv(t, storetest.SQLite(t), "", time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
		e2.now = e.now
		for i, r := range []string{failed, answered, failed, answered} {
			e2.call("t"+string(rune('a'+i)), at(-40+i*5), 30, r, nil)
		}
		if bad, _, _ := e2.svc.Failing(ctx, e2.order.ID, e2.now); bad {
			t.Fatal("2 of 4 calls counted as failing")
		}
	})
}
