package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
	"unicode"

	"github.com/belwise/site/internal/text"
)

// Every email shares one layout per format (HTML and plain text). What an
// email says is its domain's: account emails live in package auth, quote
// emails in package quote. This package only knows the layout and its own
// few words, in English and Dutch.
//
//go:embed templates/*.tmpl
var templateFS embed.FS

var (
	htmlLayout = htmltemplate.Must(htmltemplate.ParseFS(templateFS, "templates/email.html.tmpl"))
	textLayout = texttemplate.Must(texttemplate.ParseFS(templateFS, "templates/email.txt.tmpl"))
)

// layoutText is the layout's own words in one language.
type layoutText struct {
	Greeting       string // %s is the name
	GreetingNoName string
	LinkFallback   string
	SignOff        string
	Team           string
}

var layoutTexts = map[string]layoutText{
	"en": {
		Greeting:       "Hi %s,",
		GreetingNoName: "Hello,",
		LinkFallback:   "Button not working? Copy and paste this link into your browser:",
		SignOff:        "Warm regards,",
		Team:           "The Belwise team",
	},
	"nl": {
		Greeting:       "Beste %s,",
		GreetingNoName: "Goedendag,",
		LinkFallback:   "Werkt de knop niet? Kopieer en plak dan deze link in uw browser:",
		SignOff:        "Hartelijke groet,",
		Team:           "Het team van Belwise",
	},
}

// Greeting opens an email to name in lang with the first name only:
// "Hi Anna," / "Beste Anna," for "Anna de Vries", the name alone if it is
// one word, and without a name "Hello," / "Goedendag,". The name is kept
// to one short line.
func Greeting(lang, name string) string {
	t := layoutTexts[text.Lang(lang)]
	if f := strings.Fields(CleanLine(name)); len(f) > 0 {
		name = f[0]
	}
	if name = cleanName(name); name == "" {
		return t.GreetingNoName
	}
	return fmt.Sprintf(t.Greeting, name)
}

// Email is one email's content, which Render lays out. Lang picks the
// layout's own words and the HTML lang attribute. Values are plain text:
// the HTML part escapes them, and the layout keeps link text, labels and
// quotations apart.
type Email struct {
	Lang, Subject, Preheader, Heading, Greeting string
	Paragraphs                                  []string
	Details                                     []Detail // a summary table after the paragraphs
	Actions                                     []Action
	Notes                                       []string
	Footer                                      string
	// Unsigned leaves out the "Warm regards, The Belwise team" sign-off,
	// for emails to the agency's own inbox.
	Unsigned bool
}

// Action is a button, with the link also written out as text.
type Action struct {
	Intro   string // optional sentence before the button
	Label   string
	URL     string
	Primary bool
}

// Detail is one labelled value in a summary table. A Block value (free
// text such as a message) goes below its label, as a quotation that keeps
// its line breaks.
type Detail struct {
	Label, Value string
	Block        bool
}

// Lines splits a Block value for the layouts.
func (d Detail) Lines() []string { return strings.Split(d.Value, "\n") }

// Render lays e out as a Message with a text and an HTML part; To and
// ReplyTo are left for the caller.
func (e Email) Render() Message {
	e.Lang = text.Lang(e.Lang)
	t := layoutTexts[e.Lang]
	v := struct {
		Email
		LinkFallback, SignOff, Team string
	}{e, t.LinkFallback, t.SignOff, t.Team}
	var text, html bytes.Buffer
	// The layouts are fixed and the data is all strings: execution cannot
	// fail short of a bug, which the tests would catch.
	if err := textLayout.Execute(&text, v); err != nil {
		panic("mail: text layout: " + err.Error())
	}
	if err := htmlLayout.Execute(&html, v); err != nil {
		panic("mail: html layout: " + err.Error())
	}
	return Message{Subject: e.Subject, Text: text.String(), HTML: html.String()}
}

// cleanName keeps a user-supplied name to one short line of printable text,
// so it cannot restructure the plain-text part. (The HTML part escapes it.)
func cleanName(name string) string {
	name = CleanLine(name)
	if r := []rune(name); len(r) > 60 {
		name = strings.TrimSpace(string(r[:60])) + "…"
	}
	return name
}

// CleanLine turns user-supplied text into one line of printable text, for
// a detail's value or a subject.
func CleanLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}
