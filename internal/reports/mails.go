package reports

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// RegisterMail teaches the mailer this package's emails.
func (s *Service) RegisterMail(m *mail.Mailer) {
	m.Register(KindWeekly, mail.RenderJSON(s.renderWeekly))
	m.Register(KindMonthly, mail.RenderJSON(s.renderMonthly))
	m.Register(KindFailing, mail.RenderJSON(s.renderFailing))
}

type words struct {
	WeeklySubject, WeeklyPreheader, WeeklyHeading, WeeklyIntro  string
	Calls, Outcomes, Minutes, Cost, FollowUps, Change           string
	Dashboard, Off, OffNote                                     string
	MonthlySubject, MonthlyHeading, MonthlyIntro, MonthlyButton string
	AnsweredRate, GoalRate                                      string
	FailingSubject, FailingHeading, FailingBody, FailingButton  string
	Months                                                      [12]string
}

var texts = map[string]words{
	"en": {
		WeeklySubject:   "Your agents’ week: {week}",
		WeeklyPreheader: "Calls, follow-ups and minutes of the week {week}.",
		WeeklyHeading:   "Your weekly digest",
		WeeklyIntro:     "Here is how your agents did in the week of {week}, compared with the week before.",
		Calls:           "Calls",
		Outcomes:        "Answered / missed / failed",
		Minutes:         "Minutes",
		Cost:            "Cost (excl. VAT)",
		FollowUps:       "Calls needing follow-up",
		Change:          "vs. the week before",
		Dashboard:       "Open your dashboard",
		Off:             "Stop the weekly digest",
		OffNote:         "You get this digest every Monday. You can turn it off on your profile page or with one click:",
		MonthlySubject:  "Monthly report for {agent}: {month}",
		MonthlyHeading:  "Your monthly report is ready",
		MonthlyIntro:    "The report of {agent} for {month} is on your dashboard: calls, answered rate, goal reached, the busiest hours and the top call reasons. You can print it or save it as a PDF.",
		MonthlyButton:   "View the report",
		AnsweredRate:    "Answered",
		GoalRate:        "Goal reached",
		FailingSubject:  "Agent failing: {agent} ({buyer})",
		FailingHeading:  "An agent’s calls are failing",
		FailingBody:     "{agent} of {buyer} (order #{number}): {why}. Check the assistant in Vapi and the agent’s recent calls.",
		FailingButton:   "Open the order",
		Months:          [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	},
	"nl": {
		WeeklySubject:   "De week van uw agenten: {week}",
		WeeklyPreheader: "Gesprekken, op te volgen gesprekken en minuten van de week {week}.",
		WeeklyHeading:   "Uw weekoverzicht",
		WeeklyIntro:     "Zo deden uw agenten het in de week van {week}, vergeleken met de week ervoor.",
		Calls:           "Gesprekken",
		Outcomes:        "Beantwoord / gemist / mislukt",
		Minutes:         "Minuten",
		Cost:            "Kosten (excl. btw)",
		FollowUps:       "Op te volgen gesprekken",
		Change:          "t.o.v. de week ervoor",
		Dashboard:       "Naar uw dashboard",
		Off:             "Weekoverzicht stopzetten",
		OffNote:         "U ontvangt dit overzicht elke maandag. U zet het uit op uw profielpagina of met één klik:",
		MonthlySubject:  "Maandrapport van {agent}: {month}",
		MonthlyHeading:  "Uw maandrapport staat klaar",
		MonthlyIntro:    "Het rapport van {agent} over {month} staat op uw dashboard: gesprekken, percentage beantwoord, doel bereikt, de drukste uren en de belangrijkste redenen van bellen. U kunt het afdrukken of als pdf bewaren.",
		MonthlyButton:   "Rapport bekijken",
		AnsweredRate:    "Beantwoord",
		GoalRate:        "Doel bereikt",
		FailingSubject:  "Agent faalt: {agent} ({buyer})",
		FailingHeading:  "De gesprekken van een agent mislukken",
		FailingBody:     "{agent} van {buyer} (bestelling #{number}): {why}. Controleer de assistent in Vapi en de recente gesprekken van de agent.",
		FailingButton:   "Bestelling openen",
		Months:          [12]string{"januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"},
	},
}

func fill(s string, kv ...string) string { return strings.NewReplacer(kv...).Replace(s) }

func langPrefix(lang string) string {
	if lang == "nl" {
		return "/nl"
	}
	return ""
}

// weekLabel: "23–29 November 2026" / "23–29 november 2026".
func weekLabel(start time.Time, lang string) string {
	w := texts[lang]
	end := start.AddDate(0, 0, 6)
	if start.Month() == end.Month() {
		return fmt.Sprintf("%d–%d %s %d", start.Day(), end.Day(), w.Months[end.Month()-1], end.Year())
	}
	return fmt.Sprintf("%d %s – %d %s %d", start.Day(), w.Months[start.Month()-1], end.Day(), w.Months[end.Month()-1], end.Year())
}

func monthLabel(month time.Time, lang string) string {
	return texts[lang].Months[month.Month()-1] + " " + strconv.Itoa(month.Year())
}

// change writes n against the week before: "12 (+3 vs. the week before)".
func change(n, prev int64, w words) string {
	d := n - prev
	sign := "+"
	if d < 0 {
		sign = "−"
		d = -d
	}
	if d == 0 {
		sign = "±"
	}
	return fmt.Sprintf("%d (%s%d %s)", n, sign, d, w.Change)
}

func minutes(seconds int64) int64 { return (seconds + 30) / 60 }

func (s *Service) renderWeekly(ctx context.Context, m store.OutboxMessage, p weeklyPayload) (mail.Message, error) {
	u, err := s.db.UserByID(ctx, p.UserID)
	if errors.Is(err, store.ErrNotFound) {
		return mail.Message{}, fmt.Errorf("%w: user %q does not exist", mail.ErrPermanent, p.UserID)
	}
	if err != nil {
		return mail.Message{}, err
	}
	prefs, err := s.db.DigestPrefs(ctx, u.ID)
	if err != nil {
		return mail.Message{}, err
	}
	if !prefs.Weekly {
		return mail.Message{}, fmt.Errorf("%w: the buyer turned the weekly digest off", mail.ErrNotSent)
	}
	loc := location(p.TZ)
	start, err := time.ParseInLocation(time.DateOnly, p.Start, loc)
	if err != nil {
		return mail.Message{}, fmt.Errorf("%w: week start %q", mail.ErrPermanent, p.Start)
	}
	lang := text.Lang(u.Locale)
	w := texts[lang]
	agents, err := s.Digest(ctx, u.ID, lang, start)
	if err != nil {
		return mail.Message{}, err
	}
	label := weekLabel(start, lang)
	e := mail.Email{Lang: lang, Subject: fill(w.WeeklySubject, "{week}", label), Preheader: fill(w.WeeklyPreheader, "{week}", label),
		Heading: w.WeeklyHeading, Greeting: mail.Greeting(lang, u.FullName), Paragraphs: []string{fill(w.WeeklyIntro, "{week}", label)}}
	for _, a := range agents {
		e.Details = append(e.Details,
			mail.Detail{Label: a.Name + " · " + w.Calls, Value: change(int64(a.Week.Calls), int64(a.Previous.Calls), w)},
			mail.Detail{Label: w.Outcomes, Value: fmt.Sprintf("%d / %d / %d", a.Week.Answered, a.Week.Missed, a.Week.Failed)},
			mail.Detail{Label: w.Minutes, Value: change(minutes(a.Week.Seconds), minutes(a.Previous.Seconds), w)},
			mail.Detail{Label: w.Cost, Value: orders.FormatMoney(a.Week.CostCents, a.Currency, lang)},
			mail.Detail{Label: w.FollowUps, Value: strconv.Itoa(a.FollowUps)},
		)
	}
	off, err := s.OffURL(ctx, u.ID)
	if err != nil {
		return mail.Message{}, err
	}
	e.Actions = []mail.Action{{Label: w.Dashboard, URL: s.siteURL + langPrefix(lang) + "/dashboard", Primary: true}}
	e.Notes = []string{w.OffNote + " " + off}
	msg := e.Render()
	msg.To = u.Email
	msg.ListUnsubscribe = off
	return msg, nil
}

func (s *Service) renderMonthly(ctx context.Context, _ store.OutboxMessage, p monthlyPayload) (mail.Message, error) {
	o, err := s.db.OrderByID(ctx, p.OrderID)
	if errors.Is(err, store.ErrNotFound) {
		return mail.Message{}, fmt.Errorf("%w: order %q does not exist", mail.ErrPermanent, p.OrderID)
	}
	if err != nil {
		return mail.Message{}, err
	}
	lang := text.Lang(o.BuyerLocale)
	w := texts[lang]
	r, err := s.report(ctx, o, p.Month, lang)
	if err != nil {
		return mail.Message{}, fmt.Errorf("%w: %v", mail.ErrPermanent, err)
	}
	mt, _ := time.Parse("2006-01", p.Month)
	month := monthLabel(mt, lang)
	e := mail.Email{Lang: lang, Subject: fill(w.MonthlySubject, "{agent}", r.AgentName, "{month}", month),
		Preheader: fill(w.MonthlyIntro, "{agent}", r.AgentName, "{month}", month), Heading: w.MonthlyHeading,
		Greeting:   mail.Greeting(lang, o.Buyer.FullName),
		Paragraphs: []string{fill(w.MonthlyIntro, "{agent}", r.AgentName, "{month}", month)},
		Details: []mail.Detail{
			{Label: w.Calls, Value: strconv.Itoa(r.Calls)},
			{Label: w.AnsweredRate, Value: percent(r.AnsweredRate)},
			{Label: w.GoalRate, Value: percent(r.GoalReachedRate)},
		},
		Actions: []mail.Action{{Label: w.MonthlyButton, URL: s.siteURL + ReportPath(lang, o.ID, p.Month), Primary: true}},
	}
	msg := e.Render()
	msg.To = o.Buyer.Email
	return msg, nil
}

func percent(f float64) string {
	return strconv.FormatFloat(f*100, 'f', 0, 64) + "%"
}
