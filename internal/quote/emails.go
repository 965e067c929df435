package quote

import (
	"fmt"
	"strings"
	"time"

	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// The inbox email is for the agency and always in English. The spec asks for
// "'Not provided' or 'Not specified' for blanks": facts a visitor may simply
// not give (company, phone) are "Not provided"; the business type, a
// category they did not name, is "Not specified".
const (
	quoteNotProvided  = "Not provided"
	quoteNotSpecified = "Not specified"
	// quoteTimeLayout gives "21 November 2026, 23:05".
	quoteTimeLayout = "2 January 2006, 15:04"
)

// inboxEmail tells the agency about a new quote request. Replies go
// straight to the requester.
func inboxEmail(q store.QuoteRequest) mail.Message {
	name := mail.CleanLine(q.FullName)
	lang := languageName(quoteCopies["en"], q.Language)
	confirmLang := "English"
	if text.Lang(q.Locale) == "nl" {
		confirmLang = "Dutch"
	}
	e := mail.Email{
		Lang:      "en",
		Subject:   "New Quote Request from " + name,
		Preheader: preview(q.Description, 120),
		Heading:   "New quote request",
		Greeting:  "Hi team,",
		Paragraphs: []string{
			name + " requested a quote through the website. Reply to this email to answer them directly.",
		},
		Details: []mail.Detail{
			{Label: "Full name", Value: name},
			{Label: "Company", Value: orBlank(q.CompanyName, quoteNotProvided)},
			{Label: "Business type", Value: orBlank(q.BusinessType, quoteNotSpecified)},
			{Label: "Email", Value: mail.CleanLine(q.Email)},
			{Label: "Phone", Value: orBlank(q.Phone, quoteNotProvided)},
			{Label: "Language", Value: lang},
			{Label: "Description", Value: cleanText(q.Description), Block: true},
			{Label: "Submission time", Value: quoteTime(submittedAt(q))},
		},
		Notes: []string{
			"They also get a confirmation email in " + confirmLang + ".",
			"Reference: " + q.ID,
		},
		Footer:   "Belwise · Sent by the quote form on the website.",
		Unsigned: true, // to the agency's own inbox: not signed by the team to itself
	}
	m := e.Render()
	m.ReplyTo = mail.CleanLine(q.Email)
	return m
}

// submittedAt is the submission time in the visitor's time zone when it is
// known (its Location then names the zone, e.g. Europe/Amsterdam),
// otherwise in UTC.
func submittedAt(q store.QuoteRequest) time.Time {
	if loc, ok := location(q.TimeZone); ok {
		return q.SubmittedAt.In(loc)
	}
	return q.SubmittedAt.UTC()
}

// quoteCopyText is the confirmation's copy in one language.
type quoteCopyText struct {
	Subject, Preheader, Heading string
	Intro, SummaryIntro         string
	Reply                       string // %s is the agency's address
	Footer                      string
	FullName, Company           string
	BusinessType, Email, Phone  string
	Language, Description       string
	English, Dutch              string // the language options, by name
}

var quoteCopies = map[string]quoteCopyText{
	"en": {
		Subject:      "We’ve received your quote request",
		Preheader:    "Thanks! You’ll hear from us within one business day.",
		Heading:      "Thanks for your request",
		Intro:        "Thanks for your interest in a custom AI voice agent. We’ve received your quote request and will get back to you within one business day.",
		SummaryIntro: "Here’s what you sent us:",
		Reply:        "Want to add or change something? Just reply to this email, or write to us at %s.",
		Footer:       "Belwise · Custom AI voice agents for your business. You’re receiving this email because you requested a quote on our website.",
		FullName:     "Full name",
		Company:      "Company",
		BusinessType: "Business type",
		Email:        "Email",
		Phone:        "Phone",
		Language:     "Preferred language",
		Description:  "Your message",
		English:      "English",
		Dutch:        "Dutch",
	},
	"nl": {
		Subject:      "We hebben uw offerteaanvraag ontvangen",
		Preheader:    "Bedankt! U hoort binnen één werkdag van ons.",
		Heading:      "Bedankt voor uw aanvraag",
		Intro:        "Bedankt voor uw interesse in een spraakagent op maat. We hebben uw offerteaanvraag goed ontvangen en reageren binnen één werkdag.",
		SummaryIntro: "Dit hebt u ons gestuurd:",
		Reply:        "Wilt u nog iets toevoegen of aanpassen? Beantwoord dan deze e-mail of mail ons op %s.",
		Footer:       "Belwise · Spraakagenten op maat voor uw bedrijf. U ontvangt deze e-mail omdat u via onze website een offerte hebt aangevraagd.",
		FullName:     "Naam",
		Company:      "Bedrijf",
		BusinessType: "Type bedrijf",
		Email:        "E-mailadres",
		Phone:        "Telefoonnummer",
		Language:     "Voorkeurstaal",
		Description:  "Uw bericht",
		English:      "Engels",
		Dutch:        "Nederlands",
	},
}

// confirmationEmail thanks the requester in the language of locale ("en"
// or "nl"), repeats what they sent and tells them where to reply: the
// agency's inbox address, which is also the Reply-To.
func confirmationEmail(locale string, q store.QuoteRequest, inbox string) mail.Message {
	lang := text.Lang(locale)
	c := quoteCopies[lang]
	details := []mail.Detail{{Label: c.FullName, Value: mail.CleanLine(q.FullName)}}
	// Blank optional fields are left out: the requester knows they skipped them.
	for _, f := range []struct{ label, value string }{
		{c.Company, q.CompanyName},
		{c.BusinessType, q.BusinessType},
		{c.Email, q.Email},
		{c.Phone, q.Phone},
	} {
		if v := mail.CleanLine(f.value); v != "" {
			details = append(details, mail.Detail{Label: f.label, Value: v})
		}
	}
	details = append(details,
		mail.Detail{Label: c.Language, Value: languageName(c, q.Language)},
		mail.Detail{Label: c.Description, Value: cleanText(q.Description), Block: true},
	)
	inbox = mail.CleanLine(inbox)
	m := mail.Email{
		Lang: lang, Subject: c.Subject, Preheader: c.Preheader, Heading: c.Heading,
		Greeting:   mail.Greeting(lang, q.FullName),
		Paragraphs: []string{c.Intro, c.SummaryIntro},
		Details:    details,
		Notes:      []string{fmt.Sprintf(c.Reply, inbox)},
		Footer:     c.Footer,
	}.Render()
	m.ReplyTo = inbox
	return m
}

// quoteTime formats the submission time in the visitor's zone, with UTC
// for reference: "21 November 2026, 23:05 (Europe/Amsterdam) · 21 November
// 2026, 22:05 UTC", or only the UTC part when the zone is unknown.
func quoteTime(t time.Time) string {
	utc := t.UTC().Format(quoteTimeLayout) + " UTC"
	if zone := t.Location().String(); zone != "UTC" && zone != "Local" {
		return t.Format(quoteTimeLayout) + " (" + zone + ") · " + utc
	}
	return utc
}

func languageName(q quoteCopyText, language string) string {
	switch language {
	case "english":
		return q.English
	case "dutch":
		return q.Dutch
	}
	return mail.CleanLine(language)
}

func orBlank(s, blank string) string {
	if s = mail.CleanLine(s); s == "" {
		return blank
	}
	return s
}

// cleanText keeps the line breaks of free text but unifies them and drops
// surrounding blank space.
func cleanText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.TrimSpace(s)
}

// preview is the start of s on one line, at most n characters.
func preview(s string, n int) string {
	s = mail.CleanLine(s)
	if r := []rune(s); len(r) > n {
		s = strings.TrimSpace(string(r[:n])) + "…"
	}
	return s
}
