package mail

import (
	"fmt"
	"strings"
	"time"
)

// QuoteData fills the quote emails: one request from the quote form.
// Optional fields are "" when left blank.
type QuoteData struct {
	ID                                  string
	FullName, CompanyName, BusinessType string
	Email, Phone, Description           string
	Language                            string // "english" | "dutch": the language the agent should speak
	Locale                              string // the page language, in which the requester is answered
	// SubmittedAt is in the visitor's time zone when it is known (its
	// Location then names the zone, e.g. Europe/Amsterdam), otherwise UTC.
	SubmittedAt time.Time
	// Inbox is the agency's address: where the confirmation's replies go.
	Inbox string
}

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

// QuoteInbox tells the agency about a new quote request. Replies go
// straight to the requester.
func QuoteInbox(d QuoteData) Message {
	_, c := copyFor("en")
	name := cleanLine(d.FullName)
	lang := languageName(quoteCopies["en"], d.Language)
	confirmLang := "English"
	if l, _ := copyFor(d.Locale); l == "nl" {
		confirmLang = "Dutch"
	}
	v := view{
		Lang:      "en",
		Subject:   "New Quote Request from " + name,
		Preheader: preview(d.Description, 120),
		Heading:   "New quote request",
		Greeting:  "Hi team,",
		Paragraphs: []string{
			name + " requested a quote through the website. Reply to this email to answer them directly.",
		},
		Details: []detail{
			{Label: "Full name", Value: name},
			{Label: "Company", Value: orBlank(d.CompanyName, quoteNotProvided)},
			{Label: "Business type", Value: orBlank(d.BusinessType, quoteNotSpecified)},
			{Label: "Email", Value: cleanLine(d.Email)},
			{Label: "Phone", Value: orBlank(d.Phone, quoteNotProvided)},
			{Label: "Language", Value: lang},
			{Label: "Description", Value: cleanText(d.Description), Block: true},
			{Label: "Submission time", Value: quoteTime(d.SubmittedAt)},
		},
		Notes: []string{
			"They also get a confirmation email in " + confirmLang + ".",
			"Reference: " + d.ID,
		},
		Footer: "Belwise · Sent by the quote form on the website.",
	}
	m := v.render(c)
	m.ReplyTo = cleanLine(d.Email)
	return m
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
		Subject:      "We hebben je offerteaanvraag ontvangen",
		Preheader:    "Bedankt! Je hoort binnen één werkdag van ons.",
		Heading:      "Bedankt voor je aanvraag",
		Intro:        "Bedankt voor je interesse in een AI-belassistent op maat. We hebben je offerteaanvraag goed ontvangen en reageren binnen één werkdag.",
		SummaryIntro: "Dit heb je ons gestuurd:",
		Reply:        "Wil je nog iets toevoegen of aanpassen? Beantwoord dan deze e-mail of mail ons op %s.",
		Footer:       "Belwise · AI-belassistenten op maat voor jouw bedrijf. Je ontvangt deze e-mail omdat je via onze website een offerte hebt aangevraagd.",
		FullName:     "Naam",
		Company:      "Bedrijf",
		BusinessType: "Type bedrijf",
		Email:        "E-mailadres",
		Phone:        "Telefoonnummer",
		Language:     "Voorkeurstaal",
		Description:  "Je bericht",
		English:      "Engels",
		Dutch:        "Nederlands",
	},
}

// QuoteConfirmation thanks the requester in lang ("en" or "nl"), repeats
// what they sent and tells them where to reply: the agency's inbox, which
// is also the Reply-To.
func QuoteConfirmation(lang string, d QuoteData) Message {
	lang, c := copyFor(lang)
	q := quoteCopies[lang]
	details := []detail{{Label: q.FullName, Value: cleanLine(d.FullName)}}
	// Blank optional fields are left out: the requester knows they skipped them.
	for _, f := range []struct{ label, value string }{
		{q.Company, d.CompanyName},
		{q.BusinessType, d.BusinessType},
		{q.Email, d.Email},
		{q.Phone, d.Phone},
	} {
		if v := cleanLine(f.value); v != "" {
			details = append(details, detail{Label: f.label, Value: v})
		}
	}
	details = append(details,
		detail{Label: q.Language, Value: languageName(q, d.Language)},
		detail{Label: q.Description, Value: cleanText(d.Description), Block: true},
	)
	inbox := cleanLine(d.Inbox)
	v := view{
		Lang: lang, Subject: q.Subject, Preheader: q.Preheader, Heading: q.Heading,
		Greeting:   greeting(c, d.FullName),
		Paragraphs: []string{q.Intro, q.SummaryIntro},
		Details:    details,
		Notes:      []string{fmt.Sprintf(q.Reply, inbox)},
		Footer:     q.Footer,
	}
	m := v.render(c)
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
	return cleanLine(language)
}

func orBlank(s, blank string) string {
	if s = cleanLine(s); s == "" {
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
	s = cleanLine(s)
	if r := []rune(s); len(r) > n {
		s = strings.TrimSpace(string(r[:n])) + "…"
	}
	return s
}
