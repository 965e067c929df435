package alerts

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/belwise/site/internal/calldata"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// words are an alert's words in one language. In each text {caller},
// {agent} and {when} stand for the call's values.
type words struct {
	Missed, Failed, Call                 string // the subject's and heading's opening without a flagging field
	Unknown, Web                         string // the caller without a number; a web call
	Intro                                string
	Summary, Outcome, Duration, FollowUp string
	Answered, MissedWord, FailedWord     string
	Button                               string
	Why                                  map[string]string // by mode: why this email came
	Settings, Stop                       string
	Footer                               string
	Months                               [12]string
	At                                   string
}

var texts = map[string]words{
	"en": {
		Missed: "Missed call", Failed: "Failed call", Call: "New call",
		Unknown: "unknown number", Web: "web call",
		Intro:   "{agent} had a call from {caller} on {when}.",
		Summary: "Summary", Outcome: "Outcome", Duration: "Duration", FollowUp: "Needs follow-up",
		Answered: "Answered", MissedWord: "Missed", FailedWord: "Failed",
		Button: "View the call",
		Why: map[string]string{
			store.AlertAll:      "You get an email about every call of {agent}.",
			store.AlertFollowUp: "You get an email about the calls of {agent} that need follow-up.",
		},
		Settings: "Choose which calls you hear about on your profile page:",
		Stop:     "Or stop these emails for {agent} with one click:",
		Footer:   "Belwise · Custom AI voice agents for your business. This is an automated message about your agent's calls.",
		Months:   [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
		At:       "at",
	},
	"nl": {
		Missed: "Gemiste oproep", Failed: "Mislukt gesprek", Call: "Nieuw gesprek",
		Unknown: "onbekend nummer", Web: "webgesprek",
		Intro:   "{agent} had op {when} een gesprek met {caller}.",
		Summary: "Samenvatting", Outcome: "Resultaat", Duration: "Duur", FollowUp: "Opvolging nodig",
		Answered: "Beantwoord", MissedWord: "Gemist", FailedWord: "Mislukt",
		Button: "Gesprek bekijken",
		Why: map[string]string{
			store.AlertAll:      "U krijgt een e-mail over elk gesprek van {agent}.",
			store.AlertFollowUp: "U krijgt een e-mail over de gesprekken van {agent} die opvolging nodig hebben.",
		},
		Settings: "Kies op uw profielpagina over welke gesprekken u bericht krijgt:",
		Stop:     "Of stop deze e-mails voor {agent} met één klik:",
		Footer:   "Belwise · Spraakagenten op maat voor uw bedrijf. Dit is een automatisch bericht over de gesprekken van uw agent.",
		Months:   [12]string{"januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"},
		At:       "om",
	},
}

// alertZone is the time zone an alert writes the call's time in.
var alertZone = func() *time.Location {
	loc, err := time.LoadLocation(calls.DefaultTimeZone)
	if err != nil {
		return time.UTC
	}
	return loc
}()

func (w words) when(t time.Time) string {
	t = t.In(alertZone)
	return fmt.Sprintf("%d %s %d %s %s", t.Day(), w.Months[t.Month()-1], t.Year(), w.At, t.Format("15:04"))
}

func fill(s string, vars map[string]string) string {
	for k, v := range vars {
		s = strings.ReplaceAll(s, "{"+k+"}", v)
	}
	return s
}

// render writes the alert of one call to its buyer, in the buyer's
// language, or does not send it (mail.ErrNotSent): the call is gone or has
// no order, its buyer chose none, or chose follow-up only and it needs none.
func (s *Service) render(ctx context.Context, _ store.OutboxMessage, p alertPayload) (mail.Message, error) {
	c, err := s.db.CallByVapiID(ctx, p.Call)
	if errors.Is(err, store.ErrNotFound) {
		return mail.Message{}, fmt.Errorf("%w: call %q does not exist", mail.ErrNotSent, p.Call)
	}
	if err != nil {
		return mail.Message{}, err
	}
	if c.Deleted || c.OrderID == "" {
		return mail.Message{}, fmt.Errorf("%w: call %d is deleted or of no order", mail.ErrNotSent, c.ID)
	}
	o, err := s.db.OrderByID(ctx, c.OrderID)
	if err != nil {
		return mail.Message{}, err
	}
	a, err := s.db.OrderAlertSetting(ctx, o.ID)
	if err != nil {
		return mail.Message{}, err
	}
	fields, err := s.db.OrderCallFields(ctx, o.ID)
	if err != nil {
		return mail.Message{}, err
	}
	mode := a.Effective()
	follow := calls.NeedsFollowUp(c.Outcome, fields, c.Data)
	switch {
	case mode == store.AlertNone:
		return mail.Message{}, fmt.Errorf("%w: alerts of order %s are off", mail.ErrNotSent, o.ID)
	case mode == store.AlertFollowUp && !follow:
		return mail.Message{}, fmt.Errorf("%w: call %d needs no follow-up", mail.ErrNotSent, c.ID)
	}
	m := s.message(o, c, fields, mode)
	m.To = o.Buyer.Email
	return m, nil
}

// message lays out the alert of call c of order o.
func (s *Service) message(o store.Order, c store.Call, fields []store.CallField, mode string) mail.Message {
	lang := text.Lang(o.BuyerLocale)
	w := texts[lang]
	agent, _, _ := orders.AgentText(o.Agent, lang)
	caller := calls.FormatNumber(c.CustomerNumber, lang).Display
	switch {
	case caller != "":
	case c.Type == store.CallWeb:
		caller = w.Web
	default:
		caller = w.Unknown
	}
	head := w.Call
	flagged := calls.FlaggedBy(fields, c.Data)
	switch {
	case c.Outcome == store.OutcomeMissed:
		head = w.Missed
	case c.Outcome == store.OutcomeFailed:
		head = w.Failed
	case flagged != nil:
		head = calldata.Label(*flagged, lang)
	}
	vars := map[string]string{"agent": agent, "caller": caller, "when": w.when(c.StartedAt)}
	e := mail.Email{
		Lang:       lang,
		Subject:    mail.CleanLine(head + ": " + caller + " — " + agent),
		Preheader:  mail.CleanLine(firstLine(c.Summary)),
		Heading:    head,
		Paragraphs: []string{fill(w.Intro, vars)},
		Footer:     w.Footer,
	}
	outcome := map[string]string{store.OutcomeAnswered: w.Answered, store.OutcomeMissed: w.MissedWord, store.OutcomeFailed: w.FailedWord}[c.Outcome]
	if outcome != "" {
		e.Details = append(e.Details, mail.Detail{Label: w.Outcome, Value: outcome})
	}
	if c.DurationSeconds > 0 {
		e.Details = append(e.Details, mail.Detail{Label: w.Duration, Value: duration(c.DurationSeconds)})
	}
	values := calldata.Values(fields, c.Data)
	for _, f := range fields {
		if v, ok := values[f.Name]; ok {
			e.Details = append(e.Details, mail.Detail{Label: calldata.Label(f, lang), Value: mail.CleanLine(calldata.Text(f, v, lang))})
		}
	}
	if sum := strings.TrimSpace(c.Summary); sum != "" {
		e.Details = append(e.Details, mail.Detail{Label: w.Summary, Value: sum, Block: true})
	}
	prefix := ""
	if lang == "nl" {
		prefix = "/nl"
	}
	e.Actions = []mail.Action{{Label: w.Button, URL: s.siteURL + prefix + "/dashboard/agents/" + o.ID + "/calls/" + strconv.FormatInt(c.ID, 10), Primary: true}}
	unsub := s.UnsubscribeURL(o.ID, o.BuyerID)
	if why := w.Why[mode]; why != "" {
		e.Notes = append(e.Notes, fill(why, vars))
	}
	e.Notes = append(e.Notes, w.Settings+" "+s.siteURL+prefix+"/dashboard/profile", fill(w.Stop, vars)+" "+unsub)
	m := e.Render()
	m.ListUnsubscribe = unsub
	return m
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if r := []rune(s); len(r) > 140 {
		s = string(r[:140]) + "…"
	}
	return s
}

// duration writes seconds as m:ss.
func duration(secs int) string {
	return fmt.Sprintf("%d:%02d", secs/60, secs%60)
}
