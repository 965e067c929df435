package agentsettings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// KindDecision is the outbox kind of the email that tells a buyer staff
// approved or rejected their change request.
const KindDecision = "agentsettings.decision"

// decisionPayload is all the email's job carries: the change request is
// loaded when the email is rendered. A decided request never changes
// again, so the email says what was decided; the buyer's name, language
// and address are those of that moment, as in the order emails.
type decisionPayload struct {
	ChangeID string `json:"changeId"`
}

// decisionMail is the email to order o's buyer about the decision on
// change request changeID, queued in the decision's transaction.
func decisionMail(o store.Order, changeID string) store.NewMail {
	payload, _ := json.Marshal(decisionPayload{ChangeID: changeID})
	return store.NewMail{Kind: KindDecision, Recipient: o.Buyer.Email, Locale: o.BuyerLocale, Payload: payload}
}

// RegisterMail teaches the mailer the settings emails.
func (s *Service) RegisterMail(m *mail.Mailer) {
	m.Register(KindDecision, mail.RenderJSON(s.renderDecision))
}

// decisionText is one outcome's words; {agent}, {number} and {version}
// stand for the order's values.
type decisionText struct {
	Subject, Preheader, Heading string
	Body                        string
}

// mailWords are the settings emails' words in one language.
type mailWords struct {
	Approved, Rejected  decisionText
	Live, Sending       string // approved: the new settings are live, or on their way to the agent
	LivePre, SendingPre string // the preheader for each
	Note                string // rejected: the label of staff's note
	ViewButton          string
	AgainIntro, Again   string // rejected: change and send again
	Footer              string
}

var mailTexts = map[string]mailWords{
	"en": {
		Approved: decisionText{
			Subject: "Your settings change is approved: {agent}",
			Heading: "Your change is approved",
			Body:    "We’ve approved the change you asked for to the settings of {agent} (order #{number}). It is now version {version} of its settings.",
		},
		Rejected: decisionText{
			Subject: "Your settings change was not approved: {agent}",
			Heading: "Your change was not approved",
			Body:    "We haven’t approved the change you asked for to the settings of {agent} (order #{number}). Your agent keeps working with its current settings.",
		},
		Live:       "The new settings are live: your agent answers every call with them from now on.",
		Sending:    "We’re delivering the new settings to your agent now, which usually takes less than a minute. Your settings page shows when they’re live.",
		LivePre:    "The new settings of {agent} are live.",
		SendingPre: "The new settings of {agent} are on their way to your agent.",
		Note:       "Our note",
		ViewButton: "View your settings",
		AgainIntro: "You can change the settings and send them again; we’ll look at them as soon as we can:",
		Again:      "Change your settings",
		Footer:     "Belwise · Custom AI voice agents for your business. This is an automated message about your agent’s settings.",
	},
	"nl": {
		Approved: decisionText{
			Subject: "Uw gewijzigde instellingen zijn goedgekeurd: {agent}",
			Heading: "Uw wijziging is goedgekeurd",
			Body:    "We hebben de wijziging goedgekeurd die u heeft aangevraagd voor de instellingen van {agent} (bestelling #{number}). Dit is nu versie {version} van de instellingen.",
		},
		Rejected: decisionText{
			Subject: "Uw gewijzigde instellingen zijn niet goedgekeurd: {agent}",
			Heading: "Uw wijziging is niet goedgekeurd",
			Body:    "We hebben de wijziging die u heeft aangevraagd voor de instellingen van {agent} (bestelling #{number}) niet goedgekeurd. Uw agent werkt voorlopig verder met de huidige instellingen.",
		},
		Live:       "De nieuwe instellingen zijn live: uw agent gebruikt ze vanaf nu in elk gesprek.",
		Sending:    "We zetten de nieuwe instellingen nu door naar uw agent; dat duurt meestal minder dan een minuut. Op uw instellingenpagina ziet u wanneer ze live zijn.",
		LivePre:    "De nieuwe instellingen van {agent} zijn live.",
		SendingPre: "De nieuwe instellingen van {agent} worden nu doorgezet naar uw agent.",
		Note:       "Onze toelichting",
		ViewButton: "Uw instellingen bekijken",
		AgainIntro: "U kunt de instellingen aanpassen en opnieuw insturen; we bekijken ze dan zo snel mogelijk:",
		Again:      "Instellingen aanpassen",
		Footer:     "Belwise · Spraakagenten op maat voor uw bedrijf. Dit is een automatisch bericht over de instellingen van uw agent.",
	},
}

// decision fills decisionEmail.
type decision struct {
	Name          string // the buyer's; may be empty
	Agent, Number string
	Status        string // store.ChangeApproved or store.ChangeRejected
	Version       int    // approved: the version it became
	Live          bool   // approved: that version (or a later one) is delivered
	Note          string // rejected: staff's note
	Link          string // the settings page
}

// decisionEmail tells a buyer staff approved or rejected their change
// request; ok is false for a request not decided.
func decisionEmail(lang string, d decision) (e mail.Email, ok bool) {
	lang = text.Lang(lang)
	w := mailTexts[lang]
	agent := mail.CleanLine(d.Agent)
	fill := strings.NewReplacer("{agent}", agent, "{number}", d.Number, "{version}", strconv.Itoa(d.Version)).Replace
	e = mail.Email{Lang: lang, Greeting: mail.Greeting(lang, d.Name), Footer: w.Footer}
	switch d.Status {
	case store.ChangeApproved:
		t := w.Approved
		e.Subject, e.Heading = fill(t.Subject), t.Heading
		e.Paragraphs = []string{fill(t.Body)}
		if d.Live {
			e.Preheader = fill(w.LivePre)
			e.Paragraphs = append(e.Paragraphs, w.Live)
		} else {
			e.Preheader = fill(w.SendingPre)
			e.Paragraphs = append(e.Paragraphs, w.Sending)
		}
		e.Actions = []mail.Action{{Label: w.ViewButton, URL: d.Link, Primary: true}}
	case store.ChangeRejected:
		t := w.Rejected
		e.Subject, e.Heading = fill(t.Subject), t.Heading
		e.Preheader = preview(d.Note)
		e.Paragraphs = []string{fill(t.Body)}
		e.Details = []mail.Detail{{Label: w.Note, Value: d.Note, Block: true}}
		e.Actions = []mail.Action{{Intro: w.AgainIntro, Label: w.Again, URL: d.Link, Primary: true}}
	default:
		return mail.Email{}, false
	}
	return e, true
}

// preview is the start of staff's note, for the inbox's preview line.
func preview(note string) string {
	note = mail.CleanLine(note)
	if r := []rune(note); len(r) > 140 {
		note = strings.TrimSpace(string(r[:140])) + "…"
	}
	return note
}

// renderDecision writes to the buyer, in the buyer's language, about the
// decision on their change request.
func (s *Service) renderDecision(ctx context.Context, _ store.OutboxMessage, p decisionPayload) (mail.Message, error) {
	c, err := s.db.SettingsChangeByID(ctx, p.ChangeID)
	if errors.Is(err, store.ErrNotFound) {
		return mail.Message{}, fmt.Errorf("%w: change request %q does not exist", mail.ErrPermanent, p.ChangeID)
	}
	if err != nil {
		return mail.Message{}, err
	}
	o, err := s.db.OrderByID(ctx, c.OrderID)
	if errors.Is(err, store.ErrNotFound) {
		return mail.Message{}, fmt.Errorf("%w: order %q does not exist", mail.ErrPermanent, c.OrderID)
	}
	if err != nil {
		return mail.Message{}, err
	}
	live := false
	if c.Status == store.ChangeApproved {
		cur, err := s.db.AgentSettingsFor(ctx, o.ID)
		if err != nil {
			return mail.Message{}, err
		}
		live = cur.PushedVersion >= c.Version
	}
	lang := text.Lang(o.BuyerLocale)
	agent, _, _ := orders.AgentText(o.Agent, lang)
	e, ok := decisionEmail(lang, decision{Name: o.Buyer.FullName, Agent: agent, Number: orders.Number(o.ID), Status: c.Status,
		Version: c.Version, Live: live, Note: c.Note, Link: s.settingsURL(o.ID, lang)})
	if !ok {
		return mail.Message{}, fmt.Errorf("%w: change request %s is %s, not decided", mail.ErrPermanent, c.ID, c.Status)
	}
	m := e.Render()
	m.To = o.Buyer.Email
	return m, nil
}

// settingsURL is the buyer's settings page of an order in lang.
func (s *Service) settingsURL(orderID, lang string) string {
	prefix := ""
	if text.Lang(lang) == "nl" {
		prefix = "/nl"
	}
	return s.siteURL + prefix + "/dashboard/agents/" + orderID + "/settings"
}
