package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// KindSwitchedOff is the email telling a buyer an endpoint was switched
// off after failing for three days.
const KindSwitchedOff = "webhooks.switched_off"

type switchedOffPayload struct {
	EndpointID string `json:"endpointId"`
	URL        string `json:"url"`
}

// switchOffMails is the email RecordWebhookDelivery queues, in the same
// transaction, when it switches e off.
func switchOffMails(u store.User) func(store.WebhookEndpoint) []store.NewMail {
	return func(e store.WebhookEndpoint) []store.NewMail {
		p, _ := json.Marshal(switchedOffPayload{EndpointID: e.ID, URL: e.URL})
		return []store.NewMail{{Kind: KindSwitchedOff, Recipient: u.Email, Locale: u.Locale, Payload: p}}
	}
}

// RegisterMail teaches the mailer the webhook emails.
func (s *Service) RegisterMail(m *mail.Mailer) {
	m.Register(KindSwitchedOff, mail.RenderJSON(s.renderSwitchedOff))
}

type switchedOffText struct{ Subject, Preheader, Heading, Body, Button, Footer string }

var switchedOffTexts = map[string]switchedOffText{
	"en": {
		Subject:   "Your webhook endpoint has been switched off",
		Preheader: "Deliveries to {url} failed for three days.",
		Heading:   "Webhook endpoint switched off",
		Body:      "Every delivery to {url} has failed for three days, so we have switched this endpoint off and stopped sending calls to it. Once it works again, switch it back on under Integrations; the delivery log there shows what went wrong.",
		Button:    "Open Integrations",
		Footer:    "Belwise · Custom AI voice agents for your business. This is an automated message about your integrations.",
	},
	"nl": {
		Subject:   "Uw webhook-endpoint is uitgeschakeld",
		Preheader: "Leveringen aan {url} mislukken al drie dagen.",
		Heading:   "Webhook-endpoint uitgeschakeld",
		Body:      "Elke levering aan {url} is drie dagen lang mislukt. Daarom hebben we dit endpoint uitgeschakeld en sturen we er geen gesprekken meer naartoe. Werkt het weer, zet het dan opnieuw aan onder Koppelingen; in het leveringslogboek daar ziet u wat er misging.",
		Button:    "Naar Koppelingen",
		Footer:    "Belwise · Spraakagenten op maat voor uw bedrijf. Dit is een automatisch bericht over uw koppelingen.",
	},
}

// renderSwitchedOff writes to the buyer in their language of the moment.
func (s *Service) renderSwitchedOff(ctx context.Context, m store.OutboxMessage, p switchedOffPayload) (mail.Message, error) {
	lang := text.Lang(m.Locale)
	var name string
	if e, err := s.db.WebhookEndpointByID(ctx, p.EndpointID); err == nil {
		u, err := s.db.UserByID(ctx, e.UserID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return mail.Message{}, err
		}
		name = u.FullName
		if u.Locale != "" {
			lang = text.Lang(u.Locale)
		}
	} else if !errors.Is(err, store.ErrNotFound) {
		return mail.Message{}, err
	} else {
		return mail.Message{}, fmt.Errorf("%w: endpoint %s was deleted", mail.ErrPermanent, p.EndpointID)
	}
	t := switchedOffTexts[lang]
	fill := strings.NewReplacer("{url}", mail.CleanLine(p.URL)).Replace
	prefix := ""
	if lang == "nl" {
		prefix = "/nl"
	}
	msg := mail.Email{
		Lang: lang, Subject: t.Subject, Preheader: fill(t.Preheader), Heading: t.Heading,
		Greeting:   mail.Greeting(lang, name),
		Paragraphs: []string{fill(t.Body)},
		Actions:    []mail.Action{{Label: t.Button, URL: s.siteURL + prefix + "/dashboard/integrations", Primary: true}},
		Footer:     t.Footer,
	}.Render()
	msg.To = m.Recipient
	return msg, nil
}
