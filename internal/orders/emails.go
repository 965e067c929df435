package orders

import (
	"strconv"
	"strings"

	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/text"
)

// The order emails' words, in English and Dutch. In each text {number},
// {agent}, {title} and {amount} stand for the order's values.
type statusText struct{ Subject, Preheader, Heading, Body string }

type emailText struct {
	Button, Footer string
	Status         map[string]statusText
}

var emailTexts = map[string]emailText{
	"en": {
		Button: "View your order",
		Footer: "Belwise · Custom AI voice agents for your business. This is an automated message about your order.",
		Status: map[string]statusText{
			StatusPending: {
				Subject:   "We’re setting up your agent: {agent}",
				Preheader: "Order #{number} is in progress.",
				Heading:   "We’re setting up your agent",
				Body:      "Order #{number} for {agent} ({title}) is in progress. We’ll email you as soon as your agent is live.",
			},
			StatusCompleted: {
				Subject:   "Your agent is live: {agent}",
				Preheader: "{agent} is answering calls now.",
				Heading:   "Your agent is live",
				Body:      "Good news: {agent} ({title}) from order #{number} is live and answering calls. You’ll find it under My Agents on your dashboard.",
			},
			StatusCancelled: {
				Subject:   "Order #{number} has been cancelled",
				Preheader: "Your order for {agent} has been cancelled.",
				Heading:   "Your order has been cancelled",
				Body:      "Order #{number} for {agent} ({title}) has been cancelled. Didn’t expect this? Get in touch with us and we’ll sort it out together.",
			},
			StatusRefunded: {
				Subject:   "Order #{number} has been refunded",
				Preheader: "We’ve refunded {amount}.",
				Heading:   "Your order has been refunded",
				Body:      "We’ve refunded {amount} for order #{number} ({agent}). Depending on your bank, it can take a few working days before you see it in your account.",
			},
		},
	},
	"nl": {
		Button: "Uw bestelling bekijken",
		Footer: "Belwise · Spraakagenten op maat voor uw bedrijf. Dit is een automatisch bericht over uw bestelling.",
		Status: map[string]statusText{
			StatusPending: {
				Subject:   "We richten uw agent in: {agent}",
				Preheader: "Bestelling #{number} is in behandeling.",
				Heading:   "We richten uw agent in",
				Body:      "We werken aan bestelling #{number} voor {agent} ({title}). Zodra uw agent live is, laten we het u per e-mail weten.",
			},
			StatusCompleted: {
				Subject:   "Uw agent is live: {agent}",
				Preheader: "{agent} neemt nu gesprekken aan.",
				Heading:   "Uw agent is live",
				Body:      "Goed nieuws: {agent} ({title}) uit bestelling #{number} is live en neemt nu gesprekken aan. U vindt de agent onder Mijn agenten in uw dashboard.",
			},
			StatusCancelled: {
				Subject:   "Bestelling #{number} is geannuleerd",
				Preheader: "Uw bestelling voor {agent} is geannuleerd.",
				Heading:   "Uw bestelling is geannuleerd",
				Body:      "Bestelling #{number} voor {agent} ({title}) is geannuleerd. Had u dit niet verwacht? Neem dan contact met ons op, dan zoeken we het samen uit.",
			},
			StatusRefunded: {
				Subject:   "Bestelling #{number} is terugbetaald",
				Preheader: "We hebben {amount} terugbetaald.",
				Heading:   "Uw bestelling is terugbetaald",
				Body:      "We hebben {amount} voor bestelling #{number} ({agent}) terugbetaald. Afhankelijk van uw bank kan het een paar werkdagen duren voordat u het bedrag op uw rekening ziet.",
			},
		},
	},
}

// statusData fills statusEmail.
type statusData struct {
	Name                 string // the buyer's; may be empty
	Number, Agent, Title string
	Amount               string // formatted, see FormatMoney
	OrderLink            string
}

// statusEmail tells a buyer their order's new status; ok is false for a
// status without an email.
func statusEmail(lang, status string, d statusData) (m mail.Message, ok bool) {
	lang = text.Lang(lang)
	c := emailTexts[lang]
	t, ok := c.Status[status]
	if !ok {
		return mail.Message{}, false
	}
	fill := strings.NewReplacer("{number}", d.Number, "{agent}", mail.CleanLine(d.Agent), "{title}", mail.CleanLine(d.Title), "{amount}", d.Amount).Replace
	return mail.Email{
		Lang: lang, Subject: fill(t.Subject), Preheader: fill(t.Preheader), Heading: t.Heading,
		Greeting:   mail.Greeting(lang, d.Name),
		Paragraphs: []string{fill(t.Body)},
		Actions:    []mail.Action{{Label: c.Button, URL: d.OrderLink, Primary: true}},
		Footer:     c.Footer,
	}.Render(), true
}

// currencySymbols are the currencies written with a symbol; others with
// their code.
var currencySymbols = map[string]string{"EUR": "€", "USD": "$", "GBP": "£"}

// FormatMoney writes an amount as the dashboard does for its language:
// "€2,499.00" in English, "€ 2.499,00" in Dutch (with no-break spaces).
func FormatMoney(cents int64, currency, lang string) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	group, decimal := ",", "."
	if lang == "nl" {
		group, decimal = ".", ","
	}
	whole := strconv.FormatInt(cents/100, 10)
	for i := len(whole) - 3; i > 0; i -= 3 {
		whole = whole[:i] + group + whole[i:]
	}
	frac := strconv.FormatInt(cents%100+100, 10)[1:]
	number := whole + decimal + frac
	symbol, ok := currencySymbols[currency]
	switch {
	case !ok:
		return sign + currency + "\u00a0" + number
	case lang == "nl":
		return symbol + "\u00a0" + sign + number
	default:
		return sign + symbol + number
	}
}
