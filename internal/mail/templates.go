package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
	"unicode"
)

// The emails share one layout per format; only the copy below differs.
//
//go:embed templates/*.tmpl
var templateFS embed.FS

var (
	htmlLayout = htmltemplate.Must(htmltemplate.ParseFS(templateFS, "templates/email.html.tmpl"))
	textLayout = texttemplate.Must(texttemplate.ParseFS(templateFS, "templates/email.txt.tmpl"))
)

// VerifyData fills VerifyEmail.
type VerifyData struct {
	Name       string // may be empty
	Link       string
	ValidHours int // 0 leaves out the validity sentence
}

// ResetData fills ResetPassword.
type ResetData struct {
	Name         string // may be empty
	Link         string
	ValidMinutes int // 0 leaves out the validity sentence
}

// AccountExistsData fills AccountExists.
type AccountExistsData struct {
	Name       string // may be empty
	SignInLink string
	ResetLink  string
}

// copyText is every string the emails use, in one language. Keeping both
// languages in one struct type makes them easy to compare side by side, and
// a test checks that none is left empty.
type copyText struct {
	Greeting       string // %s is the name
	GreetingNoName string
	LinkFallback   string
	SignOff        string
	Team           string
	Footer         string
	Hours          [2]string // singular, plural; %d is the number
	Minutes        [2]string

	VerifySubject   string
	VerifyPreheader string
	VerifyHeading   string
	VerifyIntro     string
	VerifyButton    string
	VerifyValid     string // %s is Hours
	VerifyIgnore    string

	ResetSubject   string
	ResetPreheader string
	ResetHeading   string
	ResetIntro     string
	ResetButton    string
	ResetValid     string // %s is Minutes
	ResetIgnore    string

	ExistsSubject     string
	ExistsPreheader   string
	ExistsHeading     string
	ExistsIntro       string
	ExistsSignInIntro string
	ExistsSignIn      string
	ExistsResetIntro  string
	ExistsReset       string
	ExistsIgnore      string
}

var copies = map[string]copyText{
	"en": {
		Greeting:       "Hi %s,",
		GreetingNoName: "Hi there,",
		LinkFallback:   "Button not working? Copy and paste this link into your browser:",
		SignOff:        "Warm regards,",
		Team:           "The Belwise team",
		Footer:         "Belwise · Custom AI voice agents for your business. This is an automated message about your account.",
		Hours:          [2]string{"%d hour", "%d hours"},
		Minutes:        [2]string{"%d minute", "%d minutes"},

		VerifySubject:   "Confirm your email address for Belwise",
		VerifyPreheader: "One click and your Belwise account is ready.",
		VerifyHeading:   "Confirm your email address",
		VerifyIntro:     "Thanks for signing up with Belwise! Please confirm your email address so we know it’s really yours.",
		VerifyButton:    "Confirm email address",
		VerifyValid:     "This link is valid for %s.",
		VerifyIgnore:    "Didn’t sign up? Then you can safely ignore this email.",

		ResetSubject:   "Reset your Belwise password",
		ResetPreheader: "Choose a new password for your Belwise account.",
		ResetHeading:   "Reset your password",
		ResetIntro:     "We received a request to reset the password for your Belwise account. Use the button below to choose a new one.",
		ResetButton:    "Choose a new password",
		ResetValid:     "For your security, this link is valid for %s and works only once.",
		ResetIgnore:    "Didn’t request this? Then you can ignore this email. Your password stays the same.",

		ExistsSubject:     "You already have a Belwise account",
		ExistsPreheader:   "No need to sign up again: just sign in.",
		ExistsHeading:     "You already have an account",
		ExistsIntro:       "Someone, hopefully you, just tried to sign up for Belwise with this email address. There is already an account for it, so there’s no need to sign up again.",
		ExistsSignInIntro: "You can sign in right away:",
		ExistsSignIn:      "Sign in to Belwise",
		ExistsResetIntro:  "Forgot your password? Choose a new one here:",
		ExistsReset:       "Reset password",
		ExistsIgnore:      "Wasn’t this you? Then you can ignore this email. Your account is safe and nothing has changed.",
	},
	"nl": {
		Greeting:       "Hoi %s,",
		GreetingNoName: "Hoi,",
		LinkFallback:   "Werkt de knop niet? Kopieer en plak dan deze link in je browser:",
		SignOff:        "Hartelijke groet,",
		Team:           "Het team van Belwise",
		Footer:         "Belwise · AI-belassistenten op maat voor jouw bedrijf. Dit is een automatisch bericht over je account.",
		Hours:          [2]string{"%d uur", "%d uur"},
		Minutes:        [2]string{"%d minuut", "%d minuten"},

		VerifySubject:   "Bevestig je e-mailadres voor Belwise",
		VerifyPreheader: "Nog één klik en je Belwise-account is klaar.",
		VerifyHeading:   "Bevestig je e-mailadres",
		VerifyIntro:     "Leuk dat je je hebt aangemeld bij Belwise! Bevestig je e-mailadres, dan weten we zeker dat het echt van jou is.",
		VerifyButton:    "E-mailadres bevestigen",
		VerifyValid:     "Deze link is %s geldig.",
		VerifyIgnore:    "Heb jij je niet aangemeld? Dan kun je deze e-mail negeren.",

		ResetSubject:   "Wachtwoord opnieuw instellen voor Belwise",
		ResetPreheader: "Kies een nieuw wachtwoord voor je Belwise-account.",
		ResetHeading:   "Wachtwoord opnieuw instellen",
		ResetIntro:     "We hebben een verzoek gekregen om het wachtwoord van je Belwise-account opnieuw in te stellen. Via de knop hieronder kies je een nieuw wachtwoord.",
		ResetButton:    "Nieuw wachtwoord kiezen",
		ResetValid:     "Voor je veiligheid is deze link %s geldig en werkt hij maar één keer.",
		ResetIgnore:    "Heb jij dit niet aangevraagd? Dan kun je deze e-mail negeren. Je wachtwoord blijft gewoon hetzelfde.",

		ExistsSubject:     "Je hebt al een Belwise-account",
		ExistsPreheader:   "Opnieuw aanmelden is niet nodig: log gewoon in.",
		ExistsHeading:     "Je hebt al een account",
		ExistsIntro:       "Iemand, hopelijk jij, probeerde zich net bij Belwise aan te melden met dit e-mailadres. Er bestaat al een account voor dit adres, dus opnieuw aanmelden is niet nodig.",
		ExistsSignInIntro: "Je kunt meteen inloggen:",
		ExistsSignIn:      "Inloggen bij Belwise",
		ExistsResetIntro:  "Wachtwoord vergeten? Hier kies je een nieuw wachtwoord:",
		ExistsReset:       "Wachtwoord opnieuw instellen",
		ExistsIgnore:      "Was jij dit niet? Dan kun je deze e-mail negeren. Je account is veilig en er is niets veranderd.",
	},
}

// copyFor returns the copy for lang, falling back to English.
func copyFor(lang string) (string, copyText) {
	lang = strings.ToLower(strings.TrimSpace(lang))
	if i := strings.IndexAny(lang, "-_"); i > 0 { // "nl-BE" → "nl"
		lang = lang[:i]
	}
	if c, ok := copies[lang]; ok {
		return lang, c
	}
	return "en", copies["en"]
}

// VerifyEmail asks a new user to confirm their address.
func VerifyEmail(lang string, d VerifyData) Message {
	lang, c := copyFor(lang)
	v := view{
		Lang: lang, Subject: c.VerifySubject, Preheader: c.VerifyPreheader, Heading: c.VerifyHeading,
		Greeting:   greeting(c, d.Name),
		Paragraphs: []string{c.VerifyIntro},
		Actions:    []action{{Label: c.VerifyButton, URL: d.Link, Primary: true}},
	}
	if d.ValidHours > 0 {
		v.Notes = append(v.Notes, fmt.Sprintf(c.VerifyValid, plural(c.Hours, d.ValidHours)))
	}
	v.Notes = append(v.Notes, c.VerifyIgnore)
	return v.render(c)
}

// ResetPassword sends a password-reset link.
func ResetPassword(lang string, d ResetData) Message {
	lang, c := copyFor(lang)
	v := view{
		Lang: lang, Subject: c.ResetSubject, Preheader: c.ResetPreheader, Heading: c.ResetHeading,
		Greeting:   greeting(c, d.Name),
		Paragraphs: []string{c.ResetIntro},
		Actions:    []action{{Label: c.ResetButton, URL: d.Link, Primary: true}},
	}
	if d.ValidMinutes > 0 {
		v.Notes = append(v.Notes, fmt.Sprintf(c.ResetValid, plural(c.Minutes, d.ValidMinutes)))
	}
	v.Notes = append(v.Notes, c.ResetIgnore)
	return v.render(c)
}

// AccountExists answers a sign-up attempt with an address that already has
// an account, without revealing that on the sign-up page itself.
func AccountExists(lang string, d AccountExistsData) Message {
	lang, c := copyFor(lang)
	v := view{
		Lang: lang, Subject: c.ExistsSubject, Preheader: c.ExistsPreheader, Heading: c.ExistsHeading,
		Greeting:   greeting(c, d.Name),
		Paragraphs: []string{c.ExistsIntro},
		Actions: []action{
			{Intro: c.ExistsSignInIntro, Label: c.ExistsSignIn, URL: d.SignInLink, Primary: true},
			{Intro: c.ExistsResetIntro, Label: c.ExistsReset, URL: d.ResetLink},
		},
		Notes: []string{c.ExistsIgnore},
	}
	return v.render(c)
}

// view is what the layouts render.
type view struct {
	Lang, Subject, Preheader, Heading, Greeting string
	Paragraphs                                  []string
	Details                                     []detail
	Actions                                     []action
	Notes                                       []string
	LinkFallback, SignOff, Team, Footer         string
}

// action is a button, with the link also written out as text.
type action struct {
	Intro   string // optional sentence before the button
	Label   string
	URL     string
	Primary bool
}

// detail is one labelled value in a summary table, after the paragraphs.
// A Block value (free text such as a message) goes below its label, as a
// quotation that keeps its line breaks.
type detail struct {
	Label, Value string
	Block        bool
}

// Lines splits a Block value for the layouts.
func (d detail) Lines() []string { return strings.Split(d.Value, "\n") }

func (v view) render(c copyText) Message {
	v.LinkFallback, v.SignOff, v.Team = c.LinkFallback, c.SignOff, c.Team
	if v.Footer == "" { // the account footer, unless the email has its own
		v.Footer = c.Footer
	}
	var text, html bytes.Buffer
	// The layouts are fixed and the data is all strings: execution cannot
	// fail short of a bug, which the tests would catch.
	if err := textLayout.Execute(&text, v); err != nil {
		panic("mail: text layout: " + err.Error())
	}
	if err := htmlLayout.Execute(&html, v); err != nil {
		panic("mail: html layout: " + err.Error())
	}
	return Message{Subject: v.Subject, Text: text.String(), HTML: html.String()}
}

func greeting(c copyText, name string) string {
	if name = cleanName(name); name == "" {
		return c.GreetingNoName
	}
	return fmt.Sprintf(c.Greeting, name)
}

// cleanName keeps a user-supplied name to one short line of printable text,
// so it cannot restructure the plain-text part. (The HTML part escapes it.)
func cleanName(name string) string {
	name = cleanLine(name)
	if r := []rune(name); len(r) > 60 {
		name = strings.TrimSpace(string(r[:60])) + "…"
	}
	return name
}

// cleanLine turns user-supplied text into one line of printable text.
func cleanLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

func plural(forms [2]string, n int) string {
	if n == 1 {
		return fmt.Sprintf(forms[0], n)
	}
	return fmt.Sprintf(forms[1], n)
}
