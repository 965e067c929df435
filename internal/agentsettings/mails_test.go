package agentsettings

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/mail/mailtest"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

const testSite = "https://belwise.test"

type mailEnv struct {
	t     *testing.T
	db    *store.DB
	svc   *Service
	w     *jobs.Worker
	sent  *mailtest.Sink
	staff string
	agent store.Agent
}

func newMailEnv(t *testing.T, db *store.DB) *mailEnv {
	t.Helper()
	ctx := t.Context()
	now := time.Now()
	e := &mailEnv{t: t, db: db, sent: &mailtest.Sink{}}
	a, err := db.CreateAgent(ctx, store.Agent{NameEn: "Appointment Setter", NameNl: "Afsprakenplanner", TitleEn: "Books", DescriptionEn: "d",
		DeliveryDays: 7, PriceCents: 100, Currency: "EUR"}, "", now)
	if err != nil {
		t.Fatal(err)
	}
	e.agent = a
	staff, err := db.CreateUser(ctx, store.NewUser{Email: "sam@belwise.test", PasswordHash: "h", FullName: "Sam Staff", Role: store.RoleStaff}, now)
	if err != nil {
		t.Fatal(err)
	}
	e.staff = staff.ID
	e.svc = New(Options{DB: db, SiteURL: testSite + "/"})
	var mailer *mail.Mailer
	e.w, mailer = mail.NewWorker(db, e.sent, nil, jobs.Options{})
	e.svc.RegisterMail(mailer)
	e.svc.RegisterJobs(e.w)
	return e
}

// buyer makes an account in locale with a completed order.
func (e *mailEnv) buyer(email, name, locale string) (buyerID string, o store.Order) {
	e.t.Helper()
	ctx := e.t.Context()
	u, err := e.db.CreateUser(ctx, store.NewUser{Email: email, PasswordHash: "h", FullName: name, Locale: locale}, time.Now())
	if err != nil {
		e.t.Fatal(err)
	}
	id := uuid.NewString()
	if err := e.db.CreateOrders(ctx, []store.NewOrder{{ID: id, BuyerID: u.ID, AgentID: e.agent.ID, Status: "completed", AmountCents: 1,
		CreatedAt: time.Now()}}); err != nil {
		e.t.Fatal(err)
	}
	o, err = e.db.OrderByID(ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return u.ID, o
}

// request is the buyer's save of the defaults with another after-hours
// message, from the live version.
func (e *mailEnv) request(buyerID string, o store.Order, version int, afterHours string) SettingsChange {
	e.t.Helper()
	in := Defaults("")
	in.AfterHours.En = afterHours
	c, err := e.svc.Request(e.t.Context(), buyerID, o.ID, in, version)
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

// queued is every decision email queued so far (sent or not).
func (e *mailEnv) queued() []store.OutboxMessage {
	e.t.Helper()
	js, _, err := e.db.ListJobs(e.t.Context(), "", store.Page{Limit: store.MaxPageLimit})
	if err != nil {
		e.t.Fatal(err)
	}
	var out []store.OutboxMessage
	for _, j := range js {
		if j.Kind != store.JobMail {
			continue
		}
		m, err := store.MailOf(j)
		if err != nil {
			e.t.Fatal(err)
		}
		if m.Kind == KindDecision {
			out = append(out, m)
		}
	}
	return out
}

// send runs the queue and returns what it sent.
func (e *mailEnv) send() []mail.Message {
	e.t.Helper()
	if _, err := e.w.RunOnce(context.Background()); err != nil {
		e.t.Fatal(err)
	}
	return e.sent.Take()
}

func expectCode(t *testing.T, err error, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("error %v, want %v", err, target)
	}
}

// TestDecisionEmails: staff's approval queues one email to the buyer in
// their language (Dutch here) with the settings page's link; a rejection
// queues one with staff's note; a decision refused (decided already, or
// stale) queues nothing, nor do a direct staff edit and a rollback.
func TestDecisionEmails(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMailEnv(t, db)
		ctx := t.Context()
		anna, annaOrder := e.buyer("anna@example.com", "Anna de Vries", "nl")
		ben, benOrder := e.buyer("ben@example.com", "Ben Baker", "en")

		// Approved: one email, to Anna, in Dutch, about this change.
		c := e.request(anna, annaOrder, 0, "We are closed. Call again tomorrow.")
		if got := e.queued(); len(got) != 0 {
			t.Fatalf("a request queues no email: %+v", got)
		}
		if _, _, err := e.svc.Approve(ctx, e.staff, c.ID); err != nil {
			t.Fatal(err)
		}
		q := e.queued()
		if len(q) != 1 || q[0].Recipient != "anna@example.com" || q[0].Locale != "nl" {
			t.Fatalf("approve: %+v", q)
		}
		var p decisionPayload
		if err := json.Unmarshal(q[0].Payload, &p); err != nil || p.ChangeID != c.ID {
			t.Fatalf("payload %s: %v", q[0].Payload, err)
		}
		sent := e.send()
		link := testSite + "/nl/dashboard/agents/" + annaOrder.ID + "/settings"
		if len(sent) != 1 || sent[0].To != "anna@example.com" || sent[0].Subject != "Uw gewijzigde instellingen zijn goedgekeurd: Afsprakenplanner" {
			t.Fatalf("approval email: %+v", sent)
		}
		for _, want := range []string{"Beste Anna,", "bestelling #" + annaOrder.ID[:8], "versie 1", "De nieuwe instellingen zijn live", link} {
			if !strings.Contains(sent[0].Text, want) {
				t.Errorf("approval text lacks %q:\n%s", want, sent[0].Text)
			}
		}
		if !strings.Contains(sent[0].HTML, `href="`+link+`"`) {
			t.Errorf("approval HTML lacks the link:\n%s", sent[0].HTML)
		}

		// Approving or rejecting it again is refused and queues nothing.
		_, _, err := e.svc.Approve(ctx, e.staff, c.ID)
		expectCode(t, err, errDecided)
		_, err = e.svc.Reject(ctx, e.staff, c.ID, "Too late.")
		expectCode(t, err, errDecided)
		_, err = e.svc.Reject(ctx, e.staff, uuid.NewString(), "No such change.")
		expectCode(t, err, errChangeNotFound)
		if got := e.queued(); len(got) != 1 {
			t.Fatalf("a refused decision queued an email: %+v", got)
		}

		// A change made stale by a direct staff edit: the edit sends
		// nothing, the approval is refused and sends nothing.
		stale := e.request(anna, annaOrder, 1, "Stale.")
		edited := Defaults("")
		edited.AfterHours.En = "Edited by staff."
		if _, err := e.svc.StaffSave(ctx, e.staff, annaOrder.ID, edited, 1); err != nil {
			t.Fatal(err)
		}
		_, _, err = e.svc.Approve(ctx, e.staff, stale.ID)
		expectCode(t, err, errStaleChange)
		if _, err := e.svc.Rollback(ctx, e.staff, annaOrder.ID, 1); err != nil {
			t.Fatal(err)
		}
		if got := e.queued(); len(got) != 1 {
			t.Fatalf("a staff edit, a stale approval or a rollback queued an email: %+v", got)
		}
		if got := e.send(); len(got) != 0 {
			t.Fatalf("sent: %+v", got)
		}

		// Rejected: one email, to Ben, in English, quoting the note.
		r := e.request(ben, benOrder, 0, "Closed.")
		note := "Please keep the Saturday answer <b>as it was</b>."
		if _, err := e.svc.Reject(ctx, e.staff, r.ID, "  "+note+"\n"); err != nil {
			t.Fatal(err)
		}
		q = e.queued()
		if len(q) != 2 || q[0].Recipient != "ben@example.com" || q[0].Locale != "en" {
			t.Fatalf("reject: %+v", q)
		}
		sent = e.send()
		link = testSite + "/dashboard/agents/" + benOrder.ID + "/settings"
		if len(sent) != 1 || sent[0].To != "ben@example.com" || sent[0].Subject != "Your settings change was not approved: Appointment Setter" {
			t.Fatalf("rejection email: %+v", sent)
		}
		for _, want := range []string{"Hi Ben,", "order #" + benOrder.ID[:8], "Our note:\n> " + note + "\n", "send them again", link} {
			if !strings.Contains(sent[0].Text, want) {
				t.Errorf("rejection text lacks %q:\n%s", want, sent[0].Text)
			}
		}
		if !strings.Contains(sent[0].HTML, "&lt;b&gt;as it was&lt;/b&gt;") || strings.Contains(sent[0].HTML, "<b>as it was") {
			t.Errorf("the note is not escaped in the HTML:\n%s", sent[0].HTML)
		}
		// The stale change can still be rejected, with its own email.
		if _, err := e.svc.Reject(ctx, e.staff, stale.ID, "The settings changed meanwhile."); err != nil {
			t.Fatal(err)
		}
		if got := e.queued(); len(got) != 3 || got[0].Recipient != "anna@example.com" {
			t.Fatalf("reject stale: %+v", got)
		}
	})
}

// TestDecisionEmailText: the approval and the rejection in English and in
// Dutch (with "u"), their subject, preheader, body, link and footer.
func TestDecisionEmailText(t *testing.T) {
	link := testSite + "/dashboard/agents/o1/settings"
	base := decision{Name: "Anna de Vries", Agent: "Appointment Setter", Number: "1a2b3c4d", Version: 4, Link: link}
	approved, sending, rejected := base, base, base
	approved.Status, approved.Live = store.ChangeApproved, true
	sending.Status = store.ChangeApproved
	rejected.Status, rejected.Note = store.ChangeRejected, "Please keep the Saturday answer."
	cases := []struct {
		name, lang string
		d          decision
		subject    string
		preheader  string
		text       []string
	}{
		{"approved live, en", "en", approved, "Your settings change is approved: Appointment Setter", "The new settings of Appointment Setter are live.",
			[]string{"Hi Anna,", "We’ve approved the change you asked for to the settings of Appointment Setter (order #1a2b3c4d). It is now version 4 of its settings.",
				"The new settings are live: your agent answers every call with them from now on.", "View your settings:\n" + link,
				"Warm regards,", "This is an automated message about your agent’s settings."}},
		{"approved sending, en", "en", sending, "Your settings change is approved: Appointment Setter", "The new settings of Appointment Setter are on their way to your agent.",
			[]string{"We’re delivering the new settings to your agent now, which usually takes less than a minute. Your settings page shows when they’re live."}},
		{"rejected, en", "en", rejected, "Your settings change was not approved: Appointment Setter", "Please keep the Saturday answer.",
			[]string{"Hi Anna,", "We haven’t approved the change you asked for to the settings of Appointment Setter (order #1a2b3c4d). Your agent keeps working with its current settings.",
				"Our note:\n> Please keep the Saturday answer.\n", "You can change the settings and send them again; we’ll look at them as soon as we can:\n" + link}},
		{"approved live, nl", "nl", approved, "Uw gewijzigde instellingen zijn goedgekeurd: Appointment Setter", "De nieuwe instellingen van Appointment Setter zijn live.",
			[]string{"Beste Anna,", "We hebben de wijziging goedgekeurd die u heeft aangevraagd voor de instellingen van Appointment Setter (bestelling #1a2b3c4d). Dit is nu versie 4 van de instellingen.",
				"De nieuwe instellingen zijn live: uw agent gebruikt ze vanaf nu in elk gesprek.", "Uw instellingen bekijken:\n" + link,
				"Hartelijke groet,", "Dit is een automatisch bericht over de instellingen van uw agent."}},
		{"approved sending, nl", "nl", sending, "Uw gewijzigde instellingen zijn goedgekeurd: Appointment Setter", "De nieuwe instellingen van Appointment Setter worden nu doorgezet naar uw agent.",
			[]string{"We zetten de nieuwe instellingen nu door naar uw agent; dat duurt meestal minder dan een minuut. Op uw instellingenpagina ziet u wanneer ze live zijn."}},
		{"rejected, nl", "nl", rejected, "Uw gewijzigde instellingen zijn niet goedgekeurd: Appointment Setter", "Please keep the Saturday answer.",
			[]string{"Beste Anna,", "We hebben de wijziging die u heeft aangevraagd voor de instellingen van Appointment Setter (bestelling #1a2b3c4d) niet goedgekeurd. Uw agent werkt voorlopig verder met de huidige instellingen.",
				"Onze toelichting:\n> Please keep the Saturday answer.\n", "U kunt de instellingen aanpassen en opnieuw insturen; we bekijken ze dan zo snel mogelijk:\n" + link}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, ok := decisionEmail(c.lang, c.d)
			if !ok {
				t.Fatal("no email")
			}
			if e.Subject != c.subject || e.Preheader != c.preheader || e.Lang != c.lang {
				t.Fatalf("subject %q, preheader %q, lang %q", e.Subject, e.Preheader, e.Lang)
			}
			m := e.Render()
			for _, want := range c.text {
				if !strings.Contains(m.Text, want) {
					t.Errorf("text lacks %q:\n%s", want, m.Text)
				}
			}
			if !strings.Contains(m.HTML, `lang="`+c.lang+`"`) || !strings.Contains(m.HTML, `href="`+link+`"`) {
				t.Errorf("HTML lacks its lang or the link:\n%s", m.HTML)
			}
			if c.lang == "nl" {
				for _, jij := range []string{" je ", " jij ", " jouw "} {
					if strings.Contains(" "+m.Text+" ", jij) {
						t.Errorf("Dutch text says %q:\n%s", jij, m.Text)
					}
				}
			}
		})
	}
	// A pending request has no email; an agent's name is kept to one line.
	if _, ok := decisionEmail("en", base); ok {
		t.Fatal("an email for an undecided request")
	}
	odd := approved
	odd.Agent = "Appointment\r\nBcc: x@example.com"
	if e, _ := decisionEmail("en", odd); e.Subject != "Your settings change is approved: Appointment Bcc: x@example.com" {
		t.Fatalf("subject %q", e.Subject)
	}
}
